// SPDX-License-Identifier: GPL-2.0
/*
 * Corrupt input: truncations, flipped bits and garbage, on a trace of the
 * own corpus and on the ete_ip reference snapshot (when ../shared has it).  Every error comes
 * with an offset inside the input and a kind matching its packet type;
 * after synchronisation, packets tile the input exactly (each starts where
 * the previous ended), so no byte is skipped or read twice.  Run under
 * ASan/UBSan this also proves no read outside the input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "corpus.h"
#include "pkt_collect.h"
#include "util/snapshot.h"

#define RNG_SEED	0x243f6a8885a308d3ull

static uint64_t rng = RNG_SEED;

static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static bool status_matches(int st, const struct ete_pkt *p)
{
	switch (p->type) {
	case ETE_PKT_T_RESERVED:
	case ETE_PKT_T_RESERVED_CFG:
		return st == ETE_PKT_ERR_HEADER;
	case ETE_PKT_T_BAD_SEQUENCE:
		return st == ETE_PKT_ERR_SEQUENCE;
	case ETE_PKT_T_INCOMPLETE_EOT:
		return st == ETE_PKT_ERR_TRUNCATED;
	default:
		return st == ETE_PKT_OK;
	}
}

/* Invariants of any decode of @len bytes. */
static bool sane(const struct pkt_list *l, size_t len)
{
	bool synced = false;
	uint64_t next = 0;

	for (size_t i = 0; i < l->n; i++) {
		const struct ete_pkt *p = &l->p[i];

		if (p->offset >= len || !p->len ||
		    p->offset + p->len > len ||
		    !status_matches(l->status[i], p)) {
			tap_diag("packet %zu: offset %llu len %u type %s st %d",
				 i, (unsigned long long)p->offset, p->len,
				 ete_pkt_type_name(p->type), l->status[i]);
			return false;
		}
		if (synced && p->offset != next) {
			tap_diag("packet %zu at %llu, expected %llu", i,
				 (unsigned long long)p->offset,
				 (unsigned long long)next);
			return false;
		}
		if (p->type == ETE_PKT_T_ASYNC)
			synced = true;
		next = p->offset + p->len;
	}
	return true;
}

static bool same_prefix(const struct pkt_list *a, const struct pkt_list *b,
			size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a->status[i] != b->status[i] ||
		    memcmp(&a->p[i], &b->p[i], sizeof(a->p[i])))
			return false;
	return true;
}

/* The corrupt-input tests on @data, a trace named @name. */
static void corrupt_tests(const char *name, const struct ete_pkt_config *cfg,
			  const uint8_t *data, size_t len)
{
	struct pkt_list full, l;
	uint8_t *buf;
	bool ok;

	/* each trace gets the same mutations, whatever ran before it */
	rng = RNG_SEED;
	if (pkt_collect(cfg, data, len, 0, &full) || full.n < 40) {
		tap_ok(false, "reference decode of %s", name);
		return;
	}
	tap_ok(sane(&full, len), "%s decodes with packets tiling the input",
	       name);

	/* every truncation: earlier packets unchanged, the cut one reported */
	ok = true;
	for (size_t cut = 1; cut < len && ok; cut++) {
		size_t whole = 0;

		while (whole < full.n &&
		       full.p[whole].offset + full.p[whole].len <= cut)
			whole++;
		ok = !pkt_collect(cfg, data, cut, 0, &l) &&
			sane(&l, cut) && l.n >= whole &&
			same_prefix(&full, &l, whole);
		if (ok && whole < full.n && full.p[whole].offset < cut) {
			/* the packet cut short is reported at its offset */
			ok = l.n == whole + 1 &&
				l.status[whole] == ETE_PKT_ERR_TRUNCATED &&
				l.p[whole].offset == full.p[whole].offset &&
				(whole == 0 ||	/* still seeking A-Sync */
				 l.p[whole].err_type == full.p[whole].type);
		}
		if (!ok)
			tap_diag("truncation at %zu", cut);
		pkt_list_free(&l);
	}
	tap_ok(ok, "%s: truncation at every byte: prefix intact, cut packet "
	       "reported as ETE_PKT_ERR_TRUNCATED at its offset", name);

	/* random bit flips, whole and byte-at-a-time decode agree */
	buf = malloc(len);
	ok = buf != NULL;
	for (int k = 0; k < 300 && ok; k++) {
		struct pkt_list l1;

		memcpy(buf, data, len);
		for (int f = 0; f < 1 + k % 4; f++)
			buf[rnd() % len] ^= (uint8_t)(1u << (rnd() % 8));
		ok = !pkt_collect(cfg, buf, len, 0, &l) &&
			sane(&l, len) &&
			!pkt_collect(cfg, buf, len, 1, &l1) &&
			l1.n == l.n && same_prefix(&l, &l1, l.n);
		pkt_list_free(&l);
		pkt_list_free(&l1);
	}
	tap_ok(ok, "%s: 300 bit-flipped traces: errors in bounds, "
	       "chunking-proof", name);

	/* garbage: random bytes after a sync */
	ok = buf != NULL;
	for (int k = 0; k < 200 && ok; k++) {
		memcpy(buf, data, 14);	/* A-Sync + Trace Info */
		for (size_t i = 14; i < len; i++)
			buf[i] = (uint8_t)rnd();
		ok = !pkt_collect(cfg, buf, len, 0, &l) &&
			sane(&l, len) && l.n > 2;
		pkt_list_free(&l);
	}
	tap_ok(ok, "%s: 200 garbage traces after sync: every byte "
	       "accounted for", name);

	/* a reserved header spliced in: one error, then the same packets */
	ok = buf != NULL;
	if (ok) {
		size_t at = full.p[20].offset, i;

		memcpy(buf, data, at);
		buf[at] = 0x08;
		memcpy(buf + at + 1, data + at, len - at - 1);
		ok = !pkt_collect(cfg, buf, len, 0, &l) &&
			l.status[20] == ETE_PKT_ERR_HEADER &&
			l.p[20].offset == at && l.p[20].len == 1 &&
			l.p[20].type == ETE_PKT_T_RESERVED;
		for (i = 21; ok && i + 1 < l.n && i - 1 < full.n; i++)
			ok = l.p[i].type == full.p[i - 1].type &&
				l.p[i].offset == full.p[i - 1].offset + 1;
		/* compared up to the packet the lost last byte cuts */
		ok = ok && i + 1 >= l.n && i > 21;
		pkt_list_free(&l);
	}
	tap_ok(ok, "%s: reserved header: ETE_PKT_ERR_HEADER at its offset, "
	       "decoding resumes at the next byte", name);

	free(buf);
	pkt_list_free(&full);
}

int main(void)
{
	char dir[4096];
	struct corpus_trace t;
	struct ss_snapshot ss;
	const struct ss_device *src[1];
	uint8_t *data;
	size_t len;
	char err[256];

	/* the project's own corpus, in every clone */
	if (corpus_find("enc-exceptions", &t, err, sizeof(err))) {
		tap_ok(false, "own corpus trace enc-exceptions: %s", err);
	} else {
		corrupt_tests(t.name, &t.cfg.regs, t.trace.b, t.trace.n);
		corpus_free(&t);
	}
	if (tap_testdata_absent("corrupt-input tests on ete_ip"))
		return tap_exit();
	snprintf(dir, sizeof(dir), "%s/snapshots/ete_ip", tap_testdata());
	if (ss_load(dir, &ss, err, sizeof(err)) ||
	    ss_read(dir, ss.buf[0].file, &data, &len) ||
	    !ss_buffer_sources(&ss, &ss.buf[0], src, 1)) {
		tap_diag("test data missing: %s", dir);
		tap_ok(false, "corrupt-input tests have their trace");
		return tap_exit();
	}
	corrupt_tests("ete_ip", &src[0]->ete, data, len);
	free(data);
	ss_free(&ss);
	return tap_exit();
}
