/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The trace-hardware system registers armtrace touches, each once: an
 * index (enum hw_reg) and its system-register encoding HW_ENC_<name>.
 * The kernel's `sysreg` backend turns the encodings into msr/mrs; the
 * `model` backend and the QEMU hardware model use the index into the
 * shared register file.
 *
 * ETE registers follow the memory-mapped offsets of the ETM architecture:
 * for offset o, r = o >> 2 gives CRn = r[9:7], op2 = r[6:4], CRm = r[3:0].
 */
#ifndef ARMTRACE_HW_REGS_H
#define ARMTRACE_HW_REGS_H

/* The layout of the kernel's sys_reg(): op0, op1, CRn, CRm, op2. */
#define HW_SYS_REG(op0, op1, crn, crm, op2) \
	(((op0) << 19) | ((op1) << 16) | ((crn) << 12) | ((crm) << 8) | ((op2) << 5))

/* ETE trace unit */
#define HW_ENC_TRCPRGCTLR	HW_SYS_REG(2, 1, 0, 1, 0)
#define HW_ENC_TRCSTATR		HW_SYS_REG(2, 1, 0, 3, 0)
#define HW_ENC_TRCCONFIGR	HW_SYS_REG(2, 1, 0, 4, 0)
#define HW_ENC_TRCAUXCTLR	HW_SYS_REG(2, 1, 0, 6, 0)
#define HW_ENC_TRCEVENTCTL0R	HW_SYS_REG(2, 1, 0, 8, 0)
#define HW_ENC_TRCEVENTCTL1R	HW_SYS_REG(2, 1, 0, 9, 0)
#define HW_ENC_TRCRSR		HW_SYS_REG(2, 1, 0, 10, 0)
#define HW_ENC_TRCSTALLCTLR	HW_SYS_REG(2, 1, 0, 11, 0)
#define HW_ENC_TRCTSCTLR	HW_SYS_REG(2, 1, 0, 12, 0)
#define HW_ENC_TRCSYNCPR	HW_SYS_REG(2, 1, 0, 13, 0)
#define HW_ENC_TRCCCCTLR	HW_SYS_REG(2, 1, 0, 14, 0)
#define HW_ENC_TRCBBCTLR	HW_SYS_REG(2, 1, 0, 15, 0)
#define HW_ENC_TRCTRACEIDR	HW_SYS_REG(2, 1, 0, 0, 1)
#define HW_ENC_TRCQCTLR		HW_SYS_REG(2, 1, 0, 1, 1)
#define HW_ENC_TRCVICTLR	HW_SYS_REG(2, 1, 0, 0, 2)
#define HW_ENC_TRCVIIECTLR	HW_SYS_REG(2, 1, 0, 1, 2)
#define HW_ENC_TRCVISSCTLR	HW_SYS_REG(2, 1, 0, 2, 2)
#define HW_ENC_TRCVIPCSSCTLR	HW_SYS_REG(2, 1, 0, 3, 2)
#define HW_ENC_TRCIDR8		HW_SYS_REG(2, 1, 0, 0, 6)
#define HW_ENC_TRCIDR9		HW_SYS_REG(2, 1, 0, 1, 6)
#define HW_ENC_TRCIDR10		HW_SYS_REG(2, 1, 0, 2, 6)
#define HW_ENC_TRCIDR11		HW_SYS_REG(2, 1, 0, 3, 6)
#define HW_ENC_TRCIDR12		HW_SYS_REG(2, 1, 0, 4, 6)
#define HW_ENC_TRCIDR13		HW_SYS_REG(2, 1, 0, 5, 6)
#define HW_ENC_TRCIDR0		HW_SYS_REG(2, 1, 0, 8, 7)
#define HW_ENC_TRCIDR1		HW_SYS_REG(2, 1, 0, 9, 7)
#define HW_ENC_TRCIDR2		HW_SYS_REG(2, 1, 0, 10, 7)
#define HW_ENC_TRCIDR3		HW_SYS_REG(2, 1, 0, 11, 7)
#define HW_ENC_TRCIDR4		HW_SYS_REG(2, 1, 0, 12, 7)
#define HW_ENC_TRCIDR5		HW_SYS_REG(2, 1, 0, 13, 7)
#define HW_ENC_TRCACVR0		HW_SYS_REG(2, 1, 2, 0, 0)
#define HW_ENC_TRCACVR1		HW_SYS_REG(2, 1, 2, 2, 0)
#define HW_ENC_TRCACVR2		HW_SYS_REG(2, 1, 2, 4, 0)
#define HW_ENC_TRCACVR3		HW_SYS_REG(2, 1, 2, 6, 0)
#define HW_ENC_TRCACATR0	HW_SYS_REG(2, 1, 2, 0, 2)
#define HW_ENC_TRCACATR1	HW_SYS_REG(2, 1, 2, 2, 2)
#define HW_ENC_TRCACATR2	HW_SYS_REG(2, 1, 2, 4, 2)
#define HW_ENC_TRCACATR3	HW_SYS_REG(2, 1, 2, 6, 2)
#define HW_ENC_TRCCIDCVR0	HW_SYS_REG(2, 1, 3, 0, 0)
#define HW_ENC_TRCVMIDCVR0	HW_SYS_REG(2, 1, 3, 0, 1)
#define HW_ENC_TRCCIDCCTLR0	HW_SYS_REG(2, 1, 3, 0, 2)
#define HW_ENC_TRCAUTHSTATUS	HW_SYS_REG(2, 1, 7, 14, 6)
#define HW_ENC_TRCDEVARCH	HW_SYS_REG(2, 1, 7, 15, 6)

/* TRBE and trace filter controls */
#define HW_ENC_TRBLIMITR_EL1	HW_SYS_REG(3, 0, 9, 11, 0)
#define HW_ENC_TRBPTR_EL1	HW_SYS_REG(3, 0, 9, 11, 1)
#define HW_ENC_TRBBASER_EL1	HW_SYS_REG(3, 0, 9, 11, 2)
#define HW_ENC_TRBSR_EL1	HW_SYS_REG(3, 0, 9, 11, 3)
#define HW_ENC_TRBMAR_EL1	HW_SYS_REG(3, 0, 9, 11, 4)
#define HW_ENC_TRBTRG_EL1	HW_SYS_REG(3, 0, 9, 11, 6)
#define HW_ENC_TRBIDR_EL1	HW_SYS_REG(3, 0, 9, 11, 7)
#define HW_ENC_TRFCR_EL1	HW_SYS_REG(3, 0, 1, 2, 1)
#define HW_ENC_TRFCR_EL2	HW_SYS_REG(3, 4, 1, 2, 1)

/* BRBE controls */
#define HW_ENC_BRBCR_EL1	HW_SYS_REG(2, 1, 9, 0, 0)
#define HW_ENC_BRBCR_EL2	HW_SYS_REG(2, 4, 9, 0, 0)
#define HW_ENC_BRBFCR_EL1	HW_SYS_REG(2, 1, 9, 0, 1)
#define HW_ENC_BRBTS_EL1	HW_SYS_REG(2, 1, 9, 0, 2)
#define HW_ENC_BRBINFINJ_EL1	HW_SYS_REG(2, 1, 9, 1, 0)
#define HW_ENC_BRBSRCINJ_EL1	HW_SYS_REG(2, 1, 9, 1, 1)
#define HW_ENC_BRBTGTINJ_EL1	HW_SYS_REG(2, 1, 9, 1, 2)
#define HW_ENC_BRBIDR0_EL1	HW_SYS_REG(2, 1, 9, 2, 0)

enum hw_reg {
	HW_TRCPRGCTLR,
	HW_TRCSTATR,
	HW_TRCCONFIGR,
	HW_TRCAUXCTLR,
	HW_TRCEVENTCTL0R,
	HW_TRCEVENTCTL1R,
	HW_TRCRSR,
	HW_TRCSTALLCTLR,
	HW_TRCTSCTLR,
	HW_TRCSYNCPR,
	HW_TRCCCCTLR,
	HW_TRCBBCTLR,
	HW_TRCTRACEIDR,
	HW_TRCQCTLR,
	HW_TRCVICTLR,
	HW_TRCVIIECTLR,
	HW_TRCVISSCTLR,
	HW_TRCVIPCSSCTLR,
	HW_TRCIDR8,
	HW_TRCIDR9,
	HW_TRCIDR10,
	HW_TRCIDR11,
	HW_TRCIDR12,
	HW_TRCIDR13,
	HW_TRCIDR0,
	HW_TRCIDR1,
	HW_TRCIDR2,
	HW_TRCIDR3,
	HW_TRCIDR4,
	HW_TRCIDR5,
	HW_TRCACVR0,
	HW_TRCACVR1,
	HW_TRCACVR2,
	HW_TRCACVR3,
	HW_TRCACATR0,
	HW_TRCACATR1,
	HW_TRCACATR2,
	HW_TRCACATR3,
	HW_TRCCIDCVR0,
	HW_TRCVMIDCVR0,
	HW_TRCCIDCCTLR0,
	HW_TRCAUTHSTATUS,
	HW_TRCDEVARCH,
	HW_TRBLIMITR_EL1,
	HW_TRBPTR_EL1,
	HW_TRBBASER_EL1,
	HW_TRBSR_EL1,
	HW_TRBMAR_EL1,
	HW_TRBTRG_EL1,
	HW_TRBIDR_EL1,
	HW_TRFCR_EL1,
	HW_TRFCR_EL2,
	HW_BRBCR_EL1,
	HW_BRBCR_EL2,
	HW_BRBFCR_EL1,
	HW_BRBTS_EL1,
	HW_BRBINFINJ_EL1,
	HW_BRBSRCINJ_EL1,
	HW_BRBTGTINJ_EL1,
	HW_BRBIDR0_EL1,
	HW_NR_REGS
};

/*
 * Branch records: BRBINF/BRBSRC/BRBTGT<n>_EL1 for n in 0..31 of the bank
 * BRBFCR_EL1.BANK selects: op0 2, op1 1, CRn 8, CRm n[3:0],
 * op2 n[4]:(0 INF, 1 SRC, 2 TGT).
 */
#define HW_BRB_PER_BANK		32
#define HW_BRB_MAX		64

#endif /* ARMTRACE_HW_REGS_H */
