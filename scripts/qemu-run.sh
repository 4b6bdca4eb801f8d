#!/usr/bin/env bash
# Boot Debian's stock arm64 kernel (or the debug kernel) in QEMU with the
# armtrace guest payload and run a script in it.
#
#   qemu-run.sh [options] SCRIPT [FILE...]
#     --el2          kernel at EL2 with VHE (-M virt,virtualization=on)
#     --secure       add EL3 (-M virt,secure=on)
#     --smp N        vCPUs (default 1: exact counts need one)
#     --cpu NAME     QEMU CPU model (default max)
#     --no-icount    run without -icount (counts not exact)
#     --builtin-pmu  leave the built-in armv8 PMU driver bound
#     --append ARGS  extra kernel command line
#     --timeout S    kill the guest after S seconds (default 300)
#     --log FILE     where to keep the whole console log
#     --env K=V      export K=V to the guest script (repeatable)
#     --debug-kernel boot the lockdep/KASAN/kmemleak kernel of
#                    scripts/debug-kernel.sh with the modules built against
#                    it ($BUILD/debug/kernel, `debug-kernel.sh --modules`);
#                    at the end kmemleak is scanned and any leak it reports
#                    fails the run (status 125)
#     --dt NAME      boot with the machine's device tree edited as
#                    scripts/dt-variant.sh NAME does (not with --hwmodel)
#     --hwmodel[=OPTS]  load the ETE/TRBE/BRBE hardware model plugin
#                    (Documentation/hwmodel.rst); OPTS: its comma-separated
#                    options, e.g. truth=FILE,brbe=64; HWMODEL_LOG=FILE
#                    keeps its messages
#     --doorbell     with --hwmodel: the TRBE interrupt is a real one, an
#                    MSI-X vector per CPU of an ivshmem-doorbell device
#                    the plugin rings through our ivshmem server (started
#                    here, its socket in the run's temporary directory,
#                    stopped at exit); without it the guest polls
#
# SCRIPT becomes /armtrace/test.sh (run by /armtrace/run.sh); FILEs are
# copied into /armtrace/.
# The kernel modules built in kernel/ (with --debug-kernel, those built
# against the debug kernel) are always copied there.  Prints the
# script's output; exits with the script's status, 124 on timeout, 125 when
# the guest kernel logged a warning, oops or corruption report.
set -euo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${CACHE:-$("$TOP/scripts/cache-dir.sh")}
machine=virt cpu=max smp=1 icount=1 blacklist=1 append= timeout=300 log=
hwmodel= hwm_opts= debug=0 dt= doorbell= db_pid=
envs=()
while [ $# -gt 0 ]; do
	case "$1" in
	--el2) machine="$machine,virtualization=on" ;;
	--secure) machine="$machine,secure=on" ;;
	--smp) smp=$2; shift ;;
	--cpu) cpu=$2; shift ;;
	--no-icount) icount=0 ;;
	--builtin-pmu) blacklist=0 ;;
	--append) append="$append $2"; shift ;;
	--timeout) timeout=$2; shift ;;
	--log) log=$2; shift ;;
	--env) envs+=("$2"); shift ;;
	--debug-kernel) debug=1 ;;
	--dt) dt=$2; shift ;;
	--hwmodel) hwmodel=1 ;;
	--hwmodel=*) hwmodel=1 hwm_opts=${1#--hwmodel=} ;;
	--doorbell) doorbell=1 ;;
	--) shift; break ;;
	-*) echo "qemu-run: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done
[ $# -ge 1 ] || { echo "usage: qemu-run.sh [options] SCRIPT [FILE...]" >&2; exit 2; }
script=$1; shift
[ -z "$doorbell" ] || [ -n "$hwmodel" ] ||
	{ echo "qemu-run: --doorbell needs --hwmodel" >&2; exit 2; }

"$TOP/scripts/guest-image.sh"
image=$CACHE/Image kodir=$TOP/kernel
if [ $debug = 1 ]; then
	image=$("$TOP/scripts/debug-kernel.sh")/Image
	kodir=${BUILD:-$TOP/build}/debug/kernel
	ls "$kodir"/*.ko > /dev/null 2>&1 || {
		echo "qemu-run: no modules in $kodir (scripts/debug-kernel.sh --modules)" >&2
		exit 2
	}
fi
work=$(mktemp -d /tmp/armtrace-run.XXXXXX)
hwm_mem=
cleanup() {
	if [ -n "$db_pid" ]; then
		kill "$db_pid" 2> /dev/null
		wait "$db_pid" 2> /dev/null
	fi
	rm -rf "$work" ${hwm_mem:+"$hwm_mem"}
}
trap cleanup EXIT
# A run killed from outside (a test's timeout) cleans up too.
trap 'exit 143' TERM INT HUP
mkdir -p "$work/ov/armtrace"
{
	for e in ${envs[@]+"${envs[@]}"}; do printf 'export %q\n' "$e"; done
	cat "$script"
} > "$work/ov/armtrace/test.sh"
# On the stock kernel the script is run.sh itself: the exact-count and
# trace-layout tests depend on every instruction the guest runs before
# them, and a wrapper shell would move them all.
if [ $debug = 0 ]; then
	mv "$work/ov/armtrace/test.sh" "$work/ov/armtrace/run.sh"
else {
	echo 'sh /armtrace/test.sh; rc=$?'
	# kmemleak reports only objects older than 5 s, found unreferenced
	# by two scans in a row: wait the age out, then scan twice.
	cat <<'KMEMLEAK'
if [ -w /sys/kernel/debug/kmemleak ]; then
	sleep 6
	echo scan > /sys/kernel/debug/kmemleak
	echo scan > /sys/kernel/debug/kmemleak
	echo ARMTRACE-KMEMLEAK-BEGIN
	cat /sys/kernel/debug/kmemleak
	echo ARMTRACE-KMEMLEAK-END
else
	echo ARMTRACE-KMEMLEAK-MISSING
fi
KMEMLEAK
	echo 'exit $rc'
} > "$work/ov/armtrace/run.sh"
fi
for ko in "$kodir"/*.ko; do
	[ -e "$ko" ] && cp "$ko" "$work/ov/armtrace/"
done
for f in "$@"; do cp -r "$f" "$work/ov/armtrace/"; done
(cd "$work/ov" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) > "$work/ov.cpio"
cat "$CACHE/guest-base.cpio" "$work/ov.cpio" > "$work/initrd"

cmdline="console=ttyAMA0 quiet panic=-1 oops=panic"
[ "$blacklist" = 1 ] && cmdline="$cmdline initcall_blacklist=armv8_pmu_driver_init"
cmdline="$cmdline $append"
qemu=(qemu-system-aarch64 -M "$machine" -cpu "$cpu" -smp "$smp" -m 1024
	-nographic -no-reboot -nic none -kernel "$image" -initrd "$work/initrd"
	-append "$cmdline")
[ "$cpu" = max ] && qemu[4]="max,pauth-impdef=on"
[ "$icount" = 1 ] && qemu+=(-icount shift=0,sleep=off)

# The hardware model: guest RAM in a shared file the plugin maps (guest PA
# 0x40000000 = offset 0), its region reserved in the device tree.
if [ -n "$hwmodel" ]; then
	hwm_region=0x7f000000
	# The model's ID registers name the ELs this machine's CPU has.
	case "$machine" in *virtualization=on*) hwm_opts="el2=on${hwm_opts:+,$hwm_opts}" ;; esac
	case "$machine" in *secure=on*) hwm_opts="el3=on${hwm_opts:+,$hwm_opts}" ;; esac
	hwm_mem=$(mktemp /dev/shm/armtrace-XXXXXX)
	truncate -s 1G "$hwm_mem"
	"$TOP/scripts/hwmodel-dtb.sh" "$work/hwmodel.dtb" $hwm_region "${qemu[@]}"
	qemu[2]="$machine,memory-backend=ram"
	qemu+=(-object "memory-backend-file,id=ram,size=1G,mem-path=$hwm_mem,share=on"
		-dtb "$work/hwmodel.dtb"
		-plugin "${BUILD:-$TOP/build}/hwmodel/libarmtrace-hwmodel.so,mem=$hwm_mem,region=$hwm_region${hwm_opts:+,$hwm_opts}"
		-d plugin -D "${HWMODEL_LOG:-$work/hwmodel.log}")
fi

# The doorbell: our ivshmem server, one vector per CPU; QEMU's device
# and the plugin are its peers.  virt's GICv2 has GICv2m, so the device's
# MSI-X vectors are SPIs the guest can steer, one to each CPU.  Added
# after the device tree dump: a PCI device is not in the device tree, and
# the dump must not be a peer.
if [ -n "$doorbell" ]; then
	db_sock=$work/doorbell.sock
	"${BUILD:-$TOP/build}/hwmodel/ivshmem-server" -S "$db_sock" -n "$smp" \
		-r "$work/doorbell.ready" &
	db_pid=$!
	for _ in $(seq 100); do
		[ -e "$work/doorbell.ready" ] && break
		kill -0 "$db_pid" 2> /dev/null || break
		sleep 0.05
	done
	[ -e "$work/doorbell.ready" ] ||
		{ echo "qemu-run: the ivshmem server did not start" >&2; exit 2; }
	for i in "${!qemu[@]}"; do
		case "${qemu[$i]}" in
		*/libarmtrace-hwmodel.so,*) qemu[$i]="${qemu[$i]},doorbell=$db_sock" ;;
		esac
	done
	qemu+=(-chardev "socket,path=$db_sock,id=armtrace-doorbell"
		-device "ivshmem-doorbell,chardev=armtrace-doorbell,vectors=$smp")
fi

if [ -n "$dt" ]; then
	[ -z "$hwmodel" ] || { echo "qemu-run: --dt and --hwmodel do not combine" >&2; exit 2; }
	"$TOP/scripts/dt-variant.sh" "$work/variant.dtb" "$dt" "${qemu[@]}"
	qemu+=(-dtb "$work/variant.dtb")
fi

console=${log:-$work/console.log}
rc=0
timeout --foreground -k 5 "$timeout" "${qemu[@]}" < /dev/null > "$console" 2>&1 || rc=$?
tr -d '\r' < "$console" > "$work/clean.log"
if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
	echo "qemu-run: guest timed out after ${timeout}s" >&2
	tail -n 40 "$work/clean.log" >&2
	exit 124
fi
sed -n '/^ARMTRACE-BEGIN$/,/^ARMTRACE-END rc=/p' "$work/clean.log" | sed '1d;$d' |
	sed '/^ARMTRACE-KMEMLEAK-BEGIN$/,/^ARMTRACE-KMEMLEAK-END$/d'
end=$(sed -n 's/^ARMTRACE-END rc=\([0-9]*\)$/\1/p' "$work/clean.log")
if [ -z "$end" ]; then
	echo "qemu-run: guest did not finish (qemu status $rc)" >&2
	tail -n 40 "$work/clean.log" >&2
	exit 125
fi
sed -n '/^ARMTRACE-DMESG-BEGIN$/,/^ARMTRACE-DMESG-END$/p' "$work/clean.log" > "$work/dmesg"
# Every kind of report is printed before the run is failed (the debug
# kernel's negative control expects all of them at once).
problems=0
if [ $debug = 1 ]; then
	grep -q '^ARMTRACE-KMEMLEAK-MISSING$' "$work/clean.log" && {
		echo "qemu-run: the debug kernel has no kmemleak in debugfs" >&2
		exit 125
	}
	sed -n '/^ARMTRACE-KMEMLEAK-BEGIN$/,/^ARMTRACE-KMEMLEAK-END$/p' \
		"$work/clean.log" | sed '1d;$d' > "$work/kmemleak"
	if [ -s "$work/kmemleak" ]; then
		echo "qemu-run: kmemleak reported leaks:" >&2
		sed 's/^/qemu-run: kmemleak: /' "$work/kmemleak" >&2
		problems=1
	fi
fi
# Kernel reports that fail any run, whatever the tests said
# (scripts/kernel-reports.ere): warnings (lockdep's and ODEBUG's too),
# BUG: (KASAN, KFENCE, sleeping in atomic context, spinlock and workqueue
# checks), oopses, UBSAN, list corruption, stalls and hung tasks.  One
# ERE a line, no comments and no blank line there (an empty pattern
# would match every line).
if grep -E -f "$TOP/scripts/kernel-reports.ere" "$work/dmesg" > "$work/bad"; then
	echo "qemu-run: guest kernel reported problems:" >&2
	# each line that matched, marked (the canary checks these only)
	sed 's/^/qemu-run: report: /' "$work/bad" >&2
	grep -v '^ARMTRACE' "$work/dmesg" | tail -n 60 >&2
	problems=1
fi
[ "$problems" = 0 ] || exit 125
[ -n "${ARMTRACE_DMESG:-}" ] && cp "$work/dmesg" "$ARMTRACE_DMESG"
exit "$end"
