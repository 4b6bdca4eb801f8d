/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The index of each trace-hardware register (enum hw_reg), built from the
 * one list in hw_reg_list.h: read-write registers first, then the
 * write-only ones from HW_FIRST_WO_REG, then the read-only ones from
 * HW_FIRST_RO_REG.  The kernel's `sysreg` backend maps
 * an index to msr/mrs of its encoding; the `model` backend and the QEMU
 * hardware model use it to index the shared register file.
 */
#ifndef ARMTRACE_HW_REGS_H
#define ARMTRACE_HW_REGS_H

/* The layout of the kernel's sys_reg(): op0, op1, CRn, CRm, op2. */
#define HW_SYS_REG(op0, op1, crn, crm, op2) \
	(((op0) << 19) | ((op1) << 16) | ((crn) << 12) | ((crm) << 8) | ((op2) << 5))

enum hw_reg {
#define HW_REG_RW(name, op0, op1, crn, crm, op2)	HW_##name,
#define HW_REG_WO(name, op0, op1, crn, crm, op2)
#define HW_REG_RO(name, op0, op1, crn, crm, op2)
#include "hw_reg_list.h"
#undef HW_REG_RW
#undef HW_REG_WO
#undef HW_REG_RO
	HW_FIRST_WO_REG,
	HW_LAST_RW_REG = HW_FIRST_WO_REG - 1,
#define HW_REG_RW(name, op0, op1, crn, crm, op2)
#define HW_REG_WO(name, op0, op1, crn, crm, op2)	HW_##name,
#define HW_REG_RO(name, op0, op1, crn, crm, op2)
#include "hw_reg_list.h"
#undef HW_REG_RW
#undef HW_REG_WO
#undef HW_REG_RO
	HW_FIRST_RO_REG,
#define HW_REG_RW(name, op0, op1, crn, crm, op2)
#define HW_REG_WO(name, op0, op1, crn, crm, op2)
#define HW_REG_RO(name, op0, op1, crn, crm, op2)	HW_##name,
#include "hw_reg_list.h"
#undef HW_REG_RW
#undef HW_REG_WO
#undef HW_REG_RO
	HW_NR_REGS
};

/*
 * The unit a register belongs to, which ID_AA64DFR0_EL1 says a CPU has or
 * not: BRBE (BRBE), TRBE (TraceBuffer), and the trace unit with its
 * filter controls TRFCR_ELx (TraceVer, TraceFilt), which is the rest.
 * hw_reg_list.h keeps the TRBE and the BRBE registers together.
 */
enum hw_reg_unit { HW_UNIT_ETE, HW_UNIT_TRBE, HW_UNIT_BRBE };

static inline enum hw_reg_unit hw_reg_unit(enum hw_reg reg)
{
	if ((reg >= HW_BRBCR_EL1 && reg <= HW_BRBTGTINJ_EL1) ||
	    reg == HW_BRBIDR0_EL1)
		return HW_UNIT_BRBE;
	if ((reg >= HW_TRBLIMITR_EL1 && reg <= HW_TRBTRG_EL1) ||
	    reg == HW_TRBIDR_EL1)
		return HW_UNIT_TRBE;
	return HW_UNIT_ETE;
}

/* Whether software may write @reg: a constant for a constant @reg. */
#define HW_REG_WRITABLE(reg)	((reg) < HW_FIRST_RO_REG)
/* Whether software may read @reg (not in [WO, RO): one unsigned compare). */
#define HW_REG_READABLE(reg) \
	((unsigned int)((reg) - HW_FIRST_WO_REG) >= \
	 (unsigned int)(HW_FIRST_RO_REG - HW_FIRST_WO_REG))

/*
 * The trace unit's programming registers: what software may change only
 * while the unit is idle (TRCSTATR.IDLE), TRCPRGCTLR aside.
 */
static inline int hw_reg_ete_prog(enum hw_reg reg)
{
	return reg >= HW_TRCCONFIGR && reg <= HW_TRCCIDCCTLR0;
}

/* Branch records: 32 per bank (BRBFCR_EL1.BANK), 64 at most. */
#define HW_BRB_PER_BANK		32
#define HW_BRB_MAX		64

#endif /* ARMTRACE_HW_REGS_H */
