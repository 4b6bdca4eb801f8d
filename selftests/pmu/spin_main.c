// SPDX-License-Identifier: GPL-2.0
/* spin N: run spin_loop(N) once, for perf stat / perf record tests. */
#include <stdlib.h>
#include "pmuv3_util.h"

int main(int argc, char **argv)
{
	uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 0) : 1000000;

	spin_loop(n ? n : 1);
	return 0;
}
