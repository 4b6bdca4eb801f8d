/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Field parsers of the packets that both the per-packet parsers
 * (pkt_parse.c, behind ete_pkt_decode()) and the batch loop
 * (pkt_batch_loop.h) read in place: one definition of each field, inlined
 * into both so that the loop keeps its constants.  Each is bounded by the
 * bytes it is given.
 */
#ifndef _ETE_PKT_PARSE_H
#define _ETE_PKT_PARSE_H

#include "pkt_field.h"

/* The count a cycle count's field adds to: TRCCCCTLR's threshold, if any. */
static inline uint32_t cc_threshold(const struct ete_pkt_decoder *d)
{
	return d->cc_threshold_valid ? d->cc_threshold : 0;
}

/*
 * Cycle count format 1's count field at @p (@n bytes): the count above
 * the threshold, of at most ETE_CCNT_F1_COUNT_MAX_BYTES bytes (longer
 * fields keep their low bits).  Returns the field's bytes, 0 if it does
 * not end within @n.
 */
static inline __attribute__((always_inline)) unsigned int
ccnt_f1_count(const struct ete_pkt_decoder *d, const uint8_t *p,
	      unsigned int n, uint32_t *cc)
{
	uint32_t v;
	unsigned int k = cont_field(p, n, ETE_CCNT_F1_COUNT_MAX_BYTES, &v);

	if (k)
		*cc = v + cc_threshold(d);
	return k;
}

/*
 * Exception types that end the packet at three bytes whatever bit 7 of
 * the first info byte says, and reset the address state (PE reset and
 * transaction failure).  On the first info byte's type bits this is true
 * of every such packet, and of a few others the caller may then take the
 * general way.
 */
static inline bool exc_type_resets(unsigned int type)
{
	return type == ETE_EXC_TYPE_PE_RESET || type == ETE_EXC_TYPE_TRANS_FAIL;
}

/* Length of an Exception packet from its first info byte @b1. */
static inline unsigned int exc_len(uint8_t b1)
{
	if ((b1 & ETE_PKT_CONT) ||
	    exc_type_resets(ETE_FIELD_GET(ETE_EXC_TYPE, b1)))
		return ETE_EXC_MAX_LEN;
	return 2;
}

struct exc_fields {
	unsigned int type;		/* exception number, 10 bits */
	uint8_t addr_interp;		/* E1:E0 */
	bool fault_pending;		/* M of the second info byte */
};

/*
 * The fields of the Exception packet at @p (header first), whose
 * exc_len() bytes are there.
 */
static inline __attribute__((always_inline)) void
exc_fields(const uint8_t *p, struct exc_fields *f)
{
	uint8_t b1 = p[1];

	f->type = ETE_FIELD_GET(ETE_EXC_TYPE, b1);
	f->fault_pending = 0;
	if (b1 & ETE_PKT_CONT) {
		f->type |= (unsigned int)ETE_FIELD_GET(ETE_EXC_TYPE_HI, p[2]) <<
			ETE_EXC_TYPE_HI_SHIFT;
		f->fault_pending = !!(p[2] & ETE_EXC_P);
	}
	f->addr_interp = (uint8_t)((ETE_FIELD_GET(ETE_EXC_E1, b1) << 1) |
				   ETE_FIELD_GET(ETE_EXC_E0, b1));
}

#endif /* _ETE_PKT_PARSE_H */
