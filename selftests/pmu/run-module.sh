#!/bin/sh
# Module lifecycle in the guest: load/unload x20, rmmod refused while an
# event is open, and everything usable again afterwards.
. ./tap.sh

ok=0
i=0
while [ $i -lt 20 ]; do
	insmod ./armtrace.ko || ok=1
	[ -d /sys/bus/event_source/devices/pmuv3 ] || ok=1
	rmmod armtrace || ok=1
	[ ! -d /sys/bus/event_source/devices/pmuv3 ] || ok=1
	i=$((i + 1))
done
tap $ok "load/unload x20"

insmod ./armtrace.ko
perf stat -e pmuv3/cpu_cycles/ -- sleep 2 > /tmp/stat.log 2>&1 &
sleep 1
# The perf core holds a module reference per event: delete_module says
# EWOULDBLOCK (busybox rmmod is non-blocking).
ok=0
rmmod armtrace 2>/tmp/rmmod.log && ok=1
sed 's/^/# /' /tmp/rmmod.log
grep -q "Resource temporarily unavailable" /tmp/rmmod.log || ok=1
[ -d /sys/bus/event_source/devices/pmuv3 ] || ok=1
tap $ok "rmmod refused while an event is open"
wait
grep -q "pmuv3/cpu_cycles/" /tmp/stat.log
tap $? "the open event still counted to the end"
rmmod armtrace
tap $? "rmmod once the event is closed"
exit $tap_fail
