#!/usr/bin/env bash
# The callchains of armtrace's perf (--itrace=g, perf-patches/0008, 0021
# and 0022) on a recording whose call stack is known at every instruction
# (tools-perf/tests/callchain_data.c): one instruction sample each, its
# chain exactly the program's return addresses, where the trace stops
# and starts again after calls, returns and jumps and where a callee is
# not traced; and after trace lost.  --itrace=cr's indentation must
# follow the same stack.
# TAP out.
set -uo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
PERF=${PERF:-$BUILD/perf/x86_64/perf}
GEN=$BUILD/tools-perf/callchain-data
# shellcheck source=../selftests/pmu/tap.sh
. "$TOP/selftests/pmu/tap.sh"

make -s -C "$TOP/tools-perf" "$GEN" >/dev/null || exit 1
[ -x "$PERF" ] || { echo "not ok 1 - $PERF not built (make perf)"; exit 1; }
work=$(mktemp -d /tmp/armtrace-callchain.XXXXXX)
trap 'rm -rf "$work"' EXIT
"$GEN" "$work" || exit 1

# chains DIR: one line a sample, its chain's addresses, innermost first
chains() {
	"$PERF" script -i "$1/perf.data" --itrace=g16i1i -F ip 2> "$1/err" |
		awk 'BEGIN { RS = "" } {
			l = ""
			for (i = 1; i <= NF; i++)
				if ($i != "[unknown]") l = l (l == "" ? "" : " ") $i
			print l
		}' > "$1/got"
	return "${PIPESTATUS[0]}"
}

chains "$work"
tap $? "perf script --itrace=g16i1i decodes the recording"
diff "$work/expected" "$work/got" > "$work/diff"
tap $? "--itrace=g: each of the $(wc -l < "$work/expected") instructions' callchain is the program's stack"
sed 's/^/# /' "$work/diff" | head -20

# --itrace=cr: each call's target and each return's source is indented
# by the depth of the stack there (its expected chain's length - 1); the
# code is at 0x400000.  (A return the trace ended after is left out: its
# target is not known until the trace begins again, so perf prints it a
# level deeper, as it does for Intel PT when the target is not traced.)
"$PERF" script -i "$work/perf.data" --itrace=cr -F flags,addr 2>/dev/null > "$work/crf"
"$PERF" script -i "$work/perf.data" --itrace=cr -F callindent,addr 2>/dev/null |
	paste -d '|' "$work/crf" - | grep -v 'tr end' | sed 's/^[^|]*|//' |
	awk '$1 != "=>" { print $1, match($0, /[^ ]/) - 1 }' > "$work/cr"
awk 'function hex(s,   i, v) {
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	NR == FNR { d[$1] = NF - 1; next }
	{ a = sprintf("%x", hex($1) - hex("400000"))
	  if (!(a in d)) { bad++; next }
	  n[++k] = $2; dep[k] = d[a] }
	END {
		for (i = 1; i <= k; i++) if (dep[i] == 0) c0 = n[i]
		for (i = 1; i <= k; i++) if (dep[i] == 1) w = n[i] - c0
		for (i = 1; i <= k; i++) if (n[i] != c0 + w * dep[i]) bad++
		exit !(k > 0 && w > 0 && !bad)
	}' "$work/expected" "$work/cr"
tap $? "--itrace=cr: $(wc -l < "$work/cr") calls and returns, each indented by its depth"
# Trace lost (a COLLISION record) after a call: from where the trace
# begins again the chains hold only the frames it showed being entered
# (perf-patches/0021 must not push the call from before the hole).
"$GEN" --lost "$work/lost" || exit 1
chains "$work/lost"
diff "$work/lost/expected" "$work/lost/got" > "$work/lost/diff"
tap $? "--itrace=g after lost trace: each of the $(wc -l < "$work/lost/expected") chains holds only what the trace showed"
sed 's/^/# /' "$work/lost/diff" | head -20
exit $tap_fail
