// SPDX-License-Identifier: GPL-2.0
/*
 * The instruction classifier (lib/a64/a64_classify.c, lib/a64/a64_aarch32.c)
 * against the architecture.
 *
 * First, each row of the expected tables (insn_spec_a64.c,
 * insn_spec_aarch32.c: written from the ISA and ETE's classification,
 * see insn_spec.h) on every encoding its free bits allow, or on 32768 of
 * them where there are more than 65536, with and without the decode
 * options; every one of those with one of its fixed bits flipped (a
 * neighbour, which must get whatever the tables say of it, usually "not
 * a waypoint"); and a million random words per instruction set.  A row
 * that none of its own encodings reaches (a table ordering mistake)
 * fails too.  Then hand-picked encodings as an assembler writes them,
 * the exception-generating test and the printed names.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ete/a64.h>
#include "insn_spec.h"
#include "tap.h"

#define F_WFX	ETE_INSN_F_WFX_BRANCH

static const struct {
	const char *what;
	uint32_t op;
	uint64_t addr;
	unsigned int flags;
	uint8_t cls, sub, cond, link;
	uint64_t target;
} a64[] = {
	{ "nop", 0xd503201f, 0x1000, F_WFX, ETE_INSN_OTHER, 0, 0, 0, 0 },
	{ "add x0,x1,x2", 0x8b020020, 0x1000, 0, ETE_INSN_OTHER, 0, 0, 0, 0 },
	{ "b .+8", 0x14000002, 0x1000, 0, ETE_INSN_BR, 0, 0, 0, 0x1008 },
	{ "b .-4", 0x17ffffff, 0x1000, 0, ETE_INSN_BR, 0, 0, 0, 0xffc },
	{ "bl .+0x100", 0x94000040, 0x1000, 0, ETE_INSN_BR,
	  ETE_INSN_S_BR_LINK, 0, 1, 0x1100 },
	{ "b.eq .+8", 0x54000040, 0x1000, 0, ETE_INSN_BR, 0, 1, 0, 0x1008 },
	{ "bc.ne .-8", 0x54ffffd1, 0x1000, 0, ETE_INSN_BR, 0, 1, 0, 0xff8 },
	{ "cbz x0,.+16", 0xb4000080, 0x1000, 0, ETE_INSN_BR, 0, 1, 0, 0x1010 },
	{ "cbnz w3,.-4", 0x35ffffe3, 0x1000, 0, ETE_INSN_BR, 0, 1, 0, 0xffc },
	{ "tbz x1,#33,.+8", 0xb6080041, 0x1000, 0, ETE_INSN_BR, 0, 1, 0,
	  0x1008 },
	{ "tbnz w2,#0,.-8", 0x3707ffc2, 0x1000, 0, ETE_INSN_BR, 0, 1, 0,
	  0xff8 },
	/* FEAT_CMPBR: conditional; OpenCSD 1.8 prints them without <cond> */
	{ "cbgt x0,x1,.+8", 0xf4010040, 0x1000, 0, ETE_INSN_BR, 0, 1, 0,
	  0x1008 },
	{ "cbbeq w0,w1,.-4", 0x74c1bfe0, 0x1000, 0, ETE_INSN_BR, 0, 1, 0,
	  0xffc },
	{ "cbheq w0,w1,.+4", 0x74c1c020, 0x1000, 0, ETE_INSN_BR, 0, 1, 0,
	  0x1004 },
	{ "cbgt x0,#1,.+8", 0xf5008040, 0x1000, 0, ETE_INSN_BR, 0, 1, 0,
	  0x1008 },
	{ "cbgt x0,#1,.+8 (as OpenCSD)", 0xf5008040, 0x1000,
	  ETE_INSN_F_CMPBR_UNCOND, ETE_INSN_BR, 0, 0, 0, 0x1008 },
	{ "cbbeq w0,w1,.-4 (as OpenCSD)", 0x74c1bfe0, 0x1000,
	  ETE_INSN_F_CMPBR_UNCOND, ETE_INSN_BR, 0, 0, 0, 0xffc },
	{ "b.eq .+8 (OpenCSD flag: still conditional)", 0x54000040, 0x1000,
	  ETE_INSN_F_CMPBR_UNCOND, ETE_INSN_BR, 0, 1, 0, 0x1008 },
	{ "br x3", 0xd61f0060, 0, 0, ETE_INSN_BR_INDIRECT, 0, 0, 0, 0 },
	{ "blr x8", 0xd63f0100, 0, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_BR_LINK, 0, 1, 0 },
	{ "ret", 0xd65f03c0, 0, 0, ETE_INSN_BR_INDIRECT, ETE_INSN_S_RET, 0,
	  0, 0 },
	{ "ret x2", 0xd65f0040, 0, 0, ETE_INSN_BR_INDIRECT, ETE_INSN_S_RET,
	  0, 0, 0 },
	{ "retaa", 0xd65f0bff, 0, 0, ETE_INSN_BR_INDIRECT, ETE_INSN_S_RET,
	  0, 0, 0 },
	{ "retab", 0xd65f0fff, 0, 0, ETE_INSN_BR_INDIRECT, ETE_INSN_S_RET,
	  0, 0, 0 },
	{ "retaasppc", 0x5500003f, 0, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_RET, 0, 0, 0 },
	{ "retabsppc", 0x5520003f, 0, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_RET, 0, 0, 0 },
	{ "retaasppcr x1", 0xd65f0be1, 0, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_RET, 0, 0, 0 },
	{ "retabsppcr x16", 0xd65f0ff0, 0, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_RET, 0, 0, 0 },
	{ "unallocated (RETAA with Rn 1)", 0xd65f083f, 0, 0, ETE_INSN_OTHER,
	  0, 0, 0, 0 },
	{ "cbbgt x0,x1 (sf 1: unallocated)", 0xf4018040, 0x1000, 0,
	  ETE_INSN_OTHER, 0, 0, 0, 0 },
	{ "cb<cc> cc 100 (UNDEFINED)", 0xf4810040, 0x1000, 0, ETE_INSN_OTHER,
	  0, 0, 0, 0 },
	{ "eret", 0xd69f03e0, 0, 0, ETE_INSN_BR_INDIRECT, ETE_INSN_S_ERET, 0,
	  0, 0 },
	{ "eretaa", 0xd69f0bff, 0, 0, ETE_INSN_BR_INDIRECT, ETE_INSN_S_ERET,
	  0, 0, 0 },
	{ "eretab", 0xd69f0fff, 0, 0, ETE_INSN_BR_INDIRECT, ETE_INSN_S_ERET,
	  0, 0, 0 },
	{ "braa x1,x2", 0xd71f0822, 0, 0, ETE_INSN_BR_INDIRECT, 0, 0, 0, 0 },
	{ "brab x1,x2", 0xd71f0c22, 0, 0, ETE_INSN_BR_INDIRECT, 0, 0, 0, 0 },
	{ "braaz x1", 0xd61f083f, 0, 0, ETE_INSN_BR_INDIRECT, 0, 0, 0, 0 },
	{ "blraa x1,x2", 0xd73f0822, 0, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_BR_LINK, 0, 1, 0 },
	{ "blrabz x3", 0xd63f0c7f, 0, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_BR_LINK, 0, 1, 0 },
	{ "isb", 0xd5033fdf, 0, 0, ETE_INSN_ISB, 0, 0, 0, 0 },
	{ "dsb sy (not a waypoint)", 0xd5033f9f, 0, 0, ETE_INSN_OTHER, 0, 0,
	  0, 0 },
	{ "dmb ish", 0xd5033bbf, 0, ETE_INSN_F_DSB_DMB, ETE_INSN_DSB_DMB, 0,
	  0, 0, 0 },
	{ "wfi", 0xd503207f, 0, F_WFX, ETE_INSN_WFI_WFE, 0, 0, 0, 0 },
	{ "wfe", 0xd503205f, 0, F_WFX, ETE_INSN_WFI_WFE, 0, 0, 0, 0 },
	{ "wfi (WFXMODE 0)", 0xd503207f, 0, 0, ETE_INSN_OTHER, 0, 0, 0, 0 },
	{ "wfit x0", 0xd5031020, 0, F_WFX, ETE_INSN_WFI_WFE, 0, 0, 0, 0 },
	{ "wfet x1", 0xd5031001, 0, F_WFX, ETE_INSN_WFI_WFE, 0, 0, 0, 0 },
	{ "tstart x0", 0xd5233060, 0, 0, ETE_INSN_TSTART, 0, 0, 0, 0 },
	{ "tcommit (not a waypoint)", 0xd503307f, 0, 0, ETE_INSN_OTHER, 0, 0,
	  0, 0 },
	{ "svc #0 (exception packet, not a waypoint)", 0xd4000001, 0, F_WFX,
	  ETE_INSN_OTHER, 0, 0, 0, 0 },
	{ "hvc #0", 0xd4000002, 0, F_WFX, ETE_INSN_OTHER, 0, 0, 0, 0 },
	{ "smc #0", 0xd4000003, 0, F_WFX, ETE_INSN_OTHER, 0, 0, 0, 0 },
	{ "bti c", 0xd503245f, 0, F_WFX, ETE_INSN_OTHER, 0, 0, 0, 0 },
	{ "udf #0", 0x00000000, 0, F_WFX, ETE_INSN_OTHER, 0, 0, 0, 0 },
};

static const struct {
	const char *what;
	int t32;
	uint32_t op;
	uint64_t addr;
	uint8_t cls, sub, cond, size, next_isa;
	uint64_t target;
} a32[] = {
	{ "A32 b .+8", 0, 0xea000000, 0x8000, ETE_INSN_BR, 0, 0, 4,
	  ETE_ISA_A32, 0x8008 },
	{ "A32 bleq", 0, 0x0b000010, 0x8000, ETE_INSN_BR, ETE_INSN_S_BR_LINK,
	  1, 4, ETE_ISA_A32, 0x8048 },
	{ "A32 blx imm", 0, 0xfa000000, 0x8000, ETE_INSN_BR,
	  ETE_INSN_S_BR_LINK, 0, 4, ETE_ISA_T32, 0x8008 },
	{ "A32 bx lr", 0, 0xe12fff1e, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_V7_IMPL_RET, 0, 4, ETE_ISA_A32, 0 },
	{ "A32 pop {r4,pc}", 0, 0xe8bd8010, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_V7_IMPL_RET, 0, 4, ETE_ISA_A32, 0 },
	{ "A32 movne r0,r1", 0, 0x11a00001, 0, ETE_INSN_OTHER, 0, 1, 4,
	  ETE_ISA_A32, 0 },
	{ "T32 b<c> .+4", 1, 0xd000, 0x8000, ETE_INSN_BR, 0, 1, 2,
	  ETE_ISA_T32, 0x8004 },
	{ "T32 bx lr", 1, 0x4770, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_V7_IMPL_RET, 0, 2, ETE_ISA_T32, 0 },
	{ "T32 bl .+4", 1, 0xf800f000, 0x8000, ETE_INSN_BR,
	  ETE_INSN_S_BR_LINK, 0, 4, ETE_ISA_T32, 0x8004 },
	{ "T32 nop", 1, 0xbf00, 0, ETE_INSN_OTHER, 0, 0, 2, ETE_ISA_T32, 0 },
	{ "A32 eret", 0, 0xe160006e, 0, ETE_INSN_BR_INDIRECT, 0, 0, 4,
	  ETE_ISA_A32, 0 },
	{ "T32 mcr p15,0,r0,c7,c5,4 (CP15ISB)", 1, 0x0f95ee07, 0,
	  ETE_INSN_ISB, 0, 0, 4, ETE_ISA_T32, 0 },
	{ "T32 ldr pc,[r0],#-4 (P = W = 0: UNDEFINED)", 1, 0xf804f850, 0,
	  ETE_INSN_OTHER, 0, 0, 4, ETE_ISA_T32, 0 },
};

/* ---- the expected tables, exhaustively ---- */

#define EXHAUSTIVE_BITS	16	/* up to 65536 encodings: all of them */
#define SAMPLES		32768u	/* else this many, plus the corners */
#define RANDOM_WORDS	(1u << 20)
#define MAX_DIAG	4

struct isa_tab {
	const char *name;
	unsigned int isa;		/* ETE_ISA_A64, _A32 or _T32 */
	const struct spec_row *rows;
	size_t n;
	unsigned int shift;		/* of the 8 bits that index cand[] */
	uint16_t *cand[256];		/* rows that can match, in order */
	uint16_t ncand[256];
};

static uint64_t rng_state = 0x2545f4914f6cdd1dull;

static uint32_t rnd32(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}

static int tab_index(struct isa_tab *t)
{
	for (unsigned int k = 0; k < 256; k++) {
		uint32_t key = (uint32_t)k << t->shift, km = 0xffu << t->shift;

		t->cand[k] = malloc(t->n * sizeof(*t->cand[k]));
		if (!t->cand[k])
			return -1;
		t->ncand[k] = 0;
		for (size_t r = 0; r < t->n; r++)
			if (!((key ^ t->rows[r].val) & t->rows[r].mask & km))
				t->cand[k][t->ncand[k]++] = (uint16_t)r;
	}
	return 0;
}

static void tab_free(struct isa_tab *t)
{
	for (unsigned int k = 0; k < 256; k++)
		free(t->cand[k]);
}

/* the row an encoding belongs to: the first that matches, or none */
static const struct spec_row *lookup(const struct isa_tab *t, uint32_t op)
{
	unsigned int k = (op >> t->shift) & 0xff;

	for (unsigned int i = 0; i < t->ncand[k]; i++) {
		const struct spec_row *r = &t->rows[t->cand[k][i]];

		if ((op & r->mask) == r->val)
			return r;
	}
	return NULL;
}

static uint32_t field(uint32_t op, unsigned int hi, unsigned int lo)
{
	return (op >> lo) & ((1u << (hi - lo + 1)) - 1);
}

static int64_t sext(uint32_t v, unsigned int bits)
{
	return (v & (1u << (bits - 1))) ? (int64_t)v - (1ll << bits) :
		(int64_t)v;
}

/*
 * A direct branch's target, from the Arm ARM's pseudocode for each
 * encoding (T32: first halfword in bits 31:16).
 */
static uint64_t target(unsigned int tgt, uint32_t op, uint64_t a)
{
	uint32_t s = field(op, 26, 26), j1 = field(op, 13, 13);
	uint32_t j2 = field(op, 11, 11);
	uint32_t i1 = !(j1 ^ s), i2 = !(j2 ^ s);

	switch (tgt) {
	case TGT_A64_IMM26:
		return a + (uint64_t)(sext(field(op, 25, 0), 26) * 4);
	case TGT_A64_IMM19:
		return a + (uint64_t)(sext(field(op, 23, 5), 19) * 4);
	case TGT_A64_IMM14:
		return a + (uint64_t)(sext(field(op, 18, 5), 14) * 4);
	case TGT_A64_IMM9:
		return a + (uint64_t)(sext(field(op, 13, 5), 9) * 4);
	case TGT_A32_IMM24:
		return (uint32_t)(a + 8 + (uint64_t)(sext(field(op, 23, 0),
							   24) * 4));
	case TGT_A32_BLX:
		return (uint32_t)(a + 8 +
			(uint64_t)sext(field(op, 23, 0) << 2 |
				       field(op, 24, 24) << 1, 26));
	case TGT_T16_IMM8:
		return (uint32_t)(a + 4 +
			(uint64_t)sext(field(op, 23, 16) << 1, 9));
	case TGT_T16_IMM11:
		return (uint32_t)(a + 4 +
			(uint64_t)sext(field(op, 26, 16) << 1, 12));
	case TGT_T16_CBZ:
		return (uint32_t)(a + 4 + (field(op, 25, 25) << 6 |
					   field(op, 23, 19) << 1));
	case TGT_T32_B_T3:
		return (uint32_t)(a + 4 +
			(uint64_t)sext(s << 20 | j2 << 19 | j1 << 18 |
				       field(op, 21, 16) << 12 |
				       field(op, 10, 0) << 1, 21));
	case TGT_T32_B_T4:
		return (uint32_t)(a + 4 +
			(uint64_t)sext(s << 24 | i1 << 23 | i2 << 22 |
				       field(op, 25, 16) << 12 |
				       field(op, 10, 0) << 1, 25));
	case TGT_T32_BLX:
		return (uint32_t)(((a + 4) & ~3ull) +
			(uint64_t)sext(s << 24 | i1 << 23 | i2 << 22 |
				       field(op, 25, 16) << 12 |
				       field(op, 10, 1) << 2, 25));
	}
	return 0;
}

/* What the tables say of @op; false where they allow anything. */
static bool expect(const struct isa_tab *t, uint32_t op, uint64_t addr,
		   unsigned int flags, struct ete_insn *e)
{
	const struct spec_row *r = lookup(t, op);

	memset(e, 0, sizeof(*e));
	e->size = 4;
	e->next_isa = (uint8_t)t->isa;
	if (t->isa == ETE_ISA_T32 && !ete_t32_is_wide((uint16_t)(op >> 16)))
		e->size = 2;
	if (r && r->cls == SPEC_ANY)
		return false;
	if (r && (!r->need || (flags & r->need))) {
		e->cls = r->cls;
		e->sub = r->sub;
		e->cond = r->cond == SPEC_COND_NOT_OCSD ?
			!(flags & ETE_INSN_F_CMPBR_UNCOND) : r->cond;
		e->link = r->link;
		e->target = target(r->tgt, op, addr);
		if (r->xisa)
			e->next_isa = t->isa == ETE_ISA_A32 ? ETE_ISA_T32 :
				ETE_ISA_A32;
	}
	if (t->isa == ETE_ISA_A32)
		e->cond = (op >> 28) < 0xe;
	return true;
}

static void classify(const struct isa_tab *t, uint32_t op, uint64_t addr,
		     unsigned int flags, struct ete_insn *o)
{
	if (t->isa == ETE_ISA_A64)
		ete_a64_classify(op, addr, flags, o);
	else if (t->isa == ETE_ISA_A32)
		ete_a32_classify(op, addr, flags, o);
	else	/* memory order: first halfword in bits 15:0 */
		ete_t32_classify(op >> 16 | op << 16, addr, flags, o);
}

struct tally {
	unsigned long checked, failed;
};

static bool same(const struct ete_insn *a, const struct ete_insn *b)
{
	return a->cls == b->cls && a->sub == b->sub && a->cond == b->cond &&
		a->link == b->link && a->size == b->size &&
		a->next_isa == b->next_isa && a->target == b->target;
}

static void check_one(const struct isa_tab *t, uint32_t op, uint64_t addr,
		      unsigned int flags, struct tally *n)
{
	struct ete_insn got, want;

	if (!expect(t, op, addr, flags, &want))
		return;
	classify(t, op, addr, flags, &got);
	n->checked++;
	if (same(&got, &want))
		return;
	if (n->failed++ < MAX_DIAG) {
		const struct spec_row *r = lookup(t, op);

		tap_diag("%s %08x at 0x%llx flags %u (%s): got cls %u sub %u "
			 "cond %u link %u size %u isa %u target 0x%llx; want "
			 "%u %u %u %u %u %u 0x%llx", t->name, op,
			 (unsigned long long)addr, flags,
			 r ? r->insn : "no row", got.cls, got.sub, got.cond,
			 got.link, got.size, got.next_isa,
			 (unsigned long long)got.target, want.cls, want.sub,
			 want.cond, want.link, want.size, want.next_isa,
			 (unsigned long long)want.target);
	}
}

static const uint64_t addrs[3][4] = {
	[ETE_ISA_A64] = { 0x400000, 0xffffffffc0000000ull, 0,
			  0x7ffffffffffcull },
	[ETE_ISA_A32] = { 0x8000, 0xfffffffcu, 0, 0x10000 },
	[ETE_ISA_T32] = { 0x8000, 0x8002, 0xfffffffeu, 0 },
};

/* @op with both option sets, and one neighbour (fixed bit @nb flipped) */
static void check_enc(const struct isa_tab *t, uint32_t op, unsigned int nb,
		      unsigned long i, struct tally *own, struct tally *nbr)
{
	uint64_t a = addrs[t->isa][i & 3];
	unsigned int all = ETE_INSN_F_WFX_BRANCH | ETE_INSN_F_DSB_DMB |
		ETE_INSN_F_CMPBR_UNCOND;

	check_one(t, op, a, 0, own);
	check_one(t, op, a, all, own);
	check_one(t, op ^ (1u << nb), a, (i & 1) ? all : 0, nbr);
}

static void test_row(const struct isa_tab *t, const struct spec_row *r)
{
	uint32_t free_bits = ~r->mask, fixed[32], freeb[32], s;
	unsigned int nfixed = 0, k = 0;
	struct tally own = { 0 }, nbr = { 0 };
	unsigned long i = 0, reached = 0;
	bool all;

	for (unsigned int b = 0; b < 32; b++) {
		if (r->mask & (1u << b))
			fixed[nfixed++] = b;
		else
			freeb[k++] = b;
	}
	all = k <= EXHAUSTIVE_BITS;
	if (all) {
		s = 0;
		do {	/* every subset of the free bits */
			reached += lookup(t, r->val | s) == r;
			check_enc(t, r->val | s, fixed[i % nfixed], i, &own,
				  &nbr);
			i++;
			s = (s - free_bits) & free_bits;
		} while (s);
	} else {
		for (; i < SAMPLES + 2 + k; i++) {
			if (i < SAMPLES)
				s = rnd32() & free_bits;
			else if (i == SAMPLES)
				s = 0;
			else if (i == SAMPLES + 1)
				s = free_bits;
			else	/* each free bit alone */
				s = 1u << freeb[i - SAMPLES - 2];
			reached += lookup(t, r->val | s) == r;
			check_enc(t, r->val | s, fixed[i % nfixed], i, &own,
				  &nbr);
		}
	}
	tap_ok(!own.failed && !nbr.failed && reached,
	       "%s %s: %lu encodings%s (%lu its own, %lu failed), %lu "
	       "neighbours (%lu failed) [%s]", t->name, r->insn, i,
	       all ? ", all" : " sampled", reached, own.failed, nbr.checked,
	       nbr.failed, r->src);
}

static void test_random(const struct isa_tab *t)
{
	struct tally n = { 0 };

	for (unsigned long i = 0; i < RANDOM_WORDS; i++)
		check_one(t, rnd32(), addrs[t->isa][i & 3],
			  (i & 1) ? ETE_INSN_F_WFX_BRANCH | ETE_INSN_F_DSB_DMB |
			  ETE_INSN_F_CMPBR_UNCOND : 0, &n);
	tap_ok(!n.failed, "%s: %lu random words as the table says (%lu "
	       "failed)", t->name, n.checked, n.failed);
}

static void test_tables(void)
{
	static struct isa_tab tabs[] = {
		{ "a64", ETE_ISA_A64, spec_a64, 0, 24, { 0 }, { 0 } },
		{ "a32", ETE_ISA_A32, spec_a32, 0, 20, { 0 }, { 0 } },
		{ "t32", ETE_ISA_T32, spec_t32, 0, 24, { 0 }, { 0 } },
	};

	tabs[0].n = spec_a64_n;
	tabs[1].n = spec_a32_n;
	tabs[2].n = spec_t32_n;
	for (size_t i = 0; i < sizeof(tabs) / sizeof(tabs[0]); i++) {
		struct isa_tab *t = &tabs[i];

		if (!tap_ok(!tab_index(t), "%s: table indexed", t->name))
			continue;
		for (size_t r = 0; r < t->n; r++)
			test_row(t, &t->rows[r]);
		test_random(t);
		tab_free(t);
	}
}

int main(void)
{
	struct ete_insn in;
	char name[64];

	test_tables();
	for (size_t i = 0; i < sizeof(a64) / sizeof(a64[0]); i++) {
		bool ok;

		ete_a64_classify(a64[i].op, a64[i].addr, a64[i].flags, &in);
		ok = in.cls == a64[i].cls && in.sub == a64[i].sub &&
			in.cond == a64[i].cond && in.link == a64[i].link &&
			in.size == 4 && in.next_isa == ETE_ISA_A64 &&
			(in.cls != ETE_INSN_BR || in.target == a64[i].target);
		if (!ok)
			tap_diag("got cls %u sub %u cond %u link %u target "
				 "0x%llx", in.cls, in.sub, in.cond, in.link,
				 (unsigned long long)in.target);
		tap_ok(ok, "a64 %08x %s", a64[i].op, a64[i].what);
	}
	for (size_t i = 0; i < sizeof(a32) / sizeof(a32[0]); i++) {
		bool ok;

		if (a32[i].t32)
			ete_t32_classify(a32[i].op, a32[i].addr, 0, &in);
		else
			ete_a32_classify(a32[i].op, a32[i].addr, 0, &in);
		ok = in.cls == a32[i].cls && in.sub == a32[i].sub &&
			in.cond == a32[i].cond && in.size == a32[i].size &&
			(in.cls != ETE_INSN_BR ||
			 (in.target == a32[i].target &&
			  in.next_isa == a32[i].next_isa));
		if (!ok)
			tap_diag("got cls %u sub %u cond %u size %u target "
				 "0x%llx isa %u", in.cls, in.sub, in.cond,
				 in.size, (unsigned long long)in.target,
				 in.next_isa);
		tap_ok(ok, "%s", a32[i].what);
	}
	/* exception-generating instructions: not waypoints, but flagged */
	{
		static const struct {
			uint32_t op;
			int exc;
		} eg[] = {
			{ 0xd4000001, 1 },	/* svc #0 */
			{ 0xd41fffe1, 1 },	/* svc #0xffff */
			{ 0xd4000002, 1 },	/* hvc #0 */
			{ 0xd4000063, 1 },	/* smc #3 */
			{ 0xd4200000, 0 },	/* brk #0 */
			{ 0xd4400000, 0 },	/* hlt #0 */
			{ 0xd4a00001, 0 },	/* dcps1 */
			{ 0xd4000000, 0 },	/* LL 00: unallocated */
			{ 0xd503201f, 0 },	/* nop */
		};
		bool ok = true;

		for (size_t i = 0; i < sizeof(eg) / sizeof(eg[0]); i++) {
			ete_a64_classify(eg[i].op, 0, 0, &in);
			if (ete_a64_is_exc_gen(eg[i].op) != eg[i].exc ||
			    in.cls != ETE_INSN_OTHER) {
				tap_diag("%08x: exc_gen %d cls %u", eg[i].op,
					 ete_a64_is_exc_gen(eg[i].op), in.cls);
				ok = false;
			}
		}
		tap_ok(ok, "a64 SVC/HVC/SMC are exception-generating, "
		       "not waypoints");
	}
	/* the printer's names are OpenCSD's */
	snprintf(name, sizeof(name), "%s|%s|%s|%s", ete_insn_class_name(1),
		 ete_insn_sub_name(1), ete_insn_sub_name(2),
		 ete_isa_name(ETE_ISA_A64));
	tap_ok(!strcmp(name, "BR  |b+link |A64:ret |A64"), "names: %s", name);
	return tap_exit();
}
