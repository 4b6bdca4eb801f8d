#!/usr/bin/env bash
# Bad input for armtrace's perf: a synthetic ETE recording
# (perf-ete synth --perf-data: 17 AUX buffers of one thread's trace)
# decoded whole, then corrupted, cut short, with wrong metadata and with
# the kernel's loss flags set.  perf must never crash, must say what it
# could not read, and must decode everything it can: after corrupt trace
# the samples of the intact buffers are those of the whole file, a file
# cut short gives an exact prefix of its samples, every TRUNCATED and
# COLLISION flag is an error sample.  TAP out.
#
# BADINPUT_QUICK=1 (make check's run under ASan, whose perf decodes some
# ten times slower): 4 of the random corruptions and 5 of the cuts, the
# rest as always, and 10 minutes before a decode counts as hung.
set -uo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
PERF=${PERF:-$BUILD/perf/x86_64/perf}
PERF_ETE=$BUILD/tools-perf/perf-ete
AUX=65536
quick=${BADINPUT_QUICK:-0}
limit=120
[ "$quick" = 1 ] && limit=600
# shellcheck source=../selftests/pmu/tap.sh
. "$TOP/selftests/pmu/tap.sh"

make -s -C "$TOP/tools-perf" "$PERF_ETE" >/dev/null || exit 1
[ -x "$PERF" ] || { echo "not ok 1 - $PERF not built (make perf)"; exit 1; }
work=$(mktemp -d /tmp/armtrace-badinput.XXXXXX)
trap 'rm -rf "$work"' EXIT
"$PERF_ETE" synth --mb 1 --aux-kb $((AUX / 1024)) --seed 7 --perf-data \
	"$work/syn" > /dev/null
data=$work/syn/perf.data

# decode FILE OUT: branch samples and errors, as a user reads them.
decode() {
	timeout $limit "$PERF" script -i "$1" --itrace=be -F ip,addr \
		> "$2" 2> "$2.err"
}

# put FILE OFFSET HEXBYTES: overwrite bytes in place.
put() {
	printf "$(echo "$3" | sed 's/../\\x&/g')" |
		dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

# crashed RC ERRFILE: perf hung, died of a signal or a sanitizer report
# (a refusal exits with a negative errno: 234 for -EINVAL, 255 for -1;
# under ASan+UBSan a report exits 1).
crashed() {
	[ "$1" -eq 124 ] || { [ "$1" -gt 128 ] && [ "$1" -lt 160 ]; } ||
		grep -qE 'Sanitizer|runtime error|Segmentation|core dumped' "$2"
}

# Where the events are: "OFFSET TYPE", as perf report -D gives them
# (which also dumps every packet: 11 s here, minutes under ASan).
"$TOP/scripts/perf-events.py" "$data" > "$work/events" ||
	{ echo "not ok 1 - the synthetic recording's events cannot be listed"; exit 1; }
mapfile -t auxtrace < <(awk '$2 == 71 { print $1 }' "$work/events")
mapfile -t auxrec < <(awk '$2 == 11 { print $1 }' "$work/events")
info=$(awk '$2 == 70 { print $1; exit }' "$work/events")
[ ${#auxtrace[@]} -eq 17 ] && [ ${#auxrec[@]} -eq 17 ] && [ -n "$info" ]
tap $? "the synthetic recording has 17 AUX buffers (${#auxtrace[@]} AUXTRACE, ${#auxrec[@]} AUX records)"

decode "$data" "$work/base"
base_n=$(wc -l < "$work/base")
[ "$base_n" -gt 100000 ] && ! grep -q 'instruction trace error' "$work/base"
tap $? "the whole file decodes to $base_n branch samples, no error"
PERF_CS_ETM_ETE_DECODER=opencsd decode "$data" "$work/base.ocsd"
cmp -s "$work/base" "$work/base.ocsd"
tap $? "libete's samples are OpenCSD's"
# The last buffers' samples (a fifth of them: within the last 4 of 17).
tail_n=$((base_n / 5))
tail -n "$tail_n" "$work/base" > "$work/base.tail"

# Reserved packet headers (0x05: ETMv4's v8-M function return) in buffer
# 3: a bad packet reported where it is, then resynchronisation.
cp "$data" "$work/bad.data"
pos=$((3 * AUX + 1000))
put "$work/bad.data" $((${auxtrace[3]} + 48 + 1000)) "$(printf '05%.0s' {1..16})"
decode "$work/bad.data" "$work/bad"
r=$?
! crashed $r "$work/bad.err"
tap $? "reserved headers: perf exits normally ($r)"
off=$(sed -n 's/.*code 1: bad trace packet: sync lost (offset \(0x[0-9a-f]*\)).*/\1/p' \
	"$work/bad" | head -n1)
[ -n "$off" ] && [ $((off)) -ge $((pos - 32)) ] && [ $((off)) -lt $((pos + 16)) ]
tap $? "reserved headers: a bad-packet error at trace offset ${off:-none} (corrupted from $(printf '%#x' $pos))"
tail -n "$tail_n" "$work/bad" | cmp -s - "$work/base.tail"
tap $? "reserved headers: the later buffers decode as in the whole file"

# Random bytes flipped in the first 12 buffers: no crash, the last
# buffers' samples unchanged, and a changed output never comes without
# an error to say so... unless the corruption is itself valid trace, so
# only what the architecture can detect is asked for.
RANDOM=42
bad=0 quiet=0
trials=12
[ "$quick" = 1 ] && trials=4
for trial in $(seq 1 $trials); do
	cp "$data" "$work/flip.data"
	b=$((RANDOM % 12))
	for k in 1 2 3 4 5 6 7 8; do
		o=$(( (RANDOM * 32768 + RANDOM) % (AUX - 1) ))
		put "$work/flip.data" $((${auxtrace[$b]} + 48 + o)) \
			"$(printf '%02x' $((RANDOM % 256)))"
	done
	decode "$work/flip.data" "$work/flip"
	r=$?
	if crashed $r "$work/flip.err"; then
		echo "# trial $trial (buffer $b): perf exited $r"
		bad=$((bad + 1))
	elif ! tail -n "$tail_n" "$work/flip" | cmp -s - "$work/base.tail"; then
		echo "# trial $trial (buffer $b): the intact buffers decoded differently"
		bad=$((bad + 1))
	fi
	grep -q 'instruction trace error' "$work/flip" || quiet=$((quiet + 1))
done
[ $bad -eq 0 ]
tap $? "$trials random corruptions: no crash, intact buffers decode as before ($quiet gave no error: valid-looking trace)"

# Cut short: at each AUXTRACE event, inside its data, and in the middle
# of the other events.  An exact prefix of the samples, with a warning.
size=$(stat -c %s "$data")
cuts=()
for i in 0 1 5 9 15; do
	cuts+=($((${auxtrace[$i]})) $((${auxtrace[$i]} + 48 + AUX / 2)))
done
cuts+=($((info + 20)) $((${auxrec[7]} + 20)) $((size - 100)))
# (quick: at a buffer, inside one, in the metadata, in an AUX record,
# in the index)
[ "$quick" = 1 ] && cuts=("${cuts[2]}" "${cuts[5]}" "${cuts[@]: -3}")
# (inside the AUXTRACE_INFO, perf decodes nothing: no sample, a warning)
bad=0
for c in "${cuts[@]}"; do
	head -c "$c" "$data" > "$work/cut.data"
	decode "$work/cut.data" "$work/cut"
	r=$?
	got=$(wc -l < "$work/cut")
	# cut inside the features: the events are whole, the index is not
	if crashed $r "$work/cut.err" ||
	   ! grep -qE 'cut short|Failed to process auxtrace index' "$work/cut.err" ||
	   ! head -n "$got" "$work/base" | cmp -s - "$work/cut"; then
		echo "# cut at $c: perf exited $r, $got samples"
		sed 's/^/#   /' "$work/cut.err" | head -n 5
		bad=$((bad + 1))
	fi
done
[ $bad -eq 0 ]
tap $? "${#cuts[@]} files cut short: each reported, each an exact prefix of the samples"
head -c $((${auxtrace[9]} + 48 + AUX)) "$data" > "$work/cut.data"
decode "$work/cut.data" "$work/cut"
got=$(wc -l < "$work/cut")
[ "$got" -gt $((base_n / 2)) ]
tap $? "cut after buffer 9: the first 10 buffers decode ($got of $base_n samples)"

head -c "$((size - 100))" "$data" > "$work/cut.data"
decode "$work/cut.data" "$work/cut"
cmp -s "$work/cut" "$work/base"
tap $? "index cut short: the buffers are indexed again and all decode"

# perf record killed: data size 0, no features.  Every event is there.
# (Without the features perf script cannot tell the trace will give
# addresses: -F ip only.)
cp "$data" "$work/killed.data"
put "$work/killed.data" 48 0000000000000000
put "$work/killed.data" 72 00000000000000000000000000000000
"$PERF" script -i "$work/killed.data" --itrace=be -F ip > "$work/killed" 2>/dev/null
"$PERF" script -i "$data" --itrace=be -F ip > "$work/killed.base" 2>/dev/null
cmp -s "$work/killed" "$work/killed.base"
tap $? "a file whose perf record was killed (no data size, no index) decodes whole"

# Wrong metadata: reported, never a crash.
meta() {
	cp "$data" "$work/meta.data"
	put "$work/meta.data" $((info + 16 + $1 * 8)) "$2"
	decode "$work/meta.data" "$work/meta"
	r=$?
	! crashed $r "$work/meta.err" && [ -s "$work/meta.err" ]
	tap $? "$3: reported, no crash (exit $r: $(head -n1 "$work/meta.err"))"
}
meta 5 0700000000000000 "7 ETE parameters instead of 8"
meta 5 6400000000000000 "100 ETE parameters"
meta 3 4141414141414141 "an unknown per-CPU magic"
meta 0 0900000000000000 "cs_etm header version 9"

# The kernel's loss flags: one error sample each, where the AUX record is.
cp "$data" "$work/loss.data"
put "$work/loss.data" $((${auxrec[5]} + 8 + 16)) 0101000000000000
put "$work/loss.data" $((${auxrec[9]} + 8 + 16)) 0801000000000000
decode "$work/loss.data" "$work/loss"
t=$(grep -c 'code 5: AUX buffer full: trace lost' "$work/loss")
c=$(grep -c 'code 6: trace overwritten in the sink' "$work/loss")
[ "$t" = 1 ] && [ "$c" = 1 ] && grep -q 'AUX data lost 1 times' "$work/loss.err"
tap $? "TRUNCATED and COLLISION flags: one error sample each ($t, $c)"
exit $tap_fail
