#!/usr/bin/env bash
# Install everything armtrace needs, from Debian packages only, idempotently.
#
# Host tools go through apt-get.  The arm64 guest payload (Debian's stock
# kernel, its headers, busybox and Debian's arm64 perf with its shared
# library closure) is apt-get download'ed and dpkg -x'ed into $CACHE, never
# installed into the host.  The extracted kernel headers are fixed up in the
# cache so out-of-tree modules cross-build against them.
set -euo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${CACHE:-$("$TOP/scripts/cache-dir.sh")}
# The stamp is named by this script's content: a changed package list or
# recipe reruns it in every cache, shared or not.
STAMP=$CACHE/.deps-$(sha256sum "$0" | cut -c1-16)

HOST_PKGS=(
	build-essential gcc-aarch64-linux-gnu libc6-dev-arm64-cross
	qemu-system-arm qemu-utils device-tree-compiler cpio
	linux-kbuild-6.1 linux-source-6.1 sparse bc flex bison
	libelf-dev libopencsd-dev clang libclang-rt-14-dev llvm
	pkg-config xz-utils python3 xxd
	# perf 6.1 from linux-source-6.1 (scripts/perf-build.sh), and
	# Debian's own perf to read its files
	libtraceevent-dev libdw-dev libzstd-dev liblzma-dev zlib1g-dev
	libcap-dev libnuma-dev libslang2-dev libunwind-dev linux-perf
	# AutoFDO (create_gcov, dump_gcov) on BRBE recordings and on perf
	# inject's ETE output
	autofdo
)

log() { printf 'deps: %s\n' "$*" >&2; }

# Clones sharing the cache wait for each other: a rerun re-extracts the
# packages other builds read.
mkdir -p "$CACHE"
exec 9> "$CACHE/.deps.lock"
flock 9
if [ -f "$STAMP" ] && [ -e "$CACHE/kdir" ] && [ "${1:-}" != "--force" ]; then
	exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
	echo "deps: must run as root (apt-get)" >&2
	exit 1
fi

export DEBIAN_FRONTEND=noninteractive
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
	log "adding dpkg architecture arm64"
	dpkg --add-architecture arm64
fi
# Third-party sources on the machine may be unreachable; Debian's are what
# we need, so a partial update is not fatal.
apt-get update -q || log "apt-get update reported errors; continuing"

missing=()
for p in "${HOST_PKGS[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	log "installing ${missing[*]}"
	apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

mkdir -p "$CACHE/debs" "$CACHE/root"

# The kernel ABI comes from the metapackage, never hard-coded.
kimg=$(apt-cache depends linux-image-arm64:arm64 |
	sed -n 's/^ *Depends: \(linux-image-6\.1\.0-[0-9]*-arm64\).*/\1/p' | head -n1)
[ -n "$kimg" ] || { log "cannot resolve the arm64 kernel ABI"; exit 1; }
abi=${kimg#linux-image-}          # 6.1.0-NN-arm64
common=linux-headers-${abi%-arm64}-common
log "kernel $abi"

# Debian's arm64 perf and the closure of what it depends on (arm64 or all).
closure() {
	apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
		--no-breaks --no-replaces --no-enhances "$@" 2>/dev/null |
		sed -n 's/^\([a-z0-9][^ <>]*\)$/\1/p' | sort -u
}
want=("$kimg:arm64" "linux-headers-$abi:arm64" "$common" "busybox-static:arm64")
perf_pkgs=$(closure linux-perf:arm64 | grep ':arm64$' || true)
# perf only needs the shared libraries of its closure, not the tools and
# maintainer scripts that come along with them.
for p in $perf_pkgs; do
	case "$p" in
	*-dev:arm64|libc-bin:arm64|libpam*) continue ;;
	lib*|zlib1g*) want+=("$p") ;;
	esac
done
want+=("linux-perf:arm64")

cd "$CACHE/debs"
todo=()
for p in "${want[@]}"; do
	n=${p%:arm64}
	ls "${n}"_*.deb >/dev/null 2>&1 || todo+=("$p")
done
if [ ${#todo[@]} -gt 0 ]; then
	log "downloading ${#todo[@]} packages"
	apt-get download -q "${todo[@]}"
fi

for p in "${want[@]}"; do
	n=${p%:arm64}
	case "$n" in
	linux-image-*|linux-headers-*) dest=$CACHE/kernel ;;
	*) dest=$CACHE/root ;;
	esac
	mkdir -p "$dest"
	for f in "${n}"_*.deb; do dpkg -x "$f" "$dest"; done
done

# Fix up the extracted headers so kbuild works against them (in the cache).
hdr=$CACHE/kernel/usr/src/linux-headers-$abi
chdr=$CACHE/kernel/usr/src/$common
mkdir -p "$CACHE/kernel/usr/lib"
ln -sfn /usr/lib/linux-kbuild-6.1 "$CACHE/kernel/usr/lib/linux-kbuild-6.1"
sed -i "s|^include /usr/src/$common/Makefile|include $chdr/Makefile|" "$hdr/Makefile"
ln -sfn "$hdr" "$CACHE/kdir"
ln -sfn "$CACHE/kernel/boot/vmlinuz-$abi" "$CACHE/Image"
ln -sfn "$CACHE/kernel/lib/modules/$abi" "$CACHE/kmods"
echo "$abi" > "$CACHE/abi"

# linux-source-6.1 provides checkpatch, the kselftest harness and libperf.
# The unpacked tree is marked with the tarball it came from, so a cache
# outlives an upgrade of the package without mixing two versions.
src=$(ls /usr/src/linux-source-6.1.tar.* | head -n1)
mark=$(stat -c '%n %s' "$src")
if [ "$(cat "$CACHE/linux-source/.armtrace-from" 2>/dev/null)" != "$mark" ]; then
	log "unpacking $src"
	rm -rf "$CACHE/linux-source" "$CACHE/linux-source.tmp"
	mkdir -p "$CACHE/linux-source.tmp"
	tar -xf "$src" -C "$CACHE/linux-source.tmp" --strip-components=1
	echo "$mark" > "$CACHE/linux-source.tmp/.armtrace-from"
	mv "$CACHE/linux-source.tmp" "$CACHE/linux-source"
fi

touch "$STAMP"
log "done"
