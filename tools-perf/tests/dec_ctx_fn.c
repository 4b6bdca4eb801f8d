// SPDX-License-Identifier: GPL-2.0
/*
 * The context hook's contract (ete/dec.h, ete_dec_set_ctx_fn()): it sees
 * every PE_CONTEXT element, in order and with the fields the sink gets
 * later, before any later range is followed through the image.  A caller
 * whose code depends on the process (perf: another process's code at the
 * same addresses) switches its image there and gets each range walked
 * through the right process's code, however the trace bytes are chunked.
 *
 * Two processes (CONTEXTID 1 and 2) have different code at one address;
 * the encoder traces a path that runs each in turn.  The hook either
 * invalidates one image read through a callback, or switches between an
 * image per process (ete_dec_set_img()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <armtrace/ete_regs.h>
#include <armtrace/ref_config.h>
#include <ete/dec.h>
#include <ete/enc.h>
#include <ete/img.h>
#include "tap.h"

#define BASE		0x400000ull
#define A64_NOP		0xd503201fu
#define A64_B(off)	(0x14000000u | (((uint32_t)(off) >> 2) & 0x3ffffff))

/* Code of each process at BASE: word index -> instruction. */
struct proc {
	uint32_t cid;
	uint32_t code[0x100];
};

static struct proc procs[2];

struct rig {
	const struct proc *cur;		/* the image reads this process */
	struct ete_dec *dec;
	struct ete_img *imgs[2];	/* one image per process, or NULL */
	unsigned int hooks;
	uint32_t hook_cid[16];
	struct ete_img *img;
	struct ete_elem got[64];
	size_t n;
};

static size_t img_read(void *ctx, uint64_t addr, void *buf, size_t len)
{
	struct rig *r = ctx;
	uint64_t end = BASE + sizeof(r->cur->code);

	if (!r->cur || addr < BASE || addr >= end)
		return 0;
	if (len > end - addr)
		len = end - addr;
	memcpy(buf, (const uint8_t *)r->cur->code + (addr - BASE), len);
	return len;
}

static void ctx_fn(void *ctx, const struct ete_elem *e)
{
	struct rig *r = ctx;
	const struct proc *p = NULL;

	if (r->hooks < 16)
		r->hook_cid[r->hooks] = e->ctx.cid_valid ? e->ctx.cid : ~0u;
	r->hooks++;
	for (int i = 0; i < 2; i++)
		if (e->ctx.cid_valid && procs[i].cid == e->ctx.cid)
			p = &procs[i];
	if (p == r->cur)
		return;
	r->cur = p;
	if (r->imgs[0] && p)
		ete_dec_set_img(r->dec, r->imgs[p - procs]);
	else
		ete_img_invalidate(r->img);
}

static int sink(void *ctx, const struct ete_elem *e, size_t n)
{
	struct rig *r = ctx;

	for (size_t i = 0; i < n; i++) {
		if (e[i].type != ETE_ELEM_INSTR_RANGE &&
		    e[i].type != ETE_ELEM_PE_CONTEXT)
			continue;
		if (r->n < 64)
			r->got[r->n] = e[i];
		r->n++;
	}
	return 0;
}

static size_t encode(uint8_t *buf, size_t size, struct ete_pkt_config *regs)
{
	struct ete_enc_config cfg;
	struct ete_enc_ctx c1 = { .el = 0, .ns = 1, .sf = 1, .cid = 1 };
	struct ete_enc_ctx c2 = c1;
	struct ete_enc enc;

	c2.cid = 2;
	memset(&cfg, 0, sizeof(cfg));
	cfg.regs.trcidr0 = REF_Q_TRCIDR0;
	cfg.regs.trcidr1 = REF_TRCIDR1;
	cfg.regs.trcidr2 = REF_TRCIDR2;	/* 32-bit CONTEXTID */
	cfg.regs.trcconfigr = REF_TRCCONFIGR | TRCCONFIGR_CID;
	cfg.regs.trcdevarch = REF_TRCDEVARCH;
	cfg.regs.trctraceidr = 0x10;
	*regs = cfg.regs;
	if (ete_enc_init(&enc, &cfg, &c1))
		return 0;
	ete_enc_set_buffer(&enc, buf, size);
	/* process 1: BASE: B +0x100; BASE+0x100: B -0x100 */
	if (ete_enc_branch(&enc, BASE, BASE + 0x100, ETE_ENC_TAKEN) ||
	    ete_enc_branch(&enc, BASE + 0x100, BASE, ETE_ENC_TAKEN) ||
	    /* process 2 at BASE: NOP, NOP, B +0x200 */
	    ete_enc_context(&enc, &c2) ||
	    ete_enc_branch(&enc, BASE, BASE + 0x208, ETE_ENC_TAKEN) ||
	    ete_enc_branch(&enc, BASE + 0x208, BASE, ETE_ENC_TAKEN) ||
	    /* process 1 again: its walk from BASE must not be process 2's */
	    ete_enc_context(&enc, &c1) ||
	    ete_enc_branch(&enc, BASE, BASE + 0x100, ETE_ENC_TAKEN) ||
	    ete_enc_finish(&enc))
		return 0;
	return enc.delivered;
}

struct want {
	uint8_t type;
	uint64_t start, end;
	uint32_t ninsn_or_cid;
};

static const struct want want[] = {
	{ ETE_ELEM_PE_CONTEXT, 0, 0, 1 },
	{ ETE_ELEM_INSTR_RANGE, BASE, BASE + 4, 1 },
	{ ETE_ELEM_INSTR_RANGE, BASE + 0x100, BASE + 0x104, 1 },
	{ ETE_ELEM_PE_CONTEXT, 0, 0, 2 },
	{ ETE_ELEM_INSTR_RANGE, BASE, BASE + 12, 3 },
	{ ETE_ELEM_INSTR_RANGE, BASE + 0x208, BASE + 0x20c, 1 },
	{ ETE_ELEM_PE_CONTEXT, 0, 0, 1 },
	{ ETE_ELEM_INSTR_RANGE, BASE, BASE + 4, 1 },
};

#define NWANT (sizeof(want) / sizeof(want[0]))

static bool same(const struct rig *r)
{
	if (r->n != NWANT)
		return false;
	for (size_t i = 0; i < NWANT; i++) {
		const struct ete_elem *e = &r->got[i];

		if (e->type != want[i].type)
			return false;
		if (e->type == ETE_ELEM_PE_CONTEXT ?
		    !e->ctx.cid_valid || e->ctx.cid != want[i].ninsn_or_cid :
		    e->start != want[i].start || e->end != want[i].end ||
		    e->ninsn != want[i].ninsn_or_cid || !e->exec)
			return false;
	}
	return true;
}

static void dump(const struct rig *r)
{
	for (size_t i = 0; i < r->n && i < 64; i++) {
		const struct ete_elem *e = &r->got[i];

		if (e->type == ETE_ELEM_PE_CONTEXT)
			tap_diag("  PE_CONTEXT cid %u", e->ctx.cid);
		else
			tap_diag("  INSTR_RANGE %#llx-%#llx n %u",
			     (unsigned long long)e->start,
			     (unsigned long long)e->end, e->ninsn);
	}
}

static void run(const uint8_t *trace, size_t len,
		const struct ete_pkt_config *regs, size_t chunk, bool hook)
{
	struct ete_dec_config dcfg = { .pkt = *regs, .trace_id = 0x10 };
	struct ete_dec *dec = calloc(1, sizeof(*dec));
	struct ete_img img;
	struct rig r;

	memset(&r, 0, sizeof(r));
	if (!dec || ete_img_init(&img)) {
		tap_ok(0, "set up (chunk %zu)", chunk);
		free(dec);
		return;
	}
	r.img = &img;
	r.cur = &procs[0];	/* the context at the start */
	ete_img_set_callback(&img, img_read, &r);
	if (ete_dec_init(dec, &dcfg, &img, sink, &r)) {
		tap_ok(0, "ete_dec_init (chunk %zu)", chunk);
		goto out;
	}
	if (hook)
		ete_dec_set_ctx_fn(dec, ctx_fn, &r);
	for (size_t o = 0; o < len; o += chunk)
		ete_dec_decode(dec, trace + o, len - o < chunk ? len - o : chunk,
			       o);
	ete_dec_flush(dec);
	if (hook) {
		tap_ok(same(&r), "ranges walked through the right process's code, %zu-byte chunks",
		   chunk);
		if (!same(&r))
			dump(&r);
		tap_ok(r.hooks == 3 && r.hook_cid[0] == 1 && r.hook_cid[1] == 2 &&
		   r.hook_cid[2] == 1,
		   "the hook saw the 3 contexts in order (%u calls), %zu-byte chunks",
		   r.hooks, chunk);
	} else {
		/* The test can fail: without the hook the cache keeps the
		 * first process's walks. */
		tap_ok(!same(&r) && r.hooks == 0,
		   "without the hook the walks are the first process's");
	}
out:
	ete_img_free(&img);
	free(dec);
}

/* One image per process, each the process's code as a region. */
static void run_images(const uint8_t *trace, size_t len,
		       const struct ete_pkt_config *regs)
{
	struct ete_dec_config dcfg = { .pkt = *regs, .trace_id = 0x10 };
	struct ete_dec *dec = calloc(1, sizeof(*dec));
	struct ete_img img[2];
	struct rig r;
	bool ok = dec && !ete_img_init(&img[0]) && !ete_img_init(&img[1]);

	memset(&r, 0, sizeof(r));
	for (int i = 0; ok && i < 2; i++)
		ok = !ete_img_add_buffer(&img[i], BASE, procs[i].code,
					 sizeof(procs[i].code));
	r.dec = dec;
	r.imgs[0] = &img[0];
	r.imgs[1] = &img[1];
	r.cur = &procs[0];
	ok = ok && !ete_dec_init(dec, &dcfg, &img[0], sink, &r);
	if (ok) {
		ete_dec_set_ctx_fn(dec, ctx_fn, &r);
		ete_dec_decode(dec, trace, len, 0);
		ete_dec_flush(dec);
	}
	tap_ok(ok && same(&r),
	       "an image per process, switched by ete_dec_set_img() from the hook");
	if (ok && !same(&r))
		dump(&r);
	ete_img_free(&img[0]);
	ete_img_free(&img[1]);
	free(dec);
}

int main(void)
{
	static const size_t chunks[] = { 4096, 1, 3 };
	struct ete_pkt_config regs;
	uint8_t trace[512];
	size_t len;

	procs[0].cid = 1;
	procs[1].cid = 2;
	for (int i = 0; i < 0x100; i++)
		procs[0].code[i] = procs[1].code[i] = A64_NOP;
	procs[0].code[0] = A64_B(0x100);
	procs[0].code[0x40] = A64_B(-0x100);
	procs[1].code[2] = A64_B(0x200);
	procs[1].code[0x82] = A64_B(-0x208);

	len = encode(trace, sizeof(trace), &regs);
	tap_ok(len > 0, "encoded %zu bytes of trace", len);
	if (!len)
		return tap_exit();
	for (size_t i = 0; i < sizeof(chunks) / sizeof(chunks[0]); i++)
		run(trace, len, &regs, chunks[i], true);
	run(trace, len, &regs, 4096, false);
	run_images(trace, len, &regs);
	return tap_exit();
}
