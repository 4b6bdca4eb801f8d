/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the benchmarks (bench-pkt, bench-dec) share: the clock and the
 * order of run times for their medians.
 */
#ifndef _BENCH_UTIL_H
#define _BENCH_UTIL_H

#include <time.h>

static inline double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* qsort() order of doubles */
static inline int bench_cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

#endif
