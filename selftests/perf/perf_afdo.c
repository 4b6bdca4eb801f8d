// SPDX-License-Identifier: GPL-2.0
/*
 * A program with one hot function, for AutoFDO from an ETE recording
 * (scripts/perf-afdo.sh) and for address-range filters (--filter, the
 * perf-ete-filter run): afdo_hot() runs about 90% of the instructions,
 * afdo_cold() a few hundred, main() only the loop around them; argv[1]
 * sets the rounds (300; more for a trace that overflows a buffer).  Built
 * with DWARF 4, which Debian's AutoFDO 0.19 reads (not GCC 12's default
 * DWARF 5).
 */
#include <stdint.h>
#include <stdlib.h>

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

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : ROUNDS;
	uint64_t h = 0;
	int i;

	for (i = 0; i < BUF; i++)
		buf[i] = (unsigned char)(i * 7 + 3);
	for (i = 0; i < rounds; i++)
		h += afdo_hot(buf, BUF);
	/* (an exit status that depends on the work: nothing is optimised out) */
	return afdo_cold(h) == 0;
}
