// SPDX-License-Identifier: GPL-2.0
/*
 * Encoder property test: random programs, random paths through them,
 * encoded under many trace unit configurations and decoded with libete's
 * packet decoder.  Every stream must decode without an error and carry
 * exactly the path (see enc_check_packets()), whole and fed in small
 * chunks.  Seeded: a failure names the configuration and seed to replay.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <armtrace/ete_regs.h>
#include <armtrace/ref_config.h>
#include "tap.h"
#include "enc_check.h"

#define IDR0_BASE	REF_Q_TRCIDR0	/* CCI, Q support, COMMOPT 1 */
#define IDR2_BASE	REF_TRCIDR2	/* 32-bit VMID and CONTEXTID */

struct rt_cfg {
	const char *name;
	uint32_t configr;
	uint32_t idr0_clear;
	uint32_t idr2;
	uint32_t idr8;
	uint32_t minor;
	uint32_t syncpr;
	uint32_t ccctlr;
	uint64_t base;
};

static const struct rt_cfg cfgs[] = {
	{ "plain", 0x1, 0, IDR2_BASE, 0, 0, 0, 0, 0x80000 },
	{ "cci", 0x11, 0, IDR2_BASE, 0, 0, 8, 0x10, 0x80000 },
	{ "cci commopt0", 0x11, TRCIDR0_COMMOPT, IDR2_BASE, 0, 0, 0, 0x1,
	  0x80000 },
	{ "ts", 0x801, 0, IDR2_BASE, 0, 0, 0, 0, 0x40000000 },
	{ "ts cci", 0x811, 0, IDR2_BASE, 0, 0, 10, 0x100, 0x40000000 },
	{ "cid vmid", 0xc1, 0, IDR2_BASE, 0, 0, 0, 0, 0xffff800010000000ull },
	{ "cid vmid8", 0xc1, 0, (IDR2_BASE & ~TRCIDR2_VMIDSIZE) |
	  FIELD_PREP(TRCIDR2_VMIDSIZE, TRCIDR2_VMIDSIZE_8),
	  0, 0, 0, 0, 0x1000 },
	{ "vmid16 no cid size", 0xc1, 0,
	  (IDR2_BASE & ~(TRCIDR2_VMIDSIZE | TRCIDR2_CIDSIZE)) |
	  FIELD_PREP(TRCIDR2_VMIDSIZE, TRCIDR2_VMIDSIZE_16),
	  0, 0, 0, 0, 0x80000 },
	{ "qe", 0x6001, 0, IDR2_BASE, 0, 0, 0, 0, 0x80000 },
	{ "maxspec", 0x8d1, 0, IDR2_BASE, 0x20, 0, 9, 0, 0x80000 },
	{ "maxspec commopt0", 0x8d1, TRCIDR0_COMMOPT, IDR2_BASE, 0x7, 0, 0,
	  0x3, 0x80000 },
	{ "ete1.3 all", 0x8d9, 0, IDR2_BASE, 0, 3, 8, 0x4, 0xffffffc008000000ull },
	{ "sync every 256", 0xc1, 0, IDR2_BASE, 0, 3, 8, 0, 0x7ff0000 },
	{ "sync every 4096 high", 0x8c1, 0, IDR2_BASE, 0, 1, 12, 0,
	  0x0000ffff00000000ull },
	/* the return stack: returns traced as atoms alone */
	{ "rs", 0x1001, 0, IDR2_BASE, 0, 0, 0, 0, 0x80000 },
	{ "rs ts cci cid", 0x1851, 0, IDR2_BASE, 0, 0, 10, 0x100,
	  0x40000000 },
	{ "rs maxspec sync every 256", 0x10c1, 0, IDR2_BASE, 0x20, 0, 8, 0,
	  0x80000 },
	/* branch broadcast: every taken direct branch's target too */
	{ "bb", 0x9, 0, IDR2_BASE, 0, 0, 0, 0, 0x80000 },
	{ "bb rs cci", 0x1019, 0, IDR2_BASE, 0, 0, 10, 0x100, 0x80000 },
};

static void make_cfg(const struct rt_cfg *c, struct ete_enc_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->regs.trcidr0 = IDR0_BASE & ~c->idr0_clear;
	cfg->regs.trcidr1 = REF_TRCIDR1;
	cfg->regs.trcidr2 = c->idr2;
	cfg->regs.trcidr8 = c->idr8;
	cfg->regs.trcconfigr = c->configr;
	cfg->regs.trcdevarch = REF_TRCDEVARCH_MINOR(c->minor);
	cfg->regs.trctraceidr = 1;
	cfg->trcsyncpr = c->syncpr;
	cfg->trcccctlr = c->ccctlr;
}

static void make_opts(const struct ete_enc_config *cfg, uint64_t seed,
		      struct ete_path_opts *o)
{
	uint64_t r = seed * 0x9e3779b97f4a7c15ull;

	memset(o, 0, sizeof(*o));
	o->seed = seed;
	o->taken_pct = (uint16_t)(r % 101);
	o->exc_pm = (uint16_t)((r >> 8) % 60);
	o->ctx_pm = (uint16_t)((r >> 16) % 100);
	o->gap_pm = (uint16_t)((r >> 24) % 30);
	o->ts_pm = (uint16_t)((r >> 32) % 200);
	o->cc_pm = (cfg->regs.trcconfigr & TRCCONFIGR_CCI) ?
		(uint16_t)((r >> 40) % 300) : 0;
	o->ite_pm = ETE_FIELD_GET(TRCDEVARCH_REVISION, cfg->regs.trcdevarch)
		>= 3 ? (uint16_t)((r >> 44) % 50) : 0;
	o->tx_pm = (uint16_t)((r >> 48) % 40);
	o->ovf_pm = (uint16_t)((r >> 52) % 4);
	o->realm = 1;
	o->broadcast = !!(cfg->regs.trcconfigr & TRCCONFIGR_BB);
	o->cc_min = ETE_FIELD_GET(TRCCCCTLR_THRESHOLD, cfg->trcccctlr);
	o->cc_max = o->cc_min + ((r >> 56) & 1 ? 20 : 100000);
}

/* Bytes the return stack saved, of how many without it (RS configs). */
static size_t rs_saved, rs_bytes;

static int one_case(const struct rt_cfg *c, uint64_t seed, size_t nev,
		    char *why, size_t whylen)
{
	struct ete_enc_config cfg;
	struct ete_path_opts o;
	struct ete_enc_ctx ctx = { .el = (uint8_t)(seed & 1), .ns = 1,
				   .sf = 1, .vmid = 5, .cid = 0x77 };
	struct enc_events evs = { 0 };
	struct enc_bytes out = { 0 };
	struct ete_path_image img;
	size_t len = (size_t)4096 << (seed % 5);
	uint8_t *code = malloc(len);
	int ret = -1;

	if (!code)
		return -1;
	make_cfg(c, &cfg);
	make_opts(&cfg, seed, &o);
	ete_path_gen_program(code, len, seed, 5 + (unsigned int)(seed % 30));
	img.base = c->base;
	img.data = code;
	img.len = len;
	if (enc_run_path(&cfg, &img, c->base + 4 * (seed % (len / 4)), &ctx,
			 &o, nev, &evs, &out, why, whylen))
		goto out;
	if (enc_check_packets(&cfg, &ctx, &evs, out.b, out.n, 0, why, whylen))
		goto out;
	if (enc_check_packets(&cfg, &ctx, &evs, out.b, out.n,
			      1 + seed % 7, why, whylen))
		goto out;
	ret = 0;
	/*
	 * With the return stack, the same path without it: the addresses
	 * left out make the traces shorter (the check above holds each
	 * left-out address to the stack).
	 */
	if (cfg.regs.trcconfigr & TRCCONFIGR_RS) {
		struct enc_bytes plain = { 0 };

		cfg.regs.trcconfigr &= ~TRCCONFIGR_RS;
		ret = enc_run_events(&cfg, &ctx, &evs, &plain, why, whylen);
		/* (one path may come out a byte longer: syncs move) */
		if (!ret) {
			rs_saved += plain.n - out.n;
			rs_bytes += plain.n;
		}
		free(plain.b);
	}
out:
	free(code);
	free(out.b);
	enc_events_free(&evs);
	return ret;
}

int main(void)
{
	const size_t ncfg = sizeof(cfgs) / sizeof(cfgs[0]);
	char why[256];

	for (size_t k = 0; k < ncfg; k++) {
		unsigned int cases = 0, bad = 0;
		uint64_t first_bad = 0;

		for (uint64_t seed = 1; seed <= 300; seed++) {
			cases++;
			if (one_case(&cfgs[k], seed * 1000 + k,
				     50 + (seed % 10) * 150, why,
				     sizeof(why))) {
				if (!bad++) {
					first_bad = seed * 1000 + k;
					tap_diag("%s seed %llu: %s",
						 cfgs[k].name,
						 (unsigned long long)first_bad,
						 why);
				}
			}
		}
		tap_ok(!bad, "round trip %s: %u paths (%u failed)",
		       cfgs[k].name, cases, bad);
		if (cfgs[k].configr & TRCCONFIGR_RS) {
			tap_ok(rs_saved > 0 && rs_saved < rs_bytes,
			       "%s: returns to the return stack's address traced without it: %zu of %zu bytes saved",
			       cfgs[k].name, rs_saved, rs_bytes);
			rs_saved = rs_bytes = 0;
		}
	}
	return tap_exit();
}
