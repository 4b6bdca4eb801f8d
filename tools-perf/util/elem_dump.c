// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <armtrace/ete_regs.h>
#include "elem_decode.h"
#include "elem_dump.h"
#include "elem_fmt.h"
#include "pkt_fmt.h"

#define MAX_IDS	128

struct dumper;

struct sink {
	struct dumper *d;
	unsigned int id;
};

struct dumper {
	const struct elem_dump_opts *o;
	struct elem_dump_totals *t;
	struct ete_dec *dec[MAX_IDS];
	struct sink sink[MAX_IDS];
};

static int print_elems(void *ctx, const struct ete_elem *e, size_t n)
{
	struct sink *s = ctx;
	char line[512];

	for (size_t i = 0; i < n && s->d->o->elements; i++) {
		ete_elem_format(line, sizeof(line), s->id, &e[i]);
		puts(line);
	}
	s->d->t->elems += n;
	return 0;
}

static void on_packet(void *ctx, unsigned int id, int status,
		      const struct ete_pkt *pkt)
{
	struct dumper *d = ctx;
	char line[1024];

	if (d->o->packets) {
		ete_pkt_format(line, sizeof(line), id, status, pkt);
		fputs(line, stdout);
	}
	d->t->packets++;
	if (status < 0)
		d->t->errors++;
	if (id < MAX_IDS && d->dec[id])
		ete_dec_packet(d->dec[id], pkt);
}

static void finish(struct dumper *d)
{
	for (unsigned int i = 0; i < MAX_IDS; i++) {
		if (!d->dec[i])
			continue;
		ete_dec_flush(d->dec[i]);
		d->t->insns += d->dec[i]->n_insns;
		free(d->dec[i]);
		d->dec[i] = NULL;
	}
}

static int add_dec(struct dumper *d, unsigned int slot, unsigned int id,
		   const struct ete_pkt_config *cfg, struct ete_img *img)
{
	struct ete_dec_config c;

	if (slot >= MAX_IDS || d->dec[slot])
		return 0;
	memset(&c, 0, sizeof(c));
	c.pkt = *cfg;
	c.trace_id = id;
	/* the listing is OpenCSD 1.8.0's, CB<cc> included */
	c.flags = d->o->flags | ETE_DEC_F_CMPBR_UNCOND;
	d->dec[slot] = malloc(sizeof(*d->dec[slot]));
	d->sink[slot] = (struct sink){ d, id };
	if (!d->dec[slot] ||
	    ete_dec_init(d->dec[slot], &c, img, print_elems, &d->sink[slot])) {
		free(d->dec[slot]);
		d->dec[slot] = NULL;
		return -1;
	}
	return 0;
}

static bool has_dumps(const struct ss_snapshot *ss)
{
	for (size_t i = 0; i < ss->ndev; i++)
		if (ss->dev[i].ndumps)
			return true;
	return false;
}

int elem_dump_snapshot(const char *dir, const struct elem_dump_opts *o,
		       struct elem_dump_totals *t, char *err, size_t errlen)
{
	const struct ss_device *src[MAX_IDS];
	struct dumper d;
	struct ss_snapshot ss;
	struct ete_img img;
	size_t n, bytes = 0;
	int ret;

	memset(&d, 0, sizeof(d));
	d.o = o;
	d.t = t;
	if (ss_load(dir, &ss, err, errlen))
		return -1;
	if (ete_img_init(&img)) {
		ss_free(&ss);
		return -1;
	}
	ret = ed_load_image(&ss, &img, err, errlen);
	n = ss_buffer_sources(&ss, &ss.buf[0], src, MAX_IDS);
	if (o->need_image && !has_dumps(&ss))
		n = 0;		/* packets only */
	for (size_t i = 0; i < n && !ret; i++) {
		unsigned int id = ETE_FIELD_GET(TRCTRACEIDR_TRACEID,
						src[i]->ete.trctraceidr);
		int formatted = ss_buffer_is_formatted(&ss.buf[0]);

		/* raw buffers come out of td_* as trace ID 0 */
		ret = add_dec(&d, formatted ? id : 0, id, &src[i]->ete, &img);
		if (!formatted)
			break;
	}
	if (!ret)
		ret = td_decode_snapshot(&ss, &ss.buf[0], NULL, on_packet, &d,
					 &bytes, err, errlen);
	finish(&d);
	t->bytes += bytes;
	ete_img_free(&img);
	ss_free(&ss);
	return ret;
}

int elem_dump_raw(const struct td_source *src, unsigned int trace_id,
		  const uint8_t *data, size_t len, struct ete_img *img,
		  const struct elem_dump_opts *o, struct elem_dump_totals *t)
{
	struct dumper d;
	int ret;

	memset(&d, 0, sizeof(d));
	d.o = o;
	d.t = t;
	ret = img ? add_dec(&d, src->id, trace_id, &src->cfg, img) : 0;

	if (!ret)
		ret = td_decode_raw(src, data, len, NULL, on_packet, &d);
	finish(&d);
	t->bytes += len;
	return ret;
}
