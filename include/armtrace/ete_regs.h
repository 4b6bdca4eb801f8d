/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ETE trace unit register fields used by the trace decoder, the kernel
 * driver and the hardware model.  One mask per architectural field, named
 * REG_FIELD, taken from the Arm Embedded Trace Extension (ETE) register
 * descriptions (Arm ARM, chapter "ETE registers").
 *
 * Plain masks only (no <stdint.h>, no GENMASK), so the same header builds in
 * the kernel and in user space.  Extract a field with ETE_FIELD_GET().
 */
#ifndef _ARMTRACE_ETE_REGS_H
#define _ARMTRACE_ETE_REGS_H

/*
 * ETE_FIELD_GET - extract the field @mask from @reg.  The shift is the
 * (constant, non-zero) mask's lowest set bit, which the compiler folds; it
 * keeps the bit position out of the caller's code.
 */
#define ETE_FIELD_GET(mask, reg)	(((reg) & (mask)) >> __builtin_ctzll(mask))

/* TRCIDR0: tracing capabilities */
#define TRCIDR0_INSTP0		0x00000006u	/* P0 load/store tracing */
#define TRCIDR0_TRCDATA		0x00000018u	/* data tracing (ETMv4 only) */
#define TRCIDR0_TRCBB		0x00000020u	/* branch broadcast */
#define TRCIDR0_TRCCOND		0x00000040u	/* conditional instruction trace */
#define TRCIDR0_TRCCCI		0x00000080u	/* cycle counting */
#define TRCIDR0_RETSTACK	0x00000200u	/* return stack */
#define TRCIDR0_NUMEVENT	0x00000c00u	/* number of events - 1 */
#define TRCIDR0_CONDTYPE	0x00003000u
#define TRCIDR0_QFILT		0x00004000u	/* Q element filtering */
#define TRCIDR0_QSUPP		0x00018000u	/* Q element support */
#define TRCIDR0_TRCEXDATA	0x00020000u
#define TRCIDR0_TSSIZE		0x1f000000u	/* global timestamp size */
#define TRCIDR0_COMMOPT		0x20000000u	/* commit field mode */
#define TRCIDR0_COMMTRANS	0x40000000u

/* TRCIDR1: architecture version (ETE reports 0xf/0xf, see TRCDEVARCH) */
#define TRCIDR1_REVISION	0x0000000fu
#define TRCIDR1_TRCARCHMIN	0x000000f0u
#define TRCIDR1_TRCARCHMAJ	0x00000f00u
#define TRCIDR1_DESIGNER	0xff000000u

/* TRCIDR2: field sizes */
#define TRCIDR2_IASIZE		0x0000001fu
#define TRCIDR2_CIDSIZE		0x000003e0u
#define TRCIDR2_VMIDSIZE	0x00007c00u
#define TRCIDR2_DASIZE		0x000f8000u
#define TRCIDR2_DVSIZE		0x01f00000u
#define TRCIDR2_CCSIZE		0x1e000000u	/* cycle counter bits - 12 */
#define TRCIDR2_VMIDOPT		0x60000000u
#define TRCIDR2_WFXMODE		0x80000000u

/* TRCIDR2.VMIDOPT: how the VMID is taken (0b10: TRCCONFIGR.VMIDOPT selects) */
#define TRCIDR2_VMIDOPT_VTTBR	0x0u	/* VTTBR_EL2.VMID only */
#define TRCIDR2_VMIDOPT_SEL	0x2u	/* VTTBR_EL2.VMID or CONTEXTIDR_EL2 */

/* TRCIDR3: Exception levels and errors */
#define TRCIDR3_CCITMIN		0x00000fffu	/* smallest cycle count threshold */
#define TRCIDR3_EXLEVEL_S	0x000f0000u	/* bit n: Secure ELn traceable */
#define TRCIDR3_EXLEVEL_NS	0x00f00000u	/* bit n: Non-secure ELn; bit 3 RES0 */
#define TRCIDR3_TRCERR		0x01000000u	/* TRCVICTLR.TRCERR implemented */
#define TRCIDR3_SYNCPR		0x02000000u
#define TRCIDR3_STALLCTL	0x04000000u
#define TRCIDR3_SYSSTALL	0x08000000u
#define TRCIDR3_NUMPROC		0x70000000u
#define TRCIDR3_NOOVERFLOW	0x80000000u

/* TRCIDR4: comparators and resources */
#define TRCIDR4_NUMACPAIRS	0x0000000fu
#define TRCIDR4_NUMPC		0x0000f000u	/* PE comparator inputs */
#define TRCIDR4_NUMRSPAIR	0x000f0000u	/* resource selector pairs - 1 */

/* TRCVICTLR: ViewInst main control */
#define TRCVICTLR_EVENT_SEL	0x0000001fu	/* resource (TYPE 0) or pair (1) */
#define TRCVICTLR_EVENT_TYPE	0x00000080u
#define TRCVICTLR_EVENT		0x0000009fu
#define TRCVICTLR_EVENT_TRUE	0x00000001u	/* resource 1: always TRUE */
#define TRCVICTLR_SSSTATUS	0x00000200u	/* start/stop logic started */
#define TRCVICTLR_TRCRESET	0x00000400u
#define TRCVICTLR_TRCERR	0x00000800u
#define TRCVICTLR_EXLEVEL_S	0x000f0000u	/* bit n set: no trace at Secure ELn */
#define TRCVICTLR_EXLEVEL_NS	0x00f00000u	/* bit n set: no trace at NS ELn */
/* TRCVIIECTLR: bit n of a field selects address range comparator pair n */
#define TRCVIIECTLR_INCLUDE	0x0000ffffu	/* trace inside these */
#define TRCVIIECTLR_EXCLUDE	0xffff0000u	/* not inside these */

/* TRCACATRn: what address comparator n compares */
#define TRCACATR_TYPE		0x00000003u	/* 0: instruction address */
#define TRCACATR_CONTEXTTYPE	0x0000000cu	/* 0: no context compare */
#define TRCACATR_EXLEVEL_S	0x00000f00u	/* bit n: no match at Secure ELn */
#define TRCACATR_EXLEVEL_NS	0x0000f000u	/* bit n: no match at NS ELn */

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
#define TRCIDR8_MAXSPEC		0xffffffffu

/* TRCPRGCTLR: the programming control */
#define TRCPRGCTLR_EN		0x00000001u	/* trace unit enabled */

/* TRCSTATR: where the programming handshake is */
#define TRCSTATR_IDLE		0x00000001u	/* idle: safe to program */
#define TRCSTATR_PMSTABLE	0x00000002u	/* programmers' model stable */

/* TRCCONFIGR: trace configuration */
#define TRCCONFIGR_INSTP0	0x00000006u
#define TRCCONFIGR_BB		0x00000008u
#define TRCCONFIGR_CCI		0x00000010u
#define TRCCONFIGR_CID		0x00000040u
#define TRCCONFIGR_VMID		0x00000080u
#define TRCCONFIGR_COND		0x00000700u
#define TRCCONFIGR_TS		0x00000800u
#define TRCCONFIGR_RS		0x00001000u
#define TRCCONFIGR_QE		0x00006000u
#define TRCCONFIGR_VMIDOPT	0x00008000u
#define TRCCONFIGR_DA		0x00010000u
#define TRCCONFIGR_DV		0x00020000u

/* TRCSYNCPR: A-Sync and Trace Info every 2^PERIOD bytes (0: never) */
#define TRCSYNCPR_PERIOD	0x0000001fu

/* TRCCCCTLR: cycle counts below THRESHOLD are not traced */
#define TRCCCCTLR_THRESHOLD	0x00000fffu

/* TRCTRACEIDR */
#define TRCTRACEIDR_TRACEID	0x0000007fu

/* TRCDEVARCH: ETE reports its real version here */
#define TRCDEVARCH_ARCHPART	0x00000fffu
#define TRCDEVARCH_ARCHVER	0x0000f000u	/* 5 for ETE */
#define TRCDEVARCH_ARCHID	0x0000ffffu
#define TRCDEVARCH_REVISION	0x000f0000u	/* ETE minor version */
#define TRCDEVARCH_PRESENT	0x00100000u
#define TRCDEVARCH_ARCHITECT	0xffe00000u

#define TRCDEVARCH_ARCHVER_ETE	0x5u

#endif /* _ARMTRACE_ETE_REGS_H */
