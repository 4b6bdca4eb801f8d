/* SPDX-License-Identifier: GPL-2.0 */
/*
 * PMUv3 register access, `sysreg` backend: msr/mrs on the running CPU.
 *
 * QEMU's TCG implements PMUv3 itself, so the PMU needs no `model` backend;
 * ETE, TRBE and BRBE accesses go through kernel/hw/ with both backends.
 * Callers run with preemption disabled on the CPU whose PMU they touch.
 */
#ifndef ARMTRACE_HW_PMU_SYSREG_H
#define ARMTRACE_HW_PMU_SYSREG_H

#include <linux/bug.h>
#include <linux/types.h>
#include <asm/sysreg.h>

/* PMEVCNTR<n>_EL0 and PMEVTYPER<n>_EL0 encodings (Arm ARM D24.5). */
#define HW_PMEVCNTR(n)	sys_reg(3, 3, 14, 8 + ((n) >> 3), (n) & 7)
#define HW_PMEVTYPER(n)	sys_reg(3, 3, 14, 12 + ((n) >> 3), (n) & 7)

/*
 * The counter number is part of the instruction encoding, so a run-time
 * index needs one case per counter.
 */
#define HW_PMU_COUNTERS(X)						\
	X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10)		\
	X(11) X(12) X(13) X(14) X(15) X(16) X(17) X(18) X(19) X(20)	\
	X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30)

static inline u64 hw_pmu_read_evcntr(unsigned int n)
{
	switch (n) {
#define HW_READ_CNT(i) case i: return read_sysreg_s(HW_PMEVCNTR(i));
	HW_PMU_COUNTERS(HW_READ_CNT)
#undef HW_READ_CNT
	}
	WARN_ON_ONCE(1);
	return 0;
}

static inline void hw_pmu_write_evcntr(unsigned int n, u64 val)
{
	switch (n) {
#define HW_WRITE_CNT(i) case i: write_sysreg_s(val, HW_PMEVCNTR(i)); return;
	HW_PMU_COUNTERS(HW_WRITE_CNT)
#undef HW_WRITE_CNT
	}
	WARN_ON_ONCE(1);
}

static inline void hw_pmu_write_evtyper(unsigned int n, u64 val)
{
	switch (n) {
#define HW_WRITE_TYP(i) case i: write_sysreg_s(val, HW_PMEVTYPER(i)); return;
	HW_PMU_COUNTERS(HW_WRITE_TYP)
#undef HW_WRITE_TYP
	}
	WARN_ON_ONCE(1);
}

static inline u64 hw_pmu_read_pmcr(void)
{
	return read_sysreg(pmcr_el0);
}

static inline void hw_pmu_write_pmcr(u64 val)
{
	/* The PMCR write must take effect before the next counter access. */
	write_sysreg(val, pmcr_el0);
	isb();
}

static inline u64 hw_pmu_read_ccntr(void)
{
	return read_sysreg(pmccntr_el0);
}

static inline void hw_pmu_write_ccntr(u64 val)
{
	write_sysreg(val, pmccntr_el0);
}

static inline void hw_pmu_write_ccfiltr(u64 val)
{
	write_sysreg(val, pmccfiltr_el0);
}

static inline void hw_pmu_enable_counters(u64 mask)
{
	write_sysreg(mask, pmcntenset_el0);
}

static inline void hw_pmu_disable_counters(u64 mask)
{
	write_sysreg(mask, pmcntenclr_el0);
	/* The counters must have stopped before their type or value change. */
	isb();
}

static inline void hw_pmu_enable_irqs(u64 mask)
{
	write_sysreg(mask, pmintenset_el1);
}

static inline void hw_pmu_disable_irqs(u64 mask)
{
	write_sysreg(mask, pmintenclr_el1);
	isb();
}

/* Reads and clears the overflow flags given in @mask. */
static inline u64 hw_pmu_ack_overflows(u64 mask)
{
	u64 ovs = read_sysreg(pmovsclr_el0) & mask;

	write_sysreg(ovs, pmovsclr_el0);
	/* The flags must be clear before counters are re-armed. */
	isb();
	return ovs;
}

static inline u64 hw_pmu_read_pmceid(int n)
{
	return n ? read_sysreg(pmceid1_el0) : read_sysreg(pmceid0_el0);
}

static inline u64 hw_pmu_read_pmmir(void)
{
	return read_sysreg_s(SYS_PMMIR_EL1);
}

static inline void hw_pmu_write_userenr(u64 val)
{
	write_sysreg(val, pmuserenr_el0);
}

#endif /* ARMTRACE_HW_PMU_SYSREG_H */
