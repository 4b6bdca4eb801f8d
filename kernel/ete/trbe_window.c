// SPDX-License-Identifier: GPL-2.0
/*
 * The TRBE writes from TRBPTR_EL1 up to TRBLIMITR_EL1.LIMIT, which is page
 * granular, and in fill mode stops there with an interrupt.  perf's AUX
 * buffer is a ring: the driver owns [head, head + size), which may wrap,
 * and must not write past it (the rest is the consumer's).
 *
 *                 head        wakeup           head + size
 *   base          |             |                 |            base + bufsize
 *   +-------------|=============|=================|--------------+
 *   |  consumer's |    ours: TRBE writes here     | consumer's   |
 *   +-------------|=============|=================|--------------+
 *                 start         limit (page above wakeup, or the
 *                               page below head + size)
 *
 * One window never wraps: when ours runs past the end of the buffer, the
 * window ends there, and the fill interrupt restarts the TRBE at the base.
 * A head the TRBE cannot point at (TRBIDR_EL1.Align) is first padded with
 * IGNORE packets, which decoders skip, so the bytes stay accounted for.
 */
#include "trbe_window.h"

static u64 round_up_to(u64 x, u64 to)
{
	return (x + to - 1) / to * to;
}

static u64 round_down_to(u64 x, u64 to)
{
	return x / to * to;
}

void trbe_window(u64 bufsize, u64 head, u64 size, u64 wakeup, u64 align,
		 u64 page, struct trbe_window *w)
{
	u64 off = head % bufsize, end;

	w->pad = round_up_to(off, align) - off;
	if (w->pad > size)
		w->pad = size;
	head += w->pad;
	size -= w->pad;
	off = head % bufsize;
	w->start = off;
	w->limit = 0;
	if (!size)
		return;

	/* Our space ends inside the buffer, or runs to (or past) its end. */
	end = off + size < bufsize ? round_down_to(off + size, page) : bufsize;

	/*
	 * A wakeup still ahead of us, inside our space: stop at the page
	 * after it, so the fill interrupt comes in time to wake the reader.
	 */
	if (wakeup > head && wakeup < head + size) {
		u64 woff = off + (wakeup - head);

		if (woff < end)
			end = round_up_to(woff, page) < end ?
			      round_up_to(woff, page) : end;
	}
	/* Not one granule between us and the limit: nothing to program. */
	if (end > off)
		w->limit = end;
}
