#!/usr/bin/env bash
# Write the perf series from a git tree of the perf sources back into
# tools-perf/perf-patches: one patch per commit after BASE, numbered
# "[PATCH n/N]", with the zero hash upstream's format-patch uses for
# unpublished work and no trailing version signature, and the series
# file listing them.
#
#   perf-series-export.sh GIT_TREE BASE
#
# GIT_TREE holds linux-source-6.1 (tools/ at least) with the series as
# commits (git am tools-perf/perf-patches/*.patch); BASE is the commit of
# the unpatched sources.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
PATCHES=$TOP/tools-perf/perf-patches
[ $# -eq 2 ] || { echo "usage: perf-series-export.sh GIT_TREE BASE" >&2; exit 2; }
tree=$1 base=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$tree" format-patch -q --numbered -o "$tmp" "$base"..HEAD
rm -f "$PATCHES"/[0-9][0-9][0-9][0-9]-*.patch
{
	echo "# perf 6.1 patches, applied in this order by scripts/perf-build.sh"
	for p in "$tmp"/*.patch; do
		name=$(basename "$p")
		sed -e '1s/^From [0-9a-f]* /From 0000000000000000000000000000000000000000 /' \
			-e '/^-- $/,$d' "$p" > "$PATCHES/$name"
		echo "$name"
	done
} > "$PATCHES/series"
cat "$PATCHES/series"
