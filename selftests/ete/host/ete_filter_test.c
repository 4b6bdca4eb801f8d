// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit test of kernel/ete/ete_filter.c: perf's address filters on
 * the trace unit's comparators.  Exact register values for the cases a
 * user writes (literals from the Arm ARM's TRCVIIECTLR, TRCVISSCTLR and
 * TRCACATRn, not the driver's macros), then properties over every mix of
 * ranges and points on every comparator count: nothing shares a
 * comparator, points stay in TRCVISSCTLR's reach, a mix fits exactly
 * when it can be placed, and nr_addr_filters is the largest that fits.
 * Prints TAP.
 */
#include <stdio.h>
#include <string.h>

#include <armtrace/ete_regs.h>
#include "ete_filter.h"

#define TAP_PREFIX "ete filter"
#include "host_tap.h"

/* TRCACATRn: TYPE 0 (instruction address), EXLEVEL_S 0xf (bits 11:8) */
#define ATR_ANY_NS	0x0f00ull
#define ATR_NEVER	0xff00ull	/* and EXLEVEL_NS 0xf (bits 15:12) */

static struct ete_filter R(u64 lo, u64 hi)
{
	return (struct ete_filter){ ETE_FILTER_RANGE, lo, hi };
}

static struct ete_filter P(enum ete_filter_kind k, u64 a)
{
	return (struct ete_filter){ k, a, 0 };
}

static void cases(void)
{
	struct ete_filter f[4] = { 0 };
	struct ete_cmp c;

	ete_filters_place(f, 0, &c);
	ok(c.n == 0 && !c.viiectlr && !c.vissctlr && ete_filters_start_started(&c),
	   "no filter: no comparator, no range, the start/stop logic started");

	f[0] = R(0x400100, 0x4001ff);
	ete_filters_place(f, 1, &c);
	ok(c.n == 2 && c.acvr[0] == 0x400100 && c.acvr[1] == 0x4001ff &&
	   c.acatr[0] == ATR_ANY_NS && c.acatr[1] == ATR_ANY_NS &&
	   c.viiectlr == 0x1 && !c.vissctlr && ete_filters_start_started(&c),
	   "one range: pair 0, TRCVIIECTLR 0x1 (INCLUDE[0])");

	f[0] = P(ETE_FILTER_START, 0x400100);
	f[1] = P(ETE_FILTER_STOP, 0x400180);
	ete_filters_place(f, 2, &c);
	ok(c.n == 2 && c.acvr[0] == 0x400100 && c.acvr[1] == 0x400180 &&
	   c.acatr[0] == ATR_ANY_NS && c.acatr[1] == ATR_ANY_NS &&
	   !c.viiectlr && c.vissctlr == 0x20001 && !ete_filters_start_started(&c),
	   "start and stop: comparators 0 and 1, TRCVISSCTLR 0x20001, logic stopped at first");

	f[0] = P(ETE_FILTER_STOP, 0x400180);
	ete_filters_place(f, 1, &c);
	ok(c.n == 1 && c.vissctlr == 0x10000 && ete_filters_start_started(&c),
	   "stop only: TRCVISSCTLR 0x10000, logic started (trace up to the stop)");

	f[0] = R(0x400000, 0x400fff);
	f[1] = P(ETE_FILTER_START, 0x400100);
	ete_filters_place(f, 2, &c);
	ok(c.n == 4 && c.acvr[0] == 0x400100 && c.acvr[2] == 0x400000 &&
	   c.acvr[3] == 0x400fff && c.viiectlr == 0x2 && c.vissctlr == 0x1,
	   "a range after a point: the point comparator 0, the range pair 1 (TRCVIIECTLR 0x2)");

	f[0] = P(ETE_FILTER_START, 0x1000);
	f[1] = P(ETE_FILTER_STOP, 0x2000);
	f[2] = P(ETE_FILTER_STOP, 0x3000);
	f[3] = R(0x4000, 0x4fff);
	ete_filters_place(f, 4, &c);
	ok(c.n == 6 && c.acvr[2] == 0x3000 && c.acvr[4] == 0x4000 &&
	   c.acvr[5] == 0x4fff && c.viiectlr == 0x4 && c.vissctlr == 0x60001,
	   "three points, a range: comparators 0-2, pair 2 (comparator 3 unused)");

	f[0] = P(ETE_FILTER_START, 0);
	ete_filters_place(f, 1, &c);
	ok(c.n == 1 && c.acatr[0] == ATR_NEVER && c.vissctlr == 0x1,
	   "a point in a file not mapped (address 0): matches at no EL");

	ok(ete_filters_fit(2, 0, 2) && !ete_filters_fit(2, 1, 2) &&
	   ete_filters_fit(1, 2, 2) && ete_filters_fit(0, 4, 2) &&
	   !ete_filters_fit(0, 5, 2) && !ete_filters_fit(0, 9, 8) &&
	   !ete_filters_fit(1, 1, 1) && ete_filters_fit(0, 1, 1) &&
	   !ete_filters_fit(1, 0, 0),
	   "fit: a range takes a pair, two points a pair, eight points at most");
	ok(ete_filters_max(0) == 0 && ete_filters_max(1) == 2 &&
	   ete_filters_max(2) == 4 && ete_filters_max(4) == 8 &&
	   ete_filters_max(8) == 12 && ETE_MAX_FILTERS == 12,
	   "nr_addr_filters: 0, 2, 4, 8, 12 for 0, 1, 2, 4, 8 pairs");
}

/* Place @r ranges and @p points, interleaved; check the placement. */
static int placed_right(unsigned int r, unsigned int p, unsigned int pairs)
{
	struct ete_filter f[32] = { 0 };
	struct ete_cmp c;
	unsigned int i, n = 0, used = 0, k;
	u32 ss;

	for (i = 0; i < r || i < p; i++) {
		if (i < p)
			f[n++] = P(i & 1 ? ETE_FILTER_STOP : ETE_FILTER_START,
				   0x1000 + 0x10 * i);
		if (i < r)
			f[n++] = R(0x10000 * (i + 1), 0x10000 * (i + 1) + 0xfff);
	}
	ete_filters_place(f, n, &c);
	if (c.n > 2 * pairs)
		return 0;
	ss = (u32)(FIELD_GET(TRCVISSCTLR_START, c.vissctlr) |
		   FIELD_GET(TRCVISSCTLR_STOP, c.vissctlr));
	if (c.vissctlr & ~(u32)(TRCVISSCTLR_START | TRCVISSCTLR_STOP))
		return 0;
	/* each point on its own comparator, below 8, with its address */
	for (i = 0; i < p; i++) {
		int found = 0;

		for (k = 0; k < 8; k++)
			if ((ss & 1u << k) && c.acvr[k] == 0x1000 + 0x10 * i)
				found = 1;
		if (!found)
			return 0;
	}
	if ((unsigned int)__builtin_popcount(ss) != p)
		return 0;
	used = ss;
	/* each range on its own pair, clear of the points */
	for (i = 0; i < r; i++) {
		int found = 0;

		for (k = 0; k < pairs; k++)
			if ((c.viiectlr & 1u << k) &&
			    c.acvr[2 * k] == 0x10000 * (i + 1) &&
			    c.acvr[2 * k + 1] == 0x10000 * (i + 1) + 0xfff &&
			    !(used & 3u << 2 * k))
				found = 1;
		if (!found)
			return 0;
	}
	return (unsigned int)__builtin_popcount(c.viiectlr) == r &&
	       !FIELD_GET(TRCVIIECTLR_EXCLUDE, c.viiectlr) &&
	       ete_filters_start_started(&c) == (p == 0);
}

static void properties(void)
{
	unsigned int pairs, r, p, bad = 0, bad_max = 0;

	for (pairs = 0; pairs <= 8; pairs++) {
		unsigned int best = 0;

		for (r = 0; r <= 8; r++)
			for (p = 0; p <= 10; p++) {
				/* fits: as many comparators as there are */
				int fits = p <= 8 && (p + 1) / 2 + r <= pairs;

				if (ete_filters_fit(r, p, pairs) != fits) {
					bad++;
					continue;
				}
				if (!fits)
					continue;
				bad += !placed_right(r, p, pairs);
				if (r + p > best)
					best = r + p;
			}
		bad_max += ete_filters_max(pairs) != best;
	}
	ok(!bad, "every mix of 0-8 ranges and 0-10 points on 0-8 pairs: fits as it can be placed, placed apart");
	ok(!bad_max, "nr_addr_filters is the largest mix that fits, for 0-8 pairs");
}

int main(void)
{
	cases();
	properties();
	return tap_done();
}
