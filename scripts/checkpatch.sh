#!/usr/bin/env bash
# checkpatch.pl --strict (from Debian's linux-source-6.1) over every kernel
# source and shared header.  Prints one TAP line; exits non-zero on any
# error, warning or check.
set -uo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${CACHE:-$("$TOP/scripts/cache-dir.sh")}
# Kernel sources and the shared headers the modules include (generated
# *.mod.c excluded).
files=$(cd "$TOP" && { find kernel selftests/debug -name '*.[ch]' ! -name '*.mod.c'
	grep -rhoE '<armtrace/[a-z_0-9]+\.h>' kernel | sort -u |
		sed 's/[<>]//g; s|^|include/|'; echo include/armtrace/bits.h; } | sort -u)
out=$(cd "$TOP" && "$CACHE/linux-source/scripts/checkpatch.pl" --strict \
	--no-tree --quiet --show-types --ignore FILE_PATH_CHANGES,SPDX_LICENSE_TAG \
	-f $files 2>&1)
if [ -n "$out" ]; then
	printf '%s\n' "$out" | sed 's/^/# /'
	echo "not ok 1 - checkpatch --strict: kernel/ include/"
	exit 1
fi
echo "ok 1 - checkpatch --strict: kernel/ include/"
