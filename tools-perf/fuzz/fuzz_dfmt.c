// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the frame deformatter and the packet decoders
 * behind it: runs must stay inside their frame and decoders fed from them
 * must stay inside the runs.
 */
#include <stdlib.h>
#include <armtrace/ref_config.h>
#include <ete/dfmt.h>
#include <ete/pkt.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ete_pkt_decoder dec[2];
	static const struct ete_pkt_config cfg = {
		.trcidr0 = REF_TRCIDR0, .trcidr1 = REF_TRCIDR1,
		.trcidr2 = REF_TRCIDR2,
		.trcconfigr = REF_TRCCONFIGR | TRCCONFIGR_CID | TRCCONFIGR_VMID,
		.trcdevarch = REF_TRCDEVARCH,
	};
	struct ete_dfmt_run runs[ETE_DFMT_MAX_RUNS];
	struct ete_dfmt f;
	size_t off = 0;

	ete_dfmt_init(&f);
	for (int i = 0; i < 2; i++)
		if (ete_pkt_decoder_init(&dec[i], &cfg))
			abort();
	while (off < size) {
		size_t used;
		int n = ete_dfmt_decode(&f, data + off, size - off, off, &used,
					runs);

		if (!used || used > size - off || n < 0 ||
		    n > ETE_DFMT_MAX_RUNS)
			abort();
		for (int r = 0; r < n; r++) {
			const uint8_t *p = runs[r].data;
			size_t len = runs[r].len;
			uint64_t idx = runs[r].index;
			struct ete_pkt pkt;

			if (!len || len > sizeof(runs[r].data) ||
			    idx >= off + used)
				abort();
			if (runs[r].id != 0x10 && runs[r].id != 0x11)
				continue;
			while (len) {
				size_t u;
				int st = ete_pkt_decode(&dec[runs[r].id & 1],
							p, len, idx, &u, &pkt);

				if (u > len || (st == ETE_PKT_MORE && u != len))
					abort();
				p += u;
				len -= u;
				idx += u;
			}
		}
		off += used;
	}
	return 0;
}
