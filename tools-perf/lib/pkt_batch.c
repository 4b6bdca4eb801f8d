// SPDX-License-Identifier: GPL-2.0
/*
 * Batch fast path of the packet layer: the packets that make up nearly all
 * of a trace (atoms, addresses, Exact Match, exceptions, cycle counts,
 * speculation, one-byte markers) decoded in a flat loop into 16-byte
 * records, with no partial-packet handling and no per-packet clearing of
 * a struct ete_pkt.
 *
 * One 64-bit table entry per header byte (hdr_fast[], built with the
 * dispatch table) is most of the record already:
 *
 *   bits  7:0  packet type            \
 *   bits 15:8  length (1; 0: not FAST_ONE)  | bytes 4-7 of the record
 *   bits 23:16 header                  |
 *   bits 31:24 num (atom count, IS)   /
 *   bits 63:32 FAST_ONE: record val (atom or event bits); else FAST_* kind
 *
 * so a one-byte packet costs a load, two 8-byte stores and two adds.  The
 * loop only runs while the longest packet it handles fits in what is left
 * of the buffer; everything else, and the tail, goes through
 * ete_pkt_decode(), which sees the decoder in exactly the state it would
 * have reached on its own (the parsers below are the ones it uses).
 */
#include <string.h>
#include "pkt_addr.h"

enum fast_kind {
	FAST_NONE = 0,		/* needs ete_pkt_decode() */
	FAST_ONE,		/* one byte, all in the table entry */
	FAST_MATCH,		/* Exact Match (and Source Address Match) */
	FAST_SHORT,
	FAST_LONG_32,
	FAST_LONG_64,
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
#define FAST_BUILD_MIN	256u

#define FAST_ENTRY(type, len, hdr, num, hi) \
	((uint64_t)(type) | (uint64_t)(len) << 8 | (uint64_t)(hdr) << 16 | \
	 (uint64_t)(num) << 24 | (uint64_t)(uint32_t)(hi) << 32)

void ete_pkt_build_fast_table(struct ete_pkt_decoder *d)
{
	struct ete_pkt pkt;

	memset(&pkt, 0, sizeof(pkt));
	for (unsigned int h = 0; h < 256; h++) {
		uint8_t type = d->hdr_type[h], hb = (uint8_t)h;
		enum fast_kind k = FAST_NONE;
		uint8_t is = 0;

		switch (d->hdr_parser[h]) {
		case P_ATOM_F1: case P_ATOM_F2: case P_ATOM_F3:
		case P_ATOM_F4: case P_ATOM_F5: case P_ATOM_F6:
		case P_EVENT: case P_NO_PAYLOAD:
			/*
			 * stateless one-byte packets: run the parser once now
			 * (they set no more than these fields)
			 */
			pkt.atom_bits = 0;
			pkt.atom_num = 0;
			pkt.event = 0;
			pkt.type = (enum ete_pkt_type)type;
			ete_parsers[d->hdr_parser[h]](d, &hb, 1, &pkt);
			d->hdr_fast[h] = FAST_ENTRY(type, 1, h, pkt.atom_num,
				type == ETE_PKT_T_EVENT ? pkt.event :
				pkt.atom_bits);
			continue;
		case P_ADDR_MATCH:
			k = FAST_MATCH;
			break;
		case P_ADDR_SHORT:
			k = FAST_SHORT;
			is = hdr_is(hb);
			break;
		case P_ADDR_LONG_32:
			k = FAST_LONG_32;
			is = hdr_is(hb);
			break;
		case P_ADDR_LONG_64:
			k = FAST_LONG_64;
			is = hdr_is(hb);
			break;
		case P_EXCEPTION:
			k = FAST_EXCEPTION;
			break;
		case P_CCNT_F1:
			k = d->commit_opt1 ? FAST_CCNT_F1 : FAST_PARSE;
			break;
		case P_CCNT_F2: case P_CCNT_F3:
		case P_SPEC_COUNT: case P_SPEC_F2: case P_CANCEL_F3:
			k = FAST_PARSE;
			break;
		case P_CTXT: case P_ADDR_CTXT_32: case P_ADDR_CTXT_64:
		case P_TIMESTAMP:
			k = FAST_PARSE;
			break;
		default:
			break;
		}
		d->hdr_fast[h] = FAST_ENTRY(type, 0, h, is, k);
	}
}

/*
 * Store a record: @w0 holds off, type, len, hdr and num as the first eight
 * bytes of struct ete_pkt_rec lay them out on a little-endian host.
 */
static inline void put_rec(struct ete_pkt_rec *r, uint64_t w0, uint64_t val)
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
static void ctx_rec(const struct ete_pkt *pkt, struct ete_pkt_rec *r)
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
static void parsed_rec(const struct ete_pkt *pkt, struct ete_pkt_rec *r)
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

size_t ete_pkt_decode_batch(struct ete_pkt_decoder *d, const uint8_t *buf,
			    size_t len, uint64_t index, size_t *used,
			    struct ete_pkt_rec *rec, size_t max)
{
	const uint8_t *p = buf, *end;
	struct ete_pkt_rec *r = rec;

	(void)index;
	*used = 0;
	if (!d->synced || d->part_len || len < FAST_WINDOW || !max)
		return 0;
	if (!d->fast_ready) {
		/*
		 * The table is built on first use, and only for enough input
		 * to pay for it: a trace of a few dozen bytes is decoded
		 * faster by ete_pkt_decode() alone than with a table build.
		 */
		if (len < FAST_BUILD_MIN)
			return 0;
		ete_pkt_build_fast_table(d);
		d->fast_ready = 1;
	}
	/* offsets are 32-bit: cap one call below 4 GiB */
	if (len > (1ull << 31))
		len = 1ull << 31;
	end = buf + len - FAST_WINDOW;
	/*
	 * Every packet takes at least one byte: with no more than @max
	 * bytes to start packets from, the records cannot run out, and the
	 * loops need only the one bound.
	 */
	if (max <= (size_t)(end - buf))
		end = buf + max - 1;

	while (p <= end) {
		uint64_t f = d->hdr_fast[p[0]];
		uint64_t w0;
		unsigned int n, type;
		uint8_t is;

		if (f & 0xff00) {
			/*
			 * FAST_ONE: atoms, events and other one-byte packets,
			 * which come in runs: a loop of their own
			 */
			do {
				put_rec(r++, (uint64_t)(p - buf) | f << 32,
					f >> 32);
				if (++p > end)
					goto out;
				f = d->hdr_fast[p[0]];
			} while (f & 0xff00);
		}
		w0 = (uint64_t)(p - buf) | f << 32;
		is = (uint8_t)(f >> 24);
		switch ((enum fast_kind)(f >> 32)) {
		case FAST_MATCH:
			n = p[0] & ETE_HDR_ADDR_MATCH_IDX;
			if (n < ETE_ADDR_STACK_DEPTH)
				d->addr = d->stack[n];
			ete_pkt_addr_push(d);
			w0 |= (uint64_t)d->addr.is << 56;
			n = 1;
			break;
		case FAST_SHORT:
			apply_short(d, p + 1, is);
			n = 1 + ((p[1] & ETE_PKT_CONT) ?
				 ETE_ADDR_SHORT_MAX_BYTES : 1);
			break;
		case FAST_LONG_32:
			set_addr_32(d, long_addr_32(p + 1, is), is);
			n = 1 + ETE_ADDR_L32_BYTES;
			break;
		case FAST_LONG_64:
			set_addr_64(d, long_addr_64(p + 1, is), is);
			n = 1 + ETE_ADDR_L64_BYTES;
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
			put_rec(r++, w0 | (uint64_t)n << 40, type);
			p += n;
			continue;
		case FAST_CCNT_F1:
			/*
			 * parse_ccnt_f1() with TRCIDR0.COMMOPT == 1: no
			 * commit field, the count unless U says unknown
			 */
			if (p[0] & ETE_CCNT_F1_U) {
				put_rec(r++, w0 | 1ull << 40 | 1ull << 56, 0);
				p++;
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
				put_rec(r++, w0 | (uint64_t)(i + 1) << 40 |
					1ull << 56, cc);
				p += i + 1;
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
			r++;
			p += n;
			continue;
		}
		default:
			goto out;
		}
		/* an address: the record carries the new current address */
		put_rec(r++, w0 | (uint64_t)n << 40, d->addr.val);
		p += n;
	}
out:
	*used = (size_t)(p - buf);
	return (size_t)(r - rec);
}
