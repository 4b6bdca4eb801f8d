/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BRBE model: which branches make records (BRBCR_ELx, BRBFCR_EL1), the
 * record format (BRBINF<n>_EL1), and the record buffer, newest first.
 */
#ifndef HWM_BRBE_H
#define HWM_BRBE_H

#include <stdint.h>
#include <armtrace/brbe_regs.h>
#include <armtrace/hw_regs.h>

/* The largest count a 20-bit BRBE cycle counter (BRBIDR0_EL1.CC 0b101) holds. */
#define HWM_BRBE_CC_MAX		((1u << 20) - 1)

/*
 * BRBINF_EL1.CC all ones (exponent and mantissa): the count exceeded the
 * cycle counter (Arm ARM, BRBINF<n>_EL1.CC).
 */
#define HWM_BRBE_CC_SATURATED	\
	((uint32_t)(BRBINF_EL1_CC >> __builtin_ctzll(BRBINF_EL1_CC)))
/* The implicit leading one above the mantissa of an exponent > 0. */
#define HWM_BRBE_CC_ONE		\
	((BRBINF_EL1_CC_MANT >> __builtin_ctzll(BRBINF_EL1_CC_MANT)) + 1)

/**
 * hwm_brbe_cc_encode() - cycle count in the BRBINF CC format
 * @cycles: cycles since the previous record
 *
 * CC is an 8-bit mantissa M (CC[7:0]) with a 6-bit exponent E (CC[13:8]):
 * E 0 holds the count itself; E > 0 stands for '1':M:Zeros(E-1), that is
 * (0x100 | M) << (E - 1), the count rounded towards zero.  A count that
 * does not fit the 20-bit counter is %HWM_BRBE_CC_SATURATED.
 *
 * Return: the 14-bit value of BRBINF_EL1.CC (exponent:mantissa).
 */
uint32_t hwm_brbe_cc_encode(uint64_t cycles);

/*
 * The inverse, as a reader (perf) decodes it; a saturated count decodes
 * as HWM_BRBE_CC_MAX + 1 ("more than the counter holds").
 */
uint64_t hwm_brbe_cc_decode(uint32_t cc);

/* BRBINF TYPE of a branch kind (enum hwm_kind), -1 for none. */
int hwm_brbe_branch_type(unsigned int kind);

/* BRBFCR_EL1 type filter: does @brbfcr let a branch of @kind through? */
int hwm_brbe_type_passes(uint64_t brbfcr, unsigned int kind);

/* One record as the three registers hold it. */
struct hwm_brb_rec {
	uint64_t inf, src, tgt;
};

/*
 * The record buffer: a ring of @nrec (32 or 64) records; record 0 as the
 * guest reads it is the newest.
 */
struct hwm_brb {
	struct hwm_brb_rec rec[HW_BRB_MAX];
	unsigned int nrec;
	unsigned int head;	/* index of the newest record */
	unsigned int count;	/* valid records */
};

void hwm_brb_reset(struct hwm_brb *b, unsigned int nrec);
void hwm_brb_push(struct hwm_brb *b, const struct hwm_brb_rec *r);
/* Record @n (0 = newest) or NULL past the valid ones. */
const struct hwm_brb_rec *hwm_brb_get(const struct hwm_brb *b, unsigned int n);

#endif /* HWM_BRBE_H */
