// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the hardware model: its pure parts (A64 branch
 * classification, the BRBINF cycle-count format, BRBE filters and record
 * order, TRBE buffer arithmetic, ViewInst address ranges) and the model
 * itself (ID registers, trace unit context and ViewInst controls, BRBE
 * records), driven with made-up translated blocks as the QEMU glue
 * (plugin.c, not linked here) would.  Prints TAP.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <armtrace/brbe_regs.h>
#include <armtrace/ete_regs.h>
#include <armtrace/hwmodel_abi.h>
#include <armtrace/ref_config.h>
#include <armtrace/trbe_errata.h>
#include <armtrace/trbe_regs.h>
#include <ete/dec.h>
#include <ete/pkt.h>
#include <ete/img.h>
#include "hwm.h"

static unsigned int n_test, n_fail;

static void ok(int cond, const char *fmt, const char *name)
{
	n_test++;
	if (!cond)
		n_fail++;
	printf("%sok %u - %s%s\n", cond ? "" : "not ", n_test, fmt, name);
}

struct insn_case {
	const char *name;
	uint32_t op;
	uint64_t pc;
	unsigned int kind;
	uint64_t target;
};

/* Encodings checked against the Arm ARM and GNU as output. */
static const struct insn_case insns[] = {
	{ "b .+8", 0x14000002, 0x1000, HWM_K_B, 0x1008 },
	{ "b .-4", 0x17ffffff, 0x1000, HWM_K_B, 0xffc },
	{ "bl .+0x100", 0x94000040, 0x4000, HWM_K_BL, 0x4100 },
	{ "bl .-0x8000000 (most negative)", 0x96000000, 0x10000000,
	  HWM_K_BL, 0x8000000 },
	{ "b.eq .+16", 0x54000080, 0x2000, HWM_K_BCOND, 0x2010 },
	{ "b.ne .-8", 0x54ffffc1, 0x2000, HWM_K_BCOND, 0x1ff8 },
	{ "bc.eq .+4 (FEAT_HBC)", 0x54000030, 0x2000, HWM_K_BCOND, 0x2004 },
	{ "cbz x0, .+12", 0xb4000060, 0x3000, HWM_K_BCOND, 0x300c },
	{ "cbnz w1, .-4", 0x35ffffe1, 0x3000, HWM_K_BCOND, 0x2ffc },
	{ "tbz w0, #3, .+8", 0x36180040, 0x3000, HWM_K_BCOND, 0x3008 },
	{ "tbnz x5, #63, .-16", 0xb7ffff85, 0x3000, HWM_K_BCOND, 0x2ff0 },
	{ "br x16", 0xd61f0200, 0, HWM_K_BR, 0 },
	{ "blr x8", 0xd63f0100, 0, HWM_K_BLR, 0 },
	{ "ret", 0xd65f03c0, 0, HWM_K_RET, 0 },
	{ "ret x1", 0xd65f0020, 0, HWM_K_RET, 0 },
	{ "retaa", 0xd65f0bff, 0, HWM_K_RET, 0 },
	{ "braaz x3", 0xd61f087f, 0, HWM_K_BR, 0 },
	{ "blraa x3, x4", 0xd73f0864, 0, HWM_K_BLR, 0 },
	{ "eret", 0xd69f03e0, 0, HWM_K_ERET, 0 },
	{ "eretaa", 0xd69f0bff, 0, HWM_K_ERET, 0 },
	{ "drps (not a branch here)", 0xd6bf03e0, 0, HWM_K_OTHER, 0 },
	{ "svc #0", 0xd4000001, 0, HWM_K_CALL, 0 },
	{ "hvc #0", 0xd4000002, 0, HWM_K_CALL, 0 },
	{ "smc #0", 0xd4000003, 0, HWM_K_CALL, 0 },
	{ "brk #0x800", 0xd4310000, 0, HWM_K_BRK, 0 },
	{ "nop", 0xd503201f, 0, HWM_K_OTHER, 0 },
	{ "isb (a P0 waypoint)", 0xd5033fdf, 0, HWM_K_ISB, 0 },
	{ "isb #5 (any CRm)", 0xd50335df, 0, HWM_K_ISB, 0 },
	{ "dsb sy (no waypoint without data trace)", 0xd5033f9f, 0, HWM_K_OTHER, 0 },
	{ "hint #0x6e (model sync)", HWM_SYNC_INSN, 0, HWM_K_SYNC, 0 },
	{ "tsb csync (hint #18, Arm ARM C6)", 0xd503225f, 0, HWM_K_TSB, 0 },
	{ "psb csync (hint #17: not a drain)", 0xd503223f, 0, HWM_K_OTHER, 0 },
	{ "mrs x0, midr_el1", 0xd5380000, 0, HWM_K_SYS, 0 },
	{ "msr trfcr_el1, x0", 0xd5181220, 0, HWM_K_SYS, 0 },
	{ "ldr x0, [x1]", 0xf9400020, 0, HWM_K_LDST, 0 },
	{ "stp x29, x30, [sp, #-16]!", 0xa9bf7bfd, 0, HWM_K_LDST, 0 },
	{ "ldr q0, [x0]", 0x3dc00000, 0, HWM_K_LDST, 0 },
	{ "add x0, x0, #1", 0x91000400, 0, HWM_K_OTHER, 0 },
	{ "fadd d0, d1, d2 (FP access trap)", 0x1e622820, 0, HWM_K_TRAP, 0 },
	{ "movi v0.16b, #0", 0x4f00e400, 0, HWM_K_TRAP, 0 },
	{ "cntb x0 (SVE access trap)", 0x0420e3e0, 0, HWM_K_TRAP, 0 },
	{ "ptrue p0.b", 0x2518e3e0, 0, HWM_K_TRAP, 0 },
	{ "fmla z0.s, p0/m, z1.s, z2.s", 0x65a20020, 0, HWM_K_TRAP, 0 },
	{ "ld1b {z0.b}, p0/z, [x0]", 0xa400a000, 0, HWM_K_LDST, 0 },
	{ "st1d {z0.d}, p0, [x1]", 0xe5e0e020, 0, HWM_K_LDST, 0 },
	{ "ldr z0, [x0]", 0x85804000, 0, HWM_K_LDST, 0 },
	{ "zero {za} (SME)", 0xc00800ff, 0, HWM_K_TRAP, 0 },
	{ "smstart (MSR SVCRSMZA)", 0xd503477f, 0, HWM_K_SYS, 0 },
	{ "udf #0 (UNDEFINED)", 0x00000000, 0, HWM_K_TRAP, 0 },
	{ "madd x0, x1, x2, x3", 0x9b020c20, 0, HWM_K_OTHER, 0 },
	{ "movz x0, #1", 0xd2800020, 0, HWM_K_OTHER, 0 },
};

static void test_classify(void)
{
	char name[128];
	size_t i;

	for (i = 0; i < sizeof(insns) / sizeof(insns[0]); i++) {
		const struct insn_case *t = &insns[i];
		uint64_t tgt;
		unsigned int k = hwm_a64_classify(t->op, t->pc, &tgt);

		snprintf(name, sizeof(name), "%s: %s", t->name,
			 hwm_kind_name(k));
		ok(k == t->kind && tgt == t->target, "classify ", name);
	}
}

static void test_cc(void)
{
	static const struct {
		uint64_t cycles;
		uint32_t cc;
		uint64_t back;
	} v[] = {
		{ 0, 0x000, 0 }, { 1, 0x001, 1 }, { 255, 0x0ff, 255 },
		{ 256, 0x100, 256 }, { 257, 0x101, 257 }, { 511, 0x1ff, 511 },
		{ 512, 0x200, 512 }, { 513, 0x200, 512 },	/* low bit lost */
		{ 1000, 0x2f4, 1000 }, { 65535, 0x8ff, 65408 },
		{ 0xfffff, 0xcff, 0xff800 },			/* counter max */
		{ 0x100000, 0x3fff, 0x100000 },		/* saturated */
		{ 1ull << 40, 0x3fff, 0x100000 },
	};
	char name[96];
	uint64_t c;
	size_t i;
	int mono = 1, close_enough = 1;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		uint32_t cc = hwm_brbe_cc_encode(v[i].cycles);

		snprintf(name, sizeof(name), "%llu cycles -> %#x -> %llu",
			 (unsigned long long)v[i].cycles, cc,
			 (unsigned long long)hwm_brbe_cc_decode(cc));
		ok(cc == v[i].cc && hwm_brbe_cc_decode(cc) == v[i].back,
		   "brbinf cc ", name);
	}
	/* Decoding never exceeds the count and loses under 1/256 of it. */
	for (c = 1; c <= HWM_BRBE_CC_MAX; c += 1 + c / 7) {
		uint64_t d = hwm_brbe_cc_decode(hwm_brbe_cc_encode(c));

		if (d > c || c - d > c / 256)
			close_enough = 0;
		if (hwm_brbe_cc_decode(hwm_brbe_cc_encode(c + 1)) < d)
			mono = 0;
	}
	ok(close_enough, "brbinf cc ", "within 1/256 below the count");
	ok(mono, "brbinf cc ", "monotonic");
	/* The field fits BRBINF_EL1.CC. */
	ok(FIELD_PREP(BRBINF_EL1_CC, hwm_brbe_cc_encode(HWM_BRBE_CC_MAX)) ==
	   (0xcffull << 32), "brbinf cc ", "field position");
	/*
	 * BRBINF<n>_EL1.CC: "a value of all ones in both the mantissa and
	 * exponent indicates the cycle count exceeded the size of the cycle
	 * counter" (20 bits, BRBIDR0_EL1.CC 0b0101).
	 */
	ok(hwm_brbe_cc_encode(HWM_BRBE_CC_MAX + 1) == 0x3fff &&
	   FIELD_PREP(BRBINF_EL1_CC, hwm_brbe_cc_encode(HWM_BRBE_CC_MAX + 1)) ==
	   BRBINF_EL1_CC, "brbinf cc ",
	   "2^20 cycles: saturated, CC all ones (0x3fff)");
}

static void test_brbe_filters(void)
{
	uint64_t all = BRBFCR_EL1_BRANCH_FILTERS;

	ok(hwm_brbe_type_passes(all, HWM_K_BCOND) &&
	   hwm_brbe_type_passes(all, HWM_K_RET), "brbfcr ",
	   "EnI 0, all types selected: everything recorded");
	ok(!hwm_brbe_type_passes(0, HWM_K_BL), "brbfcr ",
	   "EnI 0, nothing selected: nothing recorded");
	ok(hwm_brbe_type_passes(BRBFCR_EL1_DIRCALL | BRBFCR_EL1_INDCALL,
				HWM_K_BLR) &&
	   !hwm_brbe_type_passes(BRBFCR_EL1_DIRCALL | BRBFCR_EL1_INDCALL,
				 HWM_K_RET), "brbfcr ", "calls only");
	ok(!hwm_brbe_type_passes(BRBFCR_EL1_ENI | BRBFCR_EL1_CONDDIR,
				 HWM_K_BCOND) &&
	   hwm_brbe_type_passes(BRBFCR_EL1_ENI | BRBFCR_EL1_CONDDIR,
				HWM_K_B), "brbfcr ",
	   "EnI 1: selected types left out");
	ok(hwm_brbe_branch_type(HWM_K_BCOND) == BRBINF_TYPE_DIRECT_COND &&
	   hwm_brbe_branch_type(HWM_K_BLR) == BRBINF_TYPE_INDIRECT_LINK &&
	   hwm_brbe_branch_type(HWM_K_ERET) == BRBINF_TYPE_ERET &&
	   hwm_brbe_branch_type(HWM_K_LDST) < 0, "brbinf ", "type map");
}

static void test_brb_ring(void)
{
	struct hwm_brb b;
	struct hwm_brb_rec r = { 0 };
	unsigned int i;
	int order = 1;

	hwm_brb_reset(&b, 32);
	ok(!hwm_brb_get(&b, 0), "brb ", "empty after reset");
	for (i = 1; i <= 40; i++) {
		r.src = i;
		hwm_brb_push(&b, &r);
	}
	for (i = 0; i < 32; i++)
		if (!hwm_brb_get(&b, i) || hwm_brb_get(&b, i)->src != 40 - i)
			order = 0;
	ok(order, "brb ", "newest first, 32 kept of 40");
	ok(!hwm_brb_get(&b, 32), "brb ", "nothing past NUMREC");
	hwm_brb_reset(&b, 64);
	r.src = 7;
	hwm_brb_push(&b, &r);
	ok(b.count == 1 && hwm_brb_get(&b, 0)->src == 7, "brb ",
	   "64 records: one pushed");
}

static void test_trbe(void)
{
	struct hwm_trbe_step s;
	const uint64_t base = 0x10000, lim = 0x12000;

	hwm_trbe_step(base, lim, base, TRBLIMITR_FM_FILL, 100, &s);
	ok(s.len == 100 && s.next_ptr == base + 100 && !s.event, "trbe ",
	   "write inside the buffer");
	/* Arm ARM D10, TRBSR_EL1.BSC FILLED: the pointer wraps to the base */
	hwm_trbe_step(base, lim, lim - 10, TRBLIMITR_FM_FILL, 100, &s);
	ok(s.len == 10 && s.next_ptr == base && s.event == HWM_TRBE_FILLED,
	   "trbe ", "fill mode stops at the limit, TRBPTR wrapped to the base");
	hwm_trbe_step(base, lim, lim - 10, TRBLIMITR_FM_FILL, 10, &s);
	ok(s.len == 10 && s.next_ptr == base && s.event == HWM_TRBE_FILLED,
	   "trbe ", "exactly reaching the limit fills");
	hwm_trbe_step(base, lim, s.next_ptr, TRBLIMITR_FM_FILL, 100, &s);
	ok(s.len == 100 && s.next_ptr == base + 100 && !s.event, "trbe ",
	   "a restart after FILLED without rewriting TRBPTR writes at the base");
	hwm_trbe_step(base, lim, lim - 10, TRBLIMITR_FM_WRAP, 100, &s);
	ok(s.len == 10 && s.next_ptr == base && s.event == HWM_TRBE_WRAP_IRQ,
	   "trbe ", "wrap mode wraps with an event");
	hwm_trbe_step(base, lim, lim - 10, TRBLIMITR_FM_CBUF, 100, &s);
	ok(s.len == 10 && s.next_ptr == base && s.event == HWM_TRBE_WRAP,
	   "trbe ", "circular mode wraps quietly");
	hwm_trbe_step(base, lim, lim, TRBLIMITR_FM_FILL, 1, &s);
	ok(s.event == HWM_TRBE_BAD_PTR && !s.len, "trbe ",
	   "pointer at the limit is out of range");
	hwm_trbe_step(base, lim, base - 1, TRBLIMITR_FM_WRAP, 1, &s);
	ok(s.event == HWM_TRBE_BAD_PTR, "trbe ", "pointer below the base");
}

/* A 4-page trace buffer at VA 0x10000; page 2 can be unmapped. */
#define TB_VA	0x10000ull
#define TB_PAGES 4
static uint8_t tb_mem[TB_PAGES * 4096];
static int tb_hole = -1;

static uint8_t *tb_map(void *priv, uint64_t va, uint64_t *room)
{
	uint64_t off = va - TB_VA;

	(void)priv;
	if (va < TB_VA || off >= sizeof(tb_mem) || (int)(off / 4096) == tb_hole)
		return NULL;
	*room = 4096 - off % 4096;
	return tb_mem + off;
}

/* Reset @t, program it disabled then enable it: fill mode, @pages pages. */
static void tb_start(struct hwm_trbe *t, unsigned int align, uint64_t ptr,
		     unsigned int pages, unsigned int fm)
{
	struct hwm_trbe_regs w = {
		.baser = TB_VA, .ptr = ptr,
		.limitr = (TB_VA + pages * 4096) |
			  FIELD_PREP(TRBLIMITR_EL1_FM, fm) |
			  FIELD_PREP(TRBLIMITR_EL1_TM, TRBLIMITR_TM_IGNORE) |
			  TRBLIMITR_EL1_E,
	};

	memset(tb_mem, 0, sizeof(tb_mem));
	tb_hole = -1;
	hwm_trbe_init(t, align, 0, tb_map, NULL);
	hwm_trbe_program(t, &w);
}

static void tb_fill(uint8_t *b, size_t n, uint8_t seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		b[i] = (uint8_t)(seed + i * 7) | 1;	/* never 0, never 0x70 */
}

static struct hwm_trbe tb;	/* large: not on the stack */

static void test_trbe_sink(void)
{
	struct hwm_trbe *t = &tb;
	struct hwm_trbe_regs w;
	uint8_t in[8192];
	unsigned int ign, i, bad;

	tb_fill(in, sizeof(in), 3);

	/* D10 TSB CSYNC: staged bytes reach memory only at the drain. */
	tb_start(t, 0, TB_VA, 4, TRBLIMITR_FM_FILL);
	hwm_trbe_take(t, in, 100);
	ok(t->r.ptr == TB_VA && t->stage_len == 100 && !tb_mem[0], "trbe ",
	   "100 bytes stay staged: TRBPTR unchanged, memory untouched");
	hwm_trbe_drain(t);
	ok(t->r.ptr == TB_VA + 100 && !t->stage_len && !memcmp(tb_mem, in, 100) &&
	   t->written == 100, "trbe ", "TSB CSYNC writes them: TRBPTR += 100");
	hwm_trbe_take(t, in, HWM_TRBE_STAGE_LEN + 10);
	ok(t->r.ptr == TB_VA + 100 + HWM_TRBE_STAGE_LEN && t->stage_len == 10 &&
	   !memcmp(tb_mem + 100, in, HWM_TRBE_STAGE_LEN), "trbe ",
	   "a full stage is written without a drain, the 10 after it wait");

	/* Disabling without a drain loses what is staged (counted). */
	hwm_trbe_take(t, in, 40);
	w = t->r;
	w.limitr &= ~TRBLIMITR_EL1_E;
	ign = hwm_trbe_program(t, &w);
	ok(!ign && t->lost == 50 && !t->stage_len &&
	   t->r.ptr == TB_VA + 100 + HWM_TRBE_STAGE_LEN &&
	   !hwm_trbe_collecting(t), "trbe ",
	   "clearing E before TSB CSYNC drops the 50 staged bytes: lost 50");
	hwm_trbe_take(t, in, 30);
	hwm_trbe_drain(t);
	ok(t->discarded == 30 && t->lost == 50 &&
	   t->r.ptr == TB_VA + 100 + HWM_TRBE_STAGE_LEN, "trbe ",
	   "a disabled trace buffer unit discards trace (D10)");

	/* Programming rules: writes while enabled and not stopped. */
	tb_start(t, 0, TB_VA, 4, TRBLIMITR_FM_FILL);
	w = t->r;
	w.ptr = TB_VA + 0x800;
	w.sr = 0;
	w.baser = TB_VA + 0x1000;
	w.limitr |= TRBLIMITR_EL1_NVM;
	ign = hwm_trbe_program(t, &w);
	ok(ign == (HWM_TRBE_IGN_PTR | HWM_TRBE_IGN_BASER | HWM_TRBE_IGN_LIMITR) &&
	   t->ignored == 3 && w.ptr == TB_VA && w.baser == TB_VA &&
	   !(w.limitr & TRBLIMITR_EL1_NVM) && hwm_trbe_collecting(t), "trbe ",
	   "TRBPTR/TRBBASER/TRBLIMITR writes while E=1 are ignored, restored, counted");
	w = t->r;
	w.sr = TRBSR_EL1_IRQ;
	ign = hwm_trbe_program(t, &w);
	ok(ign == HWM_TRBE_IGN_SR && t->ignored == 4 && w.sr == 0, "trbe ",
	   "a TRBSR write while E=1 is ignored");
	w = t->r;
	w.limitr &= ~TRBLIMITR_EL1_E;
	hwm_trbe_program(t, &w);
	w.ptr = TB_VA + 0x800;
	w.sr = 0;
	ign = hwm_trbe_program(t, &w);
	ok(!ign && t->r.ptr == TB_VA + 0x800 && t->ignored == 4, "trbe ",
	   "after E=0 the same writes are taken");

	/* D10 BSC FILLED: a full buffer wraps TRBPTR, sets WRAP, stops. */
	tb_start(t, 0, TB_VA + 4096 - 64, 1, TRBLIMITR_FM_FILL);
	hwm_trbe_take(t, in, 100);
	hwm_trbe_drain(t);
	ok(t->r.ptr == TB_VA && (t->r.sr & TRBSR_EL1_S) &&
	   (t->r.sr & TRBSR_EL1_WRAP) && (t->r.sr & TRBSR_EL1_IRQ) &&
	   FIELD_GET(TRBSR_EL1_EC, t->r.sr) == TRBSR_EC_OTHERS &&
	   FIELD_GET(TRBSR_EL1_BSC, t->r.sr) == TRBSR_BSC_FILLED &&
	   t->written == 64 && t->discarded == 36 && !t->lost, "trbe ",
	   "fill: 64 bytes to the limit, TRBPTR = base, S WRAP IRQ FILLED, 36 cut off");
	w = t->r;
	w.ptr = TB_VA + 8;
	ign = hwm_trbe_program(t, &w);
	ok(!ign && t->r.ptr == TB_VA + 8, "trbe ",
	   "a stopped buffer (S=1) takes writes with E=1");
	w = t->r;
	w.ptr = TB_VA;
	w.sr = 0;
	hwm_trbe_program(t, &w);
	hwm_trbe_take(t, in + 100, 20);
	hwm_trbe_drain(t);
	ok(t->r.ptr == TB_VA + 20 && !memcmp(tb_mem, in + 100, 20) &&
	   !(t->r.sr & TRBSR_EL1_S), "trbe ",
	   "restarted from the wrapped pointer: writes at the base, no fault");

	/* Unmapped page: stage 1 translation fault, level 3 (not FSC 0). */
	tb_start(t, 0, TB_VA + 2 * 4096 - 16, 4, TRBLIMITR_FM_FILL);
	tb_hole = 2;
	hwm_trbe_take(t, in, 64);
	hwm_trbe_drain(t);
	ok(t->r.ptr == TB_VA + 2 * 4096 && (t->r.sr & TRBSR_EL1_S) &&
	   (t->r.sr & TRBSR_EL1_IRQ) &&
	   FIELD_GET(TRBSR_EL1_EC, t->r.sr) == TRBSR_EC_STAGE1_ABORT &&
	   FIELD_GET(TRBSR_EL1_FSC, t->r.sr) == HWM_TRBE_FSC_TRANS_L3 &&
	   t->written == 16, "trbe ",
	   "unmapped page: EC 0x24, FSC 0x07, TRBPTR at the faulting address");

	/* TRBIDR.Align 6: 64-byte blocks, drain padded with Ignore (0x70). */
	tb_start(t, 6, TB_VA + 8, 4, TRBLIMITR_FM_FILL);
	ok(t->r.ptr == TB_VA && t->unaligned == 1, "trbe ",
	   "Align 6: TRBPTR bits [5:0] are taken as zero (counted)");
	hwm_trbe_take(t, in, HWM_TRBE_STAGE_LEN + 10);
	ok(t->r.ptr == TB_VA + 256 && t->stage_len == 10, "trbe ",
	   "Align 6: a full stage writes whole 64-byte blocks only");
	hwm_trbe_drain(t);
	for (i = 256 + 10, bad = 0; i < 320; i++)
		bad += tb_mem[i] != 0x70;
	ok(t->r.ptr == TB_VA + 320 && !bad &&
	   !memcmp(tb_mem + 256, in + 256, 10), "trbe ",
	   "Align 6: the drain pads the last block with 54 Ignore packets");
	tb_start(t, 11, TB_VA, 4, TRBLIMITR_FM_FILL);
	hwm_trbe_take(t, in, 2047);
	ok(t->r.ptr == TB_VA && t->stage_len == 2047, "trbe ",
	   "Align 11: less than a 2 KiB block stays staged");
	hwm_trbe_take(t, in, 4097);
	ok(t->r.ptr == TB_VA + 6144 && t->stage_len == 0, "trbe ",
	   "Align 11: 6144 bytes are three whole blocks");

	/* TRBIDR.P: nothing may be programmed. */
	hwm_trbe_init(t, 0, 1, tb_map, NULL);
	w = (struct hwm_trbe_regs){ TB_VA, TB_VA, (TB_VA + 4096) | 1, 0 };
	ign = hwm_trbe_program(t, &w);
	ok(ign == (HWM_TRBE_IGN_BASER | HWM_TRBE_IGN_PTR | HWM_TRBE_IGN_LIMITR) &&
	   !w.baser && !w.ptr && !w.limitr && !hwm_trbe_collecting(t), "trbe ",
	   "TRBIDR.P: every write ignored, the unit stays disabled");

	/* nVM: physical pointers are not modelled; nothing is collected. */
	tb_start(t, 0, TB_VA, 4, TRBLIMITR_FM_FILL);
	w = t->r;
	w.limitr &= ~TRBLIMITR_EL1_E;
	hwm_trbe_program(t, &w);
	w.limitr |= TRBLIMITR_EL1_E | TRBLIMITR_EL1_NVM;
	hwm_trbe_program(t, &w);
	hwm_trbe_take(t, in, 10);
	ok(!hwm_trbe_collecting(t) && t->discarded == 10, "trbe ",
	   "nVM=1 is refused: trace is discarded");
}

/* A fill-mode buffer with @errata, TRBPTR 64 bytes below its limit. */
static void tb_errata_start(struct hwm_trbe *t, unsigned int pages,
			    uint32_t errata)
{
	tb_start(t, 0, TB_VA + pages * 4096 - 64, pages, TRBLIMITR_FM_FILL);
	t->errata = errata;
}

static int tb_filled(const struct hwm_trbe *t)
{
	return (t->r.sr & TRBSR_EL1_S) && (t->r.sr & TRBSR_EL1_WRAP) &&
	       (t->r.sr & TRBSR_EL1_IRQ) &&
	       FIELD_GET(TRBSR_EL1_EC, t->r.sr) == TRBSR_EC_OTHERS &&
	       FIELD_GET(TRBSR_EL1_BSC, t->r.sr) == TRBSR_BSC_FILLED;
}

/* Each erratum the model plays, as its notice describes it. */
static void test_trbe_errata(void)
{
	struct hwm_trbe *t = &tb;
	struct hwm_trbe_regs w;
	uint8_t in[1024];
	unsigned int ign;
	uint32_t e = 0;

	tb_fill(in, sizeof(in), 5);

	ok(!hwm_errata_parse("overwrite_fill:write_out_of_range:tsb_flush", &e) &&
	   e == (TRBE_WA_PAD_BASE | TRBE_WA_SPARE_PAGE | TRBE_WA_DOUBLE_TSB) &&
	   hwm_errata_parse("overwrite_fill:bogus", &e), "trbe errata ",
	   "errata= takes ':'-separated names, refuses unknown ones");

	/* 2119858/2139208: a fill goes on writing at TRBBASER. */
	tb_errata_start(t, 1, TRBE_WA_PAD_BASE);
	hwm_trbe_take(t, in, 100);
	hwm_trbe_drain(t);
	ok(tb_filled(t) && t->r.ptr == TB_VA + 36 &&
	   !memcmp(tb_mem + 4096 - 64, in, 64) && !memcmp(tb_mem, in + 64, 36) &&
	   t->misplaced == 36, "trbe erratum 2119858 ",
	   "overwrite_fill: FILLED, but the 36 bytes after the limit land at the base, TRBPTR after them");
	hwm_trbe_take(t, in + 100, 300);
	ok(t->r.ptr == TB_VA + TRBE_OVERWRITE_FILL_BYTES &&
	   !memcmp(tb_mem + 36, in + 100, TRBE_OVERWRITE_FILL_BYTES - 36) &&
	   t->misplaced == TRBE_OVERWRITE_FILL_BYTES &&
	   t->discarded == 300 - (TRBE_OVERWRITE_FILL_BYTES - 36),
	   "trbe erratum 2119858 ",
	   "overwrite_fill: 256 bytes in all, from the base; the rest discarded");
	tb_errata_start(t, 1, TRBE_WA_PAD_BASE);
	hwm_trbe_take(t, in, 64);
	w = t->r;
	w.limitr &= ~TRBLIMITR_EL1_E;
	hwm_trbe_program(t, &w);
	hwm_trbe_take(t, in, 64);
	ok(!t->misplaced && !tb_mem[0] && t->discarded == 64,
	   "trbe erratum 2119858 ",
	   "overwrite_fill: clearing E after the fill ends the overwrite");

	/* 2224489/2253138: up to 64 bytes past LIMIT. */
	tb_errata_start(t, 1, TRBE_WA_SPARE_PAGE);
	hwm_trbe_take(t, in, 100);
	hwm_trbe_drain(t);
	hwm_trbe_take(t, in + 100, 100);
	ok(tb_filled(t) && t->r.ptr == TB_VA &&
	   !memcmp(tb_mem + 4096, in + 64, 64) && !tb_mem[4096 + 64] &&
	   !tb_mem[0] && t->misplaced == 64 && t->discarded == 100 - 28,
	   "trbe erratum 2224489 ",
	   "write_out_of_range: FILLED, TRBPTR at the base, 64 bytes written past LIMIT");
	/* ... and at a circular-mode wrap, the base after them */
	tb_start(t, 0, TB_VA + 4096 - 64, 1, TRBLIMITR_FM_CBUF);
	t->errata = TRBE_WA_SPARE_PAGE;
	hwm_trbe_take(t, in, 256);
	ok(!memcmp(tb_mem + 4096 - 64, in, 64) &&
	   !memcmp(tb_mem + 4096, in + 64, 64) && !memcmp(tb_mem, in + 128, 128) &&
	   t->r.ptr == TB_VA + 128 && (t->r.sr & TRBSR_EL1_WRAP) &&
	   !(t->r.sr & TRBSR_EL1_S) && t->misplaced == 64,
	   "trbe erratum 2224489 ",
	   "write_out_of_range: a circular wrap writes 64 bytes past LIMIT, then goes on at the base");
	tb_start(t, 0, TB_VA + 4096 - 64, 1, TRBLIMITR_FM_CBUF);
	t->errata = TRBE_WA_SPARE_PAGE;
	tb_hole = 1;
	hwm_trbe_take(t, in, 256);
	ok((t->r.sr & TRBSR_EL1_S) &&
	   FIELD_GET(TRBSR_EL1_EC, t->r.sr) == TRBSR_EC_STAGE1_ABORT &&
	   t->discarded == 192 && !t->stage_len && !tb_mem[0],
	   "trbe erratum 2224489 ",
	   "write_out_of_range: no page past LIMIT at a circular wrap: a fault, the rest discarded");
	tb_errata_start(t, 2, TRBE_WA_SPARE_PAGE);
	tb_hole = 2;
	hwm_trbe_take(t, in, 100);
	hwm_trbe_drain(t);
	ok((t->r.sr & TRBSR_EL1_S) && (t->r.sr & TRBSR_EL1_IRQ) &&
	   FIELD_GET(TRBSR_EL1_EC, t->r.sr) == TRBSR_EC_STAGE1_ABORT &&
	   FIELD_GET(TRBSR_EL1_FSC, t->r.sr) == HWM_TRBE_FSC_TRANS_L3 &&
	   !t->misplaced, "trbe erratum 2224489 ",
	   "write_out_of_range: no page past LIMIT: a translation fault, not FILLED");
	tb_errata_start(t, 1, TRBE_WA_SPARE_PAGE | TRBE_WA_PAD_BASE);
	hwm_trbe_take(t, in, 64 + 64 + 10);
	hwm_trbe_drain(t);
	ok(!memcmp(tb_mem + 4096, in + 64, 64) && !memcmp(tb_mem, in + 128, 10) &&
	   t->r.ptr == TB_VA + 10 && t->misplaced == 74, "trbe errata ",
	   "both: past LIMIT first, then at the base");

	/* 2054223/2067961: one TSB CSYNC does not flush, two do. */
	tb_start(t, 0, TB_VA, 4, TRBLIMITR_FM_FILL);
	t->errata = TRBE_WA_DOUBLE_TSB;
	hwm_trbe_take(t, in, 100);
	ok(!hwm_trbe_tsb(t) && hwm_trbe_tsb(t), "trbe erratum 2054223 ",
	   "tsb_flush: of two TSB CSYNCs in a row only the second flushes");
	w = t->r;
	ok(!hwm_trbe_tsb(t) && !hwm_trbe_program(t, &w) && !hwm_trbe_tsb(t),
	   "trbe erratum 2054223 ",
	   "tsb_flush: a sync between two TSB CSYNCs: neither flushes");
	w = t->r;
	w.limitr &= ~TRBLIMITR_EL1_E;
	hwm_trbe_program(t, &w);
	ok(t->lost == 100 && t->r.ptr == TB_VA, "trbe erratum 2054223 ",
	   "tsb_flush: a disable after one TSB CSYNC loses the staged bytes");

	/* 2064142: after a disable, writes are ignored until a TSB CSYNC. */
	tb_start(t, 0, TB_VA, 4, TRBLIMITR_FM_FILL);
	t->errata = TRBE_WA_DRAIN_AFTER_DISABLE;
	hwm_trbe_take(t, in, 100);
	hwm_trbe_drain(t);
	w = t->r;
	w.limitr &= ~TRBLIMITR_EL1_E;
	ign = hwm_trbe_program(t, &w);
	ok(!ign && !hwm_trbe_collecting(t) && t->r.ptr == TB_VA + 100,
	   "trbe erratum 2064142 ", "drain_after_disable: the disable itself is taken");
	w = t->r;
	w.ptr = TB_VA + 0x800;
	w.sr = 0x1;
	w.limitr |= TRBLIMITR_EL1_E;
	ign = hwm_trbe_program(t, &w);
	ok(ign == (HWM_TRBE_IGN_PTR | HWM_TRBE_IGN_SR | HWM_TRBE_IGN_LIMITR) &&
	   t->ignored == 3 && w.ptr == TB_VA + 100 && !hwm_trbe_collecting(t),
	   "trbe erratum 2064142 ",
	   "drain_after_disable: TRBPTR, TRBSR and the enable after it are ignored");
	hwm_trbe_tsb(t);
	w.ptr = TB_VA + 0x800;
	w.limitr |= TRBLIMITR_EL1_E;
	ign = hwm_trbe_program(t, &w);
	ok(!ign && t->r.ptr == TB_VA + 0x800 && hwm_trbe_collecting(t),
	   "trbe erratum 2064142 ",
	   "drain_after_disable: after a TSB CSYNC the writes are taken");
	tb_start(t, 0, TB_VA, 4, TRBLIMITR_FM_FILL);
	w = t->r;
	w.limitr &= ~TRBLIMITR_EL1_E;
	hwm_trbe_program(t, &w);
	w.ptr = TB_VA + 0x800;
	ok(!hwm_trbe_program(t, &w) && t->r.ptr == TB_VA + 0x800,
	   "trbe erratum 2064142 ", "drain_after_disable: not played: taken at once");
}

/* Reference: the view of every instruction, one at a time. */
static uint64_t seg_ref(const struct hwm_vi *vi, uint64_t from, uint64_t at,
			unsigned int el)
{
	while (at > from && hwm_vi_in(vi, at - 4, el))
		at -= 4;
	return at;
}

static void vi_set(struct hwm_vi *vi, uint32_t iectlr, uint64_t lo0,
		   uint64_t hi0, uint64_t lo1, uint64_t hi1, uint64_t atr0,
		   uint64_t atr1)
{
	uint64_t acvr[4] = { lo0, hi0, lo1, hi1 };
	uint64_t acatr[4] = { atr0, atr0, atr1, atr1 };

	hwm_vi_config(vi, iectlr, acvr, acatr);
}

static void test_vi(void)
{
	struct hwm_vi vi;
	uint64_t a, from;
	int bad = 0;

	vi_set(&vi, 0, 0x1000, 0x1fff, 0, 0, 0, 0);
	ok(!vi.active && hwm_vi_in(&vi, 0, 0) && hwm_vi_in(&vi, ~3ull, 1),
	   "viewinst ", "no range selected: everything in view");

	/* include pair 0: [0x1000, 0x1010], both bounds in */
	vi_set(&vi, 0x1, 0x1000, 0x1010, 0, 0, 0, 0);
	ok(vi.active && !hwm_vi_in(&vi, 0xffc, 0) && hwm_vi_in(&vi, 0x1000, 0) &&
	   hwm_vi_in(&vi, 0x1010, 0) && !hwm_vi_in(&vi, 0x1014, 0),
	   "viewinst ", "include range: lower and upper bound included");
	ok(hwm_vi_in(&vi, 0x1000, 2) && hwm_vi_in(&vi, 0x1000, 1),
	   "viewinst ", "EXLEVEL_NS 0 compares at every EL");

	/* upper bound not on an instruction: the one at 0x100c is in */
	vi_set(&vi, 0x1, 0x1002, 0x100e, 0, 0, 0, 0);
	ok(!hwm_vi_in(&vi, 0x1000, 0) && hwm_vi_in(&vi, 0x1004, 0) &&
	   hwm_vi_in(&vi, 0x100c, 0) && !hwm_vi_in(&vi, 0x1010, 0),
	   "viewinst ", "unaligned bounds compare the instruction address");

	/* exclude only: everything but the range */
	vi_set(&vi, 0x10000, 0x2000, 0x2ffc, 0, 0, 0, 0);
	ok(hwm_vi_in(&vi, 0x1ffc, 0) && !hwm_vi_in(&vi, 0x2000, 0) &&
	   !hwm_vi_in(&vi, 0x2ffc, 0) && hwm_vi_in(&vi, 0x3000, 0),
	   "viewinst ", "exclude without include: all but the range");

	/* include pair 0, exclude pair 1 inside it: exclude wins */
	vi_set(&vi, 0x20001, 0x1000, 0x1ffc, 0x1400, 0x14fc, 0, 0);
	ok(hwm_vi_in(&vi, 0x13fc, 0) && !hwm_vi_in(&vi, 0x1400, 0) &&
	   !hwm_vi_in(&vi, 0x14fc, 0) && hwm_vi_in(&vi, 0x1500, 0) &&
	   !hwm_vi_in(&vi, 0x2000, 0),
	   "viewinst ", "exclude overrides include");

	/* two include ranges: their union */
	vi_set(&vi, 0x3, 0x1000, 0x10fc, 0x3000, 0x30fc, 0, 0);
	ok(hwm_vi_in(&vi, 0x1000, 0) && hwm_vi_in(&vi, 0x30fc, 0) &&
	   !hwm_vi_in(&vi, 0x2000, 0), "viewinst ",
	   "two include ranges: either one");

	/* EXLEVEL_NS: pair 0 does not compare at EL1 (bit 13) */
	vi_set(&vi, 0x1, 0x1000, 0x1ffc, 0, 0, 0x2000, 0);
	ok(hwm_vi_in(&vi, 0x1000, 0) && !hwm_vi_in(&vi, 0x1000, 1),
	   "viewinst ", "EXLEVEL_NS: an include range off at EL1 includes nothing there");
	vi_set(&vi, 0x10000, 0x1000, 0x1ffc, 0, 0, 0x1000, 0);
	ok(hwm_vi_in(&vi, 0x1000, 0) && !hwm_vi_in(&vi, 0x1000, 1),
	   "viewinst ", "EXLEVEL_NS: an exclude range off at EL0 excludes nothing there");

	/* a Context ID comparison (not modelled) never matches */
	vi_set(&vi, 0x1, 0x1000, 0x1ffc, 0, 0, 0x4, 0);
	ok(vi.active && !hwm_vi_in(&vi, 0x1000, 0), "viewinst ",
	   "CONTEXTTYPE != 0: the comparator never matches");

	/* a bit beyond NUMACPAIRS is RES0 */
	vi_set(&vi, 0x4, 0x1000, 0x1ffc, 0, 0, 0, 0);
	ok(!vi.active && hwm_vi_in(&vi, 0, 0), "viewinst ",
	   "INCLUDE[2] is beyond the implemented pairs: ignored");

	/* the full address space, no wrap-around */
	vi_set(&vi, 0x1, 0xffff000000000000ull, ~0ull, 0, 0, 0, 0);
	ok(hwm_vi_in(&vi, ~3ull, 1) && !hwm_vi_in(&vi, 0xfffefffffffffffcull, 1) &&
	   hwm_vi_seg_start(&vi, 0xfffefffffffffff0ull, ~3ull, 1) ==
	   0xffff000000000000ull, "viewinst ",
	   "a range up to the top of the address space");

	/* seg_start against instruction-by-instruction, every config */
	vi_set(&vi, 0x20001, 0x1010, 0x1040, 0x1020, 0x1027, 0, 0);
	for (from = 0x1000; from < 0x1060; from += 4)
		for (a = from; a < 0x1060; a += 4)
			if (hwm_vi_in(&vi, a, 0) &&
			    hwm_vi_seg_start(&vi, from, a, 0) !=
			    seg_ref(&vi, from, a, 0))
				bad++;
	vi_set(&vi, 0x3, 0x1000, 0x100c, 0x1010, 0x1030, 0, 0);
	for (from = 0xff0; from < 0x1040; from += 4)
		for (a = from; a < 0x1040; a += 4)
			if (hwm_vi_in(&vi, a, 0) &&
			    hwm_vi_seg_start(&vi, from, a, 0) !=
			    seg_ref(&vi, from, a, 0))
				bad++;
	ok(!bad, "viewinst ",
	   "block split at range boundaries: every entry and event point");
	vi_set(&vi, 0x1, 0x1008, 0x1010, 0, 0, 0, 0);
	ok(hwm_vi_seg_start(&vi, 0x1000, 0x1010, 0) == 0x1008 &&
	   hwm_vi_seg_start(&vi, 0x1008, 0x1010, 0) == 0x1008 &&
	   hwm_vi_seg_start(&vi, 0x100c, 0x1010, 0) == 0x100c, "viewinst ",
	   "trace on at the lower bound inside a block");
}

/* Reference: the start/stop logic one instruction at a time. */
static void ss_ref(const uint64_t *pt, const int *kind, unsigned int n,
		   int started, uint64_t from, uint64_t at, int at_runs,
		   struct hwm_ss_walk *w)
{
	uint64_t a;
	unsigned int k;

	w->since = from;
	for (a = from; a <= at; a += 4) {
		int st = 0, sp = 0, act;

		for (k = 0; k < n; k++) {
			st |= pt[k] == a && (kind[k] & 1);
			sp |= pt[k] == a && (kind[k] & 2);
		}
		if (a == at && !at_runs) {
			w->active = w->after = (uint8_t)started;
			return;
		}
		act = started || st;
		if (act && !started)
			w->since = a;
		started = !sp && act;
		if (a == at)
			w->active = (uint8_t)act;
	}
	w->after = (uint8_t)started;
}

static void ss_set(struct hwm_ss *ss, const uint64_t *pt, const int *kind,
		   unsigned int n, uint64_t atr)
{
	uint64_t acvr[HWM_SS_COMPS] = { 0 }, acatr[HWM_SS_COMPS] = { 0 };
	uint32_t ssctlr = 0;
	unsigned int k;

	for (k = 0; k < n; k++) {
		acvr[k] = pt[k];
		acatr[k] = atr;
		if (kind[k] & 1)
			ssctlr |= (uint32_t)FIELD_PREP(TRCVISSCTLR_START, 1u << k);
		if (kind[k] & 2)
			ssctlr |= (uint32_t)FIELD_PREP(TRCVISSCTLR_STOP, 1u << k);
	}
	hwm_ss_config(ss, ssctlr, acvr, acatr);
}

/*
 * ETE "ViewInst start/stop control": active from an instruction that
 * causes a start up to and including one that causes a stop.
 */
static void test_vi_startstop(void)
{
	static const uint64_t pt[] = { 0x1010, 0x1008, 0x1018, 0x1018 };
	static const int kind[] = { 2, 1, 1, 2 };	/* 1 start, 2 stop */
	struct hwm_ss ss;
	struct hwm_ss_walk w, r;
	uint64_t from, at;
	unsigned int bad = 0, runs, st;

	ss_set(&ss, pt, kind, 2, 0);
	ok(ss.active && ss.n == 2 && ss.pt[0].addr == 0x1008 && ss.pt[0].start &&
	   ss.pt[1].stop, "viewinst start/stop ", "points latched by address");
	hwm_ss_walk(&ss, 0, 0x1000, 0x100c, 1, 0, &w);
	ok(w.active && w.since == 0x1008 && w.after, "viewinst start/stop ",
	   "active from the start point on");
	hwm_ss_walk(&ss, 0, 0x1000, 0x1010, 1, 0, &w);
	ok(w.active && w.since == 0x1008 && !w.after, "viewinst start/stop ",
	   "the stop point is traced, the logic stops after it");
	hwm_ss_walk(&ss, 0, 0x1000, 0x1014, 1, 0, &w);
	ok(!w.active && !w.after, "viewinst start/stop ",
	   "after the stop point: inactive");
	hwm_ss_walk(&ss, 0, 0x1000, 0x1008, 0, 0, &w);
	ok(!w.active && !w.after, "viewinst start/stop ",
	   "an exception taken on the start point before it runs: still stopped");
	hwm_ss_walk(&ss, 1, 0x1000, 0x1010, 0, 0, &w);
	ok(w.active && w.since == 0x1000 && w.after, "viewinst start/stop ",
	   "an exception taken on the stop point before it runs: still started");
	ok(hwm_ss_in(&ss, 0, 0x1008, 0) && !hwm_ss_in(&ss, 0, 0x100c, 0) &&
	   hwm_ss_in(&ss, 1, 0x100c, 0), "viewinst start/stop ",
	   "the next instruction: active if started or a start point");
	ss_set(&ss, pt + 2, kind + 2, 2, 0);
	hwm_ss_walk(&ss, 0, 0x1000, 0x1018, 1, 0, &w);
	hwm_ss_walk(&ss, 0, 0x1000, 0x101c, 1, 0, &r);
	ok(w.active && w.since == 0x1018 && !w.after && !r.active,
	   "viewinst start/stop ", "start and stop at one instruction: it alone is traced");
	ss_set(&ss, pt, kind, 2, FIELD_PREP(TRCACATR_EXLEVEL_NS, 0x2));
	hwm_ss_walk(&ss, 0, 0x1000, 0x100c, 1, 1, &w);
	hwm_ss_walk(&ss, 0, 0x1000, 0x100c, 1, 0, &r);
	ok(!w.active && r.active, "viewinst start/stop ",
	   "EXLEVEL_NS: a point off at EL1 starts nothing there, at EL0 it does");
	ss_set(&ss, pt, kind, 2, FIELD_PREP(TRCACATR_CONTEXTTYPE, 1));
	hwm_ss_walk(&ss, 0, 0x1000, 0x100c, 1, 0, &w);
	ok(!w.active, "viewinst start/stop ",
	   "a comparator with a context compare never matches (not modelled)");
	/* every run over four points, against one instruction at a time */
	ss_set(&ss, pt, kind, 4, 0);
	for (st = 0; st < 2; st++)
		for (runs = 0; runs < 2; runs++)
			for (from = 0xff8; from <= 0x1020; from += 4)
				for (at = from; at <= 0x1024; at += 4) {
					hwm_ss_walk(&ss, st, from, at, runs, 0, &w);
					ss_ref(pt, kind, 4, st, from, at, runs, &r);
					bad += w.active != r.active ||
					       w.after != r.after ||
					       (w.active && w.since != r.since);
				}
	ok(!bad, "viewinst start/stop ",
	   "every run from 0xff8 to 0x1024, both states, run or not: as one instruction at a time");
}

/*
 * The model itself, driven as plugin.c drives it: a block's callback
 * when it starts, the sync instruction's when it runs.
 */
struct hwm_model hwm;
static struct hwm_global tglobal;
static struct hwm_cpu tcpu;
static struct hwm_vcpu tc;
static uint64_t pool[4096];
static size_t pool_used;

void hwm_logf(const char *fmt, ...)
{
	(void)fmt;
}

void *hwm_guest_pa(uint64_t pa, uint64_t len)
{
	(void)pa;
	(void)len;
	return NULL;
}

static void model_reset(unsigned int kernel_el, int el2, int el3)
{
	memset(&hwm, 0, sizeof(hwm));
	memset(&tglobal, 0, sizeof(tglobal));
	memset(&tc, 0, sizeof(tc));
	tglobal.kernel_el = kernel_el;
	hwm.global = &tglobal;
	hwm.el2 = el2;
	hwm.el3 = el3;
	hwm.nr_vcpus = 1;
	hwm.vcpus = &tc;
	hwm.brbe_nrec = 32;
	hwm.ete_busy = 2;
	tc.shm = &tcpu;
	hwm_regs_reset(&tcpu, 32, 0, 0);
	hwm_regs_variant(&tcpu, 0, 0, 0);
	hwm_ete_init(&tc);
	hwm_brb_reset(&tc.brbe.buf, 32);
	pool_used = 0;
}

/* A block at @va: one letter per instruction (see below), then its target. */
static const struct hwm_tb *blk(uint64_t va, const char *k, uint64_t target)
{
	static const char letters[] = "olsbLcrRtevkyTif";
	size_t n = strlen(k), i;
	size_t words = (sizeof(struct hwm_tb) + n + 7) / 8;
	struct hwm_tb *t = (struct hwm_tb *)&pool[pool_used];

	if (pool_used + words > sizeof(pool) / sizeof(pool[0]))
		abort();
	pool_used += words;
	memset(t, 0, words * 8);
	t->vaddr = va;
	t->target = target;
	t->n = (uint16_t)n;
	t->kernel = (va >> 55) & 1;
	t->vec = t->kernel && !(va & 0x7f);
	/* o other, l ld/st, s sys, b B, L BL, c cond, r BR, R BLR, t RET,
	 * e ERET, v SVC, k BRK, y the sync hint, T TSB CSYNC, i ISB, f FP/SVE
	 * (may trap) */
	for (i = 0; i < n; i++)
		t->kinds[i] = (uint8_t)(strchr(letters, k[i]) - letters);
	return t;
}

static void run(const struct hwm_tb *t)
{
	if (!tc.obs_mask) {
		tc.prev = NULL;
		return;
	}
	hwm_path_tb(&tc, t, 0);
}

/* Like run(), with -icount's count of the previous block's instructions. */
static void run_r(const struct hwm_tb *t, uint64_t reached)
{
	if (!tc.obs_mask) {
		tc.prev = NULL;
		return;
	}
	hwm_path_tb(&tc, t, reached);
}

#define KSYNC	0xffff800008001004ull	/* a kernel block: sync; nop; eret */
#define VBAR	0xffff800008010000ull
#define VEC_LOWER_SYNC	(VBAR + 0x400)
#define VEC_LOWER_IRQ	(VBAR + 0x480)

/* The kernel writes registers (already in tcpu), then syncs. */
static void ksync(void)
{
	const struct hwm_tb *k = blk(KSYNC, "yoe", 0);

	run(k);
	hwm_sync(&tc, k, 0);
}

static void brbe_start(uint64_t brbcr, uint64_t brbfcr)
{
	tcpu.regs[HW_BRBFCR_EL1] = brbfcr;
	tcpu.regs[hwm_kernel_el() == 2 ? HW_BRBCR_EL2 : HW_BRBCR_EL1] = brbcr;
	ksync();
}

static uint64_t rec_inf(unsigned int n)
{
	hwm_brbe_publish(&tc);
	return tcpu.brb_inf[n];
}

#define INF(valid, type, el)	(FIELD_PREP(BRBINF_EL1_VALID, valid) |	\
				 FIELD_PREP(BRBINF_EL1_TYPE, type) |	\
				 FIELD_PREP(BRBINF_EL1_EL, el))
#define CC(n)			FIELD_PREP(BRBINF_EL1_CC, n)

/*
 * EL0 code: B, a taken B.cond, an SVC into the kernel (not recorded),
 * back after the SVC, B.
 */
static void brbe_svc_program(void)
{
	run(blk(0x400000, "oob", 0x400100));
	run(blk(0x400100, "oc", 0x400200));
	run(blk(0x400200, "ooov", 0));		/* SVC at 0x40020c */
	run(blk(VEC_LOWER_SYNC, "oo", 0));
	run(blk(0x400210, "ob", 0x400300));	/* the preferred return */
	run(blk(0x400300, "o", 0));
}

static void test_idregs(void)
{
	model_reset(1, 0, 0);
	ok(tcpu.regs[HW_TRCIDR3] == 0x01300004, "trcidr3 ",
	   "(ETE TRCIDR3: EXLEVEL_S [19:16], EXLEVEL_NS [23:20]) -M virt: NS EL0+EL1, S none (no EL3)");
	model_reset(1, 1, 0);
	ok(tcpu.regs[HW_TRCIDR3] == 0x01700004, "trcidr3 ",
	   "virtualization=on: EXLEVEL_NS EL0-EL2, no Secure EL");
	model_reset(2, 1, 1);
	ok(tcpu.regs[HW_TRCIDR3] == 0x017b0004 &&
	   !(tcpu.regs[HW_TRCIDR3] &
	     FIELD_PREP(TRCIDR3_EXLEVEL_NS, BIT_ULL(3))), "trcidr3 ",
	   "EL2+EL3: EXLEVEL_S EL0/EL1/EL3 (19:16 = 0xb), bit 23 RES0 clear");
	ok(tcpu.regs[HW_TRCIDR2] == REF_TRCIDR2 &&
	   ETE_FIELD_GET(TRCIDR2_VMIDOPT, tcpu.regs[HW_TRCIDR2]) ==
	   TRCIDR2_VMIDOPT_SEL &&
	   ETE_FIELD_GET(TRCIDR2_VMIDSIZE, tcpu.regs[HW_TRCIDR2]) ==
	   TRCIDR2_VMIDSIZE_32, "trcidr2 ",
	   "(ETE TRCIDR2.VMIDOPT: 0b10 when VMIDSIZE != 0) 32-bit VMID, VMIDOPT 0b10");
	ok(tcpu.regs[HW_TRCIDR0] == REF_TRCIDR0 &&
	   tcpu.regs[HW_TRCIDR4] == REF_TRCIDR4 &&
	   tcpu.regs[HW_TRCDEVARCH] == REF_TRCDEVARCH, "idregs ",
	   "the reference configuration");
	ok(!tcpu.midr && !tcpu.trbe_errata, "trbe errata ",
	   "no errata= option: no erratum, no MIDR reported");
	hwm_regs_errata(&tcpu, TRBE_WA_DRAIN_AFTER_DISABLE);
	ok(tcpu.midr == 0x410fd460 &&
	   tcpu.trbe_errata == TRBE_WA_DRAIN_AFTER_DISABLE, "trbe errata ",
	   "the register file reports the errata and a Cortex-A510 r0p0 MIDR");
	hwm_regs_errata(&tcpu, TRBE_WA_PAD_BASE | TRBE_WA_SPARE_PAGE);
	ok(tcpu.midr == 0x410fd470, "trbe errata ",
	   "overwrite_fill + write_out_of_range: a Cortex-A710 r0p0 MIDR");
}

static void test_regs_variants(void)
{
	unsigned int r, kept = 1;

	model_reset(1, 0, 0);
	ok(tcpu.features == (HWM_F_ETE | HWM_F_TRBE | HWM_F_BRBE), "variant ",
	   "the reference CPU has ETE, TRBE and BRBE");
	hwm_regs_variant(&tcpu, 1, 0, 0);
	for (r = 0; r < HW_NR_REGS; r++)
		if (hw_reg_unit(r) != HW_UNIT_BRBE)
			kept &= !tcpu.regs[r];
	ok(tcpu.features == HWM_F_BRBE && kept && tcpu.regs[HW_BRBIDR0_EL1],
	   "variant ", "traceN=off: no ETE, no TRBE, their registers all 0; BRBE stays");
	model_reset(1, 0, 0);
	hwm_regs_variant(&tcpu, 0, 1, 0);
	ok(!(tcpu.regs[HW_TRCIDR0] & (TRCIDR0_TRCBB | TRCIDR0_TRCCCI |
				      TRCIDR0_TSSIZE | TRCIDR0_QFILT)) &&
	   (tcpu.regs[HW_TRCIDR3] & TRCIDR3_SYNCPR) &&
	   !(tcpu.regs[HW_TRCIDR3] & TRCIDR3_STALLCTL) &&
	   !(tcpu.regs[HW_TRCIDR4] & (TRCIDR4_NUMACPAIRS | TRCIDR4_NUMPC)) &&
	   tcpu.regs[HW_TRCSYNCPR] == 0xc &&
	   (tcpu.regs[HW_TRCIDR0] & TRCIDR0_RETSTACK), "variant ",
	   "ete_min=on: no BB, CCI, TS, Q, stall, comparators; fixed sync period; the rest stays");
	model_reset(1, 0, 0);
	hwm_regs_variant(&tcpu, 0, 0, 1);
	ksync();
	tcpu.regs[HW_TRBBASER_EL1] = 0x10000;
	tcpu.regs[HW_TRBPTR_EL1] = 0x10000;
	tcpu.regs[HW_TRBSR_EL1] = 0;
	ksync();
	ok(tc.trbe.ignored == 3 && tcpu.regs[HW_TRBSR_EL1] == TRBSR_EL1_WRAP,
	   "variant ",
	   "(TRBE programming: writes while enabled are ignored) dirty=on: left collecting, base, pointer and status ignore writes");
	tcpu.regs[HW_TRBLIMITR_EL1] = 0;
	ksync();
	tcpu.regs[HW_TRBBASER_EL1] = 0x10000;
	tcpu.regs[HW_TRBSR_EL1] = 0;
	ksync();
	ok(tc.trbe.ignored == 3 && !tcpu.regs[HW_TRBSR_EL1], "variant ",
	   "dirty=on: once E is cleared they take writes");
}

static void test_ete_ctx(void)
{
	struct ete_enc_ctx ctx;

	model_reset(2, 1, 0);
	tcpu.contextidr = 1234;
	tcpu.regs[HW_TRCCONFIGR] = TRCCONFIGR_CID | TRCCONFIGR_VMID |
				   TRCCONFIGR_VMIDOPT;
	hwm_ete_ctx(&tcpu, 0, &ctx);
	ok(ctx.vmid == 1234 && ctx.cid == 0, "ete context ",
	   "(ETE TRCCONFIGR.VMIDOPT: VMID = CONTEXTIDR_EL2) VHE: the PID is the VMID");
	tcpu.regs[HW_TRCCONFIGR] = TRCCONFIGR_CID | TRCCONFIGR_VMID;
	tcpu.vmid = 7;
	hwm_ete_ctx(&tcpu, 2, &ctx);
	ok(ctx.vmid == 7 && ctx.cid == 0 && ctx.el == 2, "ete context ",
	   "VHE, VMIDOPT 0: VMID from VTTBR_EL2, CONTEXTIDR_EL1 0");
	model_reset(1, 0, 0);
	tcpu.contextidr = 1234;
	tcpu.vmid = 0;
	tcpu.regs[HW_TRCCONFIGR] = TRCCONFIGR_CID | TRCCONFIGR_VMID |
				   TRCCONFIGR_VMIDOPT;
	hwm_ete_ctx(&tcpu, 1, &ctx);
	ok(ctx.cid == 1234 && ctx.vmid == 0, "ete context ",
	   "kernel at EL1: the PID is CONTEXTIDR_EL1, the CONTEXTID");
}

static void test_ete_viewinst(void)
{
	static const struct {
		uint64_t victlr;
		uint8_t mask;
		const char *name;
	} v[] = {
		{ 0, 0, "TRCVICTLR 0: event FALSE, stopped: nothing traced" },
		{ 0x201, 0x3, "EVENT resource 1 (TRUE), SSSTATUS: EL0+EL1" },
		{ 0x001, 0, "EVENT TRUE, SSSTATUS 0, no start point: stopped" },
		{ 0x200, 0, "SSSTATUS, EVENT resource 0 (FALSE): nothing" },
		{ 0x202, 0, "EVENT resource 2 (not implemented): FALSE" },
		{ 0x281, 0, "EVENT resource pair 1 (not implemented): FALSE" },
		{ 0x201 | (0x2 << 20), 0x1, "EXLEVEL_NS excludes EL1" },
	};
	char name[128];
	size_t i;

	model_reset(1, 0, 0);
	tcpu.regs[HW_TRFCR_EL1] = TRFCR_ELX_E0TRE | TRFCR_ELX_E1TRE;
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		tcpu.regs[HW_TRCVICTLR] = v[i].victlr;
		snprintf(name, sizeof(name), "%#llx: %s",
			 (unsigned long long)v[i].victlr, v[i].name);
		ok(hwm_ete_el_mask(&tcpu) == v[i].mask, "viewinst event (ETE TRCVICTLR.EVENT, SSSTATUS) ", name);
	}
	/* A start point can start a stopped logic; a stop point alone not. */
	tcpu.regs[HW_TRCVISSCTLR] = 0x1;
	tcpu.regs[HW_TRCVICTLR] = 0x001;
	ok(hwm_ete_el_mask(&tcpu) == 0x3, "viewinst event ",
	   "TRCVISSCTLR start point, SSSTATUS 0: the ELs it may trace once started");
	tcpu.regs[HW_TRCVISSCTLR] = 0x10000;
	ok(hwm_ete_el_mask(&tcpu) == 0, "viewinst event ",
	   "TRCVISSCTLR stop point only, SSSTATUS 0: stays stopped");
	tcpu.regs[HW_TRCVISSCTLR] = 0;
}

static unsigned int irq_calls, irq_cpu;

static void irq_hook(unsigned int cpu)
{
	irq_calls++;
	irq_cpu = cpu;
}

/*
 * The doorbell's hook (hwm.trbe_irq, doorbell=): called with the CPU's
 * index once for each 0 to 1 of TRBSR_EL1.IRQ the unit makes, as the
 * edge an MSI is.  The buffer here was never published: the first write
 * faults, with IRQ.
 */
static void test_trbe_irq_hook(void)
{
	const __u64 cfg = TRCCONFIGR_RES1;
	unsigned int i;

	model_reset(1, 0, 0);
	hwm.trbe_irq = irq_hook;
	tc.idx = 5;
	irq_calls = 0;
	tcpu.regs[HW_OSLAR_EL1] = 0;
	tcpu.regs[HW_TRCCONFIGR] = cfg;
	tcpu.regs[HW_TRCVICTLR] = 0x201;
	tcpu.regs[HW_TRFCR_EL1] = TRFCR_ELX_E0TRE;
	tcpu.regs[HW_TRBBASER_EL1] = 0x10000;
	tcpu.regs[HW_TRBPTR_EL1] = 0x10000;
	tcpu.regs[HW_TRBLIMITR_EL1] = 0x20000 | TRBLIMITR_EL1_E;
	tcpu.regs[HW_TRCPRGCTLR] = TRCPRGCTLR_EN;
	ksync();
	ok(!irq_calls, "trbe irq hook ", "enabling rings nothing");
	for (i = 0; i < 2; i++) {
		run(blk(0x400000, "oob", 0x400100));
		run(blk(0x400100, "oc", 0x400000));
		hwm_ete_tsb(&tc);
	}
	ok(irq_calls == 1 && irq_cpu == 5 &&
	   (tcpu.regs[HW_TRBSR_EL1] & TRBSR_EL1_IRQ), "trbe irq hook ",
	   "a fault sets TRBSR_EL1.IRQ: one ring for that CPU, none while it stays set");
	/* The guest's handler: disable, clear the status, enable again. */
	tcpu.regs[HW_TRBLIMITR_EL1] = 0x20000;
	ksync();
	tcpu.regs[HW_TRBSR_EL1] = 0;
	tcpu.regs[HW_TRBPTR_EL1] = 0x10000;
	ksync();
	tcpu.regs[HW_TRBLIMITR_EL1] = 0x20000 | TRBLIMITR_EL1_E;
	ksync();
	ok(irq_calls == 1, "trbe irq hook ",
	   "the guest clearing IRQ and restarting rings nothing");
	run(blk(0x400000, "oob", 0x400100));
	run(blk(0x400100, "oc", 0x400000));
	hwm_ete_tsb(&tc);
	ok(irq_calls == 2, "trbe irq hook ", "the next fault rings again");
	hwm.trbe_irq = NULL;
}

/*
 * The programming handshake and the OS Lock.  ETE "Programming the trace
 * unit": TRCSTATR.IDLE is 0 while enabled and after the disable until the
 * unit has emptied; the programming registers may be written only while
 * it is 1.  Arm ARM D2 "The OS Lock": OSLSR_EL1.OSLK is 1 at power-up,
 * OSLAR_EL1 sets it; trace is prohibited while it is locked.  A power-down
 * loses the units' state and locks it again.
 */
static void test_ete_handshake(void)
{
	const __u64 idle = TRCSTATR_IDLE | TRCSTATR_PMSTABLE;
	const __u64 cfg = TRCCONFIGR_RES1 | TRCCONFIGR_CID;
	unsigned int i;
	int same;

	model_reset(1, 0, 0);
	ok(tcpu.regs[HW_OSLSR_EL1] == (OSLSR_OSLM_IMPL | OSLSR_EL1_OSLK),
	   "ete handshake ", "(D2 OS Lock) OSLSR_EL1: OSLM 0b10, OSLK 1 at power-up");
	tcpu.regs[HW_TRCCONFIGR] = cfg;
	tcpu.regs[HW_TRCVICTLR] = 0x201;
	tcpu.regs[HW_TRFCR_EL1] = TRFCR_ELX_E0TRE;
	tcpu.regs[HW_TRCPRGCTLR] = TRCPRGCTLR_EN;
	ksync();
	ok(!tc.ete.enabled && !tc.ete_mask &&
	   tcpu.regs[HW_TRCSTATR] == idle, "ete handshake ",
	   "(OS Lock locked: trace prohibited) TRCPRGCTLR.EN 1: nothing traced, idle");
	tcpu.regs[HW_OSLAR_EL1] = 0;
	ksync();
	ok(!(tcpu.regs[HW_OSLSR_EL1] & OSLSR_EL1_OSLK) && tc.ete.enabled &&
	   tc.ete_mask == 1 && tcpu.regs[HW_TRCSTATR] == 0, "ete handshake ",
	   "OSLAR_EL1 0: OSLK 0, the unit runs, TRCSTATR.IDLE 0");
	tcpu.regs[HW_TRCCONFIGR] = cfg | TRCCONFIGR_TS;
	ksync();
	ok(tcpu.regs[HW_TRCCONFIGR] == cfg && tc.ete.ignored == 1,
	   "ete handshake ", "(programming while not idle) a TRCCONFIGR write while enabled is ignored and counted");
	tcpu.regs[HW_TRCPRGCTLR] = 0;
	ksync();
	ok(!tc.ete.enabled && !tc.ete_mask && tcpu.regs[HW_TRCSTATR] == 0,
	   "ete handshake ", "TRCPRGCTLR.EN 0: stopped, still not idle (IDLE 0, PMSTABLE 0)");
	tcpu.regs[HW_TRCVICTLR] = 0;
	ksync();
	ok(tcpu.regs[HW_TRCVICTLR] == 0x201 && tc.ete.ignored == 2 &&
	   tcpu.regs[HW_TRCSTATR] == 0, "ete handshake ",
	   "a write while emptying is ignored; a poll's sync still finds it busy");
	ksync();
	ok(tcpu.regs[HW_TRCSTATR] == idle, "ete handshake ",
	   "the second sync after the disable finds it idle");
	tcpu.regs[HW_TRCCONFIGR] = cfg | TRCCONFIGR_TS;
	ksync();
	ok(tcpu.regs[HW_TRCCONFIGR] == (cfg | TRCCONFIGR_TS) &&
	   tc.ete.ignored == 2, "ete handshake ", "idle: the write takes");
	tcpu.regs[HW_TRCPRGCTLR] = TRCPRGCTLR_EN;
	ksync();
	tcpu.regs[HW_OSLAR_EL1] = OSLAR_EL1_OSLK;
	ksync();
	ok((tcpu.regs[HW_OSLSR_EL1] & OSLSR_EL1_OSLK) && !tc.ete.enabled &&
	   tcpu.regs[HW_TRCSTATR] == 0, "ete handshake ",
	   "locking the OS Lock while enabled stops the unit as a disable does");
	tcpu.regs[HW_OSLAR_EL1] = 0;
	ksync();
	ok(tc.ete.enabled && !tc.ete.stopping, "ete handshake ",
	   "unlocked again while emptying: enabled at once");
	tcpu.regs[HW_TRBLIMITR_EL1] = TRBLIMITR_EL1_E;
	tcpu.cmd = HWM_CMD_POWER_DOWN;
	ksync();
	same = 1;
	for (i = HW_TRCCONFIGR; i <= HW_TRCCIDCCTLR0; i++)
		same &= !tcpu.regs[i];
	ok(same && !tc.ete.enabled && !tcpu.regs[HW_TRCPRGCTLR] &&
	   !tcpu.regs[HW_TRBLIMITR_EL1] && !tcpu.regs[HW_TRFCR_EL1] &&
	   (tcpu.regs[HW_OSLSR_EL1] & OSLSR_EL1_OSLK) &&
	   tcpu.regs[HW_TRCSTATR] == idle && tcpu.cmd == HWM_CMD_NONE,
	   "ete handshake ", "(power-down) the units' registers reset, trace stopped, OS Lock locked");
	tcpu.regs[HW_TRCPRGCTLR] = TRCPRGCTLR_EN;
	ksync();
	ok(!tc.ete.enabled, "ete handshake ",
	   "after a power-down TRCPRGCTLR.EN alone traces nothing");

	/* ete_busy=never: a unit that does not finish emptying. */
	model_reset(1, 0, 0);
	hwm.ete_busy = -1;
	tcpu.regs[HW_OSLAR_EL1] = 0;
	tcpu.regs[HW_TRCCONFIGR] = cfg;
	tcpu.regs[HW_TRCPRGCTLR] = TRCPRGCTLR_EN;
	ksync();
	tcpu.regs[HW_TRCPRGCTLR] = 0;
	for (i = 0; i < 1000; i++)
		ksync();
	ok(!tc.ete.enabled && tcpu.regs[HW_TRCSTATR] == 0, "ete handshake ",
	   "ete_busy=never: 1000 syncs after the disable, still not idle");
	tcpu.regs[HW_TRCCONFIGR] = cfg | TRCCONFIGR_TS;
	ksync();
	ok(tcpu.regs[HW_TRCCONFIGR] == cfg && tc.ete.ignored == 1,
	   "ete handshake ", "ete_busy=never: programming writes stay ignored");
	hwm.ete_busy = 2;
}

/* The trace unit's bytes, captured in place of the TRBE sink. */
static uint8_t ete_cap[4096];
static size_t ete_cap_n;

static size_t ete_cap_write(void *priv, const uint8_t *buf, size_t len)
{
	(void)priv;
	if (len > sizeof(ete_cap) - ete_cap_n)
		len = sizeof(ete_cap) - ete_cap_n;
	memcpy(ete_cap + ete_cap_n, buf, len);
	ete_cap_n += len;
	return len;
}

/* What a decoder of the captured trace is told: the unit's registers. */
static void ete_cap_config(struct ete_pkt_config *pc)
{
	pc->trcidr0 = tcpu.regs[HW_TRCIDR0];
	pc->trcidr1 = tcpu.regs[HW_TRCIDR1];
	pc->trcidr2 = tcpu.regs[HW_TRCIDR2];
	pc->trcidr8 = tcpu.regs[HW_TRCIDR8];
	pc->trcdevarch = tcpu.regs[HW_TRCDEVARCH];
	pc->trcconfigr = tcpu.regs[HW_TRCCONFIGR];
	pc->trctraceidr = tcpu.regs[HW_TRCTRACEIDR];
}

struct isb_elems {
	struct ete_elem e[32];
	size_t n;
};

static int isb_sink(void *ctx, const struct ete_elem *el, size_t n)
{
	struct isb_elems *s = ctx;
	size_t i;

	for (i = 0; i < n; i++)
		if ((el[i].type == ETE_ELEM_INSTR_RANGE ||
		     el[i].type == ETE_ELEM_EXCEPTION) && s->n < 32)
			s->e[s->n++] = el[i];
	return 0;
}

static uint64_t ete_bbctlr;	/* TRCBBCTLR for ete_rs_run() */

/*
 * Run main -> f (BL), f returns (RET), main -> f again, f returns, at EL0
 * with TRCCONFIGR @configr; the trace into ete_cap, its ranges decoded
 * with libete into @got.  Returns the trace's size.
 */
/* Decode ete_cap with libete, the code at 0x400000, into @got. */
static void ete_cap_decode(const uint32_t *code, size_t code_len,
			   struct isb_elems *got)
{
	struct ete_dec_config cfg = { 0 };
	static struct ete_dec dec;
	struct ete_img img;

	ete_cap_config(&cfg.pkt);
	cfg.trace_id = cfg.pkt.trctraceidr;
	memset(got, 0, sizeof(*got));
	if (ete_img_init(&img) ||
	    ete_img_add_buffer(&img, 0x400000, code, code_len) ||
	    ete_dec_init(&dec, &cfg, &img, isb_sink, got))
		abort();
	ete_dec_decode(&dec, ete_cap, ete_cap_n, 0);
	ete_dec_flush(&dec);
	ete_img_free(&img);
}

static size_t ete_rs_run(uint64_t configr, const uint32_t *code,
			 size_t code_len, struct isb_elems *got)
{
	model_reset(1, 0, 0);
	tcpu.regs[HW_OSLAR_EL1] = 0;
	tcpu.regs[HW_TRCCONFIGR] = configr;
	tcpu.regs[HW_TRCBBCTLR] = ete_bbctlr;
	/* address range comparator pair 0: main */
	tcpu.regs[HW_TRCACVR0] = 0x400000;
	tcpu.regs[HW_TRCACVR1] = 0x40000c;
	tcpu.regs[HW_TRCVICTLR] = 0x201;
	tcpu.regs[HW_TRFCR_EL1] = TRFCR_ELX_E0TRE;
	tcpu.regs[HW_TRCPRGCTLR] = TRCPRGCTLR_EN;
	ksync();
	ete_cap_n = 0;
	ete_enc_set_sink(&tc.ete.enc, ete_cap_write, NULL);
	run(blk(0x400000, "L", 0x400100));	/* bl f */
	run(blk(0x400100, "ot", 0));		/* f: nop; ret */
	run(blk(0x400004, "L", 0x400100));	/* bl f */
	run(blk(0x400100, "ot", 0));
	run(blk(0x400008, "ob", 0x400000));	/* nop; b main */
	run(blk(0x400000, "o", 0));
	ete_enc_finish(&tc.ete.enc);

	ete_cap_decode(code, code_len, got);
	return ete_cap_n;
}

/*
 * ETE "Return stack" (TRCCONFIGR.RS): a taken BL or BLR pushes the
 * address after it; a taken indirect branch to the newest entry is
 * traced as its atom alone, and the decoder pops the address.  The
 * model's trace of two calls and returns decodes to the same ranges
 * with RS as without, two address packets shorter.
 */
static void test_ete_return_stack(void)
{
	static const uint32_t code[] = {
		[0x000 / 4] = 0x94000040,		/* bl 0x400100 */
		[0x004 / 4] = 0x9400003f,		/* bl 0x400100 */
		[0x008 / 4] = 0xd503201f, 0x17fffffd,	/* nop; b 0x400000 */
		[0x100 / 4] = 0xd503201f, 0xd65f03c0,	/* nop; ret */
	};
	static const uint64_t want[][2] = {
		{ 0x400000, 0x400004 }, { 0x400100, 0x400108 },
		{ 0x400004, 0x400008 }, { 0x400100, 0x400108 },
		{ 0x400008, 0x400010 },
	};
	static struct isb_elems plain, rs;
	size_t n_plain, n_rs, i;
	int same = 1;
	char name[160];

	n_plain = ete_rs_run(TRCCONFIGR_RES1, code, sizeof(code), &plain);
	n_rs = ete_rs_run(TRCCONFIGR_RES1 | TRCCONFIGR_RS, code, sizeof(code),
			  &rs);
	same = rs.n == sizeof(want) / sizeof(want[0]) && plain.n == rs.n;
	for (i = 0; same && i < rs.n; i++)
		same = rs.e[i].start == want[i][0] && rs.e[i].end == want[i][1] &&
		       plain.e[i].start == want[i][0] &&
		       plain.e[i].end == want[i][1];
	snprintf(name, sizeof(name),
		 "(ETE return stack) %zu of %zu ranges decoded alike with RS and without",
		 rs.n, sizeof(want) / sizeof(want[0]));
	ok(same, "ete rs ", name);
	/* each return's address: a short address packet, 2 bytes or more */
	snprintf(name, sizeof(name),
		 "the two returns' addresses left out: %zu bytes with RS, %zu without",
		 n_rs, n_plain);
	ok(n_rs + 4 <= n_plain, "ete rs ", name);
}

/* One block of a start/stop run: its address, kinds and target. */
struct ss_blk {
	uint64_t va;
	const char *k;
	uint64_t target;
};

/*
 * Run @b at EL0 with start/stop points @vissctlr on comparators 0-3
 * (@acvr) and TRCVICTLR.SSSTATUS @ss, decode the trace with libete into
 * @got; then disable the unit and return TRCVICTLR as it reads when idle.
 */
static uint64_t ete_ss_run(uint32_t vissctlr, const uint64_t *acvr, int ss,
			   const struct ss_blk *b, size_t nb, const uint32_t *code,
			   size_t code_len, struct isb_elems *got)
{
	size_t i;

	model_reset(1, 0, 0);
	tcpu.regs[HW_OSLAR_EL1] = 0;
	tcpu.regs[HW_TRCCONFIGR] = TRCCONFIGR_RES1;
	for (i = 0; i < 4; i++)
		tcpu.regs[HW_TRCACVR0 + i] = acvr[i];
	tcpu.regs[HW_TRCVISSCTLR] = vissctlr;
	tcpu.regs[HW_TRCVICTLR] = 0x001 | (ss ? TRCVICTLR_SSSTATUS : 0);
	tcpu.regs[HW_TRFCR_EL1] = TRFCR_ELX_E0TRE;
	tcpu.regs[HW_TRCPRGCTLR] = TRCPRGCTLR_EN;
	ksync();
	ete_cap_n = 0;
	ete_enc_set_sink(&tc.ete.enc, ete_cap_write, NULL);
	for (i = 0; i < nb; i++)
		run(blk(b[i].va, b[i].k, b[i].target));
	ete_enc_finish(&tc.ete.enc);
	tcpu.regs[HW_TRCPRGCTLR] = 0;
	for (i = 0; i < 4; i++)		/* disabled, emptying, idle */
		ksync();

	ete_cap_decode(code, code_len, got);
	return tcpu.regs[HW_TRCVICTLR];
}

/*
 * The decoded ranges are @want, exactly (the exception into the kernel at
 * the closing sync may follow them).
 */
static int ss_ranges(const struct isb_elems *got, const uint64_t (*want)[2],
		     size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < got->n; i++) {
		if (got->e[i].type != ETE_ELEM_INSTR_RANGE)
			continue;
		if (k == n || got->e[i].start != want[k][0] ||
		    got->e[i].end != want[k][1])
			return 0;
		k++;
	}
	return k == n;
}

/*
 * ETE "ViewInst start/stop control", end to end: main calls f twice and
 * loops; the model's trace, decoded with libete, holds exactly the
 * instructions from a start point up to and including a stop point.
 * TRCVICTLR.SSSTATUS reads the logic's state once the unit is idle, so
 * that a driver can carry it over a context switch.
 */
static void test_ete_startstop(void)
{
	static const uint32_t code[] = {
		[0x000 / 4] = 0x94000040,		/* bl 0x400100 */
		[0x004 / 4] = 0x9400003f,		/* bl 0x400100 */
		[0x008 / 4] = 0xd503201f, 0x17fffffd,	/* nop; b 0x400000 */
		[0x100 / 4] = 0xd503201f, 0xd503201f,	/* nop; nop */
		[0x108 / 4] = 0xd65f03c0,		/* ret */
	};
	/* f's nop; nop; ret is two blocks: QEMU may end one anywhere */
	static const struct ss_blk b[] = {
		{ 0x400000, "L", 0x400100 },
		{ 0x400100, "oo", 0 }, { 0x400108, "t", 0 },
		{ 0x400004, "L", 0x400100 },
		{ 0x400100, "oo", 0 }, { 0x400108, "t", 0 },
		{ 0x400008, "ob", 0x400000 },
		{ 0x400000, "L", 0x400100 },
	};
	static const uint64_t f_only[][2] = {
		{ 0x400104, 0x40010c }, { 0x400104, 0x40010c },
	};
	static const uint64_t to_stop[][2] = {
		{ 0x400000, 0x400004 }, { 0x400100, 0x40010c },
	};
	static const uint64_t from_start[][2] = {
		{ 0x400008, 0x400010 }, { 0x400000, 0x400004 },
	};
	static const uint64_t all[][2] = {
		{ 0x400000, 0x400004 }, { 0x400100, 0x40010c },
		{ 0x400004, 0x400008 }, { 0x400100, 0x40010c },
		{ 0x400008, 0x400010 }, { 0x400000, 0x400004 },
	};
	/* comparators: 0 f+4 (in the first block), 1 f's ret, 2 main+8 */
	static const uint64_t acvr[4] = { 0x400104, 0x400108, 0x400008, 0 };
	static struct isb_elems got;
	uint64_t vic;

	vic = ete_ss_run(0x1 | 0x20000, acvr, 0, b, 7, code, sizeof(code), &got);
	ok(ss_ranges(&got, f_only, 2) && !(vic & TRCVICTLR_SSSTATUS),
	   "ete start/stop ", "start at f+4, stop at its RET: f+4 to the RET, twice; idle: stopped");
	vic = ete_ss_run(0x20000, acvr, 1, b, 7, code, sizeof(code), &got);
	ok(ss_ranges(&got, to_stop, 2) && !(vic & TRCVICTLR_SSSTATUS),
	   "ete start/stop ", "SSSTATUS 1, a stop point at f's RET: traced up to it, then nothing");
	vic = ete_ss_run(0x4, acvr, 0, b, 8, code, sizeof(code), &got);
	ok(ss_ranges(&got, from_start, 2) && (vic & TRCVICTLR_SSSTATUS) &&
	   !tc.ete.ignored, "ete start/stop ",
	   "a start point mid-block: traced from it on; idle: SSSTATUS reads started, no write ignored");
	vic = ete_ss_run(0x4, acvr, 1, b, 8, code, sizeof(code), &got);
	ok(ss_ranges(&got, all, 6) && (vic & TRCVICTLR_SSSTATUS),
	   "ete start/stop ", "SSSTATUS 1 with a start point only: everything traced");
}

/*
 * ETE "Timestamping" (TRCCONFIGR.TS): a timestamp after every Trace Info,
 * the periodic ones (TRCSYNCPR 8: every 256 bytes) included, after every
 * Trace On and after an ISB.  A loop of indirect branches (an address
 * packet each) with an ISB every fifth time, at EL0.
 */
static void test_ete_timestamps(void)
{
	struct ete_pkt_config pc;
	struct ete_pkt_decoder d;
	struct ete_pkt pkt;
	unsigned int ti = 0, on = 0, ts = 0, late = 0, isb = 0, i;
	int want_ts = 0;
	size_t off = 0, used;
	char name[200];

	model_reset(1, 0, 0);
	tcpu.regs[HW_OSLAR_EL1] = 0;
	tcpu.regs[HW_TRCCONFIGR] = TRCCONFIGR_RES1 | TRCCONFIGR_TS;
	tcpu.regs[HW_TRCSYNCPR] = 8;
	tcpu.regs[HW_TRCVICTLR] = 0x201;
	tcpu.regs[HW_TRFCR_EL1] = TRFCR_ELX_E0TRE;
	tcpu.regs[HW_TRCPRGCTLR] = TRCPRGCTLR_EN;
	ksync();
	ete_cap_n = 0;
	ete_enc_set_sink(&tc.ete.enc, ete_cap_write, NULL);
	for (i = 0; i < 120; i++) {
		uint64_t t = 0x400100 + (i % 2) * 0x100 + (i % 7) * 0x10;

		run(blk(0x400000, "or", 0));		/* nop; br */
		if (i % 5 == 4) {
			run(blk(t, "oi", 0));		/* nop; isb */
			isb++;
			t += 8;
		}
		run(blk(t, "ob", 0x400000));		/* nop; b 0x400000 */
	}
	run(blk(0x400000, "o", 0));
	ete_enc_finish(&tc.ete.enc);

	ete_cap_config(&pc);
	if (ete_pkt_decoder_init(&d, &pc))
		abort();
	while (off < ete_cap_n) {
		int st = ete_pkt_decode(&d, ete_cap + off, ete_cap_n - off,
					off, &used, &pkt);

		off += used;
		if (st != ETE_PKT_OK)
			break;
		switch (pkt.type) {
		case ETE_PKT_T_TRACE_INFO:
			ti++;
			want_ts = 1;
			break;
		case ETE_PKT_T_TRACE_ON:
			on++;
			break;
		case ETE_PKT_T_TIMESTAMP:
			ts++;
			want_ts = 0;
			break;
		case ETE_PKT_T_ATOM_F1: case ETE_PKT_T_ATOM_F2:
		case ETE_PKT_T_ATOM_F3: case ETE_PKT_T_ATOM_F4:
		case ETE_PKT_T_ATOM_F5: case ETE_PKT_T_ATOM_F6:
			late += want_ts;
			want_ts = 0;
			break;
		default:
			break;
		}
	}
	snprintf(name, sizeof(name),
		 "(ETE timestamping) %zu bytes: %u Trace Info, each with its timestamp before the next atom (%u without)",
		 ete_cap_n, ti, late);
	ok(off == ete_cap_n && ti >= 3 && !late, "ete ts ", name);
	snprintf(name, sizeof(name),
		 "%u timestamps: one a Trace Info (%u), a Trace On (%u), an ISB (%u)",
		 ts, ti, on, isb);
	ok(ts == ti + on + isb, "ete ts ", name);
}

/*
 * ETE "Branch broadcasting" (TRCCONFIGR.BB, TRCBBCTLR): in the region
 * TRCBBCTLR selects, a taken direct branch's target is traced too.  The
 * same run as test_ete_return_stack(): its three direct branches (two
 * BL, a B) are all in main, address range comparator pair 0.
 */
static void test_ete_branch_broadcast(void)
{
	static const uint32_t code[] = {
		[0x000 / 4] = 0x94000040, 0x9400003f,	/* bl f; bl f */
		[0x008 / 4] = 0xd503201f, 0x17fffffd,	/* nop; b main */
		[0x100 / 4] = 0xd503201f, 0xd65f03c0,	/* f: nop; ret */
	};
	static const struct {
		uint64_t bbctlr;
		int more;
		const char *what;
	} v[] = {
		{ 0, 1, "TRCBBCTLR 0 (nothing excluded): the three targets traced" },
		{ TRCBBCTLR_MODE | 1, 1, "MODE 1, pair 0 (main) included: the same" },
		{ 1, 0, "MODE 0, pair 0 (main) excluded: none" },
	};
	static struct isb_elems plain, bb;
	size_t n_plain, n_bb, n_all = 0, i, k;
	char name[200];
	int same;

	ete_bbctlr = 0;
	n_plain = ete_rs_run(TRCCONFIGR_RES1, code, sizeof(code), &plain);
	for (k = 0; k < sizeof(v) / sizeof(v[0]); k++) {
		ete_bbctlr = v[k].bbctlr;
		n_bb = ete_rs_run(TRCCONFIGR_RES1 | TRCCONFIGR_BB, code,
				  sizeof(code), &bb);
		if (!k)
			n_all = n_bb;
		same = bb.n == plain.n && bb.n == 5;
		for (i = 0; same && i < bb.n; i++)
			same = bb.e[i].start == plain.e[i].start &&
			       bb.e[i].end == plain.e[i].end;
		snprintf(name, sizeof(name),
			 "(ETE branch broadcasting) %s: %zu bytes, %zu without BB, ranges alike",
			 v[k].what, n_bb, n_plain);
		ok(same && (v[k].more ? n_bb == n_all && n_bb > n_plain :
			    n_bb == n_plain), "ete bb ", name);
	}
	ete_bbctlr = 0;
}

/*
 * ETE "P0 instructions": an ISB is a P0 instruction, traced as an E atom
 * like a taken branch; libete's and OpenCSD's decoders end an instruction
 * range at it.  EL0 code (the model's blocks and the same bytes for the
 * decoder): an ISB ending a block, a B, an ISB alone, a not-taken CBZ, an
 * ISB with an IRQ after it (into the kernel, not traced) returning to
 * the instruction after it, a B.  Decoded with libete, each range ends
 * where the model's block did, and the IRQ's preferred return address is
 * the instruction after the ISB.
 */
static void test_ete_isb_waypoint(void)
{
	static const uint32_t code[] = {
		[0x00 / 4] = 0xd503201f, 0xd503201f, 0xd5033fdf, /* nop; nop; isb */
		[0x0c / 4] = 0xd503201f, 0x1400003c,	/* nop; b 0x400100 */
		[0x100 / 4] = 0xd5033fdf,		/* isb */
		[0x104 / 4] = 0xb40007e0,		/* cbz x0, 0x400200 */
		[0x108 / 4] = 0xd503201f, 0xd5033fdf,	/* nop; isb */
		[0x110 / 4] = 0xd503201f, 0x1400007b,	/* nop; b 0x400300 */
		[0x300 / 4] = 0xd503201f,
	};
	static const struct {
		uint64_t start, end;
		uint8_t type, cls, exec;
	} want[] = {
		{ 0x400000, 0x40000c, ETE_ELEM_INSTR_RANGE, ETE_INSN_ISB, 1 },
		{ 0x40000c, 0x400014, ETE_ELEM_INSTR_RANGE, ETE_INSN_BR, 1 },
		{ 0x400100, 0x400104, ETE_ELEM_INSTR_RANGE, ETE_INSN_ISB, 1 },
		{ 0x400104, 0x400108, ETE_ELEM_INSTR_RANGE, ETE_INSN_BR, 0 },
		{ 0x400108, 0x400110, ETE_ELEM_INSTR_RANGE, ETE_INSN_ISB, 1 },
		{ 0, 0x400110, ETE_ELEM_EXCEPTION, 0, 0 },
		{ 0x400110, 0x400118, ETE_ELEM_INSTR_RANGE, ETE_INSN_BR, 1 },
	};
	struct ete_dec_config cfg = { 0 };
	static struct ete_dec dec;
	static struct isb_elems got;
	struct ete_img img;
	char name[160];
	size_t i;
	int same;

	model_reset(1, 0, 0);
	tcpu.regs[HW_OSLAR_EL1] = 0;	/* locked at power-up */
	tcpu.regs[HW_TRCCONFIGR] = 0;
	tcpu.regs[HW_TRCVICTLR] = 0x201;
	tcpu.regs[HW_TRFCR_EL1] = TRFCR_ELX_E0TRE;
	tcpu.regs[HW_TRCPRGCTLR] = TRCPRGCTLR_EN;
	ksync();
	ok(tc.ete.enabled && tc.ete_mask == 1, "ete isb ", "EL0 traced");
	ete_cap_n = 0;
	ete_enc_set_sink(&tc.ete.enc, ete_cap_write, NULL);
	run(blk(0x400000, "ooi", 0));
	run(blk(0x40000c, "ob", 0x400100));
	run(blk(0x400100, "i", 0));
	run(blk(0x400104, "c", 0x400200));
	run(blk(0x400108, "oi", 0));
	run(blk(VEC_LOWER_IRQ, "oo", 0));	/* the IRQ, after the ISB */
	run(blk(0x400110, "ob", 0x400300));
	run(blk(0x400300, "o", 0));
	ete_enc_finish(&tc.ete.enc);

	ete_cap_config(&cfg.pkt);
	cfg.trace_id = cfg.pkt.trctraceidr;
	memset(&got, 0, sizeof(got));
	if (ete_img_init(&img) ||
	    ete_img_add_buffer(&img, 0x400000, code, sizeof(code)) ||
	    ete_dec_init(&dec, &cfg, &img, isb_sink, &got))
		abort();
	ete_dec_decode(&dec, ete_cap, ete_cap_n, 0);
	ete_dec_flush(&dec);
	ete_img_free(&img);

	same = got.n == sizeof(want) / sizeof(want[0]);
	for (i = 0; same && i < got.n; i++) {
		const struct ete_elem *e = &got.e[i];

		if (e->type != want[i].type || e->end != want[i].end ||
		    (e->type == ETE_ELEM_INSTR_RANGE &&
		     (e->start != want[i].start || e->last_cls != want[i].cls ||
		      e->exec != want[i].exec)))
			same = 0;
	}
	snprintf(name, sizeof(name),
		 "(ETE P0 instructions: ISB) %zu trace bytes, %zu of %zu elements: an E atom per ISB, the IRQ returns after it",
		 ete_cap_n, got.n, sizeof(want) / sizeof(want[0]));
	ok(same, "ete isb ", name);
	if (!same)
		for (i = 0; i < got.n; i++)
			printf("#   %u %#llx-%#llx cls %u exec %u\n",
			       got.e[i].type,
			       (unsigned long long)got.e[i].start,
			       (unsigned long long)got.e[i].end,
			       got.e[i].last_cls, got.e[i].exec);
}

static void test_brbe_exception_source(void)
{
	model_reset(1, 0, 0);
	brbe_start(BRBCR_ELX_E0BRE | BRBCR_ELX_CC | BRBCR_ELX_EXCEPTION,
		   BRBFCR_EL1_BRANCH_FILTERS);
	brbe_svc_program();
	ok(rec_inf(1) == (INF(BRBINF_VALID_SOURCE, BRBINF_TYPE_CALL, 0) | CC(4)) &&
	   tcpu.brb_src[1] == 0x400210 && tcpu.brb_tgt[1] == 0, "brbe svc ",
	   "(BRBSRC: preferred exception return address; BRBINF.EL RES0 when source-only) SVC record");
	ok(rec_inf(2) == (INF(BRBINF_VALID_FULL, BRBINF_TYPE_DIRECT_COND, 0) |
			  CC(2)) && tcpu.brb_src[2] == 0x400104 &&
	   tcpu.brb_tgt[2] == 0x400200, "brbe ", "B.cond: full record, CC 2");
}

static void test_brbe_ertn_half_record(void)
{
	model_reset(1, 0, 0);
	brbe_start(BRBCR_ELX_E0BRE | BRBCR_ELX_CC | BRBCR_ELX_EXCEPTION |
		   BRBCR_ELX_ERTN, BRBFCR_EL1_BRANCH_FILTERS);
	brbe_svc_program();
	ok(rec_inf(1) == (INF(BRBINF_VALID_TARGET, BRBINF_TYPE_ERET, 0) |
			  BRBINF_EL1_CCU) &&
	   tcpu.brb_src[1] == 0 && tcpu.brb_tgt[1] == 0x400210, "brbe ertn ",
	   "(BRBCR.ERTN, BRBINF.VALID 0b01) return from the prohibited EL1: target-only ERET, CCU");
	ok(rec_inf(5) == (INF(BRBINF_VALID_TARGET, BRBINF_TYPE_ERET, 0) |
			  BRBINF_EL1_CCU) && tcpu.brb_tgt[5] == 0x400000,
	   "brbe ertn ", "the return after enabling is recorded too");
	ok(rec_inf(0) == (INF(BRBINF_VALID_FULL, BRBINF_TYPE_DIRECT_UNCOND, 0) |
			  CC(2)), "brbe ertn ",
	   "the branch after the ERET record counts from it (CC 2)");
	ok(!rec_inf(6), "brbe ertn ", "six records, no more");
}

static void test_brbe_ccu(void)
{
	model_reset(1, 0, 0);
	brbe_start(BRBCR_ELX_E0BRE | BRBCR_ELX_CC | BRBCR_ELX_EXCEPTION,
		   BRBFCR_EL1_BRANCH_FILTERS);
	brbe_svc_program();
	ok(rec_inf(0) == (INF(BRBINF_VALID_FULL, BRBINF_TYPE_DIRECT_UNCOND, 0) |
			  BRBINF_EL1_CCU), "brbe ccu ",
	   "(BRBINF.CCU: cycles since the last record unknown) first branch after the prohibited EL1 stretch");
	ok(rec_inf(3) == (INF(BRBINF_VALID_FULL, BRBINF_TYPE_DIRECT_UNCOND, 0) |
			  BRBINF_EL1_CCU) && !rec_inf(4), "brbe ccu ",
	   "first branch after enabling: CCU");
	/* The same without recording the exception: still prohibited. */
	model_reset(1, 0, 0);
	brbe_start(BRBCR_ELX_E0BRE | BRBCR_ELX_CC, BRBFCR_EL1_BRANCH_FILTERS);
	brbe_svc_program();
	ok(rec_inf(0) == (INF(BRBINF_VALID_FULL, BRBINF_TYPE_DIRECT_UNCOND, 0) |
			  BRBINF_EL1_CCU) &&
	   rec_inf(1) == (INF(BRBINF_VALID_FULL, BRBINF_TYPE_DIRECT_COND, 0) |
			  CC(2)), "brbe ccu ",
	   "EXCEPTION 0: the branch after the SVC still has CCU");
}

/* Four taken B.cond in a loop. */
static void brbe_loop4(void)
{
	const struct hwm_tb *l = blk(0x400000, "oc", 0x400000);
	int i;

	for (i = 0; i < 5; i++)
		run(l);
}

static void test_brbe_mpred(void)
{
	const uint64_t cond = INF(BRBINF_VALID_FULL, BRBINF_TYPE_DIRECT_COND, 0);

	model_reset(1, 0, 0);
	hwm.mispredict = 2;
	brbe_start(BRBCR_ELX_E0BRE | BRBCR_ELX_CC | BRBCR_ELX_MPRED,
		   BRBFCR_EL1_BRANCH_FILTERS);
	brbe_loop4();
	ok(rec_inf(0) == (cond | BRBINF_EL1_MPRED | CC(2)) &&
	   rec_inf(1) == (cond | CC(2)) &&
	   rec_inf(2) == (cond | BRBINF_EL1_MPRED | CC(2)) &&
	   rec_inf(3) == (cond | BRBINF_EL1_CCU) && !rec_inf(4), "brbe mpred ",
	   "(BRBINF.MPRED, BRBCR.MPRED) mispredict=2: the 2nd and 4th B.cond");
	model_reset(1, 0, 0);
	hwm.mispredict = 2;
	brbe_start(BRBCR_ELX_E0BRE | BRBCR_ELX_CC, BRBFCR_EL1_BRANCH_FILTERS);
	brbe_loop4();
	ok(rec_inf(0) == (cond | CC(2)) && rec_inf(2) == (cond | CC(2)),
	   "brbe mpred ", "BRBCR.MPRED 0: MPRED not recorded");
}

static void test_brbe_el2_gate(void)
{
	const uint64_t cond = INF(BRBINF_VALID_FULL, BRBINF_TYPE_DIRECT_COND, 0);
	const uint64_t all = BRBCR_ELX_E0BRE | BRBCR_ELX_CC | BRBCR_ELX_MPRED;

	model_reset(1, 1, 0);
	hwm.mispredict = 1;
	brbe_start(all, BRBFCR_EL1_BRANCH_FILTERS);
	brbe_loop4();
	ok(rec_inf(0) == (cond | BRBINF_EL1_CCU) &&
	   rec_inf(1) == (cond | BRBINF_EL1_CCU), "brbe el2 ",
	   "(BRBCR_EL1.CC/MPRED: gated by BRBCR_EL2 when EL2 is implemented) BRBCR_EL2 0: CCU, no MPRED");
	model_reset(1, 1, 0);
	hwm.mispredict = 1;
	tcpu.regs[HW_BRBCR_EL2] = BRBCR_ELX_CC | BRBCR_ELX_MPRED;
	brbe_start(all, BRBFCR_EL1_BRANCH_FILTERS);
	brbe_loop4();
	ok(rec_inf(0) == (cond | BRBINF_EL1_MPRED | CC(2)), "brbe el2 ",
	   "BRBCR_EL2.CC/MPRED set (as Linux's EL2 setup does): recorded");
	model_reset(1, 0, 0);
	hwm.mispredict = 1;
	brbe_start(all, BRBFCR_EL1_BRANCH_FILTERS);
	brbe_loop4();
	ok(rec_inf(0) == (cond | BRBINF_EL1_MPRED | CC(2)), "brbe el2 ",
	   "no EL2: BRBCR_EL1 alone");
	model_reset(2, 1, 0);
	hwm.mispredict = 1;
	brbe_start(all, BRBFCR_EL1_BRANCH_FILTERS);
	brbe_loop4();
	ok(rec_inf(0) == (cond | BRBINF_EL1_MPRED | CC(2)), "brbe el2 ",
	   "VHE: BRBCR_EL2 is the kernel's own register");
}

/* EL0: B, B.cond, then an IRQ after 0x400208; the kernel reports a PMU overflow. */
static void brbe_irq_program(int return_first)
{
	run(blk(0x400000, "oob", 0x400100));
	run(blk(0x400100, "oc", 0x400200));
	run(blk(0x400200, "ooo", 0));
	run(blk(VEC_LOWER_IRQ, "oo", 0));
	if (return_first)
		run(blk(0x40020c, "oo", 0));
	tcpu.cmd = HWM_CMD_PMU_OVERFLOW;
	ksync();
}

static void test_brbe_freeze(void)
{
	const uint64_t cr = BRBCR_ELX_E0BRE | BRBCR_ELX_CC |
			    BRBCR_ELX_EXCEPTION;

	model_reset(1, 0, 0);
	brbe_start(cr | BRBCR_ELX_FZP, BRBFCR_EL1_BRANCH_FILTERS);
	brbe_irq_program(0);
	ok((tcpu.regs[HW_BRBFCR_EL1] & BRBFCR_EL1_PAUSED) &&
	   rec_inf(0) == (INF(BRBINF_VALID_FULL, BRBINF_TYPE_DIRECT_COND, 0) |
			  CC(2)) && !rec_inf(2), "brbe freeze ",
	   "(BRBCR_EL1.FZP: freeze at the overflow, before its IRQ) reported from the handler: IRQ record dropped");
	model_reset(1, 0, 0);
	brbe_start(cr | BRBCR_ELX_FZP, BRBFCR_EL1_BRANCH_FILTERS);
	brbe_irq_program(1);
	ok((tcpu.regs[HW_BRBFCR_EL1] & BRBFCR_EL1_PAUSED) &&
	   rec_inf(0) == (INF(BRBINF_VALID_SOURCE, BRBINF_TYPE_IRQ, 0) | CC(3)) &&
	   tcpu.brb_src[0] == 0x40020c && !rec_inf(3), "brbe freeze ",
	   "the IRQ returned before the report: frozen at the report");
	model_reset(1, 0, 0);
	brbe_start(cr, BRBFCR_EL1_BRANCH_FILTERS);
	brbe_irq_program(0);
	ok(!(tcpu.regs[HW_BRBFCR_EL1] & BRBFCR_EL1_PAUSED) &&
	   FIELD_GET(BRBINF_EL1_TYPE, rec_inf(0)) == BRBINF_TYPE_IRQ,
	   "brbe freeze ", "FZP 0: no freeze, the IRQ record stays");
}

#define MOD_FN		0xffff800000a01000ull	/* a module function: nop; ret */
#define MOD_RET_HI	0xffff800000a00e80ull	/* 0x80-aligned, a table's upper half */
#define MOD_RET_LO	0xffff800000a00a00ull	/* 0x80-aligned, lower half */
#define VEC_CUR_IRQ	(VBAR + 0x280)

static void truth_open(void);
static int truth_has(const char *line, const char *not);

/*
 * EL0 and EL1 recorded: B, B.cond at EL0, an IRQ, and in its handler a
 * module function called twice, whose returns land on 0x80-aligned
 * addresses (as a module's layout may have it); then the handler
 * reports a PMU overflow (@report) or takes an IRQ at its own EL (a BR
 * into VBAR + 0x280).
 */
static void vbar_program(int report)
{
	run(blk(0x400000, "oob", 0x400100));
	run(blk(0x400100, "oc", 0x400200));
	run(blk(0x400200, "ooo", 0));
	run(blk(VEC_LOWER_IRQ, "oL", MOD_FN));
	run(blk(MOD_FN, "ot", 0));
	run(blk(MOD_RET_HI, "oL", MOD_FN));
	run(blk(MOD_FN, "ot", 0));
	if (report) {
		run(blk(MOD_RET_LO, "oL", KSYNC));
		tcpu.cmd = HWM_CMD_PMU_OVERFLOW;
		ksync();
		return;
	}
	run(blk(MOD_RET_LO, "or", 0));
	run(blk(VEC_CUR_IRQ, "oo", 0));
}

static void test_path_vectors(void)
{
	const uint64_t cr = BRBCR_ELX_E0BRE | BRBCR_ELX_E1BRE | BRBCR_ELX_CC |
			    BRBCR_ELX_EXCEPTION | BRBCR_ELX_FZP;

	model_reset(1, 0, 0);
	brbe_start(cr, BRBFCR_EL1_BRANCH_FILTERS);
	truth_open();
	vbar_program(1);
	ok(truth_has("B 0 ret 0xffff800000a01004 0xffff800000a00e80 1 1 1\n"
		     "B 0 bl 0xffff800000a00e84 0xffff800000a01000 1 1 1\n"
		     "B 0 ret 0xffff800000a01004 0xffff800000a00a00 1 1 1",
		     "X 0 irq 0xffff800000a0"), "path vector ",
	   "(vector tables are 2 KB aligned; same-EL entries in the lower half) returns to 0x80-aligned module addresses are returns, in either half once VBAR_EL1 is known");
	ok(tc.vbar_known && tc.vbar == VBAR, "path vector ",
	   "VBAR_EL1 learnt from the entry of an exception from EL0");
	ok((tcpu.regs[HW_BRBFCR_EL1] & BRBFCR_EL1_PAUSED) &&
	   FIELD_GET(BRBINF_EL1_TYPE, rec_inf(0)) == BRBINF_TYPE_DIRECT_COND &&
	   FIELD_GET(BRBINF_EL1_EL, rec_inf(0)) == 0 && rec_inf(1) &&
	   !rec_inf(2), "path vector ",
	   "(BRBCR_EL1.FZP) the overflow reported from the handler freezes before the IRQ: EL0's B.cond is the newest record");

	model_reset(1, 0, 0);
	brbe_start(cr, BRBFCR_EL1_BRANCH_FILTERS);
	truth_open();
	vbar_program(0);
	ok(truth_has("X 0 irq 0xffff800000a00a04 0xffff800000a00a04 0xffff800008010280 1 1",
		     NULL), "path vector ",
	   "an IRQ at EL1 after a BR, entering VBAR_EL1 + 0x280: still an exception");
}

/* The ground-truth log, in memory. */
static char *truth_buf;
static size_t truth_len;

static void truth_open(void)
{
	hwm.truth = open_memstream(&truth_buf, &truth_len);
	if (!hwm.truth)
		abort();
}

/* Does the log hold @line (a whole line)? Closes it. */
static int truth_has(const char *line, const char *not)
{
	char want[512];
	int found;

	fclose(hwm.truth);
	hwm.truth = NULL;
	snprintf(want, sizeof(want), "\n%s\n", line);
	found = truth_buf &&
		(strstr(truth_buf, want) || !strncmp(truth_buf, want + 1,
						     strlen(want + 1))) &&
		(!not || !strstr(truth_buf, not));
	if (!found)
		fprintf(stderr, "# truth log:\n%s", truth_buf ? truth_buf : "");
	free(truth_buf);
	truth_buf = NULL;
	return found;
}

#define SVE_TB	0x401bc0ull	/* mov; mov; mov; cntb x6 at 0x401bcc */
#define SVE_AT	0x401bccull

/*
 * EL0 runs a block ending in an SVE instruction that takes the lazy SVE
 * access trap (QEMU ends the block there); @reached: -icount's count of
 * it (it counts the trapping instruction, which started), 0 without
 * icount.  The kernel (EL1 recorded or not) returns to the instruction
 * itself, which runs again and completes.
 */
static void sve_trap_program(uint64_t reached, int el1)
{
	run_r(blk(SVE_TB, "ooof", 0), 0);
	run_r(blk(VEC_LOWER_SYNC, el1 ? "ooe" : "oo", 0), reached);
	run_r(blk(SVE_AT, "fob", 0x401c00), reached ? 3 : 0);
	run_r(blk(0x401c00, "o", 0), reached ? 3 : 0);
}

static void test_path_traps(void)
{
	static const char trap[] = "X 0 trap 0x401bcc 0x401bcc 0xffff800008010400 0 1";
	const uint64_t cr = BRBCR_ELX_E0BRE | BRBCR_ELX_CC | BRBCR_ELX_EXCEPTION;

	model_reset(1, 0, 0);
	brbe_start(cr, BRBFCR_EL1_BRANCH_FILTERS);
	truth_open();
	sve_trap_program(4, 0);
	ok(truth_has(trap, "0x401bd0"), "path trap ",
	   "(preferred exception return address: a trap's is the instruction itself) exact, EL1 not observed: SVE access trap returns to the cntb itself");
	ok(tc.insns == 6, "path trap ",
	   "the trapped cntb is not counted as executed (6 instructions)");
	ok(rec_inf(1) == (INF(BRBINF_VALID_SOURCE, BRBINF_TYPE_TRAP, 0) |
			  BRBINF_EL1_CCU) &&
	   tcpu.brb_src[1] == SVE_AT && !rec_inf(2), "path trap ",
	   "BRBE: a source-only TRAP record from the cntb");

	model_reset(1, 0, 0);
	brbe_start(cr | BRBCR_ELX_E1BRE, BRBFCR_EL1_BRANCH_FILTERS);
	truth_open();
	sve_trap_program(4, 1);
	ok(truth_has(trap, "0x401bd0"), "path trap ",
	   "exact, the handler observed: the same, from the instruction's kind");

	model_reset(1, 0, 0);
	brbe_start(cr, BRBFCR_EL1_BRANCH_FILTERS);
	truth_open();
	sve_trap_program(0, 0);
	ok(truth_has(trap, "0x401bd0"), "path trap ",
	   "without icount: the return address says it");

	/* An SVC completes: the preferred return is the next instruction. */
	model_reset(1, 0, 0);
	brbe_start(cr, BRBFCR_EL1_BRANCH_FILTERS);
	truth_open();
	run_r(blk(0x400200, "ooov", 0), 0);
	run_r(blk(VEC_LOWER_SYNC, "oo", 0), 4);
	run_r(blk(0x400210, "ob", 0x400300), 2);
	run_r(blk(0x400300, "o", 0), 2);
	ok(truth_has("X 0 call 0x40020c 0x400210 0xffff800008010400 0 1", NULL) &&
	   tc.insns == 6, "path trap ",
	   "(SVC: preferred return after it) exact: a call returns after the SVC, counted");

	/* A load cut short by a data abort in the middle of a block. */
	model_reset(1, 0, 0);
	brbe_start(cr, BRBFCR_EL1_BRANCH_FILTERS);
	truth_open();
	run_r(blk(0x400300, "olob", 0x400400), 0);
	run_r(blk(VEC_LOWER_SYNC, "oo", 0), 2);
	run_r(blk(0x400304, "lob", 0x400400), 2);
	run_r(blk(0x400400, "o", 0), 3);
	ok(truth_has("X 0 data-fault 0x400304 0x400304 0xffff800008010400 0 1", NULL) &&
	   tc.insns == 4, "path trap ",
	   "exact: a data abort mid-block returns to the load, not counted");

	/* Completed blocks at a page's end, then an instruction abort. */
	model_reset(1, 0, 0);
	brbe_start(cr, BRBFCR_EL1_BRANCH_FILTERS);
	truth_open();
	run_r(blk(0x400ff8, "of", 0), 0);
	run_r(blk(VEC_LOWER_SYNC, "oo", 0), 2);
	run_r(blk(0x401000, "ob", 0x402000), 2);
	run_r(blk(0x402000, "o", 0), 2);
	ok(truth_has("X 0 insn-fault 0x401000 0x401000 0xffff800008010400 0 1",
		     "trap") && tc.insns == 4, "path trap ",
	   "exact: an SVE instruction that completed, then a fetch fault on the next page");
}

/*
 * EL0 recorded, the kernel not: a taken B.cond ends a block, an IRQ comes
 * right after it (QEMU takes interrupts between blocks), and the handler
 * stops recording before the task returns -- as a trace window closes in
 * an interrupt or at a switch.  @user_ret: the EL0 return address the
 * guest's backend publishes at the sync.
 */
struct stop_case {
	uint64_t user_ret;	/* at the first sync in the handler */
	uint64_t pid;		/* its task's, as the backend tags it */
	uint64_t next_pid;	/* contextidr from there on: a switch */
	uint64_t user_ret_later; /* at the stop, if not 0 */
};

static int stop_before_return(const struct stop_case *sc, const char *want,
			      const char *not)
{
	const uint64_t cr = BRBCR_ELX_E0BRE | BRBCR_ELX_CC |
			    BRBCR_ELX_EXCEPTION;

	model_reset(1, 0, 0);
	tcpu.contextidr = 5;			/* the traced task */
	brbe_start(cr, BRBFCR_EL1_BRANCH_FILTERS);
	truth_open();
	run(blk(0x400000, "oob", 0x400100));
	run(blk(0x400100, "oc", 0x400200));	/* B.cond at 0x400104 */
	run(blk(VEC_LOWER_IRQ, "oo", 0));
	/* the handler's first sync: the switch probe's, if it switches */
	tcpu.user_ret = sc->user_ret;
	tcpu.user_ret_pid = sc->pid;
	if (sc->next_pid)
		tcpu.contextidr = sc->next_pid;
	ksync();
	if (sc->user_ret_later)
		tcpu.user_ret = sc->user_ret_later;
	brbe_start(0, BRBFCR_EL1_BRANCH_FILTERS);
	return truth_has(want, not);
}

static void test_path_stop_hint(void)
{
	static const char taken[] =
		"B 0 cond 0x400104 0x400200 0 0 1\n"
		"X 0 irq 0x400200 0x400200 0xffff800008010480 0 1";
	static const char on_branch[] =
		"X 0 irq 0x400104 0x400104 0xffff800008010480 0 1";

	ok(stop_before_return(&(struct stop_case){ .user_ret = 0x400200, .pid = 5 }, taken, NULL),
	   "path stop ",
	   "(the exception packet carries the preferred return address, known at the entry) stopped before the return: the B.cond taken, the IRQ at its target");
	ok(stop_before_return(&(struct stop_case){ .user_ret = 0x400108, .pid = 5 },
			      "B 0 cond 0x400104 0x400108 0 0 0\n"
			      "X 0 irq 0x400108 0x400108 0xffff800008010480 0 1",
			      NULL), "path stop ",
	   "the B.cond not taken: the IRQ at the next instruction");
	ok(stop_before_return(&(struct stop_case){ .user_ret = 0x400200, .pid = 5, .next_pid = 42 }, taken,
			      NULL), "path stop ",
	   "stopped at a switch (contextidr already the next task's): the address tagged with the task's PID still counts");
	ok(stop_before_return(&(struct stop_case){ .user_ret = 0x400200, .pid = 42, .next_pid = 42 },
			      on_branch, "B 0 cond 0x400104"), "path stop ",
	   "an address tagged with another task's PID does not");
	ok(stop_before_return(&(struct stop_case){ .user_ret = 0x400200, .pid = 5, .next_pid = 0, .user_ret_later = 0x500000 },
			      taken, NULL), "path stop ",
	   "the address at the first sync after the entry counts, not one the kernel moved the PC to later (a signal frame)");
	ok(stop_before_return(&(struct stop_case){ .user_ret = 0, .pid = 5 }, on_branch,
			      "B 0 cond 0x400104"), "path stop ",
	   "no return address known: the IRQ on the branch itself, as before");
	ok(stop_before_return(&(struct stop_case){ .user_ret = 0x500000, .pid = 5 }, on_branch,
			      "B 0 cond 0x400104"), "path stop ",
	   "a return address the block cannot reach is not taken");
}

/*
 * Arm ARM D3.3 "Self-hosted trace timestamps", table D3-2: TRFCR_EL2.TS
 * selects unless 0b00, then TRFCR_EL1.TS; virtual time is the physical
 * count less CNTVOFF_EL2 (the guest's published counter is virtual).
 */
static void test_trace_ts(void)
{
	static const struct {
		unsigned int el2, el1;
		int virt;
		const char *name;
	} t[] = {
		{ 0, 1, 1, "EL2.TS 00, EL1.TS 01: virtual" },
		{ 0, 2, 0, "EL2.TS 00, EL1.TS 10: offset physical (no ECV: physical)" },
		{ 0, 3, 0, "EL2.TS 00, EL1.TS 11: physical" },
		{ 1, 3, 1, "EL2.TS 01 overrides EL1.TS 11: virtual" },
		{ 3, 1, 0, "EL2.TS 11 overrides EL1.TS 01: physical" },
		{ 2, 1, 0, "EL2.TS 10 overrides EL1.TS 01: offset physical" },
		{ 0, 0, 0, "both 00 (reserved): physical" },
	};
	const uint64_t vct = 0x123456789ull, off = 0x10000000000ull;
	unsigned int i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		uint64_t el1 = FIELD_PREP(TRFCR_ELX_TS, t[i].el1) |
			       TRFCR_ELX_E0TRE | TRFCR_ELX_E1TRE;
		uint64_t el2 = FIELD_PREP(TRFCR_ELX_TS, t[i].el2);

		ok(hwm_trace_ts(vct, el1, el2, off) ==
		   (t[i].virt ? vct : vct + off), "trfcr ts ", t[i].name);
	}
	ok(hwm_trace_ts(vct, FIELD_PREP(TRFCR_ELX_TS, 3), 0, 0) == vct,
	   "trfcr ts ", "without a virtual offset every source agrees");
}

int main(void)
{
	printf("TAP version 13\n");
	test_classify();
	test_cc();
	test_brbe_filters();
	test_brb_ring();
	test_trbe();
	test_trbe_sink();
	test_trbe_errata();
	test_vi();
	test_vi_startstop();
	test_idregs();
	test_regs_variants();
	test_ete_ctx();
	test_ete_viewinst();
	test_ete_handshake();
	test_trbe_irq_hook();
	test_ete_return_stack();
	test_ete_startstop();
	test_ete_branch_broadcast();
	test_ete_timestamps();
	test_trace_ts();
	test_ete_isb_waypoint();
	test_brbe_exception_source();
	test_brbe_ertn_half_record();
	test_brbe_ccu();
	test_brbe_mpred();
	test_brbe_el2_gate();
	test_brbe_freeze();
	test_path_traps();
	test_path_vectors();
	test_path_stop_hint();
	printf("1..%u\n", n_test);
	return n_fail ? 1 : 0;
}
