/* SPDX-License-Identifier: GPL-2.0 */
/*
 * armtrace.ko: what the module's parts offer its init and exit
 * (kernel/main.c).  Each part registers its PMU with perf or fails with
 * nothing left behind.
 */
#ifndef ARMTRACE_H
#define ARMTRACE_H

/* The `pmuv3` PMU (kernel/pmu/). */
int armtrace_pmuv3_init(void);
void armtrace_pmuv3_exit(void);

/* The `ete` PMU (kernel/ete/), registered as @name. */
int armtrace_ete_init(const char *name);
void armtrace_ete_exit(void);

/*
 * Before unregistering a hardware-context PMU: take the empty task
 * contexts it created off their tasks (kernel/task_ctx.c).
 */
struct pmu;
void armtrace_drop_task_contexts(struct pmu *pmu);

#endif /* ARMTRACE_H */
