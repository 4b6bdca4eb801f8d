#!/bin/sh
# perf-ete-doorbell's workload: busybox seq 1 N on each of two CPUs at
# once, so that both TRBEs fill their windows again and again.
n=${1:-200}
taskset -c 0 /bin/busybox seq 1 "$n" > /dev/null &
taskset -c 1 /bin/busybox seq 1 "$n" > /dev/null
wait
