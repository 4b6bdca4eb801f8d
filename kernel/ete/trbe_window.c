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
#include <armtrace/trbe_errata.h>
#include "trbe_window.h"

/* Room for A-Sync, Trace Info, an address and a few atoms, at least. */
#define TRBE_MIN_RUN	64

static u64 round_up_to(u64 x, u64 to)
{
	return (x + to - 1) / to * to;
}

static u64 round_down_to(u64 x, u64 to)
{
	return x / to * to;
}

static void window(u64 bufsize, u64 head, u64 size, u64 wakeup, u64 align,
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

void trbe_window(u64 bufsize, u64 head, u64 size, u64 wakeup, u64 align,
		 u64 page, struct trbe_window *w)
{
	trbe_window_wa(bufsize, head, size, wakeup, align, page, 0, w);
}

/*
 * With both workarounds, one window of a buffer whose free space ends at
 * E (P: the 256 bytes padded at close, S: the spare page):
 *
 *   head    start = TRBBASER (a page)              LIMIT            E
 *   |=pad===|PPPP|###### TRBE writes here ########|SSSSSSSSSSSSSSSS|
 *                ^ TRBPTR                         ^ up to 64 bytes of
 *                                                   a wrap land here
 */
void trbe_window_wa(u64 bufsize, u64 head, u64 size, u64 wakeup, u64 align,
		    u64 page, u32 wa, struct trbe_window *w)
{
	u64 skip = wa & TRBE_WA_PAD_BASE ? TRBE_OVERWRITE_FILL_BYTES : 0;
	u64 spare = wa & TRBE_WA_SPARE_PAGE ? page : 0;

	if ((wa & TRBE_WA_PAD_BASE) && align < page)
		align = page;
	window(bufsize, head, size, wakeup, align, page, w);
	if (spare || skip) {
		/* Too little room for a run past the workarounds: pad it. */
		while (w->limit && w->limit - w->start < spare + skip + TRBE_MIN_RUN) {
			u64 used = w->pad + (w->limit - w->start);

			window(bufsize, head + used, size - used, wakeup, align,
			       page, w);
			w->pad += used;
		}
		if (w->limit)
			w->limit -= spare;
	}
	w->base = skip ? w->start : 0;
	w->ptr = w->start + (w->limit ? skip : 0);
	w->circular = false;
}

/*
 * A snapshot buffer after a window that stopped at P, and the next one:
 *
 *   base                P=head                                  end
 *   |=== older trace ===|pad|--- first lap: fill mode ---------->|
 *   |-- then circular from the base, round and round ----------->|
 *
 * and with TRBE_WA_SPARE_PAGE, fill windows, lap after lap:
 *
 *   |pad|--- fill mode up to LIMIT ----------------->|SSSS spare SSS|
 *   |--- the next lap from the base, fill mode ----->|SSSS spare SSS|
 */
void trbe_snapshot_window(u64 bufsize, u64 head, u64 align, u64 page, u32 wa,
			  struct trbe_window *w)
{
	u64 off = head % bufsize;

	/*
	 * Circular mode wraps at LIMIT, where TRBE_WA_SPARE_PAGE's erratum
	 * writes past it instead: every lap is a fill window, its spare page
	 * the last page of the buffer, padded by the next window.
	 */
	if (wa & TRBE_WA_SPARE_PAGE) {
		u64 end = off ? bufsize - off : 0;

		if (off) {
			trbe_window_wa(bufsize, head, end, 0, align, page, wa, w);
			if (w->limit)
				return;
		}
		trbe_window_wa(bufsize, head + end, bufsize, 0, align, page, wa,
			       w);
		w->pad += end;
		return;
	}
	if (off) {
		trbe_window_wa(bufsize, head, bufsize - off, 0, align, page,
			       wa & TRBE_WA_PAD_BASE, w);
		if (w->limit)
			return;
	}
	w->pad = off ? bufsize - off : 0;
	w->start = 0;
	w->limit = bufsize;
	w->base = 0;
	w->ptr = 0;
	w->circular = true;
}

u64 trbe_circular_bytes(u64 bufsize, u64 start, u64 ptr, bool wrapped)
{
	return (bufsize - start) % bufsize + ptr + (wrapped ? bufsize : 0);
}
