#!/bin/sh
# The doorbell device removed while the ete PMU holds its vectors (a PCI
# remove through sysfs), in a qemu-run.sh --doorbell boot with armtrace.ko
# loaded: ete_loss's fills first come by doorbell (doorbell-check.sh),
# then after the remove every CPU polls again and ete_loss's fills are
# handled by the poll.  TAP out.
#
# ete_loss only makes the fills here; its own points are comments: its
# reader must see 4 buffers' worth of trace go through, and with the
# doorbell how much is lost at each fill depends on when QEMU's I/O
# thread delivers the ring -- on a loaded host, long after (in guest
# instructions): 63 KB instead of 290 KB went through once.
. ./tap.sh
db=/sys/kernel/debug/armtrace_model/trbe_irq
./ete_loss 2>&1 | sed 's/^/# ete_loss: /'
sh ./doorbell-check.sh 1 || tap_fail=1
# polls COLUMN-SUM: the handler calls the poll made, over every CPU
polls() { awk 'NR > 1 { n += $4 } END { print n + 0 }' $db; }
dev=
for d in /sys/bus/pci/devices/*; do
	[ "$(cat "$d/vendor"):$(cat "$d/device")" = 0x1af4:0x1110 ] && dev=$d
done
r=1
[ -n "$dev" ] && echo 1 > "$dev/remove" && r=0
tap $r "the doorbell device (${dev:-none}) is removed while in use"
dmesg | grep -q "armtrace: TRBE doorbell removed: polling TRBSR_EL1.IRQ"
tap $? "the backend says it polls from now on"
[ "$(awk 'NR > 1 && $2 != "poll"' $db | wc -l)" -eq 0 ]
tap $? "every CPU's TRBE interrupt is polled"
before=$(polls)
./ete_loss 2>&1 | sed 's/^/# ete_loss: /'
sed 's/^/# trbe_irq: /' $db
[ "$(polls)" -gt "$before" ]
tap $? "ete_loss's fills were handled by the poll ($before, then $(polls))"
[ "$(grep -c armtrace-trbe /proc/interrupts)" -eq 0 ]
tap $? "the vectors are freed"
exit $tap_fail
