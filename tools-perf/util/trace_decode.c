// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <armtrace/ete_regs.h>
#include <ete/dfmt.h>
#include "trace_decode.h"

#define MAX_SOURCES	128	/* 7-bit trace IDs */

/* xorshift64*: a reproducible chunk-size sequence from a seed */
static size_t next_chunk(const struct td_opts *o, uint64_t *state,
			 size_t left)
{
	size_t n;

	if (!o || !o->max_chunk)
		return left;
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	n = (size_t)((*state * 0x2545f4914f6cdd1dull) >> 33) % o->max_chunk + 1;
	return n < left ? n : left;
}

static void feed(struct ete_pkt_decoder *d, unsigned int id,
		 const uint8_t *buf, size_t len, uint64_t index, td_pkt_fn fn,
		 void *ctx)
{
	struct ete_pkt pkt;

	while (len) {
		size_t used;
		int st = ete_pkt_decode(d, buf, len, index, &used, &pkt);

		buf += used;
		len -= used;
		index += used;
		if (st != ETE_PKT_MORE)
			fn(ctx, id, st, &pkt);
		else if (!used)
			break;
	}
}

static void flush(struct ete_pkt_decoder *d, unsigned int id, td_pkt_fn fn,
		  void *ctx)
{
	struct ete_pkt pkt;
	int st = ete_pkt_flush(d, &pkt);

	if (st != ETE_PKT_EOT)
		fn(ctx, id, st, &pkt);
}

int td_decode_raw(const struct td_source *src, const uint8_t *data,
		  size_t len, const struct td_opts *o, td_pkt_fn fn, void *ctx)
{
	struct ete_pkt_decoder *d = malloc(sizeof(*d));
	uint64_t state = o && o->seed ? o->seed : 1;
	size_t off = 0;

	if (!d)
		return -1;
	if (ete_pkt_decoder_init(d, &src->cfg)) {
		free(d);
		return -1;
	}
	while (off < len) {
		size_t n = next_chunk(o, &state, len - off);

		feed(d, src->id, data + off, n, off, fn, ctx);
		off += n;
	}
	flush(d, src->id, fn, ctx);
	free(d);
	return 0;
}

int td_decode_formatted(const struct td_source *srcs, size_t nsrc,
			const uint8_t *data, size_t len,
			const struct td_opts *o, td_pkt_fn fn, void *ctx)
{
	struct ete_pkt_decoder **dec = calloc(MAX_SOURCES, sizeof(*dec));
	struct ete_dfmt_run runs[ETE_DFMT_MAX_RUNS];
	uint64_t state = o && o->seed ? o->seed : 1;
	struct ete_dfmt f;
	size_t off = 0;
	int ret = 0;

	if (!dec)
		return -1;
	for (size_t i = 0; i < nsrc; i++) {
		unsigned int id = srcs[i].id & TRCTRACEIDR_TRACEID;

		if (dec[id])
			continue;
		dec[id] = malloc(sizeof(*dec[id]));
		if (!dec[id] || ete_pkt_decoder_init(dec[id], &srcs[i].cfg)) {
			ret = -1;
			goto out;
		}
	}
	ete_dfmt_init(&f);
	while (off < len) {
		size_t n = next_chunk(o, &state, len - off), pos = 0;

		while (pos < n) {
			size_t used;
			int nr = ete_dfmt_decode(&f, data + off + pos, n - pos,
						 off + pos, &used, runs);

			pos += used;
			for (int r = 0; r < nr; r++) {
				if (runs[r].id >= MAX_SOURCES ||
				    !dec[runs[r].id])
					continue;	/* no decoder: dropped */
				feed(dec[runs[r].id], runs[r].id, runs[r].data,
				     runs[r].len, runs[r].index, fn, ctx);
			}
		}
		off += n;
	}
	for (unsigned int id = 0; id < MAX_SOURCES; id++)
		if (dec[id])
			flush(dec[id], id, fn, ctx);
out:
	for (unsigned int id = 0; id < MAX_SOURCES; id++)
		free(dec[id]);
	free(dec);
	return ret;
}

int td_decode_snapshot(const struct ss_snapshot *ss, const struct ss_buffer *b,
		       const struct td_opts *o, td_pkt_fn fn, void *ctx,
		       size_t *bytes, char *err, size_t errlen)
{
	const struct ss_device *devs[MAX_SOURCES];
	struct td_source srcs[MAX_SOURCES];
	size_t n = ss_buffer_sources(ss, b, devs, MAX_SOURCES), len;
	uint8_t *data;
	int ret;

	if (!n) {
		snprintf(err, errlen, "buffer %s has no ETE source", b->name);
		return -1;
	}
	if (ss_read(ss->dir, b->file, &data, &len)) {
		snprintf(err, errlen, "cannot read %s/%s", ss->dir, b->file);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		srcs[i].cfg = devs[i]->ete;
		srcs[i].id = ETE_FIELD_GET(TRCTRACEIDR_TRACEID,
					   devs[i]->ete.trctraceidr);
	}
	if (bytes)
		*bytes = len;
	if (ss_buffer_is_formatted(b)) {
		ret = td_decode_formatted(srcs, n, data, len, o, fn, ctx);
	} else {
		srcs[0].id = 0;
		ret = td_decode_raw(&srcs[0], data, len, o, fn, ctx);
	}
	if (ret)
		snprintf(err, errlen, "cannot decode buffer %s (bad ETE "
			 "registers?)", b->name);
	free(data);
	return ret;
}
