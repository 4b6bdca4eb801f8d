#!/bin/sh
# What `make demo` shows inside the guest.
set -x
insmod ./armtrace.ko
ls /sys/bus/event_source/devices/pmuv3/format /sys/bus/event_source/devices/pmuv3/events
cat /sys/bus/event_source/devices/pmuv3/caps/filters
# EL0 and EL1 counted separately, by exclude flags and by raw filters.
perf stat -e pmuv3/inst_retired/u -e pmuv3/inst_retired/k \
	-e pmuv3/cpu_cycles/u -- ./spin 1000000
perf stat -e pmuv3/inst_retired,filter=1,p=1/ \
	-e pmuv3/inst_retired,filter=1,u=1/ -- busybox find / -name '*.ko'
# A RES0 field on this CPU is refused, not silently ignored.
perf stat -e pmuv3/inst_retired,filter=1,nsk=1/ true
# Sampling: every 100000 user cycles, all inside spin_loop.
perf record -q -o /tmp/demo.data -e pmuv3/cpu_cycles/u -c 100000 -- ./spin 1000000
perf script -i /tmp/demo.data -F ip,sym | sort | uniq -c
rmmod armtrace
