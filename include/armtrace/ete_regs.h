/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ETE trace unit register fields used by the trace decoder, the kernel
 * driver and the hardware model.  One mask per architectural field, named
 * REG_FIELD, taken from the Arm Embedded Trace Extension (ETE) register
 * descriptions (Arm ARM, chapter "ETE registers").
 *
 * Masks are GENMASK_ULL/BIT_ULL (bits.h gives them to user space too);
 * plain numbers are values of a field.  Extract a field with FIELD_GET()
 * or, where <linux/bitfield.h>'s constant-mask checks are not wanted,
 * ETE_FIELD_GET().
 */
#ifndef _ARMTRACE_ETE_REGS_H
#define _ARMTRACE_ETE_REGS_H

#include "bits.h"

/*
 * ETE_FIELD_GET - extract the field @mask from @reg.  The shift is the
 * (constant, non-zero) mask's lowest set bit, which the compiler folds; it
 * keeps the bit position out of the caller's code.
 */
#define ETE_FIELD_GET(mask, reg)	(((reg) & (mask)) >> __builtin_ctzll(mask))

/* TRCIDR0: tracing capabilities */
#define TRCIDR0_INSTP0		GENMASK_ULL(2, 1)	/* P0 load/store tracing */
#define TRCIDR0_TRCDATA		GENMASK_ULL(4, 3)	/* data tracing (ETMv4 only) */
#define TRCIDR0_TRCBB		BIT_ULL(5)	/* branch broadcast */
#define TRCIDR0_TRCCOND		BIT_ULL(6)	/* conditional instruction trace */
#define TRCIDR0_TRCCCI		BIT_ULL(7)	/* cycle counting */
#define TRCIDR0_RETSTACK	BIT_ULL(9)	/* return stack */
#define TRCIDR0_NUMEVENT	GENMASK_ULL(11, 10)	/* number of events - 1 */
#define TRCIDR0_CONDTYPE	GENMASK_ULL(13, 12)
#define TRCIDR0_QFILT		BIT_ULL(14)	/* Q element filtering */
#define TRCIDR0_QSUPP		GENMASK_ULL(16, 15)	/* Q element support */
#define TRCIDR0_TRCEXDATA	BIT_ULL(17)
#define TRCIDR0_TSSIZE		GENMASK_ULL(28, 24)	/* global timestamp size */
#define TRCIDR0_COMMOPT		BIT_ULL(29)	/* commit field mode */
#define TRCIDR0_COMMTRANS	BIT_ULL(30)

/* TRCIDR1: architecture version (ETE reports 0xf/0xf, see TRCDEVARCH) */
#define TRCIDR1_REVISION	GENMASK_ULL(3, 0)
#define TRCIDR1_TRCARCHMIN	GENMASK_ULL(7, 4)
#define TRCIDR1_TRCARCHMAJ	GENMASK_ULL(11, 8)
#define TRCIDR1_DESIGNER	GENMASK_ULL(31, 24)

/* TRCIDR2: field sizes */
#define TRCIDR2_IASIZE		GENMASK_ULL(4, 0)
#define TRCIDR2_CIDSIZE		GENMASK_ULL(9, 5)
#define TRCIDR2_VMIDSIZE	GENMASK_ULL(14, 10)
#define TRCIDR2_DASIZE		GENMASK_ULL(19, 15)
#define TRCIDR2_DVSIZE		GENMASK_ULL(24, 20)
#define TRCIDR2_CCSIZE		GENMASK_ULL(28, 25)	/* cycle counter bits - 12 */
#define TRCIDR2_VMIDOPT		GENMASK_ULL(30, 29)
#define TRCIDR2_WFXMODE		BIT_ULL(31)

/* TRCIDR2.VMIDOPT: how the VMID is taken (0b10: TRCCONFIGR.VMIDOPT selects) */
#define TRCIDR2_VMIDOPT_VTTBR	0x0u	/* VTTBR_EL2.VMID only */
#define TRCIDR2_VMIDOPT_SEL	0x2u	/* VTTBR_EL2.VMID or CONTEXTIDR_EL2 */

/* TRCIDR3: Exception levels and errors */
#define TRCIDR3_CCITMIN		GENMASK_ULL(11, 0)	/* smallest cycle count threshold */
#define TRCIDR3_EXLEVEL_S	GENMASK_ULL(19, 16)	/* bit n: Secure ELn traceable */
#define TRCIDR3_EXLEVEL_NS	GENMASK_ULL(23, 20)	/* bit n: Non-secure ELn; bit 3 RES0 */
#define TRCIDR3_TRCERR		BIT_ULL(24)	/* TRCVICTLR.TRCERR implemented */
#define TRCIDR3_SYNCPR		BIT_ULL(25)
#define TRCIDR3_STALLCTL	BIT_ULL(26)
#define TRCIDR3_SYSSTALL	BIT_ULL(27)
#define TRCIDR3_NUMPROC		GENMASK_ULL(30, 28)
#define TRCIDR3_NOOVERFLOW	BIT_ULL(31)

/* TRCIDR4: comparators and resources */
#define TRCIDR4_NUMACPAIRS	GENMASK_ULL(3, 0)
#define TRCIDR4_NUMPC		GENMASK_ULL(15, 12)	/* PE comparator inputs */
#define TRCIDR4_NUMRSPAIR	GENMASK_ULL(19, 16)	/* resource selector pairs - 1 */

/* TRCVICTLR: ViewInst main control */
#define TRCVICTLR_EVENT_SEL	GENMASK_ULL(4, 0)	/* resource (TYPE 0) or pair (1) */
#define TRCVICTLR_EVENT_TYPE	BIT_ULL(7)
#define TRCVICTLR_EVENT		(TRCVICTLR_EVENT_SEL | TRCVICTLR_EVENT_TYPE)
/* EVENT selecting resource 1, which is always TRUE */
#define TRCVICTLR_EVENT_TRUE	0x1u
#define TRCVICTLR_SSSTATUS	BIT_ULL(9)	/* start/stop logic started */
#define TRCVICTLR_TRCRESET	BIT_ULL(10)
#define TRCVICTLR_TRCERR	BIT_ULL(11)
#define TRCVICTLR_EXLEVEL_S	GENMASK_ULL(19, 16)	/* bit n set: no trace at Secure ELn */
#define TRCVICTLR_EXLEVEL_NS	GENMASK_ULL(23, 20)	/* bit n set: no trace at NS ELn */
/* TRCVIIECTLR: bit n of a field selects address range comparator pair n */
#define TRCVIIECTLR_INCLUDE	GENMASK_ULL(15, 0)	/* trace inside these */
#define TRCVIIECTLR_EXCLUDE	GENMASK_ULL(31, 16)	/* not inside these */
/* TRCVISSCTLR: bit n of a field selects single address comparator n */
#define TRCVISSCTLR_START	GENMASK_ULL(7, 0)	/* start points */
#define TRCVISSCTLR_STOP	GENMASK_ULL(23, 16)	/* stop points */

/* TRCACATRn: what address comparator n compares */
#define TRCACATR_TYPE		GENMASK_ULL(1, 0)	/* 0: instruction address */
#define TRCACATR_CONTEXTTYPE	GENMASK_ULL(3, 2)	/* 0: no context compare */
#define TRCACATR_EXLEVEL_S	GENMASK_ULL(11, 8)	/* bit n: no match at Secure ELn */
#define TRCACATR_EXLEVEL_NS	GENMASK_ULL(15, 12)	/* bit n: no match at NS ELn */

/* Resource selectors 0 and 1 are fixed: always FALSE and always TRUE. */
#define ETE_RESOURCE_FALSE	0u
#define ETE_RESOURCE_TRUE	1u

/* TRCIDR2.CIDSIZE / VMIDSIZE encodings */
#define TRCIDR2_CIDSIZE_32	0x4u
#define TRCIDR2_VMIDSIZE_8	0x1u
#define TRCIDR2_VMIDSIZE_16	0x2u
#define TRCIDR2_VMIDSIZE_32	0x4u
/* TRCIDR2.CCSIZE counts from a 12-bit minimum */
#define TRCIDR2_CCSIZE_BASE	12u

/* TRCIDR8: maximum speculation depth (whole register) */
#define TRCIDR8_MAXSPEC		GENMASK_ULL(31, 0)

/* TRCPRGCTLR: the programming control */
#define TRCPRGCTLR_EN		BIT_ULL(0)	/* trace unit enabled */

/* TRCSTATR: where the programming handshake is */
#define TRCSTATR_IDLE		BIT_ULL(0)	/* idle: safe to program */
#define TRCSTATR_PMSTABLE	BIT_ULL(1)	/* programmers' model stable */

/*
 * The PE's OS Lock (Arm ARM D2 "The OS Lock"), which the trace unit
 * obeys: OSLAR_EL1.OSLK locks it; OSLSR_EL1 says whether it is locked
 * and how it is implemented (OSLM 0b10, OSLSR_OSLM_IMPL: as Armv8 has
 * it).  It is locked at power-up.
 */
#define OSLAR_EL1_OSLK		BIT_ULL(0)
#define OSLSR_EL1_OSLM0		BIT_ULL(0)
#define OSLSR_EL1_OSLK		BIT_ULL(1)
#define OSLSR_EL1_NTT		BIT_ULL(2)
#define OSLSR_EL1_OSLM1		BIT_ULL(3)
#define OSLSR_OSLM_IMPL		OSLSR_EL1_OSLM1

/*
 * TRCBBCTLR: where branch broadcast (TRCCONFIGR.BB) applies: address
 * range comparator pairs, included (MODE 1, at least one) or excluded
 * (MODE 0; none: everywhere)
 */
#define TRCBBCTLR_RANGE		GENMASK_ULL(7, 0)
#define TRCBBCTLR_MODE		BIT_ULL(8)

/* TRCCONFIGR: trace configuration */
#define TRCCONFIGR_RES1		BIT_ULL(0)	/* reads and must be written 1 */
#define TRCCONFIGR_INSTP0	GENMASK_ULL(2, 1)
#define TRCCONFIGR_BB		BIT_ULL(3)
#define TRCCONFIGR_CCI		BIT_ULL(4)
#define TRCCONFIGR_CID		BIT_ULL(6)
#define TRCCONFIGR_VMID		BIT_ULL(7)
#define TRCCONFIGR_COND		GENMASK_ULL(10, 8)
#define TRCCONFIGR_TS		BIT_ULL(11)
#define TRCCONFIGR_RS		BIT_ULL(12)
#define TRCCONFIGR_QE		GENMASK_ULL(14, 13)
#define TRCCONFIGR_VMIDOPT	BIT_ULL(15)
#define TRCCONFIGR_DA		BIT_ULL(16)
#define TRCCONFIGR_DV		BIT_ULL(17)

/* TRCSYNCPR: A-Sync and Trace Info every 2^PERIOD bytes (0: never) */
#define TRCSYNCPR_PERIOD	GENMASK_ULL(4, 0)

/* TRCCCCTLR: cycle counts below THRESHOLD are not traced */
#define TRCCCCTLR_THRESHOLD	GENMASK_ULL(11, 0)

/* TRCTRACEIDR */
#define TRCTRACEIDR_TRACEID	GENMASK_ULL(6, 0)

/* TRCDEVARCH: ETE reports its real version here */
#define TRCDEVARCH_ARCHPART	GENMASK_ULL(11, 0)
#define TRCDEVARCH_ARCHVER	GENMASK_ULL(15, 12)	/* 5 for ETE */
#define TRCDEVARCH_ARCHID	GENMASK_ULL(15, 0)
#define TRCDEVARCH_REVISION	GENMASK_ULL(19, 16)	/* ETE minor version */
#define TRCDEVARCH_PRESENT	BIT_ULL(20)
#define TRCDEVARCH_ARCHITECT	GENMASK_ULL(31, 21)

#define TRCDEVARCH_ARCHVER_ETE	0x5u
#define TRCDEVARCH_ARCHPART_ETE	0xa13u

#endif /* _ARMTRACE_ETE_REGS_H */
