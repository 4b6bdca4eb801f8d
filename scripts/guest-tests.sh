#!/usr/bin/env bash
# Run every guest test configuration: one QEMU boot each, TAP out.
#
#   guest-tests.sh [NAME...]     (default: all runs)
#
# Each run's TAP goes to stdout and to $BUILD/logs/guest-NAME.tap.  A
# boot that hangs, panics or logs a kernel warning becomes a failing test
# point of its own, so nothing is lost silently.
set -uo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
CACHE=${CACHE:-$TOP/.cache}
G=$BUILD/guest
P=$TOP/selftests/pmu
mkdir -p "$BUILD/logs"

# PMEVTYPER filter fields each boot mode implements (caps/filters):
# P|U always; NSH with EL2; NSK|NSU|M with EL3; SH with EL3 + FEAT_SEL2.
F_EL1=0xc0000000
F_EL2=0xc8000000
F_EL3=0xf4000000
F_EL23=0xfd000000

# The model logs a trapped SVE instruction (first use, EL0 access trap) as
# executed and its exception one instruction late; glibc's static start-up
# copies with SVE.  The perf boots compare whole processes with the truth.
CPU_NOSVE=max,pauth-impdef=on,sve=off

# name | qemu-run options | tests | scripts
RUNS=(
"el1|--env ARMTRACE_FILTERS=$F_EL1|pmuv3_count pmuv3_errno pmuv3_el1 pmuv3_sample pmuv3_perfstat|run-module.sh"
"el2-vhe|--el2 --env ARMTRACE_FILTERS=$F_EL2|pmuv3_count pmuv3_errno pmuv3_el2 pmuv3_sample pmuv3_perfstat|"
"el1-el3|--secure --env ARMTRACE_FILTERS=$F_EL3|pmuv3_count pmuv3_errno pmuv3_el3|"
"el2-el3|--el2 --secure --env ARMTRACE_FILTERS=$F_EL23|pmuv3_count pmuv3_errno pmuv3_el2|"
"a72-32bit|--cpu cortex-a72 --env ARMTRACE_FILTERS=$F_EL1|pmuv3_count pmuv3_errno pmuv3_long|"
"smp2-hotplug|--smp 2 --env ARMTRACE_FILTERS=$F_EL1|pmuv3_hotplug|"
"builtin-pmu|--builtin-pmu||run-builtin.sh"
"hwmodel|--hwmodel|hw_brbe hw_ete hw_ete_filter|"
"hwmodel-el2-vhe|--hwmodel --el2|hw_brbe hw_ete hw_ete_filter|"
"hwmodel-smp2-noicount|--hwmodel --smp 2 --no-icount|hw_brbe hw_ete|"
"hwmodel-e2e|--hwmodel=truth=$BUILD/logs/truth-e2e.log,exact=on|hw_ete_dump|"
"hwmodel-e2e-range|--hwmodel=truth=$BUILD/logs/truth-e2e-range.log,exact=on --env ARMTRACE_RANGE=workload|hw_ete_dump|"
"hwmodel-e2e-busybox|--hwmodel=truth=$BUILD/logs/truth-e2e-busybox.log,exact=on,trbe_align=6 --env ARMTRACE_ARGS=/bin/busybox@seq@1@50 --env ARMTRACE_CONFIGR=40|hw_ete_dump|"
"ete-e2e|--hwmodel=truth=$BUILD/logs/truth-ete-e2e.log,exact=on|ete_perf_dump|"
"ete-e2e-busybox|--hwmodel=truth=$BUILD/logs/truth-ete-e2e-busybox.log,exact=on --env ARMTRACE_ARGS=/bin/busybox@seq@1@50 --env ARMTRACE_CONFIG=4000|ete_perf_dump|"
"perf-ete|--hwmodel=truth=$BUILD/logs/truth-perf-ete.log,exact=on --cpu $CPU_NOSVE||"
"perf-ete-per-thread|--hwmodel=truth=$BUILD/logs/truth-perf-ete-per-thread.log,exact=on --cpu $CPU_NOSVE --env ARMTRACE_RECORD=--per-thread||"
"perf-ete-cpu-wide|--hwmodel=truth=$BUILD/logs/truth-perf-ete-cpu-wide.log,exact=on --cpu $CPU_NOSVE --env ARMTRACE_RECORD=-a||"
"perf-ete-smp2|--hwmodel=truth=$BUILD/logs/truth-perf-ete-smp2.log,exact=on --cpu $CPU_NOSVE --smp 2 --env ARMTRACE_RECORD=-a||"
"perf-ete-small-aux|--hwmodel=truth=$BUILD/logs/truth-perf-ete-small-aux.log,exact=on --cpu $CPU_NOSVE --env ARMTRACE_CMD=/bin/busybox@seq@1@50 --env ARMTRACE_RECORD=-m@,2||"
"perf-ete-busybox|--hwmodel=truth=$BUILD/logs/truth-perf-ete-busybox.log,exact=on --cpu $CPU_NOSVE --env ARMTRACE_CMD=/bin/busybox@seq@1@50||"
)

want=("$@")
status=0
for run in "${RUNS[@]}"; do
	IFS='|' read -r name opts tests scripts <<< "$run"
	if [ ${#want[@]} -gt 0 ] && [[ " ${want[*]} " != *" $name "* ]]; then
		continue
	fi
	log=$BUILD/logs/guest-$name.tap
	echo "# guest run: $name"
	# The hardware-model boot runs the kernel/hw tests instead.
	runner=$P/run-modes.sh
	[[ " $opts " == *" --hwmodel"* ]] && runner=$TOP/selftests/hw/run-hw.sh
	# The ete PMU's boots load armtrace.ko alone and trace through perf.
	[[ $name == ete-* ]] && runner=$TOP/selftests/ete/run-ete.sh
	# armtrace's perf records in the perf boots (make perf builds it).
	extra=()
	if [[ $name == perf-* ]]; then
		runner=$TOP/selftests/perf/run-perf.sh
		mkdir -p "$BUILD/perf/aarch64/guest"
		aarch64-linux-gnu-strip -o "$BUILD/perf/aarch64/guest/perf" \
			"$BUILD/perf/aarch64/perf" || status=1
		extra=("$BUILD/perf/aarch64/guest/perf")
	fi
	# shellcheck disable=SC2086
	"$TOP/scripts/qemu-run.sh" $opts --timeout 600 \
		--log "$BUILD/logs/guest-$name.console" \
		--env "ARMTRACE_TESTS=$tests" --env "ARMTRACE_SCRIPTS=$scripts" \
		"$runner" "$G"/* "$P/tap.sh" "$P/run-module.sh" \
		"$P/run-builtin.sh" ${extra[@]+"${extra[@]}"} > "$log" 2>&1
	rc=$?
	# The end-to-end run is judged on the host too: its trace, decoded
	# with libete, must be the path the model's ground truth recorded.
	case $name in
	hwmodel-e2e)
		[ $rc -eq 0 ] && { "$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-e2e.log" 16 "$G/hw_ete_dump" \
			>> "$log" 2>&1 || rc=1; } ;;
	hwmodel-e2e-range)
		[ $rc -eq 0 ] && { "$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-e2e-range.log" 0 "$G/hw_ete_dump" \
			>> "$log" 2>&1 || rc=1; } ;;
	hwmodel-e2e-busybox)
		[ $rc -eq 0 ] && { "$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-e2e-busybox.log" 4 "$G/hw_ete_dump" \
			"$CACHE/root/bin/busybox" >> "$log" 2>&1 || rc=1; } ;;
	ete-e2e)
		[ $rc -eq 0 ] && { "$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-ete-e2e.log" 16 "$G/ete_perf_dump" \
			>> "$log" 2>&1 || rc=1; } ;;
	ete-e2e-busybox)
		[ $rc -eq 0 ] && { "$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-ete-e2e-busybox.log" 4 "$G/ete_perf_dump" \
			"$CACHE/root/bin/busybox" >> "$log" 2>&1 || rc=1; } ;;
	perf-ete|perf-ete-per-thread)
		[ $rc -eq 0 ] && { "$TOP/scripts/perf-truth.sh" "$log" \
			"$BUILD/logs/truth-$name.log" "$G/perf_workload" \
			>> "$log" 2>&1 || rc=1; } ;;
	perf-ete-cpu-wide|perf-ete-smp2)
		# every process at EL0: perf itself and busybox's sh too
		[ $rc -eq 0 ] && { "$TOP/scripts/perf-truth.sh" "$log" \
			"$BUILD/logs/truth-$name.log" "$G/perf_workload" \
			"$BUILD/perf/aarch64/guest/perf" "$CACHE/root/bin/busybox" \
			>> "$log" 2>&1 || rc=1; } ;;
	perf-ete-busybox|perf-ete-small-aux)
		[ $rc -eq 0 ] && { "$TOP/scripts/perf-truth.sh" "$log" \
			"$BUILD/logs/truth-$name.log" \
			"$CACHE/root/bin/busybox" >> "$log" 2>&1 || rc=1; } ;;
	esac
	# The perf.data is kept beside the log; its hex is not worth a read.
	[[ $name == perf-* ]] && sed -i '/^PERFHEX /d; /^VDSOHEX /d' "$log"
	cat "$log"
	case $rc in
	0) ;;
	124) echo "not ok 1 - guest run $name: timed out"; status=1 ;;
	125) echo "not ok 1 - guest run $name: kernel problem or no result"; status=1 ;;
	*) status=1 ;;
	esac
done
exit $status
