// SPDX-License-Identifier: GPL-2.0
/*
 * ETE packet builders for the encoder.  Every field layout comes from
 * <armtrace/ete_pkt.h>, the definitions the packet decoder parses with.
 * Where a packet has several legal forms the builder picks the shortest:
 *
 * - addresses: exact match against the 3-entry address history (1 byte),
 *   short IS0/IS1 with 7 or 15 payload bits (2-3 bytes), long 32-bit (5)
 *   when the upper half is what the decoder will keep, else long 64-bit;
 *   with a context change: compressed address + Context packet when the
 *   address compresses to an exact match or short form, otherwise one
 *   Address with Context packet;
 * - atoms: greedily from the oldest, format 6 for runs of 3+ E atoms, then
 *   the fixed patterns of formats 5 and 4, then formats 3, 2, 1;
 * - timestamps: only the 7-bit groups that changed;
 * - cycle counts: format 3, 2 or 1, the first that holds the count.
 */
#include "enc_internal.h"

unsigned int enc_pkt_cont(uint8_t *p, uint64_t v)
{
	unsigned int n = 0;

	do {
		p[n] = v & ETE_PKT_PAYLOAD;
		v >>= ETE_PKT_PAYLOAD_BITS;
		if (v)
			p[n] |= ETE_PKT_CONT;
		n++;
	} while (v);
	return n;
}

unsigned int enc_pkt_async(uint8_t *p)
{
	memset(p, 0, ETE_ASYNC_LEN - 1);
	p[ETE_ASYNC_LEN - 1] = ETE_ASYNC_END;
	return ETE_ASYNC_LEN;
}

/*
 * Trace Info: INFO (cycle counting on) and CYCT (threshold) sections when
 * cycle counting is enabled, nothing else: the encoder commits all
 * speculation before a sync, so the SPEC section would be 0, and KEY is
 * for data trace.
 */
unsigned int enc_pkt_trace_info(const struct ete_enc *e, uint8_t *p)
{
	unsigned int n = 0;

	p[n++] = ETE_HDR_TRACE_INFO;
	if (!e->cci) {
		p[n++] = 0;
		return n;
	}
	p[n++] = ETE_TINFO_SECT_INFO | ETE_TINFO_SECT_CYCT;
	n += enc_pkt_cont(p + n, ETE_TINFO_INFO_CC);
	n += enc_pkt_cont(p + n, e->cc_threshold);
	return n;
}

/* Atom patterns of formats 4 and 5, oldest atom in bit 0, 1 = E. */
static int f4_sel(uint32_t bits)
{
	switch (bits & 0xf) {
	case 0xe: return 0;
	case 0x0: return 1;
	case 0xa: return 2;
	case 0x5: return 3;
	default: return -1;
	}
}

static int f5_hdr(uint32_t bits)
{
	switch (bits & 0x1f) {
	case 0x1e: return ETE_HDR_ATOM_F5_ALT;		/* NEEEE */
	case 0x00: return ETE_HDR_ATOM_F5_LO;		/* NNNNN */
	case 0x0a: return ETE_HDR_ATOM_F5_LO + 1;	/* NENEN */
	case 0x15: return ETE_HDR_ATOM_F5_HI;		/* ENENE */
	default: return -1;
	}
}

#define F6_MAX_E	(ETE_ATOM_F6_COUNT_BIAS + 20)	/* 23 E then 1 */

/*
 * One atom packet for the oldest of @n (>= 1) atoms in @bits.  Returns the
 * packet length (always 1) and sets *@used to the atoms it carries.
 */
unsigned int enc_pkt_atoms(uint32_t bits, unsigned int n, uint8_t *p,
			   unsigned int *used)
{
	unsigned int run = 0;
	int h;

	while (run < n && (bits >> run) & 1)
		run++;
	if (run >= ETE_ATOM_F6_COUNT_BIAS && (run < n || run >= 4)) {
		if (run < n && run <= F6_MAX_E) {
			/* E x run, then N */
			p[0] = ETE_HDR_ATOM_F6_LO2 +
				(run - ETE_ATOM_F6_COUNT_BIAS);
			*used = run + 1;
		} else {
			/* E x k, the last one in the "last atom" slot */
			unsigned int k = run > F6_MAX_E + 1 ? F6_MAX_E + 1 : run;

			p[0] = ETE_HDR_ATOM_F6_LO1 +
				(k - 1 - ETE_ATOM_F6_COUNT_BIAS);
			*used = k;
		}
		return 1;
	}
	if (n >= 5 && (h = f5_hdr(bits)) >= 0) {
		p[0] = (uint8_t)h;
		*used = 5;
	} else if (n >= 4 && (h = f4_sel(bits)) >= 0) {
		p[0] = ETE_HDR_ATOM_F4 | (uint8_t)h;
		*used = 4;
	} else if (n >= 3) {
		p[0] = ETE_HDR_ATOM_F3 | (bits & ETE_ATOM_F3_BITS);
		*used = 3;
	} else if (n == 2) {
		p[0] = ETE_HDR_ATOM_F2 | (bits & ETE_ATOM_F2_BITS);
		*used = 2;
	} else {
		p[0] = ETE_HDR_ATOM_F1 | (bits & ETE_ATOM_F1_BITS);
		*used = 1;
	}
	return 1;
}

void enc_hist_reset(struct ete_enc *e)
{
	for (int i = 0; i < 3; i++) {
		e->hist[i] = 0;
		e->hist_is[i] = 0;
	}
}

void enc_hist_push(struct ete_enc *e, uint64_t a, uint8_t is)
{
	e->hist[2] = e->hist[1];
	e->hist[1] = e->hist[0];
	e->hist[0] = a;
	e->hist_is[2] = e->hist_is[1];
	e->hist_is[1] = e->hist_is[0];
	e->hist_is[0] = is;
}

/*
 * Upper half a 32-bit address packet leaves: the current one in AArch64,
 * zero in AArch32 (the decoder's rule, from the context it was last sent).
 */
static uint64_t upper_kept(const struct ete_enc *e)
{
	if (e->ctx_sent_valid && e->ctx_sent.sf)
		return e->hist[0] >> 32;
	return 0;
}

static unsigned int put_long32(uint8_t *p, uint64_t a, uint8_t is)
{
	if (is == 0) {
		p[0] = (a >> ETE_ADDR_IS0_SHIFT) & ETE_PKT_PAYLOAD;
		p[1] = (a >> (ETE_ADDR_IS0_SHIFT + ETE_PKT_PAYLOAD_BITS)) &
			ETE_PKT_PAYLOAD;
	} else {
		p[0] = (a >> ETE_ADDR_IS1_SHIFT) & ETE_PKT_PAYLOAD;
		p[1] = (a >> 8) & 0xff;
	}
	p[2] = (a >> 16) & 0xff;
	p[3] = (a >> 24) & 0xff;
	return ETE_ADDR_L32_BYTES;
}

static unsigned int put_long64(uint8_t *p, uint64_t a, uint8_t is)
{
	put_long32(p, a, is);
	for (unsigned int i = 4; i < ETE_ADDR_L64_BYTES; i++)
		p[i] = (a >> (8 * i)) & 0xff;
	return ETE_ADDR_L64_BYTES;
}

/* Bytes of a short address payload for @a (0: not expressible). */
static unsigned int short_bytes(const struct ete_enc *e, uint64_t a,
				uint8_t is)
{
	unsigned int shift = is ? ETE_ADDR_IS1_SHIFT : ETE_ADDR_IS0_SHIFT;
	uint64_t diff = a ^ e->hist[0];

	if (a & ((1u << shift) - 1))
		return 0;
	if (!(diff >> (ETE_PKT_PAYLOAD_BITS + shift)))
		return 1;
	if (!(diff >> (ETE_PKT_PAYLOAD_BITS + 8 + shift)))
		return 2;
	return 0;
}

static unsigned int ctx_info(struct ete_enc *e, uint8_t *p, bool force)
{
	const struct ete_enc_ctx *c = &e->ctx;
	unsigned int n = 1;
	uint8_t info = (c->el & ETE_CTXT_EL) |
		(c->nse ? ETE_CTXT_NSE : 0) | (c->sf ? ETE_CTXT_SF : 0) |
		(c->ns ? ETE_CTXT_NS : 0);

	if (e->vmid_bytes &&
	    (force || !e->ctx_sent_valid || c->vmid != e->ctx_sent.vmid)) {
		info |= ETE_CTXT_V;
		for (unsigned int i = 0; i < e->vmid_bytes; i++)
			p[n++] = (c->vmid >> (8 * i)) & 0xff;
	}
	if (e->cid_bytes &&
	    (force || !e->ctx_sent_valid || c->cid != e->ctx_sent.cid)) {
		info |= ETE_CTXT_C;
		for (unsigned int i = 0; i < e->cid_bytes; i++)
			p[n++] = (c->cid >> (8 * i)) & 0xff;
	}
	p[0] = info;
	e->ctx_sent = *c;
	e->ctx_sent_valid = 1;
	return n;
}

unsigned int enc_pkt_ctx(struct ete_enc *e, uint8_t *p, bool force)
{
	p[0] = ETE_HDR_CTXT | ETE_CTXT_HDR_PAYLOAD;
	return 1 + ctx_info(e, p + 1, force);
}

/* Does the decoder's context differ from the PE's in a traced field? */
bool enc_ctx_differs(const struct ete_enc *e)
{
	const struct ete_enc_ctx *a = &e->ctx, *b = &e->ctx_sent;

	if (!e->ctx_sent_valid)
		return true;
	return a->el != b->el || a->ns != b->ns || a->nse != b->nse ||
		a->sf != b->sf ||
		(e->vmid_bytes && a->vmid != b->vmid) ||
		(e->cid_bytes && a->cid != b->cid);
}

/*
 * Address @a (instruction set @is), with the current context when
 * @with_ctx.  The decoder applies the address of an Address with Context
 * packet under the old context, then takes the new one.
 */
unsigned int enc_pkt_addr(struct ete_enc *e, uint8_t *p, uint64_t a,
			  uint8_t is, bool with_ctx)
{
	unsigned int n = 0, k;
	bool l32 = (a >> 32) == upper_kept(e);

	for (unsigned int i = 0; i < ETE_ADDR_STACK_DEPTH; i++) {
		if (e->hist[i] == a && e->hist_is[i] == is) {
			if (with_ctx)
				n += enc_pkt_ctx(e, p, true);
			p[n++] = ETE_HDR_ADDR_MATCH | i;
			enc_hist_push(e, a, is);
			return n;
		}
	}
	k = short_bytes(e, a, is);
	if (k) {
		if (with_ctx)
			n += enc_pkt_ctx(e, p, true);
		p[n++] = is ? ETE_HDR_ADDR_S_IS1 : ETE_HDR_ADDR_S_IS0;
		if (k == 1) {
			p[n++] = (a >> (is ? ETE_ADDR_IS1_SHIFT :
					ETE_ADDR_IS0_SHIFT)) & ETE_PKT_PAYLOAD;
		} else {
			unsigned int s = is ? ETE_ADDR_IS1_SHIFT :
				ETE_ADDR_IS0_SHIFT;

			p[n++] = ((a >> s) & ETE_PKT_PAYLOAD) | ETE_PKT_CONT;
			p[n++] = (a >> (s + ETE_PKT_PAYLOAD_BITS)) & 0xff;
		}
		enc_hist_push(e, a, is);
		return n;
	}
	if (with_ctx)
		p[n++] = l32 ? (is ? ETE_HDR_ADDR_CTXT_L32_IS1 :
				ETE_HDR_ADDR_CTXT_L32_IS0) :
			(is ? ETE_HDR_ADDR_CTXT_L64_IS1 :
			 ETE_HDR_ADDR_CTXT_L64_IS0);
	else
		p[n++] = l32 ? (is ? ETE_HDR_ADDR_L32_IS1 :
				ETE_HDR_ADDR_L32_IS0) :
			(is ? ETE_HDR_ADDR_L64_IS1 : ETE_HDR_ADDR_L64_IS0);
	n += l32 ? put_long32(p + n, a, is) : put_long64(p + n, a, is);
	enc_hist_push(e, a, is);
	if (with_ctx)
		n += ctx_info(e, p + n, true);
	return n;
}

/*
 * Timestamp: the 7-bit groups up to the highest that differs from the
 * decoder's value (after a Trace Info the decoder's value is 0), the 9th
 * byte carrying 8 bits; then the cycle count when cycle counting is on.
 */
unsigned int enc_pkt_timestamp(struct ete_enc *e, uint8_t *p, uint64_t ts,
			       uint32_t cc)
{
	uint64_t diff = e->ts_valid ? ts ^ e->ts : ts;
	unsigned int n = 1, groups = 1;

	while (groups < ETE_TS_MAX_BYTES - 1 &&
	       (diff >> (groups * ETE_PKT_PAYLOAD_BITS)))
		groups++;
	if (groups == ETE_TS_MAX_BYTES - 1 &&
	    (diff >> (groups * ETE_PKT_PAYLOAD_BITS)))
		groups = ETE_TS_MAX_BYTES;
	p[0] = ETE_HDR_TIMESTAMP | (e->cci ? ETE_TS_HDR_CC : 0);
	for (unsigned int i = 0; i < groups; i++) {
		if (i == ETE_TS_MAX_BYTES - 1) {
			p[n++] = (ts >> (i * ETE_PKT_PAYLOAD_BITS)) &
				ETE_TS_LAST_PAYLOAD;
			break;
		}
		p[n] = (ts >> (i * ETE_PKT_PAYLOAD_BITS)) & ETE_PKT_PAYLOAD;
		if (i + 1 < groups)
			p[n] |= ETE_PKT_CONT;
		n++;
	}
	if (e->cci)
		n += enc_pkt_cont(p + n, cc & e->cc_max);
	e->ts = ts;
	e->ts_valid = 1;
	return n;
}

/*
 * Cycle count, as its excess over the threshold.  Formats 3 and 2 carry
 * a commit field unless TRCIDR0.COMMOPT is 1, and a commit there would
 * commit elements the decoder already auto-committed, so with COMMOPT 0
 * only format 1 with a zero commit field is used.
 */
unsigned int enc_pkt_ccnt(const struct ete_enc *e, uint8_t *p,
			  uint32_t cycles)
{
	uint32_t v = cycles - e->cc_threshold;
	unsigned int n = 0;

	if (e->commopt1 && v <= ETE_CCNT_F3_COUNT) {
		p[0] = ETE_HDR_CCNT_F3 | v;
		return 1;
	}
	if (e->commopt1 && v <= ETE_CCNT_F2_COUNT) {
		p[0] = ETE_HDR_CCNT_F2;
		p[1] = v;
		return 2;
	}
	p[n++] = ETE_HDR_CCNT_F1;
	if (!e->commopt1)
		p[n++] = 0;
	n += enc_pkt_cont(p + n, v);
	return n;
}

/*
 * Exception: E1:E0 = 01, "preferred return address follows".  Types above
 * 31, and transaction failure (which decoders always read as 3 bytes),
 * use the second info byte.
 */
unsigned int enc_pkt_exception(uint8_t *p, unsigned int type)
{
	bool two = type >= 32 || type == ETE_EXC_TYPE_TRANS_FAIL ||
		type == ETE_EXC_TYPE_PE_RESET;

	p[0] = ETE_HDR_EXCEPTION;
	p[1] = ETE_EXC_E0 | ((type << 1) & ETE_EXC_TYPE) |
		(two ? ETE_PKT_CONT : 0);
	if (!two)
		return 2;
	p[2] = (type >> ETE_EXC_TYPE_HI_SHIFT) & ETE_EXC_TYPE_HI;
	return 3;
}

unsigned int enc_pkt_commit(uint8_t *p, uint32_t n)
{
	p[0] = ETE_HDR_COMMIT;
	return 1 + enc_pkt_cont(p + 1, n);
}
