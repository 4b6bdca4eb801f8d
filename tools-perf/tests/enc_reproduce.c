// SPDX-License-Identifier: GPL-2.0
/*
 * Reproduction: for reference snapshots, turn the path OpenCSD 1.8.0
 * decoded (the INSTR_RANGE, EXCEPTION and PE_CONTEXT lines of
 * expected/NAME.decode.ppl) back into encoder events, encode them with the
 * snapshot's registers, and decode the result with OpenCSD 1.3.3 and the
 * snapshot's memory: the ranges, exceptions and contexts must be the
 * listing's.  Byte equality with the original trace is not expected.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "enc_check.h"
#include "enc_ocsd.h"
#include "util/snapshot.h"

/*
 * Not here: src_addr (its ranges run across not-taken branches that
 * source address packets imply, which atoms cannot express).
 * 001-ack_test maps 125 memory dumps: all of them must reach OpenCSD
 * (a fixed table of 32 once left most of its code "inaccessible").
 */
static const char *const names[] = {
	"ete_mem", "trace_file_vmid", "maxspec78_commopt0", "001-ack_test",
};

static int parse_ctx(const char *s, struct ete_enc_ctx *c)
{
	const char *p = strstr(s, ") EL");
	const char *v;

	if (!p)
		return -1;
	p += 4;
	c->el = (uint8_t)(*p - '0');
	p++;
	c->ns = c->nse = 0;
	if (!strncmp(p, "Realm", 5)) {
		c->ns = 1;
		c->nse = 1;
	} else if (!strncmp(p, "Root", 4)) {
		c->nse = 1;
	} else if (*p == 'N') {
		c->ns = 1;
	}
	c->sf = strstr(s, "64-bit") != NULL;
	v = strstr(s, "VMID=");
	if (v)
		c->vmid = (uint32_t)strtoul(v + 5, NULL, 16);
	v = strstr(s, "CTXTID=");
	if (v)
		c->cid = (uint32_t)strtoul(v + 7, NULL, 16);
	return 0;
}

/* Listing elements (RANGE with its branch kind, EXC, CTX, TRACE_ON). */
struct lel {
	struct enc_el el;
	uint8_t indirect;
	uint8_t branch;		/* last instruction is a branch */
};

static int read_listing(const char *path, struct lel **out, size_t *n)
{
	FILE *f = fopen(path, "r");
	char line[1024];
	size_t cap = 0;
	struct ete_enc_ctx ctx = { 0 };

	if (!f)
		return -1;
	*out = NULL;
	*n = 0;
	while (fgets(line, sizeof(line), f)) {
		const char *p = strstr(line, "OCSD_GEN_TRC_ELEM_");
		struct lel l;

		if (!p)
			continue;
		p += strlen("OCSD_GEN_TRC_ELEM_");
		memset(&l, 0, sizeof(l));
		if (!strncmp(p, "INSTR_RANGE(", 12)) {
			const char *q = strstr(p, "exec range=");
			const char *cls;

			l.el.type = EL_RANGE;
			l.el.a = strtoull(q + 11, NULL, 16);
			l.el.b = strtoull(strchr(q, '[') + 1, NULL, 16);
			l.el.n = (uint32_t)strtoul(strstr(q, "num_i(") + 6,
						   NULL, 10);
			cls = strstr(q, "(ISA=A64) ");
			if (!cls)
				continue;
			cls += 10;
			l.el.taken = *cls == 'E';
			l.indirect = !strncmp(cls + 2, "iBR", 3);
			l.branch = !strncmp(cls + 2, "iBR", 3) ||
				!strncmp(cls + 2, "BR", 2);
		} else if (!strncmp(p, "EXCEPTION(", 10)) {
			const char *q = strstr(p, "pref ret addr:");

			if (!q)
				continue;
			l.el.type = EL_EXC;
			l.el.a = strtoull(q + 14, NULL, 16);
			l.el.exc = (uint16_t)strtoul(strstr(q, "(0x") + 1,
						     NULL, 16);
		} else if (!strncmp(p, "PE_CONTEXT(", 11)) {
			if (parse_ctx(p, &ctx))
				continue;
			l.el.type = EL_CTX;
			l.el.ctx = ctx;
		} else if (!strncmp(p, "TRACE_ON(", 9) ||
			   !strncmp(p, "NO_SYNC(", 8)) {
			l.el.type = EL_TRACE_ON;
		} else {
			continue;
		}
		if (*n == cap) {
			struct lel *nl;

			cap = cap ? cap * 2 : 4096;
			nl = realloc(*out, cap * sizeof(*nl));
			if (!nl) {
				fclose(f);
				return -1;
			}
			*out = nl;
		}
		(*out)[(*n)++] = l;
	}
	fclose(f);
	return 0;
}

/* Start address of the next range at or after @i, or @dflt. */
static uint64_t next_start(const struct lel *l, size_t n, size_t i,
			   uint64_t dflt)
{
	for (; i < n; i++) {
		if (l[i].el.type == EL_RANGE)
			return l[i].el.a;
		if (l[i].el.type == EL_EXC)
			return l[i].el.a;
		if (l[i].el.type == EL_TRACE_ON)
			break;
	}
	return dflt;
}

static int to_events(const struct lel *l, size_t n, struct enc_events *evs,
		     struct ete_enc_ctx *ctx0)
{
	bool started = false, have_ctx = false;

	for (size_t i = 0; i < n; i++) {
		struct ete_enc_event ev;

		memset(&ev, 0, sizeof(ev));
		switch (l[i].el.type) {
		case EL_CTX:
			if (!have_ctx && !started) {
				*ctx0 = l[i].el.ctx;
				have_ctx = true;
				continue;
			}
			ev.type = ETE_EV_CONTEXT;
			ev.ctx = l[i].el.ctx;
			break;
		case EL_TRACE_ON:
			if (!started)
				continue;
			ev.type = ETE_EV_TRACE_OFF;
			if (enc_events_push(evs, &ev))
				return -1;
			ev.type = ETE_EV_TRACE_ON;
			ev.next = next_start(l, n, i + 1, 0);
			/* a context given with the restart applies to it */
			break;
		case EL_RANGE:
			/* the run-up to an exception is implied by it */
			if (!l[i].branch && i + 1 < n &&
			    l[i + 1].el.type == EL_EXC)
				continue;
			started = true;
			ev.type = ETE_EV_BRANCH;
			ev.start = l[i].el.a;
			ev.end = l[i].el.b - 4;
			ev.flags = (l[i].el.taken ? ETE_ENC_TAKEN : 0) |
				(l[i].indirect ? ETE_ENC_INDIRECT : 0);
			ev.next = l[i].el.taken ?
				next_start(l, n, i + 1, l[i].el.b) : l[i].el.b;
			break;
		case EL_EXC: {
			size_t k = i + 1;

			started = true;
			ev.type = ETE_EV_EXCEPTION;
			ev.exc = l[i].el.exc;
			ev.start = l[i].el.a;
			/* the handler's context comes right after */
			if (k < n && l[k].el.type == EL_CTX) {
				ev.flags = 1;
				ev.ctx = l[k].el.ctx;
				i++;
			}
			ev.next = next_start(l, n, i + 1, ev.start);
			break;
		}
		default:
			continue;
		}
		if (enc_events_push(evs, &ev))
			return -1;
	}
	return 0;
}

static int one(const char *name, size_t *nranges, char *why, size_t whylen)
{
	char dir[4096], lst[4096], err[256];
	struct ss_snapshot ss;
	struct lel *l = NULL;
	size_t n = 0, nmem = 0;
	struct enc_events evs = { 0 };
	struct enc_bytes out = { 0 };
	struct enc_els want = { 0 }, got = { 0 };
	struct enc_ocsd_stats st;
	struct enc_mem *mem = NULL;
	uint8_t **bufs = NULL;
	size_t ndumps = 0;
	struct ete_enc_config cfg;
	struct ete_enc_ctx ctx0 = { .sf = 1 };
	const struct ss_device *ete = NULL;
	int ret = -1;

	snprintf(dir, sizeof(dir), "%s/snapshots/%s", tap_testdata(), name);
	snprintf(lst, sizeof(lst), "%s/expected/%s.decode.ppl",
		 tap_testdata(), name);
	if (ss_load(dir, &ss, err, sizeof(err))) {
		snprintf(why, whylen, "%s", err);
		return -1;
	}
	for (size_t i = 0; i < ss.ndev; i++)
		ndumps += ss.dev[i].ndumps;
	mem = calloc(ndumps + 1, sizeof(*mem));
	bufs = calloc(ndumps + 1, sizeof(*bufs));
	if (!mem || !bufs) {
		snprintf(why, whylen, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < ss.ndev; i++) {
		const struct ss_device *d = &ss.dev[i];

		if (d->is_ete && !ete)
			ete = d;
		for (size_t k = 0; k < d->ndumps; k++) {
			size_t len;

			if (ss_read(dir, d->dumps[k].file, &bufs[nmem], &len))
				continue;
			mem[nmem].base = d->dumps[k].address;
			mem[nmem].data = bufs[nmem];
			mem[nmem].len = d->dumps[k].length < len ?
				d->dumps[k].length : len;
			nmem++;
		}
	}
	if (!ete || read_listing(lst, &l, &n)) {
		snprintf(why, whylen, "no ETE device or listing");
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		if (l[i].el.type == EL_RANGE || l[i].el.type == EL_EXC ||
		    l[i].el.type == EL_CTX) {
			if (enc_els_push(&want, &l[i].el))
				goto out;
			*nranges += l[i].el.type == EL_RANGE;
		}
	}
	if (to_events(l, n, &evs, &ctx0))
		goto out;
	memset(&cfg, 0, sizeof(cfg));
	cfg.regs = ete->ete;
	cfg.trcsyncpr = 12;
	if (enc_run_events(&cfg, &ctx0, &evs, &out, why, whylen))
		goto out;
	if (enc_ocsd_decode(&cfg.regs, mem, nmem, out.b, out.n, &got, &st)) {
		snprintf(why, whylen, "OpenCSD decode failed");
		goto out;
	}
	if (st.errors || st.bad_headers || st.bad_sequences || st.nacc) {
		snprintf(why, whylen, "OpenCSD: %u errors, %u nacc (%s)",
			 st.errors, st.nacc, st.last_err);
		goto out;
	}
	if (enc_els_compare(&cfg, &want, &got, 1u << EL_RANGE |
			    1u << EL_EXC | 1u << EL_CTX, why, whylen))
		goto out;
	ret = 0;
out:
	for (size_t i = 0; i < nmem; i++)
		free(bufs[i]);
	free(bufs);
	free(mem);
	free(l);
	free(out.b);
	enc_events_free(&evs);
	enc_els_free(&want);
	enc_els_free(&got);
	ss_free(&ss);
	return ret;
}

int main(void)
{
	char why[512];

	if (tap_testdata_absent("re-encoded reference snapshots"))
		return tap_exit();
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		size_t ranges = 0;
		int r = one(names[i], &ranges, why, sizeof(why));

		if (r)
			tap_diag("%s: %s", names[i], why);
		tap_ok(!r && ranges, "re-encoded %s decodes to its %zu listed ranges",
		       names[i], ranges);
	}
	return tap_exit();
}
