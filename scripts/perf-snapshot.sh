#!/usr/bin/env bash
# Snapshot-mode files for armtrace's perf, on the host: a synthetic ETE
# recording (perf-ete synth --perf-data) written again as perf record -S
# writes it, with one snapshot at the end of the trace (--aux-snapshot),
# cut three ways:
#
#   A  inside the newest AUX record, which is larger than the snapshot:
#      a snapshot of a size that is not a multiple of 8 (padding after
#      it in its AUXTRACE event)
#   W  the newest record, whole
#   B  that record and the newest part of the one before
#
# Each must decode to the samples of the whole file from where its
# decode begins to the end (a suffix, after its trace-start samples),
# and A < W < B in samples: the part of a record a snapshot holds is
# decoded, whatever the padding (perf-patches/0014; perf 6.1 queued
# nothing of A and only W of B).  TAP out.
set -uo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
PERF=${PERF:-$BUILD/perf/x86_64/perf}
PERF_ETE=$BUILD/tools-perf/perf-ete
# 100 KiB AUX records: the newest of the 1 MB trace is 24645 bytes
AUX_KB=100
# shellcheck source=../selftests/pmu/tap.sh
. "$TOP/selftests/pmu/tap.sh"

make -s -C "$TOP/tools-perf" "$PERF_ETE" >/dev/null || exit 1
[ -x "$PERF" ] || { echo "not ok 1 - $PERF not built (make perf)"; exit 1; }
work=$(mktemp -d /tmp/armtrace-snapshot.XXXXXX)
trap 'rm -rf "$work"' EXIT

synth() {
	mkdir -p "$work/$1"
	"$PERF_ETE" synth --mb 1 --aux-kb $AUX_KB --seed 7 --perf-data \
		${2:+--aux-snapshot "$2"} "$work/$1" > /dev/null
}

# decode NAME: branch samples, as a user reads them.
decode() {
	timeout 120 "$PERF" script -i "$work/$1/perf.data" --itrace=b -F ip,addr \
		> "$work/$1.out" 2> "$work/$1.err"
}

synth full
decode full
total=$(stat -c %s "$work/full/session1.bin")
newest=$((total % (AUX_KB * 1024)))
n_full=$(wc -l < "$work/full.out")
[ "$n_full" -gt 100000 ] && [ $newest -gt 20000 ] && [ $((total % 8)) != 0 ]
tap $? "the whole file: $n_full samples; the newest record $newest bytes, its end $((total % 8)) bytes past an 8-byte boundary"

prev=0
# A's size is not a multiple of 8: its AUXTRACE event carries padding
# past the head, which perf 6.1 counted into the record
for cut in "A 20003" "W $newest" "B $((newest + 30000))"; do
	read -r name bytes <<< "$cut"
	if [ "$name" = A ]; then
		[ $((bytes % 8)) != 0 ]
		tap $? "snapshot A: $bytes bytes, $((8 - bytes % 8)) of padding after them"
	fi
	synth "$name" "$bytes"
	# AUX records flagged O (overwrite) at their ends, one AUXTRACE of
	# the bytes rounded up to 8
	"$PERF" report -D -i "$work/$name/perf.data" > "$work/$name.dump" 2>&1
	nsnap=$(grep -c 'PERF_RECORD_AUXTRACE size: ' "$work/$name.dump")
	grep -q "PERF_RECORD_AUXTRACE size: $(printf %#x $(((bytes + 7) / 8 * 8))) *offset: $(printf %#x $((total - bytes))) " "$work/$name.dump" &&
		[ "$nsnap" = 1 ] &&
		grep -q "PERF_RECORD_AUX offset: $(printf %#x $total) size: $(printf %#x $newest) flags: 0x102 \[O\]" "$work/$name.dump"
	tap $? "snapshot $name: the last $bytes bytes, in one AUXTRACE padded to 8, the records flagged O"
	decode "$name"
	r=$?
	! grep -q "Couldn't find auxtrace buffer" "$work/$name.err"
	tap $? "snapshot $name: every record it holds part of is queued (perf exit $r)"
	# what the decode begins with: where the trace starts (ip 0)
	n=$(awk '$1 != "0" { f = 1 } f' "$work/$name.out" | tee "$work/$name.body" | wc -l)
	[ $r -eq 0 ] && [ "$n" -gt "$prev" ] &&
		tail -n "$n" "$work/full.out" | cmp -s - "$work/$name.body"
	tap $? "snapshot $name: the whole file's last $n samples, exactly (more than the $prev before)"
	prev=$n
done
exit $tap_fail
