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

#include <string.h>
#include "pkt_addr.h"

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

/* Bytes of input that make building hdr_fast[] worth it. */
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

/*
 * Set @r from @w0, which holds off, type, len, hdr and num as the first
 * eight bytes of struct ete_pkt_rec lay them out on a little-endian host.
 */
static inline void rec_set(struct ete_pkt_rec *r, uint64_t w0, uint64_t val)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(r, &w0, sizeof(w0));
#else
	r->off = (uint32_t)w0;
	r->type = (uint8_t)(w0 >> 32);
	r->len = (uint8_t)(w0 >> 40);
	r->hdr = (uint8_t)(w0 >> 48);
	r->num = (uint8_t)(w0 >> 56);
#endif
	r->val = val;
}

/* @num and @val2 of a Context or Address with Context record */
static inline void ctx_rec(const struct ete_pkt *pkt, struct ete_pkt_rec *r)
{
	const struct ete_pkt_ctx *c = &pkt->ctx;

	r->num = (uint8_t)((c->el << ETE_PKT_REC_CTX_EL_SHIFT) |
			   (c->sf ? ETE_PKT_REC_CTX_SF : 0) |
			   (c->ns ? ETE_PKT_REC_CTX_NS : 0) |
			   (c->nse ? ETE_PKT_REC_CTX_NSE : 0) |
			   (c->vmid_updated ? ETE_PKT_REC_CTX_VMID : 0) |
			   (c->cid_updated ? ETE_PKT_REC_CTX_CID : 0));
	r->val2 = c->cid | (uint64_t)c->vmid << 32;
	if (pkt->type == ETE_PKT_T_CTXT) {
		r->val = 0;
	} else {
		r->num |= pkt->addr.is;
		r->val = pkt->addr.val;
	}
}

/* Record fields of the packets FAST_PARSE decodes through their parser. */
static inline void parsed_rec(const struct ete_pkt *pkt, struct ete_pkt_rec *r)
{
	switch (pkt->type) {
	case ETE_PKT_T_CCNT_F1: case ETE_PKT_T_CCNT_F2: case ETE_PKT_T_CCNT_F3:
		r->num = (uint8_t)(pkt->cc_valid | pkt->commit_valid << 1);
		r->val = pkt->cc | (uint64_t)pkt->commit << 32;
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
		r->num = (uint8_t)(pkt->ts_bits |
				   (pkt->cc_valid ? ETE_PKT_REC_TS_CC : 0));
		r->val = pkt->ts;
		r->val2 = pkt->cc;
		break;
	default:	/* Mispredict, Cancel F1 mispredict, F2, F3 */
		r->num = pkt->atom_num;
		r->val = pkt->atom_bits | (uint64_t)pkt->cancel << 32;
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
		unsigned int n, type;

		if (f & 0xff00) {
			/*
			 * FAST_ONE: atoms, events and other one-byte packets,
			 * which come in runs: a loop of their own
			 */
			do {
				rec_set(r, (uint64_t)(p - buf) | f << 32,
					f >> 32);
				p++;
				if (emit(ctx, EMIT_ONE, r) || p > end) {
					r += step;
					goto out;
				}
				r += step;
				f = d->hdr_fast[p[0]];
			} while (f & 0xff00);
		}
		w0 = (uint64_t)(p - buf) | f << 32;
		switch ((enum fast_kind)(f >> 32)) {
		case FAST_MATCH:
			ete_pkt_addr_recall(d, p[0] & ETE_HDR_ADDR_MATCH_IDX);
			w0 |= (uint64_t)d->addr.is << 56;
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
		case FAST_EXCEPTION:
			type = ETE_FIELD_GET(ETE_EXC_TYPE, p[1]);
			/* PE reset and transaction failure change the state */
			if (type == ETE_EXC_TYPE_PE_RESET ||
			    type == ETE_EXC_TYPE_TRANS_FAIL)
				goto out;
			n = 2;
			if (p[1] & ETE_PKT_CONT) {
				type |= (p[2] & ETE_EXC_TYPE_HI) <<
					ETE_EXC_TYPE_HI_SHIFT;
				n = ETE_EXC_MAX_LEN;
			}
			w0 |= (uint64_t)((ETE_FIELD_GET(ETE_EXC_E1, p[1]) << 1) |
					 ETE_FIELD_GET(ETE_EXC_E0, p[1])) << 56;
			rec_set(r, w0 | (uint64_t)n << 40, type);
			p += n;
			if (emit(ctx, EMIT_OTHER, r))
				goto next_out;
			r += step;
			continue;
		case FAST_CCNT_F1:
			/*
			 * parse_ccnt_f1() with TRCIDR0.COMMOPT == 1: no
			 * commit field, the count unless U says unknown
			 */
			if (p[0] & ETE_CCNT_F1_U) {
				rec_set(r, w0 | 1ull << 40 | 1ull << 56, 0);
				p++;
				if (emit(ctx, EMIT_OTHER, r))
					goto next_out;
				r += step;
				continue;
			}
			{
				/* cont_len() and cont_val() in one pass */
				uint32_t cc = 0;
				unsigned int i;

				for (i = 1;; i++) {
					if (i == FAST_WINDOW)
						goto out;
					if (i <= ETE_CCNT_F1_COUNT_MAX_BYTES)
						cc |= (uint32_t)(p[i] &
							ETE_PKT_PAYLOAD) <<
							(7 * (i - 1));
					if (!(p[i] & ETE_PKT_CONT))
						break;
				}
				cc += d->cc_threshold_valid ? d->cc_threshold :
					0;
				rec_set(r, w0 | (uint64_t)(i + 1) << 40 |
					1ull << 56, cc);
				p += i + 1;
				if (emit(ctx, EMIT_OTHER, r))
					goto next_out;
				r += step;
				continue;
			}
		case FAST_PARSE: {
			struct ete_pkt pkt;

			pkt.type = (enum ete_pkt_type)(uint8_t)f;
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
			r->off = (uint32_t)w0;
			r->type = (uint8_t)f;
			r->hdr = p[0];
			parsed_rec(&pkt, r);
			r->len = (uint8_t)n;
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
		rec_set(r, w0 | (uint64_t)n << 40, d->addr.val);
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
