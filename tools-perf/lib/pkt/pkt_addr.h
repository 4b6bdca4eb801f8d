/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Address updates shared by the address parsers (pkt_parse_addr.c) and the
 * batch fast path (pkt_batch.c): the three address registers of the ETE
 * decompression model.  Short addresses replace low bits of the current
 * address, long ones all of them, Exact Match recalls one of the three
 * previous addresses.
 */
#ifndef _ETE_PKT_ADDR_H
#define _ETE_PKT_ADDR_H

#include "pkt_field.h"

static inline uint32_t long_addr_32(const uint8_t *p, uint8_t is)
{
	uint32_t v;

	if (is == 0)
		v = ((uint32_t)(p[0] & ETE_PKT_PAYLOAD) << ETE_ADDR_IS0_SHIFT) |
			((uint32_t)(p[1] & ETE_PKT_PAYLOAD) <<
			 (ETE_ADDR_IS0_SHIFT + ETE_PKT_PAYLOAD_BITS));
	else
		v = ((uint32_t)(p[0] & ETE_PKT_PAYLOAD) << ETE_ADDR_IS1_SHIFT) |
			((uint32_t)p[1] << 8);
	return v | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static inline uint64_t long_addr_64(const uint8_t *p, uint8_t is)
{
	return (uint64_t)long_addr_32(p, is) |
		(le_val(p + ETE_ADDR_L32_BYTES, 4) << 32);
}

static inline void set_addr_64(struct ete_pkt_decoder *d, uint64_t a,
			       uint8_t is)
{
	struct ete_pkt_addr n = { .val = a, .valid_bits = 64, .pkt_bits = 64,
				  .is = is };

	ete_pkt_addr_set(d, n);
}

/*
 * A 32-bit address keeps the upper half of the current address when the
 * PE is in AArch64 (the architecture's "bits not in the packet are
 * unchanged"); in AArch32 the upper half is zero.
 */
static inline void set_addr_32(struct ete_pkt_decoder *d, uint32_t a,
			       uint8_t is)
{
	struct ete_pkt_addr n = d->addr;

	if (d->ctx.valid && d->ctx.sf)
		n.val = (n.val & ~low_mask(32)) | a;
	else
		n.val = a;
	n.pkt_bits = 32;
	if (n.valid_bits < 32)
		n.valid_bits = 32;
	n.is = is;
	ete_pkt_addr_set(d, n);
}

static inline void set_addr_short(struct ete_pkt_decoder *d, uint32_t a,
				  unsigned int bits, uint8_t is)
{
	uint64_t mask = low_mask(bits);
	struct ete_pkt_addr n = d->addr;

	n.val = (n.val & ~mask) | (a & mask);
	n.pkt_bits = (uint8_t)bits;
	if (n.valid_bits < bits)
		n.valid_bits = (uint8_t)bits;
	n.is = is;
	ete_pkt_addr_set(d, n);
}

static inline uint8_t hdr_is(uint8_t hdr)
{
	switch (hdr) {
	case ETE_HDR_ADDR_CTXT_L32_IS1:
	case ETE_HDR_ADDR_CTXT_L64_IS1:
	case ETE_HDR_ADDR_S_IS1:
	case ETE_HDR_ADDR_L32_IS1:
	case ETE_HDR_ADDR_L64_IS1:
	case ETE_HDR_SRC_ADDR_S_IS1:
	case ETE_HDR_SRC_ADDR_L32_IS1:
	case ETE_HDR_SRC_ADDR_L64_IS1:
		return 1;
	default:
		return 0;
	}
}

/* Exact match: address register 0-2 again, which becomes register 0. */
static inline void addr_match(struct ete_pkt_decoder *d, unsigned int idx,
			      struct ete_pkt *pkt)
{
	ete_pkt_addr_recall(d, idx);
	pkt->match_idx = (uint8_t)idx;
	pkt->addr = d->addr;
}

/* Short address: 7 bits, or 15 when bit 7 of the first byte is set. */
static inline unsigned int short_len(const uint8_t *p, unsigned int n)
{
	if (n < 1)
		return 0;
	if (!(p[0] & ETE_PKT_CONT))
		return 1;
	return n < ETE_ADDR_SHORT_MAX_BYTES ? 0 : ETE_ADDR_SHORT_MAX_BYTES;
}

static inline void apply_short(struct ete_pkt_decoder *d, const uint8_t *p,
			       uint8_t is)
{
	unsigned int shift = is ? ETE_ADDR_IS1_SHIFT : ETE_ADDR_IS0_SHIFT;
	unsigned int bits = ETE_PKT_PAYLOAD_BITS;
	uint32_t v = (uint32_t)(p[0] & ETE_PKT_PAYLOAD) << shift;

	if (p[0] & ETE_PKT_CONT) {
		v |= (uint32_t)p[1] << (ETE_PKT_PAYLOAD_BITS + shift);
		bits += 8;
	}
	set_addr_short(d, v, bits + shift, is);
}


#endif /* _ETE_PKT_ADDR_H */
