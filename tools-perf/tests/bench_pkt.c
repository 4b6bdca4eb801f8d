// SPDX-License-Identifier: GPL-2.0
/*
 * Packet-layer throughput, one core: every raw trace under the given paths
 * (snapshot directories, or directories of them; the extra paths in
 * $BENCH_PKT_INPUTS too) decoded from memory, three ways:
 *
 *   single   ete_pkt_decode(), one struct ete_pkt per call
 *   batch    ete_pkt_decode_batch() into 24-byte records, ete_pkt_decode()
 *            for the packets it leaves
 *   OpenCSD  the anchor: Debian's OpenCSD, its ETE decoder created as a
 *            packet processor only (OCSD_CREATE_FLG_PACKET_PROC).  The
 *            1.3.3 C API attaches no packet callback to an ETE decoder
 *            (OCSD_ERR_NO_PROTOCOL), so its packets are decoded and
 *            dropped, uncounted: a sink would only add to its time.
 *
 * Ratios are OpenCSD's time over libete's for the same bytes.
 *
 * A run decodes each trace whole (decoder reset included) until at least
 * --min-time seconds have passed; the figure is the median of --runs runs.
 * Totals per path are one pass over every trace under it (so a 13-byte
 * snapshot weighs 13 bytes), in MB/s and packets/s.
 *
 *   bench-pkt [--runs N] [--min-time S] PATH...
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <opencsd/c_api/opencsd_c_api.h>
#include "util/snapshot.h"
#include "bench_util.h"

#define MAX_RUNS	31
#define NREC		256

struct total {
	double t_single, t_batch, t_ocsd;	/* seconds for one pass */
	uint64_t bytes, packets;
	unsigned int traces, ocsd_short;	/* OpenCSD stopped early */
};

/* OpenCSD's packet processor over one trace */
struct ocsd {
	dcd_tree_handle_t tree;
};

static int runs = 5;
static double min_time = 0.05;

static uint64_t pass_single(void *ctx, const uint8_t *buf, size_t len)
{
	struct ete_pkt_decoder *d = ctx;
	struct ete_pkt pkt;
	uint64_t n = 0;
	size_t off = 0;

	ete_pkt_decoder_reset(d);
	while (off < len) {
		size_t used;

		if (ete_pkt_decode(d, buf + off, len - off, off, &used,
				   &pkt) != ETE_PKT_MORE)
			n++;
		off += used;
	}
	return n + (ete_pkt_flush(d, &pkt) != ETE_PKT_EOT);
}

static uint64_t pass_batch(void *ctx, const uint8_t *buf, size_t len)
{
	struct ete_pkt_decoder *d = ctx;
	static struct ete_pkt_rec rec[NREC];
	struct ete_pkt pkt;
	uint64_t n = 0;
	size_t off = 0;

	ete_pkt_decoder_reset(d);
	while (off < len) {
		size_t used, k;

		k = ete_pkt_decode_batch(d, buf + off, len - off, &used, rec,
					 NREC);
		off += used;
		n += k;
		if (k)
			continue;
		if (ete_pkt_decode(d, buf + off, len - off, off, &used,
				   &pkt) != ETE_PKT_MORE)
			n++;
		off += used;
	}
	return n + (ete_pkt_flush(d, &pkt) != ETE_PKT_EOT);
}

static int ocsd_open(struct ocsd *o, const struct ete_pkt_config *c)
{
	ocsd_ete_cfg oc = {
		.reg_idr0 = c->trcidr0,
		.reg_idr1 = c->trcidr1,
		.reg_idr2 = c->trcidr2,
		.reg_idr8 = c->trcidr8,
		.reg_devarch = c->trcdevarch,
		.reg_configr = c->trcconfigr,
		.reg_traceidr = c->trctraceidr,
		.arch_ver = ARCH_AA64,
		.core_prof = profile_CortexA,
	};
	unsigned char id;

	o->tree = ocsd_create_dcd_tree(OCSD_TRC_SRC_SINGLE, 0);
	if (!o->tree)
		return -1;
	if (ocsd_dt_create_decoder(o->tree, OCSD_BUILTIN_DCD_ETE,
				   OCSD_CREATE_FLG_PACKET_PROC, &oc, &id)) {
		ocsd_destroy_dcd_tree(o->tree);
		return -1;
	}
	return 0;
}

/*
 * One pass from a reset, as bench-dec gives OpenCSD's full decoder.
 * Returns the bytes it took: all of them, unless it stopped on a fatal
 * error.
 */
static uint64_t pass_ocsd(void *ctx, const uint8_t *buf, size_t len)
{
	struct ocsd *o = ctx;
	size_t done = 0;

	ocsd_dt_process_data(o->tree, OCSD_OP_RESET, 0, 0, NULL, NULL);
	while (done < len) {
		uint32_t used = 0;
		ocsd_datapath_resp_t r = ocsd_dt_process_data(o->tree,
			OCSD_OP_DATA, done, (uint32_t)(len - done),
			buf + done, &used);

		done += used;
		if (OCSD_DATA_RESP_IS_FATAL(r) || !used)
			break;
	}
	ocsd_dt_process_data(o->tree, OCSD_OP_EOT, 0, 0, NULL, NULL);
	return done;
}

/*
 * Median seconds per pass of @fn over @buf.  The clock is read once per
 * group of passes lasting at least CLOCK_GROUP seconds: a pass over the
 * smallest snapshots is a few times as long as reading the clock.
 */
#define CLOCK_GROUP	1e-4

typedef uint64_t (*pass_fn)(void *ctx, const uint8_t *buf, size_t len);

static double time_passes(pass_fn fn, void *d, const uint8_t *buf,
			  size_t len)
{
	double t[MAX_RUNS];
	uint64_t group = 1;

	for (;;) {
		double t0 = bench_now();

		for (uint64_t i = 0; i < group; i++)
			fn(d, buf, len);
		if (bench_now() - t0 >= CLOCK_GROUP)
			break;
		group *= 2;
	}
	for (int k = 0; k < runs; k++) {
		double t0 = bench_now(), t1;
		uint64_t n = 0;

		do {
			for (uint64_t i = 0; i < group; i++)
				fn(d, buf, len);
			n += group;
			t1 = bench_now();
		} while (t1 - t0 < min_time);
		t[k] = (t1 - t0) / n;
	}
	qsort(t, runs, sizeof(t[0]), bench_cmp_d);
	return t[runs / 2];
}

static void bench_snapshot(const char *dir, struct total *tot)
{
	const struct ss_device *src[1];
	struct ete_pkt_decoder d;
	struct ss_snapshot ss;
	struct ocsd o;
	char err[256];
	uint8_t *data;
	size_t len;
	uint64_t n1, n2;

	if (ss_load(dir, &ss, err, sizeof(err)))
		return;
	if (ss_buffer_is_formatted(&ss.buf[0]) ||
	    !ss_buffer_sources(&ss, &ss.buf[0], src, 1) ||
	    ss_read(dir, ss.buf[0].file, &data, &len) || !len) {
		ss_free(&ss);
		return;
	}
	ete_pkt_decoder_init(&d, &src[0]->ete);
	n1 = pass_single(&d, data, len);
	n2 = pass_batch(&d, data, len);
	if (n1 != n2)
		fprintf(stderr, "bench-pkt: %s: %llu packets single, %llu "
			"batch\n", dir, (unsigned long long)n1,
			(unsigned long long)n2);
	tot->t_single += time_passes(pass_single, &d, data, len);
	tot->t_batch += time_passes(pass_batch, &d, data, len);
	if (!ocsd_open(&o, &src[0]->ete)) {
		tot->ocsd_short += pass_ocsd(&o, data, len) != len;
		tot->t_ocsd += time_passes(pass_ocsd, &o, data, len);
		ocsd_destroy_dcd_tree(o.tree);
	} else {
		fprintf(stderr, "bench-pkt: %s: no OpenCSD decoder\n", dir);
	}
	tot->bytes += len;
	tot->packets += n1;
	tot->traces++;
	free(data);
	ss_free(&ss);
}

static int is_snapshot(const char *dir)
{
	char ini[4096 + 512];
	FILE *f;

	snprintf(ini, sizeof(ini), "%s/snapshot.ini", dir);
	f = fopen(ini, "r");
	if (f)
		fclose(f);
	return !!f;
}

static void bench_path(const char *path)
{
	struct total tot = { 0 };
	struct dirent **de;
	int n;

	if (is_snapshot(path)) {
		bench_snapshot(path, &tot);
	} else {
		n = scandir(path, &de, NULL, alphasort);
		for (int i = 0; i < n; i++) {
			char sub[4096 + 256];

			snprintf(sub, sizeof(sub), "%s/%s", path,
				 de[i]->d_name);
			if (de[i]->d_name[0] != '.' && is_snapshot(sub))
				bench_snapshot(sub, &tot);
			free(de[i]);
		}
		if (n >= 0)
			free(de);
	}
	if (!tot.traces) {
		printf("%-40s no raw traces\n", path);
		return;
	}
	printf("%s: %u traces, %.1f MB, %.2f bytes/packet\n", path,
	       tot.traces, tot.bytes / 1e6,
	       (double)tot.bytes / tot.packets);
	if (tot.t_ocsd > 0)
		printf("  %-28s %9.1f MB/s %8.1f Mpackets/s  (libete's count"
		       "%s)\n", "OpenCSD packet processor",
		       tot.bytes / tot.t_ocsd / 1e6,
		       tot.packets / tot.t_ocsd / 1e6,
		       tot.ocsd_short ? "; stopped early on some" : "");
	printf("  %-28s %9.1f MB/s %8.1f Mpackets/s  x%.1f OpenCSD\n",
	       "ete_pkt_decode()", tot.bytes / tot.t_single / 1e6,
	       tot.packets / tot.t_single / 1e6,
	       tot.t_ocsd > 0 ? tot.t_ocsd / tot.t_single : 0);
	printf("  %-28s %9.1f MB/s %8.1f Mpackets/s  x%.1f OpenCSD "
	       "(%.2f GB/s, x%.1f single)\n",
	       "ete_pkt_decode_batch()", tot.bytes / tot.t_batch / 1e6,
	       tot.packets / tot.t_batch / 1e6,
	       tot.t_ocsd > 0 ? tot.t_ocsd / tot.t_batch : 0,
	       tot.bytes / tot.t_batch / 1e9, tot.t_single / tot.t_batch);
}

int main(int argc, char **argv)
{
	const char *extra = getenv("BENCH_PKT_INPUTS");
	int npaths = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--runs") && v) {
			runs = atoi(v);
			runs = runs < 1 ? 1 : runs > MAX_RUNS ? MAX_RUNS : runs;
			i++;
		} else if (!strcmp(a, "--min-time") && v) {
			min_time = atof(v);
			i++;
		} else {
			if (!npaths++)
				printf("# packet layer, one core, median of %d "
				       "runs of >= %.2f s\n", runs, min_time);
			bench_path(a);
		}
	}
	if (extra && *extra) {
		char *list = strdup(extra), *save = NULL;

		for (char *p = strtok_r(list, " :", &save); p;
		     p = strtok_r(NULL, " :", &save)) {
			if (!npaths++)
				printf("# packet layer, one core, median of %d "
				       "runs of >= %.2f s\n", runs, min_time);
			bench_path(p);
		}
		free(list);
	}
	if (!npaths) {
		fprintf(stderr, "usage: bench-pkt [--runs N] [--min-time S] "
			"PATH...\n");
		return 2;
	}
	return 0;
}
