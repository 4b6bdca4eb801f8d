/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a TRBE driver does about TRBSR_EL1: one pure classification, used
 * by the interrupt handler and by the stop path alike, and unit-tested on
 * the host on every EC/BSC/flag combination (selftests/hw/host/).
 */
#ifndef ARMTRACE_TRBE_ACTION_H
#define ARMTRACE_TRBE_ACTION_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include "host_shim.h"	/* selftests/pmu/host: kernel types */
#endif

enum hw_trbe_action {
	/* No event: collection ran, TRBPTR_EL1 says how far. */
	HW_TRBE_DONE,
	/*
	 * The buffer filled (fill mode: collection stopped at the limit and
	 * the pointer wrapped to the base) or wrapped (wrap and circular
	 * modes): all of it holds trace; hand it on and restart.
	 */
	HW_TRBE_WRAP_FULL,
	/* An interrupt or a stop with no cause the driver can name. */
	HW_TRBE_SPURIOUS,
	/*
	 * An abort writing the buffer, a trigger the driver never set up,
	 * or a syndrome the architecture reserves: stop tracing for good.
	 */
	HW_TRBE_FATAL,
};

/* Set when a CPU may write past TRBBASER after WRAP (erratum 2119858). */
#define HW_TRBE_MAY_OVERWRITE_IN_FILL_MODE	0x1u

enum hw_trbe_action hw_trbe_action(u64 trbsr, u64 trbptr, u64 trbbaser,
				   unsigned int quirks);

const char *hw_trbe_action_name(enum hw_trbe_action act);

#endif /* ARMTRACE_TRBE_ACTION_H */
