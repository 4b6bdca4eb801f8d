// SPDX-License-Identifier: GPL-2.0
/*
 * Finding the first A-Sync.  Until then the decoder looks at one byte at a
 * time, as OpenCSD's packet processor does, so that the skipped bytes, the
 * single "not synchronised" report and its offset are the same:
 *
 *  - up to 8 unusable bytes are held, then dropped; the first drop is
 *    reported as one NOT_SYNC packet at the offset of the first byte;
 *  - a 0x00 drops what is held and may start an A-Sync;
 *  - inside a run of zeros only the last 11 are kept, so an A-Sync is
 *    found however many zeros precede it.  A zero dropped from the front
 *    is not synchronised data like any other (the first drop reported as
 *    NOT_SYNC) and the held bytes' offset moves past it, so that the
 *    packets reported never overlap: twelve zeros then 0x80 are NOT_SYNC
 *    at 0 and the A-Sync at 1 (OpenCSD 1.8.0 reports the dropped zero as
 *    an I_ASYNC at 0 and keeps the next packet at 0 too, but an A-Sync is
 *    eleven zeros then 0x80, and a byte belongs to one packet).
 */
#include <string.h>
#include "pkt_internal.h"

/* Bytes held before they are dropped as unusable. */
#define NOT_SYNC_HOLD	8u

/* Drop the first @n held bytes; the first drop is reported as NOT_SYNC. */
static int drop(struct ete_pkt_decoder *d, unsigned int n,
		struct ete_pkt *pkt)
{
	int emit = !d->sent_notsync;

	if (emit) {
		memset(pkt, 0, sizeof(*pkt));
		pkt->offset = d->part_index;
		pkt->type = ETE_PKT_T_NOT_SYNC;
		pkt->len = (uint8_t)n;
		pkt->hdr = d->part[0];
		d->sent_notsync = 1;
	}
	memmove(d->part, d->part + n, d->part_len - n);
	d->part_len -= n;
	d->part_index += n;
	return emit;
}

/*
 * Feed byte @b (index @idx).  Returns 1 with *@pkt set when a packet is
 * reported, else 0.
 */
int ete_pkt_sync_byte(struct ete_pkt_decoder *d, uint8_t b, uint64_t idx,
		      struct ete_pkt *pkt)
{
	int emit = 0;

	if (d->part_len == 0)
		d->part_index = idx;
	d->part[d->part_len++] = b;

	switch (d->sync_mode) {
	case SYNC_NOT_SYNC:
		if (b == ETE_HDR_EXTENSION) {
			if (d->part_len > 1)
				emit = drop(d, d->part_len - 1, pkt);
			d->part_index = idx;
			d->sync_mode = SYNC_EXT;
		} else if (d->part_len >= NOT_SYNC_HOLD) {
			emit = drop(d, d->part_len, pkt);
		}
		break;
	case SYNC_EXT:
		d->sync_mode = b == ETE_EXT_ASYNC ? SYNC_ASYNC : SYNC_NOT_SYNC;
		break;
	case SYNC_ASYNC:
		if (b != 0) {
			if (d->part_len != ETE_ASYNC_LEN) {
				d->sync_mode = SYNC_NOT_SYNC;
				break;
			}
			memset(pkt, 0, sizeof(*pkt));
			pkt->offset = d->part_index;
			pkt->len = ETE_ASYNC_LEN;
			pkt->hdr = d->part[0];
			if (b == ETE_ASYNC_END) {
				pkt->type = ETE_PKT_T_ASYNC;
				d->synced = 1;
			} else {
				pkt->type = ETE_PKT_T_BAD_SEQUENCE;
				pkt->err_type = ETE_PKT_T_ASYNC;
			}
			d->part_len = 0;
			d->sync_mode = SYNC_NOT_SYNC;
			emit = 1;
		} else if (d->part_len == ETE_ASYNC_LEN) {
			/* too many zeros: the oldest cannot start an A-Sync */
			emit = drop(d, 1, pkt);
		}
		break;
	}
	return emit;
}

/* End of trace before synchronisation: report what is held. */
int ete_pkt_sync_flush(struct ete_pkt_decoder *d, struct ete_pkt *pkt)
{
	if (!d->part_len)
		return ETE_PKT_EOT;
	memset(pkt, 0, sizeof(*pkt));
	pkt->offset = d->part_index;
	pkt->type = ETE_PKT_T_INCOMPLETE_EOT;
	pkt->err_type = d->sync_mode == SYNC_ASYNC ? ETE_PKT_T_ASYNC :
		ETE_PKT_T_NOT_SYNC;
	pkt->len = d->part_len;
	pkt->hdr = d->part[0];
	d->part_len = 0;
	return ETE_PKT_ERR_TRUNCATED;
}
