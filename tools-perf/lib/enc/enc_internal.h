/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Encoder internals shared by enc.c (events and state), enc_pkt.c (packet
 * builders) and enc_out.c (output window).
 *
 * Packet builders write into a pointer that has room for ETE_ENC_PKT_MAX
 * bytes (enc_reserve()) and return the length; enc_commit() accounts for
 * them.  Builders also update the model of what a decoder knows (address
 * history, context, timestamp) so that the next packet can be compressed
 * against exactly the state the decoder will have.
 */
#ifndef _ETE_ENC_INTERNAL_H
#define _ETE_ENC_INTERNAL_H

#include <string.h>
#include <ete/enc.h>
#include <armtrace/ete_pkt.h>
#include <armtrace/ete_regs.h>

/* enc_out.c */
uint8_t *enc_reserve(struct ete_enc *e);
void enc_commit(struct ete_enc *e, uint8_t *p, unsigned int n);
int enc_drain(struct ete_enc *e);

/* enc_pkt.c: each returns the bytes written at @p */
unsigned int enc_pkt_async(uint8_t *p);
unsigned int enc_pkt_trace_info(const struct ete_enc *e, uint8_t *p);
unsigned int enc_pkt_atoms(uint32_t bits, unsigned int n, uint8_t *p,
			   unsigned int *used);
unsigned int enc_pkt_addr(struct ete_enc *e, uint8_t *p, uint64_t a,
			  uint8_t is, bool with_ctx);
unsigned int enc_pkt_ctx(struct ete_enc *e, uint8_t *p, bool force);
unsigned int enc_pkt_timestamp(struct ete_enc *e, uint8_t *p, uint64_t ts,
			       uint32_t cc);
unsigned int enc_pkt_ccnt(const struct ete_enc *e, uint8_t *p,
			  uint32_t cycles);
unsigned int enc_pkt_exception(uint8_t *p, unsigned int type);
unsigned int enc_pkt_commit(uint8_t *p, uint32_t n);
unsigned int enc_pkt_cont(uint8_t *p, uint64_t v);
void enc_hist_reset(struct ete_enc *e);
void enc_hist_push(struct ete_enc *e, uint64_t a, uint8_t is);
bool enc_ctx_differs(const struct ete_enc *e);

static inline bool enc_ctx_eq(const struct ete_enc_ctx *a,
			      const struct ete_enc_ctx *b)
{
	return a->el == b->el && a->ns == b->ns && a->nse == b->nse &&
		a->sf == b->sf && a->vmid == b->vmid && a->cid == b->cid;
}

#endif /* _ETE_ENC_INTERNAL_H */
