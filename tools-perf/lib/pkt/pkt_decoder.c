// SPDX-License-Identifier: GPL-2.0
/*
 * Streaming driver of the packet layer.
 *
 * Once synchronised, a packet is parsed straight from the caller's buffer
 * when it lies there whole; only a packet cut by the end of a chunk is
 * copied into the decoder (at most ETE_PKT_MAX_LEN bytes) and completed by
 * the next call.  Parsers see the same bytes either way, so the packets do
 * not depend on how the input was chunked:
 *
 *   buf:  [ pkt | pkt | pkt | pk]      next buf: [t | pkt ...]
 *                             '--> part[] <--------'
 */
#include <string.h>
#include "pkt_internal.h"

int ete_pkt_decoder_init(struct ete_pkt_decoder *d,
			 const struct ete_pkt_config *cfg)
{
	uint32_t vmid, cid;

	if (!d || !cfg)
		return ETE_PKT_ERR_INVAL;
	memset(d, 0, sizeof(*d));
	if (ETE_FIELD_GET(TRCDEVARCH_ARCHVER, cfg->trcdevarch) !=
	    TRCDEVARCH_ARCHVER_ETE)
		return ETE_PKT_ERR_INVAL;
	d->ete_minor = ETE_FIELD_GET(TRCDEVARCH_REVISION, cfg->trcdevarch);
	d->max_spec = cfg->trcidr8;
	d->cc_mask = (uint32_t)((1ull << (ETE_FIELD_GET(TRCIDR2_CCSIZE,
						cfg->trcidr2) +
					   TRCIDR2_CCSIZE_BASE)) - 1);
	/* TRCIDR0.COMMOPT only matters when cycle counting exists */
	d->commit_opt1 = (cfg->trcidr0 & TRCIDR0_COMMOPT) &&
		(cfg->trcidr0 & TRCIDR0_TRCCCI);
	vmid = ETE_FIELD_GET(TRCIDR2_VMIDSIZE, cfg->trcidr2);
	d->vmid_bytes = vmid == TRCIDR2_VMIDSIZE_8 ? 1 :
		vmid == TRCIDR2_VMIDSIZE_16 ? 2 :
		vmid == TRCIDR2_VMIDSIZE_32 ? 4 : 0;
	cid = ETE_FIELD_GET(TRCIDR2_CIDSIZE, cfg->trcidr2);
	d->cid_bytes = cid == TRCIDR2_CIDSIZE_32 ? 4 : 0;
	ete_pkt_build_table(d, cfg);
	ete_pkt_state_reset(d);
	return ETE_PKT_OK;
}

void ete_pkt_decoder_reset(struct ete_pkt_decoder *d)
{
	ete_pkt_state_reset(d);
}

/*
 * Only the per-packet flags and counts are cleared here; each parser sets
 * every other field its packet type uses (see struct ete_pkt), which keeps
 * the per-packet cost to a few stores.
 */
static inline void pkt_start(const struct ete_pkt_decoder *d,
			     struct ete_pkt *pkt, uint8_t hdr, uint64_t off)
{
	pkt->offset = off;
	pkt->err_type = ETE_PKT_T_NONE;
	pkt->cc_valid = 0;
	pkt->commit_valid = 0;
	pkt->atom_num = 0;
	pkt->atom_bits = 0;
	pkt->cancel = 0;
	pkt->commit = 0;
	pkt->cc = 0;
	pkt->match_idx = 0;
	memset(&pkt->q, 0, sizeof(pkt->q));
	pkt->hdr = hdr;
	pkt->type = (enum ete_pkt_type)d->hdr_type[hdr];
}

/* @n bytes at @p could not complete a packet of the maximum length. */
static int overlong(struct ete_pkt *pkt)
{
	pkt->err_type = pkt->type;
	pkt->type = ETE_PKT_T_BAD_SEQUENCE;
	pkt->len = ETE_PKT_MAX_LEN;
	return ETE_PKT_ERR_SEQUENCE;
}

static int finish(struct ete_pkt *pkt, unsigned int len)
{
	pkt->len = (uint8_t)len;
	return ete_pkt_type_status(pkt->type);
}

static int decode_unsynced(struct ete_pkt_decoder *d, const uint8_t *buf,
			   size_t len, uint64_t index, size_t *used,
			   struct ete_pkt *pkt)
{
	size_t i = 0;

	/*
	 * Most traces start with an A-Sync: with nothing held, the whole
	 * packet at the first byte is what the search below would report,
	 * and is taken at once.
	 */
	if (!d->part_len && d->sync_mode == SYNC_NOT_SYNC &&
	    len >= ETE_ASYNC_LEN && buf[ETE_ASYNC_LEN - 1] == ETE_ASYNC_END &&
	    !memcmp(buf, buf + 1, ETE_ASYNC_LEN - 2) && !buf[0]) {
		memset(pkt, 0, sizeof(*pkt));
		pkt->offset = index;
		pkt->len = ETE_ASYNC_LEN;
		pkt->type = ETE_PKT_T_ASYNC;
		d->synced = 1;
		*used = ETE_ASYNC_LEN;
		return ete_pkt_type_status(pkt->type);
	}
	while (i < len) {
		uint8_t b = buf[i];

		i++;
		if (ete_pkt_sync_byte(d, b, index + i - 1, pkt)) {
			*used = i;
			return ete_pkt_type_status(pkt->type);
		}
	}
	*used = len;
	return ETE_PKT_MORE;
}

/* Complete the packet held in part[] with bytes from @buf. */
static int decode_partial(struct ete_pkt_decoder *d, const uint8_t *buf,
			  size_t len, size_t *used, struct ete_pkt *pkt)
{
	unsigned int have = d->part_len;
	unsigned int k = ETE_PKT_MAX_LEN - have;
	unsigned int r;

	if (k > len)
		k = (unsigned int)len;
	memcpy(d->part + have, buf, k);
	pkt_start(d, pkt, d->part[0], d->part_index);
	r = ete_parsers[d->hdr_parser[d->part[0]]](d, d->part, have + k, pkt);
	if (!r) {
		if (have + k == ETE_PKT_MAX_LEN) {
			d->part_len = 0;
			*used = k;
			return overlong(pkt);
		}
		d->part_len = (uint8_t)(have + k);
		*used = k;
		return ETE_PKT_MORE;
	}
	d->part_len = 0;
	*used = r - have;
	return finish(pkt, r);
}

int ete_pkt_decode(struct ete_pkt_decoder *d, const uint8_t *buf, size_t len,
		   uint64_t index, size_t *used, struct ete_pkt *pkt)
{
	unsigned int n, r;

	*used = 0;
	if (!d->synced)
		return decode_unsynced(d, buf, len, index, used, pkt);
	if (d->part_len)
		return decode_partial(d, buf, len, used, pkt);
	if (!len)
		return ETE_PKT_MORE;

	n = len < ETE_PKT_MAX_LEN ? (unsigned int)len : ETE_PKT_MAX_LEN;
	pkt_start(d, pkt, buf[0], index);
	r = ete_parsers[d->hdr_parser[buf[0]]](d, buf, n, pkt);
	if (r) {
		*used = r;
		return finish(pkt, r);
	}
	if (n == ETE_PKT_MAX_LEN) {
		*used = n;
		return overlong(pkt);
	}
	memcpy(d->part, buf, n);
	d->part_len = (uint8_t)n;
	d->part_index = index;
	*used = n;
	return ETE_PKT_MORE;
}

int ete_pkt_flush(struct ete_pkt_decoder *d, struct ete_pkt *pkt)
{
	uint8_t hdr;

	if (!d->synced)
		return ete_pkt_sync_flush(d, pkt);
	if (!d->part_len)
		return ETE_PKT_EOT;
	hdr = d->part[0];
	pkt_start(d, pkt, hdr, d->part_index);
	/* an extension header followed by 0x00 was becoming an A-Sync */
	if (hdr == ETE_HDR_EXTENSION && d->part_len > 1 &&
	    d->part[1] == ETE_EXT_ASYNC)
		pkt->type = ETE_PKT_T_ASYNC;
	pkt->err_type = pkt->type;
	pkt->type = ETE_PKT_T_INCOMPLETE_EOT;
	pkt->len = d->part_len;
	d->part_len = 0;
	return ETE_PKT_ERR_TRUNCATED;
}
