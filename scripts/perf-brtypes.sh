#!/usr/bin/env bash
# The branch types of armtrace's perf's last-branch stacks made from ETE
# trace (perf-patches/0013), every one, on a synthetic recording
# (perf-ete synth --perf-data: a random walk through random A64 code,
# with exceptions) whose code perf-ete wrote beside it.  The oracle is
# independent of libete: binutils' disassembly of the code at each
# entry's source, and the walker's vector table (VBAR at the code's base,
# 0x80 bytes an entry, synchronous exceptions from SVC, HVC and SMC,
# asynchronous IRQ, FIQ and SError).  Each entry's type must be its
# instruction's (b UNCOND, b.cond/cbz/cbnz/tbz/tbnz COND, bl CALL,
# br* IND, blr* IND_CALL, ret* RET, eret* ERET) or, where it enters a
# vector, its exception's (SYSCALL, IRQ, SERROR, and FIQ, which perf on
# a non-arm64 host prints ARCH_1), with prediction unknown and no
# cycles; and every type must occur.  TAP out.
set -uo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
PERF=${PERF:-$BUILD/perf/x86_64/perf}
PERF_ETE=$BUILD/tools-perf/perf-ete
# shellcheck source=../selftests/pmu/tap.sh
. "$TOP/selftests/pmu/tap.sh"

make -s -C "$TOP/tools-perf" "$PERF_ETE" >/dev/null || exit 1
[ -x "$PERF" ] || { echo "not ok 1 - $PERF not built (make perf)"; exit 1; }
work=$(mktemp -d /tmp/armtrace-brtypes.XXXXXX)
trap 'rm -rf "$work"' EXIT
"$PERF_ETE" synth --mb 1 --aux-kb 64 --seed 7 --perf-data "$work/syn" > /dev/null
base=$(sed -n 's/^address=//p' "$work/syn/cpu_0.ini")

"$PERF" script -i "$work/syn/perf.data" --itrace=i100il8 -F ip,brstack \
	2> "$work/err" | awk '{ for (i = 2; i <= NF; i++) print $i }' > "$work/entries"
[ "${PIPESTATUS[0]}" -eq 0 ] && [ -s "$work/entries" ]
tap $? "perf script --itrace=i100il8 -F ip,brstack: $(wc -l < "$work/entries") entries"

# "ADDR MNEMONIC TARGET" for every instruction of the code (TARGET: a
# direct branch's, the last operand in hex; else -)
aarch64-linux-gnu-objdump -D -b binary -m aarch64 --adjust-vma="$base" \
	"$work/syn/code.bin" | awk -F'\t' 'NF >= 3 && $1 ~ /:$/ {
		a = $1; sub(/^ */, "", a); sub(/:$/, "", a)
		n = split($4, t, /[ ,]+/); x = "-"
		for (i = 1; i <= n; i++) if (t[i] ~ /^0x/) x = t[i]
		print "0x" a, $3, x
	}' > "$work/insns"

awk -v base="$base" '
function hex(s,   i, v) {
	s = tolower(s); sub(/^0x/, "", s)
	for (i = 1; i <= length(s); i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v
}
FNR == NR { op[$1] = $2; tgt[$1] = $3; next }
{
	n = split($0, f, "/")
	from = f[1]; to = f[2]; type = n == 7 ? f[7] : "?"
	m = op[from]; off = hex(to) - hex(base)
	# the type of the instruction, if it branches
	if (m == "b") it = "UNCOND"
	else if (m ~ /^b\./ || m ~ /^(cbz|cbnz|tbz|tbnz)$/) it = "COND"
	else if (m == "bl") it = "CALL"
	else if (m ~ /^br(aa|ab|aaz|abz)?$/) it = "IND"
	else if (m ~ /^blr(aa|ab|aaz|abz)?$/) it = "IND_CALL"
	else if (m ~ /^ret(aa|ab)?$/) it = "RET"
	else if (m ~ /^eret(aa|ab)?$/) it = "ERET"
	else it = ""
	# (a direct branch elsewhere: the entry is an exception after it)
	if (tgt[from] != "-" && hex(tgt[from]) != hex(to)) it = ""
	# the exception type, if the entry enters a vector: an indirect
	# branch into a vector entry (an ERET to an exception taken at the
	# first instruction of a vector, a random BLR) could be either, an
	# interrupt taken just after it or the branch: both types are right
	et = ""
	if (off >= 0 && off < 2048 && off % 128 == 0) {
		k = int(off / 128) % 4
		if (k == 0 && m ~ /^(svc|hvc|smc)$/) et = "SYSCALL"
		else if (k == 1) et = "IRQ"
		else if (k == 2) et = "ARCH_1"
		else if (k == 3) et = "SERROR"
	}
	if (it != "" && et != "") both++
	want = it != "" ? it : et != "" ? et : "no branch: " m
	if (type == et && et != "") want = et
	seen[type]++
	if (type != want) { bad++; if (bad <= 5) print "# " $0 ": " type ", want " want }
	if (f[3] != "-" || f[6] != 0) flags++
}
END {
	for (t in seen) printf "# %s: %d\n", t, seen[t]
	printf "# %d entries an indirect branch into a vector (either type is right)\n", both
	printf "%d %d\n", bad, flags > "/dev/stderr"
}' "$work/insns" "$work/entries" 2> "$work/verdict"
read -r bad flags < "$work/verdict"
[ "${bad:-1}" = 0 ]
tap $? "every entry's type is its instruction's or its exception's (${bad:-?} wrong)"
[ "${flags:-1}" = 0 ]
tap $? "every entry: prediction unknown ('-'), cycles 0"
for t in UNCOND COND CALL IND IND_CALL RET ERET SYSCALL IRQ ARCH_1 SERROR; do
	grep -q "/$t\$" "$work/entries"
	tap $? "entries of type $t ($(grep -c "/$t\$" "$work/entries"))"
done

# The instruction bytes each branch and instruction sample carries
# (-F insn, read through perf-patches/0020's page cache): the code's, at
# the sample's address, every one.
for it in b i100; do
	"$PERF" script -i "$work/syn/perf.data" --itrace=$it -F ip,insn \
		2> /dev/null > "$work/insn.$it"
	verdict=$(python3 - "$work/syn/code.bin" "$base" "$work/insn.$it" <<'PY'
import sys
code = open(sys.argv[1], 'rb').read()
base = int(sys.argv[2], 0)
n = bad = 0
for line in open(sys.argv[3]):
    f = line.split()
    if len(f) < 3 or f[1] != 'insn:':
        continue
    ip = int(f[0], 16)
    got = bytes(int(x, 16) for x in f[2:])
    n += 1
    if code[ip - base:ip - base + len(got)] != got or ip < base:
        bad += 1
        if bad <= 3:
            print('#', line.strip(), 'want',
                  code[ip - base:ip - base + 4].hex(' '))
print(n, bad)
PY
)
	printf '%s\n' "$verdict" | grep '^#'
	read -r n bad < <(printf '%s\n' "$verdict" | tail -n 1)
	[ "${n:-0}" -gt 1000 ] && [ "${bad:-1}" = 0 ]
	tap $? "--itrace=$it -F ip,insn: each of ${n:-0} samples carries its instruction's bytes (${bad:-?} wrong)"
done
exit $tap_fail
