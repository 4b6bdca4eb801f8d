// SPDX-License-Identifier: GPL-2.0
/*
 * perf-ete dump --elements on the own corpus (the snapshot directories
 * in $CORPUS): every instruction range it prints is the one the trace's
 * path predicts, in order, and the summary line has the trace's bytes,
 * packet errors and instruction count.  On ete_ip (when ../shared has
 * it): the element lines equal the reference listing's elements (same
 * normaliser as dec_listing), the summary line carries the element and
 * instruction counts, and --packets interleaves every packet.  Runs
 * $O/perf-ete.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "corpus.h"
#include "dec_ppl_normalise.h"

/* perf-ete dump --elements of corpus trace @i against its path. */
static void own_trace(const char *o, size_t i)
{
	struct corpus_trace t;
	char cmd[8192], line[4096], why[256];
	unsigned long long bytes = 0, insns = 0, want_insns = 0;
	unsigned int errors = ~0u;
	size_t k = 0, ranges = 0, bad = 0;
	FILE *p;

	if (corpus_make(i, &t, why, sizeof(why))) {
		tap_ok(false, "corpus trace %zu: %s", i, why);
		return;
	}
	snprintf(cmd, sizeof(cmd), "'%s/perf-ete' dump --elements %s'%s/%s'",
		 o, t.dec_flags & ETE_DEC_F_SRC_ADDR_N ? "--src-addr-n " : "",
		 tap_corpus(), t.name);
	p = popen(cmd, "r");
	while (p && fgets(line, sizeof(line), p)) {
		const char *r = strstr(line, "INSTR_RANGE(exec range=");
		unsigned long long a, b;
		unsigned int n;
		const char *x;

		if (line[0] == '#') {
			sscanf(line, "# bytes %llu packets %*u errors %u "
			       "elements %*u instructions %llu", &bytes,
			       &errors, &insns);
			continue;
		}
		if (!r)
			continue;
		ranges++;
		x = strstr(line, "(ISA=A64) ");
		while (k < t.want.n && t.want.e[k].type != EL_RANGE)
			k++;
		if (sscanf(r, "INSTR_RANGE(exec range=0x%llx:[0x%llx] "
			   "num_i(%u)", &a, &b, &n) != 3 || !x ||
		    k == t.want.n || a != t.want.e[k].a ||
		    b != t.want.e[k].b || n != t.want.e[k].n ||
		    (x[10] == 'E') != t.want.e[k].taken) {
			if (!bad++)
				tap_diag("%s: range %zu: %s", t.name,
					 ranges - 1, line);
		}
		k++;
	}
	if (!p || pclose(p))
		bad++;
	for (size_t j = 0; j < t.want.n; j++)
		if (t.want.e[j].type == EL_RANGE)
			want_insns += t.want.e[j].n;
	while (k < t.want.n && t.want.e[k].type != EL_RANGE)
		k++;
	if (!tap_ok(!bad && k == t.want.n && bytes == t.trace.n &&
		    errors == t.pkt_errors && insns == want_insns,
		    "perf-ete dump --elements %s: %zu ranges as the path "
		    "says, %llu bytes, %u errors, %llu instructions", t.name,
		    ranges, bytes, errors, insns))
		tap_diag("want %zu bytes, %u errors, %llu instructions",
			 t.trace.n, t.pkt_errors, want_insns);
	corpus_free(&t);
}

static int run(const char *cmd, struct lines *elems, size_t *other,
	       char *last, size_t lastlen)
{
	char line[4096];
	FILE *p = popen(cmd, "r");

	if (!p)
		return -1;
	*other = 0;
	while (fgets(line, sizeof(line), p)) {
		line[strcspn(line, "\n")] = 0;
		if (dec_ppl_normalise_line(line, elems) == 0 && line[0] != '#')
			(*other)++;
		if (line[0] == '#')
			snprintf(last, lastlen, "%.200s", line);
	}
	return pclose(p);
}

int main(void)
{
	const char *o = getenv("O"), *data = tap_testdata();
	struct lines exp = { 0 }, got = { 0 }, both = { 0 };
	char cmd[8192], ppl[4096], last[256] = "";
	size_t other = 0;
	bool ok;

	if (!tap_ok(o && tap_corpus(), "O and CORPUS are set"))
		return tap_exit();
	for (size_t i = 0; i < corpus_count(); i++)
		own_trace(o, i);
	if (tap_testdata_absent("perf-ete dump --elements ete_ip"))
		return tap_exit();
	snprintf(ppl, sizeof(ppl), "%s/expected/ete_ip.decode.ppl", data);
	if (!o || dec_ppl_normalise_file(ppl, &exp)) {
		tap_ok(false, "perf-ete dump --elements (O or %s missing)", ppl);
		return tap_exit();
	}
	snprintf(cmd, sizeof(cmd), "'%s/perf-ete' dump --elements "
		 "'%s/snapshots/ete_ip'", o, data);
	ok = !run(cmd, &got, &other, last, sizeof(last)) &&
		got.n == exp.n && !other;
	for (size_t i = 0; ok && i < exp.n; i++)
		ok = !strcmp(exp.v[i], got.v[i]);
	tap_ok(ok, "perf-ete dump --elements ete_ip equals the listing "
	       "(%zu elements)", got.n);
	ok = !strcmp(last, "# bytes 578 packets 308 errors 0 elements 724 "
		     "instructions 15742");
	if (!ok)
		tap_diag("got: %s", last);
	tap_ok(ok, "perf-ete dump --elements ete_ip summary");
	snprintf(cmd, sizeof(cmd), "'%s/perf-ete' dump --elements --packets "
		 "'%s/snapshots/ete_ip'", o, data);
	ok = !run(cmd, &both, &other, last, sizeof(last)) &&
		both.n == exp.n && other == 308;
	tap_ok(ok, "perf-ete dump --elements --packets ete_ip (%zu packets)",
	       other);
	lines_free(&exp);
	lines_free(&got);
	lines_free(&both);
	return tap_exit();
}
