#!/usr/bin/env bash
# afdo-check.sh LOG BINARY OUTDIR: AutoFDO from a BRBE recording.
#
# hw_brbe_perftool.sh recorded BINARY (hw_brbe_afdo) with Debian's perf
# and `-j any,u` in the guest and printed the perf.data as base64 between
# "AFDODATA-BEGIN" and "AFDODATA-END".  Debian's create_gcov (autofdo
# 0.19) turns it into a profile; dump_gcov must show afdo_hot as the
# hottest function, afdo_cold below it.  TAP out; the files stay in
# OUTDIR.
set -uo pipefail
log=$1 bin=$2 out=$3
n=0 rc=0
tap() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - afdo: $2"; else echo "not ok $n - afdo: $2"; rc=1; fi
}
mkdir -p "$out"
tr -d '\r' < "$log" | sed -n '/^AFDODATA-BEGIN$/,/^AFDODATA-END$/p' | sed '1d;$d' |
	base64 -d > "$out/perf.data" 2>/dev/null && [ -s "$out/perf.data" ]
tap $? "perf.data read from the console ($(stat -c %s "$out/perf.data") bytes)"
create_gcov --binary="$bin" --profile="$out/perf.data" \
	--gcov="$out/afdo.gcov" > "$out/create_gcov.log" 2>&1
st=$?
sed 's/^/# create_gcov: /' "$out/create_gcov.log" | head -20
tap $st "create_gcov --binary=hw_brbe_afdo --profile=perf.data (LBR: branch stacks)"
dump_gcov "$out/afdo.gcov" > "$out/dump.txt" 2>&1
tap $? "dump_gcov"
head -20 "$out/dump.txt" | sed 's/^/# dump_gcov: /'
# Function lines: "NAME total:T head:H".
read -r hot best next < <(awk '/^[^ ].* total:/ {
		t = $2; sub("total:", "", t); t += 0
		if (t > best) { next_ = best; best = t; top = $1 } else if (t > next_) next_ = t
	} END { print top, best + 0, next_ + 0 }' "$out/dump.txt")
[ "$hot" = afdo_hot ]
tap $? "the profile's hottest function is afdo_hot (it is '$hot')"
[ "${best:-0}" -gt $((10 * ${next:-0})) ]
tap $? "afdo_hot's total ($best) is over ten times the next function's ($next)"
exit $rc
