// SPDX-License-Identifier: GPL-2.0
/*
 * Payload parsers for the packets that carry addresses or context: Context,
 * Address with Context, Exact Match, Short and Long Address, their Source
 * Address twins, and Q.  Each address update goes through the address
 * history (the three address registers of the ETE decompression model):
 * short addresses replace low bits of the current address, long ones all of
 * them, exact match recalls one of the three previous addresses.
 */
#include "pkt_addr.h"

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

unsigned int ete_parse_addr_match(struct ete_pkt_decoder *d, const uint8_t *p,
				  unsigned int n, struct ete_pkt *pkt)
{
	(void)n;
	addr_match(d, p[0] & ETE_HDR_ADDR_MATCH_IDX, pkt);
	return 1;
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

static unsigned int addr_long(struct ete_pkt_decoder *d, const uint8_t *p,
			      unsigned int n, struct ete_pkt *pkt,
			      unsigned int abytes)
{
	uint8_t is = hdr_is(p[0]);

	if (n < 1 + abytes)
		return 0;
	if (abytes == ETE_ADDR_L64_BYTES)
		set_addr_64(d, long_addr_64(p + 1, is), is);
	else
		set_addr_32(d, long_addr_32(p + 1, is), is);
	pkt->addr = d->addr;
	return 1 + abytes;
}

unsigned int ete_parse_addr_long_32(struct ete_pkt_decoder *d,
				    const uint8_t *p, unsigned int n,
				    struct ete_pkt *pkt)
{
	return addr_long(d, p, n, pkt, ETE_ADDR_L32_BYTES);
}

unsigned int ete_parse_addr_long_64(struct ete_pkt_decoder *d,
				    const uint8_t *p, unsigned int n,
				    struct ete_pkt *pkt)
{
	return addr_long(d, p, n, pkt, ETE_ADDR_L64_BYTES);
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
