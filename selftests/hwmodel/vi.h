/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ViewInst include/exclude function of the modelled ETE: address range
 * comparators selected by TRCVIIECTLR (Arm ARM, "ETE": TRCVIIECTLR,
 * TRCACVR<n>, TRCACATR<n>).  Pure functions, unit-tested on the host
 * (test/hwm_test.c).
 *
 *   pair n = TRCACVR<2n> (lower) .. TRCACVR<2n+1> (upper), both included
 *   INCLUDE[n]  the instruction is in view only inside a selected range;
 *               no INCLUDE bit set: every instruction is included
 *   EXCLUDE[n]  an instruction inside a selected range is out of view,
 *               whatever the include ranges say
 *
 * A comparator matches at an instruction address a when lower <= a <=
 * upper, TRCACATR<2n>.EXLEVEL_NS does not exclude the PE's EL and the
 * comparator compares instruction addresses with no context (TYPE and
 * CONTEXTTYPE 0); the model has no context comparators, so one that asks
 * for a Context ID or VMID match never matches.
 */
#ifndef HWM_VI_H
#define HWM_VI_H

#include <stdint.h>

/* Address range comparator pairs: TRCIDR4.NUMACPAIRS, TRCACVR0-3. */
#define HWM_VI_PAIRS		2

struct hwm_vi_range {
	uint64_t lo, hi;	/* inclusive */
	uint8_t el_off;		/* bit n: no match at Non-secure ELn */
};

struct hwm_vi {
	uint8_t active;		/* any range selected */
	uint8_t ninc, nexc;
	struct hwm_vi_range inc[HWM_VI_PAIRS], exc[HWM_VI_PAIRS];
};

/**
 * hwm_vi_config() - latch the include/exclude ranges
 * @vi: result
 * @viiectlr: TRCVIIECTLR
 * @acvr: TRCACVR0..(2 * HWM_VI_PAIRS - 1)
 * @acatr: TRCACATR0..(2 * HWM_VI_PAIRS - 1); a pair takes its access type
 *	from the lower comparator (software must program both alike)
 *
 * Bits for pairs beyond %HWM_VI_PAIRS are RES0 and ignored.
 */
void hwm_vi_config(struct hwm_vi *vi, uint32_t viiectlr, const uint64_t *acvr,
		   const uint64_t *acatr);

/**
 * hwm_vi_in() - is the instruction at @addr, run at @el, in view?
 * @vi: ranges
 * @addr: instruction address
 * @el: exception level (Non-secure)
 */
int hwm_vi_in(const struct hwm_vi *vi, uint64_t addr, unsigned int el);

/**
 * hwm_vi_seg_start() - where the stretch in view that ends at @at began
 * @vi: ranges
 * @from: first instruction of a sequential run (a block's entry)
 * @at: an instruction of that run, in view, @at >= @from
 * @el: exception level of the run
 *
 * Return: the lowest address s, @from <= s <= @at, such that every
 * instruction (4 bytes apart) from s to @at is in view.
 */
uint64_t hwm_vi_seg_start(const struct hwm_vi *vi, uint64_t from, uint64_t at,
			  unsigned int el);

#endif /* HWM_VI_H */
