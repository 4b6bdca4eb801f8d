#!/usr/bin/env bash
# AutoFDO from a guest ETE recording (host side, after perf-truth.sh has
# kept the run's perf.data beside its console log): perf inject turns the
# trace into last-branch samples, Debian's create_gcov (autofdo 0.19)
# makes a GCC profile of them, and the function the profile weighs most
# must be the workload's hot one.
#
#   perf-afdo.sh CONSOLE ELF HOT
#
# ELF: the traced program (built with -gdwarf-4); HOT: its hot function.
# TAP out; inj.data, the profile and its dump are kept beside CONSOLE.
set -uo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
PERF=${PERF:-$BUILD/perf/x86_64/perf}
[ $# -eq 3 ] || { echo "usage: perf-afdo.sh CONSOLE ELF HOT" >&2; exit 2; }
console=$1 elf=$2 hot=$3
base=${console%.*}
data=$base.perf.data
# shellcheck source=../selftests/pmu/tap.sh
. "$TOP/selftests/pmu/tap.sh"
pa() { tap "$1" "perf-afdo: $2"; }

if ! command -v create_gcov > /dev/null; then
	tap_skip "perf-afdo: AutoFDO" "create_gcov not installed (apt-get install autofdo)"
	exit 0
fi

# Nothing from an earlier run may stand in for this one's output.
rm -f "$base.inj.data" "$base.inj.data.old" "$base.afdo" "$base.afdo".*
# perf inject finds the code by build ID: a cache of the run's own.
bid=$(mktemp -d /tmp/armtrace-afdo.XXXXXX)
trap 'rm -rf "$bid"' EXIT
"$PERF" --buildid-dir "$bid" buildid-cache -a "$elf" 2>/dev/null
"$PERF" --buildid-dir "$bid" inject -i "$data" --itrace=il64 --strip \
	-o "$base.inj.data" 2> "$base.inj.err"
pa $? "perf inject --itrace=il64 --strip"
nsamples=$("$PERF" script -i "$base.inj.data" -F ip 2>/dev/null | wc -l)
[ "$nsamples" -gt 0 ]
pa $? "inj.data has instruction samples with branch stacks ($nsamples)"

# (create_gcov logs through glog: -logtostderr keeps its messages here)
create_gcov --binary="$elf" --profile="$base.inj.data" \
	--gcov="$base.afdo" -gcov_version=2 -logtostderr \
	> "$base.afdo.log" 2>&1
r=$?
grep -E '^[EFW][0-9]' "$base.afdo.log" | sed 's/^/# create_gcov: /' | head -n 10
[ $r -eq 0 ] && [ -s "$base.afdo" ]
pa $? "create_gcov reads inj.data and writes a profile (exit $r)"
! grep -q 'Read/skipped .* bytes, expected' "$base.afdo.log"
pa $? "create_gcov reads every sample whole"

# dump_gcov: "NAME total:N head:N" a function, then its lines' counts.
# The hot function runs about 90% of the instructions: it must weigh
# most, ten times the next at least (the C library's start-up is next).
dump_gcov -gcov_version=2 "$base.afdo" > "$base.afdo.dump" 2>&1
read -r t1 f1 t2 f2 < <(awk '$2 ~ /^total:/ { sub(/total:/, "", $2); print $2, $1 }' \
	"$base.afdo.dump" | sort -k1,1rn | head -n 2 | paste -sd' ')
sed 's/^/# /' "$base.afdo.dump" | head -n 12
[ "${f1:-}" = "$hot" ] && [ "${t1:-0}" -ge $((10 * ${t2:-0})) ] && [ "${t1:-0}" -gt 0 ]
pa $? "the profile weighs $hot most: ${f1:-none} ${t1:-0}, then ${f2:-none} ${t2:-0}"
exit $tap_fail
