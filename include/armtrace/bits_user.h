/* SPDX-License-Identifier: GPL-2.0 */
/* User-space stand-ins for <linux/bits.h> and <linux/bitfield.h>. */
#ifndef ARMTRACE_BITS_USER_H
#define ARMTRACE_BITS_USER_H

#include <stdint.h>

#ifndef BIT_ULL
#define BIT_ULL(n)		(1ULL << (n))
#endif
#ifndef GENMASK_ULL
#define GENMASK_ULL(h, l)	((~0ULL >> (63 - (h))) & (~0ULL << (l)))
#endif

/* The lowest set bit of the mask gives the shift, as in the kernel. */
static inline uint64_t at_field_get(uint64_t mask, uint64_t val)
{
	return (val & mask) >> __builtin_ctzll(mask);
}

static inline uint64_t at_field_prep(uint64_t mask, uint64_t val)
{
	return (val << __builtin_ctzll(mask)) & mask;
}

#ifndef FIELD_GET
#define FIELD_GET(m, v)		at_field_get(m, v)
#define FIELD_PREP(m, v)	at_field_prep(m, v)
#endif

#endif /* ARMTRACE_BITS_USER_H */
