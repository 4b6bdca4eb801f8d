// SPDX-License-Identifier: GPL-2.0
/*
 * A program with one hot function, for AutoFDO from an ETE recording
 * (scripts/perf-afdo.sh) and for address-range filters (--filter, the
 * perf-ete-filter run): afdo_hot() runs about 90% of the instructions,
 * afdo_cold() a few hundred, main() only the loop around them; argv[1]
 * sets the rounds (300; more for a trace that overflows a buffer).  Built
 * with DWARF 4, which Debian's AutoFDO 0.19 reads (not GCC 12's default
 * DWARF 5).
 *
 * argv[2] runs the rounds that many times, in phases: after each but the
 * last the program says "perf_afdo: phase N done" on stderr and waits
 * for a line on stdin, so that a snapshot taken then (perf record -S and
 * SIGUSR2, selftests/perf/run-perf.sh) ends where the phase did.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define BUF	256
#define ROUNDS	300

static unsigned char buf[BUF];

/*
 * Two paths a byte, so that the profile has branches to weigh.  noipa:
 * no clone (afdo_hot.constprop.0), so the profile names afdo_hot.
 */
static __attribute__((noipa)) uint64_t afdo_hot(const unsigned char *p,
						   int n)
{
	uint64_t h = 0;
	int i;

	for (i = 0; i < n; i++) {
		if (p[i] & 1)
			h = h * 31 + p[i];
		else
			h ^= (uint64_t)p[i] << (i & 7);
	}
	return h;
}

static __attribute__((noipa)) uint64_t afdo_cold(uint64_t h)
{
	int i;

	for (i = 0; i < 8; i++)
		h = (h >> 3) ^ (h << 5);
	return h;
}

/* Between phases: say so, then wait for the go (a line, or its end). */
static void afdo_wait(int phase)
{
	char msg[64], c;
	int n = snprintf(msg, sizeof(msg), "perf_afdo: phase %d done\n", phase);

	if (write(2, msg, (size_t)n) != n)
		exit(2);
	while (read(0, &c, 1) == 1 && c != '\n')
		;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : ROUNDS;
	int phases = argc > 2 ? atoi(argv[2]) : 1;
	uint64_t h = 0;
	int i, p;

	for (i = 0; i < BUF; i++)
		buf[i] = (unsigned char)(i * 7 + 3);
	for (p = 1; p <= phases; p++) {
		if (p > 1)
			afdo_wait(p - 1);
		for (i = 0; i < rounds; i++)
			h += afdo_hot(buf, BUF);
	}
	/* (an exit status that depends on the work: nothing is optimised out) */
	return afdo_cold(h) == 0;
}
