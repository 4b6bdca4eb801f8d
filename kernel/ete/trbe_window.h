/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where in the perf AUX buffer the TRBE may write next: pure arithmetic
 * over the output handle's head, free size and wakeup, unit-tested on the
 * host (selftests/ete/host/).
 */
#ifndef ARMTRACE_TRBE_WINDOW_H
#define ARMTRACE_TRBE_WINDOW_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include "host_shim.h"
#endif

struct trbe_window {
	/*
	 * IGNORE bytes to write at the head first; with TRBE_WA_SPARE_PAGE
	 * they may run to the end of the buffer and on from its base.
	 */
	u64 pad;
	u64 start;	/* offset the record starts at (head + pad) */
	u64 limit;	/* offset of TRBLIMITR_EL1.LIMIT; 0: no room */
	u64 base;	/* offset of TRBBASER_EL1 (0, or start: pad_base) */
	/* offset TRBPTR_EL1 starts at: start, or 256 bytes on (pad_base) */
	u64 ptr;
	/* TRBE's circular mode (snapshots only); otherwise fill mode */
	bool circular;
};

/**
 * trbe_window() - the next TRBE window of an AUX buffer
 * @bufsize: the buffer's size in bytes, a multiple of @page
 * @head: perf_output_handle.head (an index: grows without wrapping)
 * @size: perf_output_handle.size (bytes free after @head)
 * @wakeup: perf_output_handle.wakeup (index of the next wakeup)
 * @align: the TRBE's pointer alignment in bytes (1 << TRBIDR_EL1.Align)
 * @page: the TRBLIMITR_EL1 granule (PAGE_SIZE)
 * @w: the result
 */
void trbe_window(u64 bufsize, u64 head, u64 size, u64 wakeup, u64 align,
		 u64 page, struct trbe_window *w);

/*
 * trbe_window_wa() - the same, with the TRBE_WA_* workarounds in @wa
 * (include/armtrace/trbe_errata.h) that move the window:
 *
 * TRBE_WA_PAD_BASE: a fill-mode wrap may go on writing 256 bytes at
 *	TRBBASER.  Windows start on a page (the head is padded up to it),
 *	TRBBASER is that page, TRBPTR starts 256 bytes into it, and the
 *	driver fills those 256 bytes with IGNORE when the window closes,
 *	whatever the wrap wrote there.
 * TRBE_WA_SPARE_PAGE: the TRBE may write up to 64 bytes past LIMIT.
 *	LIMIT is set a page below the end of the free space, so those bytes
 *	land in free space of our own; a window with less than that page
 *	plus a minimal run is padded whole, and the next one tried.
 */
void trbe_window_wa(u64 bufsize, u64 head, u64 size, u64 wakeup, u64 align,
		    u64 page, u32 wa, struct trbe_window *w);

/**
 * trbe_snapshot_window() - the next TRBE window of a snapshot (AUX
 * overwrite) buffer, which the TRBE owns whole
 * @bufsize: the buffer's size in bytes, a multiple of @page
 * @head: perf_output_handle.head: where the last window's trace ended
 * @align: the TRBE's pointer alignment in bytes
 * @page: the TRBLIMITR_EL1 granule (PAGE_SIZE)
 * @wa: TRBE_WA_* workarounds: TRBE_WA_PAD_BASE as in trbe_window_wa();
 *	TRBE_WA_SPARE_PAGE makes every lap a fill-mode window (below)
 * @w: the result
 *
 * The window goes on from the last one's end, so that older windows'
 * trace stays behind it until it is overwritten.  Its first lap, from
 * @head to the buffer's end, is a fill-mode window like any other (the
 * pad, and TRBE_WA_PAD_BASE, as trbe_window_wa()), because in circular
 * mode TRBSR_EL1.WRAP could not tell a window that went once past the
 * end, leaving older trace between its pointer and where it began, from
 * one that went past where it began, leaving none.  The fill interrupt
 * at the end starts the next window at the base: circular over the
 * whole buffer (@w->circular; @w->pad the bytes of IGNORE up to the end
 * when no fill window fits), where WRAP says the whole buffer is this
 * window's.
 *
 * TRBE_WA_SPARE_PAGE: circular mode would wrap at LIMIT, where the
 * erratum writes up to 64 bytes past it instead of at the base, an
 * unknown count in the middle of the stream.  Every lap is then a
 * fill-mode window, LIMIT a page below the buffer's end; the next window
 * pads that spare page, whatever the erratum wrote there, and goes on
 * from the base (@w->pad may run to the end and on from there).  The
 * cost: a fill interrupt and a gap each lap, not only the first.
 */
void trbe_snapshot_window(u64 bufsize, u64 head, u64 align, u64 page, u32 wa,
			  struct trbe_window *w);

/**
 * trbe_circular_bytes() - the bytes a circular snapshot window's record
 * holds, perf's head moving by as much
 * @bufsize: the buffer's size in bytes
 * @start: the record's start: the offset of the head when the window
 *	began (its pad ran from there to the end, then TRBPTR from the base)
 * @ptr: TRBPTR_EL1's offset when the window stopped
 * @wrapped: TRBSR_EL1.WRAP: the pointer reached the limit at least once
 *
 * More than @bufsize when it wrapped: the record is then the whole
 * buffer, and head mod @bufsize is still where the newest byte ends.
 */
u64 trbe_circular_bytes(u64 bufsize, u64 start, u64 ptr, bool wrapped);

#endif /* ARMTRACE_TRBE_WINDOW_H */
