/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The trace-hardware system registers armtrace touches, each written once:
 *
 *   HW_REG_RW(name, op0, op1, CRn, CRm, op2)   software may write it
 *   HW_REG_WO(name, op0, op1, CRn, CRm, op2)   write-only (a lock):
 *                                              reading it is UNDEFINED
 *   HW_REG_RO(name, op0, op1, CRn, CRm, op2)   identification or status:
 *                                              writing it is UNDEFINED
 *
 * No include guard: a user defines the three macros, includes this file and
 * gets one expansion per register (include/armtrace/hw_regs.h builds the
 * index enum from it, kernel/hw/hw_sysreg.c the msr/mrs accessors).
 *
 * ETE registers follow the memory-mapped offsets of the ETM architecture:
 * for offset o, r = o >> 2 gives CRn = r[9:7], op2 = r[6:4], CRm = r[3:0].
 * Registers that code indexes (TRCACVR0 + n, TRCACATR0 + n) stay adjacent:
 * comparator n is CRm = (2n)[3:0], op2 = n[3] (TRCACVRn) or 2 + n[3]
 * (TRCACATRn).
 */
/*
 * ETE trace unit, read-write: TRCPRGCTLR, then the programming registers
 * (TRCCONFIGR..TRCCIDCCTLR0, together: hw_reg_ete_prog() in hw_regs.h)
 */
HW_REG_RW(TRCPRGCTLR,      2, 1,  0,  1, 0)
HW_REG_RW(TRCCONFIGR,      2, 1,  0,  4, 0)
HW_REG_RW(TRCAUXCTLR,      2, 1,  0,  6, 0)
HW_REG_RW(TRCEVENTCTL0R,   2, 1,  0,  8, 0)
HW_REG_RW(TRCEVENTCTL1R,   2, 1,  0,  9, 0)
HW_REG_RW(TRCRSR,          2, 1,  0, 10, 0)
HW_REG_RW(TRCSTALLCTLR,    2, 1,  0, 11, 0)
HW_REG_RW(TRCTSCTLR,       2, 1,  0, 12, 0)
HW_REG_RW(TRCSYNCPR,       2, 1,  0, 13, 0)
HW_REG_RW(TRCCCCTLR,       2, 1,  0, 14, 0)
HW_REG_RW(TRCBBCTLR,       2, 1,  0, 15, 0)
HW_REG_RW(TRCTRACEIDR,     2, 1,  0,  0, 1)
HW_REG_RW(TRCQCTLR,        2, 1,  0,  1, 1)
HW_REG_RW(TRCVICTLR,       2, 1,  0,  0, 2)
HW_REG_RW(TRCVIIECTLR,     2, 1,  0,  1, 2)
HW_REG_RW(TRCVISSCTLR,     2, 1,  0,  2, 2)
HW_REG_RW(TRCVIPCSSCTLR,   2, 1,  0,  3, 2)
HW_REG_RW(TRCACVR0,        2, 1,  2,  0, 0)
HW_REG_RW(TRCACVR1,        2, 1,  2,  2, 0)
HW_REG_RW(TRCACVR2,        2, 1,  2,  4, 0)
HW_REG_RW(TRCACVR3,        2, 1,  2,  6, 0)
HW_REG_RW(TRCACVR4,        2, 1,  2,  8, 0)
HW_REG_RW(TRCACVR5,        2, 1,  2, 10, 0)
HW_REG_RW(TRCACVR6,        2, 1,  2, 12, 0)
HW_REG_RW(TRCACVR7,        2, 1,  2, 14, 0)
HW_REG_RW(TRCACVR8,        2, 1,  2,  0, 1)
HW_REG_RW(TRCACVR9,        2, 1,  2,  2, 1)
HW_REG_RW(TRCACVR10,       2, 1,  2,  4, 1)
HW_REG_RW(TRCACVR11,       2, 1,  2,  6, 1)
HW_REG_RW(TRCACVR12,       2, 1,  2,  8, 1)
HW_REG_RW(TRCACVR13,       2, 1,  2, 10, 1)
HW_REG_RW(TRCACVR14,       2, 1,  2, 12, 1)
HW_REG_RW(TRCACVR15,       2, 1,  2, 14, 1)
HW_REG_RW(TRCACATR0,       2, 1,  2,  0, 2)
HW_REG_RW(TRCACATR1,       2, 1,  2,  2, 2)
HW_REG_RW(TRCACATR2,       2, 1,  2,  4, 2)
HW_REG_RW(TRCACATR3,       2, 1,  2,  6, 2)
HW_REG_RW(TRCACATR4,       2, 1,  2,  8, 2)
HW_REG_RW(TRCACATR5,       2, 1,  2, 10, 2)
HW_REG_RW(TRCACATR6,       2, 1,  2, 12, 2)
HW_REG_RW(TRCACATR7,       2, 1,  2, 14, 2)
HW_REG_RW(TRCACATR8,       2, 1,  2,  0, 3)
HW_REG_RW(TRCACATR9,       2, 1,  2,  2, 3)
HW_REG_RW(TRCACATR10,      2, 1,  2,  4, 3)
HW_REG_RW(TRCACATR11,      2, 1,  2,  6, 3)
HW_REG_RW(TRCACATR12,      2, 1,  2,  8, 3)
HW_REG_RW(TRCACATR13,      2, 1,  2, 10, 3)
HW_REG_RW(TRCACATR14,      2, 1,  2, 12, 3)
HW_REG_RW(TRCACATR15,      2, 1,  2, 14, 3)
HW_REG_RW(TRCCIDCVR0,      2, 1,  3,  0, 0)
HW_REG_RW(TRCVMIDCVR0,     2, 1,  3,  0, 1)
HW_REG_RW(TRCCIDCCTLR0,    2, 1,  3,  0, 2)

/*
 * TRBE and the trace filter controls, read-write (TRB* first and
 * together, BRB* together: hw_reg_unit() in hw_regs.h)
 */
HW_REG_RW(TRBLIMITR_EL1,   3, 0,  9, 11, 0)
HW_REG_RW(TRBPTR_EL1,      3, 0,  9, 11, 1)
HW_REG_RW(TRBBASER_EL1,    3, 0,  9, 11, 2)
HW_REG_RW(TRBSR_EL1,       3, 0,  9, 11, 3)
HW_REG_RW(TRBMAR_EL1,      3, 0,  9, 11, 4)
HW_REG_RW(TRBTRG_EL1,      3, 0,  9, 11, 6)
HW_REG_RW(TRFCR_EL1,       3, 0,  1,  2, 1)
HW_REG_RW(TRFCR_EL2,       3, 4,  1,  2, 1)

/* BRBE, read-write */
HW_REG_RW(BRBCR_EL1,       2, 1,  9,  0, 0)
HW_REG_RW(BRBCR_EL2,       2, 4,  9,  0, 0)
/* Under VHE: BRBCR_EL1 itself, whose FZP freezes on first-range counters. */
HW_REG_RW(BRBCR_EL12,      2, 5,  9,  0, 0)
HW_REG_RW(BRBFCR_EL1,      2, 1,  9,  0, 1)
HW_REG_RW(BRBTS_EL1,       2, 1,  9,  0, 2)
HW_REG_RW(BRBINFINJ_EL1,   2, 1,  9,  1, 0)
HW_REG_RW(BRBSRCINJ_EL1,   2, 1,  9,  1, 1)
HW_REG_RW(BRBTGTINJ_EL1,   2, 1,  9,  1, 2)

/*
 * The PE's OS Lock, which the trace unit obeys (ETE: trace is prohibited
 * while it is locked; it locks at power-up): OSLAR_EL1 sets it,
 * OSLSR_EL1 reads it.
 */
HW_REG_WO(OSLAR_EL1,       2, 0,  1,  0, 4)

/* ETE trace unit, read-only */
HW_REG_RO(TRCSTATR,        2, 1,  0,  3, 0)
HW_REG_RO(TRCIDR8,         2, 1,  0,  0, 6)
HW_REG_RO(TRCIDR9,         2, 1,  0,  1, 6)
HW_REG_RO(TRCIDR10,        2, 1,  0,  2, 6)
HW_REG_RO(TRCIDR11,        2, 1,  0,  3, 6)
HW_REG_RO(TRCIDR12,        2, 1,  0,  4, 6)
HW_REG_RO(TRCIDR13,        2, 1,  0,  5, 6)
HW_REG_RO(TRCIDR0,         2, 1,  0,  8, 7)
HW_REG_RO(TRCIDR1,         2, 1,  0,  9, 7)
HW_REG_RO(TRCIDR2,         2, 1,  0, 10, 7)
HW_REG_RO(TRCIDR3,         2, 1,  0, 11, 7)
HW_REG_RO(TRCIDR4,         2, 1,  0, 12, 7)
HW_REG_RO(TRCIDR5,         2, 1,  0, 13, 7)
HW_REG_RO(TRCAUTHSTATUS,   2, 1,  7, 14, 6)
HW_REG_RO(TRCDEVARCH,      2, 1,  7, 15, 6)

/* TRBE and the trace filter controls, read-only */
HW_REG_RO(TRBIDR_EL1,      3, 0,  9, 11, 7)

/* BRBE, read-only */
HW_REG_RO(BRBIDR0_EL1,     2, 1,  9,  2, 0)

/* The OS Lock's status, read-only */
HW_REG_RO(OSLSR_EL1,       2, 0,  1,  1, 4)
