// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit test of kernel/pmu/pmuv3_filter.c: attr -> PMEVTYPER for CPU
 * capability mixes QEMU cannot boot (FEAT_RME, FEAT_MTPMU, thresholds,
 * nVHE EL2, PMUv3p0 event widths).  One TAP point per case.
 */
#include <stdio.h>
#include <string.h>

#include "pmuv3_filter.h"
#include <armtrace/pmuv3_abi.h>

#define NO_EVTYPE (~0ULL)

struct tcase {
	const char *name;
	struct pmuv3_caps caps;
	struct perf_event_attr attr;
	u64 event;
	int err;		/* expected return, 0 or -errno */
	u64 evtype;		/* expected PMEVTYPER, or NO_EVTYPE */
	int cycle_ok;		/* expected cycle_counter_ok, -1: don't care */
};

#define ALL_EVENTS { ~0ULL, ~0ULL }
#define EL1	{ .num_counters = 6, .pmuver = PMUVER_V3P5, .long_counters = 1, \
		  .common_events = ALL_EVENTS }
#define EL1_NVHE { .num_counters = 6, .pmuver = PMUVER_V3P5, .has_el2 = 1, \
		  .common_events = ALL_EVENTS }
#define VHE	{ .num_counters = 6, .pmuver = PMUVER_V3P5, .has_el2 = 1, \
		  .kernel_at_el2 = 1, .common_events = ALL_EVENTS }
#define FULL	{ .num_counters = 6, .pmuver = PMUVER_V3P5, .has_el2 = 1, \
		  .has_el3 = 1, .has_sel2 = 1, .has_mtpmu = 1, .has_rme = 1, \
		  .thwidth = 12, .common_events = ALL_EVENTS }
#define OLD	{ .num_counters = 6, .pmuver = 1, .common_events = { 0x20101 } }

#define RAW(bits)	.config1 = PMUV3_CFG1_FILTER | (bits)
#define P	PMEVTYPER_EL0_P
#define U	PMEVTYPER_EL0_U
#define NSH	PMEVTYPER_EL0_NSH

static const struct tcase cases[] = {
	{ "el1 exclude_kernel -> P", EL1, { .exclude_kernel = 1 }, 8, 0, P | 8, 0 },
	{ "el1 exclude_user -> U", EL1, { .exclude_user = 1 }, 8, 0, U | 8, 0 },
	{ "el1 no EL2: NSH masked", EL1, { 0 }, 0x11, 0, 0x11, 1 },
	{ "nvhe !exclude_hv -> NSH", EL1_NVHE, { 0 }, 8, 0, NSH | 8, 0 },
	{ "nvhe exclude_hv -> no NSH", EL1_NVHE, { .exclude_hv = 1 }, 8, 0, 8, 0 },
	{ "vhe kernel -> NSH", VHE, { .exclude_user = 1 }, 8, 0, NSH | U | 8, 0 },
	{ "vhe exclude_kernel -> P only", VHE, { .exclude_kernel = 1 }, 8, 0, P | 8, 0 },
	{ "vhe exclude_guest -> P", VHE, { .exclude_guest = 1 }, 8, 0, NSH | P | 8, 0 },
	{ "vhe exclude_host -> U, no NSH", VHE, { .exclude_host = 1 }, 8, 0, U | 8, 0 },
	{ "raw all fields on full CPU", FULL,
	  { RAW(PMUV3_CFG1_RAW_FILTERS) }, 0x11, 0,
	  PMUV3_CFG1_RAW_FILTERS | 0x11, 0 },
	{ "raw MT keeps cycles off PMCCNTR", FULL,
	  { RAW(PMEVTYPER_EL0_MT) }, 0x11, 0, PMEVTYPER_EL0_MT | 0x11, 0 },
	{ "raw P|NSK cycles may use PMCCNTR", FULL,
	  { RAW(P | PMEVTYPER_EL0_NSK) }, 0x11, 0, P | PMEVTYPER_EL0_NSK | 0x11, 1 },
	{ "raw RLK without RME", VHE, { RAW(PMEVTYPER_EL0_RLK) }, 8, -EOPNOTSUPP, NO_EVTYPE, -1 },
	{ "raw RLH without RME", VHE, { RAW(PMEVTYPER_EL0_RLH) }, 8, -EOPNOTSUPP, NO_EVTYPE, -1 },
	{ "raw MT without MTPMU", VHE, { RAW(PMEVTYPER_EL0_MT) }, 8, -EOPNOTSUPP, NO_EVTYPE, -1 },
	{ "raw SH without EL3", VHE, { RAW(PMEVTYPER_EL0_SH) }, 8, -EOPNOTSUPP, NO_EVTYPE, -1 },
	{ "raw NSK without EL3", VHE, { RAW(PMEVTYPER_EL0_NSK) }, 8, -EOPNOTSUPP, NO_EVTYPE, -1 },
	{ "raw NSH without EL2", EL1, { RAW(NSH) }, 8, -EOPNOTSUPP, NO_EVTYPE, -1 },
	{ "raw with exclude_kernel", FULL, { RAW(P), .exclude_kernel = 1 }, 8, -EINVAL, NO_EVTYPE, -1 },
	{ "raw with exclude_guest ignored", FULL, { RAW(P), .exclude_guest = 1 }, 8, 0, P | 8, 0 },
	{ "raw bits without filter", FULL, { .config1 = P }, 8, -EINVAL, NO_EVTYPE, -1 },
	{ "config1 bit 23", FULL, { RAW(1ULL << 23) }, 8, -EINVAL, NO_EVTYPE, -1 },
	{ "threshold 0xfff on 12-bit TH", FULL,
	  { .config2 = 0xfff | (2ULL << 12) }, 8, 0,
	  NSH | PMEVTYPER_EL0_TH | FIELD_PREP(PMEVTYPER_EL0_TC, 2) | 8, 0 },
	{ "threshold beyond THWIDTH", { .pmuver = PMUVER_V3P5, .thwidth = 4,
	  .common_events = ALL_EVENTS }, { .config2 = 16 }, 8, -EINVAL, NO_EVTYPE, -1 },
	{ "TC alone needs FEAT_PMUv3_TH", EL1, { .config2 = 1ULL << 12 }, 8, -EOPNOTSUPP, NO_EVTYPE, -1 },
	{ "threshold keeps cycles off PMCCNTR", FULL, { .config2 = 1 }, 0x11, 0,
	  NSH | (1ULL << 32) | 0x11, 0 },
	{ "pmuv3p0 10-bit event ok", OLD, { 0 }, 0x3ff, 0, 0x3ff, 0 },
	{ "pmuv3p0 event 0x400", OLD, { 0 }, 0x400, -EINVAL, NO_EVTYPE, -1 },
	{ "pmceid: 0x01 absent", OLD, { 0 }, 0x01, -ENOENT, NO_EVTYPE, -1 },
	{ "pmceid: 0x4001 present", { .pmuver = PMUVER_V3P5, .common_events = { 0, 2 } },
	  { 0 }, 0x4001, 0, 0x4001, 0 },
	{ "pmceid: 0x4002 absent", { .pmuver = PMUVER_V3P5, .common_events = { 0, 2 } },
	  { 0 }, 0x4002, -ENOENT, NO_EVTYPE, -1 },
	{ "CHAIN refused", FULL, { 0 }, PMU_EVT_CHAIN, -EINVAL, NO_EVTYPE, -1 },
	{ "exclude_idle", FULL, { .exclude_idle = 1 }, 8, -EOPNOTSUPP, NO_EVTYPE, -1 },
};

static int run_generic(int n)
{
	struct pmuv3_caps caps = EL1, old = OLD;
	u64 ev = 0;
	int ok = 1;

	ok &= !pmuv3_map_generic(&caps, PERF_TYPE_HARDWARE,
				 PERF_COUNT_HW_INSTRUCTIONS, &ev) && ev == 8;
	ok &= !pmuv3_map_generic(&caps, PERF_TYPE_HARDWARE,
				 PERF_COUNT_HW_CPU_CYCLES, &ev) && ev == 0x11;
	ok &= pmuv3_map_generic(&caps, PERF_TYPE_HARDWARE,
				PERF_COUNT_HW_REF_CPU_CYCLES, &ev) == -ENOENT;
	/* BR_RETIRED (0x21) is not in OLD's PMCEID. */
	ok &= pmuv3_map_generic(&old, PERF_TYPE_HARDWARE,
				PERF_COUNT_HW_BRANCH_INSTRUCTIONS, &ev) == -ENOENT;
	ok &= pmuv3_map_generic(&caps, PERF_TYPE_RAW, 8, &ev) == -ENOENT;
	printf("%sok %d - generic hardware events map to PMUv3 events\n",
	       ok ? "" : "not ", n);
	return !ok;
}

#define CACHE(id, op, res) \
	(PERF_COUNT_HW_CACHE_##id | PERF_COUNT_HW_CACHE_OP_##op << 8 | \
	 PERF_COUNT_HW_CACHE_RESULT_##res << 16)

/* Upstream armv8_pmuv3_perf_cache_map, written out independently. */
static const struct { u64 config, event; } cache_expect[] = {
	{ CACHE(L1D, READ, ACCESS), 0x04 }, { CACHE(L1D, READ, MISS), 0x03 },
	{ CACHE(L1I, READ, ACCESS), 0x14 }, { CACHE(L1I, READ, MISS), 0x01 },
	{ CACHE(LL, READ, ACCESS), 0x36 }, { CACHE(LL, READ, MISS), 0x37 },
	{ CACHE(DTLB, READ, ACCESS), 0x25 }, { CACHE(DTLB, READ, MISS), 0x05 },
	{ CACHE(ITLB, READ, ACCESS), 0x26 }, { CACHE(ITLB, READ, MISS), 0x02 },
	{ CACHE(BPU, READ, ACCESS), 0x12 }, { CACHE(BPU, READ, MISS), 0x10 },
};

/*
 * Every cache/op/result combination: the twelve above map, the rest of
 * the well-formed ones are -ENOENT, out-of-range fields -EINVAL; an
 * event PMCEID does not list is -ENOENT.
 */
static int run_cache(int n)
{
	struct pmuv3_caps caps = EL1, old = OLD;
	unsigned int id, op, res, i, bad = 0;

	for (id = 0; id <= PERF_COUNT_HW_CACHE_MAX; id++)
		for (op = 0; op <= PERF_COUNT_HW_CACHE_OP_MAX; op++)
			for (res = 0; res <= PERF_COUNT_HW_CACHE_RESULT_MAX; res++) {
				u64 config = id | op << 8 | res << 16, ev = ~0ULL;
				int want = -ENOENT, got;
				u64 want_ev = ~0ULL;

				if (id == PERF_COUNT_HW_CACHE_MAX ||
				    op == PERF_COUNT_HW_CACHE_OP_MAX ||
				    res == PERF_COUNT_HW_CACHE_RESULT_MAX)
					want = -EINVAL;
				for (i = 0; i < sizeof(cache_expect) / sizeof(cache_expect[0]); i++)
					if (cache_expect[i].config == config) {
						want = 0;
						want_ev = cache_expect[i].event;
					}
				got = pmuv3_map_generic(&caps, PERF_TYPE_HW_CACHE,
							config, &ev);
				if (got != want || (!want && ev != want_ev)) {
					printf("# cache %u/%u/%u: got %d event %#llx\n",
					       id, op, res, got, (unsigned long long)ev);
					bad = 1;
				}
			}
	/* OLD's PMCEID0 has no L1D_CACHE (0x04). */
	bad |= pmuv3_map_generic(&old, PERF_TYPE_HW_CACHE,
				 CACHE(L1D, READ, ACCESS), &(u64){0}) != -ENOENT;
	printf("%sok %d - cache events map as upstream's armv8 table\n",
	       bad ? "not " : "", n);
	return bad;
}

/* When exclude_guest/exclude_host cannot be kept apart without KVM. */
static int run_guest_split(int n)
{
	struct pmuv3_caps el1 = EL1, vhe = VHE, nvhe = EL1_NVHE;
	struct perf_event_attr g = { .exclude_guest = 1 };
	struct perf_event_attr h = { .exclude_host = 1 };
	struct perf_event_attr both = { .exclude_guest = 1, .exclude_host = 1 };
	struct perf_event_attr raw = { .exclude_guest = 1,
				       .config1 = PMUV3_CFG1_FILTER };
	int bad = 0;

	bad |= pmuv3_guest_split_lost(&el1, &g);	/* no EL2: no guests */
	bad |= !pmuv3_guest_split_lost(&vhe, &g);
	bad |= !pmuv3_guest_split_lost(&nvhe, &g);
	bad |= !pmuv3_guest_split_lost(&vhe, &h);
	bad |= pmuv3_guest_split_lost(&vhe, &both);
	bad |= pmuv3_guest_split_lost(&vhe, &(struct perf_event_attr){ 0 });
	bad |= pmuv3_guest_split_lost(&vhe, &raw);	/* raw: ELs explicit */
	printf("%sok %d - exclude_guest != exclude_host flagged where EL2 exists\n",
	       bad ? "not " : "", n);
	return bad;
}

int main(void)
{
	size_t i, n = sizeof(cases) / sizeof(cases[0]);
	int failed = 0;

	for (i = 0; i < n; i++) {
		const struct tcase *t = &cases[i];
		struct pmuv3_evt evt = { NO_EVTYPE, 0 };
		int ret = pmuv3_evt_from_attr(&t->caps, &t->attr, t->event, &evt);
		int ok = ret == t->err &&
			 (t->evtype == NO_EVTYPE || evt.evtype == t->evtype) &&
			 (t->cycle_ok < 0 || evt.cycle_counter_ok == t->cycle_ok);

		if (!ok) {
			printf("# got ret %d evtype %#llx cycle_ok %d\n", ret,
			       (unsigned long long)evt.evtype,
			       evt.cycle_counter_ok);
			failed = 1;
		}
		printf("%sok %zu - filter: %s\n", ok ? "" : "not ", i + 1,
		       t->name);
	}
	failed |= run_generic((int)n + 1);
	failed |= run_cache((int)n + 2);
	failed |= run_guest_split((int)n + 3);
	return failed;
}
