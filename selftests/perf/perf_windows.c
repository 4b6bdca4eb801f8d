// SPDX-License-Identifier: GPL-2.0
/*
 * Many short trace windows: ROUNDS (argv[1], default 100) times, a few
 * runs of branches.S's workload, then a 1 ms sleep, so that a per-task
 * event is switched out and in again each round.  A snapshot of its
 * trace (ete-snapshot-windows) must keep the older windows, not only the
 * last.  Static, no vDSO calls: the trace decodes from this one ELF.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <time.h>

#include "../hw/hwtest_util.h"

int main(int argc, char **argv)
{
	struct timespec ms = { 0, 1000000 };
	int rounds = argc > 1 ? atoi(argv[1]) : 100, i, k;

	for (i = 0; i < rounds; i++) {
		for (k = 0; k < 3; k++)
			brb_workload_fn();
		nanosleep(&ms, NULL);
	}
	return 0;
}
