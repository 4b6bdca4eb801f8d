#!/bin/sh
# Guest side of an `ete` PMU boot on the hardware model: armtrace.ko with
# its ete PMU, then the tests in $ARMTRACE_TESTS ('@'-separated arguments
# in $ARMTRACE_ARGS), then unload.
insmod ./armtrace.ko || { echo "not ok 1 - insmod armtrace.ko"; exit 1; }
dmesg | grep -q "armtrace-ete: PMU ete on CPUs" ||
	{ echo "not ok 1 - the ete PMU is registered"; exit 1; }
rc=0
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
rmmod armtrace || { echo "not ok 1 - rmmod armtrace"; rc=1; }
exit $rc
