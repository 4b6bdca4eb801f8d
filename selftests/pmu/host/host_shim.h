/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel types for building kernel/pmu/pmuv3_filter.c on the host. */
#ifndef HOST_SHIM_H
#define HOST_SHIM_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <linux/perf_event.h>

typedef uint64_t u64;
typedef uint32_t u32;
typedef uint16_t u16;

#endif /* HOST_SHIM_H */
