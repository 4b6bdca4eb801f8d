#!/bin/sh
# Guest side of the fuzzer boot: rounds of perf_fuzz against armtrace.ko's
# PMUs, each round on a freshly loaded module (or against the PMU
# ARMTRACE_FUZZ_PMU names, armtrace.ko not loaded), as root (with CPU hotplug)
# and then as an unprivileged user, under a perf_event_paranoid the seed
# picks.  TAP out.  The kernel log is judged by the host (qemu-run.sh).
#
#   ARMTRACE_FUZZ_SEED    first round's seed (default 1); round r uses
#                         SEED + r - 1, so a failing round replays alone
#                         with ARMTRACE_FUZZ_SEED=its seed, ROUNDS=1
#   ARMTRACE_FUZZ_ROUNDS  rounds (default 2)
#   ARMTRACE_FUZZ_ITERS   iterations per fuzzer run (default 1000)
#   ARMTRACE_FUZZ_SECS    and at most this long (default 60 s)
#   ARMTRACE_FUZZ_PMU     fuzz this PMU (sysfs name) instead of armtrace.ko's,
#                         which is then not loaded: the built-in armv8_pmuv3
#                         of a --builtin-pmu boot, to tell our bugs from the
#                         perf core's under the same seed
#   ARMTRACE_FUZZ_STORM   1: each round is perf_fuzz -S as nobody, with
#                         perf_event_paranoid 0 (CPU-wide and kernel
#                         events allowed) and both PMUs: a fuzzer per CPU
#                         beside a task that must keep waking up
. ./tap.sh
seed=${ARMTRACE_FUZZ_SEED:-1}
rounds=${ARMTRACE_FUZZ_ROUNDS:-2}
iters=${ARMTRACE_FUZZ_ITERS:-1000}
secs=${ARMTRACE_FUZZ_SECS:-60}
# A fuzzer still running a minute past its time hangs in the kernel.
limit=$((secs + 60))

for r in $(seq 1 "$rounds"); do
	s=$((seed + r - 1))
	# Every other round without the ete PMU: pmuv3 alone is the CPU PMU.
	args=
	[ $((s % 2)) = 0 ] && [ -z "$ARMTRACE_FUZZ_STORM" ] && args="ete=0"
	pmu=
	if [ -n "$ARMTRACE_FUZZ_PMU" ]; then
		pmu="-P $ARMTRACE_FUZZ_PMU"
		[ -e "/sys/bus/event_source/devices/$ARMTRACE_FUZZ_PMU" ]
		tap $? "round $r (seed $s): PMU $ARMTRACE_FUZZ_PMU registered"
	else
		insmod ./armtrace.ko $args
		tap $? "round $r (seed $s): insmod armtrace.ko $args"
	fi
	paranoid=$((s % 4 - 1))
	users="root nobody"
	if [ -n "$ARMTRACE_FUZZ_STORM" ]; then
		paranoid=0
		users=nobody
	fi
	echo $paranoid > /proc/sys/kernel/perf_event_paranoid
	for who in $users; do
		opts=-H
		[ "$who" = nobody ] && opts="-u 65534"
		[ -n "$ARMTRACE_FUZZ_STORM" ] && opts="$opts -S"
		# -W: at a kernel warning the fuzzer stops, and the calls
		# printed below are the ones that led to it
		# shellcheck disable=SC2086
		timeout "$limit" ./perf_fuzz -s "$s" -n "$iters" -t "$secs" $opts \
			$pmu -v -W > /tmp/fuzz.out 2> /tmp/fuzz.log
		st=$?
		sed 's/^/# /' /tmp/fuzz.out
		# the calls that led there, for the replay
		[ $st = 0 ] || tail -n 40 /tmp/fuzz.log | sed 's/^/# /'
		tap $st "round $r (seed $s, paranoid $paranoid): perf_fuzz${ARMTRACE_FUZZ_STORM:+ -S} as $who"
	done
	[ -n "$ARMTRACE_FUZZ_PMU" ] && continue
	# Events die with their files; the last close may lag the exit.
	n=0
	until rmmod armtrace 2> /dev/null; do
		n=$((n + 1))
		[ $n -ge 10 ] && break
		sleep 1
	done
	tap $((n >= 10)) "round $r (seed $s): rmmod armtrace"
done
exit $tap_fail
