/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The project's own trace corpus: small ETE traces made deterministically
 * at test time, each with the program it runs and the elements a decoder
 * must recover from it, known independently of the decoder:
 *
 * - encoder traces: an execution path written out event by event
 *   (branches, exceptions, contexts, timestamps, ...) through a program
 *   whose every instruction is known; libete's encoder turns the path into
 *   bytes and enc_expected_elems() turns the same path into elements;
 * - hand traces, for what the encoder never emits (speculation cancel and
 *   mispredict, Q, source addresses, events, Trace Info sections, bad
 *   packets): packet bytes written here from the ETE packet definitions,
 *   with the elements written beside them.
 *
 * Between them they cover every packet type and element kind of the
 * third-party reference snapshots, which the project does not ship.
 */
#ifndef _ETE_TEST_CORPUS_H
#define _ETE_TEST_CORPUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ete/dec.h>
#include "enc_check.h"
#include "enc_ocsd.h"

/* The program is mapped at several addresses to need every address form. */
#define CORPUS_REGIONS	3

struct corpus_trace {
	const char *name;
	const char *what;		/* what it exercises */
	struct ete_enc_config cfg;
	unsigned int dec_flags;		/* ETE_DEC_F_* to decode it with */
	struct enc_mem mem[CORPUS_REGIONS];
	size_t nmem;
	struct enc_bytes trace;
	struct enc_els want;		/* the elements, in order */
	unsigned int mask;		/* 1 << EL_* kinds @want lists */
	bool ocsd;			/* OpenCSD 1.3.3 decodes it right */
	unsigned int pkt_errors;	/* packet errors it carries */
};

/* Number of traces; corpus_make(i) for i below it. */
size_t corpus_count(void);

/* Build trace @i.  Returns 0, or -1 with @why. */
int corpus_make(size_t i, struct corpus_trace *t, char *why, size_t whylen);
/* DIR/NAME with @len bytes of @data: 0, or -1 with errno set. */
int corpus_write_file(const char *dir, const char *name, const void *data,
		      size_t len);
void corpus_free(struct corpus_trace *t);
/* Build the trace called @name.  Returns 0, or -1 with @why. */
int corpus_find(const char *name, struct corpus_trace *t, char *why,
		size_t whylen);

/*
 * Append libete elements to @out in enc_check's terms (NO_SYNC after the
 * first, EVENT and the rest; EO_TRACE and the first NO_SYNC dropped).
 * *@nosync counts every NO_SYNC seen.  Returns 0 or -1 (no memory).
 */
int corpus_els_from_ete(struct enc_els *out, const struct ete_elem *e,
			size_t n, unsigned int *nosync);

/* Write @t as a snapshot directory @dir (created). Returns 0 or -1. */
int corpus_write(const struct corpus_trace *t, const char *dir);

#endif
