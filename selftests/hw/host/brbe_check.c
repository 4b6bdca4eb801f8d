// SPDX-License-Identifier: GPL-2.0
/*
 * brbe_check LOG TRUTH [NUMREC]: every branch stack hw_brbe_perf printed
 * (LOG) against the hardware model's ground truth (TRUTH, CPU 0).
 *
 * A run ("# BRBE-RUN NAME KINDS [ELS]") records branches of KINDS (the
 * truth's b, bl, cond, br, blr, ret, eret; exc for exceptions) at ELS: u
 * (EL0, the default), k (the kernel's EL) or uk.  A sample's interrupt is
 * the first "irq" exception taken from a recorded EL after the previous
 * sample's whose return address is the sample's IP and whose branches
 * match (a loop meets the same IP many times); its stack must be, newest
 * first, the last NUMREC records of the run before that exception,
 * counting back no further than the previous sample's interrupt (the
 * driver invalidates there) or a model sync (the driver programmed or
 * invalidated BRBE).  A record is a taken branch or an exception with an
 * end at a recorded EL; its address at an EL not recorded is 0.  Each
 * entry's address pair, type and (where the target is recorded) privilege
 * must match; in unfiltered EL0 runs (all kinds) so must the cycle count
 * of every entry but the oldest: the instructions since the older
 * branch, or 0 (unknown) across an exception.  In EL0 runs samples taken
 * in the kernel are skipped (QEMU takes some interrupts at the next
 * exception-level change).  TAP out.
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
	uint64_t vec;			/* X: the handler's first instruction */
	int elf, elt, taken;
};

static struct tev *tv;
static size_t ntv;
static int misplaced;	/* interrupts the model placed off the ELR */

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
			e.src = a, e.dst = b, e.vec = c, e.elf = elf, e.elt = elt;
		} else if (line[0] == 'N' &&
			   sscanf(line, "N %u %15s %llx", &cpu, e.what, &a) == 3) {
			if (strcmp(e.what, "sync"))
				continue;
			e.kind = 'N';
			e.src = a;	/* ETE EL mask << 8 | BRBE EL mask */
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
		{ "eret", PERF_BR_ERET },
		/* exceptions (brbe_map.c: a trap is an IRQ as upstream) */
		{ "call", PERF_BR_SYSCALL }, { "trap", PERF_BR_IRQ },
		{ "irq", PERF_BR_IRQ }, { "serror", PERF_BR_SERROR },
		{ "data-fault", PERF_BR_EXTEND_ABI },
		{ "insn-fault", PERF_BR_EXTEND_ABI },
		{ "debug", PERF_BR_EXTEND_ABI }, { "fiq", PERF_BR_EXTEND_ABI },
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
	unsigned int type, cycles, priv;
};

#define MAXE 64

/* The ELs a run records: bit 0 EL0, bit 1 the kernel's (EL1, or EL2 under VHE). */
#define ELS_USER	1
#define ELS_KERNEL	2

static int el_bit(int el)
{
	return el ? ELS_KERNEL : ELS_USER;
}

/*
 * The record that truth event @e leaves in a run of @kinds at the ELs
 * @els, as the driver hands it to perf: an address at an EL the run does
 * not record is 0 (BRBINF VALID), an exception's source is its preferred
 * return address and its target the vector ("exc": BRBCR EXCEPTION).
 * Returns 0 when the event makes no record.
 */
static int record_of(const struct tev *e, const char *kinds, int els,
		     struct ent *r)
{
	int from_ok = !!(els & el_bit(e->elf)), to_ok = !!(els & el_bit(e->elt));

	if (!from_ok && !to_ok)
		return 0;
	if (e->kind == 'B') {
		if (!e->taken || !kind_in(e->what, kinds))
			return 0;
		r->from = from_ok ? e->src : 0;
		r->to = to_ok ? e->dst : 0;
	} else if (e->kind == 'X') {
		if (!kind_in("exc", kinds))
			return 0;
		r->from = from_ok ? e->dst : 0;
		r->to = to_ok ? e->vec : 0;
	} else {
		return 0;
	}
	r->type = perf_type_of(e->what);
	/* BRBINF.EL is the target's EL, RES0 in a source-only record. */
	r->priv = !to_ok ? ~0u : e->elt ? PERF_BR_PRIV_KERNEL : PERF_BR_PRIV_USER;
	return 1;
}

/*
 * Does the sample (ents[0..n)) equal the truth before the exception at
 * x, counting back to lo?  Indices of the matched branches in idx[].
 */
static int match_at(size_t x, size_t lo, const char *kinds, int els,
		    int numrec, int check_cycles, const struct ent *ents,
		    int n, char *why, size_t wlen)
{
	struct ent want[MAXE];
	size_t idx[MAXE];
	int k = 0, i;
	size_t j;

	for (j = x; j-- > lo && k < numrec;) {
		const struct tev *e = &tv[j];

		if (e->kind == 'N')
			break;
		if (!record_of(e, kinds, els, &want[k]))
			continue;
		idx[k++] = j;
	}
	if (k != n) {
		snprintf(why, wlen, "%d entries, the truth has %d", n, k);
		return 0;
	}
	for (i = 0; i < n; i++) {
		const struct tev *e = &tv[idx[i]];

		if (ents[i].from != want[i].from || ents[i].to != want[i].to ||
		    ents[i].type != want[i].type ||
		    (want[i].priv != ~0u && ents[i].priv != want[i].priv)) {
			snprintf(why, wlen, "entry %d: %#llx -> %#llx type %u priv %u, truth %s %#llx -> %#llx",
				 i, (unsigned long long)ents[i].from,
				 (unsigned long long)ents[i].to, ents[i].type,
				 ents[i].priv, e->what,
				 (unsigned long long)want[i].from,
				 (unsigned long long)want[i].to);
			return 0;
		}
		if (check_cycles && i + 1 < n) {
			const struct tev *o = &tv[idx[i + 1]];
			unsigned int want_cc = (e->src - o->dst) / 4 + 1;

			for (j = idx[i + 1] + 1; j < idx[i]; j++)
				if (tv[j].kind == 'X')
					want_cc = 0;
			if (ents[i].cycles != want_cc) {
				snprintf(why, wlen, "entry %d at %#llx: %u cycles, truth %u",
					 i, (unsigned long long)e->src,
					 ents[i].cycles, want_cc);
				return 0;
			}
		}
	}
	return 1;
}

static int eret_to(size_t x, uint64_t ip);

/*
 * Is truth event x the interrupt, from a recorded EL, of a sample at ip?
 * Its return address is the sample's IP, or the ERET that ends its
 * handler returns there: without the PE's registers the model places an
 * interrupt from its instruction count, and in kernel runs it was seen
 * an instruction early (before a RET QEMU executed first, the ERET going
 * back past it).  The stack, not the IP, is what is checked; such
 * interrupts (2) are counted and reported.
 */
static int irq_of(size_t x, uint64_t ip, int els)
{
	if (tv[x].kind != 'X' || strcmp(tv[x].what, "irq") ||
	    !(els & el_bit(tv[x].elf)))
		return 0;
	if (tv[x].dst == ip)
		return 1;
	return eret_to(x, ip) ? 2 : 0;
}

/* Does the first ERET after x to ip's EL return to ip? */
static int eret_to(size_t x, uint64_t ip)
{
	int el0 = ip < 1ULL << 48;
	size_t j;

	for (j = x + 1; j < ntv; j++)
		if (tv[j].kind == 'B' && !strcmp(tv[j].what, "eret") &&
		    (tv[j].elt == 0) == el0)
			return tv[j].dst == ip;
	return 0;
}

/*
 * Is truth event x where BRBE froze at an overflow the driver reported,
 * right after records were made, for a sample at ip?  The model freezes
 * at the report when it saw no interrupt from a recorded EL: in runs
 * that record only the kernel it does not observe EL0 (Documentation/
 * hwmodel.rst), so it logs no interrupt taken from there.  The stack
 * then ends with the handler's own branches up to the report; the ERET
 * that ends the handler returns to the sample's IP.
 */
static int freeze_at(size_t x, size_t lo, uint64_t ip, int els)
{
	return els == ELS_KERNEL && tv[x].kind == 'N' && !(tv[x].src & 0xff) &&
	       x > lo && tv[x - 1].kind != 'N' && eret_to(x, ip);
}

int main(int argc, char **argv)
{
	FILE *log;
	char line[256], run[32] = "", kinds[128] = "", why[256] = "";
	char later[256];
	char elstr[4] = "u";
	int els = ELS_USER;
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
			if (ip >= 1ULL << 48 && !(els & ELS_KERNEL)) {
				skipped++;
			} else {
				for (x = pos; x < ntv; x++) {
					int how = irq_of(x, ip, els);

					if (!how && !freeze_at(x, lo, ip, els))
						continue;
					/* Why the nearest candidate is not it. */
					tries++;
					if (match_at(x, lo, kinds, els, numrec,
						     !strcmp(kinds, ALL_KINDS), ents, n,
						     tries == 1 ? why : later,
						     sizeof(later))) {
						ok = 1;
						misplaced += how == 2;
						pos = lo = x + 1;
						break;
					}
				}
				if (ok)
					matched++;
				else if (samples - skipped - matched <= 3)
					printf("# %s sample %d at %#llx: %s\n", run,
					       samples, ip, tries ? why : "no such interrupt or freeze in the truth");
			}
			want_n = -1;
		}
		if (eof)
			break;
		if (sscanf(line, "# BRBE-RUN %31s %127s %3s", run, kinds, elstr) >= 2) {
			els = (strchr(elstr, 'u') ? ELS_USER : 0) |
			      (strchr(elstr, 'k') ? ELS_KERNEL : 0);
			snprintf(elstr, sizeof(elstr), "u");
			samples = matched = skipped = misplaced = 0;
			/* The run starts after everything matched so far. */
			lo = pos;
		} else if (sscanf(line, "# BRBE-SAMPLE %llx %d", &ip, &want_n) == 2) {
			n = 0;
		} else if (sscanf(line, "# BRBE-ENTRY %llx %llx %u %u %u %u %u",
				  &a, &b, &t, &c, &m, &p, &v) == 7 && n < MAXE) {
			ents[n++] = (struct ent){ a, b, t, c, v };
		} else if (!strncmp(line, "# BRBE-END", 10)) {
			int good = matched == samples - skipped && matched >= 10;

			printf("%sok %d - brbe truth: %s: %d of %d samples are the truth's last branches (%d in the kernel skipped, %d interrupts the model placed off the ELR)\n",
			       good ? "" : "not ", ++tap, run, matched,
			       samples - skipped, skipped, misplaced);
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
