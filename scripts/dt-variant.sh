#!/usr/bin/env bash
# Write the device tree of a QEMU virt machine, edited to look like a
# board that QEMU cannot model, for the pmuv3 probe tests.
#
#   dt-variant.sh OUT.dtb NAME QEMU-COMMAND...
#
# NAME:
#   a53-pmu    /pmu is "arm,cortex-a53-pmu" alone, as most 6.1 board
#              trees name their PMU
#   spi-pmu    /pmu has one SPI per CPU (SPIs 100, 101, ...), as on Juno
#   two-types  the cpu nodes claim two core types (cortex-a57 for cpu@0,
#              cortex-a53 for the others), as on a big.LITTLE board
#
# QEMU-COMMAND is the run's qemu-system-aarch64 command line (same -M,
# -cpu, -smp, -m); it is run once with -machine dumpdtb.
set -euo pipefail

[ $# -ge 3 ] || { echo "usage: dt-variant.sh OUT.dtb NAME QEMU-COMMAND..." >&2; exit 2; }
out=$1 name=$2; shift 2
"$@" -machine dumpdtb="$out" > "$out.log" 2>&1 || { cat "$out.log" >&2; exit 1; }
rm -f "$out.log"
case $name in
a53-pmu)
	fdtput -t s "$out" /pmu compatible arm,cortex-a53-pmu ;;
spi-pmu)
	ncpu=$(fdtget -l "$out" /cpus | grep -c '^cpu@')
	irqs=()
	for ((i = 0; i < ncpu; i++)); do irqs+=(0 $((100 + i)) 4); done
	fdtput -t u "$out" /pmu interrupts "${irqs[@]}" ;;
two-types)
	for cpu in $(fdtget -l "$out" /cpus | grep '^cpu@'); do
		c=arm,cortex-a53
		[ "$cpu" = cpu@0 ] && c=arm,cortex-a57
		fdtput -t s "$out" "/cpus/$cpu" compatible "$c"
	done ;;
*)
	echo "dt-variant: unknown variant $name" >&2; exit 2 ;;
esac
