// SPDX-License-Identifier: GPL-2.0
/*
 * 64-bit totals on a PMU with 32-bit event counters (-cpu cortex-a72,
 * PMUv3 before p5): a count past 2^32 must be exact, carried by the
 * overflow interrupt into the 64-bit perf count.
 */
#include "kselftest_harness.h"
#include "pmuv3_util.h"

TEST(event_counters_are_32_bit_here)
{
	ASSERT_EQ(32, pmuv3_cap("counter_bits"));
}

TEST(inst_retired_past_2_to_32_exact)
{
	struct perf_event_attr a;
	uint64_t base, n = (1ULL << 27) + 12345, v;
	int fd;

	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, 0, 0);
	a.exclude_kernel = a.exclude_hv = 1;
	fd = perf_open(&a, -1, -1);
	ASSERT_LE(0, fd);
	base = count_loop(fd, spin_loop_wide, 1);
	v = count_loop(fd, spin_loop_wide, n);
	TH_LOG("n=%llu: %llu instructions", (unsigned long long)n,
	       (unsigned long long)v);
	ASSERT_GT(v, 1ULL << 32);
	ASSERT_EQ(base + 32 * (n - 1), v);
	close(fd);
}

TEST_HARNESS_MAIN
