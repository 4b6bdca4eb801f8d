// SPDX-License-Identifier: GPL-2.0
/*
 * State the packets build up between them: the current address and the
 * three-entry address history that Exact Match packets index, the PE
 * context, the timestamp and the Trace Info values.
 */
#include <string.h>
#include "pkt_internal.h"

/*
 * Trace Info resets the address history to zero (ETE: "the address
 * registers are reset to zero on a Trace Info packet"), with all 64 bits
 * then known.
 */
void ete_pkt_addr_stack_reset(struct ete_pkt_decoder *d)
{
	for (unsigned int i = 0; i < ETE_ADDR_STACK_DEPTH; i++) {
		d->stack[i].val = 0;
		d->stack[i].valid_bits = 64;
		d->stack[i].pkt_bits = 0;
		d->stack[i].is = 0;
	}
	d->addr = d->stack[0];
}

void ete_pkt_state_reset(struct ete_pkt_decoder *d)
{
	d->synced = 0;
	d->sent_notsync = 0;
	d->sync_mode = SYNC_NOT_SYNC;
	d->first_tinfo_seen = 0;
	d->part_len = 0;
	d->part_index = 0;
	/*
	 * Before the first Trace Info no bit of the current address is known;
	 * the history registers start as zero (OpenCSD does the same).
	 */
	ete_pkt_addr_stack_reset(d);
	memset(&d->addr, 0, sizeof(d->addr));
	memset(&d->ctx, 0, sizeof(d->ctx));
	d->ts = 0;
	d->ts_valid = 0;
	d->cc_threshold = 0;
	d->cc_threshold_valid = 0;
	d->spec_depth = 0;
	d->info = 0;
}
