/* SPDX-License-Identifier: GPL-2.0 */
/* Numbers from files and command lines, taken whole or refused. */
#ifndef _UTIL_NUM_H
#define _UTIL_NUM_H

#include <stdint.h>

/*
 * @s as an unsigned number no larger than @max: decimal, hex after "0x"
 * or octal after "0", as strtoull() reads them, but all of @s, with no
 * sign and no white space.  Returns 0, or -1 (then *@v is unchanged).
 */
int parse_u64(const char *s, uint64_t max, uint64_t *v);

#endif
