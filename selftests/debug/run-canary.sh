#!/bin/sh
# Guest side of the debug kernel's negative control: commit each bug class
# once (armtrace_canary.ko).  TAP out: each insmod happened.  The verdict
# is the host's: qemu-run.sh must fail this run, with every class's
# report in the kernel log (scripts/guest-tests.sh, canary-dbg).
. ./tap.sh
# lockdep first: a KASAN report taints the kernel and turns lockdep off.
for f in lockdep sleep ubsan leak kasan; do
	insmod ./armtrace_canary.ko fault=$f
	tap $? "armtrace_canary fault=$f loaded"
	rmmod armtrace_canary
done
exit $tap_fail
