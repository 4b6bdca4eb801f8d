#!/bin/sh
# doorbell-check.sh [CPUS]: in a guest booted with qemu-run.sh --doorbell,
# with armtrace.ko loaded and its ete PMU's work done: every TRBE
# interrupt came as its CPU's MSI-X vector of the model's doorbell, none
# was handled by the poll, and at least CPUS CPUs (default 1) took some.
# TAP; exits 1 when a point fails.
want=${1:-1}
db=/sys/kernel/debug/armtrace_model/trbe_irq
loss=/sys/kernel/debug/armtrace_ete/loss
n=0 rc=0
tap() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n - doorbell: $2"
	else
		echo "not ok $n - doorbell: $2"
		rc=1
	fi
}
sed 's/^/# trbe_irq: /' $db
grep armtrace-trbe /proc/interrupts | sed 's/^/# interrupts: /'
dmesg | grep -q "armtrace: TRBE interrupt: doorbell"
tap $? "the TRBE interrupt is the doorbell's"
# Each CPU whose TRBE interrupts the ete PMU handled (irqs in its loss
# file): at least that many doorbell interrupts (a spurious one counts
# too), none handled by a poll, none taken on another CPU.
traced=0
for cpu in $(sed -n 's/^\([0-9]*\) [0-9]* [0-9]* \([1-9][0-9]*\) .*/\1:\2/p' $loss); do
	c=${cpu%:*} irqs=${cpu#*:}
	traced=$((traced + 1))
	# shellcheck disable=SC2046
	set -- $(sed -n "s/^$c doorbell \([0-9]*\) \([0-9]*\) \([0-9]*\)$/\1 \2 \3/p" $db)
	[ $# -eq 3 ] && [ "$1" -ge "$irqs" ] && [ "$2" -eq 0 ] && [ "$3" -eq 0 ]
	tap $? "cpu$c: its $irqs TRBE interrupts came by doorbell (${1:-?}), none polled (${2:-?}), none elsewhere (${3:-?})"
done
[ "$traced" -ge "$want" ]
tap $? "$traced CPUs took TRBE interrupts (want $want at least)"
# /proc/interrupts: vector n's count is all in CPU n's column.
grep armtrace-trbe /proc/interrupts | awk '
	{ for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++)
		if (i - 2 != NR - 1 && $i != 0) bad = 1 }
	END { exit bad || NR == 0 }'
tap $? "/proc/interrupts: each armtrace-trbe vector was taken on its own CPU only"
exit $rc
