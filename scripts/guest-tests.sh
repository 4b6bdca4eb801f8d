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
CACHE=${CACHE:-$("$TOP/scripts/cache-dir.sh")}
G=$BUILD/guest
P=$TOP/selftests/pmu
mkdir -p "$BUILD/logs"

# PMEVTYPER filter fields each boot mode implements (caps/filters):
# P|U always; NSH with EL2; NSK|NSU|M with EL3; SH with EL3 + FEAT_SEL2.
F_EL1=0xc0000000
F_EL2=0xc8000000
F_EL3=0xf4000000
F_EL23=0xfd000000


# name | qemu-run options | tests | scripts
RUNS=(
"el1|--env ARMTRACE_FILTERS=$F_EL1|pmuv3_count pmuv3_errno pmuv3_generic pmuv3_el1 pmuv3_sample pmuv3_perfstat|run-module.sh"
"el2-vhe|--el2 --env ARMTRACE_FILTERS=$F_EL2|pmuv3_count pmuv3_errno pmuv3_generic pmuv3_el2 pmuv3_sample pmuv3_perfstat|"
"el1-el3|--secure --env ARMTRACE_FILTERS=$F_EL3|pmuv3_count pmuv3_errno pmuv3_el3|"
"el2-el3|--el2 --secure --env ARMTRACE_FILTERS=$F_EL23|pmuv3_count pmuv3_errno pmuv3_el2|"
"a72-32bit|--cpu cortex-a72 --env ARMTRACE_FILTERS=$F_EL1|pmuv3_count pmuv3_errno pmuv3_long|"
"smp2-hotplug|--smp 2 --env ARMTRACE_FILTERS=$F_EL1|pmuv3_hotplug|"
# Period-1 sampling from an unprivileged user; -smp 2 without icount, so
# both CPUs take overflow interrupts on time.
"pmu-storm|--smp 2 --no-icount --append loglevel=7 --append softlockup_panic=1 --append softlockup_all_cpu_backtrace=1|pmuv3_storm|"
# The fuzzer's storm mode (perf_fuzz -S) as nobody, with CPU-wide and
# kernel events allowed: on each CPU a fuzzer opens mostly sampling events
# of both PMUs with periods from 1 and plays ioctl, read, mmap and busy
# work on them, while a task sleeping 10 ms at a time on each CPU must
# keep waking: no user starves a CPU through our interrupts, whatever the
# events (issue 16).  No fork or hotplug: see the fuzz runs below.
"fuzz-storm|--hwmodel --smp 2 --no-icount --append softlockup_panic=1 --append panic_print=0x21 --env ARMTRACE_FUZZ_STORM=1 --env ARMTRACE_FUZZ_SEED=${ARMTRACE_FUZZ_SEED:-1} --env ARMTRACE_FUZZ_ROUNDS=${ARMTRACE_FUZZ_ROUNDS:-2} --env ARMTRACE_FUZZ_ITERS=${ARMTRACE_FUZZ_ITERS:-1000} --env ARMTRACE_FUZZ_SECS=${ARMTRACE_FUZZ_SECS:-10}||"
"builtin-pmu|--builtin-pmu||run-builtin.sh"
# pmuv3's probe on device trees QEMU cannot make (scripts/dt-variant.sh).
"dt-a53-pmu|--dt a53-pmu --env ARMTRACE_DT_EXPECT=probe||run-dt.sh"
"dt-spi-pmu|--smp 2 --dt spi-pmu --env ARMTRACE_DT_EXPECT=one@SPI@per@CPU@is@not@supported||run-dt.sh"
"dt-two-types|--smp 2 --dt two-types --env ARMTRACE_DT_EXPECT=CPU@types@differ:.*cortex-a57.*cortex-a53||run-dt.sh"
"hwmodel|--hwmodel|hw_brbe hw_ete hw_ete_filter pmuv3_cpu_pm|"
"hwmodel-el2-vhe|--hwmodel --el2|hw_brbe hw_ete hw_ete_filter|"
"hwmodel-brbe|--hwmodel=truth=$BUILD/logs/truth-hwmodel-brbe.log --env ARMTRACE_EL=1|hw_brbe_perf hw_brbe_perftool.sh|"
"hwmodel-brbe-el2-vhe|--hwmodel=truth=$BUILD/logs/truth-hwmodel-brbe-el2-vhe.log,brbe=64 --el2 --env ARMTRACE_EL=2 --env ARMTRACE_NUMREC=64|hw_brbe_perf|"
"hwmodel-brbe-smp2-hotplug|--hwmodel --smp 2 --env ARMTRACE_SMP2=1|hw_brbe_perf|"
"hwmodel-brbe-el1-el3|--hwmodel --secure --env ARMTRACE_EL=1 --env ARMTRACE_BRBE_QUICK=1|hw_brbe_perf|"
"hwmodel-brbe-el2-el3|--hwmodel --el2 --secure --env ARMTRACE_EL=2 --env ARMTRACE_BRBE_QUICK=1|hw_brbe_perf|"
"hwmodel-brbe-nvhe|--hwmodel --el2 --append kvm-arm.mode=nvhe --env ARMTRACE_NUMREC=0|hw_brbe_perf|"
"hwmodel-smp2-noicount|--hwmodel=brbe1=64 --smp 2 --no-icount --env ARMTRACE_NO_ICOUNT=1 --env ARMTRACE_BRBE_DIFFERS=1|hw_brbe hw_ete hw_brbe_cpus|"
"hwmodel-e2e|--hwmodel=truth=$BUILD/logs/truth-e2e.log,exact=on|hw_ete_dump|"
"hwmodel-e2e-range|--hwmodel=truth=$BUILD/logs/truth-e2e-range.log,exact=on --env ARMTRACE_RANGE=workload|hw_ete_dump|"
"hwmodel-e2e-busybox|--hwmodel=truth=$BUILD/logs/truth-e2e-busybox.log,exact=on,trbe_align=6 --env ARMTRACE_ARGS=/bin/busybox@seq@1@50 --env ARMTRACE_CONFIGR=1048|hw_ete_dump|"
"ete-e2e|--hwmodel=truth=$BUILD/logs/truth-ete-e2e.log,exact=on|ete_perf_dump ete_groups|"
"ete-e2e-fill|--hwmodel=truth=$BUILD/logs/truth-ete-e2e-fill.log,exact=on --env ARMTRACE_ARGS=/bin/busybox@seq@1@500 --env ARMTRACE_AUX_PAGES=4 --env ARMTRACE_LOSS=1|ete_perf_dump|"
# The TRBE as a previous owner may leave it (dirty=on): enabled, WRAP set.
"ete-tests|--hwmodel=truth=$BUILD/logs/truth-ete-tests.log,dirty=on --smp 2 --env ARMTRACE_EL=1|ete_errno ete_regs ete_priv ete_loss ete_lifecycle.sh|"
# CPUs that differ: CPU 1 without ETE and TRBE, or with a refused TRBE.
"ete-cpus|--smp 2 --hwmodel=trace1=off --env ARMTRACE_NOTRACE=1|ete_cpus|"
"ete-cpus-refused|--smp 2 --hwmodel=errata1=unusable|ete_cpus|"
# A trace unit without any optional part (ete_min=on).
"ete-min|--hwmodel=truth=$BUILD/logs/truth-ete-min.log,exact=on,ete_min=on|ete_perf_dump|"
# A trace unit that never goes idle after a disable (ete_busy=never): the
# PMU gives up on it, flagged, without hanging or programming it busy.
"ete-stuck|--hwmodel=truth=$BUILD/logs/truth-ete-stuck.log,ete_busy=never|ete_stuck|"
# Trace timestamps from the counter perf's clock reads (TRFCR_ELx.TS):
# the model plays a hypervisor's CNTVOFF_EL2 of 2^40 ticks, so physical
# time is far from the virtual counter the task reads.
"ete-cntvoff|--hwmodel=cntvoff=0x10000000000|ete_ts|"
"ete-tests-el2|--hwmodel --el2 --env ARMTRACE_EL=2|ete_errno ete_regs ete_priv|"
"ete-e2e-busybox|--hwmodel=truth=$BUILD/logs/truth-ete-e2e-busybox.log,exact=on --env ARMTRACE_ARGS=/bin/busybox@seq@1@50 --env ARMTRACE_CONFIG=20004100|ete_perf_dump|"
# The kernel traced too: kernel code as the model translated it (code=).
"ete-kernel|--hwmodel=truth=$BUILD/logs/truth-ete-kernel.log,exact=on,code=$BUILD/logs/code-ete-kernel.txt --env ARMTRACE_KERNEL=1|ete_perf_dump|"
"ete-range|--hwmodel=truth=$BUILD/logs/truth-ete-range.log,exact=on --env ARMTRACE_RANGE=workload|ete_perf_dump|"
"ete-cpu-pm|--hwmodel=truth=$BUILD/logs/truth-ete-cpu-pm.log,exact=on --env ARMTRACE_CPU_PM=1 --env ARMTRACE_HWTEST=1|ete_perf_dump|"
# Start/stop filters: the trace from a start point to a stop point in
# each iteration, carried over switches and CPU power-downs on both sides.
"ete-startstop|--hwmodel=truth=$BUILD/logs/truth-ete-startstop.log,exact=on --env ARMTRACE_STARTSTOP=1 --env ARMTRACE_CPU_PM=1 --env ARMTRACE_HWTEST=1|ete_perf_dump|"
"ete-loss|--hwmodel=truth=$BUILD/logs/truth-ete-loss.log,exact=on --env ARMTRACE_ARGS=/bin/busybox@seq@1@50 --env ARMTRACE_LOSS=1 --env ARMTRACE_AUX_PAGES=2 --env ARMTRACE_TRACEPOINTS=loss.tracepoints|ete_perf_dump|"
# The TRBE interrupt as a real one (qemu-run.sh --doorbell): ete-snapshot-oor's
# snapshot windows, one fill window a lap (erratum 2224489's spare
# page), each lap's interrupt rung by the model as CPU 0's MSI-X vector;
# the newest trace, exactly, is the truth's.  -smp 2: the vector must be
# taken on CPU 0 only.  With icount, as every truth-checked run (exact=on
# needs it): the doorbell's timing is the host's either way.
"ete-doorbell|--hwmodel=truth=$BUILD/logs/truth-ete-doorbell.log,exact=on,errata=write_out_of_range --doorbell --smp 2 --env ARMTRACE_ARGS=/bin/busybox@seq@1@150 --env ARMTRACE_SNAPSHOT=1 --env ARMTRACE_AUX_PAGES=4 --env ARMTRACE_WORKAROUNDS=spare_page --env ARMTRACE_DOORBELL=1|ete_perf_dump|"
# The doorbell through module reloads and CPU hotplug under live events
# (ete_lifecycle.sh), then (doorbell-remove.sh) ete_loss's fills by
# doorbell, each CPU's vector still steered to it after CPU 1 went
# offline and came back; then the device is removed under the PMU: back
# to the poll.
"ete-lifecycle-doorbell|--hwmodel --doorbell --smp 2 --env ARMTRACE_EL=1|ete_lifecycle.sh doorbell-remove.sh|"
"ete-snapshot|--hwmodel=truth=$BUILD/logs/truth-ete-snapshot.log,exact=on --env ARMTRACE_ARGS=/bin/busybox@seq@1@50 --env ARMTRACE_SNAPSHOT=1 --env ARMTRACE_AUX_PAGES=2|ete_perf_dump|"
# Snapshot mode on a CPU with erratum 2224489 (write past LIMIT): every
# lap a fill window, the spare page padded; the tail decodes exactly.
"ete-snapshot-oor|--hwmodel=truth=$BUILD/logs/truth-ete-snapshot-oor.log,exact=on,errata=write_out_of_range --env ARMTRACE_ARGS=/bin/busybox@seq@1@150 --env ARMTRACE_SNAPSHOT=1 --env ARMTRACE_AUX_PAGES=4 --env ARMTRACE_WORKAROUNDS=spare_page|ete_perf_dump|"
"ete-snapshot-windows|--hwmodel=truth=$BUILD/logs/truth-ete-snapshot-windows.log,exact=on --env ARMTRACE_ARGS=./perf_windows@150 --env ARMTRACE_SNAPSHOT=1 --env ARMTRACE_AUX_PAGES=2|ete_perf_dump|"
# Stock perf 6.1 records ete_pmu_name=cs_etm (selftests/ete/run-compat.sh).
"ete-compat|--hwmodel=truth=$BUILD/logs/truth-ete-compat.log,exact=on --env ARMTRACE_ARGS=/bin/busybox@seq@1@50||"
# TRBE errata the model plays (Documentation/hwmodel.rst, "TRBE errata"):
# windows that fill, with the fill-mode overwrite, the write past LIMIT
# and the ignored writes after a disable; windows around the buffer's end
# on a Cortex-A710's three (the write past LIMIT among them), on CPU 0 of
# two whose CPU 1 is unusable; then
# a whole run whose drains need two TSB CSYNCs.
"ete-errata-fill|--hwmodel=truth=$BUILD/logs/truth-ete-errata-fill.log,exact=on,errata=overwrite_fill:drain_after_disable --env ARMTRACE_ARGS=/bin/busybox@seq@1@300 --env ARMTRACE_LOSS=1 --env ARMTRACE_AUX_PAGES=4 --env ARMTRACE_TRACEPOINTS=errata-fill.tracepoints --env ARMTRACE_WORKAROUNDS=pad_base@drain_after_disable|ete_perf_dump|"
"ete-errata-oor|--smp 2 --hwmodel=truth=$BUILD/logs/truth-ete-errata-oor.log,exact=on,errata=overwrite_fill:write_out_of_range:tsb_flush,errata1=unusable --env ARMTRACE_ARGS=/bin/busybox@seq@1@300 --env ARMTRACE_LOSS=1 --env ARMTRACE_WARMUP=1 --env ARMTRACE_AUX_PAGES=4 --env ARMTRACE_TRACEPOINTS=errata-oor.tracepoints --env ARMTRACE_WORKAROUNDS=pad_base@spare_page@double_tsb --env ARMTRACE_REFUSED=1|ete_perf_dump|"
"ete-errata-drain|--hwmodel=truth=$BUILD/logs/truth-ete-errata-drain.log,exact=on,errata=tsb_flush:isb_after_enable --env ARMTRACE_WORKAROUNDS=double_tsb@isb_after_enable|ete_perf_dump|"
"perf-ete|--hwmodel=truth=$BUILD/logs/truth-perf-ete.log,exact=on||"
"perf-ete-per-thread|--hwmodel=truth=$BUILD/logs/truth-perf-ete-per-thread.log,exact=on --env ARMTRACE_RECORD=--per-thread||"
"perf-ete-cpu-wide|--hwmodel=truth=$BUILD/logs/truth-perf-ete-cpu-wide.log,exact=on --env ARMTRACE_RECORD=-a||"
"perf-ete-smp2|--hwmodel=truth=$BUILD/logs/truth-perf-ete-smp2.log,exact=on --smp 2 --env ARMTRACE_RECORD=-a||"
# The doorbell (above, ete-doorbell) on both CPUs: perf record -a with
# 2-page AUX buffers that fill again and again, an MSI-X vector per CPU,
# CPU 1's steered back to it after it went offline and came back.
# Every fill loses the trace until the restart (COLLISION), so
# perf-truth.sh holds the loss to the kernel's counts and libete to
# OpenCSD, not the trace to the truth.
"perf-ete-doorbell|--hwmodel=truth=$BUILD/logs/truth-perf-ete-doorbell.log,exact=on --doorbell --smp 2 --env ARMTRACE_CMD=/bin/sh@./doorbell-work.sh@200 --env ARMTRACE_RECORD=-a@-m@,2 --env ARMTRACE_HOTPLUG=1 --env ARMTRACE_DOORBELL=2||"
"perf-ete-small-aux|--hwmodel=truth=$BUILD/logs/truth-perf-ete-small-aux.log,exact=on --env ARMTRACE_CMD=/bin/busybox@seq@1@50 --env ARMTRACE_RECORD=-m@,2 --env ARMTRACE_TRACEPOINTS=1||"
"perf-ete-busybox|--hwmodel=truth=$BUILD/logs/truth-perf-ete-busybox.log,exact=on --env ARMTRACE_CMD=/bin/busybox@seq@1@50||"
# One program both ways, ETE (--itrace=l) and BRBE: the same branch
# stacks, entry by entry (selftests/perf/host/brbe-ete.sh).
"perf-brbe-ete|--hwmodel=truth=$BUILD/logs/truth-perf-brbe-ete.log,exact=on --env ARMTRACE_CMD=./hw_brbe_work@2000 --env ARMTRACE_BRBE=-c@5003@-j@any,u,save_type||"
# perf_afdo's hot function: AutoFDO from the recording; an address-range
# filter on the hot function (the range, and a start filter with a size,
# which no comparator matches and the kernel must refuse, are
# perf_afdo's: one_run sets them).
"perf-ete-afdo|--hwmodel=truth=$BUILD/logs/truth-perf-ete-afdo.log,exact=on --env ARMTRACE_CMD=./perf_afdo||"
"perf-ete-filter|--hwmodel=truth=$BUILD/logs/truth-perf-ete-filter.log,exact=on --env ARMTRACE_CMD=./perf_afdo||"
# Start/stop filters as perf takes them: from afdo_hot's first call up to
# afdo_cold's first instruction, main's loop included.
"perf-ete-startstop|--hwmodel=truth=$BUILD/logs/truth-perf-ete-startstop.log,exact=on --env ARMTRACE_CMD=./perf_afdo||"
# Snapshot mode as users use it: perf record -S in the background, two
# snapshots on demand (SIGUSR2), each after one of perf_afdo's phases,
# and one at exit (-Se); each phase overflows the 2-page AUX buffer.
"perf-ete-snapshot|--hwmodel=truth=$BUILD/logs/truth-perf-ete-snapshot.log,exact=on --env ARMTRACE_CMD=./perf_afdo@700@3 --env ARMTRACE_SNAPSHOTS=2 --env ARMTRACE_RECORD=-Se@-m@,2||"
# The debug kernel (scripts/debug-kernel.sh: lockdep, KASAN, kmemleak,
# KFENCE, UBSAN, atomic-sleep and list checks): each path of module code
# once -- pmuv3's event_init at EL1 and EL2, hotplug with live events, the
# hwtest driver's BRBE and ETE on the model, the ete PMU's AUX buffers,
# privilege and groups; the fuzzer adds sampling with branch stacks, mmap
# and module reloads -- but not the exact-count, benchmark, fork-heavy and
# timing-bound runs: fork+exec is ~20x slower there, a kmemleak scan ~1
# min of host time.  Measured on the debug kernel: ete_loss's reader falls
# behind its 4-page buffer (TRUNCATED), and hw_brbe_perf's
# kernel_branches_as_root had not finished after 8 min.
# Any report the kernel logs fails the run (qemu-run.sh).
"el2-vhe-dbg|--debug-kernel --el2 --env ARMTRACE_FILTERS=$F_EL2|pmuv3_errno|"
"smp2-hotplug-dbg|--debug-kernel --smp 2 --env ARMTRACE_FILTERS=$F_EL1 --env ARMTRACE_INEXACT=1|pmuv3_errno pmuv3_hotplug|"
"hwmodel-dbg|--debug-kernel --hwmodel --smp 2|hw_brbe hw_ete|"
"ete-tests-dbg|--debug-kernel --hwmodel=kernel=off --smp 2 --env ARMTRACE_EL=1|ete_errno ete_priv ete_groups|"
# make check's debug boot: armtrace.ko loaded and unloaded, pmuv3's errno
# table and the ete PMU's group tests on the model (its kernel instrumentation off: those tests trace no
# kernel code), which must leave the kernel log clean; then the negative
# control: every checker must report what the canary module commits, and
# qemu-run.sh must fail the run for it (canary_verdict).
"canary-dbg|--debug-kernel --hwmodel=kernel=off --env ARMTRACE_EL=1 --env ARMTRACE_FILTERS=$F_EL1|pmuv3_errno ete_groups|"
# The perf_event_open fuzzer (selftests/fuzz): -smp 2 without icount, so
# the two CPUs really race; `make stress` runs it long.
"fuzz-dbg|--debug-kernel --hwmodel=kernel=off --smp 2 --no-icount --env ARMTRACE_FUZZ_SEED=${ARMTRACE_FUZZ_SEED:-1} --env ARMTRACE_FUZZ_ROUNDS=${ARMTRACE_FUZZ_ROUNDS:-2} --env ARMTRACE_FUZZ_ITERS=${ARMTRACE_FUZZ_ITERS:-1000} --env ARMTRACE_FUZZ_SECS=${ARMTRACE_FUZZ_SECS:-15}||"
)

# canary_verdict LOG CONSOLE RC: the debug kernel's boot passes when the
# module tests before the canary passed and the kernel reported nothing
# while they ran (no report line in its log before the canary's mark, no
# leaked object but the canary's), and, the negative control, qemu-run.sh
# failed the run for kernel reports (125) with the report of every bug
# class armtrace_canary.ko committed in the log.
canary_verdict() {
	local log=$1 console=$2 rc=$3 n=0 bad=0 sig
	{
		n=$((n + 1))
		# each test's own TAP and run-canary.sh's line for it; the
		# canary's insmods are judged below
		if grep '^not ok' "$log" | grep -qv 'armtrace_canary fault='; then
			echo "not ok $n - debug kernel: the module tests failed"; bad=1
		elif ! grep -q '^ok [0-9]* - .* ran clean$' "$log"; then
			echo "not ok $n - debug kernel: no module test ran"; bad=1
		else
			echo "ok $n - debug kernel: the module tests passed"
		fi
		n=$((n + 1))
		# the kernel log as the guest printed it (CRs off first: the
		# console's lines end in CRLF), up to the canary's mark
		tr -d '\r' < "$console" |
			sed -n '/^ARMTRACE-DMESG-BEGIN$/,/^ARMTRACE-DMESG-END$/p' > "$log.dmesg"
		sed '/armtrace-canary: the canary starts/,$d' "$log.dmesg" |
			grep -E -f "$TOP/scripts/kernel-reports.ere" > "$log.early"
		if ! grep -q 'armtrace-canary: the canary starts' "$log.dmesg"; then
			echo "not ok $n - debug kernel: the canary's start is in its kernel log"; bad=1
		elif [ -s "$log.early" ]; then
			sed 's/^/# before the canary: /' "$log.early"
			echo "not ok $n - debug kernel: no report while the module tests ran"; bad=1
		else
			echo "ok $n - debug kernel: no report while the module tests ran"
		fi
		rm -f "$log.early" "$log.dmesg"
		n=$((n + 1))
		# kmemleak's objects, one per "unreferenced object" block: each
		# must have been allocated by the canary
		if sed -n 's/^qemu-run: kmemleak: //p' "$log" | awk '
			/^unreferenced object/ { if (blk != "" && !mine) { print blk; bad = 1 }
						 blk = $0; mine = 0; next }
			{ blk = blk "\n" $0 }
			/armtrace_canary/ { mine = 1 }
			END { if (blk != "" && !mine) { print blk; bad = 1 } exit bad }' \
			> "$log.leaks"; then
			echo "ok $n - debug kernel: kmemleak found no leak but the canary's"
		else
			sed 's/^/# leak: /' "$log.leaks"
			echo "not ok $n - debug kernel: kmemleak found no leak but the canary's"; bad=1
		fi
		rm -f "$log.leaks"
		n=$((n + 1))
		if [ "$rc" -eq 125 ]; then
			echo "ok $n - canary: qemu-run.sh failed the run for its kernel reports"
		else
			echo "not ok $n - canary: qemu-run.sh status $rc, want 125"; bad=1
		fi
		while IFS='|' read -r what sig; do
			n=$((n + 1))
			# only what qemu-run.sh's own scan matched and marked
			if grep -qE "^qemu-run: (report|kmemleak): .*$sig" "$log"; then
				echo "ok $n - canary: $what reported"
			else
				echo "not ok $n - canary: no $what report ($sig)"; bad=1
			fi
		done <<-'SIGS'
		lockdep|WARNING: possible circular locking dependency detected
		DEBUG_ATOMIC_SLEEP|BUG: sleeping function called from invalid context
		UBSAN|UBSAN: shift-out-of-bounds
		kmemleak|unreferenced object 0x[0-9a-f]+ \(size 128\)
		KASAN|BUG: KASAN: slab-out-of-bounds in canary_kasan
		SIGS
	} >> "$log"
	return $bad
}

# The perf_event_open fuzzer (selftests/fuzz) on the stock kernel: two
# rounds (seeds 1 and 2: with the ete PMU, and pmuv3 alone), each as root
# with CPU hotplug and then as nobody; -smp 2 without icount, so the two
# CPUs really race; fuzz-dbg is the same on the debug kernel (`make
# stress` runs that one long).  Out of make check: seed 2 (pmuv3 alone,
# as root) makes perf core warn now and then (about one boot in fifteen)
# in its task-context bookkeeping -- ctx_sched_out() and ctx_sched_in()
# (cpuctx->task_ctx != ctx, core.c:3331/3899), event_function()
# (core.c:244/249) and their kin -- and fuzz-builtin, the same seed
# against upstream's armv8_pmuv3 with armtrace.ko never loaded, gives the
# same warnings: Linux 6.1's perf core, not ours to fail make check on.
# Run them by name: guest-tests.sh fuzz fuzz-builtin
FUZZ_ARGS="--env ARMTRACE_FUZZ_SEED=${ARMTRACE_FUZZ_SEED:-1} --env ARMTRACE_FUZZ_ROUNDS=${ARMTRACE_FUZZ_ROUNDS:-2} --env ARMTRACE_FUZZ_ITERS=${ARMTRACE_FUZZ_ITERS:-1000} --env ARMTRACE_FUZZ_SECS=${ARMTRACE_FUZZ_SECS:-15}"
FUZZ_RUN="fuzz|--hwmodel${ARMTRACE_FUZZ_HWMODEL:+=$ARMTRACE_FUZZ_HWMODEL} --smp 2 --no-icount --append softlockup_panic=1 --append panic_print=0x21 --append softlockup_all_cpu_backtrace=1 $FUZZ_ARGS||"
# The first seed's round alone, by name: clean in 24 local boots, then a
# soft lockup of both CPUs in perf_fuzz in a clean-clone make check
# (2026-12-06, CI-23); since then clean in 110 local boots under load
# (loglevel=7) and more quiet ones (see test-rig.rst): out of make check
# until that is understood.  It boots quiet, as CI-23 did (a verbose
# console changes the timing), and a lockup panics with the whole log
# replayed and every task's stack (panic_print=0x21).
FUZZ_SEED1_RUN="fuzz-seed1|--hwmodel --smp 2 --no-icount --append softlockup_panic=1 --append panic_print=0x21 --append softlockup_all_cpu_backtrace=1 --env ARMTRACE_FUZZ_SEED=1 --env ARMTRACE_FUZZ_ROUNDS=1 --env ARMTRACE_FUZZ_ITERS=${ARMTRACE_FUZZ_ITERS:-1000} --env ARMTRACE_FUZZ_SECS=${ARMTRACE_FUZZ_SECS:-15}||"
FUZZ_BUILTIN_RUN="fuzz-builtin|--hwmodel --smp 2 --no-icount --builtin-pmu --env ARMTRACE_FUZZ_PMU=armv8_pmuv3 $FUZZ_ARGS||"

# hot_range ELF [SYM]: SYM's (afdo_hot's) address, size and file offset,
# in hex.
hot_range() {
	local addr size t off vaddr fsz
	read -r addr size < <(aarch64-linux-gnu-nm -S "$1" |
		awk -v s="${2:-afdo_hot}" '$4 == s { print "0x" $1, "0x" $2 }')
	# the offset in the PT_LOAD segment that holds it
	while read -r t off vaddr _ fsz _; do
		[ "$t" = LOAD ] && [ $((addr)) -ge $((vaddr)) ] &&
			[ $((addr)) -lt $((vaddr + fsz)) ] || continue
		printf '%#x %#x %#x\n' $((addr)) $((size)) $((addr - vaddr + off))
		return
	done < <(aarch64-linux-gnu-readelf -lW "$1")
}

# one_run RUN: boot one configuration, judge it, print its TAP.
one_run() {
	local run=$1 name opts tests scripts log runner rc limit envs lo size off truth
	IFS='|' read -r name opts tests scripts <<< "$run"
	log=$BUILD/logs/guest-$name.tap
	echo "# guest run: $name"
	# The hardware-model boot runs the kernel/hw tests instead.
	runner=$P/run-modes.sh
	[[ " $opts " == *" --hwmodel"* ]] && runner=$TOP/selftests/hw/run-hw.sh
	# The ete PMU's boots load armtrace.ko alone and trace through perf.
	[[ $name == ete-* ]] && runner=$TOP/selftests/ete/run-ete.sh
	[[ $name == fuzz* ]] && runner=$TOP/selftests/fuzz/run-fuzz.sh
	[[ $name == canary-dbg ]] && runner=$TOP/selftests/debug/run-canary.sh
	# Compat mode meets Debian's coresight module, which owns cs_etm.
	extra=()
	if [[ $name == ete-compat ]]; then
		runner=$TOP/selftests/ete/run-compat.sh
		extra=("$CACHE/kmods/kernel/fs/configfs/configfs.ko"
		       "$CACHE/kmods/kernel/drivers/hwtracing/coresight/coresight.ko")
	elif [[ $name == canary-dbg ]]; then
		extra=("$BUILD/debug/canary/armtrace_canary.ko")
	elif [[ $name == perf-* ]]; then
		runner=$TOP/selftests/perf/run-perf.sh
		extra=("$BUILD/perf/aarch64/guest/perf")
		[[ $name == perf-ete-doorbell ]] &&
			extra+=("$TOP/selftests/perf/doorbell-work.sh")
	fi
	[[ " $opts " == *" --doorbell "* ]] &&
		extra+=("$TOP/selftests/ete/doorbell-check.sh"
			"$TOP/selftests/ete/doorbell-remove.sh")
	envs=()
	if [[ $name == perf-ete-filter ]]; then
		# afdo_hot as perf's --filter 'filter afdo_hot @ FILE' would
		# resolve it with symbols (the guest's perf has no libelf):
		# the file offset and the size.
		read -r lo size off < <(hot_range "$G/perf_afdo")
		envs=(--env "ARMTRACE_FILTER=filter $off/$size @ ./perf_afdo"
		      --env "ARMTRACE_FILTER_REFUSED=start $off/4 @ ./perf_afdo")
	elif [[ $name == perf-ete-startstop ]]; then
		read -r _ _ off < <(hot_range "$G/perf_afdo")
		read -r _ _ off2 < <(hot_range "$G/perf_afdo" afdo_cold)
		envs=(--env "ARMTRACE_FILTER=start $off @ ./perf_afdo stop $off2 @ ./perf_afdo")
	fi
	# The debug kernel's boots are slower, and kmemleak's two scans take
	# about 5 s of guest time each (a minute or more of host time).
	limit=${ARMTRACE_GUEST_TIMEOUT:-600}
	[[ $name == *-dbg ]] && limit=${ARMTRACE_GUEST_TIMEOUT:-1500}
	# shellcheck disable=SC2086
	"$TOP/scripts/qemu-run.sh" $opts ${envs[@]+"${envs[@]}"} --timeout "$limit" \
		--log "$BUILD/logs/guest-$name.console" \
		--env "ARMTRACE_TESTS=$tests" --env "ARMTRACE_SCRIPTS=$scripts" \
		"$runner" "$G"/* "$P/tap.sh" "$P/run-module.sh" \
		"$TOP"/selftests/ete/*.tracepoints \
		"$P/run-builtin.sh" "$P/run-dt.sh" ${extra[@]+"${extra[@]}"} > "$log" 2>&1
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
	hwmodel-brbe|hwmodel-brbe-el2-vhe)
		# Every sample's stack is the truth's last branches before it.
		numrec=32
		[ $name = hwmodel-brbe-el2-vhe ] && numrec=64
		[ $rc -eq 0 ] && { "$BUILD/host/brbe_check" "$log" \
			"$BUILD/logs/truth-$name.log" $numrec >> "$log" 2>&1 || rc=1; }
		# AutoFDO's create_gcov on Debian's perf's BRBE recording.
		if [ $name = hwmodel-brbe ] && [ $rc -eq 0 ]; then
			"$TOP/selftests/hw/host/afdo-check.sh" "$log" \
				"$G/hw_brbe_afdo" "$BUILD/logs/afdo" >> "$log" 2>&1 || rc=1
		fi
		sed -i '/^AFDODATA-BEGIN$/,/^AFDODATA-END$/d' "$log" ;;
	ete-e2e|ete-min)
		[ $rc -eq 0 ] && { "$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-$name.log" 16 "$G/ete_perf_dump" \
			>> "$log" 2>&1 || rc=1; } ;;
	ete-e2e-fill)
		# A 4-page buffer nobody reads: its first window, a whole
		# TRBE fill from the stream's start, is the truth's start.
		[ $rc -eq 0 ] && { TRUTH_PREFIX=1 "$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-ete-e2e-fill.log" 0 "$G/ete_perf_dump" \
			"$CACHE/root/bin/busybox" >> "$log" 2>&1 || rc=1; } ;;
	ete-tests)
		# Whatever the tests did, the driver never wrote a TRBE
		# register the model had to ignore, nor lost staged bytes.
		[ $rc -eq 0 ] && { "$TOP/selftests/ete/truth-notes.sh" \
			"$BUILD/logs/truth-ete-tests.log" >> "$log" 2>&1 || rc=1; } ;;
	ete-e2e-busybox)
		[ $rc -eq 0 ] && { "$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-ete-e2e-busybox.log" 4 "$G/ete_perf_dump" \
			"$CACHE/root/bin/busybox" >> "$log" 2>&1 || rc=1; } ;;
	ete-kernel)
		[ $rc -eq 0 ] && { TRUTH_CODE=$BUILD/logs/code-ete-kernel.txt \
			"$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-ete-kernel.log" 16 "$G/ete_perf_dump" \
			>> "$log" 2>&1 || rc=1; } ;;
	ete-range)
		[ $rc -eq 0 ] && { "$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-ete-range.log" 0 "$G/ete_perf_dump" \
			>> "$log" 2>&1 || rc=1; } ;;
	ete-cpu-pm|ete-startstop)
		[ $rc -eq 0 ] && { "$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-$name.log" 0 "$G/ete_perf_dump" \
			>> "$log" 2>&1 || rc=1; } ;;
	ete-loss)
		[ $rc -eq 0 ] && { "$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-ete-loss.log" 0 "$G/ete_perf_dump" \
			"$CACHE/root/bin/busybox" >> "$log" 2>&1 || rc=1; }
		# The libtraceevent plugin, on the formats this guest printed.
		[ $rc -eq 0 ] && { make -s -C "$TOP/tools-perf/plugins" check \
			CONSOLE="$log" >> "$log" 2>&1 || rc=1; } ;;
	ete-snapshot|ete-snapshot-oor|ete-doorbell)
		[ $rc -eq 0 ] && { "$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-$name.log" 0 "$G/ete_perf_dump" \
			"$CACHE/root/bin/busybox" >> "$log" 2>&1 || rc=1; } ;;
	ete-snapshot-windows)
		# 150 windows of a few hundred bytes in an 8 KiB snapshot:
		# the newest trace, exactly, must span many of them
		[ $rc -eq 0 ] && { TRUTH_SNAPSHOT_WINDOWS=5 "$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-ete-snapshot-windows.log" 0 \
			"$G/perf_windows" >> "$log" 2>&1 || rc=1; } ;;
	ete-compat)
		# Debian's x86-64 perf decodes what Debian's arm64 perf recorded.
		for rec in cpu thread; do
			[ $rc -eq 0 ] || break
			"$TOP/selftests/ete/host/compat-host.sh" "$log" \
				"$BUILD/logs/truth-ete-compat.log" $rec \
				"$BUILD/logs/ete-compat-$rec" \
				/bin/busybox="$CACHE/root/bin/busybox" >> "$log" 2>&1 || rc=1
		done
		# The files stay in logs/ete-compat-*/; their base64 leaves the TAP.
		sed -i '/^PERFDATA-BEGIN /,/^PERFDATA-END$/d' "$log" ;;
	ete-errata-fill)
		[ $rc -eq 0 ] && { "$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-ete-errata-fill.log" 0 "$G/ete_perf_dump" \
			"$CACHE/root/bin/busybox" >> "$log" 2>&1 || rc=1; } ;;
	ete-errata-oor)
		[ $rc -eq 0 ] && { "$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-ete-errata-oor.log" 0 "$G/ete_perf_dump" \
			>> "$log" 2>&1 || rc=1; } ;;
	ete-errata-drain)
		[ $rc -eq 0 ] && { "$BUILD/host/truth_check" "$log" \
			"$BUILD/logs/truth-ete-errata-drain.log" 16 "$G/ete_perf_dump" \
			>> "$log" 2>&1 || rc=1; } ;;
	perf-ete|perf-ete-per-thread)
		# (one recording decoded under ASan too: make perf-asan)
		[ $rc -eq 0 ] && { PERF_ASAN=$([ $name = perf-ete ] &&
			echo "$BUILD/perf/x86_64-asan/perf") \
			"$TOP/scripts/perf-truth.sh" "$log" \
			"$BUILD/logs/truth-$name.log" "$G/perf_workload" \
			>> "$log" 2>&1 || rc=1; } ;;
	perf-ete-cpu-wide|perf-ete-smp2)
		# every process at EL0: perf itself and busybox's sh too
		[ $rc -eq 0 ] && { "$TOP/scripts/perf-truth.sh" "$log" \
			"$BUILD/logs/truth-$name.log" "$G/perf_workload" \
			"$BUILD/perf/aarch64/guest/perf" "$CACHE/root/bin/busybox" \
			>> "$log" 2>&1 || rc=1; } ;;
	perf-ete-doorbell)
		[ $rc -eq 0 ] && { "$TOP/scripts/perf-truth.sh" "$log" \
			"$BUILD/logs/truth-$name.log" \
			"$BUILD/perf/aarch64/guest/perf" "$CACHE/root/bin/busybox" \
			>> "$log" 2>&1 || rc=1; } ;;
	perf-ete-afdo)
		[ $rc -eq 0 ] && { "$TOP/scripts/perf-truth.sh" "$log" \
			"$BUILD/logs/truth-$name.log" "$G/perf_afdo" \
			>> "$log" 2>&1 || rc=1; }
		[ $rc -eq 0 ] && { "$TOP/scripts/perf-afdo.sh" "$log" \
			"$G/perf_afdo" afdo_hot >> "$log" 2>&1 || rc=1; } ;;
	perf-ete-snapshot)
		# each snapshot: the last of the truth's branches before it,
		# exactly, from the whole 8 KiB buffer
		[ $rc -eq 0 ] && { BRANCH_CHECK_TAIL=1 PERF_TRUTH_SNAPSHOT_BYTES=8192 \
			"$TOP/scripts/perf-truth.sh" \
			"$log" "$BUILD/logs/truth-$name.log" "$G/perf_afdo" \
			>> "$log" 2>&1 || rc=1; } ;;
	perf-ete-filter)
		# the branches inside afdo_hot, exactly
		read -r lo size _ < <(hot_range "$G/perf_afdo")
		[ $rc -eq 0 ] && { BRANCH_CHECK_RANGE=$(printf '%#x:%#x' $((lo)) \
			$((lo + size))) "$TOP/scripts/perf-truth.sh" "$log" \
			"$BUILD/logs/truth-$name.log" "$G/perf_afdo" \
			>> "$log" 2>&1 || rc=1; } ;;
	perf-ete-startstop)
		# the branches from afdo_hot's first call to afdo_cold, exactly
		read -r lo _ _ < <(hot_range "$G/perf_afdo")
		read -r lo2 _ _ < <(hot_range "$G/perf_afdo" afdo_cold)
		[ $rc -eq 0 ] && { BRANCH_CHECK_STARTSTOP=$lo:$lo2 \
			"$TOP/scripts/perf-truth.sh" "$log" \
			"$BUILD/logs/truth-$name.log" "$G/perf_afdo" \
			>> "$log" 2>&1 || rc=1; } ;;
	perf-brbe-ete)
		[ $rc -eq 0 ] && { "$TOP/selftests/perf/host/brbe-ete.sh" "$log" \
			"$BUILD/logs/truth-$name.log" "$G/hw_brbe_work" \
			>> "$log" 2>&1 || rc=1; } ;;
	perf-ete-busybox|perf-ete-small-aux)
		[ $rc -eq 0 ] && { "$TOP/scripts/perf-truth.sh" "$log" \
			"$BUILD/logs/truth-$name.log" \
			"$CACHE/root/bin/busybox" >> "$log" 2>&1 || rc=1; } ;;
	canary-dbg)
		canary_verdict "$log" "$BUILD/logs/guest-$name.console" $rc
		rc=$? ;;
	esac
	# The model's verdict on the drivers, in every run that logs its
	# ground truth: no trace unit register written while it was not
	# idle, no trace still running when its CPU powered down.
	truth=$(sed -n 's/.*truth=\([^ ,]*\).*/\1/p' <<< "$opts")
	if [ -n "$truth" ] && [ $rc -eq 0 ]; then
		if [ ! -s "$truth" ]; then
			echo "not ok 1 - guest run $name: no ground truth in $truth" >> "$log"
			rc=1
		elif grep -E '^N [0-9]+ (ete-ignored|ete-power-lost) ' "$truth" \
			> "$BUILD/logs/$name.model-verdict"; then
			sed 's/^/# /' "$BUILD/logs/$name.model-verdict" | head -5 >> "$log"
			echo "not ok 1 - guest run $name: the model ignored trace unit writes or lost running trace" >> "$log"
			rc=1
		else
			echo "ok 1 - guest run $name: no trace unit write while not idle, no trace running into a power-down" >> "$log"
		fi
	fi
	# The perf.data is kept beside the log; its hex is not worth a read.
	[[ $name == perf-* ]] && sed -i '/^PERFHEX /d; /^VDSOHEX /d; /^BRBEHEX /d' "$log"
	cat "$log"
	case $rc in
	0) ;;
	124) echo "not ok 1 - guest run $name: timed out"; return 1 ;;
	125) echo "not ok 1 - guest run $name: kernel problem or no result"; return 1 ;;
	*) return 1 ;;
	esac
	return 0
}

want=("$@")
# The debug kernel's runs: ARMTRACE_DEBUG_KERNEL=1 builds the kernel if it
# must (make check-debug; ~13 min cold on 2 cores), 0 leaves them out, and
# by default they run when the kernel is in the cache and are reported
# skipped when it is not -- building it there would take make check past
# 30 minutes on a fresh machine.  Runs named on the command line always run.
dbg=${ARMTRACE_DEBUG_KERNEL:-auto} dbg_auto=0
if [ "$dbg" = auto ]; then
	dbg=skip
	"$TOP/scripts/debug-kernel.sh" --cached && dbg=1 dbg_auto=1
fi
selected=()
skipped=()
[[ " ${want[*]} " == *" fuzz "* ]] && RUNS+=("$FUZZ_RUN")
[[ " ${want[*]} " == *" fuzz-builtin "* ]] && RUNS+=("$FUZZ_BUILTIN_RUN")
[[ " ${want[*]} " == *" fuzz-seed1 "* ]] && RUNS+=("$FUZZ_SEED1_RUN")
for run in "${RUNS[@]}"; do
	IFS='|' read -r name _ <<< "$run"
	if [ ${#want[@]} -gt 0 ] && [[ " ${want[*]} " != *" $name "* ]]; then
		continue
	fi
	if [ ${#want[@]} -eq 0 ] && [[ $name == *-dbg ]] && [ "$dbg" != 1 ]; then
		[ "$dbg" = skip ] &&
			skipped+=("$name|the debug kernel is not in the cache (make debug-modules builds it)")
		continue
	fi
	# A cached kernel alone (auto) boots it once: canary-dbg loads and
	# unloads armtrace.ko and runs pmuv3's errno table and the ete PMU's
	# group tests under every checker, then proves each checker and
	# qemu-run.sh's judgement (about a minute and a half of host CPU).
	# The other debug runs cost more than a warm make check's 10 minutes
	# allow on two cores (CPU time measured in one make check: fuzz-dbg
	# 366 s, hwmodel-dbg 131 s, smp2-hotplug-dbg 110 s, el2-vhe-dbg 94 s;
	# ete-tests-dbg more than 13 minutes: module code runs ~20x slower
	# there, and the model's kernel instrumentation, which canary-dbg
	# turns off, adds to it):
	# make check-debug (ARMTRACE_DEBUG_KERNEL=1) runs them all.
	if [ ${#want[@]} -eq 0 ] && [ "$dbg_auto" = 1 ] &&
	   [[ $name == *-dbg ]] && [ "$name" != canary-dbg ]; then
		skipped+=("$name|a warm make check has no time for it (make check-debug runs it)")
		continue
	fi
	selected+=("$run")
done

# What the runs share is made once, before they start in parallel.
"$TOP/scripts/guest-image.sh"
# The debug kernel's modules: a failed build leaves none, so each debug
# run fails on its own (qemu-run.sh finds no modules).  make check's
# kbuild-debug suite has just built them when it says so.
if [[ " ${selected[*]} " == *"--debug-kernel"* ]] &&
   [ "${ARMTRACE_DEBUG_MODULES_BUILT:-0}" != 1 ]; then
	rm -f "$BUILD"/debug/kernel/*.ko
	"$TOP/scripts/debug-kernel.sh" --modules > "$BUILD/logs/debug-modules.log" 2>&1 ||
		{ echo "# debug kernel or its modules failed to build:"; tail -n 20 "$BUILD/logs/debug-modules.log" | sed 's/^/# /'; }
fi
if [[ " ${selected[*]} " == *" perf-"* ]]; then
	mkdir -p "$BUILD/perf/aarch64/guest"
	aarch64-linux-gnu-strip -o "$BUILD/perf/aarch64/guest/perf" \
		"$BUILD/perf/aarch64/perf" || exit 1
fi

# Two boots at a time (-icount keeps each on one host thread; the
# machine has two cores); the debug kernel's slow boots start first so the
# short ones fill in around them; each run's TAP is printed in table order.
JOBS=${ARMTRACE_GUEST_JOBS:-2}
order=()
for run in "${selected[@]}"; do [[ ${run%%|*} == *-dbg ]] && order+=("$run"); done
for run in "${selected[@]}"; do [[ ${run%%|*} == *-dbg ]] || order+=("$run"); done
running=0
for run in ${order[@]+"${order[@]}"}; do
	IFS='|' read -r name _ <<< "$run"
	( t=$SECONDS
	  one_run "$run" > "$BUILD/logs/guest-$name.out" 2>&1
	  rc=$?
	  # wall time, and the CPU time of the boot (QEMU and the host
	  # checks), which is what the run costs a loaded machine
	  # (times, a builtin, run here: in a $(...) it would time that)
	  times > "$BUILD/logs/guest-$name.times"
	  cpu=$(tail -n1 "$BUILD/logs/guest-$name.times" | awk '{ n = 0
		for (i = 1; i <= 2; i++) { split($i, p, "m"); n += p[1] * 60 + p[2] }
		printf "%d", n }')
	  echo "# guest run $name: $((SECONDS - t)) s, $cpu s of CPU" >> "$BUILD/logs/guest-$name.out"
	  echo $rc > "$BUILD/logs/guest-$name.rc" ) &
	running=$((running + 1))
	if [ "$running" -ge "$JOBS" ]; then
		wait -n
		running=$((running - 1))
	fi
done
wait
status=0
for run in ${selected[@]+"${selected[@]}"}; do
	IFS='|' read -r name _ <<< "$run"
	cat "$BUILD/logs/guest-$name.out"
	[ "$(cat "$BUILD/logs/guest-$name.rc" 2>/dev/null)" = 0 ] || status=1
done
for s in ${skipped[@]+"${skipped[@]}"}; do
	echo "ok 1 - guest run ${s%%|*} # SKIP ${s#*|}"
done
exit $status
