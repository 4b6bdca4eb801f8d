#!/usr/bin/env bash
# Build-time tests of the kernel headers, as TAP: kernel/hw/hw.h must
# refuse at compile time a write to a read-only register (UNDEFINED on
# silicon) and accept one to a read-write register.
set -uo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
KDIR=${KDIR:-${CACHE:-$("$TOP/scripts/cache-dir.sh")}/kdir}
arch=()
[ "$(uname -m)" = aarch64 ] || arch=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-)
work=$(mktemp -d /tmp/armtrace-kbuild.XXXXXX)
trap 'rm -rf "$work"' EXIT
n=0 fail=0

# build REG [FLAGS]: compile hw_write_ro.c with HW_REG=REG (and FLAGS);
# output in $work/log
build() {
	rm -rf "$work/m" && mkdir -p "$work/m"
	cp "$TOP/selftests/kbuild/hw_write_ro.c" "$work/m/"
	printf 'ccflags-y += -I%s/include -I%s/kernel -DHW_REG=%s %s\nobj-m += hw_write_ro.o\n' \
		"$TOP" "$TOP" "$1" "${2:-}" > "$work/m/Kbuild"
	make -C "$KDIR" M="$work/m" "${arch[@]}" hw_write_ro.o > "$work/log" 2>&1
}

tap() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n - $2"
	else
		sed 's/^/# /' "$work/log" | tail -n 20
		echo "not ok $n - $2"
		fail=1
	fi
}

build HW_TRCCONFIGR
tap $? "hw_write() of a read-write register (TRCCONFIGR) compiles"
for reg in HW_TRCIDR0 HW_TRCSTATR HW_TRCDEVARCH HW_TRCAUTHSTATUS \
	   HW_TRBIDR_EL1 HW_BRBIDR0_EL1; do
	build "$reg"
	rc=$?
	[ $rc -ne 0 ] && grep -q "write to a read-only register" "$work/log"
	tap $? "hw_write() of read-only ${reg#HW_} does not compile"
done
# and the converse for the OS Lock's write-only OSLAR_EL1
build HW_OSLSR_EL1 -DHW_READ
tap $? "hw_read() of a readable register (OSLSR_EL1) compiles"
build HW_OSLAR_EL1
tap $? "hw_write() of write-only OSLAR_EL1 compiles"
build HW_OSLAR_EL1 -DHW_READ
rc=$?
[ $rc -ne 0 ] && grep -q "read of a write-only register" "$work/log"
tap $? "hw_read() of write-only OSLAR_EL1 does not compile"
echo "1..$n"
exit $fail
