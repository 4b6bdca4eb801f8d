/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `perf-ete dump --elements`: packets through the element layer, printing
 * the elements (and, with --packets, each packet before the elements it
 * completes) in the listing formats of Documentation/libete.rst.
 */
#ifndef _PERF_ETE_ELEM_DUMP_H
#define _PERF_ETE_ELEM_DUMP_H

#include <stdint.h>
#include <ete/dec.h>
#include "snapshot.h"
#include "trace_decode.h"

struct elem_dump_opts {
	int packets;		/* print packets */
	int elements;		/* print elements (else only count them) */
	int need_image;		/* snapshot without [dumpN]: no elements */
	unsigned int flags;	/* ETE_DEC_F_* */
};

struct elem_dump_totals {
	uint64_t bytes;
	uint64_t packets;
	uint64_t errors;
	uint64_t elems;
	uint64_t insns;
};

/*
 * Snapshot: image from the [dumpN] entries, first buffer.  With
 * @o->need_image a snapshot without memory dumps is only listed: its
 * packets are counted, no element is decoded.
 */
int elem_dump_snapshot(const char *dir, const struct elem_dump_opts *o,
		       struct elem_dump_totals *t, char *err, size_t errlen);

/* Raw trace from one source with a caller-built image (NULL: no elements). */
int elem_dump_raw(const struct td_source *src, unsigned int trace_id,
		  const uint8_t *data, size_t len, struct ete_img *img,
		  const struct elem_dump_opts *o, struct elem_dump_totals *t);

#endif
