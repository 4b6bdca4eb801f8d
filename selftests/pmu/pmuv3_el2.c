// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel at EL2 with VHE (-M virt,virtualization=on): the kernel is only
 * counted through NSH, and EL1 runs nothing (no guests).
 */
#include "kselftest_harness.h"
#include "pmuv3_modes.h"

TEST(raw_el1_counts_zero_under_vhe)
{
	int fd = open_raw(PMU_EVT_INST_RETIRED, PMEVTYPER_EL0_U);

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, count_spin(fd, BIG_N));
	close(fd);
}

TEST(raw_nsh_counts_kernel_not_loop)
{
	expect_kernel_not_loop(_metadata,
			       open_raw(PMU_EVT_INST_RETIRED,
					PMEVTYPER_EL0_U | PMEVTYPER_EL0_NSH));
}

TEST(raw_el0_plus_nsh_counts_both)
{
	int fd = open_raw(PMU_EVT_INST_RETIRED,
			  PMEVTYPER_EL0_P | PMEVTYPER_EL0_NSH);

	ASSERT_LE(0, fd);
	ASSERT_GT(count_spin(fd, 1000), el0_count(1000) + 100);
	close(fd);
}

/* Upstream semantics: !exclude_kernel includes EL2 where the kernel is. */
TEST(exclude_user_counts_el2_kernel)
{
	expect_kernel_not_loop(_metadata, open_excl(1, 0));
}

/* exclude_guest (set by stock perf) must not hide the EL2 host kernel. */
TEST(exclude_guest_keeps_host_kernel)
{
	struct perf_event_attr a;
	int fd;

	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, 0, 0);
	a.exclude_user = 1;
	a.exclude_guest = 1;
	fd = perf_open(&a, -1, -1);
	ASSERT_LE(0, fd);
	ASSERT_GT(count_spin(fd, 1), 0);
	close(fd);
}

/*
 * With EL2 guests may run, and without KVM's counter switching their EL0
 * counts with the host's: the event opens (stock perf sets exclude_guest
 * on all of them), and the log says so once.
 */
TEST(exclude_guest_warns_once)
{
	int fd = open_exclude_guest(), fd2;

	ASSERT_LE(0, fd);
	fd2 = open_exclude_guest();
	ASSERT_LE(0, fd2);
	ASSERT_EQ(1, guest_split_warnings());
	close(fd2);
	close(fd);
}

TEST_HARNESS_MAIN
