// SPDX-License-Identifier: GPL-2.0
/*
 * A minimal A64 branch classifier for the path builder: it recognises the
 * waypoints ETE traces (direct and indirect branches, ERET) and the
 * exception-generating instructions, nothing else.  Encodings from the
 * Arm ARM, "Branches, Exception Generating and System instructions".
 *
 * To merge: once libete's table-driven A64 decoder (ete_a64_*) has landed,
 * ete_path_classify() should become a thin wrapper around it.
 */
#include <ete/path.h>

static int64_t sext(uint64_t v, unsigned int bits)
{
	uint64_t m = 1ull << (bits - 1);

	v &= (1ull << bits) - 1;
	return (int64_t)((v ^ m) - m);
}

void ete_path_classify(uint32_t insn, uint64_t pc, struct ete_path_insn *o)
{
	o->kind = ETE_PATH_BR_NONE;
	o->link = 0;
	o->target = 0;

	if ((insn & 0x7c000000u) == 0x14000000u) {
		/* B, BL: imm26 */
		o->kind = ETE_PATH_BR_B;
		o->link = !!(insn & 0x80000000u);
		o->target = pc + (uint64_t)(sext(insn, 26) * 4);
	} else if ((insn & 0xff000000u) == 0x54000000u) {
		/* B.cond, BC.cond: imm19 at [23:5] */
		o->kind = ETE_PATH_BR_COND;
		o->target = pc + (uint64_t)(sext(insn >> 5, 19) * 4);
	} else if ((insn & 0x7e000000u) == 0x34000000u) {
		/* CBZ, CBNZ: imm19 at [23:5] */
		o->kind = ETE_PATH_BR_COND;
		o->target = pc + (uint64_t)(sext(insn >> 5, 19) * 4);
	} else if ((insn & 0x7e000000u) == 0x36000000u) {
		/* TBZ, TBNZ: imm14 at [18:5] */
		o->kind = ETE_PATH_BR_COND;
		o->target = pc + (uint64_t)(sext(insn >> 5, 14) * 4);
	} else if ((insn & 0xfffffc1fu) == 0xd61f0000u) {
		o->kind = ETE_PATH_BR_IND;			/* BR */
	} else if ((insn & 0xfffffc1fu) == 0xd63f0000u) {
		o->kind = ETE_PATH_BR_IND;			/* BLR */
		o->link = 1;
	} else if ((insn & 0xfffffc1fu) == 0xd65f0000u) {
		o->kind = ETE_PATH_BR_RET;			/* RET */
	} else if (insn == 0xd69f03e0u) {
		o->kind = ETE_PATH_BR_ERET;			/* ERET */
	} else if ((insn & 0xffe0001cu) == 0xd4000000u &&
		   (insn & 3u) != 0) {
		o->kind = ETE_PATH_BR_SVC;			/* SVC/HVC/SMC */
	}
}
