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

/*
 * The lowest set bit of the (constant) mask gives the shift, as in the
 * kernel.  Macros, not functions, so that a field of constants is a
 * constant expression (static initializers); each argument but the mask
 * is evaluated once.
 */
#ifndef FIELD_GET
#define FIELD_GET(m, v)		\
	((uint64_t)((((uint64_t)(v)) & (m)) >> __builtin_ctzll(m)))
#define FIELD_PREP(m, v)	\
	((uint64_t)((((uint64_t)(v)) << __builtin_ctzll(m)) & (m)))
#endif

#endif /* ARMTRACE_BITS_USER_H */
