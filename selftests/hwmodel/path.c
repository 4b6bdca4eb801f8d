// SPDX-License-Identifier: GPL-2.0
/*
 * The executed path of each vCPU, one translated block at a time.
 *
 * Every A64 branch ends a block, so the block that runs next on a vCPU
 * says whether the previous block's last branch was taken and where it
 * went.  The same comparison finds exceptions: a block that is no legal
 * successor of the previous one (or one at a higher EL) means an
 * exception was taken in or after the previous block.
 *
 *   prev block p (observed EL)        next block S
 *   +-------------------------+       +---------
 *   | i0 i1 ... iL=branch     | ----> | legal successor: a branch element
 *   +-------------------------+       | vector slot / higher EL: exception
 *
 * With -icount (hwm.exact) an inline counter per instruction says how far
 * p got: fewer than all its instructions means a synchronous exception
 * cut it short at instruction r-1.  An instruction counts when it starts,
 * so all of them reached still leaves the last one open: it completed, or
 * it trapped (QEMU ends a block at an instruction it translates as a
 * trap), which the return address or its kind decides.  Without icount
 * the return address does the same job when the handler's EL is not
 * observed: the exception stays pending until the vCPU comes back to an
 * observed EL, and where it comes back to is the preferred return address
 * (the faulting instruction, the branch's successor, ...), unless the
 * kernel changed it.
 */
#include "hwm.h"

#define ADDR(t, i)	((t)->vaddr + 4ull * (i))
#define BIT_EL(el)	(1u << (el))

static unsigned int tb_el(const struct hwm_tb *t)
{
	return t->kernel ? hwm_kernel_el() : 0;
}

static void emit_branch(struct hwm_vcpu *c, unsigned int kind, uint64_t src,
			uint64_t next, int taken, unsigned int el_from,
			unsigned int el_to)
{
	int mpred = hwm_brbe_mispredicted(c, kind);

	hwm_truth_branch(c, kind, src, next, taken, el_from, el_to);
	if (taken)
		hwm_brbe_branch(c, kind, src, next, el_from, el_to, mpred);
	hwm_ete_branch(c, kind, src, taken, next, el_to);
}

static void emit_exc(struct hwm_vcpu *c, unsigned int type, uint64_t src,
		     uint64_t ret, uint64_t vector, unsigned int el_from,
		     unsigned int el_to)
{
	hwm_truth_exception(c, type, src, ret, vector, el_from, el_to);
	/* BRBE records the preferred return address as the source. */
	hwm_brbe_exception(c, type, ret, vector, el_from, el_to);
	hwm_ete_exception(c, type, src, ret, vector, el_to);
}

/*
 * Vector tables are 2 KB aligned; an exception taken from a lower EL
 * enters the upper half (offsets 0x400-0x780), one from the same EL the
 * lower half (Arm ARM D1.3.1, "Exception vectors").  An exception from
 * EL0 always shows a change of EL, so its entry tells VBAR_ELx of the
 * kernel's EL; with it, a same-EL exception is told from an indirect
 * branch that happens to land on a 0x80-aligned kernel address (a
 * return into a module, say), which is what a vector slot looks like.
 */
static void learn_vbar(struct hwm_vcpu *c, uint64_t vector)
{
	if ((vector & 0x7f) || (vector & 0x7ff) < 0x400)
		return;
	c->vbar = vector & ~0x7ffull;
	c->vbar_known = 1;
}

/* May block @t be the entry of an exception taken at the kernel's EL? */
static int same_el_vector(const struct hwm_vcpu *c, const struct hwm_tb *t)
{
	if (!t->vec || (t->vaddr & 0x7ff) >= 0x400)
		return 0;
	return !c->vbar_known || (t->vaddr & ~0x7ffull) == c->vbar;
}

/* Is @s where the PE may go after block @p completes, without exception? */
static int legal_next(const struct hwm_tb *p, unsigned int el_p, uint64_t s,
		      unsigned int el_s)
{
	unsigned int kind = p->kinds[p->n - 1];
	uint64_t ft = ADDR(p, p->n);

	switch (kind) {
	case HWM_K_B:
	case HWM_K_BL:
		return s == p->target && el_s == el_p;
	case HWM_K_BCOND:
		return (s == p->target || s == ft) && el_s == el_p;
	case HWM_K_BR:
	case HWM_K_BLR:
	case HWM_K_RET:
		return el_s == el_p;
	case HWM_K_ERET:
		return el_s <= el_p;
	case HWM_K_CALL:
	case HWM_K_BRK:
		return 0;
	default:
		return s == ft && el_s == el_p;
	}
}

/* The exception class a vector address stands for (offset bits 8:7). */
static unsigned int vec_class(uint64_t vector)
{
	if (!vector || (vector & 0x7f))
		return HWM_VEC_UNKNOWN;
	return (vector >> 7) & 3;
}

static unsigned int async_type(unsigned int vec)
{
	switch (vec) {
	case HWM_VEC_FIQ:
		return HWM_EXC_FIQ;
	case HWM_VEC_SERROR:
		return HWM_EXC_SERROR;
	default:
		return HWM_EXC_IRQ;
	}
}

/* Type of a synchronous exception taken on an instruction of @kind. */
static unsigned int fault_type(unsigned int kind)
{
	switch (kind) {
	case HWM_K_LDST:
		return HWM_EXC_DATA_FAULT;
	case HWM_K_BRK:
		return HWM_EXC_INSN_DEBUG;
	case HWM_K_CALL:
		return HWM_EXC_CALL;
	default:
		return HWM_EXC_TRAP;
	}
}

static void count_insns(struct hwm_vcpu *c, unsigned int from, uint64_t upto)
{
	if (upto > from)
		c->insns += upto - from;
	c->shm->insns = c->insns;
}

/*
 * Instructions @from..@upto-1 of block @p ran to completion at
 * c->prev_el.  An ISB among them is no branch but a P0 instruction (ETE
 * "P0 instructions"; OpenCSD and libete decode it as a waypoint): the
 * trace unit gives it an E atom, in order with the branch or exception
 * that ends the block.  BRBE records nothing for it and the truth log,
 * a log of branches and exceptions, has no line for it.  QEMU ends a
 * block after an ISB, so it is the last instruction of its block.
 */
static void run_insns(struct hwm_vcpu *c, const struct hwm_tb *p,
		      unsigned int from, uint64_t upto)
{
	uint64_t i;

	for (i = from; i < upto && i < p->n; i++) {
		if (p->kinds[i] != HWM_K_ISB)
			continue;
		count_insns(c, from, i + 1);
		from = i + 1;
		hwm_ete_branch(c, HWM_K_ISB, ADDR(p, i), 1, ADDR(p, i + 1),
			       c->prev_el);
	}
	count_insns(c, from, upto);
}

/*
 * An exception was taken in or right after block @p (entered at @from,
 * @reached of its instructions reached, 0 if not known), to @vector
 * (0: not seen) at @el_to; @ret_hint is where the PE came back to, if
 * that is known, else 0.
 */
static void resolve_exc(struct hwm_vcpu *c, const struct hwm_tb *p,
			unsigned int from, uint64_t reached, unsigned int vec,
			uint64_t vector, unsigned int el_to, uint64_t ret_hint)
{
	unsigned int el_p = c->prev_el, n = p->n, last = n - 1;
	unsigned int kind = p->kinds[last], k, type;
	uint64_t x = 0, ft = ADDR(p, n);
	int hint_legal = ret_hint && legal_next(p, el_p, ret_hint, el_p);

	if (reached && reached < n) {
		/* Cut short: instruction reached-1 took the exception. */
		k = reached - 1;
		run_insns(c, p, from, k);
		type = vec == HWM_VEC_SYNC || vec == HWM_VEC_UNKNOWN ?
		       fault_type(p->kinds[k]) : async_type(vec);
		emit_exc(c, type, ADDR(p, k), ADDR(p, k), vector, el_p, el_to);
		return;
	}
	if (kind == HWM_K_CALL) {
		run_insns(c, p, from, n);
		emit_exc(c, HWM_EXC_CALL, ADDR(p, last), ft, vector, el_p, el_to);
		return;
	}
	if (kind == HWM_K_BRK) {
		run_insns(c, p, from, last);
		emit_exc(c, HWM_EXC_INSN_DEBUG, ADDR(p, last), ADDR(p, last),
			 vector, el_p, el_to);
		return;
	}
	/*
	 * Back inside the block: a synchronous fault there.  The counter
	 * counts an instruction when it starts, so with every instruction
	 * reached the last one may still have trapped (QEMU ends a block at
	 * an instruction it translates as a trap: an SVE access trap, an
	 * UNDEFINED encoding); coming back to it says it did not complete.
	 */
	if ((!reached || ret_hint == ADDR(p, last)) &&
	    ret_hint >= ADDR(p, from) && ret_hint <= ADDR(p, last) &&
	    !hint_legal && (vec == HWM_VEC_SYNC || vec == HWM_VEC_UNKNOWN)) {
		k = (ret_hint - p->vaddr) / 4;
		run_insns(c, p, from, k);
		emit_exc(c, fault_type(p->kinds[k]), ret_hint, ret_hint, vector,
			 el_p, el_to);
		return;
	}
	/*
	 * A fault on the last instruction, which is not a branch but may
	 * take one: a data abort, a trapped system instruction, an FP/SVE/SME
	 * access trap, UNDEFINED.  Its preferred return address is the
	 * instruction itself, which did not complete.
	 */
	if (vec == HWM_VEC_SYNC && (kind == HWM_K_LDST || kind == HWM_K_SYS ||
				    kind == HWM_K_TRAP) && ret_hint != ft) {
		run_insns(c, p, from, last);
		emit_exc(c, fault_type(kind), ADDR(p, last), ADDR(p, last),
			 vector, el_p, el_to);
		return;
	}
	/* The block completed: find its successor. */
	if (kind == HWM_K_B || kind == HWM_K_BL)
		x = p->target;
	else if (!hwm_kind_is_branch(kind))
		x = ft;
	else if (hint_legal)
		x = ret_hint;
	run_insns(c, p, from, x ? n : last);
	type = vec == HWM_VEC_SYNC ? HWM_EXC_INSN_FAULT : async_type(vec);
	if (!x) {
		/*
		 * Where the branch went is lost (the kernel resumed elsewhere):
		 * report the exception as taken on the branch itself.
		 */
		emit_exc(c, type, ADDR(p, last), ADDR(p, last), vector, el_p,
			 el_to);
		return;
	}
	if (hwm_kind_is_branch(kind))
		emit_branch(c, kind, ADDR(p, last), x,
			    kind != HWM_K_BCOND || x == p->target, el_p, el_p);
	emit_exc(c, type, x, x, vector, el_p, el_to);
}

/*
 * @hint_is_task: @ret_hint is known to be the pending task's; else it is
 * a PC seen since, which says nothing once another task runs.
 */
static void flush_pending(struct hwm_vcpu *c, uint64_t ret_hint,
			  int hint_is_task)
{
	if (!c->pend.valid)
		return;
	c->pend.valid = 0;
	if (!hint_is_task && c->pend.cid != c->shm->contextidr)
		ret_hint = 0;		/* another task: its PC says nothing */
	c->prev_el = c->pend.el_from;
	resolve_exc(c, c->pend.tb, c->pend.from, c->pend.reached, c->pend.vec,
		    c->pend.vector, c->pend.el_to, ret_hint);
}

/* Block @t at @el_s follows c->prev; both ELs are observed. */
static void resolve(struct hwm_vcpu *c, const struct hwm_tb *t,
		    unsigned int el_s, uint64_t reached)
{
	const struct hwm_tb *p = c->prev;
	unsigned int from = c->prev_from, n = p->n, last = n - 1;
	unsigned int kind = p->kinds[last], el_p = c->prev_el;
	uint64_t s = t->vaddr;

	if (reached && reached < n) {
		uint64_t k = reached - 1;

		/*
		 * A block cut short and restarted at the next instruction
		 * (QEMU re-executes an I/O access on its own under icount)
		 * is no exception.
		 */
		if (el_s == el_p && (s == ADDR(p, k) || s == ADDR(p, k + 1))) {
			run_insns(c, p, from, k);
			c->prev = NULL;
			return;
		}
		if (el_s > el_p)
			learn_vbar(c, s);
		resolve_exc(c, p, from, reached, vec_class(s),
			    el_s > el_p || same_el_vector(c, t) ? s : 0, el_s,
			    0);
		return;
	}
	if (legal_next(p, el_p, s, el_s) &&
	    !(el_s && same_el_vector(c, t) && hwm_kind_is_indirect(kind) &&
	      kind != HWM_K_ERET)) {
		run_insns(c, p, from, n);
		if (hwm_kind_is_branch(kind))
			emit_branch(c, kind, ADDR(p, last), s,
				    kind != HWM_K_BCOND || s == p->target,
				    el_p, el_s);
		return;
	}
	if (el_s > el_p)
		learn_vbar(c, s);
	if (el_s > el_p || same_el_vector(c, t)) {
		/* Into the handler, which is observed too. */
		resolve_exc(c, p, from, reached, vec_class(s), s, el_s, 0);
		return;
	}
	/*
	 * Back at the same EL somewhere else: an exception whose handler the
	 * model did not see (kernel code not instrumented).
	 */
	resolve_exc(c, p, from, reached, HWM_VEC_UNKNOWN, 0, hwm_kernel_el(), s);
}

void hwm_path_tb(struct hwm_vcpu *c, const struct hwm_tb *t, uint64_t reached)
{
	unsigned int el = tb_el(t);

	if (!(c->obs_mask & BIT_EL(el))) {
		/* Remember the highest EL run unobserved, for the return. */
		if (!c->unobs_valid || el > c->unobs_el)
			c->unobs_el = el;
		c->unobs_valid = 1;
		/* Leaving the observed ELs: the exception waits for its return. */
		if (c->prev && !c->pend.valid) {
			const struct hwm_tb *p = c->prev;
			unsigned int kind = p->kinds[p->n - 1];

			if (kind == HWM_K_ERET || el < c->prev_el) {
				run_insns(c, p, c->prev_from, p->n);
				emit_branch(c, HWM_K_ERET, ADDR(p, p->n - 1),
					    t->vaddr, 1, c->prev_el, el);
			} else {
				c->pend.valid = 1;
				c->pend.vec = vec_class(t->vaddr);
				c->pend.el_to = el;
				c->pend.el_from = c->prev_el;
				c->pend.tb = p;
				c->pend.from = c->prev_from;
				c->pend.reached = reached;
				c->pend.vector = t->vaddr;
				c->pend.cid = c->shm->contextidr;
				c->pend.ret_latched = 0;
			}
		}
		c->prev = NULL;
		return;
	}
	/* Up from an EL not observed: only an exception goes there. */
	if (c->unobs_valid && c->unobs_el < el)
		learn_vbar(c, t->vaddr);
	if (c->pend.valid) {
		unsigned int el_h = c->pend.el_to;

		flush_pending(c, t->vaddr, 0);
		hwm_brbe_return(c, t->vaddr, el_h, el);
	} else if (c->unobs_valid && c->unobs_el > el) {
		/* Back from a higher EL the model did not observe. */
		hwm_brbe_return(c, t->vaddr, c->unobs_el, el);
	} else if (c->prev) {
		resolve(c, t, el, reached);
	}
	c->unobs_valid = 0;
	hwm_ete_at(c, t->vaddr, el);
	c->prev = t;
	c->prev_from = 0;
	c->prev_el = el;
}

void hwm_path_restart(struct hwm_vcpu *c, const struct hwm_tb *tb,
		      unsigned int from)
{
	unsigned int el = tb_el(tb);

	c->pend.valid = 0;
	c->prev = NULL;
	c->unobs_valid = 0;
	if (!(c->obs_mask & BIT_EL(el))) {
		/* The PE goes on at an EL not observed; it returns from there. */
		c->unobs_valid = 1;
		c->unobs_el = el;
		return;
	}
	hwm_ete_at(c, ADDR(tb, from), el);
	if (from < tb->n) {
		c->prev = tb;
		c->prev_from = from;
		c->prev_el = el;
	}
}

void hwm_path_stop(struct hwm_vcpu *c, uint64_t ret_hint, int hint_is_task)
{
	flush_pending(c, ret_hint, hint_is_task);
	c->prev = NULL;
}
