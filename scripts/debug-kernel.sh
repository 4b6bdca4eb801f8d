#!/usr/bin/env bash
# Build the debug guest kernel (lockdep, KASAN, kmemleak, ...) from Debian's
# linux-source-6.1 and armtrace's modules against it.
#
#   debug-kernel.sh            build (or reuse) the kernel; print its tree
#   debug-kernel.sh --key      print the cache key and exit
#   debug-kernel.sh --cached   exit 0 when the kernel is in the cache
#   debug-kernel.sh --modules  also build kernel/ against it into
#                              $BUILD/debug/kernel/*.ko
#
# The kernel is allnoconfig plus scripts/debug-kernel.config, built out of
# tree (O=) from the unpacked $CACHE/linux-source and cached in
# $DEBUG_KERNEL_CACHE/KEY, where KEY hashes the source tarball, the config
# fragment, the build recipe's version and the compiler.  Only what booting
# and external module builds need is kept: Image, System.map, .config,
# Module.symvers, the generated headers and the host tools under scripts/.
# A fresh clone on the same machine finds it there; a key is built once,
# concurrent builders wait.
set -euo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${CACHE:-$("$TOP/scripts/cache-dir.sh")}
BUILD=${BUILD:-$TOP/build}
DEBUG_KERNEL_CACHE=${DEBUG_KERNEL_CACHE:-$CACHE/debug-kernel}
TARBALL=${KERNEL_TARBALL:-$(ls /usr/src/linux-source-6.1.tar.* 2>/dev/null | head -n1)}
SRC=$CACHE/linux-source
FRAG=$TOP/scripts/debug-kernel.config
JOBS=${JOBS:-2}
# Bump when the way the kernel is built or pruned changes (not for changes
# to the module build below, which must not cost a kernel rebuild).
RECIPE=1
KARGS=(ARCH=arm64)
[ "$(uname -m)" = aarch64 ] || KARGS+=(CROSS_COMPILE=aarch64-linux-gnu-)
cc=aarch64-linux-gnu-gcc
[ "$(uname -m)" = aarch64 ] && cc=gcc

die() { echo "debug-kernel: $*" >&2; exit 1; }

mode=build
case "${1:-}" in
--key) mode=key ;;
--cached) mode=cached ;;
--modules) mode=modules ;;
'') ;;
*) echo "usage: debug-kernel.sh [--key|--cached|--modules]" >&2; exit 2 ;;
esac

if [ ! -r "$TARBALL" ] || [ ! -f "$SRC/Makefile" ]; then
	[ $mode = cached ] && exit 1
	[ -r "$TARBALL" ] || die "no linux-source-6.1 tarball (apt-get install linux-source-6.1)"
	die "$SRC is not unpacked (make deps)"
fi

key=$({
	# The tarball's name carries Debian's version; hashing 130 MB per
	# run costs a second, the name and size almost nothing.
	stat -c '%n %s %Y' "$TARBALL"
	sha256sum < "$FRAG"
	echo "recipe $RECIPE ${KARGS[*]}"
	"$cc" --version | head -n1
} | sha256sum | cut -c1-16)
rel=$(sed -n 's/^\(VERSION\|PATCHLEVEL\|SUBLEVEL\) = //p' "$SRC/Makefile" | paste -sd.)
key="$rel-$key"
[ $mode = key ] && { echo "$key"; exit 0; }

dir=$DEBUG_KERNEL_CACHE/$key
[ $mode = cached ] && { [ -f "$dir/Image" ]; exit; }
mkdir -p "$DEBUG_KERNEL_CACHE"
exec 9> "$dir.lock"
flock 9
if [ -f "$dir/Image" ]; then
	echo "debug-kernel: kernel from the cache ($key)" >&2
else
	echo "debug-kernel: building linux $rel with the debug config ($key)" >&2
	start=$(date +%s)
	rm -rf "$dir"
	mkdir -p "$dir"
	KCONFIG_ALLCONFIG=$FRAG make -C "$SRC" O="$dir" "${KARGS[@]}" \
		allnoconfig > "$dir/build.log" 2>&1 ||
		{ tail -n 40 "$dir/build.log" >&2; die "allnoconfig failed"; }
	# A fragment line that Kconfig dropped (unmet dependency, renamed
	# symbol) would silently build a kernel without that checker.
	lost=$(grep '^CONFIG_' "$FRAG" | while read -r line; do
		grep -qxF "$line" "$dir/.config" || echo "$line"
	done)
	[ -z "$lost" ] || die "the config lost: $lost"
	if ! make -C "$SRC" O="$dir" "${KARGS[@]}" -j"$JOBS" Image modules \
			>> "$dir/build.log" 2>&1; then
		tail -n 40 "$dir/build.log" >&2
		die "build failed; log: $dir/build.log"
	fi
	# External modules need the headers, config, symbol versions and host
	# tools; the objects are most of the gigabytes.
	cp "$dir/arch/arm64/boot/Image" "$dir/Image.tmp"
	find "$dir" \( -name '*.o' -o -name '*.a' -o -name '.*.cmd' \) \
		-not -path "$dir/scripts/*" -delete
	rm -f "$dir/vmlinux" "$dir"/.tmp_vmlinux* "$dir/arch/arm64/boot/Image"
	echo "built in $(($(date +%s) - start)) s" >> "$dir/build.log"
	mv "$dir/Image.tmp" "$dir/Image"
	echo "debug-kernel: built in $(($(date +%s) - start)) s" >&2
fi
exec 9>&-
[ $mode = modules ] || { echo "$dir"; exit 0; }

# kbuild writes an external module's objects beside its sources, so the
# debug build works on a copy of kernel/ (and include/, which Kbuild finds
# as ../include) and never touches the stock build's objects.
out=$BUILD/debug
mkdir -p "$out"
# tar keeps the sources' times, so an unchanged file is not rebuilt.
tar -C "$TOP" -cf - --exclude='*.o' --exclude='*.ko' --exclude='.*.cmd' \
	--exclude='*.mod' --exclude='*.mod.c' --exclude='Module.symvers' \
	--exclude='modules.order' kernel include | tar -C "$out" -xf -
make -C "$dir" M="$out/kernel" "${KARGS[@]}" -j"$JOBS" W=1 modules >&2
# The negative control (selftests/debug): a module whose every load is a
# bug the checkers must report.  Built here only, never for the stock kernel.
mkdir -p "$out/canary"
cp -p "$TOP"/selftests/debug/Kbuild "$TOP"/selftests/debug/armtrace_canary.c "$out/canary/"
make -C "$dir" M="$out/canary" "${KARGS[@]}" W=1 modules >&2
echo "$dir"
