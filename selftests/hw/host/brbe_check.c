// SPDX-License-Identifier: GPL-2.0
/*
 * brbe_check LOG TRUTH [NUMREC]: every branch stack hw_brbe_perf printed
 * (LOG) against the hardware model's ground truth (TRUTH, CPU 0).
 *
 * A sample's interrupt is the first EL0 "irq" exception after the
 * previous sample's whose return address is the sample's IP and whose
 * branches match (a loop meets the same IP many times); its stack must be, newest first, the
 * last NUMREC taken EL0 branches of the run's kinds before that
 * exception, counting back no further than the previous sample's
 * interrupt (the driver invalidates there) or a model sync (the driver
 * programmed or invalidated BRBE).  Each entry's address pair and type
 * must match; in unfiltered runs (all kinds) so must the cycle count of every entry
 * but the oldest: the instructions since the older branch, or 0 (unknown)
 * across an exception.  Samples taken in the kernel are skipped (QEMU
 * takes some interrupts at the next exception-level change).  TAP out.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>

struct tev {
	char kind;			/* B, X, N */
	char what[16];
	uint64_t src, dst;		/* X: dst is the return address */
	int elf, elt, taken;
};

static struct tev *tv;
static size_t ntv;

static int read_truth(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[256];
	size_t cap = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		struct tev e = { 0 };
		unsigned long long a, b, c;
		unsigned int cpu;
		int elf, elt, t;

		if (line[0] == 'B' && sscanf(line, "B %u %15s %llx %llx %d %d %d",
					     &cpu, e.what, &a, &b, &elf, &elt, &t) == 7) {
			e.kind = 'B';
			e.src = a, e.dst = b, e.elf = elf, e.elt = elt, e.taken = t;
		} else if (line[0] == 'X' &&
			   sscanf(line, "X %u %15s %llx %llx %llx %d %d", &cpu,
				  e.what, &a, &b, &c, &elf, &elt) == 7) {
			e.kind = 'X';
			e.src = a, e.dst = b, e.elf = elf, e.elt = elt;
		} else if (line[0] == 'N' &&
			   sscanf(line, "N %u %15s %llx", &cpu, e.what, &a) == 3) {
			if (strcmp(e.what, "sync"))
				continue;
			e.kind = 'N';
		} else {
			continue;
		}
		if (cpu != 0)
			continue;
		if (ntv == cap) {
			cap = cap ? 2 * cap : 1 << 16;
			tv = realloc(tv, cap * sizeof(*tv));
			if (!tv)
				return -1;
		}
		tv[ntv++] = e;
	}
	fclose(f);
	return 0;
}

static int perf_type_of(const char *kind)
{
	static const struct { const char *k; int t; } map[] = {
		{ "b", PERF_BR_UNCOND }, { "bl", PERF_BR_CALL },
		{ "cond", PERF_BR_COND }, { "br", PERF_BR_IND },
		{ "blr", PERF_BR_IND_CALL }, { "ret", PERF_BR_RET },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(map[i].k, kind))
			return map[i].t;
	return -1;
}

static int kind_in(const char *kind, const char *kinds)
{
	char buf[128], *tok, *save;

	snprintf(buf, sizeof(buf), "%s", kinds);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		if (!strcmp(tok, kind))
			return 1;
	return 0;
}

/* An unfiltered run: every record follows the one before it. */
#define ALL_KINDS "b,bl,cond,br,blr,ret"

struct ent {
	uint64_t from, to;
	unsigned int type, cycles;
};

#define MAXE 64

/*
 * Does the sample (ents[0..n)) equal the truth before the exception at
 * x, counting back to lo?  Indices of the matched branches in idx[].
 */
static int match_at(size_t x, size_t lo, const char *kinds, int numrec,
		    int check_cycles, const struct ent *ents, int n,
		    char *why, size_t wlen)
{
	size_t idx[MAXE];
	int k = 0, i;
	size_t j;

	for (j = x; j-- > lo && k < numrec;) {
		const struct tev *e = &tv[j];

		if (e->kind == 'N')
			break;
		if (e->kind != 'B' || e->elf || e->elt || !e->taken ||
		    !kind_in(e->what, kinds))
			continue;
		idx[k++] = j;
	}
	if (k != n) {
		snprintf(why, wlen, "%d entries, the truth has %d", n, k);
		return 0;
	}
	for (i = 0; i < n; i++) {
		const struct tev *e = &tv[idx[i]];

		if (ents[i].from != e->src || ents[i].to != e->dst ||
		    (int)ents[i].type != perf_type_of(e->what)) {
			snprintf(why, wlen, "entry %d: %#llx -> %#llx type %u, truth %s %#llx -> %#llx",
				 i, (unsigned long long)ents[i].from,
				 (unsigned long long)ents[i].to, ents[i].type,
				 e->what, (unsigned long long)e->src,
				 (unsigned long long)e->dst);
			return 0;
		}
		if (check_cycles && i + 1 < n) {
			const struct tev *o = &tv[idx[i + 1]];
			unsigned int want = (e->src - o->dst) / 4 + 1;

			for (j = idx[i + 1] + 1; j < idx[i]; j++)
				if (tv[j].kind == 'X')
					want = 0;
			if (ents[i].cycles != want) {
				snprintf(why, wlen, "entry %d at %#llx: %u cycles, truth %u",
					 i, (unsigned long long)e->src,
					 ents[i].cycles, want);
				return 0;
			}
		}
	}
	return 1;
}

int main(int argc, char **argv)
{
	FILE *log;
	char line[256], run[32] = "", kinds[128] = "", why[256] = "";
	int numrec = argc > 3 ? atoi(argv[3]) : 32;

	if (numrec < 1 || numrec > MAXE)
		return 2;
	int samples = 0, matched = 0, skipped = 0, tap = 0, failed = 0;
	struct ent ents[MAXE];
	int n = 0, want_n = -1;
	unsigned long long ip = 0;
	size_t pos = 0, lo = 0;

	if (argc < 3 || !(log = fopen(argv[1], "r")) || read_truth(argv[2])) {
		fprintf(stderr, "usage: brbe_check LOG TRUTH [NUMREC]\n");
		return 2;
	}
	for (;;) {
		int eof = !fgets(line, sizeof(line), log);
		unsigned long long a, b;
		unsigned int t, c, m, p, v;

		/* A sample is complete at the next sample, END or EOF. */
		if (want_n >= 0 && (eof || !strncmp(line, "# BRBE-SAMPLE", 13) ||
				    !strncmp(line, "# BRBE-END", 10))) {
			int ok = 0, tries = 0;
			size_t x;

			samples++;
			if (ip >= 1ULL << 48) {
				skipped++;
			} else {
				for (x = pos; x < ntv; x++) {
					if (tv[x].kind != 'X' || strcmp(tv[x].what, "irq") ||
					    tv[x].elf || tv[x].dst != ip)
						continue;
					tries++;
					if (match_at(x, lo, kinds, numrec,
						     !strcmp(kinds, ALL_KINDS), ents, n,
						     why, sizeof(why))) {
						ok = 1;
						pos = lo = x + 1;
						break;
					}
				}
				if (ok)
					matched++;
				else if (samples - skipped - matched <= 3)
					printf("# %s sample %d at %#llx: %s\n", run,
					       samples, ip, tries ? why : "no such interrupt in the truth");
			}
			want_n = -1;
		}
		if (eof)
			break;
		if (sscanf(line, "# BRBE-RUN %31s %127s", run, kinds) == 2) {
			samples = matched = skipped = 0;
			/* The run starts after everything matched so far. */
			lo = pos;
		} else if (sscanf(line, "# BRBE-SAMPLE %llx %d", &ip, &want_n) == 2) {
			n = 0;
		} else if (sscanf(line, "# BRBE-ENTRY %llx %llx %u %u %u %u %u",
				  &a, &b, &t, &c, &m, &p, &v) == 7 && n < MAXE) {
			ents[n++] = (struct ent){ a, b, t, c };
		} else if (!strncmp(line, "# BRBE-END", 10)) {
			int good = matched == samples - skipped && matched >= 10;

			printf("%sok %d - brbe truth: %s: %d of %d samples are the truth's last branches (%d in the kernel skipped)\n",
			       good ? "" : "not ", ++tap, run, matched,
			       samples - skipped, skipped);
			failed |= !good;
		}
	}
	fclose(log);
	if (!tap) {
		printf("not ok 1 - brbe truth: no run in the log\n");
		return 1;
	}
	return failed;
}
