// SPDX-License-Identifier: GPL-2.0
/*
 * A64 instruction classes for the hardware model (Arm ARM C4.1, "A64
 * instruction set encoding": branches, exception generating and system
 * instructions; loads and stores).
 */
#include "a64.h"
#include <armtrace/hwmodel_abi.h>
#include <ete/a64.h>

/*
 * Branches are libete's call (one table-driven A64 classifier for the
 * decoder, the encoder's path builder and the model); what only the model
 * needs - exception-generating, system and load/store instructions - is
 * here.
 */
unsigned int hwm_a64_classify(uint32_t op, uint64_t pc, uint64_t *target)
{
	struct ete_insn in;

	*target = 0;
	if (op == HWM_SYNC_INSN)
		return HWM_K_SYNC;
	/* Arm ARM C6, TSB CSYNC: HINT #18, no branch, cannot trap */
	if (op == HWM_TSB_CSYNC_INSN)
		return HWM_K_TSB;
	switch (ete_a64_classify(op, pc, 0, &in)) {
	case ETE_INSN_BR:
		*target = in.target;
		if (in.cond)
			return HWM_K_BCOND;
		return in.link ? HWM_K_BL : HWM_K_B;
	case ETE_INSN_BR_INDIRECT:
		if (in.sub == ETE_INSN_S_RET)
			return HWM_K_RET;
		if (in.sub == ETE_INSN_S_ERET)
			return HWM_K_ERET;
		return in.link ? HWM_K_BLR : HWM_K_BR;
	case ETE_INSN_ISB:
		/*
		 * ETE "P0 instructions": an ISB is a waypoint traced as an E
		 * atom, as libete's and OpenCSD's decoders expect.
		 */
		return HWM_K_ISB;
	default:
		break;
	}
	if (ete_a64_is_exc_gen(op))
		return HWM_K_CALL;
	/* Exception generation, opc 001 BRK and 010 HLT. */
	if ((op & 0xff000000) == 0xd4000000) {
		unsigned int opc = (op >> 21) & 0x7;

		return opc == 1 || opc == 2 ? HWM_K_BRK : HWM_K_OTHER;
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
	/*
	 * The rest by op0 (bits 28:25): integer data processing (100x,
	 * x101) cannot take a synchronous exception; SIMD&FP data processing
	 * (x111) and SVE (0010) take the FP/SVE access traps (Linux enables
	 * SVE for a task lazily, at its first SVE instruction), SME and the
	 * reserved space (0000) the SME traps or UNDEFINED, 0001 and 0011
	 * are unallocated.  SVE's memory forms (bit 31) are loads and stores.
	 */
	switch ((op >> 25) & 0xf) {
	case 0x2:
		return op & 0x80000000 ? HWM_K_LDST : HWM_K_TRAP;
	case 0x0:
	case 0x1:
	case 0x3:
	case 0x7:
	case 0xf:
		return HWM_K_TRAP;
	default:
		return HWM_K_OTHER;
	}
}

const char *hwm_kind_name(unsigned int k)
{
	static const char *const names[HWM_K_COUNT] = {
		[HWM_K_OTHER] = "other", [HWM_K_LDST] = "ldst",
		[HWM_K_SYS] = "sys", [HWM_K_B] = "b", [HWM_K_BL] = "bl",
		[HWM_K_BCOND] = "cond", [HWM_K_BR] = "br", [HWM_K_BLR] = "blr",
		[HWM_K_RET] = "ret", [HWM_K_ERET] = "eret",
		[HWM_K_CALL] = "call", [HWM_K_BRK] = "brk",
		[HWM_K_SYNC] = "sync", [HWM_K_TSB] = "tsb", [HWM_K_ISB] = "isb",
		[HWM_K_TRAP] = "trap",
	};

	return k < HWM_K_COUNT ? names[k] : "?";
}
