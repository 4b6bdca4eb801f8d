// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include "num.h"

int parse_u64(const char *s, uint64_t max, uint64_t *v)
{
	unsigned long long n;
	char *end;

	/* strtoull() would take a sign or leading white space */
	if (!s || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	n = strtoull(s, &end, 0);
	if (errno || *end || n > max)
		return -1;
	*v = n;
	return 0;
}
