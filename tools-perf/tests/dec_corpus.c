// SPDX-License-Identifier: GPL-2.0
/*
 * Element layer on the project's own corpus (corpus.h): for every trace,
 * libete's element stream equals the one known from the path or written
 * beside the packets, element for element; it is the same whole and in
 * 1- and 7-byte chunks; and where Debian's OpenCSD 1.3.3 decodes the
 * feature right (corpus_trace.ocsd), OpenCSD gives the same elements.
 * Needs nothing outside the tree, so it runs in every clone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "corpus.h"

struct raw {
	struct ete_elem *e;
	size_t n, cap;
};

static int raw_sink(void *priv, const struct ete_elem *e, size_t n)
{
	struct raw *r = priv;

	if (r->n + n > r->cap) {
		size_t cap = (r->n + n) * 2;
		struct ete_elem *p = realloc(r->e, cap * sizeof(*p));

		if (!p)
			return -1;
		r->e = p;
		r->cap = cap;
	}
	memcpy(r->e + r->n, e, n * sizeof(*e));
	r->n += n;
	return 0;
}

/* Decode @t with libete in @chunk-byte pieces (0: whole) into @r. */
static int decode(const struct corpus_trace *t, size_t chunk, struct raw *r)
{
	struct ete_dec *d = malloc(sizeof(*d));
	struct ete_dec_config cfg = { .pkt = t->cfg.regs, .trace_id = 0x10,
				      .flags = t->dec_flags };
	struct ete_img img;
	size_t off = 0, step = chunk ? chunk : t->trace.n;
	int ret = -1;

	if (!d)
		return -1;
	if (ete_img_init(&img)) {
		free(d);
		return -1;
	}
	for (size_t i = 0; i < t->nmem; i++)
		if (ete_img_add_buffer(&img, t->mem[i].base, t->mem[i].data,
				       t->mem[i].len))
			goto out;
	if (ete_dec_init(d, &cfg, &img, raw_sink, r))
		goto out;
	while (off < t->trace.n) {
		size_t k = t->trace.n - off < step ? t->trace.n - off : step;

		if (ete_dec_decode(d, t->trace.b + off, k, off))
			goto out;
		off += k;
	}
	ret = ete_dec_flush(d) ? -1 : 0;
out:
	ete_img_free(&img);
	free(d);
	return ret;
}

static bool same_raw(const struct raw *a, const struct raw *b)
{
	return a->n == b->n && !memcmp(a->e, b->e, a->n * sizeof(*a->e));
}

/* Elements OpenCSD 1.3.3's C API gives no counterpart for here. */
#define OCSD_UNMAPPED	(1u << EL_MARKER | 1u << EL_ITE)

static void one(size_t i, unsigned int *kinds)
{
	struct corpus_trace t;
	struct raw whole = { 0 }, bytes = { 0 }, sevens = { 0 };
	struct enc_els got = { 0 };
	unsigned int nosync = 0, bad = 0;
	char why[512] = "";
	bool ok;

	if (corpus_make(i, &t, why, sizeof(why))) {
		tap_ok(false, "corpus trace %zu builds: %s", i, why);
		return;
	}
	for (size_t k = 0; k < t.want.n; k++)
		*kinds |= 1u << t.want.e[k].type;
	ok = !decode(&t, 0, &whole) &&
		!corpus_els_from_ete(&got, whole.e, whole.n, &nosync);
	for (size_t k = 0; ok && k < whole.n; k++)
		bad += whole.e[k].type == ETE_ELEM_ADDR_NACC ||
			whole.e[k].type == ETE_ELEM_ADDR_UNKNOWN ||
			whole.e[k].type == ETE_ELEM_I_RANGE_NOPATH;
	ok = ok && !bad && whole.n &&
		whole.e[whole.n - 1].type == ETE_ELEM_EO_TRACE &&
		!enc_els_compare(&t.cfg, &t.want, &got, t.mask, why,
				 sizeof(why));
	if (!tap_ok(ok, "libete elements %s: %zu exact (%s)", t.name,
		    t.want.n, t.what))
		tap_diag("%s; %u NACC/NOPATH", why, bad);
	ok = !decode(&t, 1, &bytes) && !decode(&t, 7, &sevens) &&
		same_raw(&whole, &bytes) && same_raw(&whole, &sevens);
	tap_ok(ok, "libete elements %s: whole = 1-byte = 7-byte chunks "
	       "(%zu elements)", t.name, whole.n);
	if (t.ocsd) {
		struct enc_els oc = { 0 };
		struct enc_ocsd_stats st;

		ok = !enc_ocsd_decode(&t.cfg.regs, t.mem, t.nmem, t.trace.b,
				      t.trace.n, &oc, &st) &&
			(t.pkt_errors || (!st.errors && !st.nacc)) &&
			!enc_els_compare(&t.cfg, &t.want, &oc,
					 t.mask & ~OCSD_UNMAPPED, why,
					 sizeof(why));
		if (!tap_ok(ok, "OpenCSD 1.3.3 elements %s: the same",
			    t.name))
			tap_diag("%s; %u errors, %u nacc (%s)", why,
				 st.errors, st.nacc, st.last_err);
		enc_els_free(&oc);
	}
	free(whole.e);
	free(bytes.e);
	free(sevens.e);
	enc_els_free(&got);
	corpus_free(&t);
}

int main(void)
{
	static const char *const names[] = {
		[EL_RANGE] = "range", [EL_EXC] = "exception",
		[EL_CTX] = "context", [EL_TS] = "timestamp",
		[EL_CC] = "cycle count", [EL_ITE] = "instrumentation",
		[EL_TX] = "transaction", [EL_ERET] = "exception return",
		[EL_MARKER] = "TS marker", [EL_EVENT] = "event",
		[EL_NO_SYNC] = "NO_SYNC",
	};
	unsigned int kinds = 0, missing = 0;

	for (size_t i = 0; i < corpus_count(); i++)
		one(i, &kinds);
	for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
		if (names[k] && !(kinds & 1u << k)) {
			tap_diag("no trace expects a %s element", names[k]);
			missing++;
		}
	}
	tap_ok(!missing, "the corpus expects every element kind "
	       "(%zu traces)", corpus_count());
	return tap_exit();
}
