// SPDX-License-Identifier: GPL-2.0
/*
 * branch_check TRUTH BRANCHES: compare the branch samples perf decoded
 * from a recording on the hardware model (`perf script --itrace=b
 * -F tid,cpu,ip,addr`: "TID [CPU] IP => ADDR" a line, TID and CPU
 * optional) with the model's ground-truth log (Documentation/hwmodel.rst)
 * between each ete-start and ete-stop, CPU by CPU: perf decodes each
 * CPU's trace buffer in order, the truth logs each vCPU in order.  TAP
 * out.
 *
 * perf's cs_etm decoder makes a branch sample where control left an
 * instruction range: at each taken branch (from the branch to its
 * target) and at each exception (from the last instruction executed
 * before it to where the trace resumes, the preferred return address for
 * EL0-only trace), unless no instruction ran since the previous sample.
 * Where trace stops it samples (last instruction, 0) and where it
 * starts again (0, first instruction).  So the truth, a list of taken
 * branches and exceptions, gives the expected samples:
 *
 *   B src dst taken=1   ->  (src, dst)
 *   X ret               ->  (ret - 4, ret)  if an instruction ran since
 *                                           the last event, else none
 *
 * and the decoded samples are joined across trace stops: (a, 0) then
 * (0, b) is one sample (a, b).  When another thread runs after the stop
 * (CPU-wide trace), or a system call (execve) returned somewhere else, b
 * is where the trace resumed, which the truth does not log: that joined
 * sample is compared by its ip, and b must begin the range the next
 * sample ends (b <= its ip).  A (0, b) with no stop before it must
 * resume where the path was (or begin it); a (a, 0) at the very end is
 * the last exception and matches its ip.  Where the trace ends in an
 * exception (the exit system call) perf 6.1 makes no sample at all: it
 * flushes the decoder at a trace stop, not at the end of the data, so
 * the truth's last event may be missing when it is an exception.  Every
 * other sample must equal the next expected one, in order, and none may
 * be left over.
 *
 * BRANCH_CHECK_TAIL=1: the recording is a snapshot (AUX overwrite), the
 * last of the trace: the samples must be the truth's last ones, exactly,
 * and fewer than all of them.  With BRANCH_CHECK_SNAPSHOTS="CPU:W ...",
 * several: on CPU, one ended with the truth's W-th trace window (its
 * W-th ete-stop, where the kernel ended the W-th AUX record), and its
 * samples must be the truth's last ones before that window's end.  Each
 * snapshot holds the trace since the one before at most, so the samples
 * are the truth with holes; a hole ends a snapshot, where perf joins the
 * path across the stop (the window's last sample, matched by its ip, to
 * where the next snapshot's trace starts).  The samples are matched to
 * the truth backwards from each snapshot's end; a snapshot that decodes
 * nothing fails.  BRANCH_CHECK_RANGE=LO:HI: an address
 * range filter traced [LO, HI) only: the truth's taken branches and
 * exceptions from inside it are expected, and each joined sample, where
 * the path left the range and came back, is compared by its ip; the
 * range's last exit, a branch out of it that ends the trace, gets no
 * sample (perf does not flush at the end of the data, as for a last
 * exception).  BRANCH_CHECK_STARTSTOP="START:STOP": start/stop filters on
 * these EL0 addresses (0 for none of a kind): the truth's events are
 * kept where the ViewInst start/stop logic is started
 * (selftests/hw/host/ss_logic.h), and compared as for a range.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ss_logic.h"

struct br {
	uint64_t ip, addr;
	int flags;
};

#define BR_JOINED	1	/* perf: joined across a trace stop */
#define BR_NEW_TID	2	/* perf: another thread after the stop */
#define BR_SYSCALL	4	/* truth: a system call's exception */
#define BR_OPEN		8	/* perf: trace ends here, addr unknown */
#define BR_EXC		16	/* truth: an exception */
#define BR_HOLE		32	/* truth: a snapshot's end, a hole after it */

#define MAX_CPUS	8
#define MAX_SNAPSHOTS	64

struct brs {
	struct br *v;
	size_t n, cap;
};

static void push(struct brs *b, uint64_t ip, uint64_t addr, int flags)
{
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 1024;
		b->v = realloc(b->v, b->cap * sizeof(*b->v));
		if (!b->v)
			exit(2);
	}
	b->v[b->n++] = (struct br){ ip, addr, flags };
}

static int tap_n, failed;
static uint64_t range_lo, range_hi = UINT64_MAX;
static struct ss_logic ss;

static int in_range(uint64_t a)
{
	return a >= range_lo && a < range_hi;
}

/* A filter leaves gaps in the trace, which perf joins across. */
static int filtered(void)
{
	return range_hi != UINT64_MAX || ss_logic_used(&ss);
}

static void tap(int ok, const char *what)
{
	printf("%sok %d - branch_check: %s\n", ok ? "" : "not ", ++tap_n, what);
	failed |= !ok;
}

/* Where each trace window ends: the number of expected samples by then. */
struct wins {
	size_t *end, n, cap;
};

/* The expected samples of one CPU's trace windows. */
static int read_truth(const char *path, unsigned int want, struct brs *exp,
		      size_t *nexc, struct wins *w)
{
	char line[512], kind[32];
	uint64_t pos = 0;	/* where the path is; 0 before the first event */
	int in = 0, kept;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	ss_logic_reset(&ss);
	while (fgets(line, sizeof(line), f)) {
		unsigned long long a, b, c;
		unsigned int cpu, el, el_to;
		int taken;

		if (sscanf(line, "N %u %31s", &cpu, kind) == 2) {
			if (cpu == want && !strcmp(kind, "ete-start"))
				in = 1;
			else if (cpu == want && !strcmp(kind, "ete-stop")) {
				in = 0;
				if (w->n == w->cap) {
					w->cap = w->cap ? 2 * w->cap : 64;
					w->end = realloc(w->end, w->cap * sizeof(*w->end));
					if (!w->end)
						exit(2);
				}
				w->end[w->n++] = exp->n;
			}
			continue;
		}
		if (!in)
			continue;
		if (sscanf(line, "B %u %31s %lli %lli %u %u %d", &cpu, kind,
			   &a, &b, &el, &el_to, &taken) == 7 && cpu == want) {
			kept = !ss_logic_used(&ss) ||
			       ss_logic_keep(&ss, 'B', a, b, taken, el, el_to);
			if (!taken)
				continue;
			/* (out of view: the path goes on out of view) */
			pos = b;
			if (!in_range(a) || !kept)
				continue;
			push(exp, a, b, 0);
		} else if (sscanf(line, "X %u %31s %lli %lli %lli %u %u", &cpu,
				  kind, &a, &b, &c, &el, &el_to) == 7 &&
			   cpu == want) {
			(*nexc)++;
			kept = !ss_logic_used(&ss) ||
			       ss_logic_keep(&ss, 'X', a, b, 0, el, el_to);
			if (b != pos && in_range(b - 4) && kept) {
				push(exp, b - 4, b, BR_EXC |
				     (strcmp(kind, "call") ? 0 : BR_SYSCALL));
			}
			pos = b;
		}
	}
	fclose(f);
	return 0;
}

/* perf's samples of one CPU, joined across trace stops. */
static int read_branches(const char *path, unsigned int want, struct brs *got,
			 size_t *nstops, int *tail_open)
{
	char line[512];
	unsigned long long ip, addr;
	unsigned int cpu;
	int stopped = 0, ok = 1, tid, stop_tid = -1;
	uint64_t stop_ip = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (line[strspn(line, " \t\n")] == '\0')
			continue;
		cpu = 0;
		if (sscanf(line, " %d [%u] %llx => %llx", &tid, &cpu, &ip,
			   &addr) != 4 &&
		    sscanf(line, " %d %llx => %llx", &tid, &ip, &addr) != 3) {
			tid = -1;
			if (sscanf(line, " %llx => %llx", &ip, &addr) != 2) {
				printf("# unparsed perf script line: %s", line);
				ok = 0;
				continue;
			}
		}
		if (cpu != want)
			continue;
		if (stopped) {
			stopped = 0;
			if (ip) {
				printf("# trace stopped after %#" PRIx64
				       " but did not start again\n", stop_ip);
				ok = 0;
			} else {
				(*nstops)++;
				push(got, stop_ip, addr, BR_JOINED |
				     (tid != stop_tid ? BR_NEW_TID : 0));
				continue;
			}
		}
		if (!addr) {
			stopped = 1;
			stop_ip = ip;
			stop_tid = tid;
			continue;
		}
		if (!ip) {
			/* a start with no stop: the path must go on there */
			if (got->n && got->v[got->n - 1].addr != addr) {
				printf("# trace starts at %#llx, the path was at %#" PRIx64 "\n",
				       addr, got->v[got->n - 1].addr);
				ok = 0;
			}
			continue;
		}
		push(got, ip, addr, 0);
	}
	fclose(f);
	if (stopped) {
		push(got, stop_ip, 0, BR_OPEN);
		*tail_open = 1;
	}
	return ok ? 0 : 1;
}

/* Samples perf joined or left open are compared by their ip alone. */
static int ip_only(const struct br *e, const struct br *g)
{
	return (g->flags & BR_OPEN) || (e->flags & BR_HOLE) ||
	       ((g->flags & BR_JOINED) &&
		(g->flags & BR_NEW_TID || e->flags & BR_SYSCALL ||
		 filtered()));
}

static int same(const struct br *e, const struct br *g)
{
	return e->ip == g->ip && (e->addr == g->addr || ip_only(e, g));
}

/*
 * Snapshots: match the samples to the truth backwards from the last
 * snapshot's end, sp[k] the number of expected samples by the end of
 * snapshot k.  A sample that is not the truth's before it must be where
 * a hole begins: the sample perf joined across the stop that ended the
 * snapshot before.  al[i] gets the truth's sample for got[i], dec[k]
 * the samples of snapshot k, *left what the first one does not hold.
 * Returns the index of the sample that matches nothing, or -1.
 */
static size_t match_snapshots(const struct brs *exp, const struct brs *got,
			      const size_t *sp, size_t nsp, struct br *al,
			      size_t *dec, size_t *left)
{
	size_t i = got->n, j = exp->n, k = nsp - 1, lo;

	while (i > 0) {
		const struct br *g = &got->v[i - 1];

		lo = k ? sp[k - 1] : 0;
		if (j > lo && same(&exp->v[j - 1], g)) {
			al[--i] = exp->v[--j];
			dec[k]++;
		} else if (j == lo && k > 0) {
			k--;	/* all of snapshot k: no hole before it */
		} else if (k > 0 && lo > 0 && (g->flags & BR_JOINED) &&
			   g->ip == exp->v[lo - 1].ip) {
			al[--i] = exp->v[lo - 1];
			al[i].flags |= BR_HOLE;
			j = lo - 1;
			dec[--k]++;
		} else {
			*left = j;
			return i - 1;
		}
	}
	*left = j - (k ? sp[k - 1] : 0);
	return (size_t)-1;
}

/* One CPU: the decoded samples must be the expected ones, in order. */
static int check_cpu(const char *truth, const char *branches, unsigned int cpu,
		     int tail, const size_t *snaps, size_t nsnaps)
{
	struct brs exp = { 0 }, got = { 0 };
	struct wins w = { 0 };
	struct br *exp_v, *al = NULL;
	size_t sp[MAX_SNAPSHOTS], dec[MAX_SNAPSHOTS] = { 0 }, nsp = 0, left = 0;
	size_t nexc = 0, nstops = 0, i, bad = (size_t)-1, j, k;
	int tail_open = 0, last_is_exc, rc;
	char what[160];

	if (read_truth(truth, cpu, &exp, &nexc, &w)) {
		tap(0, "the truth log is readable");
		return -1;
	}
	rc = read_branches(branches, cpu, &got, &nstops, &tail_open);
	if (rc < 0) {
		tap(0, "perf script's output is readable");
		free(exp.v);
		return -1;
	}
	if (!exp.n && !got.n)
		return 0;	/* a CPU the workload never ran on */
	snprintf(what, sizeof(what), "CPU %u: every sample parses and trace starts where it stopped", cpu);
	tap(rc == 0, what);
	snprintf(what, sizeof(what), "CPU %u: the truth has branches and perf decoded samples", cpu);
	tap(exp.n > 0 && got.n > 0, what);

	/* Snapshots: the truth up to the end of each, up to the last. */
	if (tail && !nsnaps) {
		sp[nsp++] = exp.n;
	} else if (tail) {
		for (k = 0; k < nsnaps; k++) {
			if (snaps[k] < 1 || snaps[k] > w.n ||
			    (k && snaps[k] <= snaps[k - 1])) {
				snprintf(what, sizeof(what), "CPU %u: snapshot %zu ends window %zu of the truth's %zu, after the one before",
					 cpu, k + 1, snaps[k], w.n);
				tap(0, what);
				free(exp.v);
				free(got.v);
				free(w.end);
				return -1;
			}
			sp[nsp++] = w.end[snaps[k] - 1];
		}
		exp.n = sp[nsp - 1];
	}
	free(w.end);
	last_is_exc = exp.n && (exp.v[exp.n - 1].flags & BR_EXC);

	/* The trace's last exception, unsampled (see above). */
	if (last_is_exc && !tail_open && exp.n && got.n &&
	    (tail ? got.v[got.n - 1].ip != exp.v[exp.n - 1].ip :
		    got.n + 1 == exp.n)) {
		printf("# CPU %u: the last exception, at %#" PRIx64 ", ends the trace: no sample\n",
		       cpu, exp.v[exp.n - 1].ip);
		exp.n--;
	}
	/*
	 * The range's last exit, or the last branch before the start/stop
	 * logic stopped for good, unsampled (see above).
	 */
	if (filtered() && !tail_open && got.n + 1 == exp.n &&
	    (range_hi == UINT64_MAX ? !ss.on :
				      !in_range(exp.v[exp.n - 1].addr))) {
		printf("# CPU %u: the last branch in view, at %#" PRIx64 ", ends the trace: no sample\n",
		       cpu, exp.v[exp.n - 1].ip);
		exp.n--;
	}
	/*
	 * Snapshots: each the truth's last samples before its end, and not
	 * all of the trace.
	 */
	exp_v = exp.v;
	if (tail) {
		sp[nsp - 1] = exp.n;
		al = calloc(got.n + 1, sizeof(*al));
		if (!al)
			exit(2);
		bad = match_snapshots(&exp, &got, sp, nsp, al, dec, &left);
		if (bad != (size_t)-1) {
			printf("# CPU %u: decoded sample %zu of %zu is no truth's sample before it (truth %zu)\n",
			       cpu, bad, got.n, left);
			for (j = bad > 3 ? bad - 3 : 0; j < bad + 4 && j < got.n; j++)
				printf("#   %zu perf %#" PRIx64 " -> %#" PRIx64 "%s\n",
				       j, got.v[j].ip, got.v[j].addr,
				       j == bad ? " <-" : "");
			for (j = left > 3 ? left - 3 : 0; j < left + 4 && j < exp.n; j++)
				printf("#   %zu truth %#" PRIx64 " -> %#" PRIx64 "\n",
				       j, exp.v[j].ip, exp.v[j].addr);
		}
		for (k = 0; nsp > 1 && k < nsp; k++) {
			snprintf(what, sizeof(what), "CPU %u: snapshot %zu (window %zu) decodes, the last %zu of its %zu samples",
				 cpu, k + 1, snaps[k], dec[k],
				 sp[k] - (k ? sp[k - 1] : 0));
			tap(bad == (size_t)-1 && dec[k] > 0, what);
		}
		snprintf(what, sizeof(what), "CPU %u: the snapshot%s the trace's tail, not all of it (%zu of %zu samples)",
			 cpu, nsp > 1 ? "s are" : " is", got.n, exp.n);
		tap(bad == (size_t)-1 && got.n < exp.n, what);
		if (bad == (size_t)-1) {
			exp.v = al;
			exp.n = got.n;
		} else {
			/* (the forward comparison below fails it too) */
			bad = (size_t)-1;
			exp.n = 0;
		}
	}
	for (i = 0; i < exp.n && i < got.n; i++) {
		const struct br *e = &exp.v[i], *g = &got.v[i];
		int ip = ip_only(e, g);

		if (ip && e->addr != g->addr && i + 1 < got.n &&
		    got.v[i + 1].ip < g->addr) {
			printf("# trace resumed at %#" PRIx64 ", after the next range's end\n",
			       g->addr);
			bad = i;
			break;
		}
		if (e->ip != g->ip || (!ip && e->addr != g->addr)) {
			bad = i;
			break;
		}
	}
	snprintf(what, sizeof(what), "CPU %u: perf's branch samples are the ground truth, in order", cpu);
	if (bad != (size_t)-1 || exp.n != got.n) {
		size_t k = bad == (size_t)-1 ? i : bad;

		printf("# CPU %u: %zu expected samples, %zu decoded; first difference at %zu\n",
		       cpu, exp.n, got.n, k);
		for (j = k > 3 ? k - 3 : 0; j < k + 4; j++)
			printf("#   %zu truth %#" PRIx64 " -> %#" PRIx64 " | perf %#" PRIx64 " -> %#" PRIx64 "\n",
			       j, j < exp.n ? exp.v[j].ip : 0,
			       j < exp.n ? exp.v[j].addr : 0,
			       j < got.n ? got.v[j].ip : 0,
			       j < got.n ? got.v[j].addr : 0);
		tap(0, what);
	} else {
		printf("# CPU %u: %zu branch samples (%zu exceptions in the truth, %zu trace gaps) match\n",
		       cpu, got.n, nexc, nstops);
		tap(1, what);
	}
	free(exp_v);
	free(al);
	free(got.v);
	return 1;
}

int main(int argc, char **argv)
{
	const char *tail = getenv("BRANCH_CHECK_TAIL");
	const char *range = getenv("BRANCH_CHECK_RANGE");
	const char *startstop = getenv("BRANCH_CHECK_STARTSTOP");
	const char *snapshots = getenv("BRANCH_CHECK_SNAPSHOTS");
	size_t snaps[MAX_CPUS][MAX_SNAPSHOTS], nsnaps[MAX_CPUS] = { 0 };
	unsigned long long lo, hi;
	unsigned int cpu, win;
	int n = 0, rc, len;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc != 3) {
		fprintf(stderr, "usage: branch_check TRUTH BRANCHES\n");
		return 2;
	}
	if (range) {
		if (sscanf(range, "%lli:%lli", &lo, &hi) != 2 || lo >= hi) {
			fprintf(stderr, "branch_check: BRANCH_CHECK_RANGE=LO:HI, not %s\n",
				range);
			return 2;
		}
		range_lo = lo;
		range_hi = hi;
		printf("# the truth in [%#llx, %#llx) only\n", lo, hi);
	}
	if (startstop) {
		if (sscanf(startstop, "%lli:%lli", &lo, &hi) != 2) {
			fprintf(stderr, "branch_check: BRANCH_CHECK_STARTSTOP=START:STOP, not %s\n",
				startstop);
			return 2;
		}
		if (lo)
			ss_logic_add(&ss, 1, lo);
		if (hi)
			ss_logic_add(&ss, 0, hi);
		printf("# the truth from start point %#llx up to stop point %#llx only\n",
		       lo, hi);
	}
	/* "CPU:WINDOW ...": where each snapshot ends, in order */
	while (snapshots && sscanf(snapshots, " %u:%u%n", &cpu, &win, &len) == 2) {
		if (cpu >= MAX_CPUS || nsnaps[cpu] == MAX_SNAPSHOTS) {
			fprintf(stderr, "branch_check: too many snapshots\n");
			return 2;
		}
		snaps[cpu][nsnaps[cpu]++] = win;
		snapshots += len;
	}
	if (snapshots && snapshots[strspn(snapshots, " ")]) {
		fprintf(stderr, "branch_check: BRANCH_CHECK_SNAPSHOTS=\"CPU:WINDOW ...\", not %s\n",
			snapshots);
		return 2;
	}
	for (cpu = 0; cpu < MAX_CPUS; cpu++) {
		rc = check_cpu(argv[1], argv[2], cpu, tail && *tail == '1',
			       snaps[cpu], nsnaps[cpu]);
		if (rc < 0)
			return 1;
		n += rc;
	}
	tap(n > 0, "at least one CPU traced and compared");
	return failed;
}
