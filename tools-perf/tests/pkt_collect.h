/* SPDX-License-Identifier: GPL-2.0 */
/* Test helper: decode a byte array into an array of packets + statuses. */
#ifndef _ETE_TEST_PKT_COLLECT_H
#define _ETE_TEST_PKT_COLLECT_H

#include <stddef.h>
#include <stdint.h>
#include <ete/pkt.h>

struct pkt_list {
	struct ete_pkt *p;
	int *status;
	size_t n;
};

/* The configuration of most reference snapshots (ETE 1.3, CCI, Q). */
extern const struct ete_pkt_config test_cfg;

/*
 * Decode @len bytes in chunks of at most @chunk bytes (0: all at once),
 * flushing at the end.  Returns 0, or -1 if the decoder misbehaved (a call
 * consuming nothing while input remained, or consuming more than given).
 */
int pkt_collect(const struct ete_pkt_config *cfg, const uint8_t *buf,
		size_t len, size_t chunk, struct pkt_list *out);
void pkt_list_free(struct pkt_list *l);

#endif
