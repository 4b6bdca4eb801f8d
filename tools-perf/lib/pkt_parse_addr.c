// SPDX-License-Identifier: GPL-2.0
/*
 * Payload parsers for the packets that carry addresses or context: Context,
 * Address with Context, Exact Match, Short and Long Address, their Source
 * Address twins, and Q.  Each address update goes through the address
 * history (the three address registers of the ETE decompression model):
 * short addresses replace low bits of the current address, long ones all of
 * them, exact match recalls one of the three previous addresses.
 */
#include "pkt_field.h"

/* Context info byte and VMID/CONTEXTID (sizes from TRCIDR2). */
static void apply_ctxt(struct ete_pkt_decoder *d, const uint8_t *p,
		       struct ete_pkt *pkt)
{
	uint8_t info = p[0];
	const uint8_t *q = p + 1;
	struct ete_pkt_ctx *c = &d->ctx;

	c->valid = 1;
	c->updated = 1;
	c->el = ETE_FIELD_GET(ETE_CTXT_EL, info);
	c->nse = !!(info & ETE_CTXT_NSE);
	c->sf = !!(info & ETE_CTXT_SF);
	c->ns = !!(info & ETE_CTXT_NS);
	if ((info & ETE_CTXT_V) && d->vmid_bytes) {
		c->vmid = (uint32_t)le_val(q, d->vmid_bytes);
		c->vmid_updated = 1;
		q += d->vmid_bytes;
	}
	if ((info & ETE_CTXT_C) && d->cid_bytes) {
		c->cid = (uint32_t)le_val(q, d->cid_bytes);
		c->cid_updated = 1;
	}
	pkt->ctx = *c;
}

static unsigned int ctxt_payload_len(const struct ete_pkt_decoder *d,
				     uint8_t info)
{
	return ((info & ETE_CTXT_V) ? d->vmid_bytes : 0) +
		((info & ETE_CTXT_C) ? d->cid_bytes : 0);
}

static void ctxt_clear_updates(struct ete_pkt_decoder *d)
{
	d->ctx.updated = 0;
	d->ctx.vmid_updated = 0;
	d->ctx.cid_updated = 0;
}

unsigned int ete_parse_ctxt(struct ete_pkt_decoder *d, const uint8_t *p,
			    unsigned int n, struct ete_pkt *pkt)
{
	unsigned int len, extra;

	if (!(p[0] & ETE_CTXT_HDR_PAYLOAD)) {
		/* context unchanged */
		ctxt_clear_updates(d);
		d->ctx.valid = 1;
		pkt->ctx = d->ctx;
		return 1;
	}
	if (n < 2)
		return 0;
	extra = ctxt_payload_len(d, p[1]);
	/*
	 * OpenCSD waits for one more byte whenever V or C is set, even if
	 * TRCIDR2 gives that field no bytes; match it.
	 */
	if (!extra && (p[1] & (ETE_CTXT_V | ETE_CTXT_C)))
		extra = 1;
	len = 2 + extra;
	if (n < len)
		return 0;
	ctxt_clear_updates(d);
	apply_ctxt(d, p + 1, pkt);
	return len;
}

static uint32_t long_addr_32(const uint8_t *p, uint8_t is)
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

static uint64_t long_addr_64(const uint8_t *p, uint8_t is)
{
	return (uint64_t)long_addr_32(p, is) |
		(le_val(p + ETE_ADDR_L32_BYTES, 4) << 32);
}

static void set_addr_64(struct ete_pkt_decoder *d, uint64_t a, uint8_t is)
{
	d->addr.val = a;
	d->addr.valid_bits = 64;
	d->addr.pkt_bits = 64;
	d->addr.is = is;
	ete_pkt_addr_push(d);
}

/*
 * A 32-bit address keeps the upper half of the current address when the
 * PE is in AArch64 (the architecture's "bits not in the packet are
 * unchanged"); in AArch32 the upper half is zero.
 */
static void set_addr_32(struct ete_pkt_decoder *d, uint32_t a, uint8_t is)
{
	if (d->ctx.valid && d->ctx.sf)
		d->addr.val = (d->addr.val & ~low_mask(32)) | a;
	else
		d->addr.val = a;
	d->addr.pkt_bits = 32;
	if (d->addr.valid_bits < 32)
		d->addr.valid_bits = 32;
	d->addr.is = is;
	ete_pkt_addr_push(d);
}

static void set_addr_short(struct ete_pkt_decoder *d, uint32_t a,
			   unsigned int bits, uint8_t is)
{
	uint64_t mask = low_mask(bits);

	d->addr.val = (d->addr.val & ~mask) | (a & mask);
	d->addr.pkt_bits = (uint8_t)bits;
	if (d->addr.valid_bits < bits)
		d->addr.valid_bits = (uint8_t)bits;
	d->addr.is = is;
	ete_pkt_addr_push(d);
}

static uint8_t hdr_is(uint8_t hdr)
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

static unsigned int addr_ctxt(struct ete_pkt_decoder *d, const uint8_t *p,
			      unsigned int n, struct ete_pkt *pkt,
			      unsigned int abytes)
{
	unsigned int len = 1 + abytes + 1;
	uint8_t is = hdr_is(p[0]);

	if (n < len)
		return 0;
	len += ctxt_payload_len(d, p[1 + abytes]);
	if (n < len)
		return 0;
	ctxt_clear_updates(d);
	/* the address is applied under the previous context, then the new */
	if (abytes == ETE_ADDR_L64_BYTES)
		set_addr_64(d, long_addr_64(p + 1, is), is);
	else
		set_addr_32(d, long_addr_32(p + 1, is), is);
	apply_ctxt(d, p + 1 + abytes, pkt);
	pkt->addr = d->addr;
	return len;
}

unsigned int ete_parse_addr_ctxt_32(struct ete_pkt_decoder *d,
				    const uint8_t *p, unsigned int n,
				    struct ete_pkt *pkt)
{
	return addr_ctxt(d, p, n, pkt, ETE_ADDR_L32_BYTES);
}

unsigned int ete_parse_addr_ctxt_64(struct ete_pkt_decoder *d,
				    const uint8_t *p, unsigned int n,
				    struct ete_pkt *pkt)
{
	return addr_ctxt(d, p, n, pkt, ETE_ADDR_L64_BYTES);
}

/* Exact match: address register 0-2 again, which becomes register 0. */
static void addr_match(struct ete_pkt_decoder *d, unsigned int idx,
		       struct ete_pkt *pkt)
{
	if (idx < ETE_ADDR_STACK_DEPTH)
		d->addr = d->stack[idx];
	ete_pkt_addr_push(d);
	pkt->match_idx = (uint8_t)idx;
	pkt->addr = d->addr;
}

unsigned int ete_parse_addr_match(struct ete_pkt_decoder *d, const uint8_t *p,
				  unsigned int n, struct ete_pkt *pkt)
{
	(void)n;
	addr_match(d, p[0] & ETE_HDR_ADDR_MATCH_IDX, pkt);
	return 1;
}

/* Short address: 7 bits, or 15 when bit 7 of the first byte is set. */
static unsigned int short_len(const uint8_t *p, unsigned int n)
{
	if (n < 1)
		return 0;
	if (!(p[0] & ETE_PKT_CONT))
		return 1;
	return n < ETE_ADDR_SHORT_MAX_BYTES ? 0 : ETE_ADDR_SHORT_MAX_BYTES;
}

static void apply_short(struct ete_pkt_decoder *d, const uint8_t *p,
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

unsigned int ete_parse_addr_short(struct ete_pkt_decoder *d, const uint8_t *p,
				  unsigned int n, struct ete_pkt *pkt)
{
	unsigned int k = short_len(p + 1, n - 1);
	uint8_t is = hdr_is(p[0]);

	if (!k)
		return 0;
	apply_short(d, p + 1, is);
	pkt->addr = d->addr;
	return 1 + k;
}

unsigned int ete_parse_addr_long_32(struct ete_pkt_decoder *d,
				    const uint8_t *p, unsigned int n,
				    struct ete_pkt *pkt)
{
	uint8_t is = hdr_is(p[0]);

	if (n < 1 + ETE_ADDR_L32_BYTES)
		return 0;
	set_addr_32(d, long_addr_32(p + 1, is), is);
	pkt->addr = d->addr;
	return 1 + ETE_ADDR_L32_BYTES;
}

unsigned int ete_parse_addr_long_64(struct ete_pkt_decoder *d,
				    const uint8_t *p, unsigned int n,
				    struct ete_pkt *pkt)
{
	uint8_t is = hdr_is(p[0]);

	if (n < 1 + ETE_ADDR_L64_BYTES)
		return 0;
	set_addr_64(d, long_addr_64(p + 1, is), is);
	pkt->addr = d->addr;
	return 1 + ETE_ADDR_L64_BYTES;
}

/*
 * Q: an instruction count with an address given by exact match (formats
 * 0-2), a short (5, 6) or 32-bit long (0xa, 0xb) address, or none (0xc);
 * format 0xf has neither count nor address.  Reserved formats never reach
 * here (see pkt_table.c).
 */
unsigned int ete_parse_q(struct ete_pkt_decoder *d, const uint8_t *p,
			 unsigned int n, struct ete_pkt *pkt)
{
	unsigned int type = p[0] & ETE_Q_TYPE;
	unsigned int len = 1, k;
	uint8_t is = 1;
	uint32_t count;

	switch (type) {
	case ETE_Q_TYPE_SHORT_IS0:
		is = 0;
		/* fall through */
	case ETE_Q_TYPE_SHORT_IS1:
		k = short_len(p + len, n - len);
		if (!k)
			return 0;
		len += k;
		break;
	case ETE_Q_TYPE_LONG_IS0:
		is = 0;
		/* fall through */
	case ETE_Q_TYPE_LONG_IS1:
		len += ETE_ADDR_L32_BYTES;
		if (n < len)
			return 0;
		break;
	case ETE_Q_TYPE_NONE:
		pkt->q.type = (uint8_t)type;
		return 1;
	default:
		break;
	}
	k = cont_len(p + len, n > len ? n - len : 0);
	if (!k)
		return 0;
	cont_val(p + len, k, 5, &count);
	len += k;

	if (type <= ETE_Q_TYPE_MATCH_MAX) {
		addr_match(d, type, pkt);
		pkt->q.addr_match = 1;
		pkt->q.addr_present = 1;
	} else if (type == ETE_Q_TYPE_SHORT_IS0 ||
		   type == ETE_Q_TYPE_SHORT_IS1) {
		apply_short(d, p + 1, is);
		pkt->q.addr_present = 1;
	} else if (type == ETE_Q_TYPE_LONG_IS0 ||
		   type == ETE_Q_TYPE_LONG_IS1) {
		set_addr_32(d, long_addr_32(p + 1, is), is);
		pkt->q.addr_present = 1;
	}
	pkt->addr = d->addr;
	pkt->q.type = (uint8_t)type;
	pkt->q.count = count;
	pkt->q.count_present = 1;
	return len;
}
