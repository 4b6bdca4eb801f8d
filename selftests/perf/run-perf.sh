#!/bin/sh
# Guest side of a perf boot on the hardware model: armtrace.ko with its
# ete PMU, then armtrace's static perf records the command in
# $ARMTRACE_CMD ('@'-separated; default ./perf_workload) with the event
# $ARMTRACE_EVENT (default ete//u) and the options in $ARMTRACE_RECORD
# ('@'-separated, e.g. --per-thread), and --filter "$ARMTRACE_FILTER" when
# set; a filter the kernel must refuse, $ARMTRACE_FILTER_REFUSED, is tried
# first (perf record fails and says why); $ARMTRACE_SNAPSHOTS=N takes N
# snapshots on demand (below).  The perf.data goes to the console as
# hex between PERFDATA and PERFEND lines, and the vDSO perf saved in its
# build-id cache as VDSO/VDSOHEX lines, for the host to decode
# (scripts/perf-truth.sh); TAP for what the guest can see.  With
# $ARMTRACE_BRBE ('@'-separated perf record options, e.g. -c@5003@-j@any,u)
# the command is recorded once more, with BRBE branch stacks on pmuv3,
# and that perf.data follows as BRBEDATA/BRBEHEX/BRBEEND lines
# (selftests/perf/host/brbe-ete.sh compares the two).  With
# $ARMTRACE_TRACEPOINTS=1, Debian's perf records the armtrace tracepoints
# system-wide around the recording, and perf script must show TRBE
# windows and their ends; their bytes go to the host as a TPSUM line.
# With $ARMTRACE_DOORBELL=N (qemu-run.sh --doorbell) every TRBE interrupt
# must have come as the doorbell's MSI-X vector of its CPU, none polled,
# on N CPUs at least (selftests/ete/doorbell-check.sh).
n=0
rc=0
tap() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		rc=1
	fi
}

insmod ./armtrace.ko || { echo "not ok 1 - insmod armtrace.ko"; exit 1; }
# ARMTRACE_HOTPLUG=1: CPU 1 goes offline and comes back before the
# recording (its TRBE interrupt's set-up torn down and made again).
if [ -n "${ARMTRACE_HOTPLUG:-}" ]; then
	echo 0 > /sys/devices/system/cpu/cpu1/online &&
		echo 1 > /sys/devices/system/cpu/cpu1/online
	tap $? "cpu1 offline and online again before the recording"
fi
event=${ARMTRACE_EVENT:-ete//u}
cmd=$(echo "${ARMTRACE_CMD:-./perf_workload}" | tr @ ' ')
opts=$(echo "${ARMTRACE_RECORD:-}" | tr @ ' ')

if [ -n "${ARMTRACE_FILTER_REFUSED:-}" ]; then
	# shellcheck disable=SC2086
	./perf record -e "$event" --filter "$ARMTRACE_FILTER_REFUSED" \
		-o /tmp/refused.data -- $cmd > /tmp/refused.log 2>&1
	r=$?
	sed 's/^/# /' /tmp/refused.log
	[ $r -ne 0 ] && grep -q "failed to set filter .* with 95 (Operation not supported)" /tmp/refused.log
	tap $? "perf record --filter '$ARMTRACE_FILTER_REFUSED' is refused: EOPNOTSUPP, perf says so (exit $r)"
fi
# (ash has no arrays: the filter, with its spaces, as the one "$@")
if [ -n "${ARMTRACE_FILTER:-}" ]; then
	set -- --filter "$ARMTRACE_FILTER"
else
	set --
fi

# wait_for TEXT: until perf record's output says TEXT (60 s at most).
wait_for() {
	w=0
	until grep -q "$1" /tmp/record.log; do
		w=$((w + 1))
		[ $w -le 60 ] || return 1
		sleep 1
	done
}

if [ -n "${ARMTRACE_SNAPSHOTS:-}" ]; then
	# Snapshots on demand, as users take them: perf record -S in the
	# background, SIGUSR2 to it.  The workload (perf_afdo ROUNDS
	# PHASES) waits on a FIFO after each phase, so that each snapshot
	# ends where a phase did; the go comes after perf has had a second
	# of guest time (idle: icount's sleep=off skips it) to take it.
	rm -f /tmp/go
	mkfifo /tmp/go
	# shellcheck disable=SC2086
	./perf record -e "$event" $opts "$@" -o /tmp/perf.data -- $cmd \
		< /tmp/go > /tmp/record.log 2>&1 &
	perf=$!
	exec 3> /tmp/go
	s=1
	while [ $s -le "$ARMTRACE_SNAPSHOTS" ]; do
		wait_for "perf_afdo: phase $s done" &&
			kill -USR2 $perf && sleep 1 && echo >&3
		tap $? "snapshot $s: SIGUSR2 to perf record -S after phase $s"
		s=$((s + 1))
	done
	exec 3>&-
	wait $perf
elif [ -n "${ARMTRACE_TRACEPOINTS:-}" ]; then
	# shellcheck disable=SC2086
	/usr/bin/perf record -q -a -e armtrace:ete_window -e armtrace:trbe_irq \
		-e armtrace:aux_lost -o /tmp/tp.data -- \
		./perf record -e "$event" $opts "$@" -o /tmp/perf.data -- $cmd \
		> /tmp/record.log 2>&1
else
	# shellcheck disable=SC2086
	./perf record -e "$event" $opts "$@" -o /tmp/perf.data -- $cmd > /tmp/record.log 2>&1
fi
tap $? "perf record -e $event ${opts:+$opts }${ARMTRACE_FILTER:+--filter '$ARMTRACE_FILTER' }-- $cmd"
sed 's/^/# /' /tmp/record.log
grep -qi "failed\|error" /tmp/record.log
tap $((! $?)) "perf record reports no error"
./perf report -i /tmp/perf.data --stats > /tmp/stats.log 2>&1
tap $? "perf report --stats reads the file back"
grep -q "AUXTRACE_INFO events: *1 " /tmp/stats.log
tap $? "one AUXTRACE_INFO record"
grep -q "AUXTRACE events: *[1-9]" /tmp/stats.log
tap $? "AUXTRACE records with trace"
sed -n 's/^ *\(AUX.*events:.*\)/# \1/p' /tmp/stats.log

if [ -n "${ARMTRACE_TRACEPOINTS:-}" ]; then
	# The tracepoints as perf users read them.
	/usr/bin/perf script -i /tmp/tp.data -F event,trace > /tmp/tp.txt 2>/tmp/tp.err
	tap $? "Debian's perf script reads the armtrace tracepoints it recorded"
	head -n 3 /tmp/tp.txt | sed 's/^/# /'
	nwin=$(grep -c 'ete_window:' /tmp/tp.txt)
	nirq=$(grep -c 'trbe_irq:' /tmp/tp.txt)
	tpbytes=$(sed -n 's/.*trbe_irq:.* bytes=\([0-9]*\).*/\1/p' /tmp/tp.txt |
		awk '{ s += $1 } END { print s + 0 }')
	# (the host holds them to the AUX records: scripts/perf-truth.sh)
	[ "$nirq" -gt 1 ] && [ "$nwin" -ge "$nirq" ]
	tap $? "tracepoints: $nwin TRBE windows, $nirq ends"
	echo "TPSUM $nirq $tpbytes"
fi
echo "PERFDATA $(wc -c < /tmp/perf.data)"
od -An -v -tx1 /tmp/perf.data | tr -d ' ' | sed 's/^/PERFHEX /'
echo "PERFEND"
if [ -n "${ARMTRACE_BRBE:-}" ]; then
	bopts=$(echo "$ARMTRACE_BRBE" | tr @ ' ')
	# shellcheck disable=SC2086
	./perf record -e pmuv3/cpu_cycles/u $bopts -o /tmp/brbe.data -- $cmd \
		> /tmp/brbe.log 2>&1
	tap $? "perf record -e pmuv3/cpu_cycles/u $bopts -- $cmd"
	sed 's/^/# /' /tmp/brbe.log
	echo "BRBEDATA $(wc -c < /tmp/brbe.data)"
	od -An -v -tx1 /tmp/brbe.data | tr -d ' ' | sed 's/^/BRBEHEX /'
	echo "BRBEEND"
fi
# The vDSO perf saved in its build-id cache: code the host cannot have.
for v in "${HOME:-/}"/.debug/\[vdso\]/*/vdso; do
	[ -f "$v" ] || continue
	id=${v%/vdso}
	echo "VDSO ${id##*/} $(wc -c < "$v")"
	od -An -v -tx1 "$v" | tr -d ' ' | sed 's/^/VDSOHEX /'
done
cat /sys/kernel/debug/armtrace_ete/loss | sed 's/^/# loss: /'
if [ -n "${ARMTRACE_DOORBELL:-}" ]; then
	sh ./doorbell-check.sh "$ARMTRACE_DOORBELL"
	tap $? "every TRBE interrupt came by the doorbell (doorbell-check.sh)"
fi
rmmod armtrace || { n=$((n + 1)); echo "not ok $n - rmmod armtrace"; rc=1; }
exit $rc
