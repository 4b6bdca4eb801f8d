// SPDX-License-Identifier: GPL-2.0
/*
 * trbe_snapshot_window(): the windows of a snapshot (AUX overwrite)
 * buffer.  Named cases, then the rules over a grid of buffer sizes,
 * heads, alignments and the one workaround with a snapshot form, then a
 * run of windows of every length played against a byte-exact TRBE in
 * the test: each record, as the driver closes it, is the newest trace,
 * and none claims a byte that is not its window's.  Prints TAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <armtrace/trbe_errata.h>
#include "trbe_window.h"

#define PG	4096ull

#define TAP_PREFIX "trbe snapshot"
#include "host_tap.h"

struct named {
	const char *name;
	u64 bufsize, head, align;
	u32 wa;
	struct trbe_window want;	/* pad, start, limit, base, ptr, circular */
};

static const struct named cases[] = {
	{ "a fresh buffer: circular from the base",
	  4 * PG, 0, 64, 0, { 0, 0, 4 * PG, 0, 0, true } },
	{ "a head on a lap's end: circular from the base",
	  4 * PG, 8 * PG, 64, 0, { 0, 0, 4 * PG, 0, 0, true } },
	{ "a head inside: fill mode from it to the end, aligned",
	  4 * PG, 4 * PG + 1000, 64, 0, { 24, 1024, 4 * PG, 0, 1024, false } },
	{ "an aligned head inside needs no pad",
	  4 * PG, 5 * PG, 64, 0, { 0, PG, 4 * PG, 0, PG, false } },
	{ "a head within the alignment of the end: padded to it, circular",
	  4 * PG, 4 * PG - 20, 64, 0, { 20, 0, 4 * PG, 0, 0, true } },
	{ "pad_base: the first lap from the next page, TRBPTR 256 in",
	  4 * PG, 1000, 64, TRBE_WA_PAD_BASE,
	  { PG - 1000, PG, 4 * PG, PG, PG + 256, false } },
	{ "pad_base: a head in the last page pads to the end, circular",
	  4 * PG, 3 * PG + 8, 64, TRBE_WA_PAD_BASE,
	  { PG - 8, 0, 4 * PG, 0, 0, true } },
	{ "spare_page: a fresh buffer, fill mode up to the spare page",
	  4 * PG, 0, 64, TRBE_WA_SPARE_PAGE, { 0, 0, 3 * PG, 0, 0, false } },
	{ "spare_page: a head inside, fill mode from it up to the spare page",
	  4 * PG, 100, 64, TRBE_WA_SPARE_PAGE, { 28, 128, 3 * PG, 0, 128, false } },
	{ "spare_page: a head at LIMIT pads the spare page, the next lap from the base",
	  4 * PG, 3 * PG, 64, TRBE_WA_SPARE_PAGE, { PG, 0, 3 * PG, 0, 0, false } },
	{ "spare_page: too little room before the spare page: padded with it",
	  4 * PG, 3 * PG - 40, 64, TRBE_WA_SPARE_PAGE,
	  { PG + 40, 0, 3 * PG, 0, 0, false } },
	{ "spare_page + pad_base: the lap from the base page, TRBPTR 256 in",
	  4 * PG, 3 * PG, 64, TRBE_WA_SPARE_PAGE | TRBE_WA_PAD_BASE,
	  { PG, 0, 3 * PG, 0, 256, false } },
};

static int same(const struct trbe_window *a, const struct trbe_window *b)
{
	return a->pad == b->pad && a->start == b->start && a->limit == b->limit &&
	       a->base == b->base && a->ptr == b->ptr &&
	       a->circular == b->circular;
}

/* The rules of one snapshot window; returns the first broken one. */
static const char *broken(u64 bufsize, u64 head, u64 align, u32 wa,
			  const struct trbe_window *w)
{
	u64 off = head % bufsize, skip = wa & TRBE_WA_PAD_BASE ? 256 : 0;

	if (wa & TRBE_WA_PAD_BASE && align < PG)
		align = PG;
	if (wa & TRBE_WA_SPARE_PAGE) {
		if (w->circular || w->limit != bufsize - PG)
			return "spare_page: fill mode, LIMIT a page below the end";
		if ((off + w->pad) % bufsize != w->start || w->start % align ||
		    w->limit - w->start < skip + 64)
			return "spare_page: from the head, aligned, with room";
		if (w->base != (skip ? w->start : 0) || w->ptr != w->start + skip)
			return "spare_page: TRBBASER and TRBPTR";
		return NULL;
	}
	if (w->limit != bufsize)
		return "every window runs to the buffer's end";
	if (w->circular) {
		if (w->start || w->base || w->ptr)
			return "circular: TRBBASER and TRBPTR at the base";
		if (w->pad != (bufsize - off) % bufsize)
			return "circular: the pad runs from the head to the end";
		if (off && (off + align - 1) / align * align < bufsize)
			return "circular only when no first lap fits";
		return NULL;
	}
	if (!off)
		return "a head on a lap's end starts circular";
	if (w->start != off + w->pad || w->start % align || w->pad >= align)
		return "the first lap starts at the head, aligned";
	if (w->base != (skip ? w->start : 0) || w->ptr != w->start + skip)
		return "the first lap's TRBBASER and TRBPTR";
	return NULL;
}

#define IGNORE	0xffffffffu	/* a pad byte; 0: never written */
#define SPARE	0xfffffffeu	/* trace erratum 2224489 put past LIMIT */

/*
 * A byte-exact TRBE: writes n bytes of trace numbered from *seq + 1 as
 * the window programs it, and says where it stopped as the driver reads
 * TRBPTR_EL1 and TRBSR_EL1.WRAP.  Fill mode stops full at the limit (the
 * fill interrupt); circular mode goes back to TRBBASER when the pointer
 * reaches the limit, and WRAP says it did.  With @wa's TRBE_WA_SPARE_PAGE
 * a fill also writes 64 bytes past the limit (lost trace, SPARE).
 */
static u64 trbe_write(unsigned int *buf, const struct trbe_window *w, u64 n,
		      unsigned int *seq, int *wrap, u32 wa)
{
	u64 ptr = w->ptr, i;

	*wrap = 0;
	for (i = 0; i < n && ptr < w->limit; i++) {
		buf[ptr++] = ++*seq;
		if (ptr == w->limit) {
			*wrap = 1;
			if (w->circular)
				ptr = w->base;
		}
	}
	if (*wrap && !w->circular && (wa & TRBE_WA_SPARE_PAGE) && i < n)
		for (i = 0; i < 64; i++)
			buf[w->limit + i] = SPARE;
	return ptr;
}

/*
 * Windows of the given lengths, each closed as the driver closes it
 * (ete_pmu.c: fill mode's sizes, trbe_circular_bytes()), against what the
 * TRBE wrote: the record, the last min(n, bufsize) bytes before the new
 * head, holds all of its window's bytes still in the buffer, in order,
 * and nothing of an older window's; and the buffer keeps the newest
 * trace: every byte but the pads, once there is that much.
 */
static const char *play(u64 bufsize, u32 wa, const u64 *lens, int nlen)
{
	unsigned int *buf = calloc(bufsize, sizeof(*buf)), seq = 0;
	const char *why = NULL;
	u64 head = 0;
	int i;

	for (i = 0; i < nlen && !why; i++) {
		unsigned int first = seq + 1, prev = 0;
		u64 start = head % bufsize, ptr, n, k, have, mine = 0, in_rec = 0;
		u64 pads = 0, kept = 0;
		struct trbe_window w;
		int wrap;

		trbe_snapshot_window(bufsize, head, 64, PG, wa, &w);
		/*
		 * What a pad overwrites is lost: no more than the alignment
		 * (and the spare page, which holds no trace).
		 */
		if (w.pad >= (wa & TRBE_WA_PAD_BASE ? PG : 64) +
			     (wa & TRBE_WA_SPARE_PAGE ? PG : 0))
			why = "a window pads no more than its alignment";
		for (k = 0; k < w.pad; k++)
			buf[(start + k) % bufsize] = IGNORE;
		ptr = trbe_write(buf, &w, lens[i], &seq, &wrap, wa);
		if (w.circular)
			n = trbe_circular_bytes(bufsize, start, ptr % bufsize, wrap);
		else	/* as ete_window_end(): the pad, then the window */
			n = w.pad + (wrap ? w.limit : ptr) - w.start;
		/* pad_base: the bytes before TRBPTR become IGNORE at close. */
		for (k = 0; !w.circular && k < n && (start + k) % bufsize != w.ptr;
		     k++)
			buf[(start + k) % bufsize] = IGNORE;
		head += n;
		if (head % bufsize != ptr % bufsize)
			why = "head mod size is where the newest byte ends";
		have = n < bufsize ? n : bufsize;
		for (k = 0; k < have && !why; k++) {
			unsigned int b = buf[(head - have + k) % bufsize];

			if (b == IGNORE)
				continue;
			if (b == SPARE) {
				why = "a record claims the erratum's bytes";
				break;
			}
			if (b < first || b > seq)
				why = "a record claims a byte not its window's";
			else if (b <= prev)
				why = "a record's bytes are in the order written";
			prev = b;
			in_rec++;
		}
		for (k = 0; k < bufsize; k++) {
			int trace = buf[k] && buf[k] != IGNORE && buf[k] != SPARE;

			mine += trace && buf[k] >= first && buf[k] <= seq;
			/* (the spare page is never trace) */
			pads += !trace && (buf[k] || ((wa & TRBE_WA_SPARE_PAGE) &&
						      k >= bufsize - PG));
			kept += trace;
		}
		if (!why && in_rec != mine) {
			why = "a record holds all its window's bytes in the buffer";
		}
		/* Older trace is overwritten only to make room. */
		if (!why && kept != (seq < bufsize - pads ? seq : bufsize - pads))
			why = "the buffer keeps the newest trace";
	}
	free(buf);
	return why;
}

int main(void)
{
	static const u32 was[] = { 0, TRBE_WA_PAD_BASE, TRBE_WA_SPARE_PAGE,
				   TRBE_WA_SPARE_PAGE | TRBE_WA_PAD_BASE };
	static const char *const wa_names[] = { "", "pad_base: ", "spare_page: ",
						"spare_page + pad_base: " };
	unsigned long long points = 0, circular = 0;
	const char *why = NULL;
	char name[160];
	unsigned int i, k;

	printf("TAP version 13\n");
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct named *c = &cases[i];
		struct trbe_window w;

		trbe_snapshot_window(c->bufsize, c->head, c->align, PG, c->wa, &w);
		if (!same(&w, &c->want))
			printf("# got pad %llu start %llu limit %llu base %llu ptr %llu circular %d\n",
			       (unsigned long long)w.pad, (unsigned long long)w.start,
			       (unsigned long long)w.limit, (unsigned long long)w.base,
			       (unsigned long long)w.ptr, w.circular);
		ok(same(&w, &c->want), c->name);
	}

	for (k = 0; k < sizeof(was) / sizeof(was[0]) && !why; k++) {
		u64 pages, head, align;

		/* (the spare page needs three pages: setup_aux's minimum) */
		for (pages = was[k] & TRBE_WA_SPARE_PAGE ? 3 : 1;
		     pages <= 6 && !why; pages++)
		for (head = 0; head < 3 * pages * PG && !why; head += 97)
		for (align = 1; align <= 2048 && !why; align *= 8) {
			struct trbe_window w;

			trbe_snapshot_window(pages * PG, head, align, PG, was[k], &w);
			why = broken(pages * PG, head, align, was[k], &w);
			points++;
			circular += w.circular;
			if (why)
				printf("# wa %#x bufsize %llu head %llu align %llu: pad %llu start %llu base %llu ptr %llu circular %d\n",
				       was[k], (unsigned long long)(pages * PG),
				       (unsigned long long)head,
				       (unsigned long long)align,
				       (unsigned long long)w.pad,
				       (unsigned long long)w.start,
				       (unsigned long long)w.base,
				       (unsigned long long)w.ptr, w.circular);
		}
	}
	printf("# %llu points, %llu circular\n", points, circular);
	ok(!why && circular && circular < points / 8, why ? why :
	   "every window of the grid keeps the rules");

	for (k = 0; k < sizeof(was) / sizeof(was[0]); k++) {
		static const u64 lens[] = { 0, 1, 63, 64, 700, 4096, 5000, 8191,
					    8192, 8193, 20000, 3, 100, 2048 };
		const unsigned int nl = sizeof(lens) / sizeof(lens[0]);
		u64 seqs[16];
		unsigned int a, b, j, spare;

		why = NULL;
		/* Each length after each other, as a session meets them. */
		for (a = 0; a < nl && !why; a++)
		for (b = 0; b < nl && !why; b++) {
			for (j = 0; j < 16; j++)
				seqs[j] = j % 3 ? lens[b] : lens[a];
			spare = was[k] & TRBE_WA_SPARE_PAGE ? 2 : 0;
			why = play((2 + spare) * PG, was[k], seqs, 16);
			if (!why)
				why = play((1 + spare) * PG, was[k], seqs, 16);
			if (why)
				printf("# wa %#x lengths %llu, %llu\n", was[k],
				       (unsigned long long)lens[a],
				       (unsigned long long)lens[b]);
		}
		snprintf(name, sizeof(name), "%s%s", wa_names[k], why ? why :
			 "windows of every length keep the newest trace, each in its record");
		ok(!why, name);
	}
	return tap_done();
}
