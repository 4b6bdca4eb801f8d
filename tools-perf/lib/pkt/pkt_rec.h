/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The layout of struct ete_pkt_rec (ete/pkt.h documents it field by
 * field), read and written only through these accessors: the batch loop
 * that makes records, the element layer that acts on them and the
 * conversions to and from struct ete_pkt see one definition of each
 * field.
 *
 * The loop builds a record's first eight bytes (off, type, len, hdr,
 * num) as one word, REC_W0_*, and stores it whole; its header table
 * holds the upper half of that word (pkt_batch.c).
 */
#ifndef _ETE_PKT_REC_H
#define _ETE_PKT_REC_H

#include <string.h>
#include "pkt_internal.h"

/* @v in the field @mask (a constant) of a 64-bit word */
#define REC_PREP(mask, v) \
	((((uint64_t)(v)) << __builtin_ctzll(mask)) & (mask))

/* the first word of a record, as a little-endian host lays it out */
#define REC_W0_OFF		0x00000000ffffffffull
#define REC_W0_TYPE		0x000000ff00000000ull
#define REC_W0_LEN		0x0000ff0000000000ull
#define REC_W0_HDR		0x00ff000000000000ull
#define REC_W0_NUM		0xff00000000000000ull
/* the part of it the header table holds, shifted down */
#define REC_W0_HI_SHIFT		32

_Static_assert(offsetof(struct ete_pkt_rec, type) == 4 &&
	       offsetof(struct ete_pkt_rec, len) == 5 &&
	       offsetof(struct ete_pkt_rec, hdr) == 6 &&
	       offsetof(struct ete_pkt_rec, num) == 7 &&
	       offsetof(struct ete_pkt_rec, val) == 8,
	       "struct ete_pkt_rec as REC_W0_* lays it out");

/* cycle counts: @num bits, @val halves */
#define REC_CC_HAS_COUNT	0x01u
#define REC_CC_HAS_COMMIT	0x02u
#define REC_CC_COUNT		0x00000000ffffffffull
#define REC_CC_COMMIT		0xffffffff00000000ull
/* Mispredict, Cancel F1 mispredict, F2, F3: @val halves */
#define REC_SPEC_ATOMS		0x00000000ffffffffull
#define REC_SPEC_CANCEL		0xffffffff00000000ull
/* Context and Address with Context: @val2 halves */
#define REC_CTX_CID		0x00000000ffffffffull
#define REC_CTX_VMID		0xffffffff00000000ull

/* The first word of a record with these fields. */
static inline uint64_t rec_w0(uint32_t off, uint8_t type, uint8_t len,
			      uint8_t hdr, uint8_t num)
{
	return REC_PREP(REC_W0_OFF, off) | REC_PREP(REC_W0_TYPE, type) |
		REC_PREP(REC_W0_LEN, len) | REC_PREP(REC_W0_HDR, hdr) |
		REC_PREP(REC_W0_NUM, num);
}

/*
 * The word of a packet at offset @off whose header table entry is @f: the
 * entry's low half is the word's upper half.
 */
static inline uint64_t rec_w0_at(uint32_t off, uint64_t f)
{
	return REC_PREP(REC_W0_OFF, off) |
		(uint64_t)(uint32_t)f << REC_W0_HI_SHIFT;
}

/* @w0 with @len (its length field was 0) */
static inline uint64_t rec_w0_len(uint64_t w0, unsigned int len)
{
	return w0 | REC_PREP(REC_W0_LEN, len);
}

/* @w0 with @num (its num field was 0) */
static inline uint64_t rec_w0_num(uint64_t w0, unsigned int num)
{
	return w0 | REC_PREP(REC_W0_NUM, num);
}

/* Set @r from its first word @w0 and @val. */
static inline void rec_set(struct ete_pkt_rec *r, uint64_t w0, uint64_t val)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(r, &w0, sizeof(w0));
#else
	r->off = (uint32_t)ETE_FIELD_GET(REC_W0_OFF, w0);
	r->type = (uint8_t)ETE_FIELD_GET(REC_W0_TYPE, w0);
	r->len = (uint8_t)ETE_FIELD_GET(REC_W0_LEN, w0);
	r->hdr = (uint8_t)ETE_FIELD_GET(REC_W0_HDR, w0);
	r->num = (uint8_t)ETE_FIELD_GET(REC_W0_NUM, w0);
#endif
	r->val = val;
}

/* cycle counts */
static inline uint8_t rec_cc_num(bool has_count, bool has_commit)
{
	return (uint8_t)((has_count ? REC_CC_HAS_COUNT : 0) |
			 (has_commit ? REC_CC_HAS_COMMIT : 0));
}

static inline uint64_t rec_cc_val(uint32_t count, uint32_t commit)
{
	return REC_PREP(REC_CC_COUNT, count) | REC_PREP(REC_CC_COMMIT, commit);
}

static inline bool rec_cc_has_count(const struct ete_pkt_rec *r)
{
	return r->num & REC_CC_HAS_COUNT;
}

static inline bool rec_cc_has_commit(const struct ete_pkt_rec *r)
{
	return r->num & REC_CC_HAS_COMMIT;
}

static inline uint32_t rec_cc_count(const struct ete_pkt_rec *r)
{
	return (uint32_t)ETE_FIELD_GET(REC_CC_COUNT, r->val);
}

static inline uint32_t rec_cc_commit(const struct ete_pkt_rec *r)
{
	return (uint32_t)ETE_FIELD_GET(REC_CC_COMMIT, r->val);
}

/* Mispredict, Cancel F1 mispredict, F2, F3 */
static inline uint64_t rec_spec_val(uint32_t atoms, uint32_t cancel)
{
	return REC_PREP(REC_SPEC_ATOMS, atoms) |
		REC_PREP(REC_SPEC_CANCEL, cancel);
}

static inline uint32_t rec_spec_atoms(const struct ete_pkt_rec *r)
{
	return (uint32_t)ETE_FIELD_GET(REC_SPEC_ATOMS, r->val);
}

static inline uint32_t rec_spec_cancel(const struct ete_pkt_rec *r)
{
	return (uint32_t)ETE_FIELD_GET(REC_SPEC_CANCEL, r->val);
}

/* Context and Address with Context: @num from a context, and back */
static inline uint8_t rec_ctx_num(const struct ete_pkt_ctx *c, uint8_t is)
{
	return (uint8_t)(REC_PREP(ETE_PKT_REC_CTX_IS, is) |
			 REC_PREP(ETE_PKT_REC_CTX_EL, c->el) |
			 (c->sf ? ETE_PKT_REC_CTX_SF : 0) |
			 (c->ns ? ETE_PKT_REC_CTX_NS : 0) |
			 (c->nse ? ETE_PKT_REC_CTX_NSE : 0) |
			 (c->vmid_updated ? ETE_PKT_REC_CTX_VMID : 0) |
			 (c->cid_updated ? ETE_PKT_REC_CTX_CID : 0));
}

static inline uint64_t rec_ctx_val2(uint32_t cid, uint32_t vmid)
{
	return REC_PREP(REC_CTX_CID, cid) | REC_PREP(REC_CTX_VMID, vmid);
}

static inline uint8_t rec_ctx_is(const struct ete_pkt_rec *r)
{
	return (uint8_t)ETE_FIELD_GET(ETE_PKT_REC_CTX_IS, r->num);
}

/*
 * The context a Context or Address with Context record stands for: valid,
 * and updated unless the packet is the one-byte Context.
 */
static inline void rec_ctx(const struct ete_pkt_rec *r, struct ete_pkt_ctx *c)
{
	c->el = (uint8_t)ETE_FIELD_GET(ETE_PKT_REC_CTX_EL, r->num);
	c->sf = !!(r->num & ETE_PKT_REC_CTX_SF);
	c->ns = !!(r->num & ETE_PKT_REC_CTX_NS);
	c->nse = !!(r->num & ETE_PKT_REC_CTX_NSE);
	c->valid = 1;
	c->updated = r->type != ETE_PKT_T_CTXT || r->len > 1;
	c->vmid_updated = !!(r->num & ETE_PKT_REC_CTX_VMID);
	c->cid_updated = !!(r->num & ETE_PKT_REC_CTX_CID);
	c->cid = (uint32_t)ETE_FIELD_GET(REC_CTX_CID, r->val2);
	c->vmid = (uint32_t)ETE_FIELD_GET(REC_CTX_VMID, r->val2);
}

/* Timestamps */
static inline uint8_t rec_ts_num(unsigned int bits, bool has_cc)
{
	return (uint8_t)(REC_PREP(ETE_PKT_REC_TS_BITS, bits) |
			 (has_cc ? ETE_PKT_REC_TS_CC : 0));
}

static inline unsigned int rec_ts_bits(const struct ete_pkt_rec *r)
{
	return ETE_FIELD_GET(ETE_PKT_REC_TS_BITS, r->num);
}

static inline bool rec_ts_has_cc(const struct ete_pkt_rec *r)
{
	return r->num & ETE_PKT_REC_TS_CC;
}

#endif /* _ETE_PKT_REC_H */
