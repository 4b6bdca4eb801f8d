#!/usr/bin/env bash
# Write the device tree of a QEMU virt machine with the armtrace hardware
# model's region reserved in it.
#
#   hwmodel-dtb.sh OUT.dtb ADDR QEMU-COMMAND...
#
# QEMU-COMMAND is the qemu-system-aarch64 command line of the run (same
# -M, -cpu, -smp, -m); it is run once with -machine dumpdtb to get the
# machine's own tree.  The model's region (HWM_REGION_SIZE bytes at guest
# PA ADDR, see include/armtrace/hwmodel_abi.h) becomes a no-map child of
# /reserved-memory with compatible "armtrace,hwmodel".
set -euo pipefail

[ $# -ge 3 ] || { echo "usage: hwmodel-dtb.sh OUT.dtb ADDR QEMU-COMMAND..." >&2; exit 2; }
out=$1 addr=$(($2)); shift 2
# 1 global page + 2 pages for each of 8 CPUs: HWM_REGION_SIZE
size=$((4096 * (1 + 2 * 8)))
tmp=$(mktemp -d /tmp/armtrace-dtb.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

"$@" -machine dumpdtb="$tmp/virt.dtb" > "$tmp/qemu.log" 2>&1 ||
	{ cat "$tmp/qemu.log" >&2; exit 1; }
dtc -q -I dtb -O dts -o "$tmp/virt.dts" "$tmp/virt.dtb"
# dtc merges a second definition of a node into the first.
cat >> "$tmp/virt.dts" <<DTS

/ {
	reserved-memory {
		#address-cells = <0x2>;
		#size-cells = <0x2>;
		ranges;

		armtrace-hwmodel@$(printf '%x' $addr) {
			compatible = "armtrace,hwmodel";
			reg = <$(printf '0x%x 0x%x 0x0 0x%x' $((addr >> 32)) $((addr & 0xffffffff)) $size)>;
			no-map;
		};
	};
};
DTS
dtc -q -I dts -O dtb -o "$out" "$tmp/virt.dts"
