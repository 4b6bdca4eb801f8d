// SPDX-License-Identifier: GPL-2.0
/*
 * The element sink's contract (ete/dec.h): elements arrive in order, in
 * batches of at most ETE_DEC_BATCH; a sink that returns non-zero stops
 * decoding - that call and every later ete_dec_decode() and
 * ete_dec_flush() return ETE_DEC_ERR_SINK without calling it again - and
 * what it was given is exactly the start of what an uninterrupted decode
 * gives.  ete_dec_reset() starts a new session, sink included.
 *
 * On an encoder trace of a few thousand elements, and on the largest
 * reference snapshot when ../shared has it, whole and in small chunks,
 * the sink refuses its first, second, a middle and its last batch in
 * turn.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <armtrace/ete_regs.h>
#include <armtrace/ref_config.h>
#include "tap.h"
#include "enc_check.h"
#include "util/elem_decode.h"

#define SNAPSHOT	"001-ack_test"

struct sink {
	struct ete_elem *e;	/* everything received */
	size_t n, cap;
	unsigned int calls;
	unsigned int refuse;	/* the call that returns non-zero; 0: none */
	size_t biggest;		/* largest batch */
};

static int sink(void *ctx, const struct ete_elem *e, size_t n)
{
	struct sink *s = ctx;

	s->calls++;
	if (n > s->biggest)
		s->biggest = n;
	if (s->n + n > s->cap) {
		size_t cap = (s->n + n) * 2;
		struct ete_elem *p = realloc(s->e, cap * sizeof(*p));

		if (!p)
			abort();
		s->e = p;
		s->cap = cap;
	}
	memcpy(s->e + s->n, e, n * sizeof(*e));
	s->n += n;
	return s->calls == s->refuse;
}

struct input {
	struct ete_dec_config cfg;
	struct ete_img img;
	uint8_t *data;
	size_t len;
};

static bool load(const char *dir, struct input *in)
{
	const struct ss_device *src[1];
	struct ss_snapshot ss;
	char err[256];
	bool ok;

	if (ss_load(dir, &ss, err, sizeof(err)))
		return false;
	if (ete_img_init(&in->img)) {
		ss_free(&ss);
		return false;
	}
	ok = !ss_buffer_is_formatted(&ss.buf[0]) &&
		ss_buffer_sources(&ss, &ss.buf[0], src, 1) == 1 &&
		!ss_read(dir, ss.buf[0].file, &in->data, &in->len) &&
		!ed_load_image(&ss, &in->img, err, sizeof(err));
	if (ok) {
		memset(&in->cfg, 0, sizeof(in->cfg));
		in->cfg.pkt = src[0]->ete;
		in->cfg.trace_id = ETE_FIELD_GET(TRCTRACEIDR_TRACEID,
						 src[0]->ete.trctraceidr);
	}
	ss_free(&ss);
	return ok;
}

/*
 * Decode @in into @s in chunks of @chunk bytes (0: whole).  Returns the
 * first non-OK status, and in *@late whether any call after it returned
 * anything else or reached the sink.
 */
static int run(struct ete_dec *d, struct input *in, size_t chunk,
	       struct sink *s, bool *late)
{
	size_t off = 0, step = chunk ? chunk : in->len;
	int first = ETE_DEC_OK;

	*late = false;
	while (off < in->len) {
		size_t k = in->len - off < step ? in->len - off : step;
		unsigned int calls = s->calls;
		int st = ete_dec_decode(d, in->data + off, k, off);

		if (first != ETE_DEC_OK &&
		    (st != first || s->calls != calls))
			*late = true;
		if (first == ETE_DEC_OK)
			first = st;
		off += k;
	}
	{
		unsigned int calls = s->calls;
		int st = ete_dec_flush(d);

		if (first != ETE_DEC_OK &&
		    (st != first || s->calls != calls))
			*late = true;
		if (first == ETE_DEC_OK)
			first = st;
	}
	return first;
}

static void test_stops(const char *name, struct input *in,
		       const struct sink *all, size_t chunk)
{
	unsigned int stops[4] = { 1, 2, all->calls / 2, all->calls };
	struct ete_dec *d = malloc(sizeof(*d));

	for (int i = 0; i < 4; i++) {
		struct sink s = { .refuse = stops[i] };
		bool late;
		int st;

		if (!d || ete_dec_init(d, &in->cfg, &in->img, sink, &s)) {
			tap_ok(false, "decoder set-up");
			break;
		}
		st = run(d, in, chunk, &s, &late);
		tap_ok(st == ETE_DEC_ERR_SINK && !late &&
		       s.calls == stops[i] && s.n <= all->n &&
		       !memcmp(s.e, all->e, s.n * sizeof(*s.e)),
		       "%s, %s: sink refuses its call %u: ERR_SINK from then on, "
		       "%zu elements, the start of the %zu",
		       name, chunk ? "7-byte chunks" : "whole", stops[i],
		       s.n, all->n);
		if (st != ETE_DEC_ERR_SINK || late || s.calls != stops[i])
			tap_diag("status %d, later calls %s, sink calls %u",
				 st, late ? "misbehaved" : "fine", s.calls);
		free(s.e);
	}
	free(d);
}

/*
 * The project's own input: a random program and a path of 3000 events
 * through it, encoded by libete's encoder (perf-ete synth's recipe, small
 * and in memory), a few thousand elements.
 */
#define OWN_BASE	0x400000ull
#define OWN_CODE	(64u << 10)

static bool own_input(struct input *in, uint8_t *code)
{
	struct ete_enc_config cfg = {
		.regs = {
			.trcidr0 = REF_TRCIDR0, .trcidr1 = REF_TRCIDR1,
			.trcidr2 = REF_TRCIDR2, .trcidr8 = REF_TRCIDR8,
			.trcdevarch = REF_TRCDEVARCH, .trctraceidr = 0x10,
			.trcconfigr = 0x1 | TRCCONFIGR_TS | TRCCONFIGR_CID,
		},
		.trcsyncpr = 10,
	};
	struct ete_enc_ctx ctx = { .el = 0, .ns = 1, .sf = 1, .cid = 0x100 };
	struct ete_path_opts po = {
		.seed = 1, .taken_pct = 55, .exc_pm = 8, .ctx_pm = 5,
		.gap_pm = 1, .ts_pm = 20,
	};
	struct ete_path_image img = { OWN_BASE, code, OWN_CODE };
	struct enc_events evs = { 0 };
	struct enc_bytes out = { 0 };
	char why[256];
	bool ok;

	ete_path_gen_program(code, OWN_CODE, 1, 15);
	ok = !enc_run_path(&cfg, &img, OWN_BASE + 0x1000, &ctx, &po, 3000,
			   &evs, &out, why, sizeof(why)) &&
		!ete_img_init(&in->img);
	enc_events_free(&evs);
	if (!ok || ete_img_add_buffer(&in->img, OWN_BASE, code, OWN_CODE)) {
		free(out.b);
		return false;
	}
	memset(&in->cfg, 0, sizeof(in->cfg));
	in->cfg.pkt = cfg.regs;
	in->cfg.trace_id = 0x10;
	in->data = out.b;
	in->len = out.n;
	return true;
}

/* The whole contract on @in, called @name. */
static void contract(struct ete_dec *d, const char *name, struct input *in)
{
	struct sink all = { 0 };
	bool late;

	/* the uninterrupted decode, the reference for every stop */
	if (ete_dec_init(d, &in->cfg, &in->img, sink, &all) ||
	    run(d, in, 0, &all, &late) != ETE_DEC_OK) {
		tap_ok(false, "uninterrupted decode of %s", name);
		free(all.e);
		return;
	}
	tap_ok(all.calls > 4 && all.biggest == ETE_DEC_BATCH &&
	       all.e[all.n - 1].type == ETE_ELEM_EO_TRACE,
	       "%s: %zu elements in %u batches of at most %zu, ending in EO_TRACE",
	       name, all.n, all.calls, all.biggest);

	test_stops(name, in, &all, 0);
	test_stops(name, in, &all, 7);

	/* a reset after the stop is a new session: the sink is called again */
	{
		struct sink s = { .refuse = 1 };
		bool l;
		int st;

		ete_dec_init(d, &in->cfg, &in->img, sink, &s);
		run(d, in, 0, &s, &l);
		s.refuse = 0;
		s.n = 0;
		s.calls = 0;
		ete_dec_reset(d);
		st = run(d, in, 0, &s, &l);
		tap_ok(st == ETE_DEC_OK && s.n == all.n &&
		       s.e[s.n - 1].type == ETE_ELEM_EO_TRACE,
		       "%s: after a refusal, ete_dec_reset() and a new decode: "
		       "%zu elements", name, s.n);
		free(s.e);
	}
	free(all.e);
}

int main(void)
{
	static uint8_t code[OWN_CODE];
	char dir[4096];
	struct ete_dec *d = malloc(sizeof(*d));
	struct input in;

	if (!d || !own_input(&in, code)) {
		tap_ok(false, "own input: a 3000-event encoder trace");
		free(d);
		return tap_exit();
	}
	contract(d, "encoder trace", &in);
	free(in.data);
	ete_img_free(&in.img);

	if (tap_testdata_absent("element sink contract on " SNAPSHOT)) {
		free(d);
		return tap_exit();
	}
	snprintf(dir, sizeof(dir), "%s/snapshots/%s", tap_testdata(),
		 SNAPSHOT);
	if (!load(dir, &in)) {
		tap_ok(false, "load %s", dir);
		free(d);
		return tap_exit();
	}
	contract(d, SNAPSHOT, &in);
	free(d);
	free(in.data);
	ete_img_free(&in.img);
	return tap_exit();
}
