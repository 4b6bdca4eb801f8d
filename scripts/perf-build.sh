#!/usr/bin/env bash
# Build perf 6.1 from Debian's linux-source-6.1 with armtrace's patch series.
#
#   perf-build.sh ARCH        ARCH: x86_64 (the host), x86_64-asan (the
#                             host's under ASan and UBSan, for make check's
#                             decode of bad input) or aarch64 (the guest,
#                             static)
#   perf-build.sh --key ARCH  print the cache key and exit
#
# The perf sources (tools/perf/MANIFEST) are extracted from the tarball
# /usr/src/linux-source-6.1.tar.xz, which must be the 6.1.y release named
# in tools-perf/perf-patches/BASE; the patches in its `series` are applied
# with patch -p1 and no fuzz, and the files under perf-patches/files/ are
# copied over the tree.  The host perf links libete (LIBETE=, built here
# from tools-perf/lib: libete-dec.a, the decoder without the encoder) to
# decode ETE; the guest's has no decoder.  The result is cached in $PERF_CACHE/KEY, where KEY
# hashes the tarball, the series, the files, this script, the compiler and
# the build options (only the binary and build.log are kept), and copied
# to $BUILD/perf/ARCH/perf.  Concurrent builds of one key wait for each
# other.
set -euo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${CACHE:-$("$TOP/scripts/cache-dir.sh")}
BUILD=${BUILD:-$TOP/build}
PERF_CACHE=${PERF_CACHE:-$CACHE/perf}
TARBALL=${PERF_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
PATCHES=$TOP/tools-perf/perf-patches
JOBS=${JOBS:-2}

key_only=0
[ "${1:-}" = --key ] && { key_only=1; shift; }
arch=${1:-}

# Every build: no libbfd (GPL-3, as Debian builds perf), no scripting or
# BPF (nothing armtrace needs, and a third of the build time).
opts=(NO_LIBBFD=1 NO_LIBPERL=1 NO_LIBPYTHON=1 NO_JVMTI=1 NO_LIBBPF=1)
case "$arch" in
x86_64)
	# Debian's libtraceevent 1.7, OpenCSD 1.3.3 (ETMv3/v4 decoding) and
	# libete (ETE decoding).
	opts+=(CORESIGHT=1 LIBTRACEEVENT_DYNAMIC=1)
	goal=all
	cc=gcc
	libete=1
	;;
x86_64-asan)
	# The same perf, perf and libete both instrumented: a report stops
	# it (-fno-sanitize-recover), so no finding goes by as a warning.
	# DEBUG=1: -O0 and asserts on; perf's -O6 with -ggdb3 under ASan
	# compiles several times slower, for inputs that take seconds.  Only
	# the perf goal: the dlfilters and plugins are not decoded with.
	san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
	opts+=(CORESIGHT=1 LIBTRACEEVENT_DYNAMIC=1 DEBUG=1 "EXTRA_CFLAGS=$san"
	       "LDFLAGS=$san")
	goal=perf
	cc=gcc
	libete=1
	libete_cflags="-O1 -g $san"
	;;
aarch64)
	# A static binary for the guest's busybox initramfs: no arm64 -dev
	# libraries, so no libelf (symbol-minimal) and the in-tree
	# libtraceevent.  Only the `perf` goal: dlfilters cannot link static.
	opts+=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- LDFLAGS=-static
	       NO_LIBELF=1)
	goal=perf
	cc=aarch64-linux-gnu-gcc
	libete=0
	;;
*)
	echo "usage: perf-build.sh [--key] x86_64|x86_64-asan|aarch64" >&2
	exit 2
	;;
esac

die() { echo "perf-build: $*" >&2; exit 1; }

[ -r "$TARBALL" ] || die "$TARBALL not found (apt-get install linux-source-6.1)"
base=$(sed -n 's/^version *= *//p' "$PATCHES/BASE")
[ -n "$base" ] || die "$PATCHES/BASE names no version"
series=()
while read -r p; do
	case "$p" in ''|'#'*) continue ;; esac
	[ -f "$PATCHES/$p" ] || die "series names $p, which does not exist"
	series+=("$p")
done < "$PATCHES/series"

# The key: everything that changes the binary.
key=$({
	echo "arch $arch goal $goal ${opts[*]}"
	"$cc" --version | head -n1
	sha256sum < "$TARBALL"
	sha256sum < "$0"
	for p in "${series[@]}"; do echo "$p"; sha256sum < "$PATCHES/$p"; done
	if [ $libete = 1 ]; then
		# libete as tools-perf builds it, headers included
		(cd "$TOP" && find tools-perf/lib tools-perf/mk tools-perf/Makefile \
			include/armtrace -type f | LC_ALL=C sort | xargs sha256sum)
	fi
	if [ -d "$PATCHES/files" ]; then
		(cd "$PATCHES/files" && find . -type f | LC_ALL=C sort |
			xargs -r sha256sum)
	fi
} | sha256sum | cut -c1-16)
key="$arch-$base-$key"
[ $key_only = 1 ] && { echo "$key"; exit 0; }

out=$BUILD/perf/$arch
dir=$PERF_CACHE/$key
mkdir -p "$PERF_CACHE" "$out"
exec 9> "$dir.lock"
flock 9
if [ -x "$dir/perf" ]; then
	echo "perf-build: $arch perf from the cache ($key)" >&2
else
	echo "perf-build: building perf $base for $arch ($key)" >&2
	start=$(date +%s)
	rm -rf "$dir"
	mkdir -p "$dir/obj"
	src=$dir/src
	mkdir "$src"
	# tools/ (a superset of what tools/perf/MANIFEST lists), the rest of
	# the MANIFEST and the top Makefile (the release).
	top=$(basename "$TARBALL")
	top=${top%%.tar.*}
	tar -xf "$TARBALL" -C "$src" --strip-components=1 "$top/Makefile" \
		"$top/tools" "$top/scripts/bpf_doc.py" "$top/kernel/bpf/disasm.c" \
		"$top/kernel/bpf/disasm.h" || die "cannot extract perf from $TARBALL"
	have=$(sed -n 's/^\(VERSION\|PATCHLEVEL\|SUBLEVEL\) = //p' \
		"$src/Makefile" | paste -sd.)
	[ "$have" = "$base" ] ||
		die "$TARBALL is linux $have; the perf series applies to $base (tools-perf/perf-patches/BASE)"
	# What `perf version` says: the release and that it is ours.
	echo "#define PERF_VERSION \"$base-armtrace\"" > "$src/PERF-VERSION-FILE"
	for p in "${series[@]}"; do
		patch -d "$src" -p1 -F0 -N -s --no-backup-if-mismatch \
			< "$PATCHES/$p" > "$dir/patch.log" 2>&1 ||
			{ cat "$dir/patch.log" >&2; die "$p does not apply to $base"; }
	done
	[ -d "$PATCHES/files" ] && cp -r "$PATCHES/files/." "$src/"
	make_opts=("${opts[@]}")
	if [ $libete = 1 ]; then
		lib=$dir/libete
		mkdir -p "$lib/include"
		# the decoder's layers only: perf never links the encoder
		# (CFLAGS from the environment: tools-perf's own += still apply)
		CFLAGS=${libete_cflags:--O2 -g} \
		make -s -C "$TOP/tools-perf" BUILD="$lib/obj" CC="$cc" -j"$JOBS" \
			"$lib/obj/tools-perf/libete-dec.a" > "$dir/libete.log" 2>&1 ||
			{ cat "$dir/libete.log" >&2; die "libete does not build"; }
		cp "$lib/obj/tools-perf/libete-dec.a" "$lib/libete.a"
		cp -r "$TOP/tools-perf/lib/include/ete" "$lib/include/"
		make_opts+=(LIBETE="$lib")
	fi
	if ! make -C "$src/tools/perf" O="$dir/obj" -j"$JOBS" "${make_opts[@]}" \
			"$goal" > "$dir/build.log" 2>&1; then
		tail -n 40 "$dir/build.log" >&2
		die "build failed; log: $dir/build.log"
	fi
	cp "$dir/obj/perf" "$dir/perf.tmp"
	mv "$dir/perf.tmp" "$dir/perf"
	# A key is built once: only the binary and its log are worth keeping.
	rm -rf "$src" "$dir/obj" "$dir/libete"
	echo "perf-build: $arch perf built in $(($(date +%s) - start)) s" >&2
fi
cp "$dir/perf" "$out/perf.tmp"
mv "$out/perf.tmp" "$out/perf"
echo "$key" > "$out/KEY"
