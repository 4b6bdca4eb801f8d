#!/bin/sh
# Booted without initcall_blacklist: the built-in armv8 PMU driver owns
# the PMU, so loading must fail with EBUSY, name the boot option and leave
# nothing registered.
. ./tap.sh

insmod ./armtrace.ko 2>/tmp/insmod.log
tap $(( $? == 0 )) "insmod refused"
grep -q "resource busy" /tmp/insmod.log
tap $? "with EBUSY"
dmesg | grep -q "initcall_blacklist=armv8_pmu_driver_init"
tap $? "the message names initcall_blacklist=armv8_pmu_driver_init"
# Found by the registered perf PMU, as on ACPI systems, not by the DT node.
dmesg | grep armtrace-pmuv3 | sed 's/^/# /'
dmesg | grep -qE "perf PMU armv[89]_[a-z0-9_]+ of the built-in arm_pmu driver owns the counters"
tap $? "the message names the built-in driver's perf PMU"
[ ! -d /sys/bus/event_source/devices/pmuv3 ] && ! grep -q armtrace /proc/modules
tap $? "nothing left registered"
perf stat -e instructions:u true > /tmp/stat.log 2>&1
grep -q "instructions" /tmp/stat.log && ! grep -q "not supported" /tmp/stat.log
tap $? "the built-in PMU still works"
exit $tap_fail
