/* SPDX-License-Identifier: GPL-2.0 */
/*
 * TRBE buffer arithmetic (Arm ARM D10 "The Trace Buffer Extension").
 *
 *   TRBBASER                   TRBPTR                   TRBLIMITR.LIMIT
 *   |<-------- written -------->|<------- room -------->|
 *
 * Trace bytes go to TRBPTR, which advances.  When it reaches the limit:
 *   fill mode      TRBPTR wraps to the base and collection stops:
 *                  TRBSR.S, WRAP, IRQ, EC 0, BSC = FILLED;
 *   wrap mode      TRBPTR wraps to the base: TRBSR.WRAP and IRQ (a
 *                  buffer management event), collection goes on;
 *   circular mode  TRBPTR wraps to the base, TRBSR.WRAP, no event.
 */
#ifndef HWM_TRBE_H
#define HWM_TRBE_H

#include <stdint.h>

enum hwm_trbe_event {
	HWM_TRBE_NONE = 0,
	HWM_TRBE_FILLED,	/* fill mode hit the limit: wrap, stop */
	HWM_TRBE_WRAP_IRQ,	/* wrap mode wrapped: event, go on */
	HWM_TRBE_WRAP,		/* circular mode wrapped: go on */
	HWM_TRBE_BAD_PTR,	/* TRBPTR outside [base, limit) */
};

struct hwm_trbe_step {
	uint64_t len;		/* bytes to write at the old pointer */
	uint64_t next_ptr;	/* TRBPTR afterwards */
	int event;		/* &enum hwm_trbe_event */
};

/**
 * hwm_trbe_step() - the next contiguous write of at most @len bytes
 * @base: TRBBASER.BASE
 * @limit: TRBLIMITR.LIMIT (exclusive)
 * @ptr: TRBPTR
 * @fm: TRBLIMITR.FM
 * @len: bytes to write
 * @s: result; call again for the rest when @s->len < @len and the event
 *	lets collection go on
 */
void hwm_trbe_step(uint64_t base, uint64_t limit, uint64_t ptr, unsigned int fm,
		   uint64_t len, struct hwm_trbe_step *s);

#endif /* HWM_TRBE_H */
