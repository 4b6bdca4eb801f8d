// SPDX-License-Identifier: GPL-2.0
/*
 * perf-ete: ETE trace tools, run by perf as "perf ete <command>".
 *
 *   perf-ete dump [--elements] [--packets] [--src-addr-n] SNAPSHOT_DIR
 *   perf-ete dump [--elements] [--packets] [--src-addr-n] --raw FILE
 *                 [--image ADDR:FILE ...] [--elf PATH[@BIAS] ...]
 *                 [--trcidr0 X] [--trcidr1 X]
 *                 [--trcidr2 X] [--trcidr8 X] [--trcconfigr X]
 *                 [--trcdevarch X]
 *   perf-ete synth ...
 *
 * dump prints the packets in the listing format of Documentation/libete.rst
 * (with --elements, the generic trace elements instead; with --elements
 * --packets, each packet and then the elements it completed), then one
 * summary line with the counts of bytes, packets, errors, elements and
 * instructions.  Elements are decoded whenever there is a memory image
 * (a snapshot's [dumpN] entries, --image, --elf), printed or not; without one
 * the two element counts are 0.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <armtrace/ref_config.h>
#include <ete/img.h>
#include <ete/pkt.h>
#include "util/elem_dump.h"
#include "util/num.h"
#include "util/snapshot.h"
#include "util/synth.h"
#include "util/trace_decode.h"

static int usage(void)
{
	fprintf(stderr,
		"usage: perf-ete dump [--elements] [--packets] [--src-addr-n] "
		"SNAPSHOT_DIR\n"
		"       perf-ete dump [--elements] [--packets] [--src-addr-n] "
		"--raw FILE\n"
		"                     [--image ADDR:FILE ...] "
		"[--elf PATH[@BIAS] ...]\n"
		"                     [--trcidr0 X] [--trcidr1 X]\n"
		"                     [--trcidr2 X] [--trcidr8 X] "
		"[--trcconfigr X]\n"
		"                     [--trcdevarch X]\n"
		"       perf-ete synth [--mb N] [--seed S] [--code-kb K] "
		"[--cci] [--ts] [--cid]\n"
		"                      [--vmid] [--syncpr N] DIR\n");
	return 2;
}

/* Defaults: the model's trace unit, no option (include/armtrace/ref_config.h) */
static const struct ete_pkt_config raw_default = {
	.trcidr0 = REF_TRCIDR0,
	.trcidr1 = REF_TRCIDR1,
	.trcidr2 = REF_TRCIDR2,
	.trcidr8 = REF_TRCIDR8,
	.trcconfigr = REF_TRCCONFIGR,
	.trcdevarch = REF_TRCDEVARCH,
};

static const struct {
	const char *opt;
	size_t off;
} raw_regs[] = {
	{ "--trcidr0", offsetof(struct ete_pkt_config, trcidr0) },
	{ "--trcidr1", offsetof(struct ete_pkt_config, trcidr1) },
	{ "--trcidr2", offsetof(struct ete_pkt_config, trcidr2) },
	{ "--trcidr8", offsetof(struct ete_pkt_config, trcidr8) },
	{ "--trcconfigr", offsetof(struct ete_pkt_config, trcconfigr) },
	{ "--trcdevarch", offsetof(struct ete_pkt_config, trcdevarch) },
};

/* The stable summary line: see "Summary line" in Documentation/libete.rst */
static void summary(const struct elem_dump_totals *t)
{
	printf("# bytes %" PRIu64 " packets %" PRIu64 " errors %" PRIu64
	       " elements %" PRIu64 " instructions %" PRIu64 "\n", t->bytes,
	       t->packets, t->errors, t->elems, t->insns);
}

/* Map one --elf PATH[@BIAS]; 0 or -1 (message printed). */
static int add_elf(struct ete_img *img, const char *v)
{
	const char *at = strrchr(v, '@');
	char path[4096];
	uint64_t bias = 0;
	int r;

	snprintf(path, sizeof(path), "%s", v);
	/* a number after the last '@' is the bias, else '@' is in the name */
	if (at && !parse_u64(at + 1, UINT64_MAX, &bias))
		path[at - v] = 0;
	r = ete_img_add_elf(img, path, bias);
	if (r) {
		fprintf(stderr, "perf-ete: --elf %s: %s\n", v,
			r == ETE_IMG_ERR_NOSUPPORT ? "built without libelf" :
			r == ETE_IMG_ERR_IO ? "cannot read" :
			r == ETE_IMG_ERR_OVERLAP ? "overlaps another image" :
			"no loadable segment / not an ELF file");
		return -1;
	}
	return 0;
}

/* Map one --image ADDR:FILE; 0 or -1 (message printed). */
static int add_image(struct ete_img *img, const char *v)
{
	const char *colon = strchr(v, ':');
	char addr_s[32];
	uint64_t addr;

	if (!colon || colon - v >= (ptrdiff_t)sizeof(addr_s)) {
		fprintf(stderr, "perf-ete: --image %s: want ADDR:FILE\n", v);
		return -1;
	}
	memcpy(addr_s, v, (size_t)(colon - v));
	addr_s[colon - v] = 0;
	if (parse_u64(addr_s, UINT64_MAX, &addr)) {
		fprintf(stderr, "perf-ete: --image %s: bad address\n", v);
		return -1;
	}
	if (ete_img_add_file(img, addr, colon + 1, 0, 0)) {
		fprintf(stderr, "perf-ete: --image %s: cannot map the file\n",
			v);
		return -1;
	}
	return 0;
}

static int dump_raw(const char *file, const struct td_source *src,
		    struct ete_img *img, const struct elem_dump_opts *o)
{
	struct elem_dump_totals t = { 0, 0, 0, 0, 0 };
	uint8_t *data;
	size_t len;
	int ret;

	if (ss_read(".", file, &data, &len) && ss_read("", file, &data, &len)) {
		fprintf(stderr, "perf-ete: cannot read %s\n", file);
		return 1;
	}
	ret = elem_dump_raw(src, 1, data, len, img, o, &t);
	free(data);
	if (ret) {
		fprintf(stderr, "perf-ete: registers do not describe an ETE\n");
		return 1;
	}
	summary(&t);
	return 0;
}

static int dump(int argc, char **argv)
{
	struct elem_dump_opts o = { .packets = 1, .need_image = 1 };
	struct elem_dump_totals t = { 0, 0, 0, 0, 0 };
	struct td_source src = { .id = 0, .cfg = raw_default };
	const char *file = NULL, *dir = NULL;
	int packets = 0, nimg = 0, ret = 2;
	struct ete_img img;
	char err[256];

	if (ete_img_init(&img))
		return 1;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		uint64_t num;
		size_t r;

		if (!strcmp(a, "--elements")) {
			o.elements = 1;
			continue;
		} else if (!strcmp(a, "--packets")) {
			packets = 1;
			continue;
		} else if (!strcmp(a, "--src-addr-n")) {
			o.flags |= ETE_DEC_F_SRC_ADDR_N;
			continue;
		} else if (a[0] != '-') {
			if (dir)
				goto out_usage;
			dir = a;
			continue;
		}
		if (!v)
			goto out_usage;
		i++;
		if (!strcmp(a, "--raw")) {
			file = v;
			continue;
		} else if (!strcmp(a, "--image")) {
			if (add_image(&img, v))
				goto out_err;
			nimg++;
			continue;
		} else if (!strcmp(a, "--elf")) {
			if (add_elf(&img, v))
				goto out_err;
			nimg++;
			continue;
		}
		for (r = 0; r < sizeof(raw_regs) / sizeof(raw_regs[0]); r++)
			if (!strcmp(a, raw_regs[r].opt))
				break;
		if (r == sizeof(raw_regs) / sizeof(raw_regs[0]))
			goto out_usage;
		if (parse_u64(v, UINT32_MAX, &num)) {
			fprintf(stderr, "perf-ete: %s %s: not a 32-bit value\n",
				a, v);
			goto out_bad;
		}
		*(uint32_t *)((char *)&src.cfg + raw_regs[r].off) =
			(uint32_t)num;
	}
	/* packets unless only elements were asked for */
	o.packets = !o.elements || packets;
	if (file && !dir) {
		/* without an image, decode elements only if asked to */
		ret = dump_raw(file, &src, nimg || o.elements ? &img : NULL,
			       &o);
	} else if (dir && !file && !nimg) {
		o.need_image = !o.elements;
		ret = 0;
		if (elem_dump_snapshot(dir, &o, &t, err, sizeof(err))) {
			fprintf(stderr, "perf-ete: %s\n", err);
			ret = 1;
		} else {
			summary(&t);
		}
	} else {
		goto out_usage;
	}
	ete_img_free(&img);
	return ret;
out_usage:
	ete_img_free(&img);
	return usage();
out_err:
	ete_img_free(&img);
	return 1;
out_bad:
	ete_img_free(&img);
	return 2;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "synth"))
		return synth_main(argc - 1, argv + 1);
	if (argc < 3 || strcmp(argv[1], "dump"))
		return usage();
	return dump(argc - 2, argv + 2);
}
