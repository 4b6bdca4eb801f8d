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
	u64 pad;	/* IGNORE bytes to write at the head first */
	u64 start;	/* offset TRBPTR_EL1 starts at (head + pad) */
	u64 limit;	/* offset of TRBLIMITR_EL1.LIMIT; 0: no room */
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

#endif /* ARMTRACE_TRBE_WINDOW_H */
