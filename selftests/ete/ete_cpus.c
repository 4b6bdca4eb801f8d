// SPDX-License-Identifier: GPL-2.0
/*
 * The `ete` PMU on a system whose CPUs differ, on -smp 2: CPU 1 has no
 * trace unit the driver may use, either none at all (the model's
 * trace1=off: ID_AA64DFR0_EL1 shows no ETE and no TRBE, and every access
 * to their registers would be UNDEFINED, which the model backend turns
 * into a kernel warning that fails the run) or one refused for erratum
 * 1902691 (errata1=unusable).
 *
 * A per-task event follows its task onto CPU 1; it must not run there
 * (perf keeps it inactive: its running time stands still) and must run
 * again when the task is back on CPU 0, with trace in its buffer.
 *
 * Environment: ARMTRACE_NOTRACE=1 for the trace1=off boot, whose CPU
 * online callback must have said so before it read a trace register.
 */
#include "ete_util.h"

#include <sched.h>

#define LOOPS	2000

static void spin(void)
{
	int i;

	for (i = 0; i < LOOPS; i++) {
		brb_workload_fn();
		/* Context switches: perf reschedules the event at each. */
		if (i % 100 == 0)
			sched_yield();
	}
}

int main(void)
{
	struct perf_event_attr a = ete_attr();
	struct ete_times t0, t1, t2, t3;
	struct ete_ring r;
	int fd, ok;

	printf("TAP version 13\n");
	if (getenv("ARMTRACE_NOTRACE"))
		tap(dmesg_has("armtrace-ete: cpu1: no ETE with TRBE: not traced"),
		    "cpu1 without ETE and TRBE is left alone at CPU online");
	tap(dmesg_has("armtrace-ete: PMU ete on CPUs 0\n"),
	    "the PMU is on CPU 0 only");
	tap(access(ETE_PMU_DIR "cpu1", F_OK) && !access(ETE_PMU_DIR "cpu0", F_OK),
	    "sysfs: cpu0/, no cpu1/");

	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			PERF_FORMAT_TOTAL_TIME_RUNNING;
	fd = ete_open(&a, 0, -1);
	if (!tap(fd >= 0, "per-task event opened (%d)", fd))
		goto out;
	if (!tap(!ete_map(&r, fd, 8, 16, PROT_READ | PROT_WRITE),
		 "ring and 16-page AUX buffer mapped"))
		goto out;

	/* On CPU 1 from the start: every add() there is refused. */
	ok = !pin_cpu(1) && sched_getcpu() == 1;
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	spin();
	ok &= !ete_read_times(fd, &t0);
	spin();
	ok &= !ete_read_times(fd, &t1);
	printf("# on cpu1: enabled %llu -> %llu ns, running %llu -> %llu ns\n",
	       t0.enabled, t1.enabled, t0.running, t1.running);
	tap(ok && t1.enabled > t0.enabled && t0.running == 0 &&
	    t1.running == 0, "on cpu1 the event is enabled but never runs");

	/* Back on CPU 0: it is added at the switch in and runs. */
	ok = !pin_cpu(0) && sched_getcpu() == 0;
	spin();
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ok &= !ete_read_times(fd, &t2);
	printf("# on cpu0: enabled %llu ns, running %llu ns\n", t2.enabled,
	       t2.running);
	tap(ok && t2.running > 0 && t2.enabled > t1.enabled,
	    "on cpu0 it runs");
	tap(__atomic_load_n(&r.mp->aux_head, __ATOMIC_ACQUIRE) > 0,
	    "trace from cpu0 in the AUX buffer (%llu bytes)",
	    (unsigned long long)r.mp->aux_head);

	/* And not again on CPU 1, where it stops counting running time. */
	ok = !pin_cpu(1) && sched_getcpu() == 1;
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	spin();
	ok &= !ete_read_times(fd, &t3);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	tap(ok && t3.running == t2.running && t3.enabled > t2.enabled,
	    "back on cpu1 it does not run (running %llu ns)", t3.running);
	ete_unmap(&r);
	close(fd);
out:
	printf("1..%d\n", tap_n);
	return tap_fail;
}
