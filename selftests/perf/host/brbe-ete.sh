#!/usr/bin/env bash
# brbe-ete.sh CONSOLE TRUTH ELF: one program recorded in the guest both
# ways (selftests/perf/run-perf.sh with ARMTRACE_BRBE): ETE through TRBE,
# and BRBE branch stacks on pmuv3.  armtrace's x86-64 perf must
#
#  - give the stacks it makes from the trace (--itrace=l,
#    perf-patches/0013) BRBE's terms: every entry of either recording is a
#    taken branch of the model's ground truth with the type of its kind
#    (b UNCOND, bl CALL, cond COND, br IND, blr IND_CALL, ret RET, eret
#    ERET), the branches both hold agree in from, to and type, each of
#    the workload's (branches.S) among them; the trace's entries say
#    nothing of prediction ('-') and have no cycle counts;
#  - run `perf report -b --sort symbol_from,symbol_to` on the BRBE
#    recording (perf-patches/0012; Debian's perf 6.1 crashes there) with
#    the workload's loop branch, brb_cond -> brb_loop, on top at exactly
#    its share of the entries perf script prints.
#
# What this does not prove: the model predicts every branch, so BRBE's
# 'P' says nothing of MPRED (Documentation/pmuv3.rst, Tests).
# TAP out; the files stay beside CONSOLE.
set -uo pipefail

TOP=$(cd "$(dirname "$0")/../../.." && pwd)
BUILD=${BUILD:-$TOP/build}
PERF=${PERF:-$BUILD/perf/x86_64/perf}
STOCK_PERF=${STOCK_PERF:-/usr/bin/perf}
[ $# -eq 3 ] || { echo "usage: brbe-ete.sh CONSOLE TRUTH ELF" >&2; exit 2; }
console=$1 truth=$2 elf=$3
base=${console%.*}
# shellcheck source=../../pmu/tap.sh
. "$TOP/selftests/pmu/tap.sh"
bt() { tap "$1" "brbe-ete: $2"; }

# unhex TAG FILE: the perf.data between the console's TAGDATA and TAGEND
# lines (TAGHEX lines between), whole.
unhex() {
	local size
	size=$(tr -d '\r' < "$console" | sed -n "s/^$1DATA \([0-9]*\)$/\1/p")
	tr -d '\r' < "$console" | sed -n "/^$1DATA /,/^$1END\$/s/^$1HEX //p" |
		xxd -r -p > "$2"
	[ -n "$size" ] && [ "$(stat -c %s "$2")" = "$size" ]
}
unhex PERF "$base.ete.data"
bt $? "the ETE perf.data came back whole"
unhex BRBE "$base.brbe.data"
bt $? "the BRBE perf.data came back whole"

symfs=$(mktemp -d /tmp/armtrace-symfs.XXXXXX)
trap 'rm -rf "$symfs"' EXIT
mkdir -p "$symfs/armtrace"
cp "$elf" "$symfs/armtrace/"
popts=(--buildid-dir "$symfs/.debug" script --symfs "$symfs")

# Each entry on a line of its own: FROM TO PRED CYCLES TYPE.
entries() {
	awk '{ for (i = 2; i <= NF; i++) {
		n = split($i, f, "/")
		print f[1], f[2], f[3], f[6], (n == 7 && f[7] != "") ? f[7] : "-"
	} }'
}
"$PERF" "${popts[@]}" -i "$base.ete.data" --itrace=i1000il32 -F ip,brstack \
	2> "$base.ete.err" | entries > "$base.ete.br"
[ "${PIPESTATUS[0]}" -eq 0 ] && [ -s "$base.ete.br" ]
bt $? "perf script --itrace=i1000il32 -F ip,brstack: $(wc -l < "$base.ete.br") entries from the trace"
sed 's/^/# perf script: /' "$base.ete.err" | grep -v 'ETE trace ID' | head -5
"$PERF" "${popts[@]}" -i "$base.brbe.data" -F ip,brstack 2> "$base.brbe.err" |
	entries > "$base.brbe.br"
[ "${PIPESTATUS[0]}" -eq 0 ] && [ -s "$base.brbe.br" ]
bt $? "perf script -F ip,brstack: $(wc -l < "$base.brbe.br") entries from BRBE"
head -3 "$base.ete.br" | sed 's/^/# ETE entry: /'
head -3 "$base.brbe.br" | sed 's/^/# BRBE entry: /'

awk '$3 != "-" || $4 != 0 { bad++ } END { exit bad > 0 }' "$base.ete.br"
bt $? "every entry from the trace: prediction unknown ('-'), cycles 0"

# The truth's taken branches, "SRC DST TYPE", addresses as perf prints
# them (lower case, no leading zeros).
awk 'function a(s) { s = tolower(s); sub(/^0x0*/, "", s); return "0x" (s == "" ? "0" : s) }
BEGIN { split("b UNCOND bl CALL cond COND br IND blr IND_CALL ret RET eret ERET", k, " ")
	for (i = 1; i < 14; i += 2) type[k[i]] = k[i + 1] }
$1 == "B" && $8 == 1 && ($3 in type) { print a($4), a($5), type[$3] }' "$truth" |
	sort -u > "$base.truth.br"
[ -s "$base.truth.br" ]
bt $? "the truth holds $(wc -l < "$base.truth.br") distinct taken branches"

# against ENTRIES NAME: every entry a taken branch of the truth, of its type
against() {
	awk 'FNR == NR { t[$1 " " $2] = $3; next }
	{ k = $1 " " $2; n++
	  if (!(k in t)) { miss++; if (miss <= 3) print "# not in the truth:", $0 }
	  else if (t[k] != $5) { bad++; if (bad <= 3) print "# type", $5, "where the truth says", t[k] ":", $0 } }
	END { printf "# %d entries, %d not in the truth, %d of another type\n", n, miss, bad
	      exit n == 0 || miss + bad > 0 }' "$base.truth.br" "$1"
	bt $? "$2: every entry is a taken branch of the truth, with its kind's type"
}
against "$base.ete.br" "ETE (--itrace=l)"
against "$base.brbe.br" "BRBE"

# The branches both hold: the same type for each; the workload's among
# them.
awk '{ print $1, $2, $5 }' "$base.ete.br" | sort -u > "$base.ete.set"
awk '{ print $1, $2, $5 }' "$base.brbe.br" | sort -u > "$base.brbe.set"
join <(awk '{ print $1 "-" $2, $3 }' "$base.ete.set" | sort) \
	<(awk '{ print $1 "-" $2, $3 }' "$base.brbe.set" | sort) > "$base.both"
both=$(wc -l < "$base.both")
awk '$2 != $3 { bad++; print "# differ:", $0 } END { exit bad > 0 }' "$base.both" &&
	[ "$both" -gt 0 ]
bt $? "the $both branches in both stacks have the same type in both ($(wc -l < "$base.ete.set") from the trace, $(wc -l < "$base.brbe.set") from BRBE)"
sym() {
	aarch64-linux-gnu-nm "$elf" | awk -v s="$1" '$3 == s { sub(/^0*/, "", $1); print "0x" $1 }'
}
for b in "brb_call1 brb_leaf CALL" "brb_leaf_ret brb_after1 RET" \
	 "brb_call2 brb_leaf IND_CALL" "brb_leaf_ret brb_after2 RET" \
	 "brb_cond brb_loop COND" "brb_jump brb_tail UNCOND" \
	 "brb_ind brb_tail2 IND"; do
	read -r from to type <<< "$b"
	grep -qx "$(sym "$from")-$(sym "$to") $type $type" "$base.both"
	bt $? "$from -> $to is in both, $type"
done
# (brb_ret returns to its caller: matched by its source alone)
grep -q "^$(sym brb_ret)-0x[0-9a-f]* RET RET$" "$base.both"
bt $? "brb_ret -> its caller is in both, RET"

# perf report's branch mode with a symbol sort key: IPC accounting on.
# shellcheck disable=SC2054
ropts=(--buildid-dir "$symfs/.debug" report -i "$base.brbe.data" --symfs "$symfs"
       -b --sort symbol_from,symbol_to --stdio)
"$PERF" "${ropts[@]}" > "$base.report" 2> "$base.report.err"
r=$?
bt $r "perf report -b --sort symbol_from,symbol_to --stdio (exit $r)"
# (the host's objdump cannot annotate arm64 code for the IPC columns)
grep -v '^Error running objdump' "$base.report.err" | sed 's/^/# perf report: /' | head -5
grep -v '^#' "$base.report" | grep -v '^$' | head -3 | sed 's/^/# report: /'
top=$(grep -v '^#' "$base.report" | grep -v '^$' | head -1)
# "PCT [.] FROM [.] TO IPC [COVERAGE]"
echo "$top" | awk '{ exit !($2 == "[.]" && $3 == "brb_cond" && $4 == "[.]" && $5 == "brb_loop") }'
bt $? "perf report -b --sort symbol_from,symbol_to: brb_cond -> brb_loop is the top pair"
share=$(awk -v f="$(sym brb_cond)" -v t="$(sym brb_loop)" \
	'{ n++; m += ($1 == f && $2 == t) } END { printf "%.2f%%", n ? 100 * m / n : 0 }' \
	"$base.brbe.br")
[ "$(echo "$top" | awk '{ print $1 }')" = "$share" ]
bt $? "perf report: its share is its count among perf script's entries ($share)"
if [ -x "$STOCK_PERF" ]; then
	# (bash's own report of the signal stays out of the TAP)
	r=$({ "$STOCK_PERF" "${ropts[@]}" > /dev/null; echo $?; } 2> /dev/null)
	echo "# Debian's perf, the same report: exit $r (139: SIGSEGV, the bug 0012 fixes)"
fi
rm -f "$base.ete.set" "$base.brbe.set"
exit $tap_fail
