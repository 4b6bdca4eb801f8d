// SPDX-License-Identifier: GPL-2.0
/*
 * Batch fast path of the packet layer: the packets that make up nearly all
 * of a trace (atoms, addresses, Exact Match, exceptions, cycle counts,
 * speculation, contexts, timestamps) decoded in a flat loop into 24-byte
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
 * have reached on its own: the loop calls the parsers, or reads the
 * packet with the same inline field parsers (pkt_parse.h, pkt_addr.h).
 * The loop itself is in pkt_batch_loop.h, shared with the element layer;
 * the record's layout is in pkt_rec.h.
 */
#include "pkt_batch_loop.h"

/* Packets taken the slow way before hdr_fast[] is built (< 256). */
#define FAST_BUILD_PKTS	128u

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
			d->hdr_fast[h] = fast_entry(type, 1, hb, pkt.atom_num,
				type == ETE_PKT_T_EVENT ? pkt.event :
				pkt.atom_bits);
			continue;
		case P_ADDR_MATCH:
			k = FAST_MATCH;
			break;
		case P_ADDR_SHORT:
			is = hdr_is(hb);
			k = is ? FAST_SHORT_IS1 : FAST_SHORT_IS0;
			break;
		case P_ADDR_LONG_32:
			is = hdr_is(hb);
			k = is ? FAST_LONG_32_IS1 : FAST_LONG_32_IS0;
			break;
		case P_ADDR_LONG_64:
			is = hdr_is(hb);
			k = is ? FAST_LONG_64_IS1 : FAST_LONG_64_IS0;
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
		d->hdr_fast[h] = fast_entry(type, 0, hb, is, k);
	}
}

const uint8_t *pkt_batch_end(struct ete_pkt_decoder *d, const uint8_t *buf,
			     size_t len, size_t max)
{
	const uint8_t *end;

	if (!d->synced || d->part_len || len < FAST_WINDOW || !max)
		return NULL;
	if (!d->fast_ready) {
		/*
		 * The table is built once the decoder has taken enough
		 * packets the slow way to pay for it, over its life (resets
		 * included): a trace of a few dozen bytes decoded once is
		 * faster through ete_pkt_decode() alone, a decoder that is
		 * kept (a stream of buffers, repeated passes) is not.
		 */
		if (++d->fast_wait < FAST_BUILD_PKTS)
			return NULL;
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
	 * loop needs only the one bound.
	 */
	if (max <= (size_t)(end - buf))
		end = buf + max - 1;
	return end;
}

/* ete_pkt_decode_batch()'s @emit: the loop stores the records itself */
static inline int keep_rec(void *ctx, enum pkt_emit_kind kind,
			   const struct ete_pkt_rec *r)
{
	(void)ctx;
	(void)kind;
	(void)r;
	return 0;
}

size_t ete_pkt_decode_batch(struct ete_pkt_decoder *d, const uint8_t *buf,
			    size_t len, size_t *used, struct ete_pkt_rec *rec,
			    size_t max)
{
	const uint8_t *end = pkt_batch_end(d, buf, len, max);
	struct ete_pkt_rec *r = rec;

	*used = end ? pkt_batch_loop(d, buf, end, &r, 1, keep_rec, NULL) : 0;
	return (size_t)(r - rec);
}
