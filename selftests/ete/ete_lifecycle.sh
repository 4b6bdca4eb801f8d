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

# perf reads cpuN/ of every CPU it records on: one offline at the load
# gets its directory when it comes online.
if [ -e /sys/devices/system/cpu/cpu1/online ]; then
	d=/sys/bus/event_source/devices/ete
	echo 0 > /sys/devices/system/cpu/cpu1/online
	insmod ./armtrace.ko
	tap "$([ ! -e $d/cpu1 ] && [ -e $d/cpu0/trcidr/trcidr0 ]; echo $?)" "cpu1 offline at the load: cpu0/, no cpu1/"
	echo 1 > /sys/devices/system/cpu/cpu1/online
	tap "$([ -n "$(cat $d/cpu1/trcidr/trcidr0)" ] &&
	       [ "$(cat $d/cpu1/trcidr/trcidr0)" = "$(cat $d/cpu0/trcidr/trcidr0)" ] &&
	       [ "$(cat $d/cpu1/mgmt/trcdevarch)" = "$(cat $d/cpu0/mgmt/trcdevarch)" ]; echo $?)" \
	    "cpu1 online after the load: cpu1/ has its ID registers ($(cat $d/cpu1/trcidr/trcidr0 2>/dev/null))"
	echo 0 > /sys/devices/system/cpu/cpu1/online
	echo 1 > /sys/devices/system/cpu/cpu1/online
	tap "$([ -e $d/cpu1/trcidr/trcidr0 ]; echo $?)" "cpu1 offline and online again: still one cpu1/"
	rmmod armtrace
	tap $? "rmmod removes a directory made at CPU online"
fi
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
