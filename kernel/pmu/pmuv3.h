/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The `pmuv3` PMU: PMUv3 event counters and the cycle counter through the
 * perf_event framework, with every PMEVTYPER filter the CPU implements.
 */
#ifndef ARMTRACE_PMUV3_H
#define ARMTRACE_PMUV3_H

#include <linux/cpumask.h>
#include <linux/perf_event.h>
#include <linux/platform_device.h>

#include <armtrace/pmu_regs.h>
#include "brbe_map.h"
#include "pmuv3_filter.h"

#define PMUV3_NAME		"pmuv3"
#define PMUV3_MAX_COUNTERS	32	/* 31 event counters + PMCCNTR */

/* hw_perf_event.flags: the event may live in the cycle counter. */
#define PMUV3_HWF_CYCLE_OK	BIT(0)

/* Per-CPU state: which counter holds which event. */
struct pmuv3_cpu {
	struct perf_event *events[PMUV3_MAX_COUNTERS];
	DECLARE_BITMAP(used, PMUV3_MAX_COUNTERS);
	DECLARE_BITMAP(parked, PMUV3_MAX_COUNTERS);	/* by pmuv3_stop_all() */
	unsigned long irq_jiffy;	/* the tick irq_ns is for */
	u64 irq_ns;			/* overflow handler time in that tick */
};

struct pmuv3 {
	struct pmu pmu;
	struct pmuv3_caps caps;
	struct brbe_caps brbe;		/* usable: branch stacks (perf -j) */
	struct pmuv3_cpu __percpu *cpu;
	cpumask_t supported;
	u32 midr;	/* MIDR_EL1 & MIDR_CPU_MODEL_MASK of the supported CPUs */
	int irq;
	bool irq_percpu;
	struct hlist_node cpuhp_node;
	struct notifier_block cpu_pm_nb;
	struct device *dev;
};

static inline struct pmuv3 *to_pmuv3(struct pmu *pmu)
{
	return container_of(pmu, struct pmuv3, pmu);
}

/* Bits a counter wraps at: PMCCNTR and PMUv3p5 counters are 64-bit. */
static inline u64 pmuv3_counter_mask(const struct pmuv3 *p, int idx)
{
	if (idx == PMU_CYCLE_IDX || p->caps.long_counters)
		return U64_MAX;
	return U32_MAX;
}

/* pmuv3_event.c */
int pmuv3_event_init(struct perf_event *event);
void pmuv3_event_add_ops(struct pmuv3 *p);
irqreturn_t pmuv3_handle_irq(int irq, void *dev);
void pmuv3_reset_cpu(struct pmuv3 *p);
void pmuv3_stop_all(struct pmuv3 *p);
void pmuv3_restart_all(struct pmuv3 *p);

/* pmuv3_owner.c */
bool pmuv3_builtin_pmu(char *buf, size_t len);
int pmuv3_acpi_gsi(int *trigger);

/* pmuv3_overflow.c */
bool pmuv3_overflow_resolve(void);
bool pmuv3_can_sample(void);
int pmuv3_overflow(struct perf_event *event, struct perf_sample_data *data,
		   struct pt_regs *regs);

/* pmuv3_brbe.c */
int pmuv3_brbe_setup(struct pmuv3 *p);
void pmuv3_brbe_teardown(struct pmuv3 *p);
void pmuv3_brbe_cpu_online(struct pmuv3 *p);
int pmuv3_brbe_event_init(struct pmuv3 *p, struct perf_event *event);
int pmuv3_brbe_event_alloc(struct perf_event *event);
int pmuv3_brbe_add(struct pmuv3 *p, struct perf_event *event);
void pmuv3_brbe_del(struct pmuv3 *p, struct perf_event *event);
bool pmuv3_brbe_active(void);
void pmuv3_brbe_irq_enter(struct pmuv3 *p);
struct perf_branch_stack *pmuv3_brbe_stack(struct pmuv3 *p,
					   struct perf_event *event);
void pmuv3_brbe_irq_exit(struct pmuv3 *p);
void pmuv3_brbe_restore(struct pmuv3 *p);

/* pmuv3_sysfs.c */
extern const struct attribute_group *pmuv3_attr_groups[];

#endif /* ARMTRACE_PMUV3_H */
