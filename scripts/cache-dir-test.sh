#!/usr/bin/env bash
# TAP: scripts/cache-dir.sh picks the cache each caller then shares, in
# the documented order.
set -uo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/tree/scripts" "$t/home"
cp "$TOP/scripts/cache-dir.sh" "$t/tree/scripts/"
run() { env -u ARMTRACE_CACHE -u XDG_CACHE_HOME "$@" "$t/tree/scripts/cache-dir.sh"; }
n=0 bad=0
is() {
	n=$((n + 1))
	if [ "$1" = "$2" ]; then echo "ok $n - $3"
	else echo "not ok $n - $3"; echo "#   got '$1', want '$2'"; bad=1; fi
}
is "$(run HOME="$t/home")" "$t/home/.cache/armtrace" \
	"a tree without .cache uses ~/.cache/armtrace"
[ -d "$t/home/.cache/armtrace" ]; is $? 0 "and creates it"
is "$(run HOME="$t/home" XDG_CACHE_HOME="$t/xdg")" "$t/xdg/armtrace" \
	"XDG_CACHE_HOME is honoured"
is "$(run HOME="$t/home" ARMTRACE_CACHE="$t/mine")" "$t/mine" \
	"ARMTRACE_CACHE wins"
mkdir "$t/tree/.cache"
is "$(run HOME="$t/home")" "$t/tree/.cache" \
	"a tree's own .cache wins over the home cache"
rmdir "$t/tree/.cache"
is "$(run -u HOME)" "$t/tree/.cache" "no home: the tree's .cache"
echo "1..$n"
exit $bad
