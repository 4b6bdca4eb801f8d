// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the element layer: the input is raw ETE trace
 * (first byte picks a configuration: speculation depth, commit mode,
 * cycle counting, return stack), decoded against a small fixed image of
 * A64 code with every kind of waypoint, whole and then in two chunks; the
 * two element streams must agree.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <armtrace/ref_config.h>
#include <ete/dec.h>

static const uint32_t code[] = {
	0xd503201f, 0x14000002, 0xd503201f, 0x54000040,	/* nop; b; nop; b.eq */
	0x94000004, 0xb4ffff80, 0x3607ff60, 0xd61f0020,	/* bl; cbz; tbz; br */
	0xd63f0040, 0xd65f03c0, 0xd69f03e0, 0xd5033fdf,	/* blr; ret; eret; isb */
	0xd503207f, 0xd5233060, 0xd65f0bff, 0xd73f0822,	/* wfi; tstart; retaa; blraa */
	0xf4010040, 0x17fffff0, 0xd4000001, 0x00000000,	/* cbgt; b; svc; udf */
};

struct state {
	uint64_t n;
	uint64_t hash;
};

static int sink(void *ctx, const struct ete_elem *e, size_t n)
{
	struct state *s = ctx;

	for (size_t i = 0; i < n; i++)
		s->hash = (s->hash ^ (e[i].type ^ e[i].start ^ e[i].end << 7 ^
				      e[i].ninsn)) * 0x100000001b3ull;
	s->n += n;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ete_dec dec;
	struct ete_dec_config cfg;
	struct state a = { 0, 0 }, b = { 0, 0 };
	struct ete_img img;
	uint8_t sel;
	size_t cut;

	if (size < 1)
		return 0;
	sel = data[0];
	data++;
	size--;
	memset(&cfg, 0, sizeof(cfg));
	cfg.pkt.trcidr0 = REF_TRCIDR0 | ((sel & 1) ? TRCIDR0_COMMOPT : 0) |
		((sel & 2) ? TRCIDR0_COMMTRANS : 0);
	cfg.pkt.trcidr1 = REF_TRCIDR1;
	/* WFI/WFE as branches: the classification fuzzed too */
	cfg.pkt.trcidr2 = REF_TRCIDR2 | TRCIDR2_WFXMODE;
	cfg.pkt.trcidr8 = (sel >> 2) & 0xf ? ((sel >> 2) & 0xf) * 8 : 0;
	cfg.pkt.trcconfigr = REF_TRCCONFIGR |
		((sel & 0x40) ? TRCCONFIGR_CCI : 0) |
		((sel & 0x80) ? TRCCONFIGR_RS : 0);
	cfg.pkt.trcdevarch = REF_TRCDEVARCH_MINOR(3);
	cfg.trace_id = 1;
	cfg.flags = sel & 0x20 ? ETE_DEC_F_SRC_ADDR_N : 0;
	if (ete_img_init(&img))
		return 0;
	ete_img_add_buffer(&img, 0x1000, code, sizeof(code));
	ete_img_add_buffer(&img, 0xffff0000, code, sizeof(code) - 2);

	if (!ete_dec_init(&dec, &cfg, &img, sink, &a)) {
		ete_dec_decode(&dec, data, size, 0);
		ete_dec_flush(&dec);
	}
	cut = size ? sel % size : 0;
	if (!ete_dec_init(&dec, &cfg, &img, sink, &b)) {
		ete_dec_decode(&dec, data, cut, 0);
		ete_dec_decode(&dec, data + cut, size - cut, cut);
		ete_dec_flush(&dec);
	}
	if (a.n != b.n || a.hash != b.hash)
		abort();
	ete_img_free(&img);
	return 0;
}
