// SPDX-License-Identifier: GPL-2.0
/*
 * Encoder throughput: a path of 2M events is walked once into memory,
 * then encoded (median of 5 runs) into a caller buffer, as the hardware
 * model would call the encoder: events/s and trace MB/s, encoder only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <armtrace/ete_abi.h>
#include <armtrace/ref_config.h>
#include <ete/enc.h>
#include <ete/path.h>

#define NEV	(2u << 20)
#define RUNS	5

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int bench(const char *name, uint32_t configr, uint16_t cc_pm)
{
	struct ete_enc_config cfg = {
		.regs = { .trcidr0 = REF_TRCIDR0, .trcidr1 = REF_TRCIDR1,
			  .trcidr2 = REF_TRCIDR2, .trcdevarch = REF_TRCDEVARCH,
			  .trctraceidr = ETE_TRACE_ID(0), .trcconfigr = configr },
		.trcsyncpr = 12,
	};
	struct ete_enc_ctx ctx = { .el = 0, .ns = 1, .sf = 1 };
	struct ete_path_opts po = { .seed = 7, .taken_pct = 55, .exc_pm = 8,
				    .ctx_pm = 5, .gap_pm = 1, .ts_pm = 20,
				    .cc_pm = cc_pm, .cc_max = 2000 };
	struct ete_enc_event *ev = malloc(NEV * sizeof(*ev));
	size_t cap = 64u << 20;
	uint8_t *buf = malloc(cap), *code = malloc(1u << 20);
	struct ete_path_image img = { 0x400000, code, 1u << 20 };
	struct ete_path p;
	struct ete_enc e;
	double t[RUNS];
	uint64_t bytes = 0;

	if (!ev || !buf || !code)
		return 1;
	ete_path_gen_program(code, img.len, 7, 15);
	if (ete_path_init(&p, &img, img.base + 0x1000, &ctx, &po))
		return 1;
	for (size_t i = 0; i < NEV; i++)
		if (ete_path_next(&p, &ev[i]))
			return 1;
	for (int r = 0; r < RUNS; r++) {
		double t0 = now();

		ete_enc_init(&e, &cfg, &ctx);
		ete_enc_set_buffer(&e, buf, cap);
		for (size_t i = 0; i < NEV; i++)
			ete_enc_event(&e, &ev[i]);
		ete_enc_finish(&e);
		t[r] = now() - t0;
		bytes = ete_enc_bytes(&e);
	}
	qsort(t, RUNS, sizeof(t[0]), cmp);
	printf("%-10s %7.1f Mevents/s %8.1f MB/s  (%u events -> %llu bytes, %.2f bytes/event)\n",
	       name, NEV / t[RUNS / 2] / 1e6, bytes / t[RUNS / 2] / 1e6, NEV,
	       (unsigned long long)bytes, (double)bytes / NEV);
	free(ev);
	free(buf);
	free(code);
	return 0;
}

int main(void)
{
	return bench("plain", 0x1, 0) || bench("cci ts cid", 0x8d1, 200);
}
