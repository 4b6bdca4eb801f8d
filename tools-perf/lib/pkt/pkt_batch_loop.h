/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The loop of the packet layer's batch fast path (pkt_batch.c), for two
 * callers: ete_pkt_decode_batch(), which stores each packet as a struct
 * ete_pkt_rec, and the element layer (dec.c), which acts on each packet
 * as the loop decodes it, so that a packet is dispatched on once, not
 * once to decode it and again to act on the record.
 *
 * pkt_batch_loop() is always inlined with its @emit, a static inline
 * function: the record stays in registers, and @kind, a constant at each
 * call, tells @emit what the loop already knows of the packet.
 */
#ifndef _ETE_PKT_BATCH_LOOP_H
#define _ETE_PKT_BATCH_LOOP_H

#include "pkt_addr.h"
#include "pkt_parse.h"
#include "pkt_rec.h"

enum fast_kind {
	FAST_NONE = 0,		/* needs ete_pkt_decode() */
	FAST_ONE,		/* one byte, all in the table entry */
	FAST_MATCH,		/* Exact Match (and Source Address Match) */
	/* addresses by IS, so that each case's shifts are constants */
	FAST_SHORT_IS0,
	FAST_SHORT_IS1,
	FAST_LONG_32_IS0,
	FAST_LONG_32_IS1,
	FAST_LONG_64_IS0,
	FAST_LONG_64_IS1,
	FAST_EXCEPTION,
	FAST_PARSE,		/* the packet's parser, then converted */
	FAST_CCNT_F1,		/* cycle count F1 without commit field */
};

/*
 * Bytes that must be left for the fast loop to take any packet: the
 * longest it handles (Address with Context, 64-bit: 1 + 8 + 1 + 4 + 4)
 * with room to spare.  The parsers see this many bytes; a packet longer
 * than that (a cycle count with redundant continuation bytes) goes to
 * ete_pkt_decode().
 */
#define FAST_WINDOW	32u

/*
 * An entry of hdr_fast[]: the upper half of the record word of the
 * header's packet (rec_w0_at(); type, len, hdr, num), with len non-zero
 * only for FAST_ONE, then in FAST_HI the value of a FAST_ONE packet's
 * record or else its &enum fast_kind.
 */
#define FAST_LEN	(REC_W0_LEN >> REC_W0_HI_SHIFT)
#define FAST_HI		0xffffffff00000000ull

static inline uint64_t fast_entry(uint8_t type, uint8_t len, uint8_t hdr,
				  uint8_t num, uint32_t hi)
{
	return rec_w0(0, type, len, hdr, num) >> REC_W0_HI_SHIFT |
		REC_PREP(FAST_HI, hi);
}

static inline uint32_t fast_hi(uint64_t f)
{
	return (uint32_t)ETE_FIELD_GET(FAST_HI, f);
}

/* what pkt_batch_loop() tells @emit of a packet beyond its record */
enum pkt_emit_kind {
	EMIT_ONE,		/* one-byte packet whose record is its table entry */
	EMIT_ADDR,		/* Exact Match, short or long address */
	EMIT_OTHER,
};

/*
 * Called for each packet in order, with its record; non-zero stops the
 * loop after it.  The record's @val2 is set only for the types that
 * define it.
 */
typedef int (*pkt_emit_fn)(void *ctx, enum pkt_emit_kind kind,
			   const struct ete_pkt_rec *r);

/* @num, @val and @val2 of a Context or Address with Context record */
static inline void ctx_rec(const struct ete_pkt *pkt, struct ete_pkt_rec *r)
{
	const struct ete_pkt_ctx *c = &pkt->ctx;
	bool ctxt = pkt->type == ETE_PKT_T_CTXT;

	r->num = rec_ctx_num(c, ctxt ? 0 : pkt->addr.is);
	r->val2 = rec_ctx_val2(c->cid, c->vmid);
	r->val = ctxt ? 0 : pkt->addr.val;
}

/* Record fields of the packets FAST_PARSE decodes through their parser. */
static inline void parsed_rec(const struct ete_pkt *pkt, struct ete_pkt_rec *r)
{
	switch (pkt->type) {
	case ETE_PKT_T_CCNT_F1: case ETE_PKT_T_CCNT_F2: case ETE_PKT_T_CCNT_F3:
		r->num = rec_cc_num(pkt->cc_valid, pkt->commit_valid);
		r->val = rec_cc_val(pkt->cc, pkt->commit);
		break;
	case ETE_PKT_T_COMMIT:
		r->num = 0;
		r->val = pkt->commit;
		break;
	case ETE_PKT_T_CANCEL_F1:
		r->num = 0;
		r->val = pkt->cancel;
		break;
	case ETE_PKT_T_CTXT:
	case ETE_PKT_T_ADDR_CTXT_L_32IS0: case ETE_PKT_T_ADDR_CTXT_L_32IS1:
	case ETE_PKT_T_ADDR_CTXT_L_64IS0: case ETE_PKT_T_ADDR_CTXT_L_64IS1:
		ctx_rec(pkt, r);
		break;
	case ETE_PKT_T_TIMESTAMP:
		r->num = rec_ts_num(pkt->ts_bits, pkt->cc_valid);
		r->val = pkt->ts;
		r->val2 = pkt->cc;
		break;
	default:	/* Mispredict, Cancel F1 mispredict, F2, F3 */
		r->num = pkt->atom_num;
		r->val = rec_spec_val(pkt->atom_bits, pkt->cancel);
		break;
	}
}

/*
 * Where pkt_batch_loop() over @len bytes at @buf must stop starting
 * packets, giving at most @max records; NULL when the fast path cannot
 * start here (not synchronised, a packet split across calls, too little
 * input).
 */
const uint8_t *pkt_batch_end(struct ete_pkt_decoder *d, const uint8_t *buf,
			     size_t len, size_t max);

/*
 * The address packets of pkt_batch_loop(), each case with its @is and
 * @bytes constant: applied to the address registers; return the length.
 */
static inline __attribute__((always_inline)) unsigned int
fast_short(struct ete_pkt_decoder *d, const uint8_t *p, uint8_t is)
{
	apply_short(d, p + 1, is);
	return 1 + ((p[1] & ETE_PKT_CONT) ? ETE_ADDR_SHORT_MAX_BYTES : 1);
}

static inline __attribute__((always_inline)) unsigned int
fast_long(struct ete_pkt_decoder *d, const uint8_t *p, unsigned int bytes,
	  uint8_t is)
{
	if (bytes == ETE_ADDR_L64_BYTES)
		set_addr_64(d, long_addr_64(p + 1, is), is);
	else
		set_addr_32(d, long_addr_32(p + 1, is), is);
	return 1 + bytes;
}

/*
 * Decode packets from @buf while they start at or before @end, each into
 * the record at *@rec, then handed to @emit; with @step 1 the records
 * fill an array (*@rec is left after the last), with 0 each one reuses
 * the one record.  Stops before the first packet the fast path does not
 * take.  Returns the bytes consumed.
 */
static inline __attribute__((always_inline)) size_t
pkt_batch_loop(struct ete_pkt_decoder *d, const uint8_t *buf,
	       const uint8_t *end, struct ete_pkt_rec **rec,
	       const unsigned int step, pkt_emit_fn emit, void *ctx)
{
	struct ete_pkt_rec *r = *rec;
	const uint8_t *p = buf;

	while (p <= end) {
		uint64_t f = d->hdr_fast[p[0]];
		uint64_t w0;
		unsigned int n;

		if (f & FAST_LEN) {
			/*
			 * FAST_ONE: atoms, events and other one-byte packets,
			 * which come in runs: a loop of their own
			 */
			do {
				rec_set(r, rec_w0_at((uint32_t)(p - buf), f),
					fast_hi(f));
				p++;
				if (emit(ctx, EMIT_ONE, r) || p > end) {
					r += step;
					goto out;
				}
				r += step;
				f = d->hdr_fast[p[0]];
			} while (f & FAST_LEN);
		}
		w0 = rec_w0_at((uint32_t)(p - buf), f);
		switch ((enum fast_kind)fast_hi(f)) {
		case FAST_MATCH:
			ete_pkt_addr_recall(d, p[0] & ETE_HDR_ADDR_MATCH_IDX);
			w0 = rec_w0_num(w0, d->addr.is);
			n = 1;
			break;
		case FAST_SHORT_IS0:
			n = fast_short(d, p, 0);
			break;
		case FAST_SHORT_IS1:
			n = fast_short(d, p, 1);
			break;
		case FAST_LONG_32_IS0:
			n = fast_long(d, p, ETE_ADDR_L32_BYTES, 0);
			break;
		case FAST_LONG_32_IS1:
			n = fast_long(d, p, ETE_ADDR_L32_BYTES, 1);
			break;
		case FAST_LONG_64_IS0:
			n = fast_long(d, p, ETE_ADDR_L64_BYTES, 0);
			break;
		case FAST_LONG_64_IS1:
			n = fast_long(d, p, ETE_ADDR_L64_BYTES, 1);
			break;
		case FAST_EXCEPTION: {
			struct exc_fields x;

			/* PE reset and transaction failure change the state */
			if (exc_type_resets(ETE_FIELD_GET(ETE_EXC_TYPE, p[1])))
				goto out;
			n = exc_len(p[1]);
			exc_fields(p, &x);
			rec_set(r, rec_w0_num(rec_w0_len(w0, n), x.addr_interp),
				x.type);
			p += n;
			if (emit(ctx, EMIT_OTHER, r))
				goto next_out;
			r += step;
			continue;
		}
		case FAST_CCNT_F1: {
			/* parse_ccnt_f1() with TRCIDR0.COMMOPT == 1 */
			uint32_t cc = 0;

			n = 1;
			if (!(p[0] & ETE_CCNT_F1_U)) {
				unsigned int k = ccnt_f1_count(d, p + 1,
							       FAST_WINDOW - 1,
							       &cc);

				/* longer than the window */
				if (!k)
					goto out;
				n += k;
			}
			rec_set(r, rec_w0_num(rec_w0_len(w0, n),
					      rec_cc_num(true, false)),
				rec_cc_val(cc, 0));
			p += n;
			if (emit(ctx, EMIT_OTHER, r))
				goto next_out;
			r += step;
			continue;
		}
		case FAST_PARSE: {
			struct ete_pkt pkt;

			pkt.type = (enum ete_pkt_type)ETE_FIELD_GET(REC_W0_TYPE,
								    w0);
			pkt.cc_valid = 0;
			pkt.commit_valid = 0;
			pkt.atom_num = 0;
			pkt.atom_bits = 0;
			pkt.cancel = 0;
			pkt.commit = 0;
			pkt.cc = 0;
			n = ete_parsers[d->hdr_parser[p[0]]](d, p, FAST_WINDOW,
							     &pkt);
			if (!n)
				goto out;	/* longer than the window */
			rec_set(r, rec_w0_len(w0, n), 0);
			parsed_rec(&pkt, r);
			p += n;
			if (emit(ctx, EMIT_OTHER, r))
				goto next_out;
			r += step;
			continue;
		}
		default:
			goto out;
		}
		/* an address: the record carries the new current address */
		rec_set(r, rec_w0_len(w0, n), d->addr.val);
		p += n;
		if (emit(ctx, EMIT_ADDR, r))
			goto next_out;
		r += step;
	}
	goto out;
next_out:
	r += step;
out:
	*rec = r;
	return (size_t)(p - buf);
}

#endif
