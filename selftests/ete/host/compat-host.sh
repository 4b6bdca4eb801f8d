#!/usr/bin/env bash
# Host side of the compat-mode boot (selftests/ete/run-compat.sh): decode
# the perf.data that Debian's arm64 perf recorded in the guest with
# Debian's x86-64 perf 6.1 and its OpenCSD 1.3.3, and compare the branches
# with the hardware model's ground truth (compat_check).  TAP out.
#
#   compat-host.sh LOG TRUTH NAME WORKDIR GUEST_PATH=HOST_FILE...
#
# LOG is the guest's output or console log, with the recording NAME in
# base64 between "PERFDATA-BEGIN NAME" and "PERFDATA-END".  The truth's
# trace windows of the recording are those that ete-start logged with
# the TRCCONFIGR of its metadata.
# Each GUEST_PATH=HOST_FILE puts a guest binary where perf looks for it
# under --symfs; the first is the traced program.
set -uo pipefail

TOP=$(cd "$(dirname "$0")/../../.." && pwd)
BUILD=${BUILD:-$TOP/build}
PERF=${HOST_PERF:-/usr/bin/perf}
log=$1 truth=$2 name=$3 work=$4
shift 4
n=0 fail=0
tap() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi
}

rm -rf "$work" && mkdir -p "$work/symfs"
elf=
for m in "$@"; do
	g=${m%%=*} h=${m#*=}
	mkdir -p "$work/symfs$(dirname "$g")"
	cp "$h" "$work/symfs$g"
	[ -n "$elf" ] || elf=$h
done
tr -d '\r' < "$log" | sed -n "/^PERFDATA-BEGIN $name\$/,/^PERFDATA-END\$/p" |
	sed '1d;$d' | base64 -d > "$work/perf.data" 2> "$work/base64.err" &&
	[ -s "$work/perf.data" ]
tap $? "$name: perf.data read from the console ($(stat -c %s "$work/perf.data") bytes)"
[ -x "$PERF" ]
tap $? "host perf at $PERF"

# What the recording says about itself: ETE metadata, raw (TRBE) AUX
# records, nothing lost.
"$PERF" report -D -i "$work/perf.data" > "$work/dump" 2> "$work/dump.err"
tap $? "perf report -D reads it"
grep -q "Magic number.*5050505050505050" "$work/dump"
tap $? "AUXTRACE_INFO holds the ETE metadata (magic 0x5050505050505050)"
# perf writes TRCCONFIGR itself from the event's config; the decoder
# needs the value the driver programmed (the model logs it at ete-start).
meta=$(sed -n 's/^[[:space:]]*TRCCONFIGR[[:space:]]*\([0-9a-f]*\)$/0x\1/p' "$work/dump" | sort -u)
prog=$(sed -n 's/^N [0-9]* ete-start //p' "$truth" | sort -u |
	while read -r v; do printf '%#x ' "$v"; done)
echo "# TRCCONFIGR: perf's metadata ${meta:-none}, programmed in the boot: ${prog:-never}"
[ -n "$meta" ] && [ "$(echo "$meta" | wc -l)" -eq 1 ] &&
	[[ " $prog" == *" $(printf '%#x' "$meta") "* ]]
tap $? "perf's TRCCONFIGR metadata is what the driver programmed"
aux=$(grep -c "PERF_RECORD_AUX offset" "$work/dump")
raw=$(grep -c "PERF_RECORD_AUX offset.*flags: 0x100 \[\]" "$work/dump")
echo "# $aux AUX records, $raw of them raw with no other flag"
[ "$aux" -gt 0 ] && [ "$aux" -eq "$raw" ]
tap $? "every AUX record is CORESIGHT_FORMAT_RAW only (nothing truncated or collided)"

"$PERF" script -i "$work/perf.data" --symfs="$work/symfs" --itrace=e \
	> "$work/errors" 2> "$work/errors.err"
tap $? "perf script --itrace=e runs"
[ ! -s "$work/errors" ] || head -n 5 "$work/errors" | sed 's/^/# /'
[ ! -s "$work/errors" ]
tap $? "OpenCSD reports no decode error"
"$PERF" script -i "$work/perf.data" --symfs="$work/symfs" --itrace=b \
	-F tid,flags,ip,addr > "$work/branches" 2> "$work/branches.err"
tap $? "perf script --itrace=b runs"
"$BUILD/host/compat_check" "$work/branches" "$truth" "$elf" "$meta" || fail=1
exit $fail
