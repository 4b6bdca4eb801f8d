// SPDX-License-Identifier: GPL-2.0
/*
 * A system whose CPUs' BRBE differ (the hardware model's brbe1=64 beside
 * CPU 0's 32 records): `pmuv3` probes BRBE on the CPU its module init
 * runs on (caps/branches says which: 32 CPU 0, 64 CPU 1), and the other
 * CPU, whose BRBIDR0_EL1 says otherwise, takes no branch-stack event:
 * Documentation/pmuv3.rst's ENOENT at schedule-in.  An event bound to
 * that CPU opens (the PMU's branch-stack capability is the probed one's)
 * but never runs there; the same event on the probed CPU runs and
 * samples; a counting event without a branch stack runs on the other
 * CPU as anywhere.
 *
 * Environment: ARMTRACE_BRBE_DIFFERS=1 on the boot that sets brbe1=64.
 */
#define _GNU_SOURCE
#include "kselftest_harness.h"
#include "hwtest_util.h"

#include <sched.h>
#include <sys/mman.h>
#include "../pmu/pmuv3_util.h"

#define PAGES	8

static int pin_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

struct times {
	uint64_t value, enabled, running;
};

/* Open on @cpu (any task), run brb_workload there, read the times. */
static int run_on(int cpu, uint64_t bst, struct times *t, uint64_t *samples)
{
	struct perf_event_attr a;
	struct perf_event_mmap_page *meta;
	long pg = sysconf(_SC_PAGESIZE);
	int fd, i;

	pmuv3_attr(&a, PMU_EVT_CPU_CYCLES, 0, 0);
	a.exclude_kernel = a.exclude_hv = 1;
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			PERF_FORMAT_TOTAL_TIME_RUNNING;
	if (bst) {
		a.sample_period = 20011;
		a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK;
		a.branch_sample_type = bst;
	}
	if (pin_cpu(cpu))
		return -errno;
	fd = perf_open(&a, cpu, -1);
	if (fd < 0)
		return -errno;
	meta = mmap(NULL, (PAGES + 1) * pg, PROT_READ | PROT_WRITE,
		    MAP_SHARED, fd, 0);
	if (meta == MAP_FAILED) {
		close(fd);
		return -ENOMEM;
	}
	if (ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)) {
		munmap(meta, (PAGES + 1) * pg);
		close(fd);
		return -EIO;
	}
	for (i = 0; i < 5000; i++) {
		brb_workload_fn();
		/* QEMU raises event-counter overflows at EL changes only. */
		if (i % 64 == 0)
			syscall(__NR_getppid);
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	if (read(fd, t, sizeof(*t)) != sizeof(*t))
		t->running = t->enabled = t->value = ~0ull;
	/* records in the ring: samples, when the event ran */
	*samples = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
	munmap(meta, (PAGES + 1) * pg);
	close(fd);
	pin_cpu(0);
	return 0;
}

TEST(a_cpu_whose_brbe_differs_takes_no_branch_stack_event)
{
	struct times t0, t1, c1;
	uint64_t s0, s1, sc;
	long numrec = pmuv3_cap("branches");
	int ok, other;

	if (!getenv("ARMTRACE_BRBE_DIFFERS"))
		SKIP(return, "the CPUs' BRBE is alike on this boot");
	if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
		SKIP(return, "one CPU");
	ASSERT_TRUE(numrec == 32 || numrec == 64);
	ok = numrec == 64;	/* the probed CPU: brbe1=64 */
	other = !ok;
	ASSERT_EQ(0, run_on(ok, PERF_SAMPLE_BRANCH_ANY |
			    PERF_SAMPLE_BRANCH_USER, &t0, &s0));
	ASSERT_EQ(0, run_on(other, PERF_SAMPLE_BRANCH_ANY |
			    PERF_SAMPLE_BRANCH_USER, &t1, &s1));
	ASSERT_EQ(0, run_on(other, 0, &c1, &sc));
	TH_LOG("probed CPU %d (%ld records): enabled %llu running %llu, %llu bytes of records; CPU %d: enabled %llu running %llu, %llu bytes; counting there: running %llu, %llu cycles",
	       ok, numrec, (unsigned long long)t0.enabled,
	       (unsigned long long)t0.running, (unsigned long long)s0, other,
	       (unsigned long long)t1.enabled, (unsigned long long)t1.running,
	       (unsigned long long)s1, (unsigned long long)c1.running,
	       (unsigned long long)c1.value);
	/* the probed CPU: scheduled in, sampling */
	ASSERT_LT(0, t0.running);
	ASSERT_LT(0, s0);
	/* the other: enabled, never scheduled in (ENOENT at add), nothing */
	ASSERT_LT(0, t1.enabled);
	ASSERT_EQ(0, t1.running);
	ASSERT_EQ(0, t1.value);
	ASSERT_EQ(0, s1);
	/* the PMU itself works there */
	ASSERT_LT(0, c1.running);
	ASSERT_LT(0, c1.value);
}

TEST_HARNESS_MAIN
