/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The trace-hardware system registers armtrace touches, once: name and
 * system-register encoding (op0, op1, CRn, CRm, op2).  The kernel's
 * `sysreg` backend turns the list into msr/mrs, the `model` backend and
 * the QEMU hardware model into indices of the shared register file.
 *
 * ETE registers follow the memory-mapped offsets of the ETM architecture:
 * for offset o, r = o >> 2 gives CRn = r[9:7], op2 = r[6:4], CRm = r[3:0].
 */
#ifndef ARMTRACE_HW_REGS_H
#define ARMTRACE_HW_REGS_H

#define HW_ETE_REGS(X)					\
	X(TRCPRGCTLR,	2, 1, 0, 1, 0)			\
	X(TRCSTATR,	2, 1, 0, 3, 0)			\
	X(TRCCONFIGR,	2, 1, 0, 4, 0)			\
	X(TRCAUXCTLR,	2, 1, 0, 6, 0)			\
	X(TRCEVENTCTL0R, 2, 1, 0, 8, 0)			\
	X(TRCEVENTCTL1R, 2, 1, 0, 9, 0)			\
	X(TRCRSR,	2, 1, 0, 10, 0)			\
	X(TRCSTALLCTLR,	2, 1, 0, 11, 0)			\
	X(TRCTSCTLR,	2, 1, 0, 12, 0)			\
	X(TRCSYNCPR,	2, 1, 0, 13, 0)			\
	X(TRCCCCTLR,	2, 1, 0, 14, 0)			\
	X(TRCBBCTLR,	2, 1, 0, 15, 0)			\
	X(TRCTRACEIDR,	2, 1, 0, 0, 1)			\
	X(TRCQCTLR,	2, 1, 0, 1, 1)			\
	X(TRCVICTLR,	2, 1, 0, 0, 2)			\
	X(TRCVIIECTLR,	2, 1, 0, 1, 2)			\
	X(TRCVISSCTLR,	2, 1, 0, 2, 2)			\
	X(TRCVIPCSSCTLR, 2, 1, 0, 3, 2)			\
	X(TRCIDR8,	2, 1, 0, 0, 6)			\
	X(TRCIDR9,	2, 1, 0, 1, 6)			\
	X(TRCIDR10,	2, 1, 0, 2, 6)			\
	X(TRCIDR11,	2, 1, 0, 3, 6)			\
	X(TRCIDR12,	2, 1, 0, 4, 6)			\
	X(TRCIDR13,	2, 1, 0, 5, 6)			\
	X(TRCIDR0,	2, 1, 0, 8, 7)			\
	X(TRCIDR1,	2, 1, 0, 9, 7)			\
	X(TRCIDR2,	2, 1, 0, 10, 7)			\
	X(TRCIDR3,	2, 1, 0, 11, 7)			\
	X(TRCIDR4,	2, 1, 0, 12, 7)			\
	X(TRCIDR5,	2, 1, 0, 13, 7)			\
	X(TRCACVR0,	2, 1, 2, 0, 0)			\
	X(TRCACVR1,	2, 1, 2, 2, 0)			\
	X(TRCACVR2,	2, 1, 2, 4, 0)			\
	X(TRCACVR3,	2, 1, 2, 6, 0)			\
	X(TRCACATR0,	2, 1, 2, 0, 2)			\
	X(TRCACATR1,	2, 1, 2, 2, 2)			\
	X(TRCACATR2,	2, 1, 2, 4, 2)			\
	X(TRCACATR3,	2, 1, 2, 6, 2)			\
	X(TRCCIDCVR0,	2, 1, 3, 0, 0)			\
	X(TRCVMIDCVR0,	2, 1, 3, 0, 1)			\
	X(TRCCIDCCTLR0,	2, 1, 3, 0, 2)			\
	X(TRCAUTHSTATUS, 2, 1, 7, 14, 6)		\
	X(TRCDEVARCH,	2, 1, 7, 15, 6)

#define HW_TRBE_REGS(X)					\
	X(TRBLIMITR_EL1, 3, 0, 9, 11, 0)		\
	X(TRBPTR_EL1,	3, 0, 9, 11, 1)			\
	X(TRBBASER_EL1,	3, 0, 9, 11, 2)			\
	X(TRBSR_EL1,	3, 0, 9, 11, 3)			\
	X(TRBMAR_EL1,	3, 0, 9, 11, 4)			\
	X(TRBTRG_EL1,	3, 0, 9, 11, 6)			\
	X(TRBIDR_EL1,	3, 0, 9, 11, 7)			\
	X(TRFCR_EL1,	3, 0, 1, 2, 1)			\
	X(TRFCR_EL2,	3, 4, 1, 2, 1)

#define HW_BRBE_REGS(X)					\
	X(BRBCR_EL1,	2, 1, 9, 0, 0)			\
	X(BRBCR_EL2,	2, 4, 9, 0, 0)			\
	X(BRBFCR_EL1,	2, 1, 9, 0, 1)			\
	X(BRBTS_EL1,	2, 1, 9, 0, 2)			\
	X(BRBINFINJ_EL1, 2, 1, 9, 1, 0)			\
	X(BRBSRCINJ_EL1, 2, 1, 9, 1, 1)			\
	X(BRBTGTINJ_EL1, 2, 1, 9, 1, 2)			\
	X(BRBIDR0_EL1,	2, 1, 9, 2, 0)

#define HW_ALL_REGS(X) HW_ETE_REGS(X) HW_TRBE_REGS(X) HW_BRBE_REGS(X)

#define HW_REG_ENUM(name, op0, op1, crn, crm, op2) HW_##name,
enum hw_reg {
	HW_ALL_REGS(HW_REG_ENUM)
	HW_NR_REGS
};
#undef HW_REG_ENUM

/*
 * Branch records: BRBINF/BRBSRC/BRBTGT<n>_EL1 for n in 0..31 of the bank
 * BRBFCR_EL1.BANK selects: op0 2, op1 1, CRn 8, CRm n[3:0],
 * op2 n[4]:(0 INF, 1 SRC, 2 TGT).
 */
#define HW_BRB_PER_BANK		32
#define HW_BRB_MAX		64

#endif /* ARMTRACE_HW_REGS_H */
