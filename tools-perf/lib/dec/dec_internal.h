/* SPDX-License-Identifier: GPL-2.0 */
/* libete element layer internals, shared by dec*.c */
#ifndef _ETE_DEC_INTERNAL_H
#define _ETE_DEC_INTERNAL_H

#include <string.h>
#include <ete/dec.h>

/* decoder states */
enum {
	DEC_NO_SYNC = 0,	/* report NO_SYNC on the next packet */
	DEC_WAIT_SYNC,		/* wait for an A-Sync */
	DEC_WAIT_TINFO,		/* wait for a Trace Info */
	DEC_DECODE,
};

/* speculation stack entry kinds */
enum {
	P0_ATOM = 0,
	P0_ADDR,
	P0_CTXT,
	P0_TRC_ON,
	P0_EXCEP,
	P0_EXCEP_RET,
	P0_EVENT,
	P0_TS,
	P0_CC,
	P0_TS_CC,
	P0_MARKER,
	P0_Q,
	P0_SRC_ADDR,
	P0_TRANS_INIT,
	P0_TRANS_START,
	P0_TRANS_COMMIT,
	P0_TRANS_FAIL,
	P0_ITE,
	P0_UNSEEN,		/* uncommitted before the Trace Info */
	P0_TINFO,
};

#define P0_MASK		(ETE_DEC_P0_MAX - 1)

/* Entries that commit() only turns into elements, whatever else happens. */
static inline int p0_plain(uint8_t kind)
{
	return (kind >= P0_EVENT && kind <= P0_MARKER) || kind == P0_ITE;
}

static inline struct ete_p0 *p0_at(struct ete_dec *d, uint32_t i)
{
	return &d->p0[(d->p0_head + i) & P0_MASK];
}

/* dec.c */
void dec_out_flush(struct ete_dec *d);
void dec_reset_state(struct ete_dec *d);
void dec_bad(struct ete_dec *d, uint8_t reason);

/* dec_resolve.c */
void dec_resolve(struct ete_dec *d);
void dec_eot(struct ete_dec *d);
void dec_atoms_now(struct ete_dec *d, uint64_t offset, uint32_t bits,
		   uint8_t num);
void dec_exception_now(struct ete_dec *d, uint64_t offset, uint64_t addr,
		       uint8_t is);

static inline uint8_t calc_isa(uint8_t is64, uint8_t is)
{
	return is64 ? ETE_ISA_A64 : is ? ETE_ISA_T32 : ETE_ISA_A32;
}

/*
 * Nothing uncommitted and no speculation allowed (TRCIDR8 == 0, as on
 * most ETEs): a P0 element is committed by the packet that brings it and
 * an address by the next P0 element, with nothing in between that could
 * drop it.  Atoms and addresses then skip the P0 stack, while at most
 * @max_wait entries wait on it that commit() would take first without a
 * P0 element of their own: never-speculative ones (cycle counts,
 * timestamps, events, markers, ITE), and with @addr_ctxt an address and
 * a context.  They stay on the stack until taken, so a discard or the
 * end of the trace drops or keeps them as it would have.
 */
static inline int dec_now_ok(struct ete_dec *d, uint32_t max_wait,
			     int addr_ctxt)
{
	if (d->max_spec || d->spec_depth || d->p0_n > max_wait)
		return 0;
	for (uint32_t i = 0; i < d->p0_n; i++) {
		uint8_t k = p0_at(d, i)->kind;

		if (!p0_plain(k) &&
		    !(addr_ctxt && (k == P0_ADDR || k == P0_CTXT)))
			return 0;
	}
	return 1;
}

/*
 * An address takes effect at once: nothing may wait before it that it
 * would have to follow (a context sets the ISA it is read with).
 */
static inline int dec_commit_now(struct ete_dec *d)
{
	return dec_now_ok(d, 2, 0);
}

/* Atoms commit as they arrive; dec_atoms_now() takes what waits first. */
#define DEC_WAIT_MAX	4

static inline int dec_atoms_now_ok(struct ete_dec *d)
{
	return dec_now_ok(d, DEC_WAIT_MAX, 1);
}

/*
 * The address an Exception waits for, when the Exception is all the P0
 * stack holds and no speculation is allowed: the Exception would be
 * committed by this address anyway (dec_exception_now()).
 */
static inline int dec_exception_now_ok(struct ete_dec *d)
{
	return !d->max_spec && d->p0_n == 1 && !d->spec_depth &&
		d->elem_pending_addr && p0_at(d, 0)->kind == P0_EXCEP;
}

/*
 * Room for a new element at the end of the batch (sent to the sink when
 * full), for a caller that writes all of it.
 */
static inline struct ete_elem *dec_elem_slot(struct ete_dec *d)
{
	if (d->nout == ETE_DEC_BATCH)
		dec_out_flush(d);
	d->n_elems++;
	return &d->out[d->nout++];
}

/* A new element at the end of the batch (sent to the sink when full). */
static inline struct ete_elem *dec_elem(struct ete_dec *d, uint64_t offset,
					uint8_t type)
{
	struct ete_elem *e = dec_elem_slot(d);

	memset(e, 0, sizeof(*e));
	e->offset = offset;
	e->type = type;
	return e;
}

#endif
