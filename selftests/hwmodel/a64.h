/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the hardware model needs to know about an A64 instruction: does it
 * end a path (a branch, an exception-generating instruction), where does
 * a direct branch go, can it take a synchronous fault.  Pure functions,
 * unit-tested on the host (test/hwm_test.c).
 */
#ifndef HWM_A64_H
#define HWM_A64_H

#include <stdint.h>

enum hwm_kind {
	HWM_K_OTHER = 0,	/* no branch, cannot fault synchronously */
	HWM_K_LDST,		/* load/store: may take a data abort */
	HWM_K_SYS,		/* system instruction: may trap */
	HWM_K_B,		/* B */
	HWM_K_BL,		/* BL */
	HWM_K_BCOND,		/* B.cond, BC.cond, CBZ/CBNZ, TBZ/TBNZ */
	HWM_K_BR,		/* BR and the PAuth forms */
	HWM_K_BLR,		/* BLR and the PAuth forms */
	HWM_K_RET,		/* RET, RETAA, RETAB */
	HWM_K_ERET,		/* ERET, ERETAA, ERETAB */
	HWM_K_CALL,		/* SVC, HVC, SMC */
	HWM_K_BRK,		/* BRK, HLT */
	HWM_K_SYNC,		/* the model's sync hint (HWM_SYNC_INSN) */
	HWM_K_TSB,		/* TSB CSYNC: drains the trace buffer unit */
	HWM_K_ISB,		/* ISB: no branch, but a P0 waypoint (E atom) */
	HWM_K_TRAP,		/* SIMD&FP, SVE, SME data processing, unallocated:
				 * no memory access, but may trap (access
				 * traps, UNDEFINED) without completing */
	HWM_K_COUNT
};

/* Branch kinds: a direct one has its target in the opcode. */
static inline int hwm_kind_is_branch(unsigned int k)
{
	return k >= HWM_K_B && k <= HWM_K_ERET;
}

static inline int hwm_kind_is_indirect(unsigned int k)
{
	return k >= HWM_K_BR && k <= HWM_K_ERET;
}

/* Branches with link: the return stack (TRCCONFIGR.RS) keeps their return. */
static inline int hwm_kind_is_link(unsigned int k)
{
	return k == HWM_K_BL || k == HWM_K_BLR;
}

/**
 * hwm_a64_classify() - classify one A64 instruction
 * @op: the instruction word
 * @pc: its address
 * @target: set to the target of a direct branch (B, BL, conditional)
 *
 * Return: &enum hwm_kind.
 */
unsigned int hwm_a64_classify(uint32_t op, uint64_t pc, uint64_t *target);

/* Short name for the truth log: "b", "bl", "cond", "br", "blr", "ret", "eret". */
const char *hwm_kind_name(unsigned int k);

#endif /* HWM_A64_H */
