#!/bin/sh
# Print the directory armtrace keeps its caches in: the extracted Debian
# packages, the guest image, perf and the debug kernel.  Everything in it
# is keyed by what it was built from (a stamp hashing scripts/deps.sh, the
# perf and debug-kernel hashes, the guest image's age against its script),
# so clones on one machine can share it and a fresh clone starts warm.
#
#   $ARMTRACE_CACHE        if set;
#   TOP/.cache             if the tree already has one (older trees, and
#                          work trees that link it);
#   ~/.cache/armtrace      otherwise ($XDG_CACHE_HOME/armtrace if set);
#   TOP/.cache             when there is no usable home.
top=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${ARMTRACE_CACHE:-}" ]; then
	echo "$ARMTRACE_CACHE"
elif [ -e "$top/.cache" ]; then
	echo "$top/.cache"
elif base=${XDG_CACHE_HOME:-${HOME:+$HOME/.cache}} && [ -n "$base" ] &&
		mkdir -p "$base/armtrace" 2>/dev/null && [ -w "$base/armtrace" ]; then
	echo "$base/armtrace"
else
	echo "$top/.cache"
fi
