/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Decode a snapshot directory with libete's element decoder, its memory
 * dumps as the image: what the element-level listing tests share.
 */
#ifndef _ETE_TEST_DEC_RUN_H
#define _ETE_TEST_DEC_RUN_H

#include "util/elem_decode.h"

/*
 * Load the snapshot at @dir and its image, and decode it with @o (NULL:
 * the defaults) into @fn.  Returns 0, or -1 after a TAP diagnostic
 * saying what failed.
 */
int dec_run_snapshot(const char *dir, const struct ed_opts *o, ed_elem_fn fn,
		     void *ctx);

#endif
