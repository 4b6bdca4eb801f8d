/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BRBE (Branch Record Buffer Extension) register fields and record
 * encodings (Arm ARM D24.3 "Branch Record Buffer Extension registers").
 */
#ifndef ARMTRACE_BRBE_REGS_H
#define ARMTRACE_BRBE_REGS_H

#include "bits.h"

/* BRBCR_EL1 / BRBCR_EL2 (E1BRE is E2BRE, E0BRE is E0HBRE at EL2) */
#define BRBCR_ELX_E0BRE		BIT_ULL(0)
#define BRBCR_ELX_E1BRE		BIT_ULL(1)
#define BRBCR_ELX_CC		BIT_ULL(3)	/* record cycle counts */
#define BRBCR_ELX_MPRED		BIT_ULL(4)	/* record mispredicts */
#define BRBCR_ELX_TS		GENMASK_ULL(6, 5)
#define BRBCR_ELX_FZP		BIT_ULL(8)	/* freeze on PMU overflow */
#define BRBCR_ELX_ERTN		BIT_ULL(22)	/* record exception returns */
#define BRBCR_ELX_EXCEPTION	BIT_ULL(23)	/* record exceptions */

/* BRBFCR_EL1 */
#define BRBFCR_EL1_LASTFAILED	BIT_ULL(6)
#define BRBFCR_EL1_PAUSED	BIT_ULL(7)
/*
 * EnI 0: record only the branch types selected below; EnI 1: record all
 * but them.  With EnI 0 and no type selected nothing is recorded.
 */
#define BRBFCR_EL1_ENI		BIT_ULL(16)
#define BRBFCR_EL1_DIRECT	BIT_ULL(17)	/* B */
#define BRBFCR_EL1_INDIRECT	BIT_ULL(18)	/* BR */
#define BRBFCR_EL1_RTN		BIT_ULL(19)	/* RET */
#define BRBFCR_EL1_INDCALL	BIT_ULL(20)	/* BLR */
#define BRBFCR_EL1_DIRCALL	BIT_ULL(21)	/* BL */
#define BRBFCR_EL1_CONDDIR	BIT_ULL(22)	/* B.cond, CBZ, TBZ, ... */
#define BRBFCR_EL1_BRANCH_FILTERS GENMASK_ULL(22, 17)
#define BRBFCR_EL1_BANK		GENMASK_ULL(29, 28)

/* BRBIDR0_EL1 */
#define BRBIDR0_EL1_NUMREC	GENMASK_ULL(7, 0)
#define BRBIDR0_EL1_FORMAT	GENMASK_ULL(11, 8)
#define BRBIDR0_EL1_CC		GENMASK_ULL(15, 12)
#define BRBIDR0_CC_20_BIT	0x5

/* BRBINF<n>_EL1 (and BRBINFINJ_EL1) */
#define BRBINF_EL1_VALID	GENMASK_ULL(1, 0)
#define BRBINF_EL1_MPRED	BIT_ULL(5)
#define BRBINF_EL1_EL		GENMASK_ULL(7, 6)	/* EL of the target */
#define BRBINF_EL1_TYPE		GENMASK_ULL(13, 8)
#define BRBINF_EL1_T		BIT_ULL(16)	/* transactional */
#define BRBINF_EL1_LASTFAILED	BIT_ULL(17)
#define BRBINF_EL1_CC		GENMASK_ULL(45, 32)	/* mantissa:exponent */
#define BRBINF_EL1_CC_MANT	GENMASK_ULL(39, 32)
#define BRBINF_EL1_CC_EXP	GENMASK_ULL(45, 40)
#define BRBINF_EL1_CCU		BIT_ULL(46)	/* cycle count unknown */

#define BRBINF_VALID_NONE	0x0
#define BRBINF_VALID_TARGET	0x1	/* target address only */
#define BRBINF_VALID_SOURCE	0x2	/* source address only */
#define BRBINF_VALID_FULL	0x3

/* BRBINF_EL1.TYPE; an exception's is 0x20 | its ETE exception type */
#define BRBINF_TYPE_DIRECT_UNCOND	0x00
#define BRBINF_TYPE_INDIRECT		0x01
#define BRBINF_TYPE_DIRECT_LINK		0x02
#define BRBINF_TYPE_INDIRECT_LINK	0x03
#define BRBINF_TYPE_RET			0x05
#define BRBINF_TYPE_ERET		0x07
#define BRBINF_TYPE_EXCEPTION		0x20	/* | the exception type */
#define BRBINF_TYPE_DIRECT_COND		0x08
#define BRBINF_TYPE_DEBUG_HALT		0x21
#define BRBINF_TYPE_CALL		0x22	/* SVC, HVC, SMC */
#define BRBINF_TYPE_TRAP		0x23
#define BRBINF_TYPE_SERROR		0x24
#define BRBINF_TYPE_INSN_DEBUG		0x26
#define BRBINF_TYPE_DATA_DEBUG		0x27
#define BRBINF_TYPE_ALIGN_FAULT		0x2a
#define BRBINF_TYPE_INSN_FAULT		0x2b
#define BRBINF_TYPE_DATA_FAULT		0x2c
#define BRBINF_TYPE_IRQ			0x2e
#define BRBINF_TYPE_FIQ			0x2f
#define BRBINF_TYPE_DEBUG_EXIT		0x39

#endif /* ARMTRACE_BRBE_REGS_H */
