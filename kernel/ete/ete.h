/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The `ete` PMU: each CPU's ETE trace unit with its TRBE writing straight
 * into the event's perf AUX buffer.
 */
#ifndef ARMTRACE_ETE_H
#define ARMTRACE_ETE_H

#include <linux/cpumask.h>
#include <linux/perf_event.h>

#include <armtrace/trbe_errata.h>

#include "../hw/hw.h"
#include "ete_config.h"

/* The AUX buffer of one event, as setup_aux() maps it. */
struct ete_buf {
	void *base;			/* vmap() of the AUX pages */
	unsigned long nr_pages;
	bool snapshot;			/* AUX overwrite mode (perf -S) */
	struct hw_buf hwb;
};

static inline u64 ete_buf_size(const struct ete_buf *buf)
{
	return (u64)buf->nr_pages << PAGE_SHIFT;
}

/* Per-CPU state. */
struct ete_cpu {
	struct perf_output_handle handle;
	struct ete_caps caps;
	bool usable;			/* ETE + TRBE this driver can program */
	bool offline;			/* past its hotplug teardown */
	u64 align;			/* 1 << TRBIDR_EL1.Align */
	u32 wa;				/* TRBE_WA_*: errata workarounds */
	/*
	 * The TRBE window now programmed, as buffer offsets: the record
	 * from start, TRBBASER at base, TRBPTR from ptr (past start only
	 * with TRBE_WA_PAD_BASE, or a snapshot's alignment pad), TRBLIMITR
	 * at limit; circular: a snapshot's laps after the first, from the
	 * base (the record then starts at the pad up to the buffer's end).
	 * pad: a snapshot's IGNORE bytes from start on, before the window
	 * (with the spare page, they may run past the buffer's end and on
	 * from the base: the window then begins at start + pad - size).
	 */
	u64 start, limit, base, ptr, pad;
	bool circular;
	struct perf_event *event;	/* added here (add() to del()) */
	u64 programmed;			/* hwcfg serial the unit holds; 0: none */
	bool pm_stopped;		/* stopped for CPU power-down */
	/* loss, as debugfs shows it */
	u64 truncated;			/* records flagged TRUNCATED */
	u64 collisions;			/* records flagged COLLISION */
	u64 irqs;
};

struct ete_pmu {
	struct pmu pmu;
	struct notifier_block cpu_pm_nb;
	cpumask_t supported;
	u32 wa_any;			/* TRBE_WA_* of any CPU */
	unsigned int pairs;		/* comparator pairs of every CPU */
	struct kobject *cpu_dirs[NR_CPUS];
	int irq;
	struct ete_cpu __percpu *cpu;
};

extern struct ete_pmu *ete_pmu;

/* ete_unit.c: the trace unit and its buffer on the local CPU */
/*
 * 0; -EBUSY when the unit was not idle to be programmed (no programming
 * register written, the TRBE not started); -ETIMEDOUT when it did not
 * leave idle once enabled (the TRBE started: stop it)
 */
int ete_unit_start(const struct ete_hwcfg *cfg, bool programmed,
		   const struct ete_buf *buf, const struct ete_cpu *ec);
/* 0, or -ETIMEDOUT when the unit did not go idle (buffer stopped all the same) */
int ete_unit_stop(u64 *trbsr, u64 *trbptr);
bool ete_unit_ss_started(void);
void ete_trbe_start(const struct ete_buf *buf, const struct ete_cpu *ec);
void ete_trbe_stop(u64 *trbsr, u64 *trbptr);
void ete_read_caps(struct ete_caps *caps);
void ete_unit_reset(void);

/* ete_errata.c: the TRBE_WA_* the calling CPU needs, logged */
u32 ete_errata_probe(unsigned int cpu);

/* ete_sysfs.c */
extern const struct attribute_group *ete_attr_groups[];
int ete_sysfs_cpu_dirs(struct ete_pmu *ep);
void ete_sysfs_cpu_online(struct ete_pmu *ep, int cpu);
void ete_sysfs_cpu_dirs_remove(struct ete_pmu *ep);

#endif /* ARMTRACE_ETE_H */
