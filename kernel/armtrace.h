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

#endif /* ARMTRACE_H */
