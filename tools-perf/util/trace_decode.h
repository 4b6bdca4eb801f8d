/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Drive libete over a whole trace buffer: raw ETE bytes straight into one
 * packet decoder, CoreSight-formatted buffers through the deformatter into
 * one decoder per trace ID.  Optionally feeds the data in pseudo-random
 * chunk sizes (for the chunking tests).
 */
#ifndef _PERF_ETE_TRACE_DECODE_H
#define _PERF_ETE_TRACE_DECODE_H

#include <stddef.h>
#include <stdint.h>
#include <ete/pkt.h>
#include "snapshot.h"

typedef void (*td_pkt_fn)(void *ctx, unsigned int id, int status,
			  const struct ete_pkt *pkt);

struct td_opts {
	unsigned int max_chunk;	/* 0: whole buffer in one call */
	uint64_t seed;		/* chunk size sequence */
};

struct td_source {
	unsigned int id;	/* trace ID packets are reported under */
	struct ete_pkt_config cfg;
};

/* Raw ETE bytes from one source, reported under @src->id. */
int td_decode_raw(const struct td_source *src, const uint8_t *data,
		  size_t len, const struct td_opts *o, td_pkt_fn fn,
		  void *ctx);

/* Formatted frames: one decoder per source, selected by trace ID. */
int td_decode_formatted(const struct td_source *srcs, size_t nsrc,
			const uint8_t *data, size_t len,
			const struct td_opts *o, td_pkt_fn fn, void *ctx);

/*
 * Decode snapshot buffer @b (read from the snapshot directory).  Sources
 * of a raw buffer are reported as trace ID 0, as OpenCSD does.
 */
int td_decode_snapshot(const struct ss_snapshot *ss, const struct ss_buffer *b,
		       const struct td_opts *o, td_pkt_fn fn, void *ctx,
		       size_t *bytes, char *err, size_t errlen);

#endif
