#!/usr/bin/env bash
# make check's field-scan suite: first the scanner (scripts/field-scan.py)
# on planted files, where each kind of hand-written field must be found
# and the same code written with include/armtrace's names must pass; then
# the tree.  TAP out.
set -uo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
SCAN=$TOP/scripts/field-scan.py
# shellcheck source=../selftests/pmu/tap.sh
. "$TOP/selftests/pmu/tap.sh"

work=$(mktemp -d /tmp/armtrace-field-scan.XXXXXX)
trap 'rm -rf "$work"' EXIT
: > "$work/none.allow"

# plant NAME EXPECT CODE: scan a file holding CODE (with no exception);
# EXPECT is what the report must name, or "clean".
plant() {
	local f=$work/plant.c out rc
	printf '%s\n' "$3" > "$f"
	out=$(python3 "$SCAN" --allow "$work/none.allow" "$f" 2>&1)
	rc=$?
	if [ "$2" = clean ]; then
		[ $rc -eq 0 ] && [ -z "$out" ]
	else
		[ $rc -eq 1 ] && printf '%s\n' "$out" | grep -q -- "$2"
	fi
	local r=$?
	[ $r -eq 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
	tap $r "$1"
}

plant "a shift and mask of BRBFCR_EL1.BANK is found" BRBFCR_EL1_BANK \
	'unsigned int b = (READ_ONCE(c->regs[HW_BRBFCR_EL1]) >> 28) & 3;'
plant "a local copy of a TRCACATR mask is found" TRCACATR_EXLEVEL_NS \
	'#define HWM_TRCACATR_EXLEVEL_NS	0x0000f000u'
plant "a local shift of a TRCACATR field is found" TRCACATR_EXLEVEL_NS \
	'#define HWM_TRCACATR_EXLEVEL_NS_SHIFT 12'
plant "a raw TRCPRGCTLR.EN test is found" TRCPRGCTLR_EN \
	'int en = c->shm->regs[HW_TRCPRGCTLR] & 1;'
plant "a raw TRCIDR2.VMIDSIZE mask is found" TRCIDR2_VMIDSIZE \
	'cfg.trcidr2 &= ~0x7c00u;'
plant "a value shifted into TRCDEVARCH.REVISION is found" TRCDEVARCH_REVISION \
	'cfg.trcdevarch |= 3u << 16;'
plant "an EXCLUDE bit of TRCVIIECTLR by hand is found" TRCVIIECTLR_EXCLUDE \
	'int exc = viiectlr & (1u << (16 + n));'
plant "a copy of a reference configuration value is found" REF_TRCIDR0 \
	'cfg.trcidr0 = 0x28000ea1;'
plant "the same code with include/armtrace's names passes" clean \
	'unsigned int b = FIELD_GET(BRBFCR_EL1_BANK, brbfcr);
int en = c->shm->regs[HW_TRCPRGCTLR] & TRCPRGCTLR_EN;
cfg.trcidr2 &= ~TRCIDR2_VMIDSIZE;
cfg.trcdevarch = REF_TRCDEVARCH_MINOR(3);
cfg.trcidr0 = REF_TRCIDR0;'
plant "comments and strings are not code" clean \
	'/* (brbfcr >> 28) & 3 */
puts("trcidr0 0x28000ea1");'

# An exception with a reason silences its finding; one without is refused.
printf 'int en = regs[HW_TRCPRGCTLR] & 1;\n' > "$work/plant.c"
echo "$work/plant.c TRCPRGCTLR_EN planted, to test the exceptions" \
	> "$work/one.allow"
python3 "$SCAN" --allow "$work/one.allow" "$work/plant.c" > /dev/null
tap $? "an exception in the allow file silences its finding"
echo "$work/plant.c TRCPRGCTLR_EN" > "$work/bad.allow"
! python3 "$SCAN" --allow "$work/bad.allow" "$work/plant.c" > /dev/null
tap $? "an exception without a reason is an error"

# The tree, numbered after the points above.
python3 "$SCAN" --tap > "$work/tree.tap"
rc=$?
awk -v n="$tap_n" '/^(not )?ok [0-9]+/ { sub(/ok [0-9]+/, "ok " ++n) } { print }' \
	"$work/tree.tap"
[ "$rc" -eq 0 ] && [ "$tap_fail" -eq 0 ]
