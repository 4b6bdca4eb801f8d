// SPDX-License-Identifier: GPL-2.0
/*
 * hw_brbe_work [N]: brb_workload (branches.S) N times (default 20000),
 * with a system call every 64 iterations (QEMU raises event-counter
 * overflows at exception-level changes only): the workload that
 * hw_brbe_perftool.sh records with perf.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "hwtest_util.h"

int main(int argc, char **argv)
{
	long i, n = argc > 1 ? atol(argv[1]) : 20000;

	for (i = 0; i < n; i++) {
		brb_workload_fn();
		if (i % 64 == 0)
			syscall(__NR_getppid);
	}
	return 0;
}
