// SPDX-License-Identifier: GPL-2.0
/*
 * Element-level throughput, libete against the system's OpenCSD (C API,
 * ETE decoder), on the same inputs given the same way: trace bytes and
 * program image in memory, decoders set up once, each run decoding the
 * whole trace from a reset to end of trace, repeated for at least
 * --min-time seconds; the figure is the median of --runs runs.
 *
 *   bench-dec [--runs N] [--min-time S] PATH...
 *	PATH: a snapshot directory, or a directory of snapshots
 *   bench-dec [...] --raw FILE --image ADDR:FILE [--image ...]
 *	[--trcidr0 X] [--trcidr2 X] [--trcidr8 X] [--trcconfigr X]
 *	[--trcdevarch X]
 *
 * Prints a table per PATH: for each input and for one pass over all of
 * them, instructions/s, trace MB/s and packets/s for both decoders, and
 * the ratio of OpenCSD's time to libete's for the same input, with its
 * range over the runs.  Where both count the same instructions that is
 * the instructions/s ratio; where they do not (OpenCSD 1.3.3 misdecodes
 * some inputs: testdata/ete/README) the row is marked with a '*', since
 * their instructions/s measure different work and only time compares.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <opencsd/c_api/opencsd_c_api.h>
#include <armtrace/ete_regs.h>
#include <armtrace/ref_config.h>
#include <ete/dec.h>
#include "util/snapshot.h"
#include "bench_util.h"

#define MAX_RUNS	31

const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:ocsd_dt_set_gen_elem_outfn\n";
}

struct region {
	uint64_t addr;
	uint8_t *data;
	size_t len;
};

struct input {
	char name[256];
	struct ete_dec_config cfg;
	uint8_t *trace;
	size_t len;
	struct region reg[1024];
	size_t nreg;
};

struct count {
	uint64_t elems;
	uint64_t insns;
};

struct result {
	double t_ete, t_ocsd;		/* seconds per decode (median) */
	double t_ete_lo, t_ete_hi;	/* fastest and slowest run */
	double t_ocsd_lo, t_ocsd_hi;
	uint64_t bytes, packets, insns_ete, insns_ocsd;
};

static int ete_sink(void *ctx, const struct ete_elem *e, size_t n)
{
	struct count *c = ctx;

	(void)e;
	c->elems += n;
	return 0;
}

static ocsd_datapath_resp_t ocsd_sink(const void *ctx, ocsd_trc_index_t idx,
				      uint8_t id,
				      const ocsd_generic_trace_elem *e)
{
	struct count *c = (struct count *)ctx;

	(void)idx;
	(void)id;
	c->elems++;
	if (e->elem_type == OCSD_GEN_TRC_ELEM_INSTR_RANGE ||
	    e->elem_type == OCSD_GEN_TRC_ELEM_I_RANGE_NOPATH)
		c->insns += e->num_instr_range;
	return OCSD_RESP_CONT;
}

/*
 * One pass from a reset, as OpenCSD's gets (OCSD_OP_RESET): the decoder is
 * set up once, by the counted first pass, like OpenCSD's decode tree.
 */
static void ete_once(struct ete_dec *d, const struct input *in,
		     struct count *c)
{
	uint64_t before = d->n_insns;

	ete_dec_reset(d);
	ete_dec_decode(d, in->trace, in->len, 0);
	ete_dec_flush(d);
	c->insns += d->n_insns - before;
}

static void ocsd_once(dcd_tree_handle_t t, const struct input *in)
{
	size_t done = 0;

	ocsd_dt_process_data(t, OCSD_OP_RESET, 0, 0, NULL, NULL);
	while (done < in->len) {
		uint32_t used = 0;
		ocsd_datapath_resp_t r = ocsd_dt_process_data(t, OCSD_OP_DATA,
			done, (uint32_t)(in->len - done), in->trace + done,
			&used);

		done += used;
		if (OCSD_DATA_RESP_IS_FATAL(r) || !used) {
			ocsd_dt_process_data(t, OCSD_OP_RESET, 0, 0, NULL,
					     NULL);
			if (!used)
				done++;
		}
	}
	ocsd_dt_process_data(t, OCSD_OP_EOT, 0, 0, NULL, NULL);
}

#define CLOCK_GROUP	1e-4	/* seconds of passes per clock read */

/* Passes of libete (@d) or else OpenCSD (@t) lasting CLOCK_GROUP. */
static uint64_t group_size(struct ete_dec *d, dcd_tree_handle_t t,
			   const struct input *in, struct count *c)
{
	for (uint64_t g = 1;; g *= 2) {
		double t0 = bench_now();

		for (uint64_t i = 0; i < g; i++) {
			if (d)
				ete_once(d, in, c);
			else
				ocsd_once(t, in);
		}
		if (bench_now() - t0 >= CLOCK_GROUP)
			return g;
	}
}

static void bench(const struct input *in, int runs, double min_time,
		  struct result *r)
{
	double te[MAX_RUNS], to[MAX_RUNS];
	struct ete_dec *d = malloc(sizeof(*d));
	struct count ce = { 0, 0 }, co = { 0, 0 };
	struct ete_img img;
	dcd_tree_handle_t t;
	uint64_t ge, go;
	ocsd_ete_cfg oc = {
		.reg_idr0 = in->cfg.pkt.trcidr0,
		.reg_idr1 = in->cfg.pkt.trcidr1,
		.reg_idr2 = in->cfg.pkt.trcidr2,
		.reg_idr8 = in->cfg.pkt.trcidr8,
		.reg_devarch = in->cfg.pkt.trcdevarch,
		.reg_configr = in->cfg.pkt.trcconfigr,
		.reg_traceidr = in->cfg.pkt.trctraceidr,
		.arch_ver = ARCH_AA64,
		.core_prof = profile_CortexA,
	};
	unsigned char id;

	memset(r, 0, sizeof(*r));
	if (!d || ete_img_init(&img)) {
		free(d);
		return;
	}
	t = ocsd_create_dcd_tree(OCSD_TRC_SRC_SINGLE, 0);
	ocsd_dt_create_decoder(t, OCSD_BUILTIN_DCD_ETE,
			       OCSD_CREATE_FLG_FULL_DECODER, &oc, &id);
	for (size_t i = 0; i < in->nreg; i++) {
		ete_img_add_buffer(&img, in->reg[i].addr, in->reg[i].data,
				   in->reg[i].len);
		ocsd_dt_add_buffer_mem_acc(t, in->reg[i].addr,
					   OCSD_MEM_SPACE_ANY,
					   in->reg[i].data,
					   (uint32_t)in->reg[i].len);
	}
	ocsd_dt_set_gen_elem_outfn(t, ocsd_sink, &co);

	/* one counted pass each, then timed repeats */
	ete_dec_init(d, &in->cfg, &img, ete_sink, &ce);
	ete_once(d, in, &ce);
	ocsd_once(t, in);
	r->bytes = in->len;
	r->packets = d->n_packets;
	r->insns_ete = ce.insns;
	r->insns_ocsd = co.insns;
	/*
	 * The clock is read once per group of passes lasting at least
	 * CLOCK_GROUP seconds: a pass over the smallest snapshots is a few
	 * times as long as reading the clock.
	 */
	ge = group_size(d, NULL, in, &ce);
	go = group_size(NULL, t, in, &co);
	for (int k = 0; k < runs; k++) {
		double t0 = bench_now(), t1;
		uint64_t n = 0;

		do {
			for (uint64_t i = 0; i < ge; i++)
				ete_once(d, in, &ce);
			n += ge;
			t1 = bench_now();
		} while (t1 - t0 < min_time);
		te[k] = (t1 - t0) / n;
		t0 = bench_now();
		n = 0;
		do {
			for (uint64_t i = 0; i < go; i++)
				ocsd_once(t, in);
			n += go;
			t1 = bench_now();
		} while (t1 - t0 < min_time);
		to[k] = (t1 - t0) / n;
	}
	qsort(te, runs, sizeof(te[0]), bench_cmp_d);
	qsort(to, runs, sizeof(to[0]), bench_cmp_d);
	r->t_ete = te[runs / 2];
	r->t_ocsd = to[runs / 2];
	r->t_ete_lo = te[0];
	r->t_ete_hi = te[runs - 1];
	r->t_ocsd_lo = to[0];
	r->t_ocsd_hi = to[runs - 1];
	ocsd_destroy_dcd_tree(t);
	ete_img_free(&img);
	free(d);
}

static void header(const char *what)
{
	printf("\n%-22s %8s %7s %7s | %8s %7s %7s | %6s %s\n", what,
	       "libete", "MB/s", "Mpkt/s", "OpenCSD", "MB/s", "Mpkt/s",
	       "ratio", "(range)");
	printf("%-22s %8s %7s %7s | %8s %7s %7s | %6s\n", "",
	       "Minsn/s", "", "", "Minsn/s", "", "", "time");
}

/*
 * One line: median figures of both decoders, the time ratio, and its
 * range from the slowest libete run against the fastest OpenCSD run to
 * the other way round (the host may be shared); '*' when the two count
 * different instructions.
 */
static void report(const char *name, const struct result *r)
{
	double ie = r->insns_ete / r->t_ete, io = r->insns_ocsd / r->t_ocsd;
	double ratio = r->t_ete > 0 ? r->t_ocsd / r->t_ete : 0;

	printf("%-22s %8.1f %7.1f %7.2f | %8.2f %7.2f %7.2f | %5.1fx",
	       name, ie / 1e6, r->bytes / r->t_ete / 1e6,
	       r->packets / r->t_ete / 1e6, io / 1e6,
	       r->bytes / r->t_ocsd / 1e6, r->packets / r->t_ocsd / 1e6,
	       ratio);
	if (r->t_ete_lo > 0 && r->t_ocsd_lo > 0)
		printf(" (%.1f-%.1f)", ratio * r->t_ete / r->t_ete_hi *
		       r->t_ocsd_lo / r->t_ocsd,
		       ratio * r->t_ete / r->t_ete_lo *
		       r->t_ocsd_hi / r->t_ocsd);
	if (r->insns_ete != r->insns_ocsd)
		printf(" *");
	printf("\n");
}

static void free_input(struct input *in)
{
	for (size_t i = 0; i < in->nreg; i++)
		free(in->reg[i].data);
	free(in->trace);
	in->nreg = 0;
	in->trace = NULL;
}

/* Raw ETE snapshots only: the formatted one measures the deformatter. */
static int load_snapshot(const char *dir, struct input *in)
{
	const struct ss_device *src[1];
	struct ss_snapshot ss;
	char err[256];
	const char *base = strrchr(dir, '/');

	memset(in, 0, sizeof(*in));
	if (ss_load(dir, &ss, err, sizeof(err)))
		return -1;
	if (ss_buffer_is_formatted(&ss.buf[0]) ||
	    !ss_buffer_sources(&ss, &ss.buf[0], src, 1) ||
	    ss_read(dir, ss.buf[0].file, &in->trace, &in->len) || !in->len) {
		ss_free(&ss);
		return -1;
	}
	snprintf(in->name, sizeof(in->name), "%s", base ? base + 1 : dir);
	in->cfg.pkt = src[0]->ete;
	in->cfg.trace_id = ETE_FIELD_GET(TRCTRACEIDR_TRACEID,
					 src[0]->ete.trctraceidr);
	for (size_t i = 0; i < ss.ndev; i++) {
		for (size_t k = 0; k < ss.dev[i].ndumps && in->nreg < 1024;
		     k++) {
			const struct ss_dump *m = &ss.dev[i].dumps[k];
			struct region *g = &in->reg[in->nreg];
			int dup = 0;

			for (size_t j = 0; j < in->nreg; j++)
				dup |= in->reg[j].addr == m->address;
			if (dup || ss_read(dir, m->file, &g->data, &g->len))
				continue;
			if (m->length && m->length < g->len)
				g->len = m->length;
			g->addr = m->address;
			in->nreg++;
		}
	}
	ss_free(&ss);
	return 0;
}

static void add(struct result *tot, const struct result *r)
{
	/* totals: time for one pass over every input */
	tot->t_ete += r->t_ete;
	tot->t_ocsd += r->t_ocsd;
	tot->t_ete_lo += r->t_ete_lo;
	tot->t_ete_hi += r->t_ete_hi;
	tot->t_ocsd_lo += r->t_ocsd_lo;
	tot->t_ocsd_hi += r->t_ocsd_hi;
	tot->bytes += r->bytes;
	tot->packets += r->packets;
	tot->insns_ete += r->insns_ete;
	tot->insns_ocsd += r->insns_ocsd;
}

static void run_path(const char *path, int runs, double min_time,
		     struct result *tot)
{
	static struct input in;
	struct result r;
	char ini[4096 + 512];
	FILE *f;

	snprintf(ini, sizeof(ini), "%s/snapshot.ini", path);
	f = fopen(ini, "r");
	if (f) {
		fclose(f);
		if (load_snapshot(path, &in))
			return;
		bench(&in, runs, min_time, &r);
		report(in.name, &r);
		add(tot, &r);
		free_input(&in);
		return;
	} else {
		struct dirent **de;
		int n = scandir(path, &de, NULL, alphasort);

		for (int i = 0; i < n; i++) {
			char sub[4096 + 256];

			if (de[i]->d_name[0] != '.') {
				snprintf(sub, sizeof(sub), "%s/%s", path,
					 de[i]->d_name);
				snprintf(ini, sizeof(ini), "%s/snapshot.ini",
					 sub);
				f = fopen(ini, "r");
				if (f) {
					fclose(f);
					run_path(sub, runs, min_time, tot);
				}
			}
			free(de[i]);
		}
		if (n >= 0)
			free(de);
	}
}

int main(int argc, char **argv)
{
	static struct input raw;
	struct result tot;
	int runs = 5, npaths = 0;
	double min_time = 0.05;
	const char *rawfile = NULL;

	memset(&tot, 0, sizeof(tot));
	/* --raw: the model's trace unit, as perf-ete dump --raw assumes */
	raw.cfg.pkt = (struct ete_pkt_config){
		.trcidr0 = REF_TRCIDR0, .trcidr1 = REF_TRCIDR1,
		.trcidr2 = REF_TRCIDR2, .trcidr8 = REF_TRCIDR8,
		.trcconfigr = REF_TRCCONFIGR, .trcdevarch = REF_TRCDEVARCH,
		.trctraceidr = 0x1 };
	raw.cfg.trace_id = 1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--runs") && v) {
			runs = atoi(v);
			i++;
		} else if (!strcmp(a, "--min-time") && v) {
			min_time = atof(v);
			i++;
		} else if (!strcmp(a, "--raw") && v) {
			rawfile = v;
			i++;
		} else if (!strcmp(a, "--image") && v && raw.nreg < 1024) {
			struct region *g = &raw.reg[raw.nreg];
			char *colon;

			g->addr = strtoull(v, &colon, 0);
			if (*colon != ':' ||
			    ss_read("", colon + 1, &g->data, &g->len)) {
				fprintf(stderr, "bench-dec: bad --image %s\n",
					v);
				return 2;
			}
			raw.nreg++;
			i++;
		} else if (!strncmp(a, "--trc", 5) && v) {
			uint32_t x = (uint32_t)strtoul(v, NULL, 0);

			if (!strcmp(a, "--trcidr0"))
				raw.cfg.pkt.trcidr0 = x;
			else if (!strcmp(a, "--trcidr2"))
				raw.cfg.pkt.trcidr2 = x;
			else if (!strcmp(a, "--trcidr8"))
				raw.cfg.pkt.trcidr8 = x;
			else if (!strcmp(a, "--trcconfigr"))
				raw.cfg.pkt.trcconfigr = x;
			else if (!strcmp(a, "--trcdevarch"))
				raw.cfg.pkt.trcdevarch = x;
			i++;
		} else {
			struct result grp;
			const char *base = strrchr(a, '/');

			memset(&grp, 0, sizeof(grp));
			header(base && base[1] ? base + 1 : a);
			run_path(a, runs < 1 ? 1 : runs > MAX_RUNS ?
				 MAX_RUNS : runs, min_time, &grp);
			if (grp.bytes)
				report("  all (one pass each)", &grp);
			add(&tot, &grp);
			npaths++;
		}
	}
	if (runs < 1 || runs > MAX_RUNS)
		runs = runs < 1 ? 1 : MAX_RUNS;
	if (rawfile) {
		struct result r;

		if (ss_read("", rawfile, &raw.trace, &raw.len)) {
			fprintf(stderr, "bench-dec: cannot read %s\n", rawfile);
			return 1;
		}
		snprintf(raw.name, sizeof(raw.name), "%s", rawfile);
		header("raw trace");
		bench(&raw, runs, min_time, &r);
		report(raw.name, &r);
		add(&tot, &r);
		free_input(&raw);
	}
	if (!npaths && !rawfile) {
		fprintf(stderr, "usage: bench-dec [--runs N] [--min-time S] "
			"PATH... | --raw FILE --image ADDR:FILE...\n");
		return 2;
	}
	printf("\n# median of %d runs of >= %.2f s each; \"all\" and TOTAL "
	       "= one pass over every input\n", runs, min_time);
	printf("# ratio = OpenCSD's time / libete's for the same input (the "
	       "instructions/s ratio where both count alike); * = instruction "
	       "counts differ\n");
	report("TOTAL", &tot);
	return 0;
}
