// SPDX-License-Identifier: GPL-2.0
/*
 * Path builder: a walk through an A64 image, one event at a time.
 *
 * From the current address the walker scans to the next waypoint (as
 * libete's decoder classifies it, ete_a64_classify()) or
 * exception-generating instruction, decides the outcome (random or the
 * caller's callback) and queues the branch event plus whatever the options
 * add after it (context change, timestamp, cycle count, ...).  Calls and
 * exceptions are remembered on small bounded stacks so RET and ERET
 * mostly return where a real program would.
 */
#include <string.h>
#include <ete/path.h>
#include <armtrace/ete_pkt.h>

#define INSN	4u
#define VEC_CUR_SYNC	0x200u
#define VEC_LOW_SYNC	0x400u
#define VEC_IRQ_OFF	0x80u
#define VEC_FIQ_OFF	0x100u
#define VEC_SERR_OFF	0x180u
#define VEC_TABLE	0x800u	/* 16 entries */
#define VEC_ENTRY_INSNS	32u	/* 0x80 bytes each */

static uint64_t rnd(uint64_t *s)
{
	/* xorshift64* */
	uint64_t x = *s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545f4914f6cdd1dull;
}

static uint32_t below(uint64_t *s, uint32_t n)
{
	return n ? (uint32_t)((rnd(s) >> 32) % n) : 0;
}

static bool chance_pm(struct ete_path *p, uint16_t pm)
{
	return pm && below(&p->rng, 1000) < pm;
}

static uint32_t read_insn(const struct ete_path *p, uint64_t a)
{
	const uint8_t *b = p->img.data + (a - p->img.base);

	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
		(uint32_t)b[3] << 24;
}

static bool in_image(const struct ete_path *p, uint64_t a)
{
	return a >= p->img.base && a - p->img.base <= p->img.len - INSN &&
		!(a & (INSN - 1));
}

static uint64_t random_insn(struct ete_path *p)
{
	return p->img.base +
		(uint64_t)below(&p->rng, (uint32_t)(p->img.len / INSN)) * INSN;
}

static struct ete_enc_event *push(struct ete_path *p, uint8_t type)
{
	struct ete_enc_event *ev;

	ev = &p->q[(p->qhead + p->qlen) % ETE_PATH_QUEUE];
	p->qlen++;
	memset(ev, 0, sizeof(*ev));
	ev->type = type;
	return ev;
}

int ete_path_init(struct ete_path *p, const struct ete_path_image *img,
		  uint64_t entry, const struct ete_enc_ctx *ctx,
		  const struct ete_path_opts *o)
{
	memset(p, 0, sizeof(*p));
	if (!img || !img->data || img->len < 4096 || (img->len & 3) ||
	    (img->base & 3) || !o || !ctx)
		return ETE_ENC_ERR_INVAL;
	p->img = *img;
	p->o = *o;
	p->rng = o->seed * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull;
	if (!p->rng)
		p->rng = 1;
	if (!in_image(p, entry))
		return ETE_ENC_ERR_INVAL;
	p->pc = entry;
	p->ctx = *ctx;
	p->vbar = img->base;
	p->on = 1;
	p->ts = 1 + below(&p->rng, 1000);
	if (!p->o.cc_max || p->o.cc_max < p->o.cc_min)
		p->o.cc_max = p->o.cc_min + 4096;
	return 0;
}

static void take_exception(struct ete_path *p, unsigned int type,
			   uint64_t ret, unsigned int off)
{
	struct ete_enc_event *ev = push(p, ETE_EV_EXCEPTION);
	struct ete_enc_ctx nc = p->ctx;
	bool lower = p->ctx.el == 0;

	if (nc.el == 0)
		nc.el = 1;
	else if (nc.el == 1 && below(&p->rng, 8) == 0)
		nc.el = 2;
	if (p->nexcs == ETE_PATH_STACK) {
		memmove(&p->excs[0], &p->excs[1],
			sizeof(p->excs[0]) * (ETE_PATH_STACK - 1));
		p->nexcs--;
	}
	p->excs[p->nexcs].ret = ret;
	p->excs[p->nexcs].ctx = p->ctx;
	p->nexcs++;

	ev->exc = (uint16_t)type;
	ev->start = ret;
	ev->end = ret;
	ev->next = p->vbar + (lower ? VEC_LOW_SYNC : VEC_CUR_SYNC) + off;
	ev->flags = 1;
	ev->ctx = nc;
	p->ctx = nc;
	p->pc = ev->next;
}

static void push_call(struct ete_path *p, uint64_t ret)
{
	if (p->ncalls == ETE_PATH_STACK) {
		memmove(&p->calls[0], &p->calls[1],
			sizeof(p->calls[0]) * (ETE_PATH_STACK - 1));
		p->ncalls--;
	}
	p->calls[p->ncalls++] = ret;
}

/* A random change of the traced context fields (not EL). */
static void change_ctx(struct ete_path *p)
{
	struct ete_enc_event *ev;

	switch (below(&p->rng, 3)) {
	case 0:
		p->ctx.cid = (uint32_t)rnd(&p->rng) >> below(&p->rng, 32);
		break;
	case 1:
		p->ctx.vmid = (uint32_t)rnd(&p->rng) >> below(&p->rng, 32);
		break;
	default:
		/* Secure, Non-secure, or Realm with FEAT_RME */
		p->ctx.ns = below(&p->rng, 2);
		p->ctx.nse = p->o.realm && p->ctx.ns ? below(&p->rng, 2) : 0;
		break;
	}
	ev = push(p, ETE_EV_CONTEXT);
	ev->ctx = p->ctx;
}

/* Events that follow a branch, each at its own rate. */
static void extras(struct ete_path *p)
{
	struct ete_enc_event *ev;

	if (chance_pm(p, p->o.ctx_pm))
		change_ctx(p);
	if (chance_pm(p, p->o.ts_pm)) {
		ev = push(p, ETE_EV_TIMESTAMP);
		p->ts += 1 + (rnd(&p->rng) >> (40 + below(&p->rng, 24)));
		ev->value = p->ts;
		ev->cc = below(&p->rng, 1u << 12);
	}
	if (chance_pm(p, p->o.cc_pm)) {
		ev = push(p, ETE_EV_CYCLES);
		ev->cc = p->o.cc_min +
			below(&p->rng, p->o.cc_max - p->o.cc_min + 1);
	}
	if (chance_pm(p, p->o.ite_pm)) {
		ev = push(p, ETE_EV_ITE);
		ev->exc = p->ctx.el;
		ev->value = rnd(&p->rng);
	}
	if (chance_pm(p, p->o.tx_pm)) {
		if (!p->in_tx) {
			push(p, ETE_EV_TX_START);
			p->in_tx = 1;
		} else if (below(&p->rng, 2)) {
			push(p, ETE_EV_TX_COMMIT);
			p->in_tx = 0;
		} else {
			ev = push(p, ETE_EV_TX_FAIL);
			ev->next = random_insn(p);
			p->pc = ev->next;
			p->in_tx = 0;
		}
	}
	if (chance_pm(p, p->o.ovf_pm))
		push(p, ETE_EV_OVERFLOW);
	if (chance_pm(p, p->o.gap_pm)) {
		push(p, ETE_EV_TRACE_OFF);
		p->on = 0;
	}
}

static void trace_on(struct ete_path *p)
{
	struct ete_enc_event *ev;

	p->on = 1;
	p->pc = random_insn(p);
	p->ncalls = 0;
	if (below(&p->rng, 2))
		change_ctx(p);
	ev = push(p, ETE_EV_TRACE_ON);
	ev->next = p->pc;
}

/*
 * Scan from @a to the next waypoint or exception-generating instruction;
 * return its address in *@at, *@svc set for SVC/HVC/SMC, and the number of
 * instructions before it in *@n.
 */
static int scan(const struct ete_path *p, uint64_t a, struct ete_insn *in,
		bool *svc, uint64_t *at, unsigned int *n)
{
	uint32_t op;

	for (*n = 0;; a += INSN, (*n)++) {
		if (!in_image(p, a))
			return ETE_ENC_ERR_PATH;
		op = read_insn(p, a);
		/* no ETE_INSN_F_*: WFx and DSB/DMB are not waypoints */
		if (ete_a64_classify(op, a, 0, in) != ETE_INSN_OTHER)
			break;
		if (ete_a64_is_exc_gen(op)) {
			*svc = true;
			break;
		}
	}
	*at = a;
	return 0;
}

static int step(struct ete_path *p)
{
	struct ete_insn in;
	struct ete_enc_event *ev;
	uint64_t a, next;
	unsigned int flags = 0, n;
	bool svc = false, eret = false;
	int taken = 1, st;

	if (!p->on) {
		trace_on(p);
		return 0;
	}
	st = scan(p, p->pc, &in, &svc, &a, &n);
	if (st)
		return st;
	if (chance_pm(p, p->o.exc_pm)) {
		/* asynchronous exception before instruction k of the range */
		uint64_t ret = p->pc + (uint64_t)below(&p->rng, n + 1) * INSN;
		static const uint8_t type[3] = {
			ETE_EXC_TYPE_IRQ, ETE_EXC_TYPE_FIQ, ETE_EXC_TYPE_SERROR
		};
		static const uint16_t off[3] = { VEC_IRQ_OFF, VEC_FIQ_OFF,
						 VEC_SERR_OFF };
		unsigned int k = below(&p->rng, 3);

		take_exception(p, type[k], ret, off[k]);
		return 0;
	}
	if (svc) {
		take_exception(p, ETE_EXC_TYPE_CALL, a + INSN, 0);
		return 0;
	}

	switch (in.cls) {
	case ETE_INSN_BR:
		next = in.target;
		if (in.cond)
			taken = below(&p->rng, 100) < p->o.taken_pct;
		break;
	case ETE_INSN_BR_INDIRECT:
		flags |= ETE_ENC_INDIRECT;
		if (in.sub == ETE_INSN_S_RET) {
			next = p->ncalls ? p->calls[--p->ncalls] :
				random_insn(p);
		} else if (in.sub == ETE_INSN_S_ERET) {
			eret = true;
			next = p->nexcs ? p->excs[p->nexcs - 1].ret :
				random_insn(p);
		} else {
			next = random_insn(p);
		}
		break;
	default:
		/*
		 * ISB, TSTART: P0 waypoints traced as an E atom; execution
		 * goes on with the next instruction.
		 */
		next = a + INSN;
		break;
	}
	if (p->o.choose)
		taken = p->o.choose(p->o.choose_priv, a, &in, &next);
	if (!in.cond)
		taken = 1;
	if (!taken)
		next = a + INSN;
	else if (in.link)
		push_call(p, a + INSN);
	if (!in_image(p, next))
		return ETE_ENC_ERR_PATH;
	if (taken)
		flags |= ETE_ENC_TAKEN;
	/* the return stack (TRCCONFIGR.RS) keeps a taken link's return */
	if (taken && in.link)
		flags |= ETE_ENC_LINK;
	if (taken && p->o.broadcast && !(flags & ETE_ENC_INDIRECT))
		flags |= ETE_ENC_BROADCAST;

	ev = push(p, ETE_EV_BRANCH);
	ev->start = p->pc;
	ev->end = a;
	ev->next = next;
	ev->flags = (uint8_t)flags;
	if (flags & ETE_ENC_LINK)
		ev->value = a + INSN;
	p->pc = next;
	if (eret) {
		/* back to where the last exception came from */
		if (p->nexcs) {
			p->nexcs--;
			p->ctx = p->excs[p->nexcs].ctx;
		} else if (p->ctx.el) {
			p->ctx.el--;
		}
		ev = push(p, ETE_EV_CONTEXT);
		ev->ctx = p->ctx;
	}
	extras(p);
	return 0;
}

int ete_path_next(struct ete_path *p, struct ete_enc_event *ev)
{
	int st;

	while (!p->qlen) {
		st = step(p);
		if (st)
			return st;
	}
	*ev = p->q[p->qhead];
	p->qhead = (p->qhead + 1) % ETE_PATH_QUEUE;
	p->qlen--;
	return 0;
}

/* Random program generator */

static uint32_t enc_b(uint32_t op, int64_t d)
{
	return op | ((uint32_t)d & 0x03ffffffu);
}

static uint32_t enc_imm19(uint32_t op, int64_t d)
{
	return op | (((uint32_t)d & 0x7ffffu) << 5);
}

void ete_path_gen_program(uint8_t *buf, size_t len, uint64_t seed,
			  unsigned int branch_pct)
{
	static const uint32_t plain[] = {
		0xd503201fu,	/* nop */
		0x91000421u,	/* add x1, x1, #1 */
		0xaa0103e0u,	/* mov x0, x1 */
		0xd1000442u,	/* sub x2, x2, #1 */
		0x8b020020u,	/* add x0, x1, x2 */
	};
	uint64_t s = seed * 0x9e3779b97f4a7c15ull + 1;
	int64_t n = (int64_t)(len / INSN);
	unsigned int vec_len = 0;

	for (int64_t i = 0; i < n; i++) {
		uint32_t insn;
		int64_t j = below(&s, (uint32_t)n), d = j - i;
		unsigned int r = below(&s, 100);

		if (r >= branch_pct) {
			insn = plain[below(&s, sizeof(plain) / sizeof(plain[0]))];
		} else {
			/* keep conditional targets within imm19/imm14 reach */
			int64_t d19 = d > 0x3ffff ? 0x3ffff :
				d < -0x40000 ? -0x40000 : d;
			int64_t d14 = d > 0x1fff ? 0x1fff :
				d < -0x2000 ? -0x2000 : d;
			unsigned int rn = below(&s, 31);

			if (i + d19 < 0 || i + d19 >= n)
				d19 = 0;
			if (i + d14 < 0 || i + d14 >= n)
				d14 = 0;
			switch (below(&s, 20)) {
			case 0: case 1: case 2:
				insn = enc_b(0x14000000u, d);		/* b */
				break;
			case 3: case 4:
				insn = enc_b(0x94000000u, d);		/* bl */
				break;
			case 5: case 6: case 7: case 8: case 9:
				insn = enc_imm19(0x54000000u, d19) |
					below(&s, 14);			/* b.cond */
				break;
			case 10: case 11:
				insn = enc_imm19(below(&s, 2) ? 0xb4000000u :
						 0xb5000000u, d19) | rn; /* cbz */
				break;
			case 12:
				insn = (below(&s, 2) ? 0x36000000u :
					0x37000000u) | (below(&s, 32) << 19) |
					(((uint32_t)d14 & 0x3fffu) << 5) | rn;
				break;					/* tbz */
			case 13:
				insn = 0xd61f0000u | rn << 5;		/* br */
				break;
			case 14: case 15:
				insn = 0xd63f0000u | rn << 5;		/* blr */
				break;
			case 16: case 17:
				insn = 0xd65f03c0u;			/* ret */
				break;
			case 18:
				insn = below(&s, 2) ? 0xd69f03e0u :	/* eret */
					0xd4000001u |			/* svc */
					(below(&s, 65536) << 5);
				break;
			default:
				insn = enc_imm19(0x54000000u, d19) |
					below(&s, 14);			/* b.cond */
				break;
			}
		}
		/*
		 * The vector table (the walker's VBAR is the image
		 * base): each entry is a short handler that returns at
		 * once.  Random code there could take an SVC before any
		 * branch, and a walk would spend the rest of the trace in
		 * that loop.
		 */
		if (i % VEC_ENTRY_INSNS == 0)
			vec_len = 1 + below(&s, VEC_ENTRY_INSNS - 2);
		if (i < VEC_TABLE / INSN && i % VEC_ENTRY_INSNS >= vec_len)
			insn = i % VEC_ENTRY_INSNS == vec_len ? 0xd69f03e0u :
				plain[0];			/* eret */
		else if (i < VEC_TABLE / INSN)
			insn = plain[below(&s, sizeof(plain) / sizeof(plain[0]))];
		if (i == n - 1)
			insn = enc_b(0x14000000u, -i);
		buf[4 * i] = insn & 0xff;
		buf[4 * i + 1] = (insn >> 8) & 0xff;
		buf[4 * i + 2] = (insn >> 16) & 0xff;
		buf[4 * i + 3] = (insn >> 24) & 0xff;
	}
}
