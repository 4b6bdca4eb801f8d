#!/bin/sh
# Guest side of the compat-mode boot (Documentation/armtrace.rst, "Compat
# mode"): the ete PMU registered as cs_etm and recorded by Debian's own
# arm64 perf 6.1, unmodified.
#
#  1. With Debian's coresight module loaded (it registers cs_etm at load)
#     `insmod armtrace.ko ete_pmu_name=cs_etm` fails cleanly: EEXIST, a
#     message naming the clash, no module left, no sysfs warning.
#  2. Without it the load registers cs_etm and
#     `perf record -e cs_etm//u -o FILE -- $ARMTRACE_ARGS` ('@'-separated)
#     records the command twice: with perf's default per-CPU buffers
#     ("cpu": perf adds contextid and timestamp) and with --per-thread
#     ("thread": config 0).  Each FILE goes to the host base64-encoded
#     between "PERFDATA-BEGIN NAME" and "PERFDATA-END", where Debian's
#     x86-64 perf decodes it (selftests/ete/host/compat-host.sh).
# shellcheck source=selftests/pmu/tap.sh
. ./tap.sh
export HOME=/tmp
PMUS=/sys/bus/event_source/devices

# 1. The name is taken.
insmod ./configfs.ko && insmod ./coresight.ko
tap $? "Debian's coresight module loads"
[ -e $PMUS/cs_etm/type ]
tap $? "coresight registered the cs_etm PMU"
err=$(insmod ./armtrace.ko ete_pmu_name=cs_etm 2>&1)
st=$?
echo "# insmod: $err"
[ $st -ne 0 ] && echo "$err" | grep -q "File exists"
tap $? "insmod armtrace.ko ete_pmu_name=cs_etm fails with EEXIST"
dmesg | grep -q "armtrace-ete: PMU name cs_etm is taken"
tap $? "the kernel log names the clash"
! grep -q "^armtrace " /proc/modules && [ ! -e $PMUS/cs_etm/cpu0 ] &&
	[ ! -e $PMUS/pmuv3 ]
tap $? "nothing of armtrace is left: no module, no PMU, no cpu0/ in cs_etm"
! dmesg | grep -q "cannot create duplicate"
tap $? "no duplicate sysfs name was tried"
rmmod coresight && rmmod configfs
tap $? "coresight unloads"

# 2. perf 6.1 records the cs_etm PMU.
insmod ./armtrace.ko ete_pmu_name=cs_etm
tap $? "insmod armtrace.ko ete_pmu_name=cs_etm"
dmesg | grep -q "armtrace-ete: PMU cs_etm on CPUs" && [ ! -e $PMUS/ete ]
tap $? "the ete PMU is registered as cs_etm, not as ete"
old_ifs=$IFS
IFS=@
# shellcheck disable=SC2086
set -- $ARMTRACE_ARGS
IFS=$old_ifs
for mode in cpu thread; do
	opt=
	[ $mode = thread ] && opt=--per-thread
	# shellcheck disable=SC2086
	perf record -N $opt -e cs_etm//u -o /tmp/$mode.data -- "$@" \
		> /tmp/out 2> /tmp/err
	st=$?
	sed 's/^/# perf record: /' /tmp/err
	tap $st "perf record $opt -e cs_etm//u -- $*"
	[ -s /tmp/$mode.data ]
	tap $? "$mode: perf.data written"
	echo "PERFDATA-BEGIN $mode"
	base64 /tmp/$mode.data
	echo "PERFDATA-END"
done
sed 's/^/# loss: /' /sys/kernel/debug/armtrace_ete/loss
rmmod armtrace
tap $? "rmmod armtrace"
exit "$tap_fail"
