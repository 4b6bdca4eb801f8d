// SPDX-License-Identifier: GPL-2.0
/*
 * trbe_window_wa(): the TRBE window with the errata workarounds that move
 * it (include/armtrace/trbe_errata.h).  Named cases, as a driver meets
 * them, then the rules each workaround states, checked over a grid of
 * buffer sizes, heads, free space and wakeups.  The rules are the
 * errata's (Documentation/ete.rst, "Errata"), not a second copy of the
 * function.  Prints TAP.
 */
#include <stdio.h>
#include <armtrace/trbe_errata.h>
#include "trbe_window.h"

#define PG	4096ull

#define TAP_PREFIX "trbe window"
#include "host_tap.h"

struct named {
	const char *name;
	u64 bufsize, head, size, wakeup, align;
	u32 wa;
	struct trbe_window want;	/* pad, start, limit, base, ptr, circular */
};

static const struct named cases[] = {
	{ "no workaround: TRBBASER at the buffer, TRBPTR at the head",
	  4 * PG, 100, 4 * PG - 1, 2 * PG, 1, 0,
	  { 0, 100, 2 * PG, 0, 100, false } },
	{ "pad_base: the head padded to a page, TRBPTR 256 bytes into it",
	  4 * PG, 100, 4 * PG - 1, 3 * PG, 1, TRBE_WA_PAD_BASE,
	  { PG - 100, PG, 3 * PG, PG, PG + 256, false } },
	{ "pad_base: an aligned head needs no pad",
	  4 * PG, PG, 3 * PG - 1, 2 * PG, 64, TRBE_WA_PAD_BASE,
	  { 0, PG, 2 * PG, PG, PG + 256, false } },
	{ "spare_page: LIMIT a page below the wakeup's page",
	  4 * PG, 0, 4 * PG - 1, 2 * PG, 1, TRBE_WA_SPARE_PAGE,
	  { 0, 0, PG, 0, 0, false } },
	{ "spare_page: a window of one page is padded, the next one taken",
	  4 * PG, PG, 3 * PG, 2 * PG, 1, TRBE_WA_SPARE_PAGE,
	  { PG, 2 * PG, 3 * PG, 0, 2 * PG, false } },
	{ "spare_page: the last page alone is padded, then no room",
	  4 * PG, 3 * PG, PG, 8 * PG, 1, TRBE_WA_SPARE_PAGE,
	  { PG, 0, 0, 0, 0, false } },
	{ "spare_page: the pad runs past the end, the window starts at the base",
	  4 * PG, 14000, 12000, 64 * PG, 1, TRBE_WA_SPARE_PAGE,
	  { 4 * PG - 14000, 0, PG, 0, 0, false } },
	{ "both: a page-aligned window, TRBPTR 256 in, a spare page above",
	  4 * PG, 0, 4 * PG - 1, 2 * PG, 1, TRBE_WA_PAD_BASE | TRBE_WA_SPARE_PAGE,
	  { 0, 0, PG, 0, 256, false } },
	{ "both: one page is too little for both, padded whole",
	  4 * PG, 652, 4 * PG - 1, 2 * PG, 1, TRBE_WA_PAD_BASE | TRBE_WA_SPARE_PAGE,
	  { 2 * PG - 652, 2 * PG, 3 * PG, 2 * PG, 2 * PG + 256, false } },
};

static int same(const struct trbe_window *a, const struct trbe_window *b)
{
	return a->pad == b->pad && a->start == b->start && a->limit == b->limit &&
	       a->base == b->base && a->ptr == b->ptr;
}

/* The rules of one window; returns the first broken one, or NULL. */
static const char *broken(u64 bufsize, u64 head, u64 size, u64 align, u32 wa,
			  const struct trbe_window *w)
{
	u64 off = head % bufsize, end;

	if (w->pad > size)
		return "the pad stays inside the free space";
	if (w->start != (off + w->pad) % bufsize)
		return "the record starts after the pad";
	if (!w->limit)
		return NULL;
	if (w->limit % PG || w->limit > bufsize || w->limit <= w->start)
		return "LIMIT is a page boundary above the start";
	/* Where the free space ends, seen from the window's start. */
	end = w->pad + (w->limit - w->start) + (wa & TRBE_WA_SPARE_PAGE ? PG : 0);
	if (end > size)
		return "the window (and its spare page) lie in the free space";
	if (w->start % align)
		return "TRBPTR is aligned";
	if (wa & TRBE_WA_SPARE_PAGE && w->limit + PG > bufsize)
		return "spare_page: the page above LIMIT is in the buffer";
	if (wa & TRBE_WA_PAD_BASE) {
		if (w->start % PG || w->base != w->start || w->ptr != w->start + 256)
			return "pad_base: TRBBASER on the start's page, TRBPTR 256 in";
		if (w->limit - w->ptr < 64)
			return "pad_base: room for a run past the 256 bytes";
	} else if (w->base || w->ptr != w->start) {
		return "TRBBASER at the buffer, TRBPTR at the start";
	}
	return NULL;
}

int main(void)
{
	static const u32 was[] = { 0, TRBE_WA_PAD_BASE, TRBE_WA_SPARE_PAGE,
				   TRBE_WA_PAD_BASE | TRBE_WA_SPARE_PAGE };
	unsigned long long points = 0, windows = 0;
	const char *why = NULL;
	unsigned int i, k;

	printf("TAP version 13\n");
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct named *c = &cases[i];
		struct trbe_window w;

		trbe_window_wa(c->bufsize, c->head, c->size, c->wakeup, c->align,
			       PG, c->wa, &w);
		if (!same(&w, &c->want))
			printf("# got pad %llu start %llu limit %llu base %llu ptr %llu\n",
			       (unsigned long long)w.pad, (unsigned long long)w.start,
			       (unsigned long long)w.limit, (unsigned long long)w.base,
			       (unsigned long long)w.ptr);
		ok(same(&w, &c->want), c->name);
	}

	for (k = 0; k < sizeof(was) / sizeof(was[0]) && !why; k++) {
		u64 pages, head, size, wake, align;

		for (pages = 2; pages <= 6 && !why; pages++)
		for (head = 0; head < 2 * pages * PG && !why; head += 700)
		for (size = 0; size < pages * PG && !why; size += 900)
		for (wake = head; wake < head + pages * PG + PG && !why; wake += 1500)
		for (align = 1; align <= 64 && !why; align *= 64) {
			struct trbe_window w, plain;

			trbe_window_wa(pages * PG, head, size, wake, align, PG,
				       was[k], &w);
			why = broken(pages * PG, head, size, align, was[k], &w);
			if (!was[k]) {
				trbe_window(pages * PG, head, size, wake, align,
					    PG, &plain);
				if (!same(&w, &plain))
					why = "no workaround: trbe_window() itself";
			}
			points++;
			windows += !!w.limit;
			if (why)
				printf("# wa %#x bufsize %llu head %llu size %llu wakeup %llu align %llu: pad %llu start %llu limit %llu\n",
				       was[k], (unsigned long long)(pages * PG),
				       (unsigned long long)head,
				       (unsigned long long)size,
				       (unsigned long long)wake,
				       (unsigned long long)align,
				       (unsigned long long)w.pad,
				       (unsigned long long)w.start,
				       (unsigned long long)w.limit);
		}
	}
	printf("# %llu points, %llu with a window\n", points, windows);
	ok(!why && windows > points / 4, why ? why :
	   "every window of the grid keeps each workaround's rules");
	return tap_done();
}
