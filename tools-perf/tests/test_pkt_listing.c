// SPDX-License-Identifier: GPL-2.0
/*
 * Reference test: for every snapshot in $SHARED/testdata/ete/snapshots,
 * the packets libete decodes from the snapshot's first trace buffer must
 * equal OpenCSD 1.8.0's listing expected/NAME.pkt.ppl, field by field,
 * errors included; then the same trace fed in pseudo-random chunks (down
 * to single bytes) must give the identical listing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lines_cmp.h"
#include "tap.h"
#include "ppl_normalise.h"
#include "util/pkt_fmt.h"
#include "util/snapshot.h"
#include "util/trace_decode.h"

static void collect(void *ctx, unsigned int id, int status,
		    const struct ete_pkt *pkt)
{
	char buf[1024];

	ete_pkt_format(buf, sizeof(buf), id, status, pkt);
	lines_push_text(ctx, buf);
}

static int decode(const char *dir, const struct td_opts *o,
		  struct lines *out)
{
	struct ss_snapshot ss;
	char err[256];
	int ret;

	if (ss_load(dir, &ss, err, sizeof(err))) {
		tap_diag("%s", err);
		return -1;
	}
	ret = td_decode_snapshot(&ss, &ss.buf[0], o, collect, out, NULL, err,
				 sizeof(err));
	if (ret)
		tap_diag("%s", err);
	ss_free(&ss);
	return ret;
}

static void test_snapshot(const char *data, const char *name)
{
	char dir[4096], ppl[4096];
	struct lines exp = { 0 }, got = { 0 };
	bool ok;

	snprintf(dir, sizeof(dir), "%s/snapshots/%s", data, name);
	snprintf(ppl, sizeof(ppl), "%s/expected/%s.pkt.ppl", data, name);
	if (ppl_normalise_file(ppl, &exp)) {
		tap_ok(false, "pkt listing %s (cannot read %s)", name, ppl);
		tap_ok(false, "pkt chunked %s", name);
		return;
	}
	if (decode(dir, NULL, &got)) {
		tap_ok(false, "pkt listing %s (decode failed)", name);
		tap_ok(false, "pkt chunked %s", name);
		lines_free(&exp);
		return;
	}
	ok = exp.n > 0 && lines_same(&exp, &got, name, "line", "expected",
					 "decoded");
	tap_ok(ok, "pkt listing %s (%zu lines)", name, exp.n);

	/* chunking: several seeds, byte-at-a-time included */
	ok = got.n > 0;
	for (unsigned int k = 0; k < 4 && ok; k++) {
		static const unsigned int max_chunk[] = { 1, 3, 17, 200 };
		struct td_opts o = { max_chunk[k], 0x9e3779b97f4a7c15ull + k };
		struct lines chunked = { 0 };
		char what[300];

		snprintf(what, sizeof(what), "%s chunks<=%u", name,
			 max_chunk[k]);
		ok = !decode(dir, &o, &chunked) &&
		     lines_same(&got, &chunked, what, "line", "whole", "chunked");
		lines_free(&chunked);
	}
	tap_ok(ok, "pkt chunked %s (%zu lines)", name, got.n);
	lines_free(&exp);
	lines_free(&got);
}

int main(int argc, char **argv)
{
	return listing_main(argc, argv, test_snapshot);
}
