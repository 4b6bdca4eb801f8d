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
 * ETE_FIELD_GET - extract the field @mask from @reg.  Dividing by the lowest
 * set bit of the (constant) mask is a shift the compiler folds; it keeps the
 * bit position out of the caller's code.
 */
#define ETE_FIELD_GET(mask, reg)	(((reg) & (mask)) / ((mask) & -(mask)))

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

/* TRCIDR2.CIDSIZE / VMIDSIZE encodings */
#define TRCIDR2_CIDSIZE_32	0x4u
#define TRCIDR2_VMIDSIZE_8	0x1u
#define TRCIDR2_VMIDSIZE_16	0x2u
#define TRCIDR2_VMIDSIZE_32	0x4u
/* TRCIDR2.CCSIZE counts from a 12-bit minimum */
#define TRCIDR2_CCSIZE_BASE	12u

/* TRCIDR8: maximum speculation depth (whole register) */
#define TRCIDR8_MAXSPEC		0xffffffffu

/* TRCCONFIGR: trace configuration */
#define TRCCONFIGR_INSTP0	0x00000006u
#define TRCCONFIGR_BB		(1u << 3)
#define TRCCONFIGR_CCI		(1u << 4)
#define TRCCONFIGR_CID		(1u << 6)
#define TRCCONFIGR_VMID		(1u << 7)
#define TRCCONFIGR_COND		0x00000700u
#define TRCCONFIGR_TS		(1u << 11)
#define TRCCONFIGR_RS		(1u << 12)
#define TRCCONFIGR_QE		0x00006000u
#define TRCCONFIGR_VMIDOPT	(1u << 15)
#define TRCCONFIGR_DA		(1u << 16)
#define TRCCONFIGR_DV		(1u << 17)

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
