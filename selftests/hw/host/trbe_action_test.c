// SPDX-License-Identifier: GPL-2.0
/*
 * hw_trbe_action() on every TRBSR_EL1 syndrome: each event class, each
 * BSC value, each combination of S, EA, WRAP, TRG and IRQ, with the write
 * pointer at the base or not, with and without the fill-mode overwrite
 * erratum.  The expectations are the architecture's statements, checked
 * one by one over the whole space, not a second copy of the function;
 * the named cases are syndromes as silicon reports them.  Prints TAP.
 */
#include <stdio.h>
#include <armtrace/trbe_regs.h>
#include "trbe_action.h"

#define BASE	0xffff800010000000ull

#define TAP_PREFIX "trbe action"
#include "host_tap.h"

static const unsigned long long flag_bits[] = {
	TRBSR_EL1_S, TRBSR_EL1_EA, TRBSR_EL1_WRAP, TRBSR_EL1_TRG, TRBSR_EL1_IRQ,
};
#define N_FLAGS	(sizeof(flag_bits) / sizeof(flag_bits[0]))

struct point {
	u64 trbsr;
	unsigned int ec, bsc, quirks;
	int s, ea, wrap, trg, irq, at_base;
};

/* A rule over the whole space: @applies picks points, @want is their action. */
struct rule {
	const char *name;
	int (*applies)(const struct point *p);
	enum hw_trbe_action want;
};

static int r_ea(const struct point *p) { return p->ea; }
static int r_trg(const struct point *p) { return !p->ea && p->trg; }
static int r_abort(const struct point *p)
{
	return !p->ea && !p->trg && (p->ec == TRBSR_EC_STAGE1_ABORT ||
				      p->ec == TRBSR_EC_STAGE2_ABORT ||
				      p->ec == TRBSR_EC_GPC_FAULT);
}
static int r_other_ec(const struct point *p)
{
	return !p->ea && !p->trg && p->ec != TRBSR_EC_OTHERS &&
	       p->ec != TRBSR_EC_STAGE1_ABORT && p->ec != TRBSR_EC_STAGE2_ABORT &&
	       p->ec != TRBSR_EC_GPC_FAULT;
}
static int r_bme(const struct point *p)
{
	return !p->ea && !p->trg && p->ec == TRBSR_EC_OTHERS;
}
static int r_triggered(const struct point *p)
{
	return r_bme(p) && p->bsc == TRBSR_BSC_TRIGGERED;
}
static int r_reserved_bsc(const struct point *p)
{
	return r_bme(p) && p->bsc > TRBSR_BSC_TRIGGERED;
}
static int r_filled(const struct point *p)
{
	return r_bme(p) && p->bsc == TRBSR_BSC_FILLED && p->s && p->wrap &&
	       (p->at_base || p->quirks);
}
static int r_filled_moved(const struct point *p)
{
	return r_bme(p) && p->bsc == TRBSR_BSC_FILLED && p->s && p->wrap &&
	       !p->at_base && !p->quirks;
}
static int r_filled_no_wrap(const struct point *p)
{
	return r_bme(p) && p->bsc == TRBSR_BSC_FILLED && !(p->s && p->wrap);
}
static int r_wrapped_running(const struct point *p)
{
	return r_bme(p) && p->bsc == TRBSR_BSC_NOT_STOPPED && !p->s && p->wrap;
}
static int r_stopped_no_cause(const struct point *p)
{
	return r_bme(p) && p->bsc == TRBSR_BSC_NOT_STOPPED && p->s;
}
static int r_irq_no_cause(const struct point *p)
{
	return r_bme(p) && p->bsc == TRBSR_BSC_NOT_STOPPED && !p->s &&
	       !p->wrap && p->irq;
}
static int r_quiet(const struct point *p)
{
	return r_bme(p) && p->bsc == TRBSR_BSC_NOT_STOPPED && !p->s &&
	       !p->wrap && !p->irq;
}

static const struct rule rules[] = {
	{ "EA (external abort) is fatal in any class", r_ea, HW_TRBE_FATAL },
	{ "TRG (a trigger never programmed) is fatal", r_trg, HW_TRBE_FATAL },
	{ "stage 1/2 aborts and GPC faults are fatal", r_abort, HW_TRBE_FATAL },
	{ "reserved and IMPDEF event classes are fatal", r_other_ec, HW_TRBE_FATAL },
	{ "BSC TRIGGERED is fatal", r_triggered, HW_TRBE_FATAL },
	{ "reserved BSC values are fatal", r_reserved_bsc, HW_TRBE_FATAL },
	{ "FILLED + S + WRAP, pointer at base (or erratum): wrap-full",
	  r_filled, HW_TRBE_WRAP_FULL },
	{ "FILLED + S + WRAP, pointer moved, no erratum: spurious",
	  r_filled_moved, HW_TRBE_SPURIOUS },
	{ "FILLED without S and WRAP: spurious", r_filled_no_wrap, HW_TRBE_SPURIOUS },
	{ "WRAP while collecting (wrap/circular mode): wrap-full",
	  r_wrapped_running, HW_TRBE_WRAP_FULL },
	{ "S with no cause: spurious", r_stopped_no_cause, HW_TRBE_SPURIOUS },
	{ "IRQ with no cause: spurious", r_irq_no_cause, HW_TRBE_SPURIOUS },
	{ "no event: done", r_quiet, HW_TRBE_DONE },
};
#define N_RULES	(sizeof(rules) / sizeof(rules[0]))

static void exhaustive(void)
{
	unsigned long covered = 0, points = 0, multi = 0;
	unsigned long bad[N_RULES] = { 0 };
	unsigned int ec, bsc, f, at, q, r;

	for (ec = 0; ec < 64; ec++)
	for (bsc = 0; bsc < 64; bsc++)
	for (f = 0; f < 1u << N_FLAGS; f++)
	for (at = 0; at < 2; at++)
	for (q = 0; q < 2; q++) {
		struct point p = { .ec = ec, .bsc = bsc, .quirks = q,
				   .at_base = at };
		enum hw_trbe_action got;
		unsigned int hits = 0, i;

		p.trbsr = FIELD_PREP(TRBSR_EL1_EC, ec) |
			  FIELD_PREP(TRBSR_EL1_MSS, bsc);
		for (i = 0; i < N_FLAGS; i++)
			if (f & (1u << i))
				p.trbsr |= flag_bits[i];
		p.s = !!(p.trbsr & TRBSR_EL1_S);
		p.ea = !!(p.trbsr & TRBSR_EL1_EA);
		p.wrap = !!(p.trbsr & TRBSR_EL1_WRAP);
		p.trg = !!(p.trbsr & TRBSR_EL1_TRG);
		p.irq = !!(p.trbsr & TRBSR_EL1_IRQ);
		got = hw_trbe_action(p.trbsr, at ? BASE : BASE + 0x40, BASE,
				     q ? HW_TRBE_MAY_OVERWRITE_IN_FILL_MODE : 0);
		points++;
		for (r = 0; r < N_RULES; r++) {
			if (!rules[r].applies(&p))
				continue;
			hits++;
			if (got != rules[r].want && bad[r]++ < 3)
				printf("# %s: trbsr %#llx ptr%s base quirks %u -> %s\n",
				       rules[r].name, (unsigned long long)p.trbsr,
				       at ? "==" : "!=", q,
				       hw_trbe_action_name(got));
		}
		covered += hits == 1;
		multi += hits > 1;
	}
	for (r = 0; r < N_RULES; r++)
		ok(!bad[r], rules[r].name);
	printf("# %lu syndromes, %lu under exactly one rule, %lu under more\n",
	       points, covered, multi);
	ok(covered == points && !multi,
	   "every syndrome falls under exactly one rule");
}

/* Syndromes as a TRBE reports them. */
static void named(void)
{
	const struct {
		const char *name;
		u64 trbsr, ptr;
		enum hw_trbe_action want;
	} cases[] = {
		{ "fill mode full: IRQ|WRAP|S, BSC FILLED, pointer at base",
		  TRBSR_EL1_IRQ | TRBSR_EL1_WRAP | TRBSR_EL1_S |
		  FIELD_PREP(TRBSR_EL1_BSC, TRBSR_BSC_FILLED), BASE,
		  HW_TRBE_WRAP_FULL },
		{ "circular mode wrapped, read at stop: WRAP only",
		  TRBSR_EL1_WRAP, BASE + 0x1234, HW_TRBE_WRAP_FULL },
		{ "stage 1 translation fault on a buffer write",
		  TRBSR_EL1_IRQ | TRBSR_EL1_S |
		  FIELD_PREP(TRBSR_EL1_EC, TRBSR_EC_STAGE1_ABORT) |
		  FIELD_PREP(TRBSR_EL1_FSC, 0x07), BASE + 0x800, HW_TRBE_FATAL },
		{ "stopped and clear: TRBSR 0", 0, BASE + 0x800, HW_TRBE_DONE },
		{ "interrupt already handled: IRQ alone",
		  TRBSR_EL1_IRQ, BASE + 0x800, HW_TRBE_SPURIOUS },
	};
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ok(hw_trbe_action(cases[i].trbsr, cases[i].ptr, BASE, 0) ==
		   cases[i].want, cases[i].name);
}

int main(void)
{
	exhaustive();
	named();
	return tap_done();
}
