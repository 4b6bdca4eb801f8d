// SPDX-License-Identifier: GPL-2.0
/* TRBE buffer arithmetic: see trbe.h for the picture. */
#include <armtrace/trbe_regs.h>
#include "trbe.h"

void hwm_trbe_step(uint64_t base, uint64_t limit, uint64_t ptr, unsigned int fm,
		   uint64_t len, struct hwm_trbe_step *s)
{
	uint64_t room;

	s->len = 0;
	s->next_ptr = ptr;
	s->event = HWM_TRBE_NONE;
	if (ptr < base || ptr >= limit || base >= limit) {
		s->event = HWM_TRBE_BAD_PTR;
		return;
	}
	room = limit - ptr;
	if (len < room) {
		s->len = len;
		s->next_ptr = ptr + len;
		return;
	}
	s->len = room;
	switch (fm) {
	case TRBLIMITR_FM_WRAP:
		s->next_ptr = base;
		s->event = HWM_TRBE_WRAP_IRQ;
		break;
	case TRBLIMITR_FM_CBUF:
		s->next_ptr = base;
		s->event = HWM_TRBE_WRAP;
		break;
	default:	/* fill mode; 0b10 is reserved and behaves as fill */
		/*
		 * Arm ARM D10 (TRBSR_EL1.BSC FILLED, "the current write
		 * pointer has wrapped"): a full buffer leaves TRBPTR at the
		 * base, with TRBSR.WRAP set; a restart without rewriting
		 * TRBPTR writes from the base again.
		 */
		s->next_ptr = base;
		s->event = HWM_TRBE_FILLED;
		break;
	}
}
