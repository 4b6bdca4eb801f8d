#!/usr/bin/env bash
# Host side of a perf boot (selftests/perf/run-perf.sh): take the
# perf.data the guest printed, decode it with armtrace's x86-64 perf and
# compare its branch samples with the hardware model's ground truth; then
# Debian's perf, when installed, must read the file the same way.
#
#   perf-truth.sh CONSOLE TRUTH ELF...
#
# BRANCH_CHECK_TAIL=1: the file holds snapshots (perf record -S) of an
# AUX buffer of PERF_TRUTH_SNAPSHOT_BYTES (when set): each must hold all
# the buffer's trace since the snapshot before, and its samples the
# truth's last before the trace window it ended with (branch_check's
# BRANCH_CHECK_SNAPSHOTS, found here from the file's AUX records).
#
# CONSOLE: the run's output (PERFDATA/PERFHEX/PERFEND lines); ELF: the
# guest's binaries the trace ran in, by their guest path under $SYMFS
# (default: copies under the guest paths /armtrace/NAME and /bin/NAME).
# The guest's vDSO, when it printed one (VDSO/VDSOHEX lines), goes into a
# build-id cache of the run's own (perf --buildid-dir).
# TAP out; the perf.data and perf script's output are kept beside CONSOLE.
set -uo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
PERF=${PERF:-$BUILD/perf/x86_64/perf}
STOCK_PERF=${STOCK_PERF:-/usr/bin/perf}
[ $# -ge 3 ] || { echo "usage: perf-truth.sh CONSOLE TRUTH ELF..." >&2; exit 2; }
console=$1 truth=$2
shift 2
base=${console%.*}
data=$base.perf.data
# shellcheck source=../selftests/pmu/tap.sh
. "$TOP/selftests/pmu/tap.sh"
pt() { tap "$1" "perf-truth: $2"; }

size=$(sed -n 's/^PERFDATA \([0-9]*\)$/\1/p' "$console")
sed -n '/^PERFDATA /,/^PERFEND$/s/^PERFHEX //p' "$console" | xxd -r -p > "$data"
[ -n "$size" ] && [ "$(stat -c %s "$data")" = "$size" ]
pt $? "the guest's perf.data came back whole (${size:-no} bytes)"

# The guest's binaries at their guest paths: perf finds code by the
# MMAP2 records' file names, under --symfs.
symfs=$(mktemp -d /tmp/armtrace-symfs.XXXXXX)
trap 'rm -rf "$symfs"' EXIT
mkdir -p "$symfs/armtrace" "$symfs/bin"
for elf in "$@"; do
	case "$(basename "$elf")" in
	busybox) cp "$elf" "$symfs/bin/" ;;
	*) cp "$elf" "$symfs/armtrace/" ;;
	esac
done

# The cs_etm header, then per CPU the ETE magic and its registers.
# The guest's vDSO, where perf looks for it: its build-id cache.
bid=$symfs/.debug
read -r _ vdso_id vdso_size < <(grep '^VDSO ' "$console" | head -n1) || true
if [ -n "${vdso_id:-}" ]; then
	mkdir -p "$bid/[vdso]/$vdso_id" "$bid/.build-id/${vdso_id:0:2}"
	sed -n 's/^VDSOHEX //p' "$console" | xxd -r -p > "$bid/[vdso]/$vdso_id/vdso"
	ln -s "../../[vdso]/$vdso_id" "$bid/.build-id/${vdso_id:0:2}/${vdso_id:2}"
	[ "$(stat -c %s "$bid/[vdso]/$vdso_id/vdso")" = "$vdso_size" ]
	pt $? "the guest's vDSO came back whole ($vdso_size bytes)"
fi

"$PERF" report -D -i "$data" > "$base.dump" 2>&1
# The guest's armtrace:trbe_irq tracepoints (run-perf.sh TPSUM): a record
# kept for each AUX record, with the same bytes.
read -r _ tp_n tp_bytes < <(grep '^TPSUM ' "$console") || true
if [ -n "${tp_n:-}" ]; then
	read -r aux_n aux_bytes < <(sed -n 's/.*PERF_RECORD_AUX offset: [0-9a-fx]* size: \([0-9a-fx]*\) .*/\1/p' \
		"$base.dump" | while read -r z; do echo $((z)); done |
		awk '$1 > 0 { n++; s += $1 } END { print n + 0, s + 0 }')
	[ "$tp_bytes" = "$aux_bytes" ] && [ "$tp_n" -ge "$aux_n" ] && [ "$aux_n" -gt 0 ]
	pt $? "armtrace:trbe_irq in the guest: $tp_n window ends, $tp_bytes bytes; $aux_n AUX records with data, $aux_bytes bytes"
fi
grep -Eq "Magic number[[:space:]]+5050505050505050" "$base.dump" &&
	grep -Eq "TRCDEVARCH[[:space:]]+47705a13" "$base.dump"
pt $? "AUXTRACE_INFO is cs_etm's, with ETE per-CPU metadata"
sed -n '/Magic number/,/TRCDEVARCH/p' "$base.dump" | sed 's/^/# /'

"$PERF" --buildid-dir "$bid" script -v -i "$data" --symfs "$symfs" --itrace=b -F tid,cpu,ip,addr \
	> "$base.branches" 2> "$base.script.err"
pt $? "perf script --itrace=b decodes the file"
grep -v -e '^cs_etm: ETE trace ID' -e 'build id event received' \
	-e 'unwind: target platform' "$base.script.err" |
	sed 's/^/# perf script: /' | head -n 20
# Every queue went to libete (perf-patches/0004), none to OpenCSD.
queues=$(grep -c '^cs_etm: ETE trace ID .* decoded by libete$' "$base.script.err")
[ "$queues" -gt 0 ]
pt $? "libete decoded the ETE queues ($queues)"

# The same samples as OpenCSD (1.3.3) makes from the same file, for every
# sample kind cs-etm.c makes from the decoder's elements: branches,
# instructions (with their symbols), last-branch stacks, errors.
for itrace in "b -F tid,cpu,ip,addr,flags" "i1i -F tid,cpu,ip,sym,symoff" \
		"bl16 -F ip,addr,brstack" "i7i -F cpu,ip,period" "e -F ip"; do
	opts=(--buildid-dir "$bid" script -i "$data" --symfs "$symfs" --itrace=${itrace%% *})
	read -ra fields <<< "${itrace#* }"
	"$PERF" "${opts[@]}" "${fields[@]}" > "$base.libete.out" 2>/dev/null
	PERF_CS_ETM_ETE_DECODER=opencsd "$PERF" "${opts[@]}" "${fields[@]}" \
		> "$base.opencsd.out" 2>/dev/null
	cmp -s "$base.libete.out" "$base.opencsd.out"
	pt $? "--itrace=${itrace%% *}: libete's samples are OpenCSD's ($(wc -l < "$base.libete.out") lines)"
done
rm -f "$base.libete.out" "$base.opencsd.out"

# Calls and returns (--itrace=cr, perf-patches/0008): exactly the branch
# samples flagged call or return, with the thread-stack's depth.
popts=(--buildid-dir "$bid" script -i "$data" --symfs "$symfs")
"$PERF" "${popts[@]}" --itrace=b -F ip,addr,flags 2>/dev/null |
	grep -E '^ *(call|return) ' > "$base.b-cr"
"$PERF" "${popts[@]}" --itrace=cr -F ip,addr,flags > "$base.cr-all" 2>/dev/null
grep -E '^ *(call|return) ' "$base.cr-all" > "$base.cr"
if [ -n "${BRANCH_CHECK_RANGE:-}" ]; then
	# (a range filter on a leaf function: its returns end the trace,
	# "tr end return", and no call is in view)
	cmp -s "$base.cr" "$base.b-cr"
	pt $? "--itrace=cr: the calls and returns of --itrace=b (a range: $(grep -c call "$base.cr") calls, $(grep -c return "$base.cr") returns)"
	tap_skip "perf-truth: --itrace=cr: jumps and depths" "a range of a leaf function has no call in view"
else
	[ -s "$base.cr" ] && cmp -s "$base.cr" "$base.b-cr"
	pt $? "--itrace=cr: the calls and returns of --itrace=b ($(grep -c call "$base.cr") calls, $(grep -c return "$base.cr") returns)"
	# ... and no other branch: the filter keeps no jump
	! grep -qE '^ *(jmp|jcc) ' "$base.cr-all" && grep -qE '^ *jcc ' \
		<("$PERF" "${popts[@]}" --itrace=b -F ip,flags 2>/dev/null)
	pt $? "--itrace=cr: no plain or conditional jump among them (--itrace=b has them)"
	depths=$("$PERF" "${popts[@]}" --itrace=cr -F callindent 2>/dev/null |
		sed 's/[^ ].*//' | awk '{ print length($0) }' | sort -un | wc -l)
	# (start/stop filters on a leaf and its caller's loop: two depths)
	mind=3
	[ -n "${BRANCH_CHECK_STARTSTOP:-}" ] && mind=2
	[ "$depths" -ge $mind ]
	pt $? "--itrace=cr: calls indented by their depth ($depths depths)"
fi

# Callchains (--itrace=g): one per instruction sample.  Where the trace
# starts with the program and perf has its symbols (not CPU-wide, which
# begins inside running processes), every chain ends in its entry point.
"$PERF" "${popts[@]}" --itrace=i97i -F ip 2>/dev/null | grep -c . > "$base.ni"
"$PERF" "${popts[@]}" --itrace=g64i97i -F ip 2>/dev/null |
	awk 'BEGIN { RS = "" } { n++; c[$NF]++ } END {
		for (k in c) print c[k], k; print n, "chains" }' |
	sort -rn > "$base.chains"
chains=$(sed -n 's/^\([0-9]*\) chains$/\1/p' "$base.chains")
[ "${chains:-0}" -gt 0 ] && [ "$chains" = "$(cat "$base.ni")" ]
pt $? "--itrace=g: a callchain for each of the $(cat "$base.ni") instruction samples"
case $(basename "$base") in
*perf-ete|*perf-ete-per-thread)	# perf_workload, with its symbols
	start=$(sed -n 's/^\([0-9]*\) _start$/\1/p' "$base.chains")
	[ "${start:-0}" = "$chains" ]
	pt $? "--itrace=g: every chain ends in _start (${start:-0} of $chains)"
	[ "${start:-0}" = "$chains" ] || sed 's/^/# /' "$base.chains" | head
	;;
esac
rm -f "$base.b-cr" "$base.cr-all" "$base.ni"

# What users run next (Documentation/perf-ete.rst).  perf inject finds
# code by build ID, not --symfs: the binaries go into the build-id cache.
for elf in "$@"; do
	"$PERF" --buildid-dir "$bid" buildid-cache -a "$elf" 2>/dev/null
done
nb=$("$PERF" "${popts[@]}" --itrace=b -F ip 2>/dev/null | wc -l)
"$PERF" "${popts[@]}" --itrace=bl8 \
	-F comm,tid,ip,sym,symoff,addr,flags,brstack,brstacksym,insn \
	> "$base.full" 2>/dev/null
r=$?
nf=$(wc -l < "$base.full")
ni=$(grep -Ev 'tr strt|tr end' "$base.full" | grep -vc 'insn: ')
[ $r -eq 0 ] && [ "$nf" = "$nb" ] && [ "$ni" = 0 ]
pt $? "perf script -F ...,brstack,brstacksym,insn: $nf samples, each branch with its instruction bytes"
# (perf report lists each unknown address apart: known symbols only)
top=$("$PERF" "${popts[@]}" --itrace=i100i -F ip,sym 2>/dev/null |
	awk '$NF != "[unknown]" { print $NF }' | sort | uniq -c |
	sort -k1,1rn -k2 | awk 'NR == 1 { print $2 }')
ropts=(--buildid-dir "$bid" report -i "$data" --symfs "$symfs" --stdio)
rtop=$("$PERF" "${ropts[@]}" --itrace=i100i --sort sym 2>/dev/null |
	awk '!/^#/ && NF >= 3 && $3 !~ /^0x/ { print $3; exit }')
if [ -n "$top" ]; then
	[ "$rtop" = "$top" ]
	pt $? "perf report --stdio: the hottest symbol is the one with most instruction samples (${rtop:-none})"
else
	tap_skip "perf-truth: perf report --stdio" "no symbols for the traced code"
fi
case $(basename "$base") in
*perf-ete|*perf-ete-per-thread)	# (addr2line needs every binary's symbols)
	"$PERF" "${ropts[@]}" --branch-history --itrace=l16i1000i \
		> "$base.bh" 2>/dev/null &&
		grep -q -- '--[0-9.]*%--' "$base.bh"
	pt $? "perf report --branch-history on --itrace=l16i1000i"
	;;
esac
"$PERF" --buildid-dir "$bid" inject -i "$data" --itrace=il64 --strip \
	-o "$base.inj.data" 2>/dev/null &&
	"$PERF" --buildid-dir "$bid" script -i "$base.inj.data" -F ip,brstack \
		> "$base.inj" 2>/dev/null &&
	"$PERF" "${popts[@]}" --itrace=il64 -F ip,brstack 2>/dev/null |
	cmp -s - "$base.inj" && [ -s "$base.inj" ]
pt $? "perf inject --itrace=il64 --strip: $(wc -l < "$base.inj" 2>/dev/null || echo 0) samples with their branch stacks, as perf script makes them"
rm -f "$base.full" "$base.bh" "$base.inj" "$base.inj.data"

# The loss the kernel flagged (armtrace_ete/loss, per CPU: TRUNCATED and
# COLLISION records) is the loss perf reports, record for record.
read -r k_trunc k_coll < <(sed -n 's/^# loss: \([0-9]*\) \([0-9]*\) \([0-9]*\) .*/\2 \3/p' "$console" |
	awk '{ t += $1; c += $2 } END { print t + 0, c + 0 }')
p_trunc=$(sed -n 's/^AUX data lost \([0-9]*\) times.*/\1/p' "$base.script.err")
p_coll=$(sed -n 's/^AUX data detected collision *\([0-9]*\) times.*/\1/p' "$base.script.err")
[ "${p_trunc:-0}" = "$k_trunc" ] && [ "${p_coll:-0}" = "$k_coll" ]
pt $? "perf reports the kernel's loss: $k_trunc TRUNCATED, $k_coll COLLISION records"
# No silent loss: a CPU whose trace unit made bytes its TRBE could not
# take (the model counts them: the loss file's last column) has records
# flagged for it.
silent=$(sed -n 's/^# loss: \([0-9]*\) \([0-9]*\) \([0-9]*\) [0-9]* \([0-9]*\)$/\1 \2 \3 \4/p' "$console" |
	awk '$4 > 0 && $2 + $3 == 0 { print "cpu" $1 ": " $4 " bytes" }')
ncpu=$(grep -c '^# loss: [0-9]* [0-9]* [0-9]* [0-9]* [0-9]*$' "$console")
[ "$ncpu" -gt 0 ] && [ -z "$silent" ]
pt $? "no silent loss: every CPU whose TRBE dropped trace has a flagged record ($ncpu CPUs${silent:+; not: $silent})"
# ... and says where, one error sample a flag (perf-patches/0005).
"$PERF" --buildid-dir "$bid" script -i "$data" --symfs "$symfs" --itrace=e \
	> "$base.errors" 2>/dev/null
e_trunc=$(grep -c 'code 5: AUX buffer full: trace lost' "$base.errors")
e_coll=$(grep -c 'code 6: trace overwritten in the sink' "$base.errors")
[ "$e_trunc" = "$k_trunc" ] && [ "$e_coll" = "$k_coll" ]
pt $? "--itrace=e: an error sample for each ($e_trunc TRUNCATED, $e_coll COLLISION)"

# Snapshots: which trace window each ended with, how much each holds.
# The kernel ends an AUX record at each window's end, the head at its
# aux_offset; a snapshot holds the bytes before the head it read, padded
# to 8 bytes: it ended with the last record whose aux_offset is at most
# its end, fewer than 8 bytes before it.  In the ring, all the trace
# since the snapshot before is there, up to the buffer's size.  perf 6.1
# queues no part of a record a snapshot cut (perf-patches/0014): when
# there is one, Debian's perf decodes less than ours.
snap_cut=0
if [ "${BRANCH_CHECK_TAIL:-}" = 1 ]; then
	declare -A auxs=() prev=()
	while read -r c off size flags; do
		auxs[$c]+=" $((off)):$((size)):$((flags))"
	done < <(sed -n 's/^ *\([0-9]*\) .*PERF_RECORD_AUX offset: \([0-9a-fx]*\) size: \([0-9a-fx]*\) flags: \([0-9a-fx]*\).*/\1 \2 \3 \4/p' "$base.dump")
	windows=() ns=0 sizes_ok=1
	while read -r size off c; do
		size=$((size)) off=$((off))
		ns=$((ns + 1))
		end=$((off + size)) w=0 k=0 head=-1
		for a in ${auxs[$c]:-}; do
			IFS=: read -r aoff asize aflags <<< "$a"
			# (the truth's windows: the records a stop ended, not a fill)
			[ $((aflags & 8)) = 0 ] && k=$((k + 1))
			[ "$aoff" -le $end ] && { w=$k; head=$aoff; }
			# a record the snapshot holds part of, not all
			start=$((aoff - asize))
			[ $start -lt "$off" ] && [ "$aoff" -gt "$off" ] && snap_cut=1
		done
		since=$((head - ${prev[$c]:-0}))
		want=$since
		[ -n "${PERF_TRUTH_SNAPSHOT_BYTES:-}" ] &&
			[ $since -ge "$PERF_TRUTH_SNAPSHOT_BYTES" ] && want=$PERF_TRUTH_SNAPSHOT_BYTES
		pad=$((end - head))
		echo "# snapshot $ns: CPU $c, window $w (aux_offset $(printf %#x $head)), $(printf %#x $((size - pad))) bytes + $pad of padding, $(printf %#x $since) since the last"
		[ $w -gt 0 ] && [ $pad -lt 8 ] && [ $((size - pad)) = $want ] && [ $((off + want)) = $head ] || sizes_ok=0
		windows+=("$c:$w")
		prev[$c]=$head
	done < <(sed -n 's/.*PERF_RECORD_AUXTRACE size: \([0-9a-fx]*\) *offset: \([0-9a-fx]*\) .* cpu: \([0-9-]*\)$/\1 \2 \3/p' "$base.dump")
	[ $ns -gt 0 ] && [ $sizes_ok = 1 ]
	pt $? "$ns snapshots, each all the trace since the one before${PERF_TRUTH_SNAPSHOT_BYTES:+, up to the $PERF_TRUTH_SNAPSHOT_BYTES-byte buffer}"
	# (a window for each AUX record: the truth's ete-stops, and its
	# trbe-stops, where a snapshot's first lap filled and went circular,
	# each a COLLISION record; CPU by CPU)
	same_windows=1 fills=0
	for c in "${!auxs[@]}"; do
		nw=$(grep -c "^N $c ete-stop " "$truth")
		nf=$(grep -c "^N $c trbe-stop " "$truth")
		na=$(wc -w <<< "${auxs[$c]}") nc=0
		for a in ${auxs[$c]}; do
			[ $((${a##*:} & 8)) = 0 ] || nc=$((nc + 1))
		done
		echo "# CPU $c: $na AUX records ($nc COLLISION), $nw trace windows and $nf fills in the truth"
		[ $((nw + nf)) = "$na" ] && [ "$nc" = "$nf" ] || same_windows=0
		fills=$((fills + nf))
	done
	[ ${#auxs[@]} -gt 0 ] && [ $same_windows = 1 ] && [ "$fills" = "$k_coll" ]
	pt $? "an AUX record for each of the truth's trace windows and fills, each fill a COLLISION"
	export BRANCH_CHECK_SNAPSHOTS="${windows[*]}"
fi

if [ "$k_trunc" -gt 0 ] || [ "$k_coll" -gt 0 ]; then
	# perf 6.1 joins the path across lost trace without a gap marker:
	# a comparison with the truth needs the phase-2 decoder.
	echo "# trace was lost: no comparison with the ground truth"
else
	"$BUILD/host/branch_check" "$truth" "$base.branches" > "$base.check" 2>&1
	pt $? "branch_check ran and passed"
	while IFS= read -r line; do
		case "$line" in
		"ok "*) pt 0 "${line#ok * - }" ;;
		"not ok "*) pt 1 "${line#not ok * - }" ;;
		*) echo "$line" ;;
		esac
	done < "$base.check"
fi

# The decode path under ASan and UBSan (make perf-asan), when PERF_ASAN
# names that perf: instructions, branches, stacks, callchains and
# errors, as the plain build makes them, and no sanitizer report (perf's
# own leaks at exit are not counted).
PERF_ASAN=${PERF_ASAN:-}
if [ -z "$PERF_ASAN" ]; then
	:
elif [ -x "$PERF_ASAN" ]; then
	aopts=("${popts[@]}" --itrace=bi97il16g16e -F tid,cpu,ip,sym,addr,brstack)
	"$PERF" "${aopts[@]}" > "$base.plain.out" 2>/dev/null
	ASAN_OPTIONS=detect_leaks=0 "$PERF_ASAN" "${aopts[@]}" \
		> "$base.asan.out" 2> "$base.asan.err"
	r=$?
	grep -A8 'Sanitizer\|runtime error' "$base.asan.err" | sed 's/^/# /' | head -n 30
	[ $r -eq 0 ] && ! grep -q 'Sanitizer\|runtime error' "$base.asan.err" &&
		cmp -s "$base.plain.out" "$base.asan.out"
	pt $? "under ASan+UBSan: --itrace=bi97il16g16e decodes as the plain perf, no report (exit $r, $(wc -l < "$base.asan.out") lines)"
	rm -f "$base.plain.out" "$base.asan.out"
else
	tap_skip "perf-truth: the decode under ASan" "$PERF_ASAN not built (make perf-asan)"
fi

if [ -x "$STOCK_PERF" ]; then
	# Without the CPU: stock perf 6.1 says CPU 0 for every TRBE sample
	# (perf-patches/0003).
	"$STOCK_PERF" --buildid-dir "$bid" script -i "$data" --symfs "$symfs" \
		--itrace=b -F tid,ip,addr > "$base.stock.branches" 2> "$base.stock.err"
	pt $? "Debian's perf $("$STOCK_PERF" version 2>/dev/null | cut -d' ' -f3) reads the file"
	if [ $snap_cut = 1 ]; then
		tap_skip "perf-truth: Debian's perf decodes the same branch samples" \
			"a snapshot holds part of a record, which perf 6.1 leaves out"
	else
		"$PERF" --buildid-dir "$bid" script -i "$data" --symfs "$symfs" \
			--itrace=b -F tid,ip,addr 2> /dev/null |
			cmp -s - "$base.stock.branches"
		pt $? "Debian's perf decodes the same branch samples"
	fi
else
	tap_skip "perf-truth: Debian's perf" "$STOCK_PERF not installed"
fi
exit $tap_fail
