// SPDX-License-Identifier: GPL-2.0
/*
 * Reference test for the element layer: for every snapshot in
 * $SHARED/testdata/ete/snapshots, the elements libete decodes (with the
 * snapshot's memory dumps as the image) must equal OpenCSD 1.8.0's
 * expected/NAME.decode.ppl element by element and field by field, and
 * likewise the NAME.multi_session.decode.ppl and NAME.src_addr_n.decode.ppl
 * variants where they exist.  Then the same trace fed in pseudo-random
 * chunks (down to single bytes) must give identical elements.
 *
 * Usage: dec_listing [SNAPSHOT]... (default: all)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lines_cmp.h"
#include "tap.h"
#include "dec_ppl_normalise.h"
#include "dec_run.h"
#include "util/elem_decode.h"
#include "util/elem_fmt.h"

static int collect(void *ctx, unsigned int id, const struct ete_elem *e,
		   size_t n)
{
	char buf[512];

	for (size_t i = 0; i < n; i++) {
		ete_elem_format(buf, sizeof(buf), id, &e[i]);
		if (dec_ppl_normalise_line(buf, ctx) != 1)
			return -1;
	}
	return 0;
}

static const struct {
	const char *suffix;
	struct ed_opts opts;
} variants[] = {
	{ "decode", { 0, 0, 0, 0 } },
	{ "multi_session.decode", { 0, 0, 0, 1 } },
	{ "src_addr_n.decode", { 0, 0, ETE_DEC_F_SRC_ADDR_N, 0 } },
};

static void test_snapshot(const char *data, const char *name)
{
	char dir[4096], ppl[4096], what[300];
	struct lines got0 = { 0 };

	snprintf(dir, sizeof(dir), "%s/snapshots/%s", data, name);
	for (size_t v = 0; v < sizeof(variants) / sizeof(variants[0]); v++) {
		struct lines exp = { 0 }, got = { 0 };
		bool ok;

		snprintf(ppl, sizeof(ppl), "%s/expected/%s.%s.ppl", data, name,
			 variants[v].suffix);
		snprintf(what, sizeof(what), "%s.%s", name, variants[v].suffix);
		if (dec_ppl_normalise_file(ppl, &exp)) {
			if (v == 0)
				tap_ok(false, "elements %s (cannot read %s)",
				       what, ppl);
			continue;
		}
		ok = !dec_run_snapshot(dir, &variants[v].opts, collect,
				       &got) && exp.n > 0 &&
			lines_same(&exp, &got, what, "element",
				   "expected", "decoded");
		tap_ok(ok, "elements %s (%zu elements)", what, exp.n);
		lines_free(&exp);
		if (v == 0)
			got0 = got;
		else
			lines_free(&got);
	}

	/* chunking: several seeds, byte-at-a-time included */
	{
		bool ok = got0.n > 0;

		for (unsigned int k = 0; k < 4 && ok; k++) {
			static const unsigned int max_chunk[] = { 1, 3, 17, 200 };
			struct ed_opts o = { max_chunk[k],
					     0x9e3779b97f4a7c15ull + k, 0, 0 };
			struct lines chunked = { 0 };

			snprintf(what, sizeof(what), "%s chunks<=%u", name,
				 max_chunk[k]);
			ok = !dec_run_snapshot(dir, &o, collect, &chunked) &&
				lines_same(&got0, &chunked, what, "element",
					   "whole", "chunked");
			lines_free(&chunked);
		}
		tap_ok(ok, "elements chunked %s (%zu elements)", name, got0.n);
	}
	lines_free(&got0);
}

int main(int argc, char **argv)
{
	return listing_main(argc, argv, test_snapshot);
}
