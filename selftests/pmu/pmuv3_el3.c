// SPDX-License-Identifier: GPL-2.0
/*
 * EL3 present (-M virt,secure=on), kernel in Non-secure EL1: in
 * Non-secure state EL1 counts when P == NSK and EL0 when U == NSU.
 */
#include "kselftest_harness.h"
#include "pmuv3_modes.h"

static uint64_t raw_count(uint64_t fields, uint64_t n)
{
	return count_and_close(open_raw(PMU_EVT_INST_RETIRED, fields), n);
}

TEST(p_without_nsk_is_el0_exact)
{
	ASSERT_EQ(el0_count(BIG_N), raw_count(PMEVTYPER_EL0_P, BIG_N));
}

TEST(nsk_alone_excludes_ns_el1)
{
	ASSERT_EQ(el0_count(BIG_N), raw_count(PMEVTYPER_EL0_NSK, BIG_N));
}

TEST(p_with_nsk_counts_ns_el1)
{
	ASSERT_GT(raw_count(PMEVTYPER_EL0_P | PMEVTYPER_EL0_NSK, 1000),
		  el0_count(1000) + 100);
}

TEST(nsu_alone_excludes_ns_el0)
{
	ASSERT_EQ(0, raw_count(PMEVTYPER_EL0_P | PMEVTYPER_EL0_NSU, BIG_N));
}

TEST(u_with_nsu_counts_ns_el0)
{
	ASSERT_EQ(el0_count(BIG_N),
		  raw_count(PMEVTYPER_EL0_P | PMEVTYPER_EL0_U |
			    PMEVTYPER_EL0_NSU, BIG_N));
}

TEST(u_alone_excludes_ns_el0_only)
{
	expect_kernel_not_loop(_metadata,
			       open_raw(PMU_EVT_INST_RETIRED, PMEVTYPER_EL0_U));
}

/* M == P keeps EL3 in; nothing runs there after boot. */
TEST(m_is_accepted_and_el3_is_idle)
{
	ASSERT_EQ(el0_count(BIG_N),
		  raw_count(PMEVTYPER_EL0_P | PMEVTYPER_EL0_M, BIG_N));
}

TEST_HARNESS_MAIN
