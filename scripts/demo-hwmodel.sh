#!/usr/bin/env bash
# Part of `make demo`: ETE + TRBE on the QEMU hardware model, driven through
# kernel/hw/ by armtrace_hwtest, a busybox command traced at EL0, and the
# trace decoded on the host with perf-ete (libete).
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${CACHE:-$("$TOP/scripts/cache-dir.sh")}
BUILD=${BUILD:-$TOP/build}
out=$(mktemp -d /tmp/armtrace-demo.XXXXXX)
trap 'rm -rf "$out"' EXIT

cat > "$out/run.sh" <<'GUEST'
insmod ./armtrace.ko pmuv3=0 ete=0
insmod ./armtrace_hwtest.ko
./hw_ete_dump /bin/busybox echo "traced by the model"
rmmod armtrace_hwtest
rmmod armtrace
GUEST
"$TOP/scripts/qemu-run.sh" --hwmodel --env ARMTRACE_CONFIGR=40 \
	"$out/run.sh" "$BUILD/guest/hw_ete_dump" > "$out/console" 2>&1
grep -v '^TRACEHEX\|^STATUS' "$out/console"
sed -n 's/^TRACEHEX //p' "$out/console" | xxd -r -p > "$out/trace.bin"
reg() { sed -n "s/^STATUS $1 //p" "$out/console"; }
echo "--- perf-ete dump: the last elements of $(stat -c %s "$out/trace.bin") bytes of ETE"
"$BUILD/tools-perf/perf-ete" dump --elements --raw "$out/trace.bin" \
	--elf "$BUILD/guest/hw_ete_dump" --elf "$CACHE/root/bin/busybox" \
	--trcidr0 "$(reg trcidr0)" --trcidr1 "$(reg trcidr1)" \
	--trcidr2 "$(reg trcidr2)" --trcidr8 "$(reg trcidr8)" \
	--trcconfigr "$(reg trcconfigr)" --trcdevarch "$(reg trcdevarch)" |
	tail -n 12
