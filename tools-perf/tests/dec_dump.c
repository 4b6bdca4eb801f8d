// SPDX-License-Identifier: GPL-2.0
/*
 * perf-ete dump --elements on ete_ip: the element lines equal the
 * reference listing's elements (same normaliser as dec_listing), the
 * summary line carries the element and instruction counts, and
 * --packets interleaves every packet.  Runs $O/perf-ete.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "dec_ppl_normalise.h"

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
