/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ID_AA64DFR0_EL1 fields that say which trace hardware a CPU has (the
 * kernel's own names for these two are CamelCase).
 */
#ifndef ARMTRACE_ID_REGS_H
#define ARMTRACE_ID_REGS_H

#include "bits.h"

#define ID_AA64DFR0_EL1_TRACEVER	GENMASK_ULL(7, 4)	/* ETE sysregs */
#define ID_AA64DFR0_EL1_TRACEBUFFER	GENMASK_ULL(47, 44)	/* TRBE */

#endif /* ARMTRACE_ID_REGS_H */
