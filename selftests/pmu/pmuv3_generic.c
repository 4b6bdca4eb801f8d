// SPDX-License-Identifier: GPL-2.0
/*
 * perf's generic events on `pmuv3`: PERF_TYPE_HARDWARE and
 * PERF_TYPE_HW_CACHE, plain (perf core offers them to every PMU when no
 * PMU has type PERF_TYPE_RAW, as here with the built-in driver off) and
 * with this PMU's type in config[63:32] (PERF_PMU_CAP_EXTENDED_HW_TYPE).
 * QEMU 7.2 implements none of the cache events (PMCEID0/1), so what the
 * rig shows of them is each errno; kernel/pmu/pmuv3_filter.c's mapping
 * itself is checked entry by entry on the host (pmuv3_filter_test).
 */
#include "kselftest_harness.h"
#include "pmuv3_util.h"

#define CACHE(id, op, res) \
	(PERF_COUNT_HW_CACHE_##id | PERF_COUNT_HW_CACHE_OP_##op << 8 | \
	 PERF_COUNT_HW_CACHE_RESULT_##res << 16)

static int generic_errno(uint32_t type, uint64_t config, int extended)
{
	struct perf_event_attr a;

	pmuv3_attr(&a, 0, 0, 0);
	a.type = type;
	a.config = config | (extended ? (uint64_t)pmuv3_type() << 32 : 0);
	a.exclude_kernel = a.exclude_hv = 1;
	return open_errno(&a);
}

/* 0 when events/NAME says the CPU implements the event, else ENOENT. */
static int implemented_errno(const char *name)
{
	char path[256];

	snprintf(path, sizeof(path), PMUV3_SYSFS "/events/%s", name);
	return access(path, F_OK) ? ENOENT : 0;
}

static const struct {
	uint64_t config;
	const char *event;
} cache_events[] = {
	{ CACHE(L1D, READ, ACCESS), "l1d_cache" },
	{ CACHE(L1D, READ, MISS), "l1d_cache_refill" },
	{ CACHE(L1I, READ, ACCESS), "l1i_cache" },
	{ CACHE(L1I, READ, MISS), "l1i_cache_refill" },
	{ CACHE(LL, READ, ACCESS), "ll_cache_rd" },
	{ CACHE(LL, READ, MISS), "ll_cache_miss_rd" },
	{ CACHE(DTLB, READ, ACCESS), "l1d_tlb" },
	{ CACHE(DTLB, READ, MISS), "l1d_tlb_refill" },
	{ CACHE(ITLB, READ, ACCESS), "l1i_tlb" },
	{ CACHE(ITLB, READ, MISS), "l1i_tlb_refill" },
	{ CACHE(BPU, READ, ACCESS), "br_pred" },
	{ CACHE(BPU, READ, MISS), "br_mis_pred" },
};

TEST(cache_events_follow_pmceid)
{
	unsigned int i, ext;

	for (ext = 0; ext < 2; ext++)
		for (i = 0; i < sizeof(cache_events) / sizeof(cache_events[0]); i++) {
			int want = implemented_errno(cache_events[i].event);
			int got = generic_errno(PERF_TYPE_HW_CACHE,
						cache_events[i].config, ext);

			if (got != want)
				TH_LOG("%s extended %u: errno %d, not %d",
				       cache_events[i].event, ext, got, want);
			ASSERT_EQ(want, got);
		}
}

/* Writes, prefetches and NODE have no PMUv3 event. */
TEST(unmapped_cache_events_enoent)
{
	int ext;

	for (ext = 0; ext < 2; ext++) {
		ASSERT_EQ(ENOENT, generic_errno(PERF_TYPE_HW_CACHE, CACHE(L1D, WRITE, ACCESS), ext));
		ASSERT_EQ(ENOENT, generic_errno(PERF_TYPE_HW_CACHE, CACHE(L1D, PREFETCH, MISS), ext));
		ASSERT_EQ(ENOENT, generic_errno(PERF_TYPE_HW_CACHE, CACHE(LL, WRITE, MISS), ext));
		ASSERT_EQ(ENOENT, generic_errno(PERF_TYPE_HW_CACHE, CACHE(NODE, READ, ACCESS), ext));
		ASSERT_EQ(ENOENT, generic_errno(PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES, ext));
	}
}

/* A cache, op or result past perf's enums is malformed, as upstream says. */
TEST(malformed_cache_events_einval)
{
	ASSERT_EQ(EINVAL, generic_errno(PERF_TYPE_HW_CACHE, PERF_COUNT_HW_CACHE_MAX, 1));
	ASSERT_EQ(EINVAL, generic_errno(PERF_TYPE_HW_CACHE, PERF_COUNT_HW_CACHE_OP_MAX << 8, 1));
	ASSERT_EQ(EINVAL, generic_errno(PERF_TYPE_HW_CACHE,
					PERF_COUNT_HW_CACHE_RESULT_MAX << 16, 1));
}

/* PERF_COUNT_HW_INSTRUCTIONS on this PMU's type counts INST_RETIRED. */
TEST(extended_hardware_type_counts_exactly)
{
	struct perf_event_attr a;

	pmuv3_attr(&a, 0, 0, 0);
	a.type = PERF_TYPE_HARDWARE;
	a.config = PERF_COUNT_HW_INSTRUCTIONS | (uint64_t)pmuv3_type() << 32;
	a.exclude_kernel = a.exclude_hv = 1;
	ASSERT_EQ(0, spin_count_error(&a));
}

TEST_HARNESS_MAIN
