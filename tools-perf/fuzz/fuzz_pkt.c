// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the packet layer.  The first bytes pick the
 * configuration (ETE minor version, commit mode, VMID/CONTEXTID sizes, Q
 * support) and a chunk size; the rest is trace.  The same input decoded
 * whole and in chunks must give the same packets, and every packet must lie
 * inside the input.
 */
#include <stdlib.h>
#include <string.h>
#include <armtrace/ref_config.h>
#include <ete/pkt.h>

#define MAX_PKTS 4096

struct rec {
	int st;
	struct ete_pkt p;
};

static size_t run(const struct ete_pkt_config *cfg, const uint8_t *buf,
		  size_t len, size_t chunk, struct rec *out)
{
	struct ete_pkt_decoder d;
	size_t off = 0, n = 0;

	if (ete_pkt_decoder_init(&d, cfg))
		abort();
	while (off < len) {
		size_t c = chunk < len - off ? chunk : len - off, pos = 0;

		while (pos < c) {
			size_t used;
			int st;

			/* fields a packet type does not use are unspecified */
			memset(&out[n].p, 0, sizeof(out[n].p));
			st = ete_pkt_decode(&d, buf + off + pos, c - pos,
					    off + pos, &used, &out[n].p);

			if (used > c - pos)
				abort();
			pos += used;
			if (st == ETE_PKT_MORE) {
				if (pos != c)
					abort();
				continue;
			}
			if (out[n].p.offset >= len ||
			    out[n].p.offset + out[n].p.len > len ||
			    (st < 0) != (out[n].p.type == ETE_PKT_T_RESERVED ||
					 out[n].p.type == ETE_PKT_T_RESERVED_CFG ||
					 out[n].p.type == ETE_PKT_T_BAD_SEQUENCE))
				abort();
			out[n].st = st;
			if (n + 1 < MAX_PKTS)
				n++;
		}
		off += c;
	}
	memset(&out[n].p, 0, sizeof(out[n].p));
	if (ete_pkt_flush(&d, &out[n].p) != ETE_PKT_EOT) {
		out[n].st = ETE_PKT_ERR_TRUNCATED;
		n++;
	}
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rec a[MAX_PKTS + 1], b[MAX_PKTS + 1];
	struct ete_pkt_config cfg = {
		.trcidr0 = REF_Q_TRCIDR0, .trcidr1 = REF_TRCIDR1,
		.trcidr2 = REF_TRCIDR2,
		.trcconfigr = REF_TRCCONFIGR | TRCCONFIGR_VMIDOPT,
		.trcdevarch = REF_TRCDEVARCH,
	};
	size_t na, nb, chunk;

	if (size < 3)
		return 0;
	cfg.trcdevarch = REF_TRCDEVARCH_MINOR(data[0] & 0x3);
	if (data[0] & 0x04)
		cfg.trcidr0 &= ~TRCIDR0_COMMOPT;
	if (data[0] & 0x08)
		cfg.trcidr0 &= ~TRCIDR0_QSUPP;	/* no Q */
	cfg.trcidr2 = (cfg.trcidr2 & ~(TRCIDR2_VMIDSIZE | TRCIDR2_CIDSIZE)) |
		FIELD_PREP(TRCIDR2_VMIDSIZE, (data[0] >> 4) & 0x7) |
		FIELD_PREP(TRCIDR2_CIDSIZE, data[0] & 0x80 ? 4 : 0);
	cfg.trcidr8 = data[1];
	chunk = (data[2] % 17) + 1;
	data += 3;
	size -= 3;

	na = run(&cfg, data, size, size ? size : 1, a);
	nb = run(&cfg, data, size, chunk, b);
	if (na != nb)
		abort();
	for (size_t i = 0; i < na; i++)
		if (a[i].st != b[i].st || memcmp(&a[i].p, &b[i].p, sizeof(a[i].p)))
			abort();
	return 0;
}
