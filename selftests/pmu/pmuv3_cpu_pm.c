// SPDX-License-Identifier: GPL-2.0
/*
 * `pmuv3` across CPU PM (idle power-down), through armtrace_hwtest's
 * cpu-pm-dirty: cpu_pm_enter(), every PMU register scribbled as a
 * power-down leaves it UNKNOWN, cpu_pm_exit().  The driver must put the
 * PMU back in a known state whether or not events run, and a running
 * event's count must stay exact (-smp 1, icount: INST_RETIRED is exact).
 */
#define _GNU_SOURCE
#include <sched.h>
#include "kselftest_harness.h"
#include "pmuv3_util.h"
#include "../hw/hwtest_util.h"
#include <armtrace/pmu_regs.h>

/* No event: PMUSERENR 0, counters and interrupts off, LC (and LP) set. */
TEST(reset_without_events)
{
	uint64_t pmcr, lp = pmuv3_cap("counter_bits") == 64 ? PMCR_EL0_LP : 0;

	ASSERT_EQ(0, hwtest_pin_cpu0());
	ASSERT_EQ(0, hwtest_ctl("cpu-pm-dirty"));
	pmcr = hwtest_status("pm_pmcr");
	TH_LOG("after: userenr %#llx pmcr %#llx cnten %#llx inten %#llx",
	       (unsigned long long)hwtest_status("pm_userenr"),
	       (unsigned long long)pmcr,
	       (unsigned long long)hwtest_status("pm_cnten"),
	       (unsigned long long)hwtest_status("pm_inten"));
	ASSERT_EQ(0, hwtest_status("pm_userenr"));
	ASSERT_EQ(0, hwtest_status("pm_cnten"));
	ASSERT_EQ(0, hwtest_status("pm_inten"));
	ASSERT_EQ(PMCR_EL0_LC | lp,
		  pmcr & (PMCR_EL0_E | PMCR_EL0_D | PMCR_EL0_LC | PMCR_EL0_LP));
}

/* The count of k cpu-pm-dirty cycles followed by spin_loop(n). */
static uint64_t count_cycles_then_spin(int fd, int k, uint64_t n)
{
	uint64_t best = ~0ULL, v;
	int r, i;

	for (r = 0; r < 3; r++) {
		int bad = 0;

		ioctl(fd, PERF_EVENT_IOC_RESET, 0);
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		for (i = 0; i < k; i++)
			bad |= hwtest_ctl("cpu-pm-dirty");
		spin_loop(n);
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		if (bad || read(fd, &v, sizeof(v)) != sizeof(v))
			return ~0ULL;
		if (v < best)
			best = v;
	}
	return best;
}

/*
 * EL0 instructions only: each cycle adds the same few user instructions
 * (the write() around it), and the loop after the cycles is counted in
 * full.  A counter left scribbled, stopped or reset would break both.
 */
TEST(count_exact_across_power_downs)
{
	struct perf_event_attr a;
	uint64_t c0, c1, c2, c4, big;
	int fd;

	ASSERT_EQ(0, hwtest_pin_cpu0());
	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, 0, 0);
	a.exclude_kernel = a.exclude_hv = 1;
	fd = perf_open(&a, -1, -1);
	ASSERT_LE(0, fd);
	c0 = count_cycles_then_spin(fd, 0, 100000);
	c1 = count_cycles_then_spin(fd, 1, 100000);
	c2 = count_cycles_then_spin(fd, 2, 100000);
	c4 = count_cycles_then_spin(fd, 4, 100000);
	big = count_cycles_then_spin(fd, 1, 200000);
	TH_LOG("0 cycles %llu, 1: %llu, 2: %llu, 4: %llu; 1 + 2x loop: %llu",
	       (unsigned long long)c0, (unsigned long long)c1,
	       (unsigned long long)c2, (unsigned long long)c4,
	       (unsigned long long)big);
	/* Measured: 93 a cycle, and 3 more to enter the loop once. */
	ASSERT_LT(c0, c1);
	ASSERT_GT(c0 + 2000, c1);	/* a write() is a few hundred at most */
	ASSERT_LE(c2 - c1, c1 - c0);
	ASSERT_GE(c2 - c1 + 8, c1 - c0);
	ASSERT_EQ(c4 - c2, 2 * (c2 - c1));
	ASSERT_EQ(c1 + 2 * 100000, big);
	close(fd);
}

TEST_HARNESS_MAIN
