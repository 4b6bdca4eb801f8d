/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel types for building kernel/pmu's pure files on the host. */
#ifndef HOST_SHIM_H
#define HOST_SHIM_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <linux/perf_event.h>

typedef uint64_t u64;
typedef uint32_t u32;
typedef uint16_t u16;
typedef uint8_t u8;

#define U16_MAX		((u16)~0U)
#define U64_MAX		(~0ULL)
#define BUILD_BUG_ON(c)	_Static_assert(!(c), #c)

#endif /* HOST_SHIM_H */
