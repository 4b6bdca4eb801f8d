// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the encoder.  The first bytes pick the trace unit
 * configuration and an output buffer size; the rest is read as a stream of
 * events (branches with arbitrary targets and flags, exceptions, context
 * changes, gaps, timestamps, cycle counts, ITE, transactions, overflows,
 * forced syncs).  Whatever the events, the encoder must not crash, its
 * stream must decode without a packet error and carry exactly the events
 * it accepted, and the same stream written into a small caller buffer
 * must be its exact prefix.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <armtrace/ete_regs.h>
#include <armtrace/ref_config.h>
#include <ete/enc.h>
#include "../tests/enc_check.h"

static size_t sink(void *priv, const uint8_t *buf, size_t len)
{
	struct enc_bytes *o = priv;

	if (o->n + len > o->cap) {
		size_t nc = (o->n + len) * 2;
		uint8_t *nb = realloc(o->b, nc);

		if (!nb)
			abort();
		o->b = nb;
		o->cap = nc;
	}
	memcpy(o->b + o->n, buf, len);
	o->n += len;
	return len;
}

struct in {
	const uint8_t *p;
	size_t n;
};

static uint64_t take(struct in *in, unsigned int bytes)
{
	uint64_t v = 0;

	for (unsigned int i = 0; i < bytes; i++) {
		v = v << 8;
		if (in->n) {
			v |= *in->p++;
			in->n--;
		}
	}
	return v;
}

/* An address near the last one (to exercise every compression form). */
static uint64_t addr(struct in *in, uint64_t last)
{
	unsigned int k = (unsigned int)take(in, 1);

	switch (k & 3) {
	case 0:
		return (last ^ (take(in, 1) << 2)) & ~3ull;
	case 1:
		return (last ^ (take(in, 2) << 2)) & ~3ull;
	case 2:
		return (last & ~0xffffffffull) | (take(in, 4) & ~3ull);
	default:
		return take(in, 8) & ~3ull;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct in in = { data, size };
	struct ete_enc_config cfg;
	struct ete_enc_ctx ctx = { .el = 1, .ns = 1, .sf = 1 };
	struct enc_events evs = { 0 };
	struct enc_bytes out = { 0 };
	struct ete_enc e, eb;
	static uint8_t small[4096];
	size_t small_len;
	uint64_t pc = 0x80000;
	bool on = true;
	uint8_t c0, c1;
	char why[256];

	if (size < 4)
		return 0;
	c0 = (uint8_t)take(&in, 1);
	c1 = (uint8_t)take(&in, 1);
	memset(&cfg, 0, sizeof(cfg));
	cfg.regs.trcidr0 = REF_Q_TRCIDR0 & ~(c0 & 1 ? TRCIDR0_COMMOPT : 0);
	cfg.regs.trcidr1 = REF_TRCIDR1;
	static const uint8_t vmidsize[4] = { 0, 1, 2, 4 };

	cfg.regs.trcidr2 = (REF_TRCIDR2 & ~TRCIDR2_VMIDSIZE) |
		FIELD_PREP(TRCIDR2_VMIDSIZE, vmidsize[c0 >> 1 & 3]);	/* 0-32 bits */
	cfg.regs.trcidr8 = c0 & 8 ? c1 & 0x3f : 0;
	cfg.regs.trcconfigr = REF_TRCCONFIGR |
		(c0 & 0x10 ? TRCCONFIGR_CCI : 0) |
		(c0 & 0x20 ? TRCCONFIGR_TS : 0) |
		(c0 & 0x40 ? TRCCONFIGR_CID | TRCCONFIGR_VMID : 0);
	cfg.regs.trcdevarch = REF_TRCDEVARCH_MINOR(c0 & 0x80 ? 3 : 0);
	cfg.trcsyncpr = c1 >> 4 ? 8 + (c1 >> 4) : 0;
	cfg.trcccctlr = c1 & 0x7;
	small_len = (size_t)take(&in, 2) % sizeof(small);

	if (ete_enc_init(&e, &cfg, &ctx) || ete_enc_init(&eb, &cfg, &ctx))
		abort();
	ete_enc_set_sink(&e, sink, &out);
	ete_enc_set_buffer(&eb, small, small_len);
	while (in.n && evs.n < 20000) {
		struct ete_enc_event ev;
		int st, stb;

		memset(&ev, 0, sizeof(ev));
		ev.type = (uint8_t)(take(&in, 1) % ETE_EV_COUNT);
		switch (ev.type) {
		case ETE_EV_BRANCH:
			ev.start = pc;
			ev.flags = (uint8_t)(take(&in, 1) & 3);
			ev.next = ev.flags & ETE_ENC_TAKEN ? addr(&in, pc) :
				pc + 4;
			break;
		case ETE_EV_EXCEPTION:
			ev.exc = (uint16_t)(take(&in, 2) & 0x3ff);
			if (ev.exc == 0 || ev.exc == 0x18)
				ev.exc = 0xe;
			ev.start = pc + 4 * (take(&in, 1) & 7);
			ev.next = addr(&in, pc);
			ev.flags = (uint8_t)(take(&in, 1) & 1);
			/* fall through */
		case ETE_EV_CONTEXT:
			ev.ctx.el = (uint8_t)(take(&in, 1) & 3);
			ev.ctx.ns = (uint8_t)(take(&in, 1) & 1);
			ev.ctx.sf = 1;
			ev.ctx.vmid = (uint32_t)take(&in, 2);
			ev.ctx.cid = (uint32_t)take(&in, 4);
			if (ev.type == ETE_EV_CONTEXT)
				ev.flags = 0;
			break;
		case ETE_EV_TRACE_ON:
			ev.next = addr(&in, pc);
			break;
		case ETE_EV_TIMESTAMP:
			ev.value = take(&in, 8) >> (take(&in, 1) & 63);
			ev.cc = (uint32_t)take(&in, 2);
			break;
		case ETE_EV_CYCLES:
			ev.cc = (uint32_t)take(&in, 3) >> (take(&in, 1) & 15);
			break;
		case ETE_EV_ITE:
			ev.exc = (uint16_t)(take(&in, 1) & 3);
			ev.value = take(&in, 8);
			break;
		case ETE_EV_TX_FAIL:
			ev.next = addr(&in, pc);
			break;
		default:
			break;
		}
		st = ete_enc_event(&e, &ev);
		stb = ete_enc_event(&eb, &ev);
		if (st != stb && !(stb == ETE_ENC_FULL && st == ETE_ENC_OK))
			abort();
		if (st == ETE_ENC_ERR_STATE || st == ETE_ENC_ERR_PATH ||
		    st == ETE_ENC_ERR_INVAL)
			continue;
		if (st)
			abort();
		if (ev.type == ETE_EV_TRACE_OFF)
			on = false;
		if (ev.type == ETE_EV_TRACE_ON)
			on = true;
		if (on && (ev.type == ETE_EV_BRANCH ||
			   ev.type == ETE_EV_EXCEPTION ||
			   ev.type == ETE_EV_TRACE_ON ||
			   ev.type == ETE_EV_TX_FAIL))
			pc = ev.next;
		if (enc_events_push(&evs, &ev))
			abort();
	}
	if (ete_enc_finish(&e) != ETE_ENC_OK)
		abort();
	ete_enc_finish(&eb);
	if (ete_enc_bytes(&e) != out.n)
		abort();
	/* the caller buffer holds exactly the prefix that fits */
	if (ete_enc_bytes(&eb) != (out.n < small_len ? out.n : small_len) ||
	    (out.n && memcmp(small, out.b, ete_enc_bytes(&eb))))
		abort();
	if (enc_check_packets(&cfg, &ctx, &evs, out.b, out.n, 0, why,
			      sizeof(why))) {
		fprintf(stderr, "fuzz_enc: %s\n", why);
		for (size_t i = 0; i < evs.n && i < 40; i++)
			fprintf(stderr, "  ev %zu type %u next %#llx\n", i,
				evs.ev[i].type,
				(unsigned long long)evs.ev[i].next);
		for (size_t i = 0; i < out.n && i < 64; i++)
			fprintf(stderr, "%02x%c", out.b[i],
				i % 16 == 15 ? '\n' : ' ');
		abort();
	}
	free(out.b);
	enc_events_free(&evs);
	return 0;
}
