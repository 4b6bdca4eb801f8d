#!/bin/sh
# Guest side of one pmuv3 boot: load the module, run the test binaries
# named in $ARMTRACE_TESTS, unload.  Prints TAP (one line per test point).
rc=0
if [ -n "$ARMTRACE_TESTS" ]; then
	insmod ./armtrace.ko || { echo "not ok 1 - insmod armtrace.ko"; exit 1; }
	for t in $ARMTRACE_TESTS; do
		echo "# === $t"
		./"$t" || rc=1
	done
	rmmod armtrace || { echo "not ok 1 - rmmod armtrace"; rc=1; }
fi
for s in $ARMTRACE_SCRIPTS; do
	echo "# === $s"
	sh ./"$s" || rc=1
done
exit $rc
