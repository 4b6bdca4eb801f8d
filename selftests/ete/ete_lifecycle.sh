#!/bin/sh
# The ete PMU's lifecycle in the guest (run by run-ete.sh with armtrace.ko
# loaded): rmmod refused while an ete event exists, load/trace/unload x20,
# then, with -smp 2, CPU hotplug under a live event, two threads traced
# per thread, fork + exec under inherited events.  A kernel warning
# anywhere fails the boot (qemu-run.sh).  TAP out.
n=0
rc=0
t() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		rc=1
	fi
}

rm -f /tmp/ete-held
./ete_life hold /tmp/ete-held &
holder=$!
i=0
while [ ! -e /tmp/ete-held ] && [ $i -lt 200 ]; do
	sleep 0.05
	i=$((i + 1))
done
t "$([ -e /tmp/ete-held ]; echo $?)" "an ete event is open and enabled"
rmmod armtrace 2> /tmp/ete-rmmod.err
t "$([ $? -ne 0 ]; echo $?)" "rmmod armtrace refused while an ete event exists ($(cat /tmp/ete-rmmod.err))"
t "$(grep -q '^armtrace ' /proc/modules; echo $?)" "armtrace stays loaded"
kill "$holder"
wait "$holder"
t $? "the event's owner closes it cleanly"
rmmod armtrace
t $? "rmmod armtrace once the event is closed"

bad=0
i=0
while [ $i -lt 20 ]; do
	insmod ./armtrace.ko || { echo "# insmod $i failed"; bad=1; break; }
	./ete_life once || { echo "# trace $i failed"; bad=1; }
	rmmod armtrace || { echo "# rmmod $i failed"; bad=1; break; }
	i=$((i + 1))
done
t $bad "insmod, trace an event, rmmod: 20 times"
insmod ./armtrace.ko
t $? "armtrace.ko loads again for the rest"

if [ -e /sys/devices/system/cpu/cpu1/online ]; then
	echo "# --- hotplug"
	./ete_life hotplug || rc=1
	echo "# --- threads"
	./ete_life threads || rc=1
fi
echo "# --- fork + exec"
./ete_life forkexec || rc=1
exit $rc
