// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <armtrace/ete_regs.h>
#include <ete/dfmt.h>
#include "elem_decode.h"

#define MAX_IDS		128

struct sink {
	ed_elem_fn fn;
	void *ctx;
	unsigned int id;
};

static int sink_cb(void *ctx, const struct ete_elem *e, size_t n)
{
	struct sink *s = ctx;

	return s->fn(s->ctx, s->id, e, n);
}

/* xorshift64*: a reproducible chunk-size sequence */
static size_t next_chunk(const struct ed_opts *o, uint64_t *state, size_t left)
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

int ed_load_image(const struct ss_snapshot *ss, struct ete_img *img,
		  char *err, size_t errlen)
{
	for (size_t i = 0; i < ss->ndev; i++) {
		const struct ss_device *d = &ss->dev[i];

		for (size_t k = 0; k < d->ndumps; k++) {
			const struct ss_dump *m = &d->dumps[k];
			char path[4096];
			int r;

			snprintf(path, sizeof(path), "%s/%s", ss->dir, m->file);
			r = ete_img_add_file(img, m->address, path, 0,
					     m->length);
			/*
			 * As OpenCSD's snapshot reader: a dump several cores
			 * list is mapped once, a missing file is left out
			 * (its addresses decode as not accessible).
			 */
			if (r == ETE_IMG_ERR_IO || r == ETE_IMG_ERR_OVERLAP)
				continue;
			if (r) {
				snprintf(err, errlen, "cannot map %s (%d)",
					 path, r);
				return -1;
			}
		}
	}
	return 0;
}

struct run {
	struct ete_dec *dec[MAX_IDS];
	struct sink sink[MAX_IDS];
};

static void run_free(struct run *r)
{
	for (unsigned int i = 0; i < MAX_IDS; i++) {
		free(r->dec[i]);
		r->dec[i] = NULL;
	}
}

static void stats(struct run *r, struct ed_stats *st)
{
	if (!st)
		return;
	for (unsigned int i = 0; i < MAX_IDS; i++) {
		if (!r->dec[i])
			continue;
		st->packets += r->dec[i]->n_packets;
		st->elems += r->dec[i]->n_elems;
		st->insns += r->dec[i]->n_insns;
	}
}

/* (Re)initialise the decoders for @srcs; @reset: as for a new session. */
static int run_setup(struct run *r, const struct ete_dec_config *srcs,
		     size_t nsrc, int formatted, struct ete_img *img,
		     ed_elem_fn fn, void *ctx, int reset)
{
	for (size_t i = 0; i < nsrc; i++) {
		unsigned int slot = formatted ? srcs[i].trace_id % MAX_IDS : 0;
		uint64_t last = 0;

		if (!r->dec[slot]) {
			r->dec[slot] = malloc(sizeof(*r->dec[slot]));
			if (!r->dec[slot])
				return -1;
		} else {
			last = r->dec[slot]->pkt_offset;
		}
		r->sink[slot] = (struct sink){ fn, ctx, srcs[i].trace_id };
		if (ete_dec_init(r->dec[slot], &srcs[i], img, sink_cb,
				 &r->sink[slot]))
			return -1;
		if (reset) {
			/*
			 * OpenCSD keeps one decoder per trace ID for all the
			 * sessions and only resets it: one that a session
			 * brings no packets ends it at the offset of the last
			 * packet it had, in an earlier session.
			 */
			ete_dec_reset(r->dec[slot]);
			r->dec[slot]->pkt_offset = last;
		}
		if (!formatted)
			break;
	}
	return 0;
}

static int run_data(struct run *r, int formatted, const uint8_t *data,
		    size_t len, const struct ed_opts *o)
{
	uint64_t state = o && o->seed ? o->seed : 1;
	struct ete_dfmt_run runs[ETE_DFMT_MAX_RUNS];
	struct ete_dfmt f;
	size_t off = 0;
	int ret = 0;

	ete_dfmt_init(&f);
	while (off < len && !ret) {
		size_t n = next_chunk(o, &state, len - off), pos = 0;

		if (!formatted) {
			ret = ete_dec_decode(r->dec[0], data + off, n, off);
			off += n;
			continue;
		}
		while (pos < n && !ret) {
			size_t used;
			int nr = ete_dfmt_decode(&f, data + off + pos, n - pos,
						 off + pos, &used, runs);

			pos += used;
			for (int k = 0; k < nr && !ret; k++) {
				struct ete_dec *d = runs[k].id < MAX_IDS ?
					r->dec[runs[k].id] : NULL;

				if (d)
					ret = ete_dec_decode(d, runs[k].data,
							     runs[k].len,
							     runs[k].index);
			}
		}
		off += n;
	}
	for (unsigned int i = 0; i < MAX_IDS && !ret; i++)
		if (r->dec[i])
			ret = ete_dec_flush(r->dec[i]);
	return ret;
}

int ed_decode_buffer(const struct ete_dec_config *srcs, size_t nsrc,
		     int formatted, const uint8_t *data, size_t len,
		     struct ete_img *img, const struct ed_opts *o,
		     ed_elem_fn fn, void *ctx, struct ed_stats *st)
{
	struct run r;
	int ret;

	memset(&r, 0, sizeof(r));
	ret = run_setup(&r, srcs, nsrc, formatted, img, fn, ctx, 0);
	if (!ret)
		ret = run_data(&r, formatted, data, len, o);
	stats(&r, st);
	if (st)
		st->bytes += len;
	run_free(&r);
	return ret;
}

static size_t buffer_sources(const struct ss_snapshot *ss,
			     const struct ss_buffer *b, unsigned int flags,
			     struct ete_dec_config *cfg)
{
	const struct ss_device *devs[MAX_IDS];
	size_t n = ss_buffer_sources(ss, b, devs, MAX_IDS);

	for (size_t i = 0; i < n; i++) {
		cfg[i].pkt = devs[i]->ete;
		cfg[i].trace_id = ETE_FIELD_GET(TRCTRACEIDR_TRACEID,
						devs[i]->ete.trctraceidr);
		/* the listings are OpenCSD 1.8.0's, CB<cc> included */
		cfg[i].flags = flags | ETE_DEC_F_CMPBR_UNCOND;
	}
	return n;
}

int ed_decode_snapshot(const struct ss_snapshot *ss, struct ete_img *img,
		       const struct ed_opts *o, ed_elem_fn fn, void *ctx,
		       struct ed_stats *st, char *err, size_t errlen)
{
	size_t nbuf = o && o->multi_session ? ss->nbuf : 1;
	struct ete_dec_config cfg[MAX_IDS];
	struct run r;
	int ret = 0;

	memset(&r, 0, sizeof(r));
	for (size_t b = 0; b < nbuf && !ret; b++) {
		const struct ss_buffer *buf = &ss->buf[b];
		int formatted = ss_buffer_is_formatted(buf);
		size_t n = buffer_sources(ss, buf, o ? o->flags : 0, cfg), len;
		uint8_t *data;

		if (!n) {
			snprintf(err, errlen, "buffer %s has no ETE source",
				 buf->name);
			ret = -1;
			break;
		}
		if (ss_read(ss->dir, buf->file, &data, &len)) {
			snprintf(err, errlen, "cannot read %s/%s", ss->dir,
				 buf->file);
			ret = -1;
			break;
		}
		if (st)
			st->bytes += len;
		ret = run_setup(&r, cfg, n, formatted, img, fn, ctx, b > 0);
		if (ret)
			snprintf(err, errlen, "bad ETE registers for %s",
				 buf->name);
		else if ((ret = run_data(&r, formatted, data, len, o)))
			snprintf(err, errlen, "decode of %s stopped",
				 buf->name);
		stats(&r, st);
		free(data);
	}
	run_free(&r);
	return ret;
}
