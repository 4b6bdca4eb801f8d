// SPDX-License-Identifier: GPL-2.0
/*
 * ViewInst include/exclude ranges and start/stop points: which
 * instructions the trace unit traces.  See vi.h.
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

void hwm_ss_config(struct hwm_ss *ss, uint32_t vissctlr, const uint64_t *acvr,
		   const uint64_t *acatr)
{
	uint32_t start = (uint32_t)FIELD_GET(TRCVISSCTLR_START, vissctlr);
	uint32_t stop = (uint32_t)FIELD_GET(TRCVISSCTLR_STOP, vissctlr);
	unsigned int n, i;

	memset(ss, 0, sizeof(*ss));
	for (n = 0; n < HWM_SS_COMPS; n++) {
		struct hwm_ss_point p = {
			.addr = acvr[n],
			.el_off = (uint8_t)FIELD_GET(TRCACATR_EXLEVEL_NS, acatr[n]),
			.start = !!(start & BIT_ULL(n)),
			.stop = !!(stop & BIT_ULL(n)),
		};

		if (!p.start && !p.stop)
			continue;
		if (!range_usable(acatr[n]))
			p.el_off = 0xf;		/* never matches */
		/* insertion by address: a handful of points */
		for (i = ss->n; i && ss->pt[i - 1].addr > p.addr; i--)
			ss->pt[i] = ss->pt[i - 1];
		ss->pt[i] = p;
		ss->n++;
	}
	ss->active = !!ss->n;
}

/* The start (bit 0) and stop (bit 1) points at @addr, at @el. */
static unsigned int ss_hits(const struct hwm_ss *ss, uint64_t addr,
			    unsigned int el)
{
	unsigned int i, f = 0;

	for (i = 0; i < ss->n && ss->pt[i].addr <= addr; i++) {
		const struct hwm_ss_point *p = &ss->pt[i];

		if (p->addr != addr || (p->el_off & (1u << el)))
			continue;
		f |= (p->start ? 1u : 0) | (p->stop ? 2u : 0);
	}
	return f;
}

int hwm_ss_in(const struct hwm_ss *ss, int started, uint64_t addr,
	      unsigned int el)
{
	return started || (ss_hits(ss, addr, el) & 1);
}

void hwm_ss_walk(const struct hwm_ss *ss, int started, uint64_t from,
		 uint64_t at, int at_runs, unsigned int el,
		 struct hwm_ss_walk *w)
{
	uint64_t since = from;
	unsigned int i;

	if (at < from || at - from >= (1u << 20))
		since = from = at;
	for (i = 0; i < ss->n; i++) {
		uint64_t a = ss->pt[i].addr;
		unsigned int f;

		if (a < from || a > at || (a & 3) ||
		    (i && ss->pt[i - 1].addr == a))
			continue;		/* not in the run, or seen */
		if (a == at && !at_runs)
			break;
		f = ss_hits(ss, a, el);
		if (!started && (f & 1))
			since = a;
		if (a == at) {
			w->active = started || (f & 1);
			w->since = since;
			w->after = !(f & 2) && w->active;
			return;
		}
		if (f & 2)
			started = 0;
		else if (f & 1)
			started = 1;
	}
	w->active = (uint8_t)started;
	w->since = since;
	w->after = (uint8_t)started;
}
