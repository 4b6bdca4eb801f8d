// SPDX-License-Identifier: GPL-2.0
/*
 * perf-ete: ETE trace tools, run by perf as "perf ete <command>".
 *
 *   perf-ete dump SNAPSHOT_DIR
 *   perf-ete dump --raw FILE [--trcidr0 X] [--trcidr1 X] [--trcidr2 X]
 *                 [--trcidr8 X] [--trcconfigr X] [--trcdevarch X]
 *   perf-ete dump --elements [--packets] [--src-addr-n] SNAPSHOT_DIR
 *   perf-ete dump --elements [--packets] [--src-addr-n] --raw FILE
 *                 --image ADDR:FILE [--image ...] [--trcidr0 X] ...
 *
 * dump prints the packets in the listing format of Documentation/libete.rst
 * followed by one summary line.  With --elements it prints the generic
 * trace elements instead (with --packets: each packet, then the elements
 * it completed), and the summary line adds elements and instructions.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ete/pkt.h>
#include "util/elem_dump.h"
#include "util/pkt_fmt.h"
#include "util/snapshot.h"
#include "util/synth.h"
#include "util/trace_decode.h"

struct dump_stats {
	uint64_t packets;
	uint64_t errors;
};

static void dump_pkt(void *ctx, unsigned int id, int status,
		     const struct ete_pkt *pkt)
{
	struct dump_stats *s = ctx;
	char line[512];

	ete_pkt_format(line, sizeof(line), id, status, pkt);
	fputs(line, stdout);
	s->packets++;
	if (status < 0)
		s->errors++;
}

static void summary(size_t bytes, const struct dump_stats *s)
{
	printf("# bytes %zu packets %" PRIu64 " errors %" PRIu64 "\n", bytes,
	       s->packets, s->errors);
}

static int usage(void)
{
	fprintf(stderr,
		"usage: perf-ete dump SNAPSHOT_DIR\n"
		"       perf-ete dump --raw FILE [--trcidr0 X] [--trcidr1 X] "
		"[--trcidr2 X]\n"
		"                     [--trcidr8 X] [--trcconfigr X] "
		"[--trcdevarch X]\n"
		"       perf-ete dump --elements [--packets] [--src-addr-n] "
		"SNAPSHOT_DIR\n"
		"       perf-ete dump --elements [--packets] [--src-addr-n] "
		"--raw FILE\n"
		"                     --image ADDR:FILE [--image ...] "
		"[--trcidr0 X] ...\n");
	return 2;
}

/* Defaults: an ETE v1.0 with 32-bit VMID/CONTEXTID, Q and cycle counts. */
static const struct ete_pkt_config raw_default = {
	.trcidr0 = 0x28000ea1,
	.trcidr1 = 0x4100fff0,
	.trcidr2 = 0xd0001088,
	.trcidr8 = 0,
	.trcconfigr = 0x1,
	.trcdevarch = 0x47705a13,
};

static int dump_raw(int argc, char **argv)
{
	struct td_source src = { .id = 0, .cfg = raw_default };
	static const struct {
		const char *opt;
		size_t off;
	} regs[] = {
		{ "--trcidr0", offsetof(struct ete_pkt_config, trcidr0) },
		{ "--trcidr1", offsetof(struct ete_pkt_config, trcidr1) },
		{ "--trcidr2", offsetof(struct ete_pkt_config, trcidr2) },
		{ "--trcidr8", offsetof(struct ete_pkt_config, trcidr8) },
		{ "--trcconfigr", offsetof(struct ete_pkt_config, trcconfigr) },
		{ "--trcdevarch", offsetof(struct ete_pkt_config, trcdevarch) },
	};
	struct dump_stats s = { 0 };
	const char *file = NULL;
	uint8_t *data;
	size_t len;
	int ret;

	for (int i = 0; i < argc; i++) {
		size_t r;

		if (!strcmp(argv[i], "--raw") && i + 1 < argc) {
			file = argv[++i];
			continue;
		}
		for (r = 0; r < sizeof(regs) / sizeof(regs[0]); r++)
			if (!strcmp(argv[i], regs[r].opt))
				break;
		if (r == sizeof(regs) / sizeof(regs[0]) || i + 1 >= argc)
			return usage();
		*(uint32_t *)((char *)&src.cfg + regs[r].off) =
			(uint32_t)strtoul(argv[++i], NULL, 0);
	}
	if (!file)
		return usage();
	if (ss_read(".", file, &data, &len) && ss_read("", file, &data, &len)) {
		fprintf(stderr, "perf-ete: cannot read %s\n", file);
		return 1;
	}
	ret = td_decode_raw(&src, data, len, NULL, dump_pkt, &s);
	free(data);
	if (ret) {
		fprintf(stderr, "perf-ete: registers do not describe an ETE\n");
		return 1;
	}
	summary(len, &s);
	return 0;
}

static int dump_snapshot(const char *dir)
{
	struct dump_stats s = { 0 };
	struct ss_snapshot ss;
	char err[256];
	size_t bytes = 0;
	int ret;

	if (ss_load(dir, &ss, err, sizeof(err))) {
		fprintf(stderr, "perf-ete: %s\n", err);
		return 1;
	}
	/* the first buffer, as OpenCSD's trc_pkt_lister */
	ret = td_decode_snapshot(&ss, &ss.buf[0], NULL, dump_pkt, &s, &bytes,
				 err, sizeof(err));
	ss_free(&ss);
	if (ret) {
		fprintf(stderr, "perf-ete: %s\n", err);
		return 1;
	}
	summary(bytes, &s);
	return 0;
}

static void elem_summary(const struct elem_dump_totals *t)
{
	printf("# bytes %" PRIu64 " packets %" PRIu64 " errors %" PRIu64
	       " elements %" PRIu64 " instructions %" PRIu64 "\n", t->bytes,
	       t->packets, t->errors, t->elems, t->insns);
}

/* dump --elements: args without the element options, as for dump */
static int dump_elements(int argc, char **argv)
{
	struct elem_dump_opts o = { 0, 0 };
	struct elem_dump_totals t = { 0, 0, 0, 0, 0 };
	struct td_source src = { .id = 0, .cfg = raw_default };
	const char *file = NULL, *dir = NULL;
	struct ete_img img;
	char err[256];
	uint8_t *data;
	size_t len;
	int ret;

	if (ete_img_init(&img))
		return 1;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--elements"))
			continue;
		if (!strcmp(a, "--packets")) {
			o.packets = 1;
		} else if (!strcmp(a, "--src-addr-n")) {
			o.flags |= ETE_DEC_F_SRC_ADDR_N;
		} else if (!strcmp(a, "--raw") && v) {
			file = v;
			i++;
		} else if (!strcmp(a, "--image") && v) {
			char *colon;
			uint64_t addr = strtoull(v, &colon, 0);

			if (*colon != ':' ||
			    ete_img_add_file(&img, addr, colon + 1, 0, 0)) {
				fprintf(stderr, "perf-ete: bad --image %s\n", v);
				ete_img_free(&img);
				return 1;
			}
			i++;
		} else if (!strncmp(a, "--trc", 5) && v) {
			uint32_t x = (uint32_t)strtoul(v, NULL, 0);

			if (!strcmp(a, "--trcidr0"))
				src.cfg.trcidr0 = x;
			else if (!strcmp(a, "--trcidr1"))
				src.cfg.trcidr1 = x;
			else if (!strcmp(a, "--trcidr2"))
				src.cfg.trcidr2 = x;
			else if (!strcmp(a, "--trcidr8"))
				src.cfg.trcidr8 = x;
			else if (!strcmp(a, "--trcconfigr"))
				src.cfg.trcconfigr = x;
			else if (!strcmp(a, "--trcdevarch"))
				src.cfg.trcdevarch = x;
			else
				return usage();
			i++;
		} else if (a[0] != '-' && !dir) {
			dir = a;
		} else {
			ete_img_free(&img);
			return usage();
		}
	}
	if (!file && dir) {
		ete_img_free(&img);
		if (elem_dump_snapshot(dir, &o, &t, err, sizeof(err))) {
			fprintf(stderr, "perf-ete: %s\n", err);
			return 1;
		}
		elem_summary(&t);
		return 0;
	}
	if (!file || dir) {
		ete_img_free(&img);
		return usage();
	}
	if (ss_read(".", file, &data, &len) && ss_read("", file, &data, &len)) {
		fprintf(stderr, "perf-ete: cannot read %s\n", file);
		ete_img_free(&img);
		return 1;
	}
	ret = elem_dump_raw(&src, 1, data, len, &img, &o, &t);
	free(data);
	ete_img_free(&img);
	if (ret) {
		fprintf(stderr, "perf-ete: registers do not describe an ETE\n");
		return 1;
	}
	elem_summary(&t);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "synth"))
		return synth_main(argc - 1, argv + 1);
	if (argc < 3 || strcmp(argv[1], "dump"))
		return usage();
	for (int i = 2; i < argc; i++)
		if (!strcmp(argv[i], "--elements"))
			return dump_elements(argc - 2, argv + 2);
	if (!strcmp(argv[2], "--raw") || argv[2][0] == '-')
		return dump_raw(argc - 2, argv + 2);
	if (argc != 3)
		return usage();
	return dump_snapshot(argv[2]);
}
