#!/usr/bin/env bash
# Part of `make bench`: kernel-side costs measured in the guest, where
# -icount makes instruction counts exact.  Prints the BENCH lines.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
make -s -C "$TOP" modules >/dev/null
make -s -C "$TOP/selftests" >/dev/null
make -s -C "$TOP/selftests/hwmodel" >/dev/null
out=$(mktemp -d /tmp/armtrace-bench.XXXXXX)
trap 'rm -rf "$out"' EXIT
cat > "$out/run.sh" <<'GUEST'
insmod ./armtrace.ko || exit 1
./ete_ctxsw_bench
./ete_irq_bench
rmmod armtrace
GUEST
"$TOP/scripts/qemu-run.sh" --hwmodel --timeout 600 "$out/run.sh" \
	"$BUILD/guest/ete_ctxsw_bench" "$BUILD/guest/ete_irq_bench" |
	grep '^BENCH\|^not ok'
# Branch stacks (pmuv3 + BRBE, 64 records on the model): per overflow
# interrupt and per context switch, next to pmuv3 without them.
cat > "$out/run-brbe.sh" <<'GUEST'
insmod ./armtrace.ko ete=0 || exit 1
./hw_brbe_bench
rmmod armtrace
GUEST
"$TOP/scripts/qemu-run.sh" --hwmodel=brbe=64 --timeout 600 "$out/run-brbe.sh" \
	"$BUILD/guest/hw_brbe_bench" | grep '^BENCH\|^not ok'
