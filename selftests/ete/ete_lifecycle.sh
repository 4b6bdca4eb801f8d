#!/bin/sh
# The ete PMU's lifecycle in the guest (run by run-ete.sh with armtrace.ko
# loaded): rmmod refused while an ete event exists, load/trace/unload x20,
# then, with -smp 2, CPU hotplug under a live event, two threads traced
# per thread, fork + exec under inherited events.  A kernel warning
# anywhere fails the boot (qemu-run.sh).  TAP out.
. ./tap.sh

rm -f /tmp/ete-held
./ete_life hold /tmp/ete-held &
holder=$!
i=0
while [ ! -e /tmp/ete-held ] && [ $i -lt 200 ]; do
	sleep 0.05
	i=$((i + 1))
done
tap "$([ -e /tmp/ete-held ]; echo $?)" "an ete event is open and enabled"
rmmod armtrace 2> /tmp/ete-rmmod.err
tap "$([ $? -ne 0 ]; echo $?)" "rmmod armtrace refused while an ete event exists ($(cat /tmp/ete-rmmod.err))"
tap "$(grep -q '^armtrace ' /proc/modules; echo $?)" "armtrace stays loaded"
kill "$holder"
wait "$holder"
tap $? "the event's owner closes it cleanly"
rmmod armtrace
tap $? "rmmod armtrace once the event is closed"

bad=0
i=0
while [ $i -lt 20 ]; do
	insmod ./armtrace.ko || { echo "# insmod $i failed"; bad=1; break; }
	./ete_life once || { echo "# trace $i failed"; bad=1; }
	rmmod armtrace || { echo "# rmmod $i failed"; bad=1; break; }
	i=$((i + 1))
done
tap $bad "insmod, trace an event, rmmod: 20 times"
insmod ./armtrace.ko
tap $? "armtrace.ko loads again for the rest"

if [ -e /sys/devices/system/cpu/cpu1/online ]; then
	echo "# --- hotplug"
	./ete_life hotplug || tap_fail=1
	echo "# --- threads"
	./ete_life threads || tap_fail=1
fi
echo "# --- fork + exec"
./ete_life forkexec || tap_fail=1
exit $tap_fail
