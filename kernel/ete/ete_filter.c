// SPDX-License-Identifier: GPL-2.0
/*
 * perf's address filters on the trace unit's address comparators: see
 * ete_filter.h.
 *
 *   comparator  0     1     2     3     4     5     6     7    ...
 *               start stop  stop  (unused) | range pair 2 | range pair 3
 *               points first: TRCVISSCTLR   | ranges from the first pair
 *               reaches 0-7 only            | above the points
 */
#ifdef __KERNEL__
#include <linux/bitfield.h>
#include <linux/kernel.h>
#endif

#include <armtrace/ete_regs.h>
#include "ete_filter.h"

/* Pairs the points take: comparators 0..points-1, rounded up. */
static unsigned int point_pairs(unsigned int points)
{
	return (points + 1) / 2;
}

bool ete_filters_fit(unsigned int ranges, unsigned int points,
		     unsigned int pairs)
{
	if (pairs > ETE_MAX_COMPARATORS / 2 || points > ETE_MAX_POINTS)
		return false;
	return point_pairs(points) + ranges <= pairs;
}

unsigned int ete_filters_max(unsigned int pairs)
{
	unsigned int points, best = 0;

	for (points = 0; points <= ETE_MAX_POINTS; points++) {
		unsigned int ranges;

		if (point_pairs(points) > pairs)
			break;
		ranges = pairs - point_pairs(points);
		if (points + ranges > best)
			best = points + ranges;
	}
	return best;
}

/* Instruction addresses, every Non-secure EL unless @never, no Secure EL. */
static u64 cmp_attr(bool never)
{
	return FIELD_PREP(TRCACATR_EXLEVEL_S, 0xf) |
	       FIELD_PREP(TRCACATR_EXLEVEL_NS, never ? 0xf : 0);
}

void ete_filters_place(const struct ete_filter *f, unsigned int n,
		       struct ete_cmp *out)
{
	unsigned int i, points = 0, pair;
	u32 start = 0, stop = 0, include = 0;

	*out = (struct ete_cmp){ 0 };
	for (i = 0; i < n; i++) {
		if (f[i].kind == ETE_FILTER_RANGE)
			continue;
		out->acvr[points] = f[i].lo;
		out->acatr[points] = cmp_attr(!f[i].lo);
		if (f[i].kind == ETE_FILTER_START)
			start |= 1u << points;
		else
			stop |= 1u << points;
		points++;
	}
	out->n = points;
	pair = point_pairs(points);
	for (i = 0; i < n; i++) {
		if (f[i].kind != ETE_FILTER_RANGE)
			continue;
		out->acvr[2 * pair] = f[i].lo;
		out->acvr[2 * pair + 1] = f[i].hi;
		out->acatr[2 * pair] = cmp_attr(false);
		out->acatr[2 * pair + 1] = cmp_attr(false);
		include |= 1u << pair;
		pair++;
		out->n = 2 * pair;
	}
	out->viiectlr = (u32)FIELD_PREP(TRCVIIECTLR_INCLUDE, include);
	out->vissctlr = (u32)(FIELD_PREP(TRCVISSCTLR_START, start) |
			      FIELD_PREP(TRCVISSCTLR_STOP, stop));
}

bool ete_filters_start_started(const struct ete_cmp *cmp)
{
	return !FIELD_GET(TRCVISSCTLR_START, cmp->vissctlr);
}
