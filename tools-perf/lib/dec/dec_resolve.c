// SPDX-License-Identifier: GPL-2.0
/*
 * Speculation resolution and the elements it produces.
 *
 * The P0 stack holds, oldest first, everything a packet announced that may
 * still be cancelled, plus the non-P0 entries (addresses, contexts,
 * timestamps, ...) between them, so that committing N P0 elements replays
 * everything up to the Nth in trace order.  ETE rules:
 *
 *  - Commit N: emit the oldest entries until N P0 elements (atoms count
 *    one each) have been emitted.
 *  - Cancel N: drop the newest N P0 elements; timestamps, cycle counts,
 *    events, markers and ITE among them are kept (they are not
 *    speculative), other non-P0 entries go with them.
 *  - Mispredict: the newest atom had the opposite outcome; addresses
 *    stacked after it belonged to the wrong path and are dropped.
 *  - Discard / Overflow: emit the non-speculative entries, drop the rest,
 *    lose synchronisation.
 *
 * Following an atom through the image uses the block cache: one lookup per
 * waypoint, never a loop over instructions here.
 */
#include <string.h>
#include "dec_internal.h"
#include "../img/img_internal.h"

static uint32_t mem_space(const struct ete_dec *d)
{
	switch (d->sec) {
	case ETE_SEC_ROOT:
		return ETE_MS_ROOT;
	case ETE_SEC_REALM:
		return d->el < 2 ? ETE_MS_EL1R : d->el == 2 ? ETE_MS_EL2R :
			ETE_MS_EL1R | ETE_MS_EL2R;
	case ETE_SEC_SECURE:
		return d->el == 3 ? ETE_MS_EL3 : d->el == 2 ? ETE_MS_EL2S :
			ETE_MS_EL1S;
	default:
		return d->el == 2 ? ETE_MS_EL2 : d->el < 2 ? ETE_MS_EL1N :
			ETE_MS_EL1N | ETE_MS_EL2;
	}
}

/* An entry whose preconditions the trace broke: lose sync. */
static void seq_err(struct ete_dec *d, size_t mark)
{
	if (mark <= d->nout)
		d->nout = mark;		/* unsent elements go, as in OpenCSD */
	dec_bad(d, ETE_UNSYNC_BAD_PACKET);
}

static void set_range(struct ete_dec *d, struct ete_elem *e, uint64_t start,
		      uint64_t end, uint32_t n, int exec,
		      const struct ete_insn *last, uint8_t isa)
{
	e->type = ETE_ELEM_INSTR_RANGE;
	e->start = start;
	e->end = end;
	e->ninsn = n;
	e->exec = (uint8_t)exec;
	e->last_cls = last->cls;
	e->last_sub = last->sub;
	e->last_cond = last->cond;
	e->last_size = last->size;
	e->isa = isa;
	d->n_insns += n;
}

static void set_nacc(struct ete_dec *d, struct ete_elem *e, uint64_t addr)
{
	e->type = ETE_ELEM_ADDR_NACC;
	e->start = addr;
	e->num = mem_space(d);
}

/* return stack (TRCCONFIGR.RS) */
static void rs_push(struct ete_dec *d, uint64_t addr, uint8_t isa)
{
	if (!d->ret_stack_on)
		return;
	d->rs_head = (uint8_t)((d->rs_head + 1) % ETE_DEC_RET_STACK);
	d->rs_addr[d->rs_head] = addr;
	d->rs_isa[d->rs_head] = isa;
	if (d->rs_n < ETE_DEC_RET_STACK)
		d->rs_n++;
}

static int rs_pop(struct ete_dec *d)
{
	if (!d->rs_pop_pending)
		return 0;
	d->rs_pop_pending = 0;
	if (!d->rs_n)
		return -1;
	d->addr = d->rs_addr[d->rs_head];
	d->isa = d->rs_isa[d->rs_head];
	d->rs_head = (uint8_t)((d->rs_head + ETE_DEC_RET_STACK - 1) %
			       ETE_DEC_RET_STACK);
	d->rs_n--;
	d->need_addr = 0;
	return 0;
}

static void remove_at(struct ete_dec *d, uint32_t i)
{
	for (; i + 1 < d->p0_n; i++)
		*p0_at(d, i) = *p0_at(d, i + 1);
	d->p0_n--;
}

static void update_context(struct ete_dec *d, const struct ete_p0 *c,
			   struct ete_elem *e)
{
	const struct ete_pkt_ctx *x = &c->ctx;

	e->type = ETE_ELEM_PE_CONTEXT;
	d->is64 = x->sf;
	d->sec = x->nse ? (x->ns ? ETE_SEC_REALM : ETE_SEC_ROOT) :
		(x->ns ? ETE_SEC_NONSECURE : ETE_SEC_SECURE);
	d->el = x->el;
	e->ctx.sf = x->sf;
	e->ctx.sec = d->sec;
	e->ctx.el = x->el;
	if (x->cid_updated) {
		d->cid_valid = 1;
		d->cid = x->cid;
	}
	if (x->vmid_updated) {
		d->vmid_valid = 1;
		d->vmid = x->vmid;
	}
	e->ctx.cid_valid = d->cid_valid;
	e->ctx.cid = d->cid;
	e->ctx.vmid_valid = d->vmid_valid;
	e->ctx.vmid = d->vmid;
	d->isa = e->isa = calc_isa(d->is64, c->is);
	d->need_ctxt = 0;
	if (d->ctx_fn)
		d->ctx_fn(d->ctx_fn_ctx, e);
}

static void ts_cc_event(struct ete_dec *d, const struct ete_p0 *p)
{
	int permit_ts = !d->has_ts_marker || d->first_ts_marker;
	struct ete_elem *e;

	switch (p->kind) {
	case P0_EVENT:
		dec_elem(d, p->offset, ETE_ELEM_EVENT)->num = p->param;
		break;
	case P0_CC:
		e = dec_elem(d, p->offset, ETE_ELEM_CYCLE_COUNT);
		e->cc = p->param;
		e->has_cc = 1;
		break;
	case P0_TS:
	case P0_TS_CC:
		if (!permit_ts)
			break;
		e = dec_elem(d, p->offset, ETE_ELEM_TIMESTAMP);
		e->ts = p->value;
		if (p->kind == P0_TS_CC) {
			e->cc = p->param;
			e->has_cc = 1;
		}
		break;
	case P0_MARKER:
		if (d->has_ts_marker)
			d->first_ts_marker = 1;
		dec_elem(d, p->offset, ETE_ELEM_SYNC_MARKER);
		break;
	case P0_ITE:
		e = dec_elem(d, p->offset, ETE_ELEM_INSTRUMENTATION);
		e->ctx.el = p->el;
		e->ts = p->value;
		break;
	}
}

static void trans(struct ete_dec *d, const struct ete_p0 *p)
{
	dec_elem(d, p->offset, ETE_ELEM_MEMTRANS)->reason =
		(uint8_t)(ETE_MEMTRANS_INIT + (p->kind - P0_TRANS_INIT));
}

/*
 * One committed atom: follow the image to the next waypoint.  Inlined
 * into its callers (dec_atoms_now() above all, once per atom): as a call
 * it saved and restored six registers around every block.
 */
static inline __attribute__((always_inline)) int
atom(struct ete_dec *d, const struct ete_p0 *p, int taken, size_t mark)
{
	/*
	 * The element first: the sink, called when the batch fills, may
	 * use the image, and with it the cache entry @b points to.
	 */
	struct ete_elem *e = dec_elem_slot(d);
	const struct ete_blk *b = img_block(d->img, d->addr, d->isa,
					    d->insn_flags);
	uint64_t start = d->addr;

	if (b->stop == ETE_BLK_WAYPOINT) {
		const struct ete_insn *w = &b->last;
		int eret = 0;

		/* set_range() on a zeroed element, in one go */
		*e = (struct ete_elem){
			.offset = p->offset,
			.start = start,
			.end = b->end,
			.ninsn = b->ninsn,
			.type = ETE_ELEM_INSTR_RANGE,
			.isa = d->isa,
			.exec = (uint8_t)taken,
			.last_cls = w->cls,
			.last_sub = w->sub,
			.last_cond = w->cond,
			.last_size = w->size,
		};
		d->n_insns += b->ninsn;

		d->addr = b->end;
		if (w->cls == ETE_INSN_BR) {
			if (taken) {
				d->addr = w->target;
				if (w->link)
					rs_push(d, b->end, d->isa);
			}
		} else if (w->cls == ETE_INSN_BR_INDIRECT && taken) {
			d->need_addr = 1;
			if (w->link)
				rs_push(d, b->end, d->isa);
			if (d->ret_stack_on)
				d->rs_pop_pending = 1;
			eret = w->sub == ETE_INSN_S_ERET;
		}
		if (taken)
			d->isa = w->next_isa;
		if (d->range_check && d->range_next != start) {
			/* ranges must join up after a not-taken branch */
			if (mark <= d->nout)
				d->nout = mark;
			dec_bad(d, ETE_UNSYNC_BAD_IMAGE);
			return -1;
		}
		d->range_check = !taken;
		d->range_next = b->end;
		if (eret)
			dec_elem(d, p->offset, ETE_ELEM_EXCEPTION_RET);
		return 0;
	}
	/* ran off the image */
	memset(e, 0, sizeof(*e));
	e->offset = p->offset;
	e->type = ETE_ELEM_INSTR_RANGE;
	d->need_addr = 1;
	d->range_check = 0;
	d->addr = b->end;
	if (b->ninsn) {
		set_range(d, e, start, b->end, b->ninsn, 1, &b->last, d->isa);
		e = dec_elem(d, p->offset, ETE_ELEM_ADDR_NACC);
	}
	set_nacc(d, e, d->addr);
	return 0;
}

/*
 * Walk from d->addr to @to (exclusive), not following branches, as an
 * exception's preferred return address requires.  Returns 0 when @to was
 * reached, -1 when the image ran out first; *n and *last describe the
 * instructions walked.
 */
static int walk_to(struct ete_dec *d, uint64_t to, uint32_t *n,
		   struct ete_insn *last)
{
	uint64_t a = d->addr;

	*n = 0;
	while (a != to) {
		/* fixed-size instruction sets go block by block */
		if (d->isa != ETE_ISA_T32) {
			const struct ete_blk *b = img_block(d->img, a, d->isa,
							    d->insn_flags);

			if (to > a && to <= b->end && !((to - a) & 3)) {
				*n += (uint32_t)((to - a) / 4);
				if (to == b->end && b->stop == ETE_BLK_WAYPOINT) {
					*last = b->last;
				} else if (d->isa == ETE_ISA_A64) {
					memset(last, 0, sizeof(*last));
					last->size = 4;
					last->next_isa = ETE_ISA_A64;
				} else if (ete_img_insn(d->img, to - 4, d->isa,
							d->insn_flags, last)) {
					d->addr = a;
					return -1;
				}
				a = to;
				break;
			}
			*n += b->ninsn;
			if (b->ninsn)
				*last = b->last;
			a = b->end;
			if (b->stop == ETE_BLK_NACC) {
				d->addr = a;
				return -1;
			}
			continue;
		}
		if (ete_img_insn(d->img, a, d->isa, d->insn_flags, last)) {
			d->addr = a;
			return -1;
		}
		a += last->size;
		(*n)++;
	}
	d->addr = a;
	return 0;
}

/*
 * The elements of Exception @x whose preferred return address is @ret
 * (instruction set @is), after the Context @ctx if there is one: the
 * instructions up to @ret, then the Exception.
 */
static void exception_elems(struct ete_dec *d, const struct ete_p0 *x,
			    const struct ete_p0 *ctx, uint64_t ret, uint8_t is,
			    int reset)
{
	struct ete_elem *e;

	if (!reset && x->flag) {
		int b64 = ctx ? ctx->ctx.sf : d->isa == ETE_ISA_A64;

		d->addr = ret;
		d->isa = is ? ETE_ISA_T32 : b64 ? ETE_ISA_A64 : ETE_ISA_A32;
		d->need_addr = 0;
	}
	e = dec_elem(d, x->offset, ETE_ELEM_EXCEPTION);
	if (ctx) {
		update_context(d, ctx, e);
		e = dec_elem(d, x->offset, ETE_ELEM_EXCEPTION);
	}
	if (!reset && d->addr < ret) {
		uint64_t start = d->addr;
		struct ete_insn last;
		uint32_t n;
		int nacc = walk_to(d, ret, &n, &last);

		if (nacc)
			d->need_addr = 1;
		if (!nacc || d->addr != start) {
			set_range(d, e, start, d->addr, n, 1, &last, d->isa);
			e = dec_elem(d, x->offset, ETE_ELEM_EXCEPTION);
		}
		if (nacc) {
			set_nacc(d, e, d->addr);
			e = dec_elem(d, x->offset, ETE_ELEM_EXCEPTION);
		}
	}
	e->type = ETE_ELEM_EXCEPTION;
	e->end = ret;
	e->num = x->param;
	e->ret_is_target = x->flag;
}

static int exception(struct ete_dec *d, const struct ete_p0 *x, size_t mark)
{
	int reset = x->pkt_type == ETE_PKT_T_PE_RESET;
	const struct ete_p0 *ctx = NULL, *ad;
	uint64_t ret = 0;
	uint8_t is = 0;
	uint32_t i = 1;

	if (!reset) {
		if (d->p0_n > 1 && p0_at(d, 1)->kind == P0_CTXT) {
			ctx = p0_at(d, 1);
			i = 2;
		}
		if (d->p0_n <= i || p0_at(d, i)->kind != P0_ADDR) {
			seq_err(d, mark);
			return -1;
		}
		ad = p0_at(d, i);
		ret = ad->addr;
		is = ad->is;
	}
	exception_elems(d, x, ctx, ret, is, reset);
	if (!reset)
		while (i--)
			remove_at(d, 1);
	return 0;
}

/* Q: a count of instructions, then an address; no path in between. */
static int q_elem(struct ete_dec *d, const struct ete_p0 *q, size_t mark)
{
	uint64_t qaddr = q->addr, a = d->addr;
	uint8_t qis = q->is;
	struct ete_insn ins;
	struct ete_elem *e;
	uint32_t n = 0;
	int branch = 0;

	memset(&ins, 0, sizeof(ins));
	if (!q->flag) {
		uint32_t i = 1;

		if (d->p0_n > 1 && p0_at(d, 1)->kind == P0_CTXT)
			i = 2;
		if (d->p0_n <= i || p0_at(d, i)->kind != P0_ADDR) {
			seq_err(d, mark);
			return -1;
		}
		qaddr = p0_at(d, i)->addr;
		qis = p0_at(d, i)->is;
		remove_at(d, i);
	}
	e = dec_elem(d, q->offset, ETE_ELEM_INSTR_RANGE);
	while (n < q->param) {
		if (d->isa == ETE_ISA_A64) {
			/*
			 * Block by block: a block's instructions before its
			 * waypoint are no branches; a waypoint that is no
			 * branch either (ISB, WFx, ...) does not end the walk.
			 */
			const struct ete_blk *b = img_block(d->img, a, d->isa,
							    d->insn_flags);

			if (!b->ninsn)
				break;
			if (b->ninsn > q->param - n) {
				a += 4ull * (q->param - n);
				n = q->param;
				memset(&ins, 0, sizeof(ins));
				ins.size = 4;
				ins.next_isa = ETE_ISA_A64;
				break;
			}
			n += b->ninsn;
			a = b->end;
			ins = b->last;
			if (b->stop != ETE_BLK_WAYPOINT)
				break;
			if (ins.cls == ETE_INSN_BR ||
			    ins.cls == ETE_INSN_BR_INDIRECT) {
				branch = 1;
				break;
			}
			continue;
		}
		if (ete_img_insn(d->img, a, d->isa, d->insn_flags, &ins))
			break;
		a += ins.size;
		n++;
		if (ins.cls == ETE_INSN_BR || ins.cls == ETE_INSN_BR_INDIRECT) {
			branch = 1;
			break;
		}
	}
	if (q->param && n == q->param && (a == qaddr || branch)) {
		set_range(d, e, d->addr, a, n, 1, &ins, d->isa);
	} else {
		e->type = ETE_ELEM_I_RANGE_NOPATH;
		e->start = d->addr;
		e->end = qaddr;
		e->ninsn = q->param;
		e->isa = calc_isa(d->is64, qis);
		d->n_insns += q->param;
	}
	d->addr = qaddr;
	d->isa = calc_isa(d->is64, qis);
	d->need_addr = 0;
	return 0;
}

/*
 * Source address: the instruction at the address was a taken branch, and
 * everything from the current address up to it ran.
 */
static void src_addr(struct ete_dec *d, const struct ete_p0 *p)
{
	uint64_t src = p->addr, st, en;
	struct ete_insn ins;
	uint32_t n = 1;

	if (ete_img_insn(d->img, src, d->isa, d->insn_flags, &ins)) {
		set_nacc(d, dec_elem(d, p->offset, ETE_ELEM_ADDR_NACC), src);
		return;
	}
	en = src + ins.size;
	st = (d->need_addr || d->addr > src) ? src : d->addr;
	d->need_addr = 0;
	if (en - st > ins.size) {
		if (d->isa != ETE_ISA_T32 &&
		    !(d->cfg.flags & ETE_DEC_F_SRC_ADDR_N)) {
			n = (uint32_t)((en - st) / 4);
		} else {
			struct ete_insn w;
			uint64_t a = st;

			n = 0;
			while (a < en) {
				if (ete_img_insn(d->img, a, d->isa,
						 d->insn_flags, &w)) {
					set_nacc(d, dec_elem(d, p->offset,
						 ETE_ELEM_ADDR_NACC), src);
					n = 1;
					st = src;
					break;
				}
				a += w.size;
				n++;
				if ((d->cfg.flags & ETE_DEC_F_SRC_ADDR_N) &&
				    a < en && w.cls != ETE_INSN_OTHER) {
					set_range(d, dec_elem(d, p->offset, 0),
						  st, a, n, 0, &w, d->isa);
					st = a;
					n = 0;
				}
			}
		}
	}
	if (ins.cls == ETE_INSN_BR) {
		if (ins.link)
			rs_push(d, en, d->isa);
		d->addr = ins.target;
	} else {
		d->addr = en;
		if (ins.cls == ETE_INSN_BR_INDIRECT) {
			d->need_addr = 1;
			if (ins.link)
				rs_push(d, en, d->isa);
			if (d->ret_stack_on)
				d->rs_pop_pending = 1;
		}
	}
	d->isa = ins.next_isa;
	set_range(d, dec_elem(d, p->offset, 0), st, en, n, 1, &ins, d->isa);
}

/*
 * commit()'s cases for the entries that may wait on the stack while atoms
 * commit at once (dec_atoms_now_ok()): an address, a context, and the
 * never-speculative ones.
 */
static void take_waiting(struct ete_dec *d, const struct ete_p0 *p)
{
	switch (p->kind) {
	case P0_ADDR:
		d->rs_pop_pending = 0;
		d->addr = p->addr;
		d->isa = calc_isa(d->is64, p->is);
		d->need_addr = 0;
		break;
	case P0_CTXT:
		if (p->ctx.updated)
			update_context(d, p, dec_elem(d, p->offset, 0));
		break;
	default:
		ts_cc_event(d, p);
		break;
	}
}

static void commit(struct ete_dec *d)
{
	uint32_t req = d->res_commit;
	size_t mark = d->nout;
	struct ete_elem *e;

	while (d->res_commit) {
		struct ete_p0 *p;
		int pop = 1;

		if (!d->p0_n) {
			seq_err(d, mark);
			return;
		}
		p = p0_at(d, 0);
		switch (p->kind) {
		case P0_TRC_ON:
			d->range_check = 0;
			e = dec_elem(d, p->offset, ETE_ELEM_TRACE_ON);
			e->reason = d->prev_overflow ? ETE_TRACE_ON_OVERFLOW :
				ETE_TRACE_ON_NORMAL;
			d->prev_overflow = 0;
			d->rs_n = 0;
			break;
		case P0_ADDR: case P0_CTXT:
		case P0_EVENT: case P0_TS: case P0_CC: case P0_TS_CC:
		case P0_MARKER: case P0_ITE:
			take_waiting(d, p);
			break;
		case P0_ATOM:
			while (p->natoms && d->res_commit) {
				int taken = p->atoms & 1;

				p->atoms >>= 1;
				p->natoms--;
				if (rs_pop(d)) {
					seq_err(d, mark);
					return;
				}
				if (!d->need_ctxt && !d->need_addr &&
				    atom(d, p, taken, mark))
					return;
				d->res_commit--;
			}
			pop = !p->natoms;
			break;
		case P0_EXCEP:
			if (rs_pop(d)) {
				seq_err(d, mark);
				return;
			}
			d->range_check = 0;
			if (exception(d, p, mark))
				return;
			d->res_commit--;
			break;
		case P0_EXCEP_RET:
			d->range_check = 0;
			dec_elem(d, p->offset, ETE_ELEM_EXCEPTION_RET);
			if (p->is_p0)
				d->res_commit--;
			break;
		case P0_SRC_ADDR:
			d->range_check = 0;
			src_addr(d, p);
			d->res_commit--;
			break;
		case P0_Q:
			d->range_check = 0;
			if (q_elem(d, p, mark))
				return;
			d->res_commit--;
			break;
		case P0_TRANS_START:
			if (d->comm_trans_p0)
				d->res_commit--;
			/* fall through */
		case P0_TRANS_COMMIT: case P0_TRANS_FAIL: case P0_TRANS_INIT:
			d->range_check = 0;
			trans(d, p);
			break;
		case P0_UNSEEN:
			d->res_commit--;
			break;
		case P0_TINFO:
			d->rs_n = 0;
			break;
		}
		if (pop) {
			d->p0_head = (d->p0_head + 1) & P0_MASK;
			d->p0_n--;
		}
	}
	d->spec_depth -= req - d->res_commit;
}

/*
 * Atoms committed as they arrive (dec_atoms_now_ok()): what waits on the
 * stack first, then the P0_ATOM case of commit() without the stack, as
 * commit() would take them.  Loses sync as packet_done() would.
 */
void dec_atoms_now(struct ete_dec *d, uint64_t offset, uint32_t bits,
		   uint8_t num)
{
	size_t mark = d->nout;
	struct ete_p0 p;

	for (uint32_t i = 0; i < d->p0_n; i++)
		take_waiting(d, p0_at(d, i));
	d->p0_head = (d->p0_head + d->p0_n) & P0_MASK;
	d->p0_n = 0;
	p.offset = offset;
	for (; num; num--, bits >>= 1) {
		if (rs_pop(d)) {
			seq_err(d, mark);
			break;
		}
		if (!d->need_ctxt && !d->need_addr &&
		    atom(d, &p, bits & 1, mark))
			break;
	}
	if (d->state == DEC_NO_SYNC) {
		dec_elem(d, offset, ETE_ELEM_NO_SYNC)->reason = d->unsync;
		d->state = DEC_WAIT_SYNC;
	}
}

/*
 * The address of the Exception that is all the P0 stack holds, with
 * nothing speculative (dec_exception_now_ok()): commit()'s P0_EXCEP case
 * for the stack [Exception, address], without pushing the address.
 * Loses sync as packet_done() would, at the address packet @offset.
 */
void dec_exception_now(struct ete_dec *d, uint64_t offset, uint64_t addr,
		       uint8_t is)
{
	size_t mark = d->nout;
	const struct ete_p0 *x = p0_at(d, 0);

	d->elem_pending_addr = 0;
	if (rs_pop(d)) {
		seq_err(d, mark);
	} else {
		d->range_check = 0;
		exception_elems(d, x, NULL, addr, is, 0);
		d->p0_head = (d->p0_head + 1) & P0_MASK;
		d->p0_n = 0;
	}
	if (d->state == DEC_NO_SYNC) {
		dec_elem(d, offset, ETE_ELEM_NO_SYNC)->reason = d->unsync;
		d->state = DEC_WAIT_SYNC;
	}
}

static int keep_on_cancel(uint8_t kind)
{
	return kind == P0_EVENT || kind == P0_TS || kind == P0_CC ||
		kind == P0_TS_CC || kind == P0_MARKER || kind == P0_ITE;
}

static void cancel(struct ete_dec *d)
{
	uint32_t req = d->res_cancel, i = d->p0_n, w;

	/* mark from the newest; keep non-speculative entries */
	while (d->res_cancel && i) {
		struct ete_p0 *p = p0_at(d, --i);

		p->flag &= 0x7f;
		if (p->is_p0 && p->kind == P0_ATOM) {
			uint32_t k = d->res_cancel < p->natoms ?
				d->res_cancel : p->natoms;

			p->natoms = (uint8_t)(p->natoms - k);
			d->res_cancel -= k;
			if (p->natoms)
				continue;	/* partly cancelled: stays */
		} else if (p->is_p0) {
			d->res_cancel--;
		} else if (keep_on_cancel(p->kind)) {
			continue;
		}
		p->flag |= 0x80;		/* drop */
	}
	for (w = i; i < d->p0_n; i++) {
		struct ete_p0 *p = p0_at(d, i);

		if (p->flag & 0x80)
			continue;
		if (w != i)
			*p0_at(d, w) = *p;
		w++;
	}
	d->p0_n = w;
	if (d->res_cancel) {
		d->res_cancel = 0;
		seq_err(d, d->nout);
		return;
	}
	d->spec_depth -= req;
}

static void mispredict(struct ete_dec *d)
{
	uint32_t i = d->p0_n;

	d->res_mispredict = 0;
	while (i) {
		struct ete_p0 *p = p0_at(d, --i);

		if (p->kind == P0_ATOM) {
			p->atoms ^= 1u << (p->natoms - 1);
			return;
		}
		if (p->kind == P0_UNSEEN)
			return;
		if (p->kind == P0_ADDR)
			remove_at(d, i);
	}
	seq_err(d, d->nout);
}

static void discard(struct ete_dec *d)
{
	for (uint32_t i = 0; i < d->p0_n; i++)
		ts_cc_event(d, p0_at(d, i));
	d->p0_n = 0;
	d->res_commit = d->res_cancel = 0;
	d->res_mispredict = d->res_discard = 0;
	d->spec_depth = 0;
	d->state = DEC_NO_SYNC;
	d->unsync = d->prev_overflow ? ETE_UNSYNC_OVERFLOW :
		ETE_UNSYNC_DISCARD;
	d->need_ctxt = 1;
	d->need_addr = 1;
	d->elem_pending_addr = 0;
}

void dec_resolve(struct ete_dec *d)
{
	if (d->res_commit)
		commit(d);
	if (d->state != DEC_DECODE)
		return;
	if (d->res_commit)
		return;
	if (d->res_cancel)
		cancel(d);
	if (d->state == DEC_DECODE && d->res_mispredict)
		mispredict(d);
	if (d->state == DEC_DECODE && d->res_discard)
		discard(d);
}

/* End of trace: emit what needs no commit, up to the first P0 element. */
void dec_eot(struct ete_dec *d)
{
	struct ete_elem *e;

	for (uint32_t i = 0; i < d->p0_n; i++) {
		struct ete_p0 *p = p0_at(d, i);
		int stop = 0;

		switch (p->kind) {
		case P0_TRC_ON: case P0_ATOM: case P0_EXCEP:
		case P0_EXCEP_RET: case P0_Q: case P0_UNSEEN:
			stop = 1;
			break;
		case P0_TRANS_START:
			stop = d->comm_trans_p0;
			break;
		case P0_TRANS_FAIL: case P0_TRANS_COMMIT:
			if (!d->max_spec || !d->spec_depth)
				trans(d, p);
			break;
		default:
			ts_cc_event(d, p);
			break;
		}
		if (stop)
			break;
	}
	d->p0_n = 0;
	e = dec_elem(d, d->pkt_offset, ETE_ELEM_EO_TRACE);
	e->reason = d->prev_overflow ? ETE_UNSYNC_OVERFLOW : ETE_UNSYNC_EOT;
}
