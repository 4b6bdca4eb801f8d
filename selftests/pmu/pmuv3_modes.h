/* SPDX-License-Identifier: GPL-2.0 */
/* Helpers for the per-boot-mode filter tests. */
#ifndef PMUV3_MODES_H
#define PMUV3_MODES_H

#include "pmuv3_util.h"

static inline int open_raw(uint64_t event, uint64_t fields)
{
	struct perf_event_attr a;

	pmuv3_attr(&a, event, PMUV3_CFG1_FILTER | fields, 0);
	return perf_open(&a, -1, -1);
}

static inline int open_excl(int excl_user, int excl_kernel)
{
	struct perf_event_attr a;

	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, 0, 0);
	a.exclude_user = excl_user;
	a.exclude_kernel = excl_kernel;
	a.exclude_hv = excl_kernel;
	return perf_open(&a, -1, -1);
}

/* Count spin_loop(n) with @fd, then close it (~0 if it did not open). */
static inline uint64_t count_and_close(int fd, uint64_t n)
{
	uint64_t v;

	if (fd < 0)
		return ~0ULL;
	v = count_spin(fd, n);
	close(fd);
	return v;
}

/* The EL0-only reference count of spin_loop(n) on this machine. */
static inline uint64_t el0_count(uint64_t n)
{
	return count_and_close(open_excl(0, 1), n);
}

#define BIG_N 10000000ULL

/*
 * @fd counts the kernel but not spin_loop: something for n = 1, and for
 * n = BIG_N no more than the timer ticks during the loop add.
 */
static inline void expect_kernel_not_loop(struct __test_metadata *_metadata,
					  int fd)
{
	uint64_t small, big;

	ASSERT_LE(0, fd);
	small = count_spin(fd, 1);
	big = count_spin(fd, BIG_N);
	ASSERT_GT(small, 0);
	ASSERT_LT(big, small + BIG_N / 20);
	close(fd);
}

/* How many times the kernel log has said the guest/host split is lost. */
static inline int guest_split_warnings(void)
{
	FILE *p = popen("dmesg | grep -c 'exclude_guest != exclude_host is not fully honoured'", "r");
	int n = -1;

	if (!p)
		return -1;
	if (fscanf(p, "%d", &n) != 1)
		n = -1;
	pclose(p);
	return n;
}

static inline int open_exclude_guest(void)
{
	struct perf_event_attr a;

	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, 0, 0);
	a.exclude_guest = 1;
	a.exclude_kernel = a.exclude_hv = 1;
	return perf_open(&a, -1, -1);
}

#endif /* PMUV3_MODES_H */
