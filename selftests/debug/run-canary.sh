#!/bin/sh
# Guest side of the debug kernel's boot in make check: module code under
# every checker first -- armtrace.ko's PMUs through the tests in
# $ARMTRACE_TESTS -- then the negative control, which commits each bug
# class once (armtrace_canary.ko).  TAP out.  The verdict is the host's
# (scripts/guest-tests.sh, canary-dbg): qemu-run.sh must fail this run
# with every class's report in the kernel log, and with no report before
# the canary's start, marked in that log.
. ./tap.sh
if [ -n "$ARMTRACE_TESTS" ]; then
	# load and unload first: what init leaves behind, kmemleak finds
	ok=0
	for i in 1 2 3; do
		insmod ./armtrace.ko && rmmod armtrace || ok=1
	done
	tap $ok "armtrace.ko loaded and unloaded 3 times"
	insmod ./armtrace.ko
	tap $? "insmod armtrace.ko"
	for t in $ARMTRACE_TESTS; do
		echo "# === $t"
		./"$t"
		tap $? "$t ran clean"
	done
	rmmod armtrace
	tap $? "rmmod armtrace"
fi
echo "armtrace-canary: the canary starts" > /dev/kmsg
# lockdep first: a KASAN report taints the kernel and turns lockdep off.
# The leak last, its module left loaded: kmemleak's report then names
# canary_leak, which is how the host tells the canary's leak from ours.
for f in lockdep sleep ubsan kasan leak; do
	insmod ./armtrace_canary.ko fault=$f
	tap $? "armtrace_canary fault=$f loaded"
	[ $f = leak ] || rmmod armtrace_canary
done
exit $tap_fail
