#!/bin/sh
# Guest side of the hardware-model boot: armtrace.ko (which owns the hw
# layer) and its test driver, then the tests that drive ETE+TRBE and BRBE
# through it.
# hwtest drives the trace unit itself: the ete PMU must not own it.
insmod ./armtrace.ko ete=0 || { echo "not ok 1 - insmod armtrace.ko"; exit 1; }
dmesg | grep -q "armtrace: register access through the model backend: ETE TRBE BRBE" ||
	{ echo "not ok 1 - armtrace.ko uses the model backend"; exit 1; }
insmod ./armtrace_hwtest.ko || { echo "not ok 1 - insmod armtrace_hwtest.ko"; exit 1; }
rc=0
for t in $ARMTRACE_TESTS; do
	echo "# === $t"
	# ARMTRACE_ARGS: arguments for the test, '@'-separated.
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
rmmod armtrace_hwtest || { echo "not ok 1 - rmmod armtrace_hwtest"; rc=1; }
rmmod armtrace || { echo "not ok 1 - rmmod armtrace"; rc=1; }
exit $rc
