/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf's address filters on the trace unit's address comparators: pure,
 * unit-tested on the host (selftests/ete/host/ete_filter_test.c).
 *
 *   filter LO/SIZE  a ViewInst include range: comparator pair n, TRCACVR2n
 *                   the lower bound and TRCACVR2n+1 the upper, both
 *                   included (TRCVIIECTLR.INCLUDE[n])
 *   start ADDR      a start point of the ViewInst start/stop logic, or
 *   stop ADDR       a stop point: single comparator n, TRCVISSCTLR.START[n]
 *                   or STOP[n], which reaches comparators 0-7 only
 *
 * Points take the lowest comparators, ranges the pairs after them, so
 * that both fit wherever the comparators allow.  Trace is on where every
 * selected function agrees: inside an include range (or no range at all)
 * while the start/stop logic is started.  Each comparator matches
 * instruction addresses at every Non-secure EL (the EL filters decide the
 * rest) and at no Secure EL.
 */
#ifndef ARMTRACE_ETE_FILTER_H
#define ARMTRACE_ETE_FILTER_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include "host_shim.h"
#endif

#define ETE_MAX_COMPARATORS	16	/* TRCIDR4.NUMACPAIRS up to 8 */
#define ETE_MAX_POINTS		8	/* TRCVISSCTLR: comparators 0-7 */
#define ETE_MAX_FILTERS		12	/* 8 points on 4 pairs, 4 ranges */

enum ete_filter_kind {
	ETE_FILTER_RANGE,
	ETE_FILTER_START,
	ETE_FILTER_STOP,
};

struct ete_filter {
	enum ete_filter_kind kind;
	/*
	 * A range: lo to hi, both included (lo > hi matches nothing: a file
	 * not mapped yet).  A point: lo (0 matches nothing).
	 */
	u64 lo, hi;
};

/* The comparator registers a set of filters takes. */
struct ete_cmp {
	unsigned int n;			/* comparators 0..n-1 written */
	u64 acvr[ETE_MAX_COMPARATORS];	/* TRCACVRn */
	u64 acatr[ETE_MAX_COMPARATORS];	/* TRCACATRn */
	u32 viiectlr;			/* TRCVIIECTLR */
	u32 vissctlr;			/* TRCVISSCTLR */
};

/* Do @ranges ranges and @points start/stop points fit @pairs pairs? */
bool ete_filters_fit(unsigned int ranges, unsigned int points,
		     unsigned int pairs);

/* The most filters that fit @pairs pairs: perf's nr_addr_filters. */
unsigned int ete_filters_max(unsigned int pairs);

/* Place @n filters that fit; @out's comparators 0..out->n-1 are set. */
void ete_filters_place(const struct ete_filter *f, unsigned int n,
		       struct ete_cmp *out);

/* The start/stop logic's state before any instruction ran. */
bool ete_filters_start_started(const struct ete_cmp *cmp);

#endif /* ARMTRACE_ETE_FILTER_H */
