// SPDX-License-Identifier: GPL-2.0
/*
 * perf-ete synth: write a synthetic ETE trace of any size with its program
 * image, as a CoreSight snapshot directory (the .ini layout of the
 * reference snapshots), so that perf-ete dump, the decoders and the
 * benchmarks can read it.
 *
 *   perf-ete synth [--mb N] [--seed S] [--code-kb K] [--cci] [--ts]
 *                  [--cid] [--vmid] [--syncpr N] [--perf-data]
 *                  [--aux-kb K] [--aux-snapshot BYTES] DIR
 *
 * The program is a random A64 image (ete_path_gen_program()), the path a
 * seeded random walk through it with exceptions, context changes and
 * trace gaps (ete_path_*), the trace what libete's encoder makes of it.
 *
 * --perf-data also writes DIR/perf.data: the same trace as perf record
 * would have written it for one thread on one CPU (util/perf_data.h), in
 * AUX buffers of --aux-kb KiB (default 4096), with DIR/code.bin mapped
 * as the thread's code, for perf's decoders.  --aux-snapshot writes it as
 * perf record -S would have, with one snapshot of the trace's last BYTES
 * taken at its end.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <armtrace/ete_abi.h>
#include <armtrace/ete_regs.h>
#include <armtrace/ref_config.h>
#include <ete/enc.h>
#include <ete/path.h>
#include "util/num.h"
#include "util/perf_data.h"
#include "util/synth.h"

#define CODE_BASE	0x400000ull

struct synth_opts {
	uint64_t mb;
	uint64_t seed;
	uint64_t code_kb;
	uint32_t configr;
	uint32_t syncpr;
	uint64_t aux_kb;
	uint64_t snapshot;
	int perf_data;
	const char *dir;
};

static size_t file_sink(void *priv, const uint8_t *buf, size_t len)
{
	return fwrite(buf, 1, len, (FILE *)priv);
}

static int write_text(const char *dir, const char *name, const char *text)
{
	char path[4096];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		return -1;
	ok = fputs(text, f) >= 0;
	return (fclose(f) == 0 && ok) ? 0 : -1;
}

static int write_inis(const struct synth_opts *o,
		      const struct ete_enc_config *cfg, size_t code_len)
{
	char buf[2048];

	snprintf(buf, sizeof(buf),
		 "[device]\nname=ETE_0\nclass=trace_source\ntype=ETE\n\n"
		 "[regs]\nTRCCONFIGR=0x%" PRIx32 "\nTRCTRACEIDR=0x%" PRIx32
		 "\nTRCDEVARCH=0x%" PRIx32 "\nTRCIDR0=0x%" PRIx32
		 "\nTRCIDR1=0x%" PRIx32 "\nTRCIDR2=0x%" PRIx32
		 "\nTRCIDR8=0x%" PRIx32 "\n",
		 cfg->regs.trcconfigr, cfg->regs.trctraceidr,
		 cfg->regs.trcdevarch, cfg->regs.trcidr0, cfg->regs.trcidr1,
		 cfg->regs.trcidr2, cfg->regs.trcidr8);
	if (write_text(o->dir, "ETE_0.ini", buf))
		return -1;
	snprintf(buf, sizeof(buf),
		 "[device]\nname=cpu_0\nclass=core\ntype=ARM-AA64\n\n"
		 "[regs]\nPC(size:64)=0\n\n"
		 "[dump1]\nfile=code.bin\naddress=0x%llx\nlength=0x%zx\n",
		 (unsigned long long)CODE_BASE, code_len);
	if (write_text(o->dir, "cpu_0.ini", buf))
		return -1;
	if (write_text(o->dir, "snapshot.ini",
		       "[snapshot]\nversion=1.0\ndescription=perf-ete synth\n\n"
		       "[device_list]\ndevice0=cpu_0.ini\ndevice1=ETE_0.ini\n\n"
		       "[trace]\nmetadata=trace.ini\n"))
		return -1;
	return write_text(o->dir, "trace.ini",
			  "[trace_buffers]\nbuffers=buffer1\n\n"
			  "[buffer1]\nname=ETB_1\nfile=session1.bin\n"
			  "format=source_data\n\n"
			  "[source_buffers]\nETE_0=ETB_1\n\n"
			  "[core_trace_sources]\ncpu_0=ETE_0\n");
}

/* DIR/perf.data from DIR/session1.bin, with DIR/code.bin as the code. */
static int write_perf_data(const struct synth_opts *o,
			   const struct ete_enc_config *cfg, size_t code_len)
{
	struct perf_data_ete d = {
		.regs = cfg->regs, .pmu_type = 8, .pid = 1000,
		.comm = "synth", .code_base = CODE_BASE, .code_len = code_len,
		.aux_len = (size_t)o->aux_kb * 1024,
	};
	char fname[4096], code[4096], *abs;
	uint8_t *trace = NULL;
	long n = -1;
	FILE *f;
	int ret = -1;

	snprintf(fname, sizeof(fname), "%s/session1.bin", o->dir);
	f = fopen(fname, "rb");
	if (f && !fseek(f, 0, SEEK_END) && (n = ftell(f)) > 0 &&
	    !fseek(f, 0, SEEK_SET) && (trace = malloc((size_t)n)) &&
	    fread(trace, 1, (size_t)n, f) == (size_t)n) {
		snprintf(code, sizeof(code), "%s/code.bin", o->dir);
		abs = realpath(code, NULL);
		d.code_path = abs;
		d.trace = trace;
		d.trace_len = (size_t)n;
		d.snapshot_len = (size_t)o->snapshot;
		snprintf(fname, sizeof(fname), "%s/perf.data", o->dir);
		ret = abs ? perf_data_write_ete(fname, &d) : -1;
		free(abs);
	}
	if (ret)
		fprintf(stderr, "perf-ete synth: cannot write %s/perf.data: %s\n",
			o->dir, strerror(errno));
	if (f)
		fclose(f);
	free(trace);
	return ret;
}

static int usage(void)
{
	fprintf(stderr,
		"usage: perf-ete synth [--mb N] [--seed S] [--code-kb K] [--cci]\n"
		"                      [--ts] [--cid] [--vmid] [--syncpr N]\n"
		"                      [--perf-data] [--aux-kb K]\n"
		"                      [--aux-snapshot BYTES] DIR\n");
	return 2;
}

static int parse(int argc, char **argv, struct synth_opts *o)
{
	o->mb = 16;
	o->seed = 1;
	o->code_kb = 1024;
	o->configr = REF_TRCCONFIGR;
	o->syncpr = 12;
	o->aux_kb = 4096;
	o->snapshot = 0;
	o->perf_data = 0;
	o->dir = NULL;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		uint64_t v;

		if (!strcmp(a, "--mb") && i + 1 < argc) {
			if (parse_u64(argv[++i], 1u << 20, &o->mb))
				return -1;
		} else if (!strcmp(a, "--seed") && i + 1 < argc) {
			if (parse_u64(argv[++i], UINT64_MAX, &o->seed))
				return -1;
		} else if (!strcmp(a, "--code-kb") && i + 1 < argc) {
			if (parse_u64(argv[++i], UINT64_MAX, &o->code_kb))
				return -1;
		} else if (!strcmp(a, "--syncpr") && i + 1 < argc) {
			if (parse_u64(argv[++i], UINT32_MAX, &v))
				return -1;
			o->syncpr = (uint32_t)v;
		} else if (!strcmp(a, "--aux-kb") && i + 1 < argc) {
			if (parse_u64(argv[++i], 1u << 20, &o->aux_kb) ||
			    !o->aux_kb)
				return -1;
		} else if (!strcmp(a, "--aux-snapshot") && i + 1 < argc) {
			if (parse_u64(argv[++i], SIZE_MAX, &o->snapshot) ||
			    !o->snapshot)
				return -1;
		} else if (!strcmp(a, "--perf-data")) {
			o->perf_data = 1;
		} else if (!strcmp(a, "--cci")) {
			o->configr |= TRCCONFIGR_CCI;
		} else if (!strcmp(a, "--ts")) {
			o->configr |= TRCCONFIGR_TS;
		} else if (!strcmp(a, "--cid")) {
			o->configr |= TRCCONFIGR_CID;
		} else if (!strcmp(a, "--vmid")) {
			o->configr |= TRCCONFIGR_VMID;
		} else if (a[0] != '-' && !o->dir) {
			o->dir = a;
		} else {
			return -1;
		}
	}
	if (!o->dir || o->code_kb < 4 || o->code_kb > 65536)
		return -1;
	return 0;
}

int synth_main(int argc, char **argv)
{
	struct synth_opts o;
	struct ete_enc_config cfg = {
		/* The model's trace unit: what the guest would record */
		.regs = {
			.trcidr0 = REF_TRCIDR0, .trcidr1 = REF_TRCIDR1,
			.trcidr2 = REF_TRCIDR2, .trcidr8 = REF_TRCIDR8,
			.trcdevarch = REF_TRCDEVARCH,
			.trctraceidr = ETE_TRACE_ID(0),
		},
	};
	struct ete_enc_ctx ctx = { .el = 0, .ns = 1, .sf = 1, .vmid = 1,
				   .cid = 0x100 };
	struct ete_path_opts po = {
		.taken_pct = 55, .exc_pm = 8, .ctx_pm = 5, .gap_pm = 1,
		.ts_pm = 20, .cc_pm = 200, .cc_min = 0, .cc_max = 2000,
	};
	struct ete_path_image img;
	struct ete_enc_event ev;
	struct ete_enc enc;
	struct ete_path path;
	struct timespec t0, t1;
	uint64_t target, events = 0;
	uint8_t *code;
	char fname[4096];
	size_t len;
	FILE *f;
	double s;
	int st;

	if (parse(argc, argv, &o))
		return usage();
	cfg.regs.trcconfigr = o.configr;
	cfg.trcsyncpr = o.syncpr;
	po.seed = o.seed;
	if (!(o.configr & TRCCONFIGR_CCI))
		po.cc_pm = 0;
	if (mkdir(o.dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "perf-ete synth: %s: %s\n", o.dir,
			strerror(errno));
		return 1;
	}
	len = (size_t)o.code_kb * 1024;
	code = malloc(len);
	if (!code)
		return 1;
	ete_path_gen_program(code, len, o.seed, 15);
	snprintf(fname, sizeof(fname), "%s/code.bin", o.dir);
	f = fopen(fname, "wb");
	if (!f || fwrite(code, 1, len, f) != len || fclose(f)) {
		fprintf(stderr, "perf-ete synth: cannot write %s\n", fname);
		free(code);
		return 1;
	}
	if (write_inis(&o, &cfg, len)) {
		fprintf(stderr, "perf-ete synth: cannot write the .ini files\n");
		free(code);
		return 1;
	}
	snprintf(fname, sizeof(fname), "%s/session1.bin", o.dir);
	f = fopen(fname, "wb");
	if (!f) {
		free(code);
		return 1;
	}
	img.base = CODE_BASE;
	img.data = code;
	img.len = len;
	if (ete_enc_init(&enc, &cfg, &ctx) ||
	    ete_path_init(&path, &img, CODE_BASE + 0x1000, &ctx, &po)) {
		fclose(f);
		free(code);
		return 1;
	}
	ete_enc_set_sink(&enc, file_sink, f);
	target = o.mb << 20;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	st = 0;
	while (ete_enc_bytes(&enc) < target) {
		st = ete_path_next(&path, &ev);
		if (!st)
			st = ete_enc_event(&enc, &ev);
		if (st)
			break;
		events++;
	}
	if (!st)
		st = ete_enc_finish(&enc);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (fclose(f) || st) {
		fprintf(stderr, "perf-ete synth: %s\n", st ?
			ete_enc_status_name(st) : "write error");
		free(code);
		return 1;
	}
	if (o.perf_data && write_perf_data(&o, &cfg, len)) {
		free(code);
		return 1;
	}
	s = (double)(t1.tv_sec - t0.tv_sec) +
		(double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("%s: %" PRIu64 " bytes of trace, %" PRIu64
	       " events, %zu KiB of code; walk+encode %.2f s (%.1f Mevents/s, %.1f MB/s)\n",
	       o.dir, ete_enc_bytes(&enc), events, len / 1024, s,
	       s > 0 ? events / s / 1e6 : 0.0,
	       s > 0 ? ete_enc_bytes(&enc) / s / 1e6 : 0.0);
	free(code);
	return 0;
}
