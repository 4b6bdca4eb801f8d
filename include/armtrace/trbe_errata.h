/* SPDX-License-Identifier: GPL-2.0 */
/*
 * TRBE errata, one bit per workaround, named after what the workaround
 * does: the kernel's per-CPU errata set (kernel/ete/ete_errata.c) and the
 * hardware model's errata word (hwm_cpu.trbe_errata, the plugin's
 * errata= option) use the same bits.
 *
 *   bit                      errata            what the CPU does wrong
 *   TRBE_WA_PAD_BASE         2119858 2139208   a fill-mode wrap goes on
 *                                              writing at TRBBASER
 *   TRBE_WA_SPARE_PAGE       2224489 2253138   writes up to 64 bytes past
 *                                              TRBLIMITR.LIMIT
 *   TRBE_WA_DOUBLE_TSB       2054223 2067961   one TSB CSYNC may not flush
 *   TRBE_WA_DRAIN_AFTER_DISABLE  2064142       TRBE register writes after
 *                                              a disable may be ignored
 *   TRBE_WA_ISB_AFTER_ENABLE 2038923           an enable needs a second
 *                                              context synchronization
 *   TRBE_WA_REFUSE_CPU       1902691           the TRBE cannot be used
 */
#ifndef ARMTRACE_TRBE_ERRATA_H
#define ARMTRACE_TRBE_ERRATA_H

#include "bits.h"

/* Program TRBBASER at a page, TRBPTR 256 bytes in; pad those with IGNORE. */
#define TRBE_WA_PAD_BASE		BIT_ULL(0)
/* Keep a spare page above TRBLIMITR.LIMIT inside the free space. */
#define TRBE_WA_SPARE_PAGE		BIT_ULL(1)
/* Drain with two TSB CSYNCs. */
#define TRBE_WA_DOUBLE_TSB		BIT_ULL(2)
/* TSB CSYNC + DSB after clearing TRBLIMITR.E, before other TRBE writes. */
#define TRBE_WA_DRAIN_AFTER_DISABLE	BIT_ULL(3)
/* A second ISB after setting TRBLIMITR.E. */
#define TRBE_WA_ISB_AFTER_ENABLE	BIT_ULL(4)
/* Do not use the TRBE of this CPU. */
#define TRBE_WA_REFUSE_CPU		BIT_ULL(5)
#define TRBE_WA_ALL			GENMASK_ULL(5, 0)

/* Bytes a fill-mode wrap may overwrite at TRBBASER (erratum 2119858). */
#define TRBE_OVERWRITE_FILL_BYTES	256
/* Bytes an affected TRBE may write past TRBLIMITR.LIMIT (erratum 2224489). */
#define TRBE_WRITE_OUT_OF_RANGE_BYTES	64

#endif /* ARMTRACE_TRBE_ERRATA_H */
