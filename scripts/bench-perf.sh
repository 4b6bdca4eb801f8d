#!/usr/bin/env bash
# Part of `make bench`: perf decoding ETE.  One synthetic recording
# (perf-ete synth --perf-data, BENCH_PERF_MB of trace), decoded by
# armtrace's perf with libete, by the same perf with OpenCSD
# (PERF_CS_ETM_ETE_DECODER=opencsd) and by Debian's perf (OpenCSD 1.3.3,
# the anchor), for what users run on a recording:
#
#   errors   perf script --itrace=e             (decode only: no samples)
#   branches perf script --itrace=b -F ip,addr
#   inject   perf inject --itrace=il64          (AutoFDO's input)
#
# CPU time (user + system), best of BENCH_PERF_RUNS; BENCH lines with the
# ratio to the anchor measured in the same run.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
PERF=${PERF:-$BUILD/perf/x86_64/perf}
STOCK_PERF=${STOCK_PERF:-/usr/bin/perf}
MB=${BENCH_PERF_MB:-32}
RUNS=${BENCH_PERF_RUNS:-3}

[ -n "${PERF_PREBUILT:-}" ] || make -s -C "$TOP" perf >/dev/null
make -s -C "$TOP/tools-perf" "$BUILD/tools-perf/perf-ete" >/dev/null
work=$(mktemp -d /tmp/armtrace-bench-perf.XXXXXX)
trap 'rm -rf "$work"' EXIT
"$BUILD/tools-perf/perf-ete" synth --mb "$MB" --seed 3 --perf-data \
	"$work/syn" > /dev/null
data=$work/syn/perf.data

# cpu_time CMD...: seconds of CPU the best of $RUNS runs took
cpu_time() {
	local best="" t i
	for i in $(seq "$RUNS"); do
		/usr/bin/time -o "$work/time" -f '%U %S' "$@" > /dev/null 2>&1
		t=$(awk '{ print $1 + $2 }' "$work/time")
		if [ -z "$best" ] || awk "BEGIN { exit !($t < $best) }"; then
			best=$t
		fi
	done
	echo "$best"
}

run() {
	local what=$1
	shift
	local ours ocsd stock
	ours=$(cpu_time env PERF_CS_ETM_ETE_DECODER=libete "$PERF" "$@")
	ocsd=$(cpu_time env PERF_CS_ETM_ETE_DECODER=opencsd "$PERF" "$@")
	if [ -x "$STOCK_PERF" ]; then
		stock=$(cpu_time "$STOCK_PERF" "$@")
	else
		stock=$ocsd
	fi
	awk -v w="$what" -v a="$ours" -v b="$ocsd" -v c="$stock" -v mb="$MB" 'BEGIN {
		printf "BENCH perf-%s: %d MB of ETE: libete %.2f s, OpenCSD in our perf %.2f s, Debian perf %.2f s; %.1fx faster than Debian perf, %.1fx than OpenCSD\n",
			w, mb, a, b, c, (a > 0 ? c / a : 0), (a > 0 ? b / a : 0)
	}'
}

run errors script -i "$data" --itrace=e
run branches script -i "$data" --itrace=b -F ip,addr
run inject inject -i "$data" --itrace=il64 -o "$work/inj.data"
