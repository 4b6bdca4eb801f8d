/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Encoder test helpers: run a path through the encoder, check the packets
 * a decoder recovers against the path, and derive the trace elements a
 * decoder must produce for it.
 */
#ifndef _ETE_TEST_ENC_CHECK_H
#define _ETE_TEST_ENC_CHECK_H

#include <stddef.h>
#include <stdint.h>
#include <ete/enc.h>
#include <ete/path.h>

struct enc_events {
	struct ete_enc_event *ev;
	size_t n, cap;
};

struct enc_bytes {
	uint8_t *b;
	size_t n, cap;
};

int enc_events_push(struct enc_events *l, const struct ete_enc_event *ev);
void enc_events_free(struct enc_events *l);

/*
 * Walk @nev events with @opts through @img from @entry (context @ctx) and
 * encode them with @cfg; events the encoder rejects with
 * ETE_ENC_ERR_STATE (a feature the configuration lacks) are dropped from
 * the list.  Returns 0 or a negative status; @why says what failed.
 */
int enc_run_path(const struct ete_enc_config *cfg,
		 const struct ete_path_image *img, uint64_t entry,
		 const struct ete_enc_ctx *ctx,
		 const struct ete_path_opts *opts, size_t nev,
		 struct enc_events *evs, struct enc_bytes *out,
		 char *why, size_t whylen);

/* Encode given events (all must be accepted). */
int enc_run_events(const struct ete_enc_config *cfg,
		   const struct ete_enc_ctx *ctx, const struct enc_events *evs,
		   struct enc_bytes *out, char *why, size_t whylen);

/*
 * Decode @bytes with libete's packet decoder (in chunks of @chunk, 0 =
 * whole) and check the packets carry exactly the path: no decode error,
 * atoms, target and exception addresses, exception types, contexts at
 * every P0 element, timestamps, cycle counts, instrumentation,
 * transactions and Trace On in order.  Returns 0 or -1 with @why.
 */
int enc_check_packets(const struct ete_enc_config *cfg,
		      const struct ete_enc_ctx *ctx,
		      const struct enc_events *evs, const uint8_t *bytes,
		      size_t len, size_t chunk, char *why, size_t whylen);

/* Trace elements, in the terms OpenCSD and libete's decoder use. */
enum enc_el_type {
	EL_RANGE,	/* a..b (exclusive), n instructions, last taken */
	EL_EXC,		/* exception: ret address a, type exc */
	EL_CTX,		/* PE context changed to ctx */
	EL_TS,		/* timestamp v */
	EL_CC,		/* cycle count v */
	EL_ITE,		/* instrumentation: el exc, value v */
	EL_TX,		/* transaction: v = 0 start, 1 commit, 2 fail */
	EL_TRACE_ON,
	EL_ERET,	/* exception return (after the range ending in ERET) */
	EL_MARKER,	/* timestamp marker (ETE 1.1+, before its EL_TS) */
	EL_EVENT,	/* event packet: v = its event field */
	EL_NO_SYNC,	/* lost synchronisation (after the start of trace) */
};

struct enc_el {
	uint8_t type;
	uint8_t taken;
	uint16_t exc;
	uint32_t n;
	uint64_t a, b, v;
	struct ete_enc_ctx ctx;
};

struct enc_els {
	struct enc_el *e;
	size_t n, cap;
};

int enc_els_push(struct enc_els *l, const struct enc_el *el);
void enc_els_free(struct enc_els *l);

/*
 * Elements a decoder must produce for @evs under @cfg.  Contexts are
 * listed only when a traced field changes.  @img, if not NULL, is used to
 * mark ranges ending in ERET with an EL_ERET element.
 */
int enc_expected_elems(const struct ete_enc_config *cfg,
		       const struct ete_enc_ctx *ctx,
		       const struct enc_events *evs,
		       const struct ete_path_image *img, struct enc_els *out);

/*
 * Compare two element lists of kinds in @mask (1 << EL_*); contexts are
 * compared on the fields @cfg traces, after dropping repeats.  Returns 0
 * or -1 with @why naming the first difference.
 */
int enc_els_compare(const struct ete_enc_config *cfg,
		    const struct enc_els *want, const struct enc_els *got,
		    unsigned int mask, char *why, size_t whylen);

void enc_el_format(const struct enc_el *el, char *buf, size_t len);

struct ete_elem;

/*
 * The element in these terms that libete's element @e stands for: 1 with
 * *@el set, 0 for the kinds that have none (NO_SYNC, whose meaning
 * depends on where it falls, the errors, EO_TRACE and the rest, which
 * the caller judges for itself).
 */
int enc_el_from_ete(const struct ete_elem *e, struct enc_el *el);

#endif
