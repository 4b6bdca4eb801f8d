#!/usr/bin/env bash
# Build the base initramfs of the test guest (cached): busybox, an /init
# that runs /armtrace/run.sh from a per-run overlay archive, and Debian's
# arm64 perf with the closure of its shared libraries.
#
# The kernel accepts concatenated cpio archives, so each run only packs its
# own small overlay (modules, tests, script) after this one.
set -euo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${CACHE:-$("$TOP/scripts/cache-dir.sh")}
OUT=$CACHE/guest-base.cpio
ROOT=$CACHE/root
[ "$OUT" -nt "$0" ] && [ -f "$OUT" ] && exit 0

stage=$(mktemp -d "$CACHE/guest-base.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,root,etc,armtrace}
mkdir -p "$stage"/lib/aarch64-linux-gnu
cp "$ROOT/bin/busybox" "$stage/bin/busybox"
for app in $("$TOP/scripts/busybox-applets.sh"); do
	ln -sf /bin/busybox "$stage/bin/$app"
done

# perf and every library it needs, found by walking DT_NEEDED.
libdirs=("$ROOT/lib/aarch64-linux-gnu" "$ROOT/usr/lib/aarch64-linux-gnu")
declare -A seen=()
want=("$ROOT/usr/bin/perf")
cp "$ROOT/usr/bin/perf" "$stage/usr/bin/perf"
while [ ${#want[@]} -gt 0 ]; do
	f=${want[0]}; want=("${want[@]:1}")
	for lib in $(aarch64-linux-gnu-readelf -d "$f" |
			sed -n 's/.*Shared library: \[\(.*\)\]/\1/p'); do
		[ -n "${seen[$lib]:-}" ] && continue
		seen[$lib]=1
		src=
		for d in "${libdirs[@]}"; do
			[ -e "$d/$lib" ] && { src=$d/$lib; break; }
		done
		[ -n "$src" ] || { echo "guest-image: $lib not found" >&2; exit 1; }
		cp -L "$src" "$stage/lib/aarch64-linux-gnu/$lib"
		want+=("$src")
	done
done
ln -sf aarch64-linux-gnu/ld-linux-aarch64.so.1 "$stage/lib/ld-linux-aarch64.so.1"
cp "$TOP/scripts/guest-init" "$stage/init"
chmod +x "$stage/init"
echo "root:x:0:0:root:/root:/bin/sh" > "$stage/etc/passwd"

(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) > "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
