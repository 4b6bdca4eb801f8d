// SPDX-License-Identifier: GPL-2.0
/*
 * libete memory image and block cache (ete_img_block()) against a naive
 * reference walk.
 *
 * A block cache miss on A64 code takes one of several routes: the
 * region's waypoint bitmap (built 256 instructions at a time, tied to the
 * decode flags it was built with, dropped by ete_img_invalidate()), a
 * short cut for a waypoint in the same bitmap word, or a walk one
 * instruction at a time (misaligned addresses, callback memory, the step
 * from one region into the next).  Every route must give exactly what
 * walking the image an instruction at a time and classifying each word
 * with ete_a64_classify() gives, field for field.  Checked here:
 *
 *  - random programs (short and long blocks, so bitmap words and chunks
 *    are crossed), queried at random starts and at every address of the
 *    first and last 300 instructions, with and without the WFx/DSB/DMB
 *    waypoint flags, one image queried with both flag values in turn;
 *  - a block that runs from one region into the adjacent next one;
 *  - a region that starts at an address that is not 4-aligned, and blocks
 *    that run off the end of a region ("not accessible");
 *  - ete_img_invalidate() after the caller changes its buffer (and the
 *    stale answer before it, as the header's contract implies);
 *  - misaligned A64 start addresses;
 *  - callback memory (ete_img_set_callback()) without regions;
 *  - walks that follow the program as a trace does (next block after a
 *    branch not taken, target after one taken, elsewhere after an
 *    indirect branch), which go through the links a map keeps from one
 *    waypoint to the next block, across flag changes and invalidates.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include <ete/a64.h>
#include <ete/img.h>
#include <ete/path.h>

#define PROG_LEN	(64u << 10)
#define PROG_INSNS	(PROG_LEN / 4)
#define PROG_BASE	0x400000ull
#define NRAND		20000
#define NEDGE		300
#define FLAGS_ALL	(ETE_INSN_F_WFX_BRANCH | ETE_INSN_F_DSB_DMB)

#define OP_PLAIN	0x91000421u	/* add x1, x1, #1 */
#define OP_RET		0xd65f03c0u
#define OP_B_8		0x14000002u	/* b .+8 */

/* ---- reference: the test's own view of memory, an instruction at a time */

struct ref_reg {
	uint64_t start;
	size_t len;
	const uint8_t *data;
};

struct ref_mem {
	struct ref_reg r[4];
	int n;
};

/*
 * Bytes at @a from the one region that holds @a, as ete_img_read() does:
 * an instruction is only readable if all its bytes lie in that region
 * (so a misaligned word straddling two adjacent regions is not).
 */
static size_t ref_read(const struct ref_mem *m, uint64_t a, uint8_t *buf,
		       size_t len)
{
	for (int i = 0; i < m->n; i++) {
		const struct ref_reg *r = &m->r[i];

		if (a >= r->start && a - r->start < r->len) {
			size_t avail = (size_t)(r->len - (a - r->start));

			if (len > avail)
				len = avail;
			memcpy(buf, r->data + (a - r->start), len);
			return len;
		}
	}
	return 0;
}

static bool ref_word(const struct ref_mem *m, uint64_t a, uint32_t *op)
{
	uint8_t b[4];

	if (ref_read(m, a, b, 4) != 4)
		return false;
	*op = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
		(uint32_t)b[3] << 24;
	return true;
}

/*
 * Walk from @addr in steps of 4 bytes (also from a misaligned address:
 * ete_img_insn() and the library's slow walk read the word at whatever
 * address they are at and add the instruction size, 4 for A64) to the
 * first waypoint, or to the first address whose word cannot be read.
 * @last is the classification of the last instruction walked; with none
 * walked it is "other", A64, at @addr.
 */
static void ref_block(const struct ref_mem *m, uint64_t addr,
		      unsigned int flags, struct ete_blk *b)
{
	uint64_t a = addr;
	uint32_t op;

	memset(b, 0, sizeof(*b));
	b->start = addr;
	b->last_addr = addr;
	b->last.size = 4;
	b->last.next_isa = ETE_ISA_A64;
	b->stop = ETE_BLK_NACC;
	while (ref_word(m, a, &op)) {
		ete_a64_classify(op, a, flags, &b->last);
		b->last_addr = a;
		b->ninsn++;
		a += 4;
		if (b->last.cls != ETE_INSN_OTHER) {
			b->stop = ETE_BLK_WAYPOINT;
			break;
		}
	}
	b->end = a;
}

/* ---- comparing */

struct tally {
	unsigned long n, bad;
	unsigned int flags;		/* of the first mismatch */
	uint32_t got_op;		/* word at got.last_addr (0: none) */
	struct ete_blk want, got;
};

static bool blk_eq(const struct ete_blk *a, const struct ete_blk *b)
{
	return a->start == b->start && a->end == b->end &&
		a->ninsn == b->ninsn && a->stop == b->stop &&
		a->last_addr == b->last_addr &&
		a->last.cls == b->last.cls && a->last.sub == b->last.sub &&
		a->last.cond == b->last.cond && a->last.link == b->last.link &&
		a->last.size == b->last.size &&
		a->last.next_isa == b->last.next_isa &&
		a->last.target == b->last.target;
}

static void blk_diag(const char *what, const struct ete_blk *b)
{
	tap_diag("  %s: end %#" PRIx64 " ninsn %" PRIu32 " stop %u last_addr %#"
		 PRIx64 " cls %u sub %u cond %u link %u size %u isa %u target %#"
		 PRIx64, what, b->end, b->ninsn, b->stop, b->last_addr,
		 b->last.cls, b->last.sub, b->last.cond, b->last.link,
		 b->last.size, b->last.next_isa, b->last.target);
}

static void tally_diag(const struct tally *t)
{
	if (!t->bad)
		return;
	tap_diag("%lu of %lu blocks differ; first at %#" PRIx64 " flags %#x",
		 t->bad, t->n, t->want.start, t->flags);
	blk_diag("want", &t->want);
	blk_diag("got ", &t->got);
	tap_diag("  word at got.last_addr: %#010" PRIx32, t->got_op);
}

/* Query @addr with @flags and compare with the reference. */
static bool check(struct ete_img *img, const struct ref_mem *m, uint64_t addr,
		  unsigned int flags, struct tally *t)
{
	struct ete_blk want, got;

	ref_block(m, addr, flags, &want);
	got = *ete_img_block(img, addr, ETE_ISA_A64, flags);
	t->n++;
	if (blk_eq(&got, &want))
		return true;
	if (!t->bad++) {
		if (!ref_word(m, got.last_addr, &t->got_op))
			t->got_op = 0;
		t->flags = flags;
		t->want = want;
		t->got = got;
	}
	return false;
}

/* ---- inputs */

static uint64_t rng_state = 0x2545f4914f6cdd1dull;

static uint64_t xorshift(void)
{
	uint64_t x = rng_state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return rng_state = x;
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

/* Scatter WFI, WFE, DSB, DMB and ISB over a program (not its last word). */
static void add_barriers(uint8_t *buf, size_t len, unsigned int count)
{
	static const uint32_t ops[] = {
		0xd503207fu,	/* wfi */
		0xd503205fu,	/* wfe */
		0xd503309fu,	/* dsb sy */
		0xd50330bfu,	/* dmb oshld */
		0xd5033fdfu,	/* isb */
	};

	for (unsigned int i = 0; i < count; i++) {
		size_t at = (size_t)(xorshift() % (len / 4 - 1));

		put32(buf + 4 * at, ops[xorshift() % 5]);
	}
}

/* Start addresses: random ones, then the first and last NEDGE. */
static uint64_t prog_addr(unsigned int i)
{
	if (i < NRAND)
		return PROG_BASE + 4 * (xorshift() % PROG_INSNS);
	i -= NRAND;
	if (i < NEDGE)
		return PROG_BASE + 4ull * i;
	return PROG_BASE + 4ull * (PROG_INSNS - 2 * NEDGE + i);
}

static uint8_t prog[2][PROG_LEN];	/* branch_pct 15, 1 */
static uint8_t progx[2][PROG_LEN];	/* the same with barriers */

/* One more region, in the image and in the reference. */
static bool img_add(struct ete_img *img, struct ref_mem *m, uint64_t addr,
		    const uint8_t *data, size_t len)
{
	if (ete_img_add_buffer(img, addr, data, len) != ETE_IMG_OK)
		return false;
	m->r[m->n++] = (struct ref_reg){ addr, len, data };
	return true;
}

static bool img_one(struct ete_img *img, struct ref_mem *m, uint64_t addr,
		    const uint8_t *data, size_t len)
{
	m->n = 0;
	return !ete_img_init(img) && img_add(img, m, addr, data, len);
}

/* 1. Whole programs: bitmap route (and its short cut) vs the reference. */
static void test_programs(void)
{
	static const unsigned int pct[2] = { 15, 1 };
	struct ete_img img;
	struct ref_mem m;

	for (int p = 0; p < 2; p++) {
		struct tally t = { 0 }, t0 = { 0 }, tf = { 0 };

		ete_path_gen_program(prog[p], PROG_LEN, 7 + p, pct[p]);
		memcpy(progx[p], prog[p], PROG_LEN);
		add_barriers(progx[p], PROG_LEN, 300);

		if (!img_one(&img, &m, PROG_BASE, prog[p], PROG_LEN)) {
			tap_ok(false, "image set-up");
			return;
		}
		for (unsigned int i = 0; i < NRAND + 2 * NEDGE; i++)
			check(&img, &m, prog_addr(i), 0, &t);
		tap_ok(!t.bad && t.n == NRAND + 2 * NEDGE,
		       "branch_pct %u, flags 0: %lu blocks equal the reference walk",
		       pct[p], t.n);
		tally_diag(&t);
		ete_img_free(&img);

		/*
		 * WFx/DSB/DMB in the code: the two flag values give different
		 * blocks.  Each start is asked with both, in alternating
		 * order, so the bitmap keeps being rebuilt for the other
		 * flags.
		 */
		if (!img_one(&img, &m, PROG_BASE, progx[p], PROG_LEN)) {
			tap_ok(false, "image set-up");
			return;
		}
		for (unsigned int i = 0; i < NRAND + 2 * NEDGE; i++) {
			uint64_t a = prog_addr(i);

			if (i & 1) {
				check(&img, &m, a, FLAGS_ALL, &tf);
				check(&img, &m, a, 0, &t0);
			} else {
				check(&img, &m, a, 0, &t0);
				check(&img, &m, a, FLAGS_ALL, &tf);
			}
		}
		/* bits FLAGS_ALL set must not survive the rebuild for 0 */
		tap_ok(!t0.bad && t0.n == NRAND + 2 * NEDGE,
		       "branch_pct %u with barriers, flags 0 (alternating): %lu blocks equal the reference",
		       pct[p], t0.n);
		tally_diag(&t0);
		tap_ok(!tf.bad && tf.n == NRAND + 2 * NEDGE,
		       "branch_pct %u with barriers, flags WFX|DSB_DMB (alternating): %lu blocks equal the reference",
		       pct[p], tf.n);
		tally_diag(&tf);
		ete_img_free(&img);
	}
}

/* 2. A block from one region into the adjacent next one. */
static void test_adjacent(void)
{
	static uint8_t a[256 * 4], b[64 * 4];
	const uint64_t abase = 0x100000, bbase = abase + sizeof(a);
	const uint64_t from = bbase - 50 * 4;
	struct ete_img img;
	struct ref_mem m = { .n = 0 };
	struct tally t = { 0 };
	const struct ete_blk *blk;

	/* a: 156 words of a program, then 100 plain; b: 10 plain, ret, ... */
	memcpy(a, prog[0] + 4096, 156 * 4);
	for (int i = 156; i < 256; i++)
		put32(a + 4 * i, OP_PLAIN);
	for (int i = 0; i < 10; i++)
		put32(b + 4 * i, OP_PLAIN);
	put32(b + 40, OP_RET);
	memcpy(b + 44, prog[0] + 8192, sizeof(b) - 44);

	/* the later region first: regions are kept sorted */
	if (ete_img_init(&img) || !img_add(&img, &m, bbase, b, sizeof(b)) ||
	    !img_add(&img, &m, abase, a, sizeof(a))) {
		tap_ok(false, "image set-up");
		return;
	}
	blk = ete_img_block(&img, from, ETE_ISA_A64, 0);
	tap_ok(blk->start == from && blk->ninsn == 61 &&
	       blk->stop == ETE_BLK_WAYPOINT && blk->last_addr == bbase + 40 &&
	       blk->end == bbase + 44 &&
	       blk->last.cls == ETE_INSN_BR_INDIRECT &&
	       blk->last.sub == ETE_INSN_S_RET && !blk->last.link &&
	       !blk->last.cond,
	       "block crosses into the adjacent region: 61 instructions to the ret");
	if (blk->ninsn != 61 || blk->end != bbase + 44)
		blk_diag("got", blk);

	/* every aligned start (and one past each end) of both regions */
	for (uint64_t x = abase - 8; x < bbase + sizeof(b) + 8; x += 4)
		check(&img, &m, x, 0, &t);
	tap_ok(!t.bad, "adjacent regions: all %lu aligned starts equal the reference",
	       t.n);
	tally_diag(&t);

	/*
	 * From 2 bytes into the 50th-last instruction of a: the word at
	 * bbase - 2 straddles the two regions; ete_img_read() reads from
	 * one region, so the walk ends there, not accessible.
	 */
	blk = ete_img_block(&img, from + 2, ETE_ISA_A64, 0);
	tap_ok(blk->stop == ETE_BLK_NACC && blk->end == bbase - 2 &&
	       blk->ninsn == 49 && blk->last_addr == bbase - 6 &&
	       check(&img, &m, from + 2, 0, &t),
	       "misaligned walk ends at the word straddling two regions");
	ete_img_free(&img);
}

/* 3. A region that starts inside a 4-byte slot; walks off region ends. */
static void test_unaligned_region(void)
{
	enum { N = 600 };		/* crosses a 256-instruction chunk */
	static uint8_t u[2 + 4 * N + 2], p[64 * 4];
	const uint64_t ubase = 0x20002, first = 0x20004, uend = ubase + sizeof(u);
	const uint64_t pbase = 0x40000;
	struct ete_img img;
	struct ref_mem m = { .n = 0 };
	struct tally t = { 0 };
	struct ete_blk blk;

	/*
	 * u: two filler bytes, N words at 0x20004 + 4 * i (the last 40
	 * plain), then two bytes of a word that never ends.
	 */
	memset(u, 0xaa, sizeof(u));
	for (int i = 0; i < N; i++) {
		const uint8_t *w = prog[0] + 4096 + 4 * i;

		put32(u + 2 + 4 * i, i < N - 40 ?
		      (uint32_t)w[0] | (uint32_t)w[1] << 8 |
		      (uint32_t)w[2] << 16 | (uint32_t)w[3] << 24 : OP_PLAIN);
	}
	for (int i = 0; i < 64; i++)
		put32(p + 4 * i, OP_PLAIN);
	if (ete_img_init(&img) || !img_add(&img, &m, ubase, u, sizeof(u)) ||
	    !img_add(&img, &m, pbase, p, sizeof(p))) {
		tap_ok(false, "image set-up");
		return;
	}

	for (uint64_t x = ubase - 10; x < uend + 8; x += 4)
		check(&img, &m, x & ~3ull, 0, &t);
	for (uint64_t x = ubase - 10; x < uend + 8; x += 4)
		check(&img, &m, x & ~3ull, FLAGS_ALL, &t);
	tap_ok(!t.bad, "region at %#" PRIx64 ": all %lu aligned starts equal the reference",
	       ubase, t.n);
	tally_diag(&t);

	/* 30 plain instructions, then 2 bytes: not accessible at uend - 2 */
	blk = *ete_img_block(&img, first + 4 * (N - 30), ETE_ISA_A64, 0);
	tap_ok(blk.stop == ETE_BLK_NACC && blk.end == uend - 2 &&
	       blk.end == first + 4 * N && blk.ninsn == 30 &&
	       blk.last_addr == uend - 6 && blk.last.cls == ETE_INSN_OTHER,
	       "off the end of an unaligned region: NACC at %#" PRIx64 " after 30",
	       uend - 2);
	if (blk.end != uend - 2 || blk.ninsn != 30)
		blk_diag("got", &blk);

	/* the region's own start, 2 bytes into slot 0: words from there */
	t = (struct tally){ 0 };
	check(&img, &m, ubase, 0, &t);
	check(&img, &m, ubase + 4, 0, &t);
	tap_ok(!t.bad, "walks from the unaligned region start equal the reference");
	tally_diag(&t);

	blk = *ete_img_block(&img, pbase + 40, ETE_ISA_A64, 0);
	tap_ok(blk.stop == ETE_BLK_NACC && blk.end == pbase + sizeof(p) &&
	       blk.ninsn == 54 && blk.last_addr == pbase + sizeof(p) - 4 &&
	       blk.last.cls == ETE_INSN_OTHER && blk.last.size == 4 &&
	       blk.last.next_isa == ETE_ISA_A64,
	       "off the end of an aligned region: NACC at its end after 54");

	blk = *ete_img_block(&img, pbase + sizeof(p), ETE_ISA_A64, 0);
	tap_ok(blk.stop == ETE_BLK_NACC && blk.end == pbase + sizeof(p) &&
	       blk.ninsn == 0 && blk.start == pbase + sizeof(p),
	       "start outside every region: NACC, no instructions");
	ete_img_free(&img);
}

/* 4. ete_img_invalidate() after the buffer changed. */
static void test_invalidate(void)
{
	static uint8_t c[128 * 4];
	const uint64_t base = 0x30000;
	struct ete_img img;
	struct ref_mem m;
	struct tally t = { 0 };
	struct ete_blk blk;

	for (int i = 0; i < 128; i++)
		put32(c + 4 * i, OP_PLAIN);
	put32(c + 4 * 64, OP_RET);
	if (!img_one(&img, &m, base, c, sizeof(c))) {
		tap_ok(false, "image set-up");
		return;
	}
	blk = *ete_img_block(&img, base, ETE_ISA_A64, 0);
	tap_ok(blk.ninsn == 65 && blk.last_addr == base + 256 &&
	       blk.last.sub == ETE_INSN_S_RET && blk.stop == ETE_BLK_WAYPOINT,
	       "before the change: 65 instructions to the ret");

	put32(c + 4 * 20, OP_B_8);
	/*
	 * img.h: the cache keeps the result of the walk; the caller owns
	 * the buffer and drops cached blocks with ete_img_invalidate().
	 * Until then the same start gives the old block.
	 */
	blk = *ete_img_block(&img, base, ETE_ISA_A64, 0);
	tap_ok(blk.ninsn == 65 && blk.last_addr == base + 256 &&
	       blk.end == base + 260,
	       "changed buffer, no invalidate: the cached (stale) block");

	ete_img_invalidate(&img);
	blk = *ete_img_block(&img, base, ETE_ISA_A64, 0);
	tap_ok(blk.ninsn == 21 && blk.last_addr == base + 80 &&
	       blk.end == base + 84 && blk.last.cls == ETE_INSN_BR &&
	       blk.last.target == base + 88 && !blk.last.cond &&
	       blk.stop == ETE_BLK_WAYPOINT,
	       "after invalidate: the block ends at the new b .+8");
	if (blk.ninsn != 21)
		blk_diag("got", &blk);
	for (uint64_t x = base; x < base + sizeof(c); x += 4)
		check(&img, &m, x, 0, &t);

	/* and back: the branch becomes plain again */
	put32(c + 4 * 20, OP_PLAIN);
	ete_img_invalidate(&img);
	blk = *ete_img_block(&img, base + 4, ETE_ISA_A64, 0);
	/* the bit of the b .+8 must go with the rebuild */
	tap_ok(blk.ninsn == 64 && blk.last_addr == base + 256 &&
	       blk.last.sub == ETE_INSN_S_RET && blk.stop == ETE_BLK_WAYPOINT,
	       "waypoint removed, invalidate: the block runs on to the ret");
	if (blk.ninsn != 64)
		blk_diag("got", &blk);
	for (uint64_t x = base; x < base + sizeof(c); x += 4)
		check(&img, &m, x, 0, &t);
	tap_ok(!t.bad, "after each invalidate all %lu starts equal the reference",
	       t.n);
	tally_diag(&t);

	/*
	 * A link from one waypoint to the block after it, made and used,
	 * then the code of that block changes: the next lookup, at the very
	 * address the link is for, must walk the new code.
	 */
	put32(c + 4 * 10, OP_B_8);
	put32(c + 4 * 50, OP_B_8);	/* both blocks in one map word */
	ete_img_invalidate(&img);
	for (int i = 0; i < 2; i++) {
		ete_img_block(&img, base, ETE_ISA_A64, 0);
		blk = *ete_img_block(&img, base + 44, ETE_ISA_A64, 0);
	}
	ete_img_block(&img, base, ETE_ISA_A64, 0);
	put32(c + 4 * 30, OP_B_8);
	ete_img_invalidate(&img);
	t.n = t.bad = 0;
	check(&img, &m, base + 44, 0, &t);
	tap_ok(blk.ninsn == 40 && !t.bad,
	       "block after a followed link, code changed, invalidate: the new block");
	tally_diag(&t);
	ete_img_free(&img);
}

/* 5. Misaligned A64 starts: the slow walk, words from the odd address. */
static void test_misaligned(void)
{
	struct ete_img img;
	struct ref_mem m;
	struct tally t = { 0 }, ta = { 0 };

	if (!img_one(&img, &m, PROG_BASE, progx[0], PROG_LEN)) {
		tap_ok(false, "image set-up");
		return;
	}
	for (unsigned int i = 0; i < 2000; i++) {
		uint64_t a = PROG_BASE + 4 * (xorshift() % PROG_INSNS) + 2;

		check(&img, &m, a, i & 1 ? FLAGS_ALL : 0, &t);
		/* the aligned neighbour, so the bitmap is in use as well */
		check(&img, &m, a - 2, i & 1 ? 0 : FLAGS_ALL, &ta);
	}
	for (uint64_t a = PROG_BASE + PROG_LEN - 4 * NEDGE + 2;
	     a < PROG_BASE + PROG_LEN; a += 4)
		check(&img, &m, a, 0, &t);
	tap_ok(!t.bad, "misaligned starts (4n + 2): %lu blocks equal the reference",
	       t.n);
	tally_diag(&t);
	/* bits FLAGS_ALL set must not survive the rebuild for 0 */
	tap_ok(!ta.bad,
	       "their aligned neighbours, flags swapped: %lu blocks equal the reference",
	       ta.n);
	tally_diag(&ta);
	ete_img_free(&img);
}

/* 6. Callback memory only. */
static size_t cb_read(void *ctx, uint64_t addr, void *buf, size_t len)
{
	return ref_read(ctx, addr, buf, len);
}

static void test_callback(void)
{
	struct ete_img img;
	struct ref_mem m = { .n = 1 };
	struct tally t = { 0 }, tx = { 0 };

	if (ete_img_init(&img)) {
		tap_ok(false, "image set-up");
		return;
	}
	m.r[0] = (struct ref_reg){ PROG_BASE, PROG_LEN, prog[0] };
	ete_img_set_callback(&img, cb_read, &m);
	for (unsigned int i = 0; i < 2000; i++)
		check(&img, &m, PROG_BASE + 4 * (xorshift() % PROG_INSNS), 0,
		      &t);
	tap_ok(!t.bad && t.n == 2000,
	       "callback memory: %lu random blocks equal the reference", t.n);
	tally_diag(&t);

	/* other contents: ete_img_set_callback() drops the cached blocks */
	m.r[0].data = progx[1];
	ete_img_set_callback(&img, cb_read, &m);
	for (unsigned int i = 0; i < 2000; i++) {
		uint64_t a = PROG_BASE + 4 * (xorshift() % PROG_INSNS);

		check(&img, &m, a, 0, &tx);
		check(&img, &m, a, FLAGS_ALL, &tx);
	}
	check(&img, &m, PROG_BASE + PROG_LEN, 0, &tx);
	check(&img, &m, PROG_BASE + PROG_LEN - 2, 0, &tx);
	tap_ok(!tx.bad,
	       "callback memory with barriers, both flag values: %lu blocks equal the reference",
	       tx.n);
	tally_diag(&tx);
	ete_img_free(&img);
}

/*
 * 7. Trace-like walks: each block starts where the last one went, so the
 * map's links between waypoints are made and then followed.  The flags
 * change every 5000 blocks (the map is rebuilt under the links),
 * and half-way through the program is rewritten and the image
 * invalidated: a link made before must not survive either.
 */
static uint8_t progc[PROG_LEN];

static void test_chain(void)
{
	const unsigned int steps = 60000;
	struct tally t = { 0 };
	struct ete_img img;
	struct ref_mem m;
	unsigned int flags = 0, follow = 0;
	uint64_t a = PROG_BASE;

	ete_path_gen_program(progc, PROG_LEN, 11, 15);
	add_barriers(progc, PROG_LEN, 300);
	if (!img_one(&img, &m, PROG_BASE, progc, PROG_LEN)) {
		tap_ok(false, "image set-up");
		return;
	}
	for (unsigned int i = 0; i < steps; i++) {
		struct ete_blk want;

		if (i % 5000 == 4999)
			flags ^= FLAGS_ALL;
		if (i == steps / 2) {
			/* new waypoints, and old ones gone */
			for (int k = 0; k < 2000; k++)
				put32(progc + 4 * (xorshift() % PROG_INSNS),
				      xorshift() & 1 ? OP_PLAIN : OP_B_8);
			ete_img_invalidate(&img);
		}
		ref_block(&m, a, flags, &want);
		check(&img, &m, a, flags, &t);
		/*
		 * on from the block as a trace goes: to the target of a
		 * direct branch taken, else to the next slot; one block in
		 * 32 jumps elsewhere, as after an indirect branch
		 */
		if (want.stop == ETE_BLK_WAYPOINT &&
		    want.end - PROG_BASE < PROG_LEN && xorshift() % 32) {
			a = want.end;
			if (want.last.cls == ETE_INSN_BR && (xorshift() & 1) &&
			    want.last.target - PROG_BASE < PROG_LEN)
				a = want.last.target;
			follow++;
		} else {
			a = PROG_BASE + 4 * (xorshift() % PROG_INSNS);
		}
	}
	tap_ok(!t.bad && t.n == steps && follow > steps / 2,
	       "trace-like walks: %lu blocks (%u followed on) equal the reference",
	       t.n, follow);
	tally_diag(&t);
	ete_img_free(&img);
}

int main(void)
{
	test_programs();
	test_adjacent();
	test_unaligned_region();
	test_invalidate();
	test_misaligned();
	test_callback();
	test_chain();
	return tap_exit();
}
