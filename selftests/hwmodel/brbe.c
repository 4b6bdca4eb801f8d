// SPDX-License-Identifier: GPL-2.0
/*
 * BRBE record formats and filters (Arm ARM D18 "The Branch Record Buffer
 * Extension"): pure functions, unit-tested on the host.
 */
#include <string.h>
#include "a64.h"
#include "brbe.h"

/* The value of BRBINF_EL1.CC with this exponent and mantissa. */
static uint32_t cc_value(uint64_t exp, uint64_t mant)
{
	return (uint32_t)FIELD_GET(BRBINF_EL1_CC,
				   FIELD_PREP(BRBINF_EL1_CC_EXP, exp) |
				   FIELD_PREP(BRBINF_EL1_CC_MANT, mant));
}

uint32_t hwm_brbe_cc_encode(uint64_t cycles)
{
	unsigned int msb, exp;

	if (cycles > HWM_BRBE_CC_MAX)
		return HWM_BRBE_CC_SATURATED;
	if (cycles < HWM_BRBE_CC_ONE)
		return cc_value(0, cycles);
	msb = 63 - __builtin_clzll(cycles);	/* 8 .. 19 */
	exp = msb - 7;
	/* The leading one is implicit: FIELD_PREP drops it with the mask. */
	return cc_value(exp, cycles >> (exp - 1));
}

uint64_t hwm_brbe_cc_decode(uint32_t cc)
{
	uint64_t inf = FIELD_PREP(BRBINF_EL1_CC, cc);
	uint64_t exp = FIELD_GET(BRBINF_EL1_CC_EXP, inf);
	uint64_t mant = FIELD_GET(BRBINF_EL1_CC_MANT, inf);

	if (cc == HWM_BRBE_CC_SATURATED)
		return HWM_BRBE_CC_MAX + 1;
	return exp ? (mant | HWM_BRBE_CC_ONE) << (exp - 1) : mant;
}

int hwm_brbe_branch_type(unsigned int kind)
{
	switch (kind) {
	case HWM_K_B:
		return BRBINF_TYPE_DIRECT_UNCOND;
	case HWM_K_BL:
		return BRBINF_TYPE_DIRECT_LINK;
	case HWM_K_BCOND:
		return BRBINF_TYPE_DIRECT_COND;
	case HWM_K_BR:
		return BRBINF_TYPE_INDIRECT;
	case HWM_K_BLR:
		return BRBINF_TYPE_INDIRECT_LINK;
	case HWM_K_RET:
		return BRBINF_TYPE_RET;
	case HWM_K_ERET:
		return BRBINF_TYPE_ERET;
	default:
		return -1;
	}
}

/*
 * BRBFCR_EL1 bits 22:17 select branch types.  With EnI 0 the selected
 * types are recorded; with EnI 1 they are the ones left out (Linux
 * programs all six with EnI 0 to record every branch).  Exception
 * returns are governed by BRBCR_ELx.ERTN, not by these filters.
 */
int hwm_brbe_type_passes(uint64_t brbfcr, unsigned int kind)
{
	uint64_t bit;

	switch (kind) {
	case HWM_K_B:
		bit = BRBFCR_EL1_DIRECT;
		break;
	case HWM_K_BR:
		bit = BRBFCR_EL1_INDIRECT;
		break;
	case HWM_K_RET:
		bit = BRBFCR_EL1_RTN;
		break;
	case HWM_K_BLR:
		bit = BRBFCR_EL1_INDCALL;
		break;
	case HWM_K_BL:
		bit = BRBFCR_EL1_DIRCALL;
		break;
	case HWM_K_BCOND:
		bit = BRBFCR_EL1_CONDDIR;
		break;
	default:
		return 1;
	}
	return !!(brbfcr & bit) != !!(brbfcr & BRBFCR_EL1_ENI);
}

void hwm_brb_reset(struct hwm_brb *b, unsigned int nrec)
{
	memset(b, 0, sizeof(*b));
	b->nrec = nrec > HW_BRB_MAX ? HW_BRB_MAX : nrec;
}

void hwm_brb_push(struct hwm_brb *b, const struct hwm_brb_rec *r)
{
	b->head = b->head ? b->head - 1 : b->nrec - 1;
	b->rec[b->head] = *r;
	if (b->count < b->nrec)
		b->count++;
}

const struct hwm_brb_rec *hwm_brb_get(const struct hwm_brb *b, unsigned int n)
{
	if (n >= b->count)
		return NULL;
	return &b->rec[(b->head + n) % b->nrec];
}
