// SPDX-License-Identifier: GPL-2.0
/*
 * ViewInst include/exclude ranges: which instructions the trace unit
 * traces.  See vi.h.
 */
#include <string.h>
#include <armtrace/ete_regs.h>
#include "vi.h"

static int range_usable(uint64_t acatr)
{
	return !(acatr & (TRCACATR_TYPE | TRCACATR_CONTEXTTYPE));
}

void hwm_vi_config(struct hwm_vi *vi, uint32_t viiectlr, const uint64_t *acvr,
		   const uint64_t *acatr)
{
	unsigned int n;

	memset(vi, 0, sizeof(*vi));
	for (n = 0; n < HWM_VI_PAIRS; n++) {
		struct hwm_vi_range r;
		int inc = !!(FIELD_GET(TRCVIIECTLR_INCLUDE, viiectlr) & BIT_ULL(n));
		int exc = !!(FIELD_GET(TRCVIIECTLR_EXCLUDE, viiectlr) & BIT_ULL(n));

		if (!inc && !exc)
			continue;
		r.lo = acvr[2 * n];
		r.hi = acvr[2 * n + 1];
		r.el_off = (uint8_t)FIELD_GET(TRCACATR_EXLEVEL_NS, acatr[2 * n]);
		if (!range_usable(acatr[2 * n])) {
			/* Never matches: an empty range. */
			r.lo = 1;
			r.hi = 0;
		}
		if (inc)
			vi->inc[vi->ninc++] = r;
		if (exc)
			vi->exc[vi->nexc++] = r;
	}
	vi->active = vi->ninc || vi->nexc;
}

static int match(const struct hwm_vi_range *r, uint64_t addr, unsigned int el)
{
	return addr >= r->lo && addr <= r->hi && !(r->el_off & (1u << el));
}

int hwm_vi_in(const struct hwm_vi *vi, uint64_t addr, unsigned int el)
{
	unsigned int i;
	int in = !vi->ninc;

	for (i = 0; i < vi->ninc && !in; i++)
		in = match(&vi->inc[i], addr, el);
	for (i = 0; i < vi->nexc && in; i++)
		in = !match(&vi->exc[i], addr, el);
	return in;
}

/*
 * Instruction addresses where the view may change: the first instruction
 * at or above a lower bound and the first one above an upper bound.
 */
static void consider(uint64_t b, uint64_t from, uint64_t s, uint64_t *best,
		     int *found)
{
	if (b > from && b <= s && (!*found || b > *best)) {
		*best = b;
		*found = 1;
	}
}

static void bounds(const struct hwm_vi_range *r, unsigned int n, uint64_t from,
		   uint64_t s, uint64_t *best, int *found)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		uint64_t lo = (r[i].lo + 3) & ~3ull, hi = (r[i].hi & ~3ull) + 4;

		if (lo >= r[i].lo)		/* no wrap at the top */
			consider(lo, from, s, best, found);
		if (hi > r[i].hi)
			consider(hi, from, s, best, found);
	}
}

uint64_t hwm_vi_seg_start(const struct hwm_vi *vi, uint64_t from, uint64_t at,
			  unsigned int el)
{
	uint64_t s = at;

	for (;;) {
		uint64_t b = 0;
		int found = 0;

		bounds(vi->inc, vi->ninc, from, s, &b, &found);
		bounds(vi->exc, vi->nexc, from, s, &b, &found);
		/* The view is the same from b to s: it changed at b or not. */
		if (!found)
			return from;
		if (!hwm_vi_in(vi, b - 4, el))
			return b;
		s = b - 4;
	}
}
