// SPDX-License-Identifier: GPL-2.0
/*
 * Encoder output window.  Packets are built in place when the window has
 * room for the longest packet sequence, otherwise in e->tmp and copied:
 *
 *   caller buffer:  [ written ........ | room ]   room < ETE_ENC_PKT_MAX:
 *                                  tmp[] --copy what fits--> then FULL
 *   sink:           stage[] [ written | room ]   room < ETE_ENC_PKT_MAX:
 *                   hand stage[0..pos) to the sink, start again at 0
 *
 * A full output drops the bytes that do not fit, at a byte boundary, as a
 * TRBE stops writing at TRBLIMITR; the encoder keeps tracking the PE so a
 * new buffer can resume the stream after a synchronisation sequence.
 */
#include "enc_internal.h"

/* Hand the staged bytes to the sink. */
int enc_drain(struct ete_enc *e)
{
	size_t n;

	if (!e->sink || !e->out_pos)
		return e->full ? ETE_ENC_FULL : ETE_ENC_OK;
	n = e->full ? 0 : e->sink(e->sink_priv, e->stage, e->out_pos);
	if (n > e->out_pos)
		n = e->out_pos;
	e->delivered += n;
	if (n < e->out_pos)
		e->full = 1;
	e->out_pos = 0;
	return e->full ? ETE_ENC_FULL : ETE_ENC_OK;
}

uint8_t *enc_reserve(struct ete_enc *e)
{
	if (e->out_size - e->out_pos >= ETE_ENC_PKT_MAX && !e->full)
		return e->out + e->out_pos;
	if (e->sink) {
		enc_drain(e);
		return e->stage;
	}
	return e->tmp;
}

void enc_commit(struct ete_enc *e, uint8_t *p, unsigned int n)
{
	e->produced += n;
	if (e->full)
		return;
	if (p != e->tmp) {
		e->out_pos += n;
		if (!e->sink)
			e->delivered += n;
		return;
	}
	/* the tail of a caller buffer: copy what fits, then stop */
	{
		size_t room = e->out_size - e->out_pos;
		size_t k = n < room ? n : room;

		if (k)
			memcpy(e->out + e->out_pos, p, k);
		e->out_pos += k;
		e->delivered += k;
		if (k < n || e->out_pos == e->out_size)
			e->full = k < n;
	}
}

static void set_output(struct ete_enc *e)
{
	/* a new buffer is decoded on its own: start it with a sync */
	if (e->produced)
		e->sync_pending = 1;
	e->full = 0;
	e->out_pos = 0;
}

void ete_enc_set_buffer(struct ete_enc *e, uint8_t *buf, size_t size)
{
	set_output(e);
	e->sink = NULL;
	e->sink_priv = NULL;
	e->out = buf;
	e->out_size = buf ? size : 0;
}

void ete_enc_set_sink(struct ete_enc *e, ete_enc_write_fn fn, void *priv)
{
	set_output(e);
	e->sink = fn;
	e->sink_priv = priv;
	e->out = e->stage;
	e->out_size = fn ? sizeof(e->stage) : 0;
}

uint64_t ete_enc_bytes(const struct ete_enc *e)
{
	return e->delivered;
}
