/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libete packet layer internals shared by the table, the parsers, the
 * synchronisation search and the streaming driver.
 */
#ifndef _ETE_PKT_INTERNAL_H
#define _ETE_PKT_INTERNAL_H

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

/* Every address a packet supplies becomes entry 0; older ones shift down. */
static inline void ete_pkt_addr_push(struct ete_pkt_decoder *d)
{
	d->stack[2] = d->stack[1];
	d->stack[1] = d->stack[0];
	d->stack[0] = d->addr;
}

/*
 * @a becomes the current address and entry 0.  Built in registers and
 * stored whole, both places: an address written field by field and then
 * copied as one 16-byte struct makes the copy wait for the fields (the
 * store buffer cannot forward several small stores to one larger load).
 */
static inline void ete_pkt_addr_set(struct ete_pkt_decoder *d,
				    struct ete_pkt_addr a)
{
	d->stack[2] = d->stack[1];
	d->stack[1] = d->stack[0];
	d->stack[0] = a;
	d->addr = a;
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
