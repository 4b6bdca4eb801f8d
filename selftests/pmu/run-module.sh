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

# An event on a task that outlives the module: 6.1's perf core keeps the
# task's perf context (and its PMU pointer) after the event is gone, and
# reached the freed PMU at the task's next switch -- an oops, which fails
# the run from the kernel log (kernel/task_ctx.c).  The task is this shell.
insmod ./armtrace.ko
perf stat -e pmuv3/inst_retired/ -p $$ -- sleep 1 > /tmp/stat.log 2>&1
grep -q "pmuv3/inst_retired/" /tmp/stat.log
tap $? "perf stat -p of this shell"
rmmod armtrace
tap $? "rmmod after an event on a task that lives on"
i=0
while [ $i -lt 50 ]; do i=$((i + 1)); /bin/true; done
sleep 1
# (an oops would panic the guest: oops=panic; a non-fatal report shows here)
! dmesg | grep -qE "Internal error|Unable to handle|BUG:"
tap $? "the task that had the event is switched out and in again"
insmod ./armtrace.ko
perf stat -e pmuv3/inst_retired/ -p $$ -- sleep 1 > /tmp/stat.log 2>&1
grep -q "pmuv3/inst_retired/" /tmp/stat.log
tap $? "and takes a pmuv3 event of the reloaded module"
rmmod armtrace
exit $tap_fail
