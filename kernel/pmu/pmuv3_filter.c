// SPDX-License-Identifier: GPL-2.0
/*
 * perf_event_attr -> PMEVTYPER translation for the `pmuv3` PMU.
 *
 * Errors, as documented in Documentation/pmuv3.rst:
 *   -EINVAL      malformed attr: unknown config bits, an event number wider
 *                than PMEVTYPER.evtCount, raw filter bits without `filter`,
 *                exclude_user/kernel/hv together with `filter`, a threshold
 *                wider than PMMIR_EL1.THWIDTH, a cache event whose cache,
 *                op or result field is out of range
 *   -ENOENT      a common event that PMCEID0/1 say is not implemented, a
 *                generic or cache event with no PMUv3 equivalent, an event
 *                type the PMU does not handle, a CPU outside `cpus`
 *   -EOPNOTSUPP  a filter bit that is RES0 on this CPU, thresholds without
 *                FEAT_PMUv3_TH, exclude_idle
 */
#ifdef __KERNEL__
#include <linux/bitfield.h>
#include <linux/errno.h>
#endif

#include <armtrace/pmuv3_abi.h>
#include "pmuv3_filter.h"

u64 pmuv3_filters_implemented(const struct pmuv3_caps *caps)
{
	u64 ok = PMEVTYPER_EL0_P | PMEVTYPER_EL0_U;

	if (caps->has_el3)
		ok |= PMEVTYPER_EL0_NSK | PMEVTYPER_EL0_NSU | PMEVTYPER_EL0_M;
	if (caps->has_el2)
		ok |= PMEVTYPER_EL0_NSH;
	/* Secure EL2 needs EL2, EL3 and FEAT_SEL2 all three. */
	if (caps->has_el2 && caps->has_el3 && caps->has_sel2)
		ok |= PMEVTYPER_EL0_SH;
	if (caps->has_mtpmu)
		ok |= PMEVTYPER_EL0_MT;
	if (caps->has_rme)
		ok |= PMEVTYPER_EL0_RLK | PMEVTYPER_EL0_RLU | PMEVTYPER_EL0_RLH;
	return ok;
}

static u64 evtcount_mask(const struct pmuv3_caps *caps)
{
	/* evtCount grew from 10 to 16 bits with PMUv3p1. */
	return caps->pmuver >= PMUVER_V3P1 ? PMEVTYPER_EL0_EVTCOUNT :
				   PMEVTYPER_EL0_EVTCOUNT_V3;
}

bool pmuv3_event_implemented(const struct pmuv3_caps *caps, u64 event)
{
	if (event < PMU_EVT_COMMON_LO_END)
		return caps->common_events[0] & BIT_ULL(event);
	if (event >= PMU_EVT_COMMON_HI && event < PMU_EVT_COMMON_HI_END)
		return caps->common_events[1] &
		       BIT_ULL(event - PMU_EVT_COMMON_HI);
	/* IMPLEMENTATION DEFINED numbers cannot be discovered: trust them. */
	return event <= evtcount_mask(caps);
}

/* perf's generic hardware events, where PMUv3 has an exact equivalent. */
static const u16 generic_map[PERF_COUNT_HW_MAX] = {
	[PERF_COUNT_HW_CPU_CYCLES]		= 0x0011, /* CPU_CYCLES */
	[PERF_COUNT_HW_INSTRUCTIONS]		= 0x0008, /* INST_RETIRED */
	[PERF_COUNT_HW_CACHE_REFERENCES]	= 0x0004, /* L1D_CACHE */
	[PERF_COUNT_HW_CACHE_MISSES]		= 0x0003, /* L1D_CACHE_REFILL */
	[PERF_COUNT_HW_BRANCH_INSTRUCTIONS]	= 0x0021, /* BR_RETIRED */
	[PERF_COUNT_HW_BRANCH_MISSES]		= 0x0022, /* BR_MIS_PRED_RETIRED */
	[PERF_COUNT_HW_BUS_CYCLES]		= 0x001D, /* BUS_CYCLES */
	[PERF_COUNT_HW_STALLED_CYCLES_FRONTEND]	= 0x0023, /* STALL_FRONTEND */
	[PERF_COUNT_HW_STALLED_CYCLES_BACKEND]	= 0x0024, /* STALL_BACKEND */
};

#define C(x)	PERF_COUNT_HW_CACHE_##x

/*
 * perf's generic cache events, as upstream's armv8_pmuv3_perf_cache_map
 * has them: reads only, since the common events do not split accesses
 * into reads, writes and prefetches (L1D_CACHE counts all three).  A zero
 * entry is a combination PMUv3 has no event for.
 */
static const u16 cache_map[C(MAX)][C(OP_MAX)][C(RESULT_MAX)] = {
	[C(L1D)][C(OP_READ)][C(RESULT_ACCESS)]	= 0x0004, /* L1D_CACHE */
	[C(L1D)][C(OP_READ)][C(RESULT_MISS)]	= 0x0003, /* L1D_CACHE_REFILL */
	[C(L1I)][C(OP_READ)][C(RESULT_ACCESS)]	= 0x0014, /* L1I_CACHE */
	[C(L1I)][C(OP_READ)][C(RESULT_MISS)]	= 0x0001, /* L1I_CACHE_REFILL */
	[C(LL)][C(OP_READ)][C(RESULT_ACCESS)]	= 0x0036, /* LL_CACHE_RD */
	[C(LL)][C(OP_READ)][C(RESULT_MISS)]	= 0x0037, /* LL_CACHE_MISS_RD */
	[C(DTLB)][C(OP_READ)][C(RESULT_ACCESS)]	= 0x0025, /* L1D_TLB */
	[C(DTLB)][C(OP_READ)][C(RESULT_MISS)]	= 0x0005, /* L1D_TLB_REFILL */
	[C(ITLB)][C(OP_READ)][C(RESULT_ACCESS)]	= 0x0026, /* L1I_TLB */
	[C(ITLB)][C(OP_READ)][C(RESULT_MISS)]	= 0x0002, /* L1I_TLB_REFILL */
	[C(BPU)][C(OP_READ)][C(RESULT_ACCESS)]	= 0x0012, /* BR_PRED */
	[C(BPU)][C(OP_READ)][C(RESULT_MISS)]	= 0x0010, /* BR_MIS_PRED */
};

/*
 * PERF_TYPE_HW_CACHE config: cache id in [7:0], op in [15:8], result in
 * [23:16].  Out-of-range fields are malformed (-EINVAL, as upstream's
 * armpmu_map_cache_event() says); a well-formed combination without a
 * PMUv3 event is -ENOENT.
 */
static int map_cache(u64 config, u64 *event)
{
	unsigned int type = config & 0xff, op = (config >> 8) & 0xff;
	unsigned int result = (config >> 16) & 0xff;

	if (type >= C(MAX) || op >= C(OP_MAX) || result >= C(RESULT_MAX))
		return -EINVAL;
	*event = cache_map[type][op][result];
	return *event ? 0 : -ENOENT;
}

/*
 * Resolve the event number of a PERF_TYPE_HARDWARE or PERF_TYPE_HW_CACHE
 * event; config[63:32] (perf's extended PMU type) has been cleared by the
 * perf core or is 0.  Raw and PMU-typed events carry the number in
 * config[15:0] and are checked in pmuv3_evt_from_attr().  An event the
 * CPU does not implement (PMCEID0/1) is -ENOENT, so perf stat says
 * "<not supported>".
 */
int pmuv3_map_generic(const struct pmuv3_caps *caps, u32 type, u64 config,
		      u64 *event)
{
	u64 idx = config & 0xffffffffULL;
	int ret;

	if (type == PERF_TYPE_HW_CACHE) {
		ret = map_cache(idx, event);
		if (ret)
			return ret;
	} else if (type == PERF_TYPE_HARDWARE && idx < PERF_COUNT_HW_MAX &&
		   generic_map[idx]) {
		*event = generic_map[idx];
	} else {
		return -ENOENT;
	}
	return pmuv3_event_implemented(caps, *event) ? 0 : -ENOENT;
}

/* Upstream arm_pmuv3's mapping of the exclude_* flags. */
static u64 filters_from_excludes(const struct pmuv3_caps *caps,
				 const struct perf_event_attr *attr)
{
	u64 f = 0;

	if (caps->kernel_at_el2) {
		/* The host kernel runs at EL2; EL1 is a guest's. */
		if (!attr->exclude_kernel && !attr->exclude_host)
			f |= PMEVTYPER_EL0_NSH;
		if (attr->exclude_guest)
			f |= PMEVTYPER_EL0_P;
		if (attr->exclude_host)
			f |= PMEVTYPER_EL0_U;
	} else if (!attr->exclude_hv && !attr->exclude_host) {
		f |= PMEVTYPER_EL0_NSH;
	}
	if (attr->exclude_kernel)
		f |= PMEVTYPER_EL0_P;
	if (attr->exclude_user)
		f |= PMEVTYPER_EL0_U;
	/* Without EL2 NSH is RES0: the hypervisor the flags name is absent. */
	return f & pmuv3_filters_implemented(caps);
}

/*
 * Does @attr ask to split host from guest where the PMU alone cannot?
 * Upstream has KVM switch the counters on guest entry and exit
 * (kvm_set_pmu_events(), built-in only in 6.1); without it guest EL0 is
 * counted with host EL0, and on nVHE guest EL1 with the host kernel.
 * Only a CPU with EL2 can run guests; raw filters say the ELs themselves.
 */
bool pmuv3_guest_split_lost(const struct pmuv3_caps *caps,
			    const struct perf_event_attr *attr)
{
	if (!caps->has_el2 || (attr->config1 & PMUV3_CFG1_FILTER))
		return false;
	return attr->exclude_guest != attr->exclude_host;
}

int pmuv3_evt_from_attr(const struct pmuv3_caps *caps,
			const struct perf_event_attr *attr, u64 event,
			struct pmuv3_evt *out)
{
	u64 raw = attr->config1 & PMUV3_CFG1_RAW_FILTERS;
	u64 th = FIELD_GET(PMUV3_CFG2_TH, attr->config2);
	u64 tc = FIELD_GET(PMUV3_CFG2_TC, attr->config2);
	bool is_raw = attr->config1 & PMUV3_CFG1_FILTER;
	u64 evtype;

	if (attr->config1 & ~(PMUV3_CFG1_FILTER | PMUV3_CFG1_RAW_FILTERS))
		return -EINVAL;
	if (attr->config2 & ~(PMUV3_CFG2_TH | PMUV3_CFG2_TC))
		return -EINVAL;
	if (event > evtcount_mask(caps))
		return -EINVAL;
	/* CHAIN only means something to the odd half of a counter pair. */
	if (event == PMU_EVT_CHAIN)
		return -EINVAL;
	if (!pmuv3_event_implemented(caps, event))
		return -ENOENT;
	if (attr->exclude_idle)
		return -EOPNOTSUPP;

	if (is_raw) {
		/* The raw fields say everything; flags on top would be ambiguous. */
		if (attr->exclude_user || attr->exclude_kernel ||
		    attr->exclude_hv)
			return -EINVAL;
		if (raw & ~pmuv3_filters_implemented(caps))
			return -EOPNOTSUPP;
		evtype = raw;
	} else {
		if (raw)
			return -EINVAL;
		evtype = filters_from_excludes(caps, attr);
	}

	if (th || tc) {
		if (!caps->thwidth)
			return -EOPNOTSUPP;
		if (th >= BIT_ULL(caps->thwidth))
			return -EINVAL;
		evtype |= FIELD_PREP(PMEVTYPER_EL0_TH, th) |
			  FIELD_PREP(PMEVTYPER_EL0_TC, tc);
	}

	out->evtype = evtype | event;
	/* PMCCFILTR has neither MT nor the threshold fields. */
	out->cycle_counter_ok = event == PMU_EVT_CPU_CYCLES &&
		!(evtype & (PMEVTYPER_EL0_MT | PMEVTYPER_EL0_TH |
			    PMEVTYPER_EL0_TC));
	return 0;
}
