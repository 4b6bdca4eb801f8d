/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Decode an ETE byte stream with the system's OpenCSD (Debian 1.3.3, C
 * API) into the test element list of enc_check.h: the independent
 * reference for the encoder.
 */
#ifndef _ETE_TEST_ENC_OCSD_H
#define _ETE_TEST_ENC_OCSD_H

#include <stddef.h>
#include <stdint.h>
#include <ete/pkt.h>
#include "enc_check.h"

struct enc_mem {
	uint64_t base;
	const uint8_t *data;
	size_t len;
};

struct enc_ocsd_stats {
	unsigned int errors;		/* error/fatal data path responses */
	unsigned int bad_headers;
	unsigned int bad_sequences;
	unsigned int no_sync;		/* NO_SYNC elements after the first */
	unsigned int nacc;		/* ADDR_NACC, ADDR_UNKNOWN, NOPATH */
	unsigned int eot;
	char last_err[256];
};

int enc_ocsd_decode(const struct ete_pkt_config *regs,
		    const struct enc_mem *mem, size_t nmem,
		    const uint8_t *trace, size_t len, struct enc_els *out,
		    struct enc_ocsd_stats *st);

#endif
