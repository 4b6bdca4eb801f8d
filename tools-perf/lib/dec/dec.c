// SPDX-License-Identifier: GPL-2.0
/*
 * Element decoder: synchronisation state machine and packet -> speculation
 * stack.  Each packet either changes the decoder state, or pushes an entry
 * on the speculation (P0) stack, or asks for resolution (commit, cancel,
 * mispredict, discard) which dec_resolve.c carries out.
 *
 *   NO_SYNC --any packet: emit NO_SYNC--> WAIT_SYNC --A-Sync--> WAIT_TINFO
 *      ^                                                          |
 *      |                                                     Trace Info
 *   bad packet, Discard, Overflow, sequence error                 v
 *      +--------------------------------------------------- DECODE
 */
#include <stddef.h>
#include <string.h>
#include <armtrace/ete_pkt.h>
#include <armtrace/ete_regs.h>
#include "dec_internal.h"
#include "../pkt/pkt_batch_loop.h"

void dec_out_flush(struct ete_dec *d)
{
	if (d->nout && !d->sink_err &&
	    d->sink(d->sink_ctx, d->out, d->nout))
		d->sink_err = 1;
	d->nout = 0;
}

/* Forget everything uncommitted (OpenCSD's resetDecoder). */
void dec_reset_state(struct ete_dec *d)
{
	d->state = DEC_NO_SYNC;
	d->spec_depth = 0;
	d->need_ctxt = 1;
	d->need_addr = 1;
	d->elem_pending_addr = 0;
	d->prev_overflow = 0;
	d->first_ts_marker = 0;
	d->res_commit = d->res_cancel = 0;
	d->res_mispredict = d->res_discard = 0;
	d->p0_head = d->p0_n = 0;
	d->rs_n = d->rs_head = d->rs_pop_pending = 0;
	d->range_check = 0;
}

/* A packet the element layer cannot use: unsynchronised until A-Sync. */
void dec_bad(struct ete_dec *d, uint8_t reason)
{
	dec_reset_state(d);
	d->unsync = reason;
}

int ete_dec_init(struct ete_dec *d, const struct ete_dec_config *cfg,
		 struct ete_img *img, ete_dec_sink_fn sink, void *ctx)
{
	const struct ete_pkt_config *r = &cfg->pkt;

	if (!sink || !img)
		return ETE_DEC_ERR_INVAL;
	memset(d, 0, offsetof(struct ete_dec, p0));
	if (ete_pkt_decoder_init(&d->pkt, r))
		return ETE_DEC_ERR_INVAL;
	d->cfg = *cfg;
	d->img = img;
	d->sink = sink;
	d->sink_ctx = ctx;
	d->max_spec = r->trcidr8;
	d->insn_flags = ((r->trcidr2 & TRCIDR2_WFXMODE) ?
			 ETE_INSN_F_WFX_BRANCH : 0) |
		((cfg->flags & ETE_DEC_F_CMPBR_UNCOND) ?
		 ETE_INSN_F_CMPBR_UNCOND : 0);
	d->ts_with_cc = !!(r->trcconfigr & TRCCONFIGR_CCI);
	/* ETE 1.1 and later mark timestamps; TS are reported after one */
	d->has_ts_marker =
		ETE_FIELD_GET(TRCDEVARCH_REVISION, r->trcdevarch) >= 1 &&
		(r->trcconfigr & TRCCONFIGR_TS);
	d->comm_trans_p0 = !(r->trcidr0 & TRCIDR0_COMMTRANS);
	d->ret_stack_on = !!(r->trcconfigr & TRCCONFIGR_RS);
	d->nout = 0;
	dec_reset_state(d);
	d->unsync = ETE_UNSYNC_INIT_DECODER;
	d->isa = ETE_ISA_A64;
	return ETE_DEC_OK;
}

void ete_dec_set_ctx_fn(struct ete_dec *d, ete_dec_ctx_fn fn, void *ctx)
{
	d->ctx_fn = fn;
	d->ctx_fn_ctx = ctx;
}

void ete_dec_set_img(struct ete_dec *d, struct ete_img *img)
{
	if (img)
		d->img = img;
}

void ete_dec_reset(struct ete_dec *d)
{
	d->sink_err = 0;	/* a new session: the sink is called again */
	ete_pkt_decoder_reset(&d->pkt);
	dec_reset_state(d);
	d->unsync = ETE_UNSYNC_RESET_DECODER;
}

static inline struct ete_p0 *push_at(struct ete_dec *d, uint8_t kind,
				     uint8_t is_p0, uint64_t offset,
				     uint8_t pkt_type)
{
	struct ete_p0 *e;

	if (d->p0_n == ETE_DEC_P0_MAX) {
		/* more uncommitted elements than any real trace unit keeps */
		dec_bad(d, ETE_UNSYNC_BAD_PACKET);
		return NULL;
	}
	e = p0_at(d, d->p0_n++);
	e->kind = kind;
	e->is_p0 = is_p0;
	e->offset = offset;
	e->pkt_type = pkt_type;
	e->flag = 0;
	return e;
}

static struct ete_p0 *push(struct ete_dec *d, uint8_t kind, uint8_t is_p0,
			   const struct ete_pkt *pkt)
{
	return push_at(d, kind, is_p0, pkt->offset, (uint8_t)pkt->type);
}

static void push_addr_at(struct ete_dec *d, uint8_t kind, uint64_t offset,
			 uint8_t pkt_type, uint64_t addr, uint8_t is)
{
	struct ete_p0 *e = push_at(d, kind, kind == P0_SRC_ADDR, offset,
				   pkt_type);

	d->last_is = is;
	if (e) {
		e->addr = addr;
		e->is = is;
	}
}

/* An address packet (not a source address): committed now if it can be. */
static inline void addr_at(struct ete_dec *d, uint64_t offset,
			   uint8_t pkt_type, uint64_t addr, uint8_t is)
{
	if (dec_commit_now(d) && !d->elem_pending_addr) {
		/* commit()'s P0_ADDR case, now */
		d->last_is = is;
		d->rs_pop_pending = 0;
		d->addr = addr;
		d->isa = calc_isa(d->is64, is);
		d->need_addr = 0;
		return;
	}
	if (dec_exception_now_ok(d)) {
		d->last_is = is;
		dec_exception_now(d, offset, addr, is);
		return;
	}
	push_addr_at(d, P0_ADDR, offset, pkt_type, addr, is);
}

static void push_ctxt_at(struct ete_dec *d, uint64_t offset, uint8_t pkt_type,
			 const struct ete_pkt_ctx *ctx)
{
	struct ete_p0 *e = push_at(d, P0_CTXT, 0, offset, pkt_type);

	if (e) {
		e->ctx = *ctx;
		e->is = d->last_is;
	}
}

static void push_atoms_at(struct ete_dec *d, uint64_t offset,
			  uint8_t pkt_type, uint32_t bits, uint8_t num)
{
	struct ete_p0 *e = push_at(d, P0_ATOM, 1, offset, pkt_type);

	if (e) {
		e->atoms = bits;
		e->natoms = num;
		d->spec_depth += num;
	}
}

/* An atom packet (not a Mispredict or Cancel carrying atoms). */
static inline void atoms_at(struct ete_dec *d, uint64_t offset,
			    uint8_t pkt_type, uint32_t bits, uint8_t num)
{
	if (dec_atoms_now_ok(d))
		dec_atoms_now(d, offset, bits, num);
	else
		push_atoms_at(d, offset, pkt_type, bits, num);
}

static void push_param(struct ete_dec *d, uint8_t kind, uint8_t is_p0,
		       const struct ete_pkt *pkt, uint32_t param)
{
	struct ete_p0 *e = push(d, kind, is_p0, pkt);

	if (e)
		e->param = param;
}

/* Trace Info at synchronisation: speculation carried over from before. */
static void trace_info(struct ete_dec *d, const struct ete_pkt *pkt)
{
	d->spec_depth = pkt->tinfo.spec;
	for (uint32_t i = 0; i < d->spec_depth && d->p0_n < ETE_DEC_P0_MAX;
	     i++)
		push(d, P0_UNSEEN, 1, pkt);
	push(d, P0_TINFO, 0, pkt);
	if (pkt->tinfo.info & ETE_TINFO_INFO_TSTATE)
		push(d, P0_TRANS_INIT, 0, pkt);
}

/* After each packet in DECODE: implied commits, then resolution. */
static inline void packet_done(struct ete_dec *d, int is_addr,
			       uint64_t offset)
{
	if (d->state != DEC_DECODE)
		return;			/* the stack overflowed */
	if (is_addr && d->elem_pending_addr) {
		d->spec_depth++;
		d->elem_pending_addr = 0;
	}
	if (d->spec_depth > d->max_spec)
		d->res_commit = d->spec_depth - d->max_spec;
	if (d->res_commit || d->res_cancel || d->res_mispredict ||
	    d->res_discard) {
		dec_resolve(d);
		/* lost sync while resolving: say so at this packet */
		if (d->state == DEC_NO_SYNC) {
			dec_elem(d, offset, ETE_ELEM_NO_SYNC)->reason =
				d->unsync;
			d->state = DEC_WAIT_SYNC;
		}
	}
}

static void decode_rec(struct ete_dec *d, const struct ete_pkt_rec *r,
		       uint64_t off);

/*
 * The record the batch loop makes of a packet of the types it takes, for
 * a packet that came another way (ete_pkt_decode()): decode_rec() then
 * acts on both alike.
 */
static void pkt_to_rec(const struct ete_pkt *pkt, struct ete_pkt_rec *r)
{
	r->off = 0;
	r->type = (uint8_t)pkt->type;
	r->len = pkt->len;
	r->hdr = pkt->hdr;
	switch (pkt->type) {
	case ETE_PKT_T_ATOM_F1: case ETE_PKT_T_ATOM_F2:
	case ETE_PKT_T_ATOM_F3: case ETE_PKT_T_ATOM_F4:
	case ETE_PKT_T_ATOM_F5: case ETE_PKT_T_ATOM_F6:
		r->num = pkt->atom_num;
		r->val = pkt->atom_bits;
		break;
	case ETE_PKT_T_EXCEPT:
		r->num = pkt->exc.addr_interp;
		r->val = pkt->exc.type;
		break;
	case ETE_PKT_T_EVENT:
		r->num = 0;
		r->val = pkt->event;
		break;
	default:
		if (pkt->type >= ETE_PKT_T_ADDR_MATCH &&
		    pkt->type <= ETE_PKT_T_SRC_ADDR_L_64IS1) {
			r->num = pkt->addr.is;
			r->val = pkt->addr.val;
		} else {
			/* contexts, timestamps, cycle counts, speculation */
			parsed_rec(pkt, r);
		}
		break;
	}
}

/*
 * A packet in DECODE: the types the batch loop never takes here, the rest
 * through their record and decode_rec(), so that each type's action has
 * one definition whichever way its packet came.
 */
static void decode_packet(struct ete_dec *d, const struct ete_pkt *pkt)
{
	struct ete_pkt_rec r;
	struct ete_p0 *e;

	switch (pkt->type) {
	case ETE_PKT_T_ASYNC:
		break;
	case ETE_PKT_T_TRACE_INFO:
		push(d, P0_TINFO, 0, pkt);
		break;
	case ETE_PKT_T_PE_RESET:
		e = push(d, P0_EXCEP, 1, pkt);
		if (e)
			e->param = pkt->exc.type;
		break;
	case ETE_PKT_T_Q:
		e = push(d, P0_Q, 1, pkt);
		if (!e)
			break;
		e->param = pkt->q.count_present ? pkt->q.count : 0;
		if (pkt->q.addr_present) {
			e->flag = 1;
			e->addr = pkt->addr.val;
			e->is = pkt->addr.is;
			d->spec_depth++;
		} else {
			d->elem_pending_addr = 1;
		}
		break;
	case ETE_PKT_T_TRANS_FAIL:
		push(d, P0_TRANS_FAIL, 0, pkt);
		break;
	case ETE_PKT_T_ITE:
		e = push(d, P0_ITE, 0, pkt);
		if (e) {
			e->el = pkt->ite.el;
			e->value = pkt->ite.value;
		}
		break;
	case ETE_PKT_T_OVERFLOW:
		d->prev_overflow = 1;
		/* fall through */
	case ETE_PKT_T_DISCARD:
		d->spec_depth = 0;
		d->res_discard = 1;
		break;
	default:
		pkt_to_rec(pkt, &r);
		decode_rec(d, &r, pkt->offset);
		return;
	}
	packet_done(d, 0, pkt->offset);
}

/*
 * A packet of the types ete_pkt_decode_batch() produces, in DECODE, from
 * its 24-byte record (decode_packet() sends those of the slow path here
 * too); anything else is a packet the element layer cannot use.
 */
static void decode_rec(struct ete_dec *d, const struct ete_pkt_rec *r,
		       uint64_t off)
{
	uint8_t type = r->type;
	int is_addr = 0;
	struct ete_pkt_ctx ctx;
	struct ete_p0 *e;

	switch (type) {
	case ETE_PKT_T_IGNORE:
		break;
	case ETE_PKT_T_TRACE_ON:
		push_at(d, P0_TRC_ON, 0, off, type);
		break;
	case ETE_PKT_T_ATOM_F1: case ETE_PKT_T_ATOM_F2:
	case ETE_PKT_T_ATOM_F3: case ETE_PKT_T_ATOM_F4:
	case ETE_PKT_T_ATOM_F5: case ETE_PKT_T_ATOM_F6:
		atoms_at(d, off, type, (uint32_t)r->val, r->num);
		break;
	case ETE_PKT_T_CTXT:
	case ETE_PKT_T_ADDR_CTXT_L_32IS0: case ETE_PKT_T_ADDR_CTXT_L_32IS1:
	case ETE_PKT_T_ADDR_CTXT_L_64IS0: case ETE_PKT_T_ADDR_CTXT_L_64IS1:
		rec_ctx(r, &ctx);
		if (type == ETE_PKT_T_CTXT) {
			push_ctxt_at(d, off, type, &ctx);
			break;
		}
		/* decode_packet(): the context, then the address */
		d->last_is = rec_ctx_is(r);
		push_ctxt_at(d, off, type, &ctx);
		/* fall through */
	case ETE_PKT_T_ADDR_MATCH:
	case ETE_PKT_T_ADDR_S_IS0: case ETE_PKT_T_ADDR_S_IS1:
	case ETE_PKT_T_ADDR_L_32IS0: case ETE_PKT_T_ADDR_L_32IS1:
	case ETE_PKT_T_ADDR_L_64IS0: case ETE_PKT_T_ADDR_L_64IS1:
		/* IS is bit 0 of @num for both kinds of address record */
		addr_at(d, off, type, r->val, rec_ctx_is(r));
		is_addr = 1;
		break;
	case ETE_PKT_T_SRC_ADDR_MATCH:
	case ETE_PKT_T_SRC_ADDR_S_IS0: case ETE_PKT_T_SRC_ADDR_S_IS1:
	case ETE_PKT_T_SRC_ADDR_L_32IS0: case ETE_PKT_T_SRC_ADDR_L_32IS1:
	case ETE_PKT_T_SRC_ADDR_L_64IS0: case ETE_PKT_T_SRC_ADDR_L_64IS1:
		push_addr_at(d, P0_SRC_ADDR, off, type, r->val, r->num);
		d->spec_depth++;
		break;
	case ETE_PKT_T_EXCEPT:
		e = push_at(d, P0_EXCEP, 1, off, type);
		if (e) {
			e->param = (uint32_t)r->val;
			e->flag = r->num == 2;
			/* counted when its address arrives */
			d->elem_pending_addr = 1;
		}
		break;
	case ETE_PKT_T_TS_MARKER:
		e = push_at(d, P0_MARKER, 0, off, type);
		if (e)
			e->param = 0;
		break;
	case ETE_PKT_T_TIMESTAMP:
		e = push_at(d, d->ts_with_cc ? P0_TS_CC : P0_TS, 0, off, type);
		if (e) {
			e->value = r->val;
			e->param = (uint32_t)r->val2;
		}
		break;
	case ETE_PKT_T_TRANS_ST:
		push_at(d, P0_TRANS_START, d->comm_trans_p0, off, type);
		if (d->comm_trans_p0)
			d->spec_depth++;
		break;
	case ETE_PKT_T_TRANS_COMMIT:
		push_at(d, P0_TRANS_COMMIT, 0, off, type);
		break;
	case ETE_PKT_T_EVENT:
		e = push_at(d, P0_EVENT, 0, off, type);
		if (e)
			e->param = (uint32_t)r->val;
		break;
	case ETE_PKT_T_CCNT_F1: case ETE_PKT_T_CCNT_F2: case ETE_PKT_T_CCNT_F3:
		e = push_at(d, P0_CC, 0, off, type);
		if (e)
			e->param = rec_cc_count(r);
		if (rec_cc_has_commit(r))
			d->res_commit = rec_cc_commit(r);
		break;
	case ETE_PKT_T_MISPREDICT:
	case ETE_PKT_T_CANCEL_F1_MISPRED:
	case ETE_PKT_T_CANCEL_F2:
	case ETE_PKT_T_CANCEL_F3:
		d->res_mispredict = 1;
		if (r->num)
			push_atoms_at(d, off, type, rec_spec_atoms(r), r->num);
		d->res_cancel = rec_spec_cancel(r);
		break;
	case ETE_PKT_T_CANCEL_F1:
		d->res_cancel = (uint32_t)r->val;
		break;
	case ETE_PKT_T_COMMIT:
		d->res_commit = (uint32_t)r->val;
		break;
	default:
		/* reserved headers, bad sequences, truncated packets */
		dec_bad(d, ETE_UNSYNC_BAD_PACKET);
		return;
	}
	packet_done(d, is_addr, off);
}

/* The full packet a record stands for (outside DECODE: rare). */
static void rec_to_pkt(const struct ete_pkt_rec *r, uint64_t off,
		       struct ete_pkt *pkt)
{
	memset(pkt, 0, sizeof(*pkt));
	pkt->offset = off;
	pkt->type = (enum ete_pkt_type)r->type;
	pkt->len = r->len;
	pkt->hdr = r->hdr;
	switch (r->type) {
	case ETE_PKT_T_EVENT:
		pkt->event = (uint8_t)r->val;
		break;
	case ETE_PKT_T_EXCEPT:
		pkt->exc.type = (uint16_t)r->val;
		pkt->exc.addr_interp = r->num;
		break;
	case ETE_PKT_T_CCNT_F1: case ETE_PKT_T_CCNT_F2: case ETE_PKT_T_CCNT_F3:
		pkt->cc = rec_cc_count(r);
		pkt->cc_valid = rec_cc_has_count(r);
		pkt->commit = rec_cc_commit(r);
		pkt->commit_valid = rec_cc_has_commit(r);
		break;
	case ETE_PKT_T_COMMIT:
		pkt->commit = (uint32_t)r->val;
		pkt->commit_valid = 1;
		break;
	case ETE_PKT_T_CANCEL_F1:
		pkt->cancel = (uint32_t)r->val;
		break;
	case ETE_PKT_T_CTXT:
	case ETE_PKT_T_ADDR_CTXT_L_32IS0: case ETE_PKT_T_ADDR_CTXT_L_32IS1:
	case ETE_PKT_T_ADDR_CTXT_L_64IS0: case ETE_PKT_T_ADDR_CTXT_L_64IS1:
		rec_ctx(r, &pkt->ctx);
		pkt->addr.val = r->val;
		pkt->addr.is = rec_ctx_is(r);
		break;
	case ETE_PKT_T_TIMESTAMP:
		pkt->ts = r->val;
		pkt->ts_bits = (uint8_t)rec_ts_bits(r);
		pkt->cc = (uint32_t)r->val2;
		pkt->cc_valid = rec_ts_has_cc(r);
		break;
	default:
		if (r->type >= ETE_PKT_T_ADDR_MATCH &&
		    r->type <= ETE_PKT_T_SRC_ADDR_L_64IS1) {
			pkt->addr.val = r->val;
			pkt->addr.is = r->num;
		} else {
			/* atoms, Mispredict, Cancel F2/F3 */
			pkt->atom_bits = rec_spec_atoms(r);
			pkt->atom_num = r->num;
			pkt->cancel = rec_spec_cancel(r);
		}
		break;
	}
}

static void packet(struct ete_dec *d, const struct ete_pkt *pkt);

/* what dec_emit() needs besides the record */
struct dec_batch {
	struct ete_dec *d;
	uint64_t base;		/* trace index of the loop's first byte */
};

/*
 * pkt_batch_loop()'s @emit for the element layer: each packet acted on as
 * it is decoded.  @kind, a constant at each of the loop's calls, says
 * what kind of packet this can be: addresses (not source addresses) and
 * atoms go straight to their case of decode_rec().  It must be inlined
 * into the loop for that (and the record to stay in registers): left to
 * its heuristics, the compiler once made it a call per packet.
 */
static inline __attribute__((always_inline)) int
dec_emit(void *ctx, enum pkt_emit_kind kind, const struct ete_pkt_rec *r)
{
	const struct dec_batch *b = ctx;
	struct ete_dec *d = b->d;
	uint64_t off = b->base + r->off;
	struct ete_pkt pkt;

	if (d->state != DEC_DECODE) {
		rec_to_pkt(r, off, &pkt);
		packet(d, &pkt);
		return d->sink_err;
	}
	d->pkt_offset = off;
	d->n_packets++;
	if (kind == EMIT_ADDR && r->type <= ETE_PKT_T_ADDR_L_64IS1) {
		addr_at(d, off, r->type, r->val, rec_ctx_is(r));
		packet_done(d, 1, off);
	} else if (kind == EMIT_ONE && r->type >= ETE_PKT_T_ATOM_F1 &&
		   r->type <= ETE_PKT_T_ATOM_F6) {
		atoms_at(d, off, r->type, (uint32_t)r->val, r->num);
		packet_done(d, 0, off);
	} else {
		decode_rec(d, r, off);
	}
	return d->sink_err;
}

static void packet(struct ete_dec *d, const struct ete_pkt *pkt)
{
	d->pkt_offset = pkt->offset;
	d->n_packets++;
	switch (d->state) {
	case DEC_NO_SYNC:
		dec_elem(d, pkt->offset, ETE_ELEM_NO_SYNC)->reason = d->unsync;
		d->state = DEC_WAIT_SYNC;
		/* this packet may be the A-Sync */
		/* fall through */
	case DEC_WAIT_SYNC:
		if (pkt->type == ETE_PKT_T_ASYNC)
			d->state = DEC_WAIT_TINFO;
		break;
	case DEC_WAIT_TINFO:
		d->need_ctxt = 1;
		d->need_addr = 1;
		if (pkt->type == ETE_PKT_T_TRACE_INFO) {
			d->state = DEC_DECODE;
			trace_info(d, pkt);
			d->rs_n = 0;
		} else if (pkt->type == ETE_PKT_T_EVENT) {
			/* ETE: events are traced before the Trace Info */
			push_param(d, P0_EVENT, 0, pkt, pkt->event);
		}
		break;
	case DEC_DECODE:
		decode_packet(d, pkt);
		break;
	}
}

int ete_dec_packet(struct ete_dec *d, const struct ete_pkt *pkt)
{
	packet(d, pkt);
	dec_out_flush(d);
	return d->sink_err ? ETE_DEC_ERR_SINK : ETE_DEC_OK;
}

int ete_dec_decode(struct ete_dec *d, const uint8_t *buf, size_t len,
		   uint64_t index)
{
	struct ete_pkt pkt;

	while (len && !d->sink_err) {
		/* the tail of a buffer goes packet by packet, no call needed */
		const uint8_t *end = len < FAST_WINDOW ? NULL :
			pkt_batch_end(&d->pkt, buf, len, SIZE_MAX);
		size_t used;
		int st;

		/* the common packets acted on as the fast loop decodes them */
		if (end) {
			struct dec_batch b = { d, index };
			struct ete_pkt_rec one, *r = &one;

			used = pkt_batch_loop(&d->pkt, buf, end, &r, 0,
					      dec_emit, &b);
			if (used) {
				buf += used;
				len -= used;
				index += used;
				continue;
			}
		}
		st = ete_pkt_decode(&d->pkt, buf, len, index, &used, &pkt);

		buf += used;
		len -= used;
		index += used;
		if (st != ETE_PKT_MORE)
			packet(d, &pkt);
		else if (!used)
			break;
	}
	dec_out_flush(d);
	return d->sink_err ? ETE_DEC_ERR_SINK : ETE_DEC_OK;
}

int ete_dec_flush(struct ete_dec *d)
{
	struct ete_pkt pkt;

	if (ete_pkt_flush(&d->pkt, &pkt) != ETE_PKT_EOT)
		packet(d, &pkt);
	dec_eot(d);
	dec_out_flush(d);
	return d->sink_err ? ETE_DEC_ERR_SINK : ETE_DEC_OK;
}
