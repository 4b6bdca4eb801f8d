/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libete packet layer internals shared by the table, the parsers, the
 * synchronisation search and the streaming driver.
 */
#ifndef _ETE_PKT_INTERNAL_H
#define _ETE_PKT_INTERNAL_H

#include <stddef.h>
#include <ete/pkt.h>
#include <armtrace/ete_pkt.h>
#include <armtrace/ete_regs.h>

/* Payload parsers, indexed by ete_pkt_decoder.hdr_parser[header]. */
enum ete_parser {
	P_RESERVED,
	P_RESERVED_CFG,
	P_EXTENSION,
	P_TRACE_INFO,
	P_TIMESTAMP,
	P_NO_PAYLOAD,
	P_EXCEPTION,
	P_ITE,
	P_CCNT_F1,
	P_CCNT_F2,
	P_CCNT_F3,
	P_SPEC_COUNT,		/* Commit, Cancel F1: one count field */
	P_SPEC_F2,		/* Mispredict, Cancel F2 */
	P_CANCEL_F3,
	P_EVENT,
	P_CTXT,
	P_ADDR_CTXT_32,
	P_ADDR_CTXT_64,
	P_ADDR_MATCH,
	P_ADDR_SHORT,
	P_ADDR_LONG_32,
	P_ADDR_LONG_64,
	P_Q,
	P_ATOM_F1,
	P_ATOM_F2,
	P_ATOM_F3,
	P_ATOM_F4,
	P_ATOM_F5,
	P_ATOM_F6,
	P_COUNT
};

/*
 * A parser looks at the @n bytes at @p (header first).  If they hold a
 * complete packet it applies the packet to the decoder state, fills @pkt and
 * returns the packet length; otherwise it returns 0 and changes nothing, so
 * the driver can call it again with more bytes.
 */
typedef unsigned int (*ete_parse_fn)(struct ete_pkt_decoder *d,
				     const uint8_t *p, unsigned int n,
				     struct ete_pkt *pkt);

extern const ete_parse_fn ete_parsers[P_COUNT];

/* pkt_table.c */
void ete_pkt_build_table(struct ete_pkt_decoder *d,
			 const struct ete_pkt_config *cfg);

/* pkt_batch.c: hdr_fast[] from hdr_type[] and hdr_parser[] */
void ete_pkt_build_fast_table(struct ete_pkt_decoder *d);

/* pkt_state.c: state shared between packets */
void ete_pkt_state_reset(struct ete_pkt_decoder *d);
void ete_pkt_addr_stack_reset(struct ete_pkt_decoder *d);

/*
 * The address registers (the current address and the three-entry history)
 * are moved as whole 16-byte units.  An address stored field by field and
 * then copied as one struct makes the copy wait until the fields reach the
 * cache: a store buffer forwards one store to a load it covers, not
 * several smaller stores to one larger load.  Compilers split struct
 * stores as they see fit (constant fields become byte stores), so on
 * x86-64 the moves are explicit SSE2 (always there); elsewhere they stay
 * plain struct copies.
 */
#if defined(__SSE2__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#include <emmintrin.h>

typedef __m128i areg_t;

_Static_assert(sizeof(struct ete_pkt_addr) == 16 &&
	       offsetof(struct ete_pkt_addr, valid_bits) == 8 &&
	       offsetof(struct ete_pkt_addr, pkt_bits) == 9 &&
	       offsetof(struct ete_pkt_addr, is) == 10,
	       "struct ete_pkt_addr as areg_make() builds it");

static inline areg_t areg_load(const struct ete_pkt_addr *a)
{
	return _mm_loadu_si128((const __m128i *)(const void *)a);
}

static inline void areg_store(struct ete_pkt_addr *a, areg_t v)
{
	_mm_storeu_si128((__m128i *)(void *)a, v);
}

static inline areg_t areg_make(struct ete_pkt_addr a)
{
	return _mm_set_epi64x((long long)(a.valid_bits |
					  (uint64_t)a.pkt_bits << 8 |
					  (uint64_t)a.is << 16),
			      (long long)a.val);
}
#else
typedef struct ete_pkt_addr areg_t;

static inline areg_t areg_load(const struct ete_pkt_addr *a)
{
	return *a;
}

static inline void areg_store(struct ete_pkt_addr *a, areg_t v)
{
	*a = v;
}

static inline areg_t areg_make(struct ete_pkt_addr a)
{
	return a;
}
#endif

/* Every address a packet supplies becomes entry 0; older ones shift down. */
static inline void ete_pkt_addr_push(struct ete_pkt_decoder *d)
{
	areg_t s0 = areg_load(&d->stack[0]), s1 = areg_load(&d->stack[1]);

	areg_store(&d->stack[2], s1);
	areg_store(&d->stack[1], s0);
	areg_store(&d->stack[0], areg_load(&d->addr));
}

/* @a becomes the current address and entry 0. */
static inline void ete_pkt_addr_set(struct ete_pkt_decoder *d,
				    struct ete_pkt_addr a)
{
	areg_t s0 = areg_load(&d->stack[0]), s1 = areg_load(&d->stack[1]);
	areg_t v = areg_make(a);

	areg_store(&d->stack[2], s1);
	areg_store(&d->stack[1], s0);
	areg_store(&d->stack[0], v);
	areg_store(&d->addr, v);
}

/* Exact Match: address register @idx again (the current one if >= 3). */
static inline void ete_pkt_addr_recall(struct ete_pkt_decoder *d,
				       unsigned int idx)
{
	if (idx < ETE_ADDR_STACK_DEPTH)
		areg_store(&d->addr, areg_load(&d->stack[idx]));
	ete_pkt_addr_push(d);
}

/* pkt_sync.c: byte-wise A-Sync search before the decoder is synchronised */
int ete_pkt_sync_byte(struct ete_pkt_decoder *d, uint8_t b, uint64_t idx,
		      struct ete_pkt *pkt);
int ete_pkt_sync_flush(struct ete_pkt_decoder *d, struct ete_pkt *pkt);

/* sync_mode values */
enum { SYNC_NOT_SYNC, SYNC_EXT, SYNC_ASYNC };

static inline int ete_pkt_type_status(enum ete_pkt_type t)
{
	switch (t) {
	case ETE_PKT_T_RESERVED:
	case ETE_PKT_T_RESERVED_CFG:
		return ETE_PKT_ERR_HEADER;
	case ETE_PKT_T_BAD_SEQUENCE:
		return ETE_PKT_ERR_SEQUENCE;
	case ETE_PKT_T_INCOMPLETE_EOT:
		return ETE_PKT_ERR_TRUNCATED;
	default:
		return ETE_PKT_OK;
	}
}

#endif /* _ETE_PKT_INTERNAL_H */
