// SPDX-License-Identifier: GPL-2.0
/*
 * The project's own trace corpus (corpus.h).
 *
 * One program serves every trace, so each instruction's class is known
 * without a disassembler:
 *
 *   VEC  +0x0000  16-byte handlers: nop, nop, nop, eret
 *   A    +0x1000  64 x "b.eq .+8": an E atom skips one, an N atom does not
 *   B    +0x1100  16-byte groups: nop, nop, nop, ret
 *
 * mapped at BASE, at BASE + 1 MiB (so that a jump there needs a long 32-bit
 * address) and at BASE + 4 GiB (a long 64-bit one).  Encoder traces are
 * paths through it; the elements come from the path (enc_expected_elems()),
 * never from a decoder.  Hand traces spell their packets with the field
 * definitions of <armtrace/ete_pkt.h> and list their elements by hand.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <armtrace/ete_pkt.h>
#include <armtrace/ete_regs.h>
#include <armtrace/ref_config.h>
#include "corpus.h"

#define BASE		0x80000ull
#define BASE_FAR32	(BASE + 0x100000ull)
#define BASE_FAR64	(BASE + 0x100000000ull)
#define CODE_LEN	0x4000u
#define VEC		0x0000u
#define REG_A		0x1000u
#define REG_A_END	0x1100u
#define REG_B		0x1100u

#define A64_NOP		0xd503201fu
#define A64_ERET	0xd69f03e0u
#define A64_RET		0xd65f03c0u
#define A64_BEQ_8	0x54000040u	/* b.eq .+8 */

#define CFG_RES1	0x1u		/* TRCCONFIGR bit 0 is RES1 */
/* TRCIDR0.QSUPP 0b01 (the field's low bit): Q elements are traced */
#define TRCIDR0_QSUPP_ALL	(TRCIDR0_QSUPP & ~(TRCIDR0_QSUPP << 1))
#define DEVARCH(minor)	(REF_TRCDEVARCH | (minor) << 16)

/* All element kinds an encoder trace's path predicts. */
#define MASK_PATH	(1u << EL_RANGE | 1u << EL_EXC | 1u << EL_ERET |	\
			 1u << EL_CTX | 1u << EL_TS | 1u << EL_CC |	\
			 1u << EL_ITE | 1u << EL_TX | 1u << EL_MARKER)

static uint8_t code[CODE_LEN];

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = v & 0xff;
	p[1] = (v >> 8) & 0xff;
	p[2] = (v >> 16) & 0xff;
	p[3] = (v >> 24) & 0xff;
}

static void make_code(void)
{
	for (uint32_t o = 0; o < CODE_LEN; o += 4) {
		uint32_t insn = A64_NOP;

		if (o >= REG_A && o < REG_A_END)
			insn = A64_BEQ_8;
		else if ((o & 0xf) == 0xc)
			insn = o < REG_A ? A64_ERET : A64_RET;
		put32(code + o, insn);
	}
}

static int fail(char *why, size_t len, const char *msg)
{
	snprintf(why, len, "%s", msg);
	return -1;
}

/* --- encoder traces: a path written event by event ----------------- */

struct path {
	struct enc_events ev;
	uint64_t pc;
	int err;
};

static void push(struct path *p, const struct ete_enc_event *ev)
{
	if (enc_events_push(&p->ev, ev))
		p->err = -1;
}

/* Atoms in region A (or its far copies): "E" skips one, "N" does not. */
static void atoms(struct path *p, const char *s)
{
	for (; *s; s++) {
		struct ete_enc_event ev = { .type = ETE_EV_BRANCH };

		if (*s == ' ')
			continue;
		ev.start = ev.end = p->pc;
		ev.flags = *s == 'E' ? ETE_ENC_TAKEN : 0;
		ev.next = p->pc + (*s == 'E' ? 8 : 4);
		p->pc = ev.next;
		push(p, &ev);
	}
}

/* In region B or VEC: run to the group's ret/eret and go to @to. */
static void ret_to(struct path *p, uint64_t to)
{
	struct ete_enc_event ev = { .type = ETE_EV_BRANCH };

	ev.start = p->pc;
	ev.end = (p->pc & ~0xfull) + 0xc;
	ev.next = to;
	ev.flags = ETE_ENC_TAKEN | ETE_ENC_INDIRECT;
	p->pc = to;
	push(p, &ev);
}

/*
 * An exception before the instruction at @ret (in a nop run of B) into
 * the handler at VEC + @vec, context @ctx (NULL: unchanged).
 */
static void exc(struct path *p, unsigned int type, uint64_t ret,
		uint32_t vec, const struct ete_enc_ctx *ctx)
{
	struct ete_enc_event ev = { .type = ETE_EV_EXCEPTION };

	ev.exc = (uint16_t)type;
	ev.start = ret;
	ev.next = BASE + vec;
	if (ctx) {
		ev.flags = 1;
		ev.ctx = *ctx;
	}
	p->pc = ev.next;
	push(p, &ev);
}

static void simple(struct path *p, uint8_t type, uint64_t value, uint32_t cc)
{
	struct ete_enc_event ev = { .type = type, .value = value, .cc = cc };

	push(p, &ev);
}

static void context(struct path *p, const struct ete_enc_ctx *ctx)
{
	struct ete_enc_event ev = { .type = ETE_EV_CONTEXT, .ctx = *ctx };

	push(p, &ev);
}

static void ite(struct path *p, uint8_t el, uint64_t value)
{
	struct ete_enc_event ev = { .type = ETE_EV_ITE, .exc = el,
				    .value = value };

	push(p, &ev);
}

static void trace_on(struct path *p, uint64_t at)
{
	struct ete_enc_event ev = { .type = ETE_EV_TRACE_ON, .next = at };

	p->pc = at;
	push(p, &ev);
}

static void tx_fail(struct path *p, uint64_t restart)
{
	struct ete_enc_event ev = { .type = ETE_EV_TX_FAIL, .next = restart };

	p->pc = restart;
	push(p, &ev);
}

static void base_cfg(struct ete_enc_config *c, uint32_t configr,
		     unsigned int minor)
{
	memset(c, 0, sizeof(*c));
	c->regs.trcidr0 = REF_TRCIDR0;
	c->regs.trcidr1 = REF_TRCIDR1;
	c->regs.trcidr2 = REF_TRCIDR2;
	c->regs.trcidr8 = REF_TRCIDR8;
	c->regs.trcdevarch = DEVARCH(minor);
	c->regs.trctraceidr = 0x10;
	c->regs.trcconfigr = CFG_RES1 | configr;
}

static const struct ete_enc_ctx ctx_el1 = { .el = 1, .ns = 1, .sf = 1,
					    .vmid = 5, .cid = 0x100 };

/*
 * Atoms of every format (the encoder packs the oldest first: F6 for 3+ E
 * then N, the fixed F5 and F4 patterns, then F3, F2, F1) and returns to
 * targets that need each address form: exact match (a recent target),
 * short (near), long 32-bit (the copy 1 MiB up) and long 64-bit (the copy
 * 4 GiB up), with and without a context change riding on the address.
 */
static void path_atoms_addr(struct path *p, const struct ete_enc_ctx *c0)
{
	struct ete_enc_ctx c = *c0;

	p->pc = BASE + REG_B;
	ret_to(p, BASE + REG_A);
	atoms(p, "EEEEN NEEEE NNNNN NENEN ENENE ENEN NNNN");
	atoms(p, "EEN NN E NNNNNNN");
	/* walked off the end of A into B */
	ret_to(p, BASE + REG_B + 0x40);			/* short, 1 byte */
	ret_to(p, BASE + REG_B + 0x2000);		/* short, 2 bytes */
	ret_to(p, BASE + REG_B + 0x40);			/* exact match */
	ret_to(p, BASE_FAR32 + REG_B + 0x80);		/* long 32 */
	ret_to(p, BASE_FAR64 + REG_B + 0x100);		/* long 64 */
	ret_to(p, BASE_FAR64 + REG_B + 0x200);
	ret_to(p, BASE + REG_B + 0x2000);		/* long 64 back */
	ret_to(p, BASE + REG_B + 0x40);			/* exact match */
	c.cid += 1;
	context(p, &c);
	ret_to(p, BASE + REG_B + 0x50);			/* short + Context */
	c.el = 0;
	context(p, &c);
	ret_to(p, BASE_FAR32 + REG_B + 0x300);		/* Addr+Context 32 */
	c.el = 1;
	context(p, &c);
	ret_to(p, BASE_FAR64 + REG_B + 0x300);		/* Addr+Context 64 */
	ret_to(p, BASE + REG_A);
	atoms(p, "EEEEEEEEEEEEEEEEEEEEEEEEN ENEE");
}

/* Context changes of every traced field, and exceptions that change EL. */
static void path_context(struct path *p, const struct ete_enc_ctx *c0)
{
	struct ete_enc_ctx c = *c0, k = *c0;

	p->pc = BASE + REG_B;
	ret_to(p, BASE + REG_B + 0x100);
	c.vmid = 6;
	context(p, &c);					/* VMID only */
	ret_to(p, BASE + REG_B + 0x200);
	c.cid = 0x2345;
	context(p, &c);					/* CONTEXTID only */
	ret_to(p, BASE + REG_B + 0x300);
	c.vmid = 0x10007;
	c.cid = 0xabcdef01;
	context(p, &c);					/* both */
	ret_to(p, BASE + REG_B + 0x400);
	c.el = 0;
	context(p, &c);					/* EL only */
	ret_to(p, BASE + REG_B + 0x500);
	k = c;
	k.el = 1;
	exc(p, ETE_EXC_TYPE_CALL, BASE + REG_B + 0x508, VEC + 0x400, &k);
	ret_to(p, BASE + REG_B + 0x508);		/* eret */
	context(p, &c);
	k.el = 2;
	k.vmid = 0;
	exc(p, ETE_EXC_TYPE_IRQ, BASE + REG_B + 0x50c, VEC + 0x480, &k);
	ret_to(p, BASE + REG_B + 0x50c);
	context(p, &c);
	ret_to(p, BASE + REG_A);
	atoms(p, "ENE");
}

/* Exceptions of several types, nested, each returned from with ERET. */
static void path_exceptions(struct path *p, const struct ete_enc_ctx *c0)
{
	struct ete_enc_ctx user = *c0, kern = *c0;
	static const unsigned int types[] = {
		ETE_EXC_TYPE_CALL, ETE_EXC_TYPE_TRAP, ETE_EXC_TYPE_SERROR,
		ETE_EXC_TYPE_IRQ, ETE_EXC_TYPE_FIQ, ETE_EXC_TYPE_DATA_FAULT,
		ETE_EXC_TYPE_INSN_FAULT, ETE_EXC_TYPE_ALIGNMENT,
	};

	user.el = 0;
	kern.el = 1;
	p->pc = BASE + REG_B;
	context(p, &user);
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		uint64_t at = BASE + REG_B + 0x100 * (i + 1);

		ret_to(p, at);
		exc(p, types[i], at + 4 * (i % 3), VEC + 0x80 * i, &kern);
		ret_to(p, at + 4 * (i % 3));
		context(p, &user);
	}
	/* an IRQ taken in the handler of a call (one-instruction range) */
	ret_to(p, BASE + REG_B + 0x1000);
	exc(p, ETE_EXC_TYPE_CALL, BASE + REG_B + 0x1004, VEC + 0x200, &kern);
	exc(p, ETE_EXC_TYPE_IRQ, BASE + VEC + 0x204, VEC + 0x280, NULL);
	ret_to(p, BASE + VEC + 0x204);
	ret_to(p, BASE + REG_B + 0x1004);
	context(p, &user);
	ret_to(p, BASE + REG_A);
	atoms(p, "NEN");
}

/* Timestamps changing few and many bits, cycle counts of every format. */
static void path_ts_cc(struct path *p, const struct ete_enc_ctx *c0)
{
	static const uint32_t cc[] = { 0, 1, 3, 4, 15, 16, 127, 128, 5000,
				       (1u << 20) - 1 };
	uint64_t ts = 0x1000;

	(void)c0;
	p->pc = BASE + REG_B;
	simple(p, ETE_EV_TIMESTAMP, ts, 10);
	ret_to(p, BASE + REG_A);
	for (size_t i = 0; i < sizeof(cc) / sizeof(cc[0]); i++) {
		atoms(p, i & 1 ? "E" : "N");
		simple(p, ETE_EV_CYCLES, 0, cc[i] + 4);
		ts += 1ull << (6 * i);
		simple(p, ETE_EV_TIMESTAMP, ts, 100 + (uint32_t)i);
	}
	simple(p, ETE_EV_TIMESTAMP, 0x0123456789abcdefull, 7);
	atoms(p, "EE");
	simple(p, ETE_EV_CYCLES, 0, 4);
}

/* Instrumentation from each EL (FEAT_ITE, ETE 1.3). */
static void path_ite(struct path *p, const struct ete_enc_ctx *c0)
{
	(void)c0;
	p->pc = BASE + REG_B;
	ret_to(p, BASE + REG_A);
	for (uint8_t el = 0; el < 4; el++) {
		atoms(p, "EN");
		ite(p, el, 0x0123456789abcdefull >> (8 * el));
	}
	ite(p, 1, 0);
	ite(p, 2, ~0ull);
	atoms(p, "E");
}

/* Transactions: committed, failed (restart after TSTART), back to back. */
static void path_tx(struct path *p, const struct ete_enc_ctx *c0)
{
	(void)c0;
	p->pc = BASE + REG_B;
	ret_to(p, BASE + REG_A);
	atoms(p, "E");
	simple(p, ETE_EV_TX_START, 0, 0);
	atoms(p, "NE");
	simple(p, ETE_EV_TX_COMMIT, 0, 0);
	atoms(p, "N");
	simple(p, ETE_EV_TX_START, 0, 0);
	atoms(p, "EE");
	tx_fail(p, BASE + REG_B + 0x100);
	ret_to(p, BASE + REG_A + 0x40);
	simple(p, ETE_EV_TX_START, 0, 0);
	simple(p, ETE_EV_TX_COMMIT, 0, 0);
	atoms(p, "NN");
}

/* Every security state ETE traces, FEAT_RME's Realm and Root included. */
static void path_realm(struct path *p, const struct ete_enc_ctx *c0)
{
	static const struct { uint8_t el, ns, nse; } st[] = {
		{ 1, 1, 1 },	/* Realm EL1 */
		{ 2, 1, 1 },	/* Realm EL2 */
		{ 3, 0, 1 },	/* Root */
		{ 1, 0, 0 },	/* Secure EL1 */
		{ 0, 1, 1 },	/* Realm EL0 */
		{ 1, 1, 0 },	/* Non-secure EL1 */
	};
	struct ete_enc_ctx c = *c0;

	p->pc = BASE + REG_B;
	for (size_t i = 0; i < sizeof(st) / sizeof(st[0]); i++) {
		c.el = st[i].el;
		c.ns = st[i].ns;
		c.nse = st[i].nse;
		context(p, &c);
		ret_to(p, BASE + REG_B + 0x100 * (i + 1));
	}
	ret_to(p, BASE + REG_A);
	atoms(p, "EN");
}

/* An overflow mid-path: the stream restarts with A-Sync and Trace Info. */
static void path_overflow(struct path *p, const struct ete_enc_ctx *c0)
{
	(void)c0;
	p->pc = BASE + REG_B;
	ret_to(p, BASE + REG_A);
	atoms(p, "EENEN");
	simple(p, ETE_EV_OVERFLOW, 0, 0);
	atoms(p, "NNE");
}

/*
 * Filter gaps (Trace On at a new address: the way out of region A) and,
 * with TRCSYNCPR set, syncs every 256 bytes.
 */
static void path_gaps_sync(struct path *p, const struct ete_enc_ctx *c0)
{
	(void)c0;
	p->pc = BASE + REG_B;
	for (unsigned int i = 0; i < 6; i++) {
		ret_to(p, BASE + REG_A + 8 * i);
		atoms(p, "ENNEENEENNNENENEEEEN");
		simple(p, ETE_EV_TRACE_OFF, 0, 0);
		trace_on(p, BASE + REG_B + 0x210 * i + 0x30);
		ret_to(p, BASE + REG_B + 0x200 * i + 0x1000);
	}
	ret_to(p, BASE + REG_A);
	atoms(p, "NNE");
}

struct enc_case {
	const char *name;
	const char *what;
	void (*path)(struct path *p, const struct ete_enc_ctx *c0);
	uint32_t configr;
	unsigned int minor;		/* ETE minor version */
	uint32_t idr8;			/* MAXSPEC */
	uint32_t idr0_clear;		/* TRCIDR0 bits to clear */
	uint32_t syncpr;
	uint32_t ccctlr;
	bool ocsd;
};

static const struct enc_case enc_cases[] = {
	{ "enc-atoms-addr", "atoms F1-F6, exact/short/long 32/long 64 "
	  "addresses, Address with Context 32/64", path_atoms_addr,
	  TRCCONFIGR_CID, 0, 0, 0, 0, 0, true },
	{ "enc-ctx-none", "context without VMID or CONTEXTID",
	  path_context, 0, 0, 0, 0, 0, 0, true },
	{ "enc-ctx-vmid", "context with VMID", path_context,
	  TRCCONFIGR_VMID, 0, 0, 0, 0, 0, true },
	{ "enc-ctx-cid", "context with CONTEXTID", path_context,
	  TRCCONFIGR_CID, 0, 0, 0, 0, 0, true },
	{ "enc-ctx-both", "context with VMID and CONTEXTID", path_context,
	  TRCCONFIGR_VMID | TRCCONFIGR_CID, 0, 0, 0, 0, 0, true },
	{ "enc-exceptions", "exceptions of eight types, nested, ERET",
	  path_exceptions, TRCCONFIGR_CID, 0, 0, 0, 0, 0, true },
	{ "enc-ts-cc", "timestamps with cycle counts, cycle count F1-F3, "
	  "Trace Info INFO+CYCT", path_ts_cc,
	  TRCCONFIGR_TS | TRCCONFIGR_CCI, 0, 0, 0, 0, 4, true },
	{ "enc-ts-cc-commopt0", "cycle count F1 with commit field "
	  "(COMMOPT 0)", path_ts_cc, TRCCONFIGR_TS | TRCCONFIGR_CCI, 0, 0,
	  TRCIDR0_COMMOPT, 0, 4, true },
	{ "enc-ts-markers", "timestamp markers (ETE 1.1)", path_ts_cc,
	  TRCCONFIGR_TS | TRCCONFIGR_CCI, 1, 0, 0, 0, 4, true },
	/* OpenCSD 1.3.3 loses everything after an ITE packet */
	{ "enc-ite", "instrumentation (ETE 1.3)", path_ite, 0, 3, 0, 0, 0, 0,
	  false },
	{ "enc-tx", "transactions: start, commit, failure", path_tx, 0, 0, 0,
	  0, 0, 0, true },
	{ "enc-tx-p0", "transactions, Transaction Start as P0 (COMMTRANS 0), "
	  "speculation", path_tx, 0, 0, 4, TRCIDR0_COMMTRANS, 0, 0, true },
	{ "enc-realm-root", "Realm, Root, Secure and Non-secure contexts "
	  "(FEAT_RME)", path_realm, TRCCONFIGR_CID, 3, 0, 0, 0, 0, true },
	{ "enc-overflow", "overflow, then A-Sync and Trace Info",
	  path_overflow, 0, 0, 0, 0, 0, 0, true },
	{ "enc-gaps-sync", "Trace On after filter gaps, periodic syncs",
	  path_gaps_sync, 0, 0, 0, 0, 8, 0, true },
	{ "enc-spec-1", "commit at speculation depth 1", path_atoms_addr,
	  0, 0, 1, 0, 0, 0, true },
	{ "enc-spec-5", "commit at speculation depth 5", path_exceptions,
	  0, 0, 5, 0, 0, 0, true },
	{ "enc-spec-78", "commit at speculation depth 78", path_gaps_sync,
	  0, 0, 78, 0, 8, 0, true },
};

#define N_ENC	(sizeof(enc_cases) / sizeof(enc_cases[0]))

static void set_mem(struct corpus_trace *t)
{
	static const uint64_t bases[CORPUS_REGIONS] = {
		BASE, BASE_FAR32, BASE_FAR64,
	};

	for (size_t i = 0; i < CORPUS_REGIONS; i++) {
		t->mem[i].base = bases[i];
		t->mem[i].data = code;
		t->mem[i].len = CODE_LEN;
	}
	t->nmem = CORPUS_REGIONS;
}

static int make_enc(const struct enc_case *c, struct corpus_trace *t,
		    char *why, size_t whylen)
{
	struct ete_path_image img = { BASE, code, CODE_LEN };
	struct path p = { 0 };
	int ret = -1;

	base_cfg(&t->cfg, c->configr, c->minor);
	t->cfg.regs.trcidr8 = c->idr8;
	t->cfg.regs.trcidr0 &= ~c->idr0_clear;
	t->cfg.trcsyncpr = c->syncpr;
	t->cfg.trcccctlr = c->ccctlr;
	t->name = c->name;
	t->what = c->what;
	t->ocsd = c->ocsd;
	t->mask = MASK_PATH;
	c->path(&p, &ctx_el1);
	if (p.err) {
		fail(why, whylen, "out of memory");
		goto out;
	}
	if (enc_run_events(&t->cfg, &ctx_el1, &p.ev, &t->trace, why, whylen))
		goto out;
	if (enc_check_packets(&t->cfg, &ctx_el1, &p.ev, t->trace.b,
			      t->trace.n, 0, why, whylen))
		goto out;
	if (enc_expected_elems(&t->cfg, &ctx_el1, &p.ev, &img, &t->want)) {
		fail(why, whylen, "out of memory");
		goto out;
	}
	ret = 0;
out:
	enc_events_free(&p.ev);
	return ret;
}

/* --- hand traces ------------------------------------------------------ */

struct hand {
	struct enc_bytes *b;
	struct enc_els *want;
	uint64_t pc;
	int err;
};

static void byte(struct hand *h, uint8_t v)
{
	struct enc_bytes *o = h->b;

	if (o->n == o->cap) {
		size_t nc = o->cap ? o->cap * 2 : 256;
		uint8_t *nb = realloc(o->b, nc);

		if (!nb) {
			h->err = -1;
			return;
		}
		o->b = nb;
		o->cap = nc;
	}
	o->b[o->n++] = v;
}

static void cont(struct hand *h, uint64_t v)
{
	do {
		uint8_t b = v & ETE_PKT_PAYLOAD;

		v >>= ETE_PKT_PAYLOAD_BITS;
		byte(h, b | (v ? ETE_PKT_CONT : 0));
	} while (v);
}

static void async(struct hand *h)
{
	for (unsigned int i = 0; i < ETE_ASYNC_LEN - 1; i++)
		byte(h, 0);
	byte(h, ETE_ASYNC_END);
}

/* Trace Info with the sections in @sect, each given its value. */
static void tinfo(struct hand *h, uint8_t sect, uint64_t info, uint64_t key,
		  uint64_t spec, uint64_t cyct)
{
	byte(h, ETE_HDR_TRACE_INFO);
	byte(h, sect);
	if (sect & ETE_TINFO_SECT_INFO)
		cont(h, info);
	if (sect & ETE_TINFO_SECT_KEY)
		cont(h, key);
	if (sect & ETE_TINFO_SECT_SPEC)
		cont(h, spec);
	if (sect & ETE_TINFO_SECT_CYCT)
		cont(h, cyct);
}

/* IS0 address payloads: word address bits, 7 then 7 then bytes. */
static void addr_bytes(struct hand *h, uint64_t a, unsigned int nbytes)
{
	byte(h, (a >> 2) & ETE_PKT_PAYLOAD);
	byte(h, (a >> 9) & ETE_PKT_PAYLOAD);
	for (unsigned int i = 2; i < nbytes; i++)
		byte(h, (a >> (8 * i)) & 0xff);
}

/* Address with Context, 64-bit IS0, Non-secure EL1 AArch64: the start. */
static void start_at(struct hand *h, uint64_t a)
{
	struct enc_el ctx = { .type = EL_CTX };

	byte(h, ETE_HDR_ADDR_CTXT_L64_IS0);
	addr_bytes(h, a, ETE_ADDR_L64_BYTES);
	byte(h, 1 | ETE_CTXT_SF | ETE_CTXT_NS);
	h->pc = a;
	ctx.ctx.el = 1;
	ctx.ctx.ns = 1;
	ctx.ctx.sf = 1;
	if (enc_els_push(h->want, &ctx))
		h->err = -1;
}

static void want(struct hand *h, uint8_t type, uint64_t a, uint64_t b,
		 uint32_t n, uint8_t taken, uint64_t v)
{
	struct enc_el el = { .type = type, .a = a, .b = b, .n = n,
			     .taken = taken, .v = v };

	if (enc_els_push(h->want, &el))
		h->err = -1;
}

/* The element of one committed atom in region A at h->pc. */
static void want_atom(struct hand *h, bool e)
{
	want(h, EL_RANGE, h->pc, h->pc + 4, 1, e, 0);
	h->pc += e ? 8 : 4;
}

static void want_atoms(struct hand *h, const char *s)
{
	for (; *s; s++)
		if (*s != ' ')
			want_atom(h, *s == 'E');
}

/* F1 atoms: one per byte, so that speculation counts stay obvious. */
static void f1(struct hand *h, const char *s)
{
	for (; *s; s++)
		if (*s != ' ')
			byte(h, ETE_HDR_ATOM_F1 | (*s == 'E'));
}

static void commit(struct hand *h, unsigned int n)
{
	byte(h, ETE_HDR_COMMIT);
	cont(h, n);
}

/*
 * Speculation, MAXSPEC 16 (nothing commits by itself): Cancel removes
 * the newest P0 elements (F2 one, F3 two to five; both also mispredict
 * the newest atom left), Mispredict flips the newest atom, Commit emits
 * the oldest.  Depths 1 to 6.
 *
 * Only the forms without atoms of their own: with atoms (Mispredict
 * 0x31-0x33, Cancel F2 0x35-0x37, Cancel F3 with bit 0) libete and
 * OpenCSD push the packet's atoms before cancelling and flipping, so a
 * Mispredict carrying an E atom yields an N; whether the architecture
 * means that order is not settled here, so no expectation is written
 * for it.
 */
static void hand_spec(struct hand *h)
{
	async(h);
	tinfo(h, ETE_TINFO_SECT_INFO, 0, 0, 0, 0);
	start_at(h, BASE + REG_A);
	f1(h, "ENEE");
	byte(h, ETE_HDR_CANCEL_F1);		/* cancel 2: E N stay */
	cont(h, 2);
	commit(h, 2);
	want_atoms(h, "EN");
	f1(h, "E");
	byte(h, ETE_HDR_MISPREDICT);		/* E -> N */
	commit(h, 1);
	want_atoms(h, "N");
	f1(h, "EEE");
	byte(h, ETE_HDR_CANCEL_F2);		/* cancel 1, E E -> E N */
	commit(h, 2);
	want_atoms(h, "EN");
	f1(h, "NNNNE");
	byte(h, ETE_HDR_CANCEL_F3 | 1 << 1);	/* cancel 3, N N -> N E */
	commit(h, 2);
	want_atoms(h, "NE");
	f1(h, "NENENE");
	byte(h, ETE_HDR_CANCEL_F1_MISPRED);	/* cancel 4, N E -> N N */
	cont(h, 4);
	commit(h, 2);
	want_atoms(h, "NN");
	f1(h, "EENNEE");
	byte(h, ETE_HDR_CANCEL_F3 | 2 << 1);	/* cancel 4, E E -> E N */
	commit(h, 2);
	want_atoms(h, "EN");
	f1(h, "N");
	byte(h, ETE_HDR_MISPREDICT);		/* N -> E */
	f1(h, "N");
	commit(h, 2);
	want_atoms(h, "EN");
}

/*
 * Q: N instructions executed, then the PE is at the packet's address.
 * Counts end on the ret of a group of B, so the range is E.  Long,
 * short and exact-match (an earlier Q's address) forms.
 */
static void hand_q(struct hand *h)
{
	uint64_t b = BASE + REG_B;

	async(h);
	tinfo(h, 0, 0, 0, 0, 0);
	start_at(h, b);
	byte(h, ETE_HDR_Q | ETE_Q_TYPE_LONG_IS0);
	addr_bytes(h, b + 0x1000, ETE_ADDR_L32_BYTES);
	cont(h, 4);
	want(h, EL_RANGE, b, b + 16, 4, 1, 0);
	byte(h, ETE_HDR_Q | ETE_Q_TYPE_SHORT_IS0);
	byte(h, (((b + 0x1040) >> 2) & ETE_PKT_PAYLOAD) | ETE_PKT_CONT);
	byte(h, ((b + 0x1040) >> 9) & 0xff);
	cont(h, 4);
	want(h, EL_RANGE, b + 0x1000, b + 0x1010, 4, 1, 0);
	/* back to the first target, an exact match on the history */
	byte(h, ETE_HDR_Q | 1);
	cont(h, 4);
	want(h, EL_RANGE, b + 0x1040, b + 0x1050, 4, 1, 0);
	f1(h, "E");		/* the ret of the group at b + 0x1000 */
	byte(h, ETE_HDR_ADDR_L64_IS0);
	addr_bytes(h, b + 0x80, ETE_ADDR_L64_BYTES);
	want(h, EL_RANGE, b + 0x1000, b + 0x1010, 4, 1, 0);
	f1(h, "E");
	byte(h, ETE_HDR_ADDR_S_IS0);
	byte(h, ((b + 0x90) >> 2) & ETE_PKT_PAYLOAD);
	want(h, EL_RANGE, b + 0x80, b + 0x90, 4, 1, 0);
}

/*
 * Source addresses: the branch at the packet's address was taken and
 * every branch from the current address up to it was not; the PE goes
 * on at the taken b.eq's target.  Short, long 64-bit and exact-match
 * forms.  With @split (ETE_DEC_F_SRC_ADDR_N) the not-taken branches
 * are ranges of their own.
 */
static void hand_src(struct hand *h, bool split)
{
	uint64_t a = BASE + REG_A;
	static const struct { uint8_t hdr; uint32_t off; } src[] = {
		{ ETE_HDR_SRC_ADDR_S_IS0, 0x20 },
		{ ETE_HDR_SRC_ADDR_L64_IS0, 0x30 },
		{ ETE_HDR_SRC_ADDR_S_IS0, 0x38 },
		{ ETE_HDR_SRC_ADDR_S_IS0, 0x40 },
		{ ETE_HDR_SRC_ADDR_MATCH, 0x40 },	/* idx 0: 0x40 again */
	};

	async(h);
	tinfo(h, 0, 0, 0, 0, 0);
	start_at(h, a);
	for (size_t i = 0; i < sizeof(src) / sizeof(src[0]); i++) {
		uint64_t s = a + src[i].off;

		byte(h, src[i].hdr);
		if (src[i].hdr == ETE_HDR_SRC_ADDR_S_IS0)
			byte(h, (s >> 2) & ETE_PKT_PAYLOAD);
		else if (src[i].hdr == ETE_HDR_SRC_ADDR_L64_IS0)
			addr_bytes(h, s, ETE_ADDR_L64_BYTES);
		if (src[i].hdr == ETE_HDR_SRC_ADDR_MATCH) {
			/* a loop back: the same branch taken again */
			h->pc = s;
		}
		if (split) {
			while (h->pc < s)
				want_atom(h, false);
			want_atom(h, true);
		} else {
			want(h, EL_RANGE, h->pc, s + 4,
			     (uint32_t)((s + 4 - h->pc) / 4), 1, 0);
			h->pc = s + 8;
		}
		if (src[i].hdr == ETE_HDR_SRC_ADDR_S_IS0 && i == 3) {
			/* the next packet loops back to the same branch */
			byte(h, ETE_HDR_ADDR_S_IS0);
			byte(h, (s >> 2) & ETE_PKT_PAYLOAD);
		}
	}
	f1(h, "N");
	want_atoms(h, "N");
}

static void hand_src_n(struct hand *h)
{
	hand_src(h, true);
}

static void hand_src_1(struct hand *h)
{
	hand_src(h, false);
}

/*
 * Trace Info with every section (INFO with cycle counting, KEY, SPEC,
 * CYCT), events of each number, Ignore, then a Discard: what was not
 * committed is dropped and nothing decodes until the next A-Sync.
 */
static void hand_tinfo_events(struct hand *h)
{
	async(h);
	tinfo(h, ETE_TINFO_SECT_INFO | ETE_TINFO_SECT_KEY |
	      ETE_TINFO_SECT_SPEC | ETE_TINFO_SECT_CYCT,
	      ETE_TINFO_INFO_CC, 0x12, 0, 0x10);
	start_at(h, BASE + REG_A);
	f1(h, "EN");
	want_atoms(h, "EN");
	for (uint8_t ev = 1; ev <= ETE_EVENT_BITS; ev <<= 1) {
		byte(h, ETE_HDR_EVENT | ev);
		want(h, EL_EVENT, 0, 0, 0, 0, ev);
	}
	byte(h, ETE_HDR_EVENT | 0x5);
	want(h, EL_EVENT, 0, 0, 0, 0, 0x5);
	byte(h, ETE_HDR_IGNORE);
	f1(h, "E");
	want_atoms(h, "E");
	byte(h, ETE_HDR_EXTENSION);
	byte(h, ETE_EXT_DISCARD);
	want(h, EL_NO_SYNC, 0, 0, 0, 0, 0);
	f1(h, "EEE");			/* not decoded: no sync */
	async(h);
	tinfo(h, 0, 0, 0, 0, 0);
	start_at(h, BASE + REG_A + 0x40);
	f1(h, "NE");
	want_atoms(h, "NE");
}

/*
 * Bad packets: a reserved header and a header reserved in ETE (ETMv4's
 * exception return) each lose synchronisation; decoding resumes at the
 * next A-Sync.  The bytes in between are not decoded.
 */
static void hand_bad(struct hand *h)
{
	async(h);
	tinfo(h, 0, 0, 0, 0, 0);
	start_at(h, BASE + REG_A);
	f1(h, "EE");
	want_atoms(h, "EE");
	byte(h, 0x08);				/* reserved */
	want(h, EL_NO_SYNC, 0, 0, 0, 0, 0);
	f1(h, "NN");
	async(h);
	tinfo(h, 0, 0, 0, 0, 0);
	start_at(h, BASE + REG_A + 0x20);
	f1(h, "N");
	want_atoms(h, "N");
	byte(h, ETE_HDR_EXCEPT_RTN);		/* reserved in ETE */
	want(h, EL_NO_SYNC, 0, 0, 0, 0, 0);
	f1(h, "E");
	async(h);
	tinfo(h, 0, 0, 0, 0, 0);
	start_at(h, BASE + REG_A + 0x80);
	f1(h, "ENE");
	want_atoms(h, "ENE");
}

struct hand_case {
	const char *name;
	const char *what;
	void (*make)(struct hand *h);
	uint32_t configr;
	uint32_t idr8;
	uint32_t idr0_set;		/* TRCIDR0 bits to set */
	unsigned int dec_flags;
	unsigned int pkt_errors;
	bool ocsd;
};

#define MASK_HAND	(1u << EL_RANGE | 1u << EL_CTX | 1u << EL_EVENT | \
			 1u << EL_NO_SYNC)

static const struct hand_case hand_cases[] = {
	{ "hand-spec", "Commit, Cancel F1/F2/F3, Mispredict at depths 1-6",
	  hand_spec, 0, 16, 0, 0, 0, true },
	{ "hand-q", "Q: long, short, exact-match address", hand_q, 0, 0,
	  TRCIDR0_QSUPP_ALL, 0, 0, true },
	{ "hand-src-addr", "source addresses: short, long 64, exact match",
	  hand_src_1, 0, 0, 0, 0, 0, true },
	/* enc_ocsd_decode() has no -src_addr_n */
	{ "hand-src-addr-n", "source addresses, N atoms as ranges",
	  hand_src_n, 0, 0, 0, ETE_DEC_F_SRC_ADDR_N, 0, false },
	{ "hand-tinfo-events", "Trace Info INFO/KEY/SPEC/CYCT, events, "
	  "Ignore, Discard", hand_tinfo_events, TRCCONFIGR_CCI, 0, 0, 0, 0,
	  true },
	{ "hand-bad", "reserved headers, resynchronisation", hand_bad, 0, 0,
	  0, 0, 2, true },
};

#define N_HAND	(sizeof(hand_cases) / sizeof(hand_cases[0]))

static int make_hand(const struct hand_case *c, struct corpus_trace *t,
		     char *why, size_t whylen)
{
	struct hand h = { .b = &t->trace, .want = &t->want };

	base_cfg(&t->cfg, c->configr, 0);
	t->cfg.regs.trcidr8 = c->idr8;
	t->cfg.regs.trcidr0 |= c->idr0_set;
	t->name = c->name;
	t->what = c->what;
	t->ocsd = c->ocsd;
	t->dec_flags = c->dec_flags;
	t->pkt_errors = c->pkt_errors;
	t->mask = MASK_HAND;
	c->make(&h);
	return h.err ? fail(why, whylen, "out of memory") : 0;
}

size_t corpus_count(void)
{
	return N_ENC + N_HAND;
}

int corpus_make(size_t i, struct corpus_trace *t, char *why, size_t whylen)
{
	memset(t, 0, sizeof(*t));
	make_code();
	set_mem(t);
	if (i < N_ENC)
		return make_enc(&enc_cases[i], t, why, whylen);
	if (i < N_ENC + N_HAND)
		return make_hand(&hand_cases[i - N_ENC], t, why, whylen);
	return fail(why, whylen, "no such trace");
}

int corpus_find(const char *name, struct corpus_trace *t, char *why,
		size_t whylen)
{
	for (size_t i = 0; i < corpus_count(); i++) {
		if (corpus_make(i, t, why, whylen))
			return -1;
		if (!strcmp(t->name, name))
			return 0;
		corpus_free(t);
	}
	return fail(why, whylen, "no such trace");
}

void corpus_free(struct corpus_trace *t)
{
	free(t->trace.b);
	enc_els_free(&t->want);
	memset(t, 0, sizeof(*t));
}

int corpus_els_from_ete(struct enc_els *out, const struct ete_elem *e,
			size_t n, unsigned int *nosync)
{
	for (size_t i = 0; i < n; i++, e++) {
		struct enc_el el;

		if (e->type == ETE_ELEM_NO_SYNC) {
			if (!(*nosync)++)
				continue;
			memset(&el, 0, sizeof(el));
			el.type = EL_NO_SYNC;
		} else if (!enc_el_from_ete(e, &el)) {
			continue;
		}
		if (enc_els_push(out, &el))
			return -1;
	}
	return 0;
}

int corpus_write_file(const char *dir, const char *name, const void *data,
		      size_t len)
{
	char path[4096];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f)
		return -1;
	ok = fwrite(data, 1, len, f) == len;
	return (fclose(f) == 0 && ok) ? 0 : -1;
}

int corpus_write(const struct corpus_trace *t, const char *dir)
{
	const struct ete_pkt_config *r = &t->cfg.regs;
	char buf[2048];
	int n = 0;

	if (mkdir(dir, 0777) && errno != EEXIST)
		return -1;
	snprintf(buf, sizeof(buf),
		 "[device]\nname=ETE_0\nclass=trace_source\ntype=ETE\n\n"
		 "[regs]\nTRCCONFIGR=0x%x\nTRCTRACEIDR=0x%x\nTRCDEVARCH=0x%x\n"
		 "TRCIDR0=0x%x\nTRCIDR1=0x%x\nTRCIDR2=0x%x\nTRCIDR8=0x%x\n",
		 r->trcconfigr, r->trctraceidr, r->trcdevarch, r->trcidr0,
		 r->trcidr1, r->trcidr2, r->trcidr8);
	if (corpus_write_file(dir, "ETE_0.ini", buf, strlen(buf)))
		return -1;
	n = snprintf(buf, sizeof(buf),
		     "[device]\nname=cpu_0\nclass=core\ntype=ARM-AA64\n\n"
		     "[regs]\nPC(size:64)=0\n");
	for (size_t i = 0; i < t->nmem; i++)
		n += snprintf(buf + n, sizeof(buf) - n,
			      "\n[dump%zu]\nfile=code.bin\naddress=0x%llx\n"
			      "length=0x%zx\n", i + 1,
			      (unsigned long long)t->mem[i].base,
			      t->mem[i].len);
	if (corpus_write_file(dir, "cpu_0.ini", buf, (size_t)n) ||
	    corpus_write_file(dir, "code.bin", code, CODE_LEN) ||
	    corpus_write_file(dir, "session1.bin", t->trace.b, t->trace.n))
		return -1;
	snprintf(buf, sizeof(buf),
		 "[snapshot]\nversion=1.0\ndescription=armtrace corpus: %s\n\n"
		 "[device_list]\ndevice0=cpu_0.ini\ndevice1=ETE_0.ini\n\n"
		 "[trace]\nmetadata=trace.ini\n", t->what);
	if (corpus_write_file(dir, "snapshot.ini", buf, strlen(buf)))
		return -1;
	snprintf(buf, sizeof(buf),
		 "[trace_buffers]\nbuffers=buffer1\n\n"
		 "[buffer1]\nname=ETB_1\nfile=session1.bin\n"
		 "format=source_data\n\n"
		 "[source_buffers]\nETE_0=ETB_1\n\n"
		 "[core_trace_sources]\ncpu_0=ETE_0\n");
	return corpus_write_file(dir, "trace.ini", buf, strlen(buf));
}
