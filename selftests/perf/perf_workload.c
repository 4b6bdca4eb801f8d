// SPDX-License-Identifier: GPL-2.0
/*
 * The program `perf record -e ete//u` traces in the guest (run-perf.sh):
 * branches.S's workload, whose every branch is known, 200 times, then the
 * first touch of 16 fresh pages (a data abort in each).  Nothing else:
 * static, no vDSO calls, so the trace decodes from this one ELF.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <sys/mman.h>

#include "../hw/hwtest_util.h"

/* Each first touch faults in the middle of the loop body's block. */
static __attribute__((noinline)) long touch(volatile char *p, int pages)
{
	long sum = 0;
	int i;

	for (i = 0; i < pages; i++)
		sum += p[(long)i * 4096] + i;
	return sum;
}

int main(void)
{
	volatile char *p = mmap(NULL, 16 * 4096, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int i;

	if (p == MAP_FAILED)
		return 126;
	for (i = 0; i < 200; i++)
		brb_workload_fn();
	return touch(p, 16) == 16 * 15 / 2 ? 0 : 1;
}
