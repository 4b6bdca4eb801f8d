// SPDX-License-Identifier: GPL-2.0
/*
 * TRBSR_EL1 -> what to do (Arm ARM D10.2.6 "Trace buffer management
 * events", D10.2.7 "Faults", and the TRBSR_EL1 register description).
 *
 * The syndrome is read once, after trace is stopped and drained.  Its
 * event class says who stopped collection:
 *
 *   EC 0b000000  a buffer management event; BSC says which: 0 none (the
 *                buffer still collects, or wrapped in wrap/circular mode),
 *                1 FILLED (fill mode reached TRBLIMITR.LIMIT: S, WRAP, and
 *                the pointer at the base), 2 TRIGGERED (trigger mode)
 *   EC 0b011110  granule protection check fault
 *   EC 0b100100  stage 1 data abort on a buffer write (FSC in MSS)
 *   EC 0b100101  stage 2 data abort
 *   anything else: reserved or IMPLEMENTATION DEFINED
 *
 * armtrace never programs a trigger, so TRG or TRIGGERED is as fatal as
 * an abort: something other than the driver changed the unit.
 */
#ifdef __KERNEL__
#include <linux/bitfield.h>
#include <linux/export.h>
#else
#define EXPORT_SYMBOL_NS_GPL(sym, ns)
#endif

#include <armtrace/trbe_regs.h>
#include "trbe_action.h"

enum hw_trbe_action hw_trbe_action(u64 trbsr, u64 trbptr, u64 trbbaser,
				   unsigned int quirks)
{
	unsigned int ec = FIELD_GET(TRBSR_EL1_EC, trbsr);
	unsigned int bsc = FIELD_GET(TRBSR_EL1_BSC, trbsr);
	bool stopped = trbsr & TRBSR_EL1_S;
	bool wrapped = trbsr & TRBSR_EL1_WRAP;

	/* An external abort may come with any class. */
	if (trbsr & (TRBSR_EL1_EA | TRBSR_EL1_TRG))
		return HW_TRBE_FATAL;
	if (ec != TRBSR_EC_OTHERS)
		return HW_TRBE_FATAL;

	switch (bsc) {
	case TRBSR_BSC_NOT_STOPPED:
		/*
		 * Wrap mode's buffer management event, or circular mode's
		 * flag: the buffer is whole, collection went on.  Stopped
		 * with no cause is nothing the driver can explain.
		 */
		if (stopped)
			return HW_TRBE_SPURIOUS;
		if (wrapped)
			return HW_TRBE_WRAP_FULL;
		return trbsr & TRBSR_EL1_IRQ ? HW_TRBE_SPURIOUS : HW_TRBE_DONE;
	case TRBSR_BSC_FILLED:
		/*
		 * The architecture puts the pointer back at the base when
		 * fill mode fills; a pointer elsewhere was moved after the
		 * event (a stale interrupt).  CPUs with the overwrite
		 * erratum go on writing past the base, so only WRAP counts.
		 */
		if (stopped && wrapped &&
		    (trbptr == trbbaser ||
		     (quirks & HW_TRBE_MAY_OVERWRITE_IN_FILL_MODE)))
			return HW_TRBE_WRAP_FULL;
		return HW_TRBE_SPURIOUS;
	default:
		/* TRIGGERED, never programmed, or a reserved status. */
		return HW_TRBE_FATAL;
	}
}
EXPORT_SYMBOL_NS_GPL(hw_trbe_action, ARMTRACE);

const char *hw_trbe_action_name(enum hw_trbe_action act)
{
	switch (act) {
	case HW_TRBE_DONE:
		return "done";
	case HW_TRBE_WRAP_FULL:
		return "wrap-full";
	case HW_TRBE_SPURIOUS:
		return "spurious";
	case HW_TRBE_FATAL:
		return "fatal";
	}
	return "?";
}
EXPORT_SYMBOL_NS_GPL(hw_trbe_action_name, ARMTRACE);
