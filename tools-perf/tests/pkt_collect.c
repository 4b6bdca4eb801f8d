// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <armtrace/ref_config.h>
#include "pkt_collect.h"

/* The reference unit with Q, at ETE 1.3, VMID from CONTEXTIDR_EL2 */
const struct ete_pkt_config test_cfg = {
	.trcidr0 = REF_Q_TRCIDR0,
	.trcidr1 = REF_TRCIDR1,
	.trcidr2 = REF_TRCIDR2,
	.trcidr8 = REF_TRCIDR8,
	.trcconfigr = REF_TRCCONFIGR | TRCCONFIGR_VMIDOPT,
	.trcdevarch = REF_TRCDEVARCH_MINOR(3),
	.trctraceidr = 0x1,
};

/*
 * Append a packet.  The arrays grow geometrically (capacity 16, then the
 * next power of two, implied by l->n): one packet at a time made long
 * traces quadratic, badly so under ASan.
 */
static int push(struct pkt_list *l, int st, const struct ete_pkt *p)
{
	if (!l->n || (l->n >= 16 && !(l->n & (l->n - 1)))) {
		size_t cap = l->n ? 2 * l->n : 16;
		struct ete_pkt *np = realloc(l->p, cap * sizeof(*np));
		int *ns;

		if (!np)
			return -1;
		l->p = np;
		ns = realloc(l->status, cap * sizeof(*ns));
		if (!ns)
			return -1;
		l->status = ns;
	}
	l->p[l->n] = *p;
	l->status[l->n] = st;
	l->n++;
	return 0;
}

int pkt_collect(const struct ete_pkt_config *cfg, const uint8_t *buf,
		size_t len, size_t chunk, struct pkt_list *out)
{
	struct ete_pkt_decoder d;
	struct ete_pkt pkt;
	size_t off = 0;
	int st;

	out->p = NULL;
	out->status = NULL;
	out->n = 0;
	if (ete_pkt_decoder_init(&d, cfg))
		return -1;
	while (off < len) {
		size_t n = chunk && chunk < len - off ? chunk : len - off;
		size_t pos = 0;

		while (pos < n) {
			size_t used;

			memset(&pkt, 0, sizeof(pkt));
			st = ete_pkt_decode(&d, buf + off + pos, n - pos,
					    off + pos, &used, &pkt);
			if (used > n - pos)
				return -1;
			pos += used;
			if (st == ETE_PKT_MORE) {
				if (pos != n)
					return -1;
				continue;
			}
			if (push(out, st, &pkt))
				return -1;
		}
		off += n;
	}
	memset(&pkt, 0, sizeof(pkt));
	st = ete_pkt_flush(&d, &pkt);
	if (st != ETE_PKT_EOT && push(out, st, &pkt))
		return -1;
	return 0;
}

void pkt_list_free(struct pkt_list *l)
{
	free(l->p);
	free(l->status);
	l->p = NULL;
	l->status = NULL;
	l->n = 0;
}
