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

/*
 * The ViewInst start/stop logic (ETE "ViewInst start/stop control",
 * TRCVISSCTLR): single address comparators n = 0..7 as start points
 * (START[n]) and stop points (STOP[n]).  The logic is active for an
 * instruction that causes a start and stays active up to and including
 * an instruction that causes a stop; an instruction that is both a start
 * and a stop point is traced and leaves the logic stopped.  A point is an
 * instruction that runs: one an exception is taken on without executing
 * it (a fault, an interrupt before it) starts or stops nothing.
 * Comparator n matches at TRCACVR<n> at the ELs TRCACATR<n>.EXLEVEL_NS
 * does not exclude, comparing instruction addresses with no context (as
 * for ranges); TRCVICTLR.SSSTATUS is the state before the first
 * instruction.
 */
#define HWM_SS_COMPS		(2 * HWM_VI_PAIRS)

struct hwm_ss_point {
	uint64_t addr;
	uint8_t el_off;		/* bit n: no match at Non-secure ELn */
	uint8_t start, stop;
};

struct hwm_ss {
	uint8_t active;		/* any start or stop point selected */
	uint8_t n;
	struct hwm_ss_point pt[HWM_SS_COMPS];	/* by address */
};

/* What the instructions of one sequential run did to the logic. */
struct hwm_ss_walk {
	uint8_t active;		/* at the run's last instruction */
	uint8_t after;		/* started after the run */
	uint64_t since;		/* active from here to the end, if active */
};

/**
 * hwm_ss_config() - latch the start/stop points
 * @ss: result
 * @vissctlr: TRCVISSCTLR
 * @acvr: TRCACVR0..(HWM_SS_COMPS - 1)
 * @acatr: TRCACATR0..(HWM_SS_COMPS - 1)
 */
void hwm_ss_config(struct hwm_ss *ss, uint32_t vissctlr, const uint64_t *acvr,
		   const uint64_t *acatr);

/**
 * hwm_ss_walk() - run the logic over a sequential run of instructions
 * @ss: points
 * @started: the logic's state before @from
 * @from: first instruction of the run
 * @at: its last instruction (the one a branch or exception ends it on)
 * @at_runs: the instruction at @at executes (a branch, an SVC); 0 when
 *	an exception is taken on it before it does
 * @el: exception level of the run
 * @w: result: whether @at is active (with @at_runs 0: whether the logic
 *	is started when the exception is taken), where that active stretch
 *	began, and the state after the run
 *
 * A run that is not one (@at below @from, or 1 MiB or more past it) is
 * @at alone.
 */
void hwm_ss_walk(const struct hwm_ss *ss, int started, uint64_t from,
		 uint64_t at, int at_runs, unsigned int el,
		 struct hwm_ss_walk *w);

/**
 * hwm_ss_in() - would the instruction at @addr, run next, be active?
 * @ss: points
 * @started: the logic's state before it
 * @addr: instruction address
 * @el: exception level
 */
int hwm_ss_in(const struct hwm_ss *ss, int started, uint64_t addr,
	      unsigned int el);

#endif /* HWM_VI_H */
