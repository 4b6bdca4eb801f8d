/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The TRBE sink of the hardware model (Arm ARM D10 "The Trace Buffer
 * Extension"): buffer arithmetic, the programming rules, and the staging
 * that TSB CSYNC drains.  Pure: memory is reached through a callback, so
 * the host unit tests run it as the plugin does.
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
 *
 * The way in, as on silicon:
 *
 *   trace unit --take--> stage[] --(stage full | TSB CSYNC)--> memory
 *                           |                                  TRBPTR += n
 *                           +--(E cleared before a drain)--> lost
 *
 * Bytes the trace unit hands over while the trace buffer unit is
 * disabled or stopped (TRBLIMITR.E 0, TRBSR.S 1) are discarded.  The
 * stage holds HWM_TRBE_STAGE_LEN bytes (or one 2^TRBIDR.Align block if
 * larger) and is written out a whole stage at a time (the rest waits for
 * the next stage or a drain), so a missed drain loses the tail of a run
 * unless it ends exactly on a stage.  Stages are whole blocks of 2^Align
 * bytes; a drain pads the last block with ETE Ignore packets (0x70), so
 * TRBPTR is always aligned.
 *
 * Errata (@errata, TRBE_WA_* of include/armtrace/trbe_errata.h, from the
 * plugin's errata= option), played as the errata notices describe them:
 *
 *   TRBE_WA_PAD_BASE (2119858/2139208)  a fill does not stop at once:
 *       the next TRBE_OVERWRITE_FILL_BYTES bytes are written from
 *       TRBBASER on, TRBPTR following them
 *   TRBE_WA_SPARE_PAGE (2224489/2253138)  at a fill the next
 *       TRBE_WRITE_OUT_OF_RANGE_BYTES bytes are written from LIMIT on
 *       (first, when both are played); a page the guest did not publish
 *       there is a stage 1 translation fault instead of FILLED.  At a
 *       circular-mode wrap too, and writing then goes on at the base
 *       ("instead of wrapping around to the base")
 *   TRBE_WA_DOUBLE_TSB (2054223/2067961)  of two TSB CSYNCs with no sync
 *       between them only the second flushes
 *   TRBE_WA_DRAIN_AFTER_DISABLE (2064142)  after a sync that clears
 *       TRBLIMITR.E every TRBE register write is ignored until a TSB CSYNC
 * Bytes written where an erratum put them are counted in @misplaced.
 */
#ifndef HWM_TRBE_H
#define HWM_TRBE_H

#include <stddef.h>
#include <stdint.h>

/* What the model's trace buffer unit holds before it writes: a choice. */
#define HWM_TRBE_STAGE_LEN	256
/* TRBIDR_EL1.Align the model accepts: up to 2 KiB, as Linux does. */
#define HWM_TRBE_ALIGN_MAX	11
#define HWM_TRBE_STAGE_MAX	(2u << HWM_TRBE_ALIGN_MAX)
/* TRBSR_EL1.FSC of a stage 1 translation fault, level 3 (Arm ARM D24) */
#define HWM_TRBE_FSC_TRANS_L3	0x07

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

/* Guest VA -> host pointer, with the bytes left in that page (@room). */
typedef uint8_t *(*hwm_trbe_map_fn)(void *priv, uint64_t va, uint64_t *room);

/* The registers a driver programs. */
struct hwm_trbe_regs {
	uint64_t baser, ptr, limitr, sr;
};

/* hwm_trbe_program() result: which writes were ignored */
#define HWM_TRBE_IGN_BASER	0x1u
#define HWM_TRBE_IGN_PTR	0x2u
#define HWM_TRBE_IGN_LIMITR	0x4u
#define HWM_TRBE_IGN_SR		0x8u

struct hwm_trbe {
	struct hwm_trbe_regs r;	/* accepted values + the unit's updates */
	unsigned int align;	/* TRBIDR_EL1.Align: log2 of the block */
	uint8_t p;		/* TRBIDR_EL1.P: programming not allowed */
	hwm_trbe_map_fn map;
	void *priv;
	uint32_t stage_len;
	uint64_t written;	/* bytes written to memory (padding too) */
	uint64_t discarded;	/* taken while disabled/stopped, or cut off */
	uint64_t lost;		/* staged, dropped by a disable without drain */
	uint64_t ignored;	/* register writes ignored */
	uint64_t unaligned;	/* TRBPTR programmed below the alignment */
	/* errata */
	uint32_t errata;	/* TRBE_WA_* the unit misbehaves for */
	uint32_t spill_oor;	/* after a fill: bytes still to go past LIMIT */
	uint32_t spill_base;	/* after a fill: bytes still to go at the base */
	uint64_t spill_at;	/* where the next past-LIMIT byte goes */
	uint8_t tsb_armed;	/* a TSB CSYNC did not flush: the next one does */
	uint8_t locked;		/* disabled: writes ignored until a TSB CSYNC */
	uint64_t misplaced;	/* bytes an erratum wrote outside the window */
	uint8_t stage[HWM_TRBE_STAGE_MAX];
};

/* Reset: disabled, nothing staged; @align is clamped to the maximum. */
void hwm_trbe_init(struct hwm_trbe *t, unsigned int align, int p,
		   hwm_trbe_map_fn map, void *priv);

/* TRBLIMITR.E 1, TRBSR.S 0 (and nVM 0: physical pointers not modelled) */
int hwm_trbe_collecting(const struct hwm_trbe *t);

/**
 * hwm_trbe_program() - the register values the guest has at a sync
 * @t: trace buffer unit
 * @w: in: the register file; out: what it must read afterwards
 *
 * While collecting, writes to TRBBASER, TRBPTR, TRBSR and TRBLIMITR
 * (other than one clearing E) are ignored; clearing E drops what is
 * staged (counted in @t->lost).  With TRBIDR.P every write is ignored.
 * A TRBPTR below the alignment is taken with its low bits as zero.
 *
 * Return: HWM_TRBE_IGN_* of the writes ignored (also counted).
 */
unsigned int hwm_trbe_program(struct hwm_trbe *t, struct hwm_trbe_regs *w);

/* The trace unit's bytes; always all taken (discarded when not collecting). */
void hwm_trbe_take(struct hwm_trbe *t, const uint8_t *buf, size_t len);

/* TSB CSYNC: write everything staged, the last block padded. */
void hwm_trbe_drain(struct hwm_trbe *t);

/*
 * A TSB CSYNC executes: returns whether it flushes (the caller then
 * drains the trace unit and calls hwm_trbe_drain()); 0 for the first of
 * a pair under TRBE_WA_DOUBLE_TSB.  Every TSB CSYNC ends the write lock
 * of TRBE_WA_DRAIN_AFTER_DISABLE.
 */
int hwm_trbe_tsb(struct hwm_trbe *t);

#endif /* HWM_TRBE_H */
