/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Drive libete's element layer over a CoreSight snapshot: the memory image
 * from the core's [dumpN] entries, one element decoder per trace source,
 * raw buffers straight in, formatted buffers through the deformatter.
 * Optionally every buffer in turn (OpenCSD's -multi_session) and in
 * pseudo-random chunk sizes (for the chunking tests).
 */
#ifndef _PERF_ETE_ELEM_DECODE_H
#define _PERF_ETE_ELEM_DECODE_H

#include <stddef.h>
#include <stdint.h>
#include <ete/dec.h>
#include <ete/img.h>
#include "snapshot.h"

/* Receives elements in batches; @id is the source's trace ID. */
typedef int (*ed_elem_fn)(void *ctx, unsigned int id,
			  const struct ete_elem *e, size_t n);

struct ed_opts {
	unsigned int max_chunk;	/* 0: each buffer in one call */
	uint64_t seed;		/* chunk size sequence */
	unsigned int flags;	/* ETE_DEC_F_* */
	int multi_session;	/* all buffers, decoders reset in between */
};

struct ed_stats {
	uint64_t bytes;
	uint64_t packets;
	uint64_t elems;
	uint64_t insns;
};

/* Map every [dumpN] of the snapshot's devices into @img (initialised). */
int ed_load_image(const struct ss_snapshot *ss, struct ete_img *img,
		  char *err, size_t errlen);

/* Decode the first buffer (or all, with multi_session) into @fn. */
int ed_decode_snapshot(const struct ss_snapshot *ss, struct ete_img *img,
		       const struct ed_opts *o, ed_elem_fn fn, void *ctx,
		       struct ed_stats *st, char *err, size_t errlen);

/*
 * Decode an in-memory buffer of raw (@formatted == 0) or formatted trace
 * with the given sources; the decoders are allocated once per call.
 */
int ed_decode_buffer(const struct ete_dec_config *srcs, size_t nsrc,
		     int formatted, const uint8_t *data, size_t len,
		     struct ete_img *img, const struct ed_opts *o,
		     ed_elem_fn fn, void *ctx, struct ed_stats *st);

#endif
