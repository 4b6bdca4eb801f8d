// SPDX-License-Identifier: GPL-2.0
/*
 * A64 instruction classes for the hardware model (Arm ARM C4.1, "A64
 * instruction set encoding": branches, exception generating and system
 * instructions; loads and stores).
 */
#include "a64.h"
#include <armtrace/hwmodel_abi.h>

/* Sign-extend the @bits-bit field of @op at @lsb and scale by 4. */
static int64_t branch_offset(uint32_t op, unsigned int lsb, unsigned int bits)
{
	uint64_t v = (op >> lsb) & ((1u << bits) - 1);

	if (v & (1ull << (bits - 1)))
		v |= ~0ull << bits;
	return (int64_t)(v << 2);
}

unsigned int hwm_a64_classify(uint32_t op, uint64_t pc, uint64_t *target)
{
	unsigned int opc;

	*target = 0;
	if (op == HWM_SYNC_INSN)
		return HWM_K_SYNC;
	/* Unconditional branch (immediate): B, BL. */
	if ((op & 0x7c000000) == 0x14000000) {
		*target = pc + branch_offset(op, 0, 26);
		return (op & 0x80000000) ? HWM_K_BL : HWM_K_B;
	}
	/* Conditional branch (immediate): B.cond (o0 0), BC.cond (o0 1). */
	if ((op & 0xff000000) == 0x54000000) {
		*target = pc + branch_offset(op, 5, 19);
		return HWM_K_BCOND;
	}
	/* Compare and branch: CBZ, CBNZ. */
	if ((op & 0x7e000000) == 0x34000000) {
		*target = pc + branch_offset(op, 5, 19);
		return HWM_K_BCOND;
	}
	/* Test and branch: TBZ, TBNZ. */
	if ((op & 0x7e000000) == 0x36000000) {
		*target = pc + branch_offset(op, 5, 14);
		return HWM_K_BCOND;
	}
	/* Unconditional branch (register): op2 must be 0b11111. */
	if ((op & 0xfe1f0000) == 0xd61f0000) {
		opc = (op >> 21) & 0xf;
		switch (opc & 0x7) {	/* bit 3: BRAA/BLRAA with a modifier */
		case 0:
			return HWM_K_BR;
		case 1:
			return HWM_K_BLR;
		case 2:
			return opc == 2 ? HWM_K_RET : HWM_K_OTHER;
		case 4:
			return opc == 4 ? HWM_K_ERET : HWM_K_OTHER;
		default:
			return HWM_K_OTHER;	/* DRPS and unallocated */
		}
	}
	/* Exception generation: SVC, HVC, SMC, BRK, HLT. */
	if ((op & 0xff000000) == 0xd4000000) {
		switch ((op >> 21) & 0x7) {
		case 0:
			return (op & 3) ? HWM_K_CALL : HWM_K_OTHER;
		case 1:
		case 2:
			return HWM_K_BRK;
		default:
			return HWM_K_OTHER;
		}
	}
	/* System instructions (MRS, MSR, SYS, hints, barriers). */
	if ((op & 0xffc00000) == 0xd5000000) {
		/* Hints and barriers (op0 0, CRn 2/3) cannot trap here. */
		if ((op & 0xfffff01f) == 0xd503201f ||
		    (op & 0xfffff01f) == 0xd503301f)
			return HWM_K_OTHER;
		return HWM_K_SYS;
	}
	/* Loads and stores: op0 x1x0. */
	if ((op & 0x0a000000) == 0x08000000)
		return HWM_K_LDST;
	return HWM_K_OTHER;
}

const char *hwm_kind_name(unsigned int k)
{
	static const char *const names[HWM_K_COUNT] = {
		[HWM_K_OTHER] = "other", [HWM_K_LDST] = "ldst",
		[HWM_K_SYS] = "sys", [HWM_K_B] = "b", [HWM_K_BL] = "bl",
		[HWM_K_BCOND] = "cond", [HWM_K_BR] = "br", [HWM_K_BLR] = "blr",
		[HWM_K_RET] = "ret", [HWM_K_ERET] = "eret",
		[HWM_K_CALL] = "call", [HWM_K_BRK] = "brk",
		[HWM_K_SYNC] = "sync",
	};

	return k < HWM_K_COUNT ? names[k] : "?";
}
