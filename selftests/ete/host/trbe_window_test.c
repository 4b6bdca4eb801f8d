// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit test of kernel/ete/trbe_window.c, the TRBE window inside a
 * perf AUX ring: the cases drawn in its comment and in the reasoning of
 * coresight-trbe.c's __trbe_normal_offset() (head < tail, head == tail,
 * tail < head, a wakeup before the end, a misaligned head, no room in the
 * same page) with exact values, then properties over every small state
 * and random large ones:
 *
 *   pad < align and pad <= size; start = (head + pad) mod bufsize, aligned
 *   when there is room; limit page aligned, start < limit <= bufsize;
 *   [start, limit) inside the space the driver owns, never past the tail;
 *   a window whenever a page boundary (or the buffer's end) lies in that
 *   space, none otherwise; a wakeup inside the window ends it within the
 *   page after the wakeup.
 *
 * The properties are statements about the result, not a second copy of
 * the function.  Prints TAP.
 */
#include <stdio.h>
#include <stdlib.h>

#include "trbe_window.h"

#define PG	4096ull
#define BUF	(16 * PG)		/* 64 KiB buffer */
#define FAR	(~0ull)			/* no wakeup in reach */

#define TAP_PREFIX "trbe window"
#include "host_tap.h"

struct wcase {
	const char *name;
	u64 bufsize, head, size, wakeup, align;
	u64 pad, start, limit;
};

static const struct wcase cases[] = {
	/* head < tail: the limit is the tail's page */
	{ "head < tail: limit at the tail", BUF, 0x1000, 0x3000, FAR, 1, 0, 0x1000, 0x4000 },
	{ "head < tail, tail mid-page: limit rounded down", BUF, 0x1000, 0x3800, FAR, 1, 0, 0x1000, 0x4000 },
	{ "head < tail, head mid-page", BUF, 0x1234, 0x3000, FAR, 1, 0, 0x1234, 0x4000 },
	/* head == tail with the buffer empty: up to the end */
	{ "head == tail, empty buffer: limit at the end", BUF, 0x15000, BUF, FAR, 1, 0, 0x5000, BUF },
	{ "head == tail at the base, empty: whole buffer", BUF, 0x20000, BUF, FAR, 1, 0, 0, BUF },
	/* head == tail with the buffer full: no room */
	{ "head == tail, full buffer (size 0): no window", BUF, 0x5000, 0, FAR, 1, 0, 0x5000, 0 },
	/* tail < head: up to the end, the IRQ wraps */
	{ "tail < head: limit at the end", BUF, 0x1c000, 0x8000, FAR, 1, 0, 0xc000, BUF },
	{ "tail < head, head 256 B before the end", BUF, 0xff00, 0x8000, FAR, 1, 0, 0xff00, BUF },
	{ "space ending exactly at the end", BUF, 0xc000, 0x4000, FAR, 1, 0, 0xc000, BUF },
	/* wakeup */
	{ "wakeup mid-page before the tail: the page after it", BUF, 0x1000, 0x8000, 0x2800, 1, 0, 0x1000, 0x3000 },
	{ "wakeup page aligned: limit at it", BUF, 0x1000, 0x8000, 0x3000, 1, 0, 0x1000, 0x3000 },
	{ "wakeup in the same page as head: that page's end", BUF, 0x1100, 0x4000, 0x1200, 1, 0, 0x1100, 0x2000 },
	{ "wakeup in the past: ignored", BUF, 0x5000, 0x4000, 0x4000, 1, 0, 0x5000, 0x9000 },
	{ "wakeup at the tail: ignored", BUF, 0x1000, 0x4000, 0x5000, 1, 0, 0x1000, 0x5000 },
	{ "wakeup beyond the tail: ignored", BUF, 0x1000, 0x4000, 0x9000, 1, 0, 0x1000, 0x5000 },
	{ "wakeup a lap later, before the end", BUF, 0x1c000, 0x8000, 0x1e800, 1, 0, 0xc000, 0xf000 },
	{ "wakeup in the wrapped part: limit at the end", BUF, 0x1c000, 0x8000, 0x21000, 1, 0, 0xc000, BUF },
	{ "wakeup 1 byte after head: the page's end", BUF, 0x1000, 0x4000, 0x1001, 1, 0, 0x1000, 0x2000 },
	/* TRBIDR_EL1.Align */
	{ "misaligned head, Align 64: padded", BUF, 0x1010, 0x3000, FAR, 64, 0x30, 0x1040, 0x4000 },
	{ "misaligned head, Align 2048", BUF, 0x1001, 0x3000, FAR, 2048, 0x7ff, 0x1800, 0x4000 },
	{ "aligned head, Align 64: no pad", BUF, 0x1040, 0x3000, FAR, 64, 0, 0x1040, 0x4000 },
	{ "pad larger than the space: pad = size, no window", BUF, 0x1010, 0x20, FAR, 64, 0x20, 0x1030, 0 },
	{ "pad to the end of the buffer: the window starts at the base", BUF, 0xffc1, 0x8000, FAR, 64, 0x3f, 0, 0x7000 },
	/* no room in the same page */
	{ "head and tail in one page: no window", BUF, 0x1100, 0x800, FAR, 1, 0, 0x1100, 0 },
	{ "tail at head's page end - 1: no window", BUF, 0x1000, 0xfff, FAR, 1, 0, 0x1000, 0 },
	{ "tail exactly at the next page: one page", BUF, 0x1000, 0x1000, FAR, 1, 0, 0x1000, 0x2000 },
	{ "two-page buffer, head mid second page, wraps", 2 * PG, 0x3800, 0x1000, FAR, 1, 0, 0x1800, 2 * PG },
};

static u64 rdown(u64 x, u64 to) { return x / to * to; }
static u64 rup(u64 x, u64 to) { return (x + to - 1) / to * to; }

/* The properties of one result; prints why on failure. */
static int props(u64 bufsize, u64 head, u64 size, u64 wakeup, u64 align,
		 const struct trbe_window *w)
{
	u64 off = head % bufsize, h2 = head + w->pad, sz2 = size - w->pad;
	int room;

	if (w->pad >= align || w->pad > size)
		goto bad;
	if (w->start != h2 % bufsize)
		goto bad;
	/* Room: a page boundary in (start, start + space], or the end. */
	room = sz2 && (w->start + sz2 >= bufsize ||
		       rdown(w->start + sz2, PG) > w->start);
	if (!room != !w->limit)
		goto bad;
	if (!w->limit)
		return 1;
	if (w->start % align || w->limit % PG || w->limit <= w->start ||
	    w->limit > bufsize)
		goto bad;
	/* inside ours, never past the tail */
	if (w->limit - w->start > sz2)
		goto bad;
	/* a wakeup inside the window ends it within a page */
	if (wakeup > h2 && wakeup < h2 + (w->limit - w->start) &&
	    w->limit - (w->start + (wakeup - h2)) > PG)
		goto bad;
	/* without a wakeup, the window is as large as it may be */
	if (!(wakeup > h2 && wakeup < h2 + sz2) &&
	    w->limit != (w->start + sz2 >= bufsize ? bufsize :
			 rdown(w->start + sz2, PG)))
		goto bad;
	(void)off;
	return 1;
bad:
	printf("# bufsize %#llx head %#llx size %#llx wakeup %#llx align %llu: pad %#llx start %#llx limit %#llx\n",
	       (unsigned long long)bufsize, (unsigned long long)head,
	       (unsigned long long)size, (unsigned long long)wakeup,
	       (unsigned long long)align, (unsigned long long)w->pad,
	       (unsigned long long)w->start, (unsigned long long)w->limit);
	return 0;
}

static void named(void)
{
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct wcase *c = &cases[i];
		struct trbe_window w = { ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, true };

		trbe_window(c->bufsize, c->head, c->size, c->wakeup, c->align,
			    PG, &w);
		if (w.pad != c->pad || w.start != c->start || w.limit != c->limit)
			printf("# got pad %#llx start %#llx limit %#llx\n",
			       (unsigned long long)w.pad,
			       (unsigned long long)w.start,
			       (unsigned long long)w.limit);
		ok(w.pad == c->pad && w.start == c->start &&
		   w.limit == c->limit &&
		   props(c->bufsize, c->head, c->size, c->wakeup, c->align, &w),
		   c->name);
	}
}

/* Every state of a 4-page buffer at a 256-byte grid (and odd heads). */
static void exhaustive(void)
{
	static const u64 aligns[] = { 1, 64, 2048 };
	const u64 bs = 4 * PG, step = 256;
	unsigned long n = 0;
	int good = 1;
	size_t a;
	u64 head, size, wk;

	for (a = 0; a < 3; a++)
		for (head = 0; head < 2 * bs; head += step)
			for (size = 0; size <= bs; size += step)
				for (wk = head; wk <= head + bs + step; wk += step) {
					u64 hs[2] = { head, head + 17 };
					int k;

					for (k = 0; k < 2; k++) {
						struct trbe_window w;

						if (size + (hs[k] - head) > bs)
							continue;
						trbe_window(bs, hs[k], size, wk,
							    aligns[a], PG, &w);
						n++;
						if (!props(bs, hs[k], size, wk,
							   aligns[a], &w)) {
							good = 0;
							goto out;
						}
					}
				}
out:
	printf("# %lu states\n", n);
	ok(good, "properties hold on every state of a 4-page buffer (256-byte grid, heads +17)");
}

static u64 rnd(void)
{
	return ((u64)random() << 33) ^ ((u64)random() << 11) ^ (u64)random();
}

static void randomized(void)
{
	unsigned long i;
	int good = 1;

	srandom(11);
	for (i = 0; i < 2000000 && good; i++) {
		u64 pages = 2ull << (rnd() % 14);	/* 2 pages .. 64 MiB */
		u64 bs = pages * PG, head = rnd() % (1ull << 40);
		u64 size = rnd() % (bs + 1), align = 1ull << (rnd() % 12);
		u64 wakeup;
		struct trbe_window w;

		switch (rnd() % 4) {
		case 0: wakeup = head + rnd() % (size + 1); break;
		case 1: wakeup = rup(head, PG) + PG * (rnd() % 4); break;
		case 2: wakeup = head - rnd() % bs; break;
		default: wakeup = head + size + rnd() % bs; break;
		}
		if (rnd() % 8 == 0)
			size = rnd() % (2 * PG);
		trbe_window(bs, head, size, wakeup, align, PG, &w);
		good = props(bs, head, size, wakeup, align, &w);
	}
	ok(good, "properties hold on 2M random states (2 pages to 64 MiB, Align 0..11)");
}

int main(void)
{
	named();
	exhaustive();
	randomized();
	return tap_done();
}
