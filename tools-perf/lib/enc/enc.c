// SPDX-License-Identifier: GPL-2.0
/*
 * ETE encoder: events -> packets.
 *
 * The encoder keeps the PE's position (pc: the next instruction it
 * executes) and a model of what a decoder reading the stream knows.
 * Information a decoder needs only before the next P0 element (atom or
 * exception) is emitted lazily, which is what lets an indirect branch's
 * target and a context change share one packet:
 *
 *   addr_pending   pc must be traced (after an indirect branch, exception,
 *                  transaction failure, Trace On or a sync)
 *   ctx_force      ...with a full context (after Trace On or a sync)
 *   ctx != ctx_sent  a traced context field changed
 *
 * Atoms are held (up to 32) and packed when another packet must follow
 * them or the window fills; everything else is written in event order.
 *
 * Speculation: the encoder never cancels.  With TRCIDR8.MAXSPEC = 0 every
 * P0 element is committed when traced; otherwise a decoder commits the
 * oldest once more than MAXSPEC are outstanding, and the encoder emits a
 * Commit for the rest before a sync, an overflow and at the end.
 */
#include "enc_internal.h"

#define ATOM_HOLD	32u	/* atoms held at most */
#define ATOM_LOOKAHEAD	25u	/* keep this many for format 6 runs */

int ete_enc_init(struct ete_enc *e, const struct ete_enc_config *cfg,
		 const struct ete_enc_ctx *ctx)
{
	const struct ete_pkt_config *r;
	uint32_t v, period;

	if (!e || !cfg)
		return ETE_ENC_ERR_INVAL;
	r = &cfg->regs;
	memset(e, 0, sizeof(*e));
	if (ETE_FIELD_GET(TRCDEVARCH_ARCHVER, r->trcdevarch) !=
	    TRCDEVARCH_ARCHVER_ETE)
		return ETE_ENC_ERR_INVAL;
	e->ite_ok = ETE_FIELD_GET(TRCDEVARCH_REVISION, r->trcdevarch) >= 3;
	e->max_spec = r->trcidr8;
	e->cci = (r->trcconfigr & TRCCONFIGR_CCI) &&
		(r->trcidr0 & TRCIDR0_TRCCCI);
	e->commopt1 = (r->trcidr0 & TRCIDR0_COMMOPT) &&
		(r->trcidr0 & TRCIDR0_TRCCCI);
	e->ts_en = !!(r->trcconfigr & TRCCONFIGR_TS);
	e->rs_on = !!(r->trcconfigr & TRCCONFIGR_RS);
	e->tx_p0 = !(r->trcidr0 & TRCIDR0_COMMTRANS);
	/*
	 * FEAT_ETEv1p1: a Timestamp Marker packet marks the point in the
	 * trace a timestamp belongs to, and decoders (OpenCSD, libete)
	 * report no timestamp before the first marker.
	 */
	e->ts_marker = e->ts_en &&
		ETE_FIELD_GET(TRCDEVARCH_REVISION, r->trcdevarch) >= 1;
	e->cc_max = (uint32_t)((1ull << (ETE_FIELD_GET(TRCIDR2_CCSIZE,
				r->trcidr2) + TRCIDR2_CCSIZE_BASE)) - 1);
	/* a cycle count field holds at most 3 x 7 bits */
	if (e->cc_max >= 1u << 21)
		e->cc_max = (1u << 21) - 1;
	e->cc_threshold = ETE_FIELD_GET(TRCCCCTLR_THRESHOLD, cfg->trcccctlr);
	if (r->trcconfigr & TRCCONFIGR_VMID) {
		v = ETE_FIELD_GET(TRCIDR2_VMIDSIZE, r->trcidr2);
		e->vmid_bytes = v == TRCIDR2_VMIDSIZE_8 ? 1 :
			v == TRCIDR2_VMIDSIZE_16 ? 2 :
			v == TRCIDR2_VMIDSIZE_32 ? 4 : 0;
	}
	if ((r->trcconfigr & TRCCONFIGR_CID) &&
	    ETE_FIELD_GET(TRCIDR2_CIDSIZE, r->trcidr2) == TRCIDR2_CIDSIZE_32)
		e->cid_bytes = 4;
	period = ETE_FIELD_GET(TRCSYNCPR_PERIOD, cfg->trcsyncpr);
	e->sync_period = period ? 1ull << period : 0;
	if (ctx)
		e->ctx = *ctx;
	e->on = 1;
	e->sync_pending = 1;
	return ETE_ENC_OK;
}

static inline int status(const struct ete_enc *e)
{
	return e->full ? ETE_ENC_FULL : ETE_ENC_OK;
}

/* Pack atoms until at most @keep are held. */
static void atoms_out(struct ete_enc *e, unsigned int keep)
{
	while (e->natoms > keep) {
		uint8_t *p = enc_reserve(e);
		unsigned int used;

		enc_commit(e, p, enc_pkt_atoms(e->atoms, e->natoms, p, &used));
		e->atoms >>= used;
		e->natoms -= used;
	}
}

static inline void flush_atoms(struct ete_enc *e)
{
	if (e->natoms)
		atoms_out(e, 0);
}

/* Outstanding P0 elements the decoder has not committed yet. */
static void commit_all(struct ete_enc *e)
{
	uint8_t *p;

	if (!e->spec)
		return;
	p = enc_reserve(e);
	enc_commit(e, p, enc_pkt_commit(p, e->spec));
	e->spec = 0;
}

static inline void p0_count(struct ete_enc *e, unsigned int n)
{
	if (!e->max_spec)
		return;
	e->spec += n;
	if (e->spec > e->max_spec)
		e->spec = e->max_spec;
}

/*
 * A-Sync + Trace Info.  The decoder forgets the address history and the
 * timestamp, so the next P0 needs the address and full context again.
 */
static void emit_sync(struct ete_enc *e)
{
	uint8_t *p;
	unsigned int n;

	flush_atoms(e);
	commit_all(e);
	p = enc_reserve(e);
	n = enc_pkt_async(p);
	n += enc_pkt_trace_info(e, p + n);
	if (!e->started) {
		/* start of trace: Trace On, as trace units do */
		e->started = 1;
		p[n++] = ETE_HDR_TRACE_ON;
	}
	enc_commit(e, p, n);
	enc_hist_reset(e);
	/* a decoder empties its return stack at a Trace Info */
	e->rs_n = 0;
	e->rs_omitted = 0;
	e->ts_valid = 0;
	e->sync_pending = 0;
	e->next_sync = e->sync_period ? e->produced + e->sync_period :
		UINT64_MAX;
	e->addr_pending = 1;
	e->ctx_force = 1;
	/* the timestamp every Trace Info is followed by, given a clock */
	if (e->ts_en && e->clock && e->on) {
		p = enc_reserve(e);
		n = 0;
		if (e->ts_marker)
			p[n++] = ETE_HDR_TS_MARKER;
		n += enc_pkt_timestamp(e, p + n, e->clock(e->clock_priv), 0);
		enc_commit(e, p, n);
	}
}

void ete_enc_set_clock(struct ete_enc *e, uint64_t (*now)(void *priv),
		       void *priv)
{
	e->clock = now;
	e->clock_priv = priv;
}

/* Called at the start of every event. */
static inline void sync_point(struct ete_enc *e)
{
	if (e->sync_pending || e->produced >= e->next_sync)
		emit_sync(e);
}

/*
 * Before a P0 element: trace what the decoder must know to place it (the
 * address, Trace On, context), in that order.
 */
static void p0_prepare(struct ete_enc *e)
{
	uint8_t *p;
	unsigned int n = 0;

	if (e->addr_pending) {
		flush_atoms(e);
		p = enc_reserve(e);
		n += enc_pkt_addr(e, p + n, e->pc, e->is,
				  e->ctx_force || enc_ctx_differs(e));
		enc_commit(e, p, n);
		e->addr_pending = 0;
		e->ctx_force = 0;
	} else if (enc_ctx_differs(e)) {
		flush_atoms(e);
		p = enc_reserve(e);
		enc_commit(e, p, enc_pkt_ctx(e, p, false));
	}
}

static void rs_push(struct ete_enc *e, uint64_t addr, uint8_t is)
{
	e->rs_head = (uint8_t)((e->rs_head + 1) % ETE_ENC_RET_STACK);
	e->rs_addr[e->rs_head] = addr;
	e->rs_is[e->rs_head] = is;
	if (e->rs_n < ETE_ENC_RET_STACK)
		e->rs_n++;
}

/*
 * Whether the target @pc, @is is the newest return address: pop it.  A
 * decoder pops it only at the next P0 element; an address before that
 * (a transaction failure's) cancels the pop: ete_enc_tx_fail() puts it
 * back.
 */
static bool rs_pop_match(struct ete_enc *e, uint64_t pc, uint8_t is)
{
	if (!e->rs_n || e->rs_addr[e->rs_head] != pc ||
	    e->rs_is[e->rs_head] != is)
		return false;
	e->rs_head = (uint8_t)((e->rs_head + ETE_ENC_RET_STACK - 1) %
			       ETE_ENC_RET_STACK);
	e->rs_n--;
	e->rs_omitted = 1;
	e->rs_omitted_addr = pc;
	e->rs_omitted_is = is;
	return true;
}

static int branch(struct ete_enc *e, uint64_t start, uint64_t next,
		  const uint64_t *ret, unsigned int flags)
{
	if (!e->on)
		return ETE_ENC_ERR_STATE;
	if (!e->pc_valid) {
		e->pc = start;
		e->pc_valid = 1;
		e->addr_pending = 1;
	} else if (start != e->pc) {
		return ETE_ENC_ERR_PATH;
	}
	sync_point(e);
	if (e->addr_pending || enc_ctx_differs(e))
		p0_prepare(e);
	/* this atom is where a decoder takes the last left-out pop */
	e->rs_omitted = 0;
	e->atoms |= (uint32_t)(flags & ETE_ENC_TAKEN) << e->natoms;
	if (++e->natoms == ATOM_HOLD)
		atoms_out(e, ATOM_LOOKAHEAD - 1);
	p0_count(e, 1);
	e->pc = next;
	/* the link first: a decoder pushes before it looks for the target */
	if (ret && e->rs_on)
		rs_push(e, *ret, e->is);
	if ((flags & (ETE_ENC_TAKEN | ETE_ENC_INDIRECT)) ==
	    (ETE_ENC_TAKEN | ETE_ENC_INDIRECT)) {
		e->is = !!(flags & ETE_ENC_IS1);
		if (!e->rs_on || !rs_pop_match(e, next, e->is))
			e->addr_pending = 1;
	} else if ((flags & (ETE_ENC_TAKEN | ETE_ENC_BROADCAST)) ==
		   (ETE_ENC_TAKEN | ETE_ENC_BROADCAST)) {
		/* broadcast: traced, never for the return stack */
		e->is = !!(flags & ETE_ENC_IS1);
		e->addr_pending = 1;
	}
	return status(e);
}

int ete_enc_branch(struct ete_enc *e, uint64_t start, uint64_t next,
		   unsigned int flags)
{
	return branch(e, start, next, NULL, flags & ~ETE_ENC_LINK);
}

int ete_enc_branch_link(struct ete_enc *e, uint64_t start, uint64_t next,
			uint64_t ret, unsigned int flags)
{
	return branch(e, start, next, &ret, flags | ETE_ENC_TAKEN);
}

static void set_ctx(struct ete_enc *e, const struct ete_enc_ctx *ctx)
{
	if (ctx)
		e->ctx = *ctx;
}

int ete_enc_exception(struct ete_enc *e, unsigned int type,
		      uint64_t ret_addr, uint64_t target,
		      const struct ete_enc_ctx *ctx)
{
	uint8_t *p;
	unsigned int n;

	if (!e->on)
		return ETE_ENC_ERR_STATE;
	if (type >= 1u << 10)
		return ETE_ENC_ERR_INVAL;
	if (!e->pc_valid) {
		e->pc = ret_addr;
		e->pc_valid = 1;
		e->addr_pending = 1;
	}
	sync_point(e);
	p0_prepare(e);
	flush_atoms(e);
	e->rs_omitted = 0;
	p = enc_reserve(e);
	n = enc_pkt_exception(p, type);
	if (type == ETE_EXC_TYPE_PE_RESET) {
		/* no return address; the decoder's address becomes 0 */
		enc_hist_push(e, 0, 0);
	} else {
		n += enc_pkt_addr(e, p + n, ret_addr, e->is, false);
	}
	enc_commit(e, p, n);
	p0_count(e, 1);
	set_ctx(e, ctx);
	e->pc = target;
	e->is = 0;
	e->addr_pending = 1;
	return status(e);
}

int ete_enc_context(struct ete_enc *e, const struct ete_enc_ctx *ctx)
{
	if (!ctx)
		return ETE_ENC_ERR_INVAL;
	e->ctx = *ctx;
	return status(e);
}

int ete_enc_trace_off(struct ete_enc *e)
{
	if (!e->on)
		return status(e);
	flush_atoms(e);
	e->on = 0;
	e->pc_valid = 0;
	e->addr_pending = 0;
	return status(e);
}

int ete_enc_trace_on(struct ete_enc *e, uint64_t addr, unsigned int flags)
{
	bool first = !e->started;

	if (e->on && e->pc_valid)
		return ETE_ENC_ERR_STATE;
	e->on = 1;
	sync_point(e);
	flush_atoms(e);
	if (!first) {
		/* the start of trace has emitted its Trace On already */
		uint8_t *p = enc_reserve(e);

		p[0] = ETE_HDR_TRACE_ON;
		enc_commit(e, p, 1);
	}
	e->pc = addr;
	e->pc_valid = 1;
	e->is = !!(flags & ETE_ENC_IS1);
	e->addr_pending = 1;
	e->ctx_force = 1;
	/* a decoder empties its return stack at a Trace On */
	e->rs_n = 0;
	e->rs_omitted = 0;
	return status(e);
}

/* A packet that is not a P0 element, written in event order. */
static uint8_t *non_p0(struct ete_enc *e)
{
	sync_point(e);
	flush_atoms(e);
	return enc_reserve(e);
}

int ete_enc_timestamp(struct ete_enc *e, uint64_t ts, uint32_t cc)
{
	unsigned int n;
	uint8_t *p;

	if (!e->ts_en || !e->on)
		return status(e);
	p = non_p0(e);
	/*
	 * The marker goes right before its timestamp: the timestamp is
	 * taken where the marker is, so nothing lies between them (as in
	 * the ETE 1.1 reference trace ts_marker).
	 */
	n = 0;
	if (e->ts_marker)
		p[n++] = ETE_HDR_TS_MARKER;
	n += enc_pkt_timestamp(e, p + n, ts, cc);
	enc_commit(e, p, n);
	return status(e);
}

int ete_enc_cycle_count(struct ete_enc *e, uint32_t cycles)
{
	uint8_t *p;

	if (!e->cci || cycles < e->cc_threshold ||
	    cycles - e->cc_threshold > e->cc_max)
		return ETE_ENC_ERR_STATE;
	if (!e->on)
		return status(e);
	p = non_p0(e);
	enc_commit(e, p, enc_pkt_ccnt(e, p, cycles));
	return status(e);
}

int ete_enc_ite(struct ete_enc *e, uint8_t el, uint64_t value)
{
	uint8_t *p;

	if (!e->ite_ok)
		return ETE_ENC_ERR_STATE;
	if (!e->on)
		return status(e);
	p = non_p0(e);
	p[0] = ETE_HDR_ITE;
	p[1] = el;
	for (unsigned int i = 0; i < ETE_ITE_PAYLOAD_BYTES; i++)
		p[2 + i] = (value >> (8 * i)) & 0xff;
	enc_commit(e, p, ETE_ITE_LEN);
	return status(e);
}

static int one_byte(struct ete_enc *e, uint8_t hdr)
{
	uint8_t *p;

	if (!e->on)
		return status(e);
	p = non_p0(e);
	p[0] = hdr;
	enc_commit(e, p, 1);
	return status(e);
}

/*
 * With TRCIDR0.COMMTRANS 0 a Transaction Start is a P0 element: it is
 * speculative like an atom, and a Commit must count it.
 */
int ete_enc_tx_start(struct ete_enc *e)
{
	int st = one_byte(e, ETE_HDR_TRANS_START);

	if (e->on && e->tx_p0)
		p0_count(e, 1);
	return st;
}

int ete_enc_tx_commit(struct ete_enc *e)
{
	return one_byte(e, ETE_HDR_TRANS_COMMIT);
}

/*
 * Transaction failure is an Exception packet of type 0x18 with no
 * address; the decoder's address becomes 0 and the restart address
 * follows as a target.
 */
int ete_enc_tx_fail(struct ete_enc *e, uint64_t restart)
{
	uint8_t *p;

	if (!e->on)
		return status(e);
	p = non_p0(e);
	enc_commit(e, p, enc_pkt_exception(p, ETE_EXC_TYPE_TRANS_FAIL));
	enc_hist_push(e, 0, 0);
	/*
	 * The restart address follows before any P0 element: a decoder
	 * takes it instead of popping for a target left out just before.
	 */
	if (e->rs_omitted) {
		rs_push(e, e->rs_omitted_addr, e->rs_omitted_is);
		e->rs_omitted = 0;
	}
	e->pc = restart;
	e->pc_valid = 1;
	e->is = 0;
	e->addr_pending = 1;
	return status(e);
}

int ete_enc_overflow(struct ete_enc *e)
{
	uint8_t *p;

	sync_point(e);
	flush_atoms(e);
	commit_all(e);
	p = enc_reserve(e);
	p[0] = ETE_HDR_EXTENSION;
	p[1] = ETE_EXT_OVERFLOW;
	enc_commit(e, p, 2);
	e->sync_pending = 1;
	return status(e);
}

int ete_enc_sync(struct ete_enc *e)
{
	e->sync_pending = 1;
	return status(e);
}

int ete_enc_flush(struct ete_enc *e)
{
	flush_atoms(e);
	return enc_drain(e);
}

int ete_enc_finish(struct ete_enc *e)
{
	if (e->sync_pending && e->started)
		emit_sync(e);
	flush_atoms(e);
	if (e->on && e->pc_valid && e->addr_pending && e->started)
		p0_prepare(e);
	commit_all(e);
	return enc_drain(e);
}

int ete_enc_event(struct ete_enc *e, const struct ete_enc_event *ev)
{
	switch (ev->type) {
	case ETE_EV_BRANCH:
		if (ev->flags & ETE_ENC_LINK)
			return ete_enc_branch_link(e, ev->start, ev->next,
						   ev->value, ev->flags);
		return ete_enc_branch(e, ev->start, ev->next, ev->flags);
	case ETE_EV_EXCEPTION:
		return ete_enc_exception(e, ev->exc, ev->start, ev->next,
					 ev->flags ? &ev->ctx : NULL);
	case ETE_EV_CONTEXT:
		return ete_enc_context(e, &ev->ctx);
	case ETE_EV_TRACE_OFF:
		return ete_enc_trace_off(e);
	case ETE_EV_TRACE_ON:
		return ete_enc_trace_on(e, ev->next, ev->flags);
	case ETE_EV_TIMESTAMP:
		return ete_enc_timestamp(e, ev->value, ev->cc);
	case ETE_EV_CYCLES:
		return ete_enc_cycle_count(e, ev->cc);
	case ETE_EV_ITE:
		return ete_enc_ite(e, (uint8_t)ev->exc, ev->value);
	case ETE_EV_TX_START:
		return ete_enc_tx_start(e);
	case ETE_EV_TX_COMMIT:
		return ete_enc_tx_commit(e);
	case ETE_EV_TX_FAIL:
		return ete_enc_tx_fail(e, ev->next);
	case ETE_EV_OVERFLOW:
		return ete_enc_overflow(e);
	default:
		return ETE_ENC_ERR_INVAL;
	}
}

const char *ete_enc_status_name(int st)
{
	switch (st) {
	case ETE_ENC_OK: return "ETE_ENC_OK";
	case ETE_ENC_FULL: return "ETE_ENC_FULL";
	case ETE_ENC_ERR_INVAL: return "ETE_ENC_ERR_INVAL";
	case ETE_ENC_ERR_PATH: return "ETE_ENC_ERR_PATH";
	case ETE_ENC_ERR_STATE: return "ETE_ENC_ERR_STATE";
	default: return "ETE_ENC_ERR_UNKNOWN";
	}
}
