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

#include <linux/types.h>
#include <asm/sysreg.h>

/*
 * Event counter n is reached through PMSELR_EL0 and the PMXEV* windows:
 * the direct PMEVCNTR<n>_EL0 encodings carry n in the instruction, which
 * would need a 31-way switch per accessor.  The select-then-access pair
 * must not be interrupted by another selection: every caller runs with
 * interrupts off (perf core callbacks and the overflow handler, which is
 * a normal interrupt, not an NMI).
 */
static inline void hw_pmu_select(unsigned int n)
{
	write_sysreg(n, pmselr_el0);
	/* The selection must be in effect before PMXEV* is accessed. */
	isb();
}

static inline u64 hw_pmu_read_evcntr(unsigned int n)
{
	hw_pmu_select(n);
	return read_sysreg(pmxevcntr_el0);
}

static inline void hw_pmu_write_evcntr(unsigned int n, u64 val)
{
	hw_pmu_select(n);
	write_sysreg(val, pmxevcntr_el0);
}

static inline void hw_pmu_write_evtyper(unsigned int n, u64 val)
{
	hw_pmu_select(n);
	write_sysreg(val, pmxevtyper_el0);
}

static inline u64 hw_pmu_read_pmcr(void)
{
	return read_sysreg(pmcr_el0);
}

static inline void hw_pmu_write_pmcr(u64 val)
{
	/*
	 * Writes to other PMU registers are not ordered with a later PMCR
	 * write without a context synchronisation (Arm ARM, "Synchronization
	 * requirements for System registers"): the counters' types, values
	 * and PMCCFILTR must be in effect before PMCR.E starts them.
	 */
	isb();
	write_sysreg(val, pmcr_el0);
	/* The PMCR write must take effect before the next counter access. */
	isb();
}

static inline u64 hw_pmu_read_ccntr(void)
{
	return read_sysreg(pmccntr_el0);
}

/*
 * PMCCNTR and PMCCFILTR writes need no barrier of their own: the counter
 * only starts at a PMCNTENSET or PMCR write, each preceded by an isb.
 */
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
	/*
	 * The counter's PMEVTYPER/PMCCFILTR and value writes must be in
	 * effect before it starts: system register writes are only ordered
	 * by a context synchronisation event (upstream armv8pmu does the same).
	 */
	isb();
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

/* Read back by the CPU PM test (armtrace_hwtest). */
static inline u64 hw_pmu_read_userenr(void)
{
	return read_sysreg(pmuserenr_el0);
}

static inline u64 hw_pmu_read_counters_enabled(void)
{
	return read_sysreg(pmcntenset_el0);
}

static inline u64 hw_pmu_read_irqs_enabled(void)
{
	return read_sysreg(pmintenset_el1);
}

#endif /* ARMTRACE_HW_PMU_SYSREG_H */
