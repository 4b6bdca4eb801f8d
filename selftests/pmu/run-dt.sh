#!/bin/sh
# pmuv3's probe on an edited device tree (scripts/dt-variant.sh).
# ARMTRACE_DT_EXPECT: "probe" - the PMU registers and counts; otherwise
# the kernel-log message of the refusal (a grep -E pattern): insmod fails
# with nothing registered, and loads again with pmuv3=0.  '@' stands
# for a space (guest-tests.sh splits options at spaces).
. ./tap.sh
expect=$(echo "$ARMTRACE_DT_EXPECT" | tr @ ' ')

if [ "$expect" = probe ]; then
	insmod ./armtrace.ko
	tap $? "insmod"
	[ -d /sys/bus/event_source/devices/pmuv3 ]
	tap $? "pmuv3 registered"
	perf stat -x, -e pmuv3/inst_retired/u -- ./spin 100000 > /tmp/stat.log 2>&1
	sed 's/^/# /' /tmp/stat.log
	n=$(sed -n 's/^\([0-9][0-9]*\),.*pmuv3\/inst_retired\/u.*/\1/p' /tmp/stat.log)
	# spin 100000 is 200001 loop instructions plus start-up and exit.
	[ -n "$n" ] && [ "$n" -ge 200001 ] && [ "$n" -lt 300000 ]
	tap $? "inst_retired counts the loop ($n)"
	rmmod armtrace
	tap $? "rmmod"
else
	insmod ./armtrace.ko 2>/tmp/insmod.log
	tap $(( $? == 0 )) "insmod refused"
	dmesg | grep armtrace | sed 's/^/# /'
	dmesg | grep -qE "$expect"
	tap $? "the log says why: $expect"
	[ ! -d /sys/bus/event_source/devices/pmuv3 ] && ! grep -q armtrace /proc/modules
	tap $? "nothing left registered"
	insmod ./armtrace.ko pmuv3=0 && rmmod armtrace
	tap $? "pmuv3=0 loads"
fi
exit $tap_fail
