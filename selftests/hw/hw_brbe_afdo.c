// SPDX-License-Identifier: GPL-2.0
/*
 * hw_brbe_afdo [N]: a program with one clearly hot function for the
 * AutoFDO check (hw_brbe_perftool.sh records it with -j any,u; the host
 * turns the recording into a profile with create_gcov, which must name
 * afdo_hot).  afdo_hot's loop runs ~64 times per call, afdo_cold once per
 * 64 calls; a system call now and then, as QEMU raises event-counter
 * overflows only at exception-level changes.  Built with -gdwarf-4:
 * AutoFDO 0.19 reads no DWARF 5 (Documentation/pmuv3.rst).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

static unsigned int buf[64];

__attribute__((noinline)) unsigned long afdo_hot(const unsigned int *v, int n)
{
	unsigned long s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += v[i] & 1 ? v[i] * 3 : v[i] >> 1;
	return s;
}

__attribute__((noinline)) unsigned long afdo_cold(unsigned long x)
{
	return x * 2654435761u ^ (x >> 7);
}

int main(int argc, char **argv)
{
	long i, n = argc > 1 ? atol(argv[1]) : 4000;
	unsigned long s = 0;

	for (i = 0; i < 64; i++)
		buf[i] = (unsigned int)(i * 7 + 3);
	for (i = 0; i < n; i++) {
		s += afdo_hot(buf, 64);
		if (i % 64 == 0) {
			s = afdo_cold(s);
			syscall(__NR_getppid);
		}
	}
	return (int)(s & 1);
}
