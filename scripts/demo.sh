#!/usr/bin/env bash
# `make demo`: build everything, boot the QEMU arm64 guest and show each
# PMU recording and decoding a workload.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP"
make --no-print-directory modules >/dev/null
make --no-print-directory -C selftests >/dev/null
make --no-print-directory -C tools-perf >/dev/null
echo "=== pmuv3: PMUv3 counters with every filter (guest, kernel at EL1)"
scripts/qemu-run.sh scripts/demo-guest.sh build/guest/spin
echo "=== ETE + TRBE on the QEMU hardware model, decoded on the host"
make --no-print-directory -C selftests/hwmodel >/dev/null
scripts/demo-hwmodel.sh
echo "=== perf: record ETE and BRBE in the guest, decode ETE on the host"
scripts/demo-perf.sh
snap="${SHARED:-$TOP/../shared}/testdata/ete/snapshots/ete_ip"
if [ -d "$snap" ]; then
	echo "=== libete: an ETE reference trace decoded on the host"
else
	# the reference traces are third-party and not shipped: one of ours
	echo "=== libete: a trace of the project's own corpus decoded on the host"
	make --no-print-directory -C tools-perf corpus >/dev/null
	snap=${BUILD:-$TOP/build}/tools-perf/corpus/enc-exceptions
fi
build/tools-perf/perf-ete dump "$snap" | tail -n 12
