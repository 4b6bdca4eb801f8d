/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bit helpers for the register headers in include/armtrace/, so one
 * definition of each field serves the kernel modules, the user-space tools
 * and the QEMU hardware model alike.
 */
#ifndef ARMTRACE_BITS_H
#define ARMTRACE_BITS_H

#ifdef __KERNEL__
#include <linux/bits.h>
#include <linux/bitfield.h>
#else
#include <stdint.h>
#ifndef BIT_ULL
#define BIT_ULL(n)		(1ULL << (n))
#endif
#ifndef GENMASK_ULL
#define GENMASK_ULL(h, l)	((~0ULL >> (63 - (h))) & (~0ULL << (l)))
#endif
#ifndef FIELD_GET
/* The lowest set bit of the mask gives the shift, as in <linux/bitfield.h>. */
#define AT_MASK_SHIFT(m)	__builtin_ctzll(m)
#define FIELD_GET(m, v)		(((uint64_t)(v) & (m)) >> AT_MASK_SHIFT(m))
#define FIELD_PREP(m, v)	(((uint64_t)(v) << AT_MASK_SHIFT(m)) & (m))
#endif
#endif

#endif /* ARMTRACE_BITS_H */
