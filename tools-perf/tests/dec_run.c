// SPDX-License-Identifier: GPL-2.0
/* Decode a snapshot directory into a callback (dec_run.h). */
#include "dec_run.h"
#include "tap.h"

int dec_run_snapshot(const char *dir, const struct ed_opts *o, ed_elem_fn fn,
		     void *ctx)
{
	struct ss_snapshot ss;
	struct ete_img img;
	char err[256];
	int ret;

	if (ss_load(dir, &ss, err, sizeof(err))) {
		tap_diag("%s", err);
		return -1;
	}
	if (ete_img_init(&img)) {
		ss_free(&ss);
		return -1;
	}
	ret = ed_load_image(&ss, &img, err, sizeof(err));
	if (!ret)
		ret = ed_decode_snapshot(&ss, &img, o, fn, ctx, NULL, err,
					 sizeof(err));
	if (ret)
		tap_diag("%s", err);
	ete_img_free(&img);
	ss_free(&ss);
	return ret;
}
