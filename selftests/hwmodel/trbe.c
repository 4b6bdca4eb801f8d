// SPDX-License-Identifier: GPL-2.0
/* The TRBE sink of the model: see trbe.h for the picture. */
#include <string.h>
#include <armtrace/ete_pkt.h>
#include <armtrace/trbe_errata.h>
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

void hwm_trbe_init(struct hwm_trbe *t, unsigned int align, int p,
		   hwm_trbe_map_fn map, void *priv)
{
	memset(t, 0, offsetof(struct hwm_trbe, stage));
	t->align = align > HWM_TRBE_ALIGN_MAX ? HWM_TRBE_ALIGN_MAX : align;
	t->p = !!p;
	t->map = map;
	t->priv = priv;
}

static int collecting(const struct hwm_trbe_regs *r)
{
	return (r->limitr & TRBLIMITR_EL1_E) && !(r->limitr & TRBLIMITR_EL1_NVM) &&
	       !(r->sr & TRBSR_EL1_S);
}

int hwm_trbe_collecting(const struct hwm_trbe *t)
{
	return collecting(&t->r);
}

static uint64_t blk(const struct hwm_trbe *t)
{
	return 1ull << t->align;
}

/* Bytes staged before a write: the stage, or one block if larger. */
static uint32_t chunk(const struct hwm_trbe *t)
{
	return blk(t) > HWM_TRBE_STAGE_LEN ? blk(t) : HWM_TRBE_STAGE_LEN;
}

/* Collection stops: the rest of what is staged goes nowhere. */
static void stop(struct hwm_trbe *t, uint64_t status)
{
	t->r.sr |= status | TRBSR_EL1_S | TRBSR_EL1_IRQ;
	t->discarded += t->stage_len;
	t->stage_len = 0;
}

/*
 * What a fill does not stop on affected parts (trbe.h): bytes from @buf
 * past LIMIT, then at the base.  Returns how many were taken.
 */
static size_t spill(struct hwm_trbe *t, const uint8_t *buf, size_t len)
{
	size_t done = 0;

	while (done < len && (t->spill_oor || t->spill_base)) {
		int oor = t->spill_oor != 0;
		uint64_t va = oor ? t->spill_at : t->r.ptr, room = 0, n;
		uint8_t *p = t->map(t->priv, va, &room);

		if (!p || !room) {
			/* Not the buffer's page: a translation fault there. */
			t->r.sr = (t->r.sr & ~(TRBSR_EL1_EC | TRBSR_EL1_MSS)) |
				  FIELD_PREP(TRBSR_EL1_EC, TRBSR_EC_STAGE1_ABORT) |
				  FIELD_PREP(TRBSR_EL1_FSC, HWM_TRBE_FSC_TRANS_L3) |
				  TRBSR_EL1_S | TRBSR_EL1_IRQ;
			t->spill_oor = t->spill_base = 0;
			break;
		}
		n = oor ? t->spill_oor : t->spill_base;
		if (n > len - done)
			n = len - done;
		if (n > room)
			n = room;
		memcpy(p, buf + done, n);
		done += n;
		t->misplaced += n;
		if (oor) {
			t->spill_oor -= n;
			t->spill_at += n;
		} else {
			t->spill_base -= n;
			t->r.ptr += n;
		}
	}
	return done;
}

/* Erratum 2224489: the next bytes go past LIMIT (trbe.h). */
static void spill_past_limit(struct hwm_trbe *t)
{
	if (!(t->errata & TRBE_WA_SPARE_PAGE))
		return;
	t->spill_oor = TRBE_WRITE_OUT_OF_RANGE_BYTES;
	t->spill_at = t->r.limitr & TRBLIMITR_EL1_LIMIT;
}

/* Write stage[0..n) at TRBPTR; n is a whole number of blocks. */
static void write_out(struct hwm_trbe *t, uint32_t n)
{
	uint32_t done = 0;

	while (done < n && collecting(&t->r)) {
		uint64_t ptr = t->r.ptr, w = 0;
		struct hwm_trbe_step s;

		if (t->spill_oor) {
			/* A circular wrap the erratum sent past LIMIT. */
			done += spill(t, t->stage + done, n - done);
			if (!collecting(&t->r)) {
				/* it faulted: the rest goes nowhere */
				t->stage_len -= done;
				memmove(t->stage, t->stage + done, t->stage_len);
				stop(t, 0);
				return;
			}
			continue;
		}

		hwm_trbe_step(t->r.baser & TRBBASER_EL1_BASE,
			      t->r.limitr & TRBLIMITR_EL1_LIMIT, ptr,
			      FIELD_GET(TRBLIMITR_EL1_FM, t->r.limitr), n - done,
			      &s);
		if (s.event == HWM_TRBE_BAD_PTR) {
			/* CONSTRAINED UNPREDICTABLE; the model faults */
			t->stage_len -= done;
			stop(t, FIELD_PREP(TRBSR_EL1_EC, TRBSR_EC_STAGE1_ABORT));
			return;
		}
		while (w < s.len) {
			uint64_t room = 0;
			uint8_t *p = t->map(t->priv, ptr + w, &room);

			if (!p || !room) {
				/* No translation: a stage 1 translation fault. */
				t->r.ptr = ptr + w;
				t->written += w;
				t->stage_len -= done + w;
				stop(t, FIELD_PREP(TRBSR_EL1_EC,
						   TRBSR_EC_STAGE1_ABORT) |
					FIELD_PREP(TRBSR_EL1_FSC,
						   HWM_TRBE_FSC_TRANS_L3));
				return;
			}
			if (room > s.len - w)
				room = s.len - w;
			memcpy(p, t->stage + done + w, room);
			w += room;
		}
		done += s.len;
		t->written += s.len;
		t->r.ptr = s.next_ptr;
		switch (s.event) {
		case HWM_TRBE_FILLED:
			t->stage_len -= done;
			memmove(t->stage, t->stage + done, t->stage_len);
			spill_past_limit(t);
			if (t->errata & TRBE_WA_PAD_BASE)
				t->spill_base = TRBE_OVERWRITE_FILL_BYTES;
			t->r.sr |= TRBSR_EL1_WRAP |
				   FIELD_PREP(TRBSR_EL1_BSC, TRBSR_BSC_FILLED);
			/* What is staged goes where the errata put it first. */
			done = spill(t, t->stage, t->stage_len);
			t->stage_len -= done;
			memmove(t->stage, t->stage + done, t->stage_len);
			stop(t, 0);
			return;
		case HWM_TRBE_WRAP_IRQ:
			t->r.sr |= TRBSR_EL1_WRAP | TRBSR_EL1_IRQ;
			break;
		case HWM_TRBE_WRAP:
			t->r.sr |= TRBSR_EL1_WRAP;
			/* 2224489: the wrap writes past LIMIT, then the base */
			spill_past_limit(t);
			break;
		default:
			break;
		}
	}
	t->stage_len -= done;
	memmove(t->stage, t->stage + done, t->stage_len);
}

unsigned int hwm_trbe_program(struct hwm_trbe *t, struct hwm_trbe_regs *w)
{
	unsigned int ign = 0;
	int was = collecting(&t->r), locked = t->locked;
	int enabled = !!(t->r.limitr & TRBLIMITR_EL1_E);

	/* Two TSB CSYNCs in a row: a sync between them breaks the pair. */
	t->tsb_armed = 0;
	if ((t->errata & TRBE_WA_DRAIN_AFTER_DISABLE) && enabled &&
	    !(w->limitr & TRBLIMITR_EL1_E) && !t->p && !locked)
		/* Erratum 2064142: this disable locks the registers. */
		t->locked = 1;
	if (!(w->limitr & TRBLIMITR_EL1_E) || !(w->sr & TRBSR_EL1_S))
		t->spill_oor = t->spill_base = 0;
	if (locked) {
		if (w->baser != t->r.baser)
			ign |= HWM_TRBE_IGN_BASER;
		if (w->ptr != t->r.ptr)
			ign |= HWM_TRBE_IGN_PTR;
		if (w->sr != t->r.sr)
			ign |= HWM_TRBE_IGN_SR;
		if (w->limitr != t->r.limitr)
			ign |= HWM_TRBE_IGN_LIMITR;
		t->ignored += __builtin_popcount(ign);
		*w = t->r;
		return ign;
	}
	if (t->p || was) {
		/*
		 * Arm ARM D10, TRBE programming: with TRBIDR_EL1.P set the
		 * registers may not be programmed at this EL; while the
		 * trace buffer unit is enabled and not stopped, writes to
		 * TRBBASER, TRBPTR, TRBSR and TRBLIMITR other than clearing
		 * E are CONSTRAINED UNPREDICTABLE.  The model ignores them.
		 */
		if (w->baser != t->r.baser)
			ign |= HWM_TRBE_IGN_BASER;
		if (w->ptr != t->r.ptr)
			ign |= HWM_TRBE_IGN_PTR;
		if (w->sr != t->r.sr)
			ign |= HWM_TRBE_IGN_SR;
		if (w->limitr != t->r.limitr &&
		    (t->p || (w->limitr & TRBLIMITR_EL1_E)))
			ign |= HWM_TRBE_IGN_LIMITR;
		t->ignored += __builtin_popcount(ign);
		if (!t->p && !(w->limitr & TRBLIMITR_EL1_E)) {
			/* Disabled: what was not drained never reaches memory. */
			t->lost += t->stage_len;
			t->stage_len = 0;
			t->r.limitr = w->limitr;
		}
		*w = t->r;
		return ign;
	}
	t->r = *w;
	if (collecting(&t->r) && (t->r.ptr & (blk(t) - 1))) {
		/* TRBPTR bits below TRBIDR_EL1.Align: taken as zero */
		t->unaligned++;
		t->r.ptr &= ~(blk(t) - 1);
		w->ptr = t->r.ptr;
	}
	return 0;
}

void hwm_trbe_take(struct hwm_trbe *t, const uint8_t *buf, size_t len)
{
	while (len) {
		size_t n = HWM_TRBE_STAGE_MAX - t->stage_len;

		if (!collecting(&t->r)) {
			if (t->r.limitr & TRBLIMITR_EL1_E)
				len -= spill(t, buf, len);
			t->discarded += len;
			return;
		}
		if (n > len)
			n = len;
		memcpy(t->stage + t->stage_len, buf, n);
		t->stage_len += n;
		buf += n;
		len -= n;
		/* In whole stages (multiples of the block): the rest waits. */
		if (t->stage_len >= chunk(t))
			write_out(t, t->stage_len - t->stage_len % chunk(t));
	}
}

void hwm_trbe_drain(struct hwm_trbe *t)
{
	uint32_t pad;

	if (!collecting(&t->r) || !t->stage_len)
		return;
	/* The last block, completed with Ignore packets: TRBPTR stays aligned. */
	pad = (uint32_t)(-t->stage_len & (blk(t) - 1));
	memset(t->stage + t->stage_len, ETE_HDR_IGNORE, pad);
	t->stage_len += pad;
	write_out(t, t->stage_len);
}

int hwm_trbe_tsb(struct hwm_trbe *t)
{
	t->locked = 0;
	if (!(t->errata & TRBE_WA_DOUBLE_TSB))
		return 1;
	/* Erratum 2054223: the first of two does not flush. */
	t->tsb_armed = !t->tsb_armed;
	return !t->tsb_armed;
}
