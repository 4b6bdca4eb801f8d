// SPDX-License-Identifier: GPL-2.0
/*
 * Differential test against an independent decoder: encoder streams for
 * random paths through random programs are decoded by Debian's OpenCSD
 * 1.3.3 (C API, ETE decoder, the program image as memory), and the
 * generic trace elements must reproduce the path exactly: every
 * instruction range (start, end, count, last instruction executed or
 * not), exception (preferred return address, type), exception return,
 * context change (EL, security state, AArch64, VMID, CONTEXTID),
 * timestamp, cycle count and transaction, with no decode error, no
 * unexpected loss of sync and no inaccessible-memory element.
 *
 * This is what stops a misunderstanding shared by libete's encoder and
 * decoder from passing both.  Left out because OpenCSD 1.3.3 misdecodes
 * them: instrumentation (ITE) packets, Realm/Root security states, Q
 * packets (the encoder never emits them), FEAT_CMPBR and PAuth_LR
 * instructions (the random programs contain none); timestamps are tested
 * on an ETE 1.0 trace unit, whose timestamps need no TS marker.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <armtrace/ete_regs.h>
#include <armtrace/ref_config.h>
#include "tap.h"
#include "enc_check.h"
#include "enc_ocsd.h"

#define IDR0_BASE	REF_Q_TRCIDR0
#define IDR2_BASE	REF_TRCIDR2

struct oc_cfg {
	const char *name;
	uint32_t configr;
	uint32_t idr0_clear;
	uint32_t idr2;
	uint32_t idr8;
	uint32_t minor;
	uint32_t syncpr;
	uint32_t ccctlr;
	uint64_t base;
	uint16_t tx_pm, ovf_pm;
};

static const struct oc_cfg cfgs[] = {
	{ "plain", 0x1, 0, IDR2_BASE, 0, 0, 0, 0, 0x80000, 0, 0 },
	{ "ete1.3 plain", 0x8001, 0, IDR2_BASE, 0, 3, 0, 0, 0x80000, 0, 0 },
	{ "cci", 0x11, 0, IDR2_BASE, 0, 0, 0, 0x10, 0x80000, 0, 0 },
	{ "cci commopt0", 0x11, TRCIDR0_COMMOPT, IDR2_BASE, 0, 0, 0, 0x1,
	  0x80000, 0, 0 },
	{ "ts", 0x801, 0, IDR2_BASE, 0, 0, 0, 0, 0x40000000, 0, 0 },
	{ "ts cci", 0x811, 0, IDR2_BASE, 0, 0, 10, 0x100, 0x40000000, 0, 0 },
	{ "cid vmid", 0xc1, 0, IDR2_BASE, 0, 0, 0, 0, 0xffff800010000000ull,
	  0, 0 },
	{ "cid vmid8", 0xc1, 0, (IDR2_BASE & ~TRCIDR2_VMIDSIZE) |
	  FIELD_PREP(TRCIDR2_VMIDSIZE, TRCIDR2_VMIDSIZE_8),
	  0, 0, 0, 0, 0x1000, 0, 0 },
	{ "maxspec", 0xc1, 0, IDR2_BASE, 0x20, 0, 9, 0, 0x80000, 0, 0 },
	{ "sync every 256", 0xc1, 0, IDR2_BASE, 0, 0, 8, 0,
	  0xffffffc008000000ull, 0, 0 },
	{ "transactions", 0xc1, 0, IDR2_BASE, 0, 0, 0, 0, 0x80000, 40, 0 },
	{ "overflow", 0xc1, 0, IDR2_BASE, 0, 0, 0, 0, 0x80000, 0, 3 },
	/* the return stack: OpenCSD pops it where an address is left out */
	{ "rs", 0x1001, 0, IDR2_BASE, 0, 0, 0, 0, 0x80000, 0, 0 },
	{ "rs cid vmid sync every 256", 0x10c1, 0, IDR2_BASE, 0, 0, 8, 0,
	  0xffffffc008000000ull, 0, 0 },
	{ "rs overflow", 0x10c1, 0, IDR2_BASE, 0, 0, 0, 0, 0x80000, 0, 3 },
	{ "rs transactions", 0x1001, 0, IDR2_BASE, 0, 0, 0, 0, 0x80000, 40,
	  0 },
	{ "rs transactions sync every 256", 0x1001, 0, IDR2_BASE, 0, 0, 8, 0,
	  0x80000, 60, 0 },
	/* branch broadcast: OpenCSD takes every direct target's address */
	{ "bb", 0x9, 0, IDR2_BASE, 0, 0, 0, 0, 0x80000, 0, 0 },
	{ "bb rs cid vmid", 0x10c9, 0, IDR2_BASE, 0, 0, 0, 0,
	  0xffffffc008000000ull, 20, 0 },
};

static void make_cfg(const struct oc_cfg *c, struct ete_enc_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->regs.trcidr0 = IDR0_BASE & ~c->idr0_clear;
	cfg->regs.trcidr1 = REF_TRCIDR1;
	cfg->regs.trcidr2 = c->idr2;
	cfg->regs.trcidr8 = c->idr8;
	cfg->regs.trcconfigr = c->configr;
	cfg->regs.trcdevarch = REF_TRCDEVARCH_MINOR(c->minor);
	cfg->regs.trctraceidr = 0x10;
	cfg->trcsyncpr = c->syncpr;
	cfg->trcccctlr = c->ccctlr;
}

static unsigned int count_type(const struct enc_events *evs, uint8_t type)
{
	unsigned int n = 0;

	for (size_t i = 0; i < evs->n; i++)
		n += evs->ev[i].type == type;
	return n;
}

static size_t kinds[16];

/*
 * The comparison must notice any one wrong element: flip the outcome of a
 * range, move an exception's return address, change a context.
 */
static bool sabotage_detected(const struct ete_enc_config *cfg,
			      struct enc_els *want, const struct enc_els *got,
			      unsigned int mask)
{
	char why[256];
	bool all = true;

	for (size_t i = 0; i < want->n; i += 1 + want->n / 16) {
		struct enc_el save = want->e[i];

		switch (want->e[i].type) {
		case EL_RANGE:
			want->e[i].taken ^= 1;
			break;
		case EL_EXC:
			want->e[i].a += 4;
			break;
		case EL_CTX:
			want->e[i].ctx.el ^= 1;
			break;
		case EL_TS:
		case EL_CC:
			want->e[i].v++;
			break;
		default:
			continue;
		}
		if (!enc_els_compare(cfg, want, got, mask, why, sizeof(why)))
			all = false;
		want->e[i] = save;
	}
	return all;
}

static int one_case(const struct oc_cfg *c, uint64_t seed, size_t nev,
		    bool sabotage, size_t *nranges, char *why, size_t whylen)
{
	struct ete_enc_config cfg;
	struct ete_path_opts o;
	struct ete_enc_ctx ctx = { .el = (uint8_t)(seed & 1), .ns = 1,
				   .sf = 1, .vmid = 3, .cid = 0x1234 };
	struct enc_events evs = { 0 };
	struct enc_bytes out = { 0 };
	struct enc_els want = { 0 }, got = { 0 };
	struct enc_ocsd_stats st;
	struct ete_path_image img;
	struct enc_mem mem;
	size_t len = (size_t)4096 << (seed % 5);
	uint8_t *code = malloc(len);
	uint64_t r = seed * 0x9e3779b97f4a7c15ull;
	unsigned int mask;
	int ret = -1;

	if (!code)
		return -1;
	make_cfg(c, &cfg);
	memset(&o, 0, sizeof(o));
	o.seed = seed;
	o.taken_pct = (uint16_t)(r % 101);
	o.exc_pm = (uint16_t)((r >> 8) % 60);
	o.ctx_pm = (uint16_t)((r >> 16) % 100);
	o.gap_pm = (uint16_t)((r >> 24) % 30);
	o.ts_pm = (uint16_t)((r >> 32) % 200);
	o.cc_pm = (c->configr & TRCCONFIGR_CCI) ? (uint16_t)((r >> 40) % 300)
		: 0;
	o.tx_pm = c->tx_pm;
	o.ovf_pm = c->ovf_pm;
	o.broadcast = !!(c->configr & TRCCONFIGR_BB);
	o.cc_min = ETE_FIELD_GET(TRCCCCTLR_THRESHOLD, c->ccctlr);
	o.cc_max = o.cc_min + ((r >> 56) & 1 ? 20 : 100000);

	ete_path_gen_program(code, len, seed, 5 + (unsigned int)(seed % 30));
	img.base = c->base;
	img.data = code;
	img.len = len;
	if (enc_run_path(&cfg, &img, c->base + 4 * (seed % (len / 4)), &ctx,
			 &o, nev, &evs, &out, why, whylen))
		goto out;
	if (enc_expected_elems(&cfg, &ctx, &evs, &img, &want))
		goto out;
	mem.base = img.base;
	mem.data = img.data;
	mem.len = img.len;
	if (enc_ocsd_decode(&cfg.regs, &mem, 1, out.b, out.n, &got, &st)) {
		snprintf(why, whylen, "OpenCSD decode failed");
		goto out;
	}
	if (st.errors || st.bad_headers || st.bad_sequences || st.nacc ||
	    st.no_sync != count_type(&evs, ETE_EV_OVERFLOW)) {
		snprintf(why, whylen,
			 "OpenCSD: %u errors, %u bad headers, %u bad sequences, %u nacc, %u no-sync (%s)",
			 st.errors, st.bad_headers, st.bad_sequences, st.nacc,
			 st.no_sync, st.last_err);
		goto out;
	}
	mask = 1u << EL_RANGE | 1u << EL_EXC | 1u << EL_CTX | 1u << EL_ERET |
		1u << EL_TS | 1u << EL_CC | 1u << EL_TX;
	if (enc_els_compare(&cfg, &want, &got, mask, why, whylen))
		goto out;
	if (sabotage && !sabotage_detected(&cfg, &want, &got, mask)) {
		snprintf(why, whylen, "comparison missed a wrong element");
		goto out;
	}
	for (size_t i = 0; i < got.n; i++) {
		*nranges += got.e[i].type == EL_RANGE;
		kinds[got.e[i].type]++;
	}
	ret = 0;
out:
	free(code);
	free(out.b);
	enc_events_free(&evs);
	enc_els_free(&want);
	enc_els_free(&got);
	return ret;
}

int main(void)
{
	const size_t ncfg = sizeof(cfgs) / sizeof(cfgs[0]);
	char why[512];

	for (size_t k = 0; k < ncfg; k++) {
		unsigned int cases = 0, bad = 0;
		size_t ranges = 0;

		for (uint64_t seed = 1; seed <= 100; seed++) {
			uint64_t s = seed * 1000 + k;

			cases++;
			if (one_case(&cfgs[k], s, 50 + (seed % 10) * 150,
				     seed <= 3, &ranges, why, sizeof(why)) && !bad++)
				tap_diag("%s seed %llu: %s", cfgs[k].name,
					 (unsigned long long)s, why);
		}
		tap_diag("elements: exc %zu ctx %zu eret %zu ts %zu cc %zu tx %zu trace-on %zu",
			 kinds[EL_EXC], kinds[EL_CTX], kinds[EL_ERET],
			 kinds[EL_TS], kinds[EL_CC], kinds[EL_TX],
			 kinds[EL_TRACE_ON]);
		memset(kinds, 0, sizeof(kinds));
		tap_ok(!bad && (ranges || cfgs[k].ovf_pm),
		       "OpenCSD 1.3.3 decodes %s: %u paths, %zu ranges (%u failed)",
		       cfgs[k].name, cases, ranges, bad);
	}
	return tap_exit();
}
