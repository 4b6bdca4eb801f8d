// SPDX-License-Identifier: GPL-2.0
/*
 * compat_check SCRIPT TRUTH ELF [TRCCONFIGR]: the branches stock perf 6.1
 * decoded with OpenCSD 1.3.3 from a recording of the `cs_etm`-named ete
 * PMU (`perf script --itrace=b -F tid,flags,ip,addr` output in SCRIPT) must be
 * the hardware model's ground truth (TRUTH, Documentation/hwmodel.rst) of
 * the one traced process, whose program is ELF: every control transfer of
 * the process at EL0, in order, with perf's kind for it.  With TRCCONFIGR
 * only the truth's trace windows that ete-start logged with that value
 * count (several recordings in one boot).  TAP out.
 *
 * perf 6.1's cs_etm decoder makes a branch sample from the last
 * instruction of a range to the first of the next when the range ended in
 * a taken branch.  Tracing EL0 only, an exception leaves the traced EL and
 * the trace resumes with a trace-on element, which perf shows as two
 * samples: "tr end" from the last instruction executed to 0, then "tr
 * strt" from 0 to where EL0 resumed.  Both sides are brought to one list
 * of edges (from, to, kind):
 *
 *   perf   a "tr end" X => 0 followed by a "tr strt" 0 => Y is the edge
 *          X -> Y, kind "tr"; any other sample is the edge ip -> addr
 *          with its flags as kind.  The first sample must be the trace
 *          start at the ELF's entry point (0 => e_entry).
 *   truth  a taken branch is src -> dst, kind from the instruction (bl,
 *          blr: call; ret: return; cond: jcc; b: jmp); an exception
 *          with preferred return address R is (last instruction executed)
 *          -> R, kind "tr", EL0 resuming at R.  perf 6.1 calls every
 *          BR a return (cs-etm.c: "usually this is used for function
 *          return"), so br: return too.  An exception taken before
 *          any instruction ran since the previous edge (a fault on a
 *          branch target, a second exception at the same address) adds
 *          no edge of its own: perf sees a single transfer, and the
 *          previous edge's kind becomes "tr".  The trace ends at the
 *          process's exit system call, which has no EL0 destination and
 *          no sample: perf 6.1 synthesises no branch for the range that
 *          ends the trace, so the last truth event must be that call and
 *          it is not compared.
 */
#include <elf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../hw/host/truth_log.h"

struct edge {
	uint64_t from, to;
	char kind[16];
};

struct edges {
	struct edge *v;
	size_t n, cap;
};

static void add(struct edges *e, uint64_t from, uint64_t to, const char *kind)
{
	if (e->n == e->cap) {
		e->cap = e->cap ? 2 * e->cap : 1024;
		e->v = realloc(e->v, e->cap * sizeof(*e->v));
		if (!e->v)
			exit(2);
	}
	e->v[e->n].from = from;
	e->v[e->n].to = to;
	snprintf(e->v[e->n].kind, sizeof(e->v[e->n].kind), "%s", kind);
	e->n++;
}

static int tap_n;

static int tap(int ok, const char *what)
{
	printf("%sok %d - %s\n", ok ? "" : "not ", ++tap_n, what);
	return !ok;
}

static const char *perf_kind(const char *what)
{
	if (!strcmp(what, "bl") || !strcmp(what, "blr"))
		return "call";
	/* perf 6.1 takes every BR for a return (cs-etm.c: "usually..."). */
	if (!strcmp(what, "ret") || !strcmp(what, "br"))
		return "return";
	if (!strcmp(what, "cond"))
		return "jcc";
	if (!strcmp(what, "b"))
		return "jmp";
	return what;
}

/* The ELF's entry point, or 0. */
static uint64_t elf_entry(const char *path)
{
	Elf64_Ehdr eh;
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f)
		return 0;
	n = fread(&eh, sizeof(eh), 1, f);
	fclose(f);
	if (n != 1 || memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_machine != EM_AARCH64)
		return 0;
	return eh.e_entry;
}

struct sample {
	int tid;
	uint64_t ip, addr;
	char flags[32];
};

/* "  TID  FLAGS...  IP => ADDR"; 1 if it is one. */
static int parse_sample(char *line, struct sample *s)
{
	char *arrow = strstr(line, "=>"), *p, *end, *ipstr;
	size_t len;

	if (!arrow)
		return 0;
	s->tid = strtol(line, &p, 10);
	if (p == line)
		return 0;
	*arrow = 0;
	/* the last word before the arrow is the ip */
	end = arrow;
	while (end > p && end[-1] == ' ')
		end--;
	ipstr = end;
	while (ipstr > p && ipstr[-1] != ' ')
		ipstr--;
	if (ipstr == end)
		return 0;
	s->ip = strtoull(ipstr, NULL, 16);
	s->addr = strtoull(arrow + 2, NULL, 16);
	while (*p == ' ')
		p++;
	len = ipstr > p ? ipstr - p : 0;
	while (len && p[len - 1] == ' ')
		len--;
	if (len >= sizeof(s->flags))
		len = sizeof(s->flags) - 1;
	memcpy(s->flags, p, len);
	s->flags[len] = 0;
	/* perf pads flags into columns: one space between words */
	for (p = s->flags; *p; p++)
		while (p[0] == ' ' && p[1] == ' ')
			memmove(p, p + 1, strlen(p));
	return 1;
}

int main(int argc, char **argv)
{
	struct edges perf = { 0 }, want = { 0 };
	struct sample *sv = NULL, s;
	size_t ns = 0, cs = 0, i, unpaired = 0, first_bad;
	struct truth_log tl;
	int fail = 0, tid = -1, tids = 0, pending = 0;
	uint64_t entry, pc = 0;
	char line[512], msg[160];
	FILE *f;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc != 4 && argc != 5) {
		fprintf(stderr, "usage: compat_check SCRIPT TRUTH ELF [TRCCONFIGR]\n");
		return 2;
	}
	entry = elf_entry(argv[3]);
	fail |= tap(entry != 0, "the traced program's entry point");

	f = fopen(argv[1], "r");
	if (!f)
		return tap(0, "perf script output readable");
	while (fgets(line, sizeof(line), f)) {
		if (!parse_sample(line, &s))
			continue;
		if (ns == cs) {
			cs = cs ? 2 * cs : 4096;
			sv = realloc(sv, cs * sizeof(*sv));
			if (!sv)
				return 2;
		}
		if (s.tid != tid) {
			int k;

			for (k = 0; k < (int)ns && sv[k].tid != s.tid; k++)
				;
			tids += k == (int)ns;
			tid = s.tid;
		}
		sv[ns++] = s;
	}
	fclose(f);
	printf("# perf script: %zu branch samples of %d thread(s)\n", ns, tids);
	fail |= tap(ns > 0 && tids == 1,
		    "perf decoded branches of exactly one thread, the traced process");
	fail |= tap(ns > 0 && !strcmp(sv[0].flags, "tr strt") && !sv[0].ip &&
		    sv[0].addr == entry,
		    "the trace starts at the program's entry point");

	/* perf's samples as edges; the trace start is not one. */
	for (i = 1; i < ns; i++) {
		if (!strcmp(sv[i].flags, "tr end") && !sv[i].addr &&
		    i + 1 < ns && !strcmp(sv[i + 1].flags, "tr strt") &&
		    !sv[i + 1].ip) {
			add(&perf, sv[i].ip, sv[i + 1].addr, "tr");
			i++;
			continue;
		}
		unpaired += !sv[i].ip || !sv[i].addr;
		add(&perf, sv[i].ip, sv[i].addr, sv[i].flags);
	}
	snprintf(msg, sizeof(msg),
		 "every trace end is followed by a trace start (%zu unpaired)",
		 unpaired);
	fail |= tap(!unpaired, msg);

	/* The truth of CPU 0 (the guest has one) as edges. */
	if (argc == 5 ? truth_read_config(argv[2], 0,
					  strtoull(argv[4], NULL, 0), NULL,
					  NULL, &tl) :
			truth_read(argv[2], 0, NULL, NULL, &tl))
		return tap(0, "truth log readable") | 1;
	fail |= tap(!tl.trbe_lost && !tl.trbe_ignored,
		    "the model saw no trace lost or TRBE write ignored");
	fail |= tap(tl.ev.n > 0 && tl.ev.v[tl.ev.n - 1].kind == 'X' &&
		    !strcmp(tl.ev.v[tl.ev.n - 1].what, "call"),
		    "the truth ends with the process's exit system call");
	for (i = 0; tl.ev.n && i < tl.ev.n - 1; i++) {
		const struct truth_ev *t = &tl.ev.v[i];

		if (t->kind == 'B') {
			if (t->taken) {
				add(&want, t->src, t->dst, perf_kind(t->what));
				pending = 1;
				pc = t->dst;
			} else {
				pending = 0;
			}
			continue;
		}
		if (pending && t->dst == pc) {
			/* nothing ran since the last edge: one transfer */
			snprintf(want.v[want.n - 1].kind, 16, "tr");
			continue;
		}
		add(&want, t->dst - 4, t->dst, "tr");
		pending = 1;
		pc = t->dst;
	}
	printf("# truth: %zu events (%d exceptions) in %d window(s), %zu edges; perf: %zu edges\n",
	       tl.ev.n, tl.exceptions, tl.windows, want.n, perf.n);

	first_bad = (size_t)-1;
	for (i = 0; i < want.n && i < perf.n; i++) {
		const struct edge *a = &want.v[i], *b = &perf.v[i];

		if (a->from != b->from || a->to != b->to ||
		    strcmp(a->kind, b->kind)) {
			first_bad = i;
			break;
		}
	}
	if (first_bad == (size_t)-1 && want.n == perf.n && want.n) {
		fail |= tap(1, "perf's branches are the model's ground truth, in order");
	} else {
		size_t k = first_bad == (size_t)-1 ? i : first_bad, j;

		printf("# first difference at edge %zu\n", k);
		for (j = k > 3 ? k - 3 : 0; j < k + 4; j++)
			printf("#   %zu truth %#" PRIx64 " -> %#" PRIx64 " %s | perf %#" PRIx64 " -> %#" PRIx64 " %s\n",
			       j, j < want.n ? want.v[j].from : 0,
			       j < want.n ? want.v[j].to : 0,
			       j < want.n ? want.v[j].kind : "-",
			       j < perf.n ? perf.v[j].from : 0,
			       j < perf.n ? perf.v[j].to : 0,
			       j < perf.n ? perf.v[j].kind : "-");
		fail |= tap(0, "perf's branches are the model's ground truth, in order");
	}
	truth_free(&tl);
	free(perf.v);
	free(want.v);
	free(sv);
	return fail;
}
