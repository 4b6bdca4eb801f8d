// SPDX-License-Identifier: GPL-2.0
/*
 * Exact EL0 counting on `pmuv3` (run under -icount shift=0, -smp 1, where
 * INST_RETIRED is exact and CPU_CYCLES equals it).  The fixed cost of the
 * enable/disable path is measured once with n = 1; every other count must
 * then be exactly that plus 2(n - 1).
 */
#include "kselftest_harness.h"
#include "pmuv3_util.h"

static const uint64_t sizes[] = { 10, 1000, 100000, 1000000, 10000000 };

static void expect_exact(struct __test_metadata *_metadata, int fd,
			 const char *what)
{
	uint64_t base = count_spin(fd, 1), again = count_spin(fd, 1);
	size_t i;

	ASSERT_NE(~0ULL, base);
	ASSERT_EQ(base, again);
	TH_LOG("%s: fixed overhead %llu", what, (unsigned long long)(base - 2));
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		ASSERT_EQ(base + 2 * (sizes[i] - 1), count_spin(fd, sizes[i]));
}

static int open_el0(uint64_t event, int raw)
{
	struct perf_event_attr a;

	if (raw) {
		pmuv3_attr(&a, event, PMUV3_CFG1_FILTER | PMEVTYPER_EL0_P, 0);
	} else {
		pmuv3_attr(&a, event, 0, 0);
		a.exclude_kernel = 1;
		a.exclude_hv = 1;
	}
	return perf_open(&a, -1, -1);
}

/* The boot mode the runner asked for is what the PMU found. */
TEST(caps_match_boot_mode)
{
	const char *want = getenv("ARMTRACE_FILTERS");

	ASSERT_NE(NULL, want);
	ASSERT_EQ(strtol(want, NULL, 0), pmuv3_cap("filters"));
	ASSERT_EQ(1, pmuv3_cap("sampling"));
}

TEST(inst_retired_el0_exact)
{
	int fd = open_el0(PMU_EVT_INST_RETIRED, 0);

	ASSERT_LE(0, fd);
	expect_exact(_metadata, fd, "inst_retired:u");
	close(fd);
}

TEST(cpu_cycles_el0_exact)
{
	int fd = open_el0(PMU_EVT_CPU_CYCLES, 0);

	ASSERT_LE(0, fd);
	expect_exact(_metadata, fd, "cpu_cycles:u");
	close(fd);
}

TEST(raw_filter_el0_exact)
{
	int fd = open_el0(PMU_EVT_INST_RETIRED, 1);

	ASSERT_LE(0, fd);
	expect_exact(_metadata, fd, "inst_retired,filter=1,p=1");
	close(fd);
}

/* cycles == instructions at shift=0, in PMCCNTR and in an event counter. */
TEST(cycles_equal_instructions_in_group)
{
	struct perf_event_attr a;
	int lead, cyc1, cyc2;
	uint64_t v[4], n = 1000000;

	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, 0, 0);
	a.exclude_kernel = a.exclude_hv = 1;
	a.read_format = PERF_FORMAT_GROUP;
	lead = perf_open(&a, -1, -1);
	ASSERT_LE(0, lead);
	a.disabled = 0;
	a.read_format = 0;
	a.config = PMU_EVT_CPU_CYCLES;
	cyc1 = perf_open(&a, -1, lead);	/* takes PMCCNTR */
	cyc2 = perf_open(&a, -1, lead);	/* takes an event counter */
	ASSERT_LE(0, cyc1);
	ASSERT_LE(0, cyc2);

	ioctl(lead, PERF_EVENT_IOC_ENABLE, 0);
	spin_loop(n);
	ioctl(lead, PERF_EVENT_IOC_DISABLE, 0);
	ASSERT_EQ(sizeof(uint64_t) * 4, read(lead, v, sizeof(v)));
	ASSERT_EQ(3, v[0]);
	ASSERT_LE(2 * n, v[1]);
	ASSERT_EQ(v[1], v[2]);
	ASSERT_EQ(v[1], v[3]);
	close(cyc2);
	close(cyc1);
	close(lead);
}

/* Every counter at once: N event counters plus the cycle counter. */
TEST(all_counters_exact)
{
	long n = pmuv3_cap("counters");
	struct perf_event_attr a;
	uint64_t base, big;
	int fds[32], i;

	ASSERT_LT(0, n);
	for (i = 0; i <= n; i++) {
		pmuv3_attr(&a, i == n ? PMU_EVT_CPU_CYCLES :
			   PMU_EVT_INST_RETIRED, 0, 0);
		a.exclude_kernel = a.exclude_hv = 1;
		fds[i] = perf_open(&a, -1, -1);
		ASSERT_LE(0, fds[i]);
	}
	for (i = 0; i <= n; i++) {
		base = count_spin(fds[i], 1);
		big = count_spin(fds[i], 100000);
		ASSERT_EQ(base + 2 * 99999, big);
	}
	for (i = 0; i <= n; i++)
		close(fds[i]);
}

/* Without any exclusion the kernel is counted too: more than EL0 alone. */
TEST(all_els_counts_more)
{
	struct perf_event_attr a;
	int fd_all, fd_u;

	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, 0, 0);
	fd_all = perf_open(&a, -1, -1);
	a.exclude_kernel = a.exclude_hv = 1;
	fd_u = perf_open(&a, -1, -1);
	ASSERT_LE(0, fd_all);
	ASSERT_LE(0, fd_u);
	ASSERT_GT(count_spin(fd_all, 1000), count_spin(fd_u, 1000) + 100);
	close(fd_all);
	close(fd_u);
}

/* Counting the kernel only: the user loop must not show. */
TEST(kernel_only_excludes_loop)
{
	struct perf_event_attr a;
	uint64_t small, big, n = 10000000;
	int fd;

	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, 0, 0);
	a.exclude_user = 1;
	fd = perf_open(&a, -1, -1);
	ASSERT_LE(0, fd);
	small = count_spin(fd, 1);
	big = count_spin(fd, n);
	TH_LOG("kernel-only: %llu for n=1, %llu for n=%llu",
	       (unsigned long long)small, (unsigned long long)big,
	       (unsigned long long)n);
	ASSERT_GT(small, 0);
	/* Only timer ticks during the loop add kernel work. */
	ASSERT_LT(big, small + n / 20);
	close(fd);
}

TEST_HARNESS_MAIN
