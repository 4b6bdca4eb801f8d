// SPDX-License-Identifier: GPL-2.0
/* Kernel at EL1, no EL2/EL3 (plain -M virt): P and U are all there is. */
#include "kselftest_harness.h"
#include "pmuv3_modes.h"

TEST(raw_el1_only_counts_kernel_not_loop)
{
	expect_kernel_not_loop(_metadata,
			       open_raw(PMU_EVT_INST_RETIRED, PMEVTYPER_EL0_U));
}

TEST(raw_p_and_u_count_nothing)
{
	int fd = open_raw(PMU_EVT_INST_RETIRED,
			  PMEVTYPER_EL0_P | PMEVTYPER_EL0_U);

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, count_spin(fd, BIG_N));
	close(fd);
}

/* Default mode: exclude_hv is harmless where there is no EL2. */
TEST(exclude_hv_alone_counts_all)
{
	struct perf_event_attr a;
	int fd;

	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, 0, 0);
	a.exclude_hv = 1;
	fd = perf_open(&a, -1, -1);
	ASSERT_LE(0, fd);
	ASSERT_GT(count_spin(fd, 1000), el0_count(1000));
	close(fd);
}

/* Without EL2 there are no guests: nothing to warn about. */
TEST(exclude_guest_no_warning_without_el2)
{
	int fd = open_exclude_guest();

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, guest_split_warnings());
	close(fd);
}

TEST_HARNESS_MAIN
