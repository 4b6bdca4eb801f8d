#!/usr/bin/env bash
# Part of `make demo`: the loop users type, on the hardware model.  In the
# guest, armtrace's perf records ETE (`perf record -e ete//u`) and Debian's
# perf records BRBE branch stacks (`perf record -j any,u`); on the host,
# armtrace's perf decodes the ETE recording (`perf script --itrace=b`).
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${CACHE:-$("$TOP/scripts/cache-dir.sh")}
BUILD=${BUILD:-$TOP/build}
make --no-print-directory -C "$TOP" perf >/dev/null
out=$(mktemp -d /tmp/armtrace-demo.XXXXXX)
trap 'rm -rf "$out"' EXIT
aarch64-linux-gnu-strip -o "$out/perf" "$BUILD/perf/aarch64/perf"

cat > "$out/run.sh" <<'GUEST'
insmod ./armtrace.ko
echo "--- guest: perf record -e ete//u -- busybox seq 1 3"
./perf record -q -e ete//u -o /tmp/ete.data -- /bin/busybox seq 1 3
echo "PERFDATA $(wc -c < /tmp/ete.data)"
od -An -v -tx1 /tmp/ete.data | tr -d ' ' | sed 's/^/PERFHEX /'
echo "PERFEND"
echo "--- guest: perf record -e pmuv3/cpu_cycles/u -c 20000 -j any,u -- ./spin 100000"
perf record -q -e pmuv3/cpu_cycles/u -c 20000 -j any,u -o /tmp/brbe.data \
	-- ./spin 100000
echo "--- guest: perf script -F ip,sym,brstack (the first two samples)"
perf script -i /tmp/brbe.data -F ip,sym,brstack 2>/dev/null | head -n 2 |
	cut -c1-300
rmmod armtrace
GUEST
"$TOP/scripts/qemu-run.sh" --hwmodel \
	"$out/run.sh" "$out/perf" "$BUILD/guest/spin" > "$out/console" 2>&1
grep -v '^PERFHEX\|^PERFDATA\|^PERFEND' "$out/console"
sed -n '/^PERFDATA /,/^PERFEND$/s/^PERFHEX //p' "$out/console" |
	xxd -r -p > "$out/ete.data"
mkdir -p "$out/symfs/bin"
cp "$CACHE/root/bin/busybox" "$out/symfs/bin/"
echo "--- host: perf script --itrace=b -F comm,tid,ip,sym,addr (the first 12 of $(stat -c %s "$out/ete.data") bytes of perf.data)"
"$BUILD/perf/x86_64/perf" --buildid-dir "$out/bid" script -i "$out/ete.data" \
	--symfs "$out/symfs" --itrace=b -F comm,tid,ip,sym,addr 2>/dev/null |
	head -n 12 || true	# head closes the pipe early: SIGPIPE, not an error
