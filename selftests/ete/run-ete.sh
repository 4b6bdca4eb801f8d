#!/bin/sh
# Guest side of an `ete` PMU boot on the hardware model: armtrace.ko with
# its ete PMU, then the tests in $ARMTRACE_TESTS ('@'-separated arguments
# in $ARMTRACE_ARGS), then unload.
insmod ./armtrace.ko || { echo "not ok 1 - insmod armtrace.ko"; exit 1; }
dmesg | grep -q "armtrace-ete: PMU ete on CPUs" ||
	{ echo "not ok 1 - the ete PMU is registered"; exit 1; }
# ARMTRACE_HWTEST=1: the test driver too, for its cpu-pm command.
if [ -n "$ARMTRACE_HWTEST" ]; then
	insmod ./armtrace_hwtest.ko ||
		{ echo "not ok 1 - insmod armtrace_hwtest.ko"; exit 1; }
fi
rc=0
# ARMTRACE_WORKAROUNDS: the TRBE erratum workarounds ('@'-separated) CPU 0
# must say it uses, and no other.
if [ -n "$ARMTRACE_WORKAROUNDS" ]; then
	line=$(dmesg | grep "armtrace-ete: cpu0: MIDR .* TRBE workarounds:")
	echo "# $line"
	k=0
	for w in $(echo "$ARMTRACE_WORKAROUNDS" | tr @ ' '); do
		k=$((k + 1))
		case "$line" in
		*" $w ("*) echo "ok $k - cpu0 uses the $w workaround" ;;
		*) echo "not ok $k - cpu0 uses the $w workaround"; rc=1 ;;
		esac
	done
	n=$(echo "$line" | grep -o ' [a-z_]* (' | wc -l)
	if [ "$n" -eq "$k" ]; then
		echo "ok $((k + 1)) - cpu0 uses no other workaround"
	else
		echo "not ok $((k + 1)) - cpu0 uses no other workaround"; rc=1
	fi
fi
# ARMTRACE_REFUSED: a CPU whose TRBE is unusable (erratum 1902691): it is
# logged and the PMU is not on it.
if [ -n "$ARMTRACE_REFUSED" ]; then
	c=$ARMTRACE_REFUSED
	if dmesg | grep -q "armtrace-ete: cpu$c: TRBE unusable (erratum 1902691): CPU not supported"; then
		echo "ok 1 - cpu$c: the unusable TRBE is logged"
	else
		echo "not ok 1 - cpu$c: the unusable TRBE is logged"; rc=1
	fi
	cpus=$(dmesg | sed -n 's/.*armtrace-ete: PMU ete on CPUs //p')
	echo "# PMU ete on CPUs $cpus"
	case ",$cpus," in
	*",$c,"* | *"-"*) echo "not ok 2 - cpu$c is not supported"; rc=1 ;;
	*) echo "ok 2 - cpu$c is not supported" ;;
	esac
fi
# ARMTRACE_TRACEPOINTS: a file of lines the armtrace tracepoints must
# print (after the task/CPU/time columns), in this order; each a basic
# regular expression for the whole line.
if [ -n "$ARMTRACE_TRACEPOINTS" ]; then
	mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null
	echo 1 > /sys/kernel/tracing/events/armtrace/enable || rc=1
fi
for t in $ARMTRACE_TESTS; do
	echo "# === $t"
	if [ -n "$ARMTRACE_ARGS" ]; then
		old_ifs=$IFS
		IFS=@
		# shellcheck disable=SC2086
		set -- $ARMTRACE_ARGS
		IFS=$old_ifs
		./"$t" "$@" || rc=1
	else
		./"$t" || rc=1
	fi
done
cat /sys/kernel/debug/armtrace_ete/loss | sed 's/^/# loss: /'
# ARMTRACE_DOORBELL=N (qemu-run.sh --doorbell): every TRBE interrupt came
# as its CPU's doorbell vector, on N CPUs at least.
if [ -n "$ARMTRACE_DOORBELL" ]; then
	sh ./doorbell-check.sh "$ARMTRACE_DOORBELL" || rc=1
fi
if [ -n "$ARMTRACE_TRACEPOINTS" ]; then
	echo 0 > /sys/kernel/tracing/events/armtrace/enable
	grep -v '^#' /sys/kernel/tracing/trace | sed 's/^.*: \([a-z_]*: \)/\1/' > /tmp/tp
	sed 's/^/# tracepoint: /' /tmp/tp
	n=1 k=0
	while read -r want; do
		k=$((k + 1))
		if sed -n "${n},\$p" /tmp/tp | grep -qx "$want"; then
			n=$(( $(sed -n "${n},\$p" /tmp/tp | grep -nx "$want" | head -n1 | cut -d: -f1) + n ))
			echo "ok $k - tracepoint: $want"
		else
			echo "not ok $k - tracepoint: $want"
			rc=1
		fi
	done < "./$ARMTRACE_TRACEPOINTS"
	# The format files, for the libtraceevent plugin's host test.
	for f in /sys/kernel/tracing/events/armtrace/*/format; do
		sed "s|^|TPFORMAT $(basename "$(dirname "$f")") |" "$f"
	done
fi
[ -n "$ARMTRACE_HWTEST" ] && { rmmod armtrace_hwtest || rc=1; }
rmmod armtrace || { echo "not ok 1 - rmmod armtrace"; rc=1; }
exit $rc
