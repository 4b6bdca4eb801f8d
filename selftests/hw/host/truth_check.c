// SPDX-License-Identifier: GPL-2.0
/*
 * truth_check CONSOLE TRUTH MIN_EXCEPTIONS ELF...: decode the trace
 * hw_ete_dump printed on the guest console with libete, the program
 * image taken from the ELFs' executable PT_LOAD segments, and compare the path with the hardware model's
 * ground-truth log (Documentation/hwmodel.rst): every branch (source,
 * taken, destination) and every exception (preferred return address) of
 * CPU 0 between the model's ete-start and ete-stop, in order.  The same
 * trace decoded by Debian's OpenCSD 1.3.3 must give the same instruction
 * ranges and exceptions as libete (the model's encoder and libete share
 * code; OpenCSD shares none).  With ViewInst include/exclude ranges in
 * the status (TRCVIIECTLR, TRCACVR0-3, both bounds inclusive, every EL)
 * the truth keeps the branches and exceptions taken on instructions in
 * view.  With TRUTH_PREFIX=1 in the environment the trace is only the
 * start of the stream (the first TRBE window of a buffer that filled):
 * the decoded path must then equal the truth's first events.  TAP out.
 */
#include <elf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <armtrace/ete_pkt.h>
#include <armtrace/ete_regs.h>
#include <ete/dec.h>
#include <ete/img.h>
#include "enc_ocsd.h"
#include "ss_logic.h"
#include "truth_log.h"

#define MAX_ELFS 4
#define MAX_CODE 4	/* kernel code regions (TRUTH_CODE) */

static int tap_n;

static int tap(int ok, const char *fmt, const char *what)
{
	printf("%sok %d - %s%s\n", ok ? "" : "not ", ++tap_n, fmt, what);
	return !ok;
}

/* The decoded path: a branch ends each range; exceptions as they come. */
struct sink {
	struct truth_evs out;
	struct enc_els els;	/* ranges and exceptions, for OpenCSD */
	uint32_t cids[8];	/* distinct CONTEXTIDs seen */
	int ncids, cid_missing;
	int pending;		/* last range ended in a branch, dst unknown */
	size_t errors;
	/* the exception the trace last stopped at, and where it came back */
	int exc_state;		/* 1 exception, 2 then Trace On */
	uint32_t exc_num, exc_cid, cid;
	int exc_cid_valid, cid_valid;
	uint64_t exc_ret;
	size_t resumes, resumes_bad;
};

/*
 * After a trap, fault or interrupt whose handler is not traced the PE
 * resumes at the preferred return address, unless the kernel changed it
 * (a signal, another task, a system call such as execve): so a trace
 * that comes back (Trace On) in the same CONTEXTID without a signal in
 * the workload must come back there.  The model derives both from the
 * same path, so this is what catches a wrong return address.
 */
static void check_resume(struct sink *s, const struct ete_elem *e)
{
	if (s->exc_state == 2 && s->exc_num != ETE_EXC_TYPE_CALL &&
	    s->exc_cid_valid && s->cid_valid && s->exc_cid == s->cid) {
		s->resumes++;
		if (e->start != s->exc_ret) {
			s->resumes_bad++;
			printf("# exception type %#x returns to %#" PRIx64
			       ", the trace resumed at %#" PRIx64 "\n",
			       s->exc_num, s->exc_ret, e->start);
		}
	}
	s->exc_state = 0;
}

static int on_elems(void *ctx, const struct ete_elem *el, size_t n)
{
	struct sink *s = ctx;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct ete_elem *e = &el[i];

		switch (e->type) {
		case ETE_ELEM_INSTR_RANGE:
			check_resume(s, e);
			enc_els_push(&s->els, &(struct enc_el){
				.type = EL_RANGE, .a = e->start, .b = e->end,
				.n = e->ninsn, .taken = e->exec });
			if (s->pending && e->start)
				s->out.v[s->out.n - 1].dst = e->start;
			s->pending = 0;
			if (e->last_cls == ETE_INSN_BR ||
			    e->last_cls == ETE_INSN_BR_INDIRECT) {
				struct truth_ev ev = {
					.kind = 'B', .src = e->end - e->last_size,
					.taken = e->exec };

				if (!e->exec)
					ev.dst = ev.src + e->last_size;
				truth_push(&s->out, ev);
				s->pending = e->exec;
			}
			break;
		case ETE_ELEM_EXCEPTION:
			enc_els_push(&s->els, &(struct enc_el){
				.type = EL_EXC, .a = e->end, .exc = e->num });
			s->pending = 0;
			truth_push(&s->out, (struct truth_ev){
				.kind = 'X', .dst = e->end });
			s->exc_state = 1;
			s->exc_num = e->num;
			s->exc_ret = e->end;
			s->exc_cid = s->cid;
			s->exc_cid_valid = s->cid_valid;
			break;
		case ETE_ELEM_PE_CONTEXT: {
			int k;

			s->cid_valid = e->ctx.cid_valid;
			s->cid = e->ctx.cid;
			if (!e->ctx.cid_valid) {
				s->cid_missing++;
				break;
			}
			for (k = 0; k < s->ncids && s->cids[k] != e->ctx.cid; k++)
				;
			if (k == s->ncids && k < 8)
				s->cids[s->ncids++] = e->ctx.cid;
			break;
		}
		case ETE_ELEM_TRACE_ON:		/* a gap: dst unknown */
		case ETE_ELEM_ADDR_NACC:
		case ETE_ELEM_NO_SYNC:
			s->errors += e->type == ETE_ELEM_ADDR_NACC;
			s->pending = 0;
			s->exc_state = e->type == ETE_ELEM_TRACE_ON &&
				       s->exc_state == 1 ? 2 : 0;
			break;
		default:
			break;
		}
	}
	return 0;
}

/* ViewInst ranges as armtrace_hwtest programs them: pairs 0 and 1. */
static int in_view(uint64_t viiectlr, const uint64_t *acvr, uint64_t a)
{
	uint64_t inc = FIELD_GET(TRCVIIECTLR_INCLUDE, viiectlr);
	uint64_t exc = FIELD_GET(TRCVIIECTLR_EXCLUDE, viiectlr);
	int n, in = !(inc & 0x3);

	for (n = 0; n < 2; n++) {
		int hit = a >= acvr[2 * n] && a <= acvr[2 * n + 1];

		if ((inc & BIT_ULL(n)) && hit)
			in = 1;
	}
	for (n = 0; n < 2; n++)
		if ((exc & BIT_ULL(n)) && a >= acvr[2 * n] &&
		    a <= acvr[2 * n + 1])
			in = 0;
	return in;
}

/*
 * The ViewInst filters the status names: ranges (TRCVIIECTLR, TRCACVR0-3)
 * and start/stop points (STATUS ss_start/ss_stop, ss_logic.h).
 */
struct view {
	uint64_t viiectlr, acvr[4];
	struct ss_logic ss;
};

static int keep_in_view(void *ctx, char kind, uint64_t src, uint64_t dst,
			int taken, unsigned int el, unsigned int el_to)
{
	struct view *v = ctx;

	if (ss_logic_used(&v->ss) &&
	    !ss_logic_keep(&v->ss, kind, src, dst, taken, el, el_to))
		return 0;
	return in_view(v->viiectlr, v->acvr, src);
}

static uint8_t *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc(n ? n : 1);
	if (buf && fread(buf, 1, n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*len = n;
	return buf;
}

/* Ranges and exceptions of two decoders must agree, field by field. */
static int same_els(const struct enc_els *a, const struct enc_els *b)
{
	size_t i, j = 0;

	for (i = 0; i < a->n; i++) {
		const struct enc_el *x = &a->e[i], *y;

		if (x->type != EL_RANGE && x->type != EL_EXC)
			continue;
		while (j < b->n && b->e[j].type != EL_RANGE &&
		       b->e[j].type != EL_EXC)
			j++;
		if (j == b->n)
			return 0;
		y = &b->e[j++];
		if (x->type != y->type || x->a != y->a ||
		    (x->type == EL_RANGE && (x->b != y->b || x->n != y->n ||
					     x->taken != y->taken)) ||
		    (x->type == EL_EXC && x->exc != y->exc)) {
			printf("# first difference at element %zu: %d %#" PRIx64 " %#" PRIx64 " %u %u | OpenCSD %d %#" PRIx64 " %#" PRIx64 " %u %u\n",
			       i, x->type, x->a, x->b, x->n, x->taken,
			       y->type, y->a, y->b, y->n, y->taken);
			return 0;
		}
	}
	for (; j < b->n; j++)
		if (b->e[j].type == EL_RANGE || b->e[j].type == EL_EXC)
			return 0;
	printf("# %zu OpenCSD elements, all ranges and exceptions equal\n", j);
	return j > 0;
}

/*
 * TRUTH_CODE=FILE: the kernel code the model saw translated ("K vaddr
 * hexbytes" per block, hwmodel's code= option), for kernel-EL trace.
 * The blocks are gathered into at most MAX_CODE regions, split where a
 * gap exceeds 1 MiB; bytes never seen stay zero, later blocks win, but
 * a block translated after CPU 0's trace window ("N 0 ete-stop") only
 * fills bytes not seen before: code patched after the window (a static
 * key the freed event switched off) is not what ran in it.
 */
struct code_blk {
	uint64_t va, n;
};

static int blk_cmp(const void *a, const void *b)
{
	const struct code_blk *x = a, *y = b;

	return x->va < y->va ? -1 : x->va > y->va;
}

static int load_code(const char *path, struct ete_img *img,
		     struct enc_mem *mem, int *nmem)
{
	static char line[1 << 17];
	struct { uint64_t lo, hi; uint8_t *b, *seen; } r[MAX_CODE];
	struct code_blk *blk = NULL;
	size_t nblk = 0, cap = 0, i;
	unsigned long long va;
	int nr = 0, k, pass, after = 0;
	unsigned int cpu;
	char what[32];
	FILE *f;

	/* Pass 0 finds the regions' bounds, pass 1 fills them. */
	for (pass = 0; pass < 2; pass++) {
		f = fopen(path, "r");
		if (!f)
			return -1;
		after = 0;
		while (fgets(line, sizeof(line), f)) {
			char *hex = strchr(line + 2, ' ');
			uint64_t n;

			if (sscanf(line, "N %u %31s", &cpu, what) == 2 && !cpu) {
				after = !strcmp(what, "ete-stop") ? 1 :
					!strcmp(what, "ete-start") ? 0 : after;
				continue;
			}
			if (sscanf(line, "K %llx ", &va) != 1 || !hex)
				continue;
			n = strcspn(++hex, "\n") / 2;
			if (pass == 0) {
				if (nblk == cap) {
					cap = cap ? 2 * cap : 4096;
					blk = realloc(blk, cap * sizeof(*blk));
					if (!blk)
						return -1;
				}
				blk[nblk++] = (struct code_blk){ va, n };
				continue;
			}
			for (k = 0; k < nr && !(va >= r[k].lo && va + n <= r[k].hi); k++)
				;
			for (i = 0; i < n && k < nr; i++) {
				unsigned int b;

				if (sscanf(hex + 2 * i, "%2x", &b) != 1)
					break;
				if (after && r[k].seen[va - r[k].lo + i])
					continue;
				r[k].b[va - r[k].lo + i] = b;
				r[k].seen[va - r[k].lo + i] = 1;
			}
		}
		fclose(f);
		if (pass)
			break;
		qsort(blk, nblk, sizeof(*blk), blk_cmp);
		for (i = 0; i < nblk; i++) {
			if (nr && blk[i].va <= r[nr - 1].hi + (1 << 20)) {
				if (blk[i].va + blk[i].n > r[nr - 1].hi)
					r[nr - 1].hi = blk[i].va + blk[i].n;
				continue;
			}
			if (nr == MAX_CODE)
				return -1;
			r[nr].lo = blk[i].va;
			r[nr].hi = blk[i].va + blk[i].n;
			nr++;
		}
		free(blk);
		for (k = 0; k < nr; k++)
			if (!(r[k].b = calloc(1, r[k].hi - r[k].lo)) ||
			    !(r[k].seen = calloc(1, r[k].hi - r[k].lo)))
				return -1;
	}
	for (k = 0; k < nr; k++)
		free(r[k].seen);
	for (k = 0; k < nr; k++) {
		if (ete_img_add_buffer(img, r[k].lo, r[k].b, r[k].hi - r[k].lo))
			return -1;
		mem[(*nmem)++] = (struct enc_mem){ r[k].lo, r[k].b,
						   r[k].hi - r[k].lo };
		printf("# kernel code %#llx-%#llx\n",
		       (unsigned long long)r[k].lo, (unsigned long long)r[k].hi);
	}
	return 0;
}

/* Map the PT_LOAD segments of a static AArch64 ELF into the image. */
static int load_elf(struct ete_img *img, const uint8_t *elf, size_t len,
		    struct enc_mem *mem)
{
	const Elf64_Ehdr *eh = (const void *)elf;
	int i, n = 0;

	if (len < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_machine != EM_AARCH64)
		return -1;
	for (i = 0; i < eh->e_phnum; i++) {
		const Elf64_Phdr *ph = (const void *)(elf + eh->e_phoff +
						      i * eh->e_phentsize);

		if ((const uint8_t *)(ph + 1) > elf + len)
			return -1;
		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		if (ph->p_offset + ph->p_filesz > len ||
		    ete_img_add_buffer(img, ph->p_vaddr, elf + ph->p_offset,
				       ph->p_filesz))
			return -1;
		if (n == 0)
			*mem = (struct enc_mem){ ph->p_vaddr, elf + ph->p_offset,
						 ph->p_filesz };
		n++;
	}
	return n ? 0 : -1;
}

int main(int argc, char **argv)
{
	struct ete_dec_config cfg = { 0 };
	static struct ete_dec dec;
	struct sink s = { 0 };
	struct truth_log tl;
	struct truth_evs truth;
	struct view view = { 0 };
	struct ete_img img;
	struct enc_mem mem[MAX_ELFS + MAX_CODE] = { 0 };
	uint8_t *elf[MAX_ELFS];
	int k, nelf = 0, nmem, min_exc, pids[2] = { -1, -1 };
	struct enc_els ocsd = { 0 };
	struct enc_ocsd_stats ost;
	uint8_t *trace = NULL;
	size_t tlen = 0, tcap = 0, elf_len, i, first_bad = (size_t)-1;
	unsigned long long v;
	uint64_t viiectlr = 0, acvr[4] = { 0 };
	char line[512], key[64];
	int fail = 0, xs = 0, trbe_lost = 0, trbe_ignored = 0;
	int snapshot = 0, prefix = !!getenv("TRUTH_PREFIX");
	size_t gap = 0;
	FILE *f;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 5 || argc - 4 > MAX_ELFS) {
		fprintf(stderr, "usage: truth_check CONSOLE TRUTH MIN_EXCEPTIONS ELF...\n");
		return 2;
	}
	min_exc = atoi(argv[3]);

	/* The trace and the trace unit's registers, off the console. */
	f = fopen(argv[1], "r");
	if (!f)
		return tap(0, "console log readable: ", argv[1]) ? 1 : 0;
	while (fgets(line, sizeof(line), f)) {
		char *p;

		if (sscanf(line, "STATUS %63s %lli", key, &v) == 2) {
			if (!strcmp(key, "trcidr0"))
				cfg.pkt.trcidr0 = v;
			else if (!strcmp(key, "trcidr1"))
				cfg.pkt.trcidr1 = v;
			else if (!strcmp(key, "trcidr2"))
				cfg.pkt.trcidr2 = v;
			else if (!strcmp(key, "trcidr8"))
				cfg.pkt.trcidr8 = v;
			else if (!strcmp(key, "trcdevarch"))
				cfg.pkt.trcdevarch = v;
			else if (!strcmp(key, "trcconfigr"))
				cfg.pkt.trcconfigr = v;
			else if (!strcmp(key, "trctraceidr"))
				cfg.pkt.trctraceidr = v;
			else if (!strcmp(key, "trcviiectlr"))
				viiectlr = v;
			else if ((!strcmp(key, "ss_start") ||
				  !strcmp(key, "ss_stop")) &&
				 ss_logic_add(&view.ss, !strcmp(key, "ss_start"), v))
				return tap(0, "start/stop points: 8 of each at most", "");
			else if (!strncmp(key, "trcacvr", 7) && key[7] >= '0' &&
				 key[7] <= '3' && !key[8])
				acvr[key[7] - '0'] = v;
			continue;
		}
		if (sscanf(line, "PIDS %d %d", &pids[0], &pids[1]) == 2)
			continue;
		if (sscanf(line, "SNAPSHOT %lli", &v) == 1) {
			snapshot = 1;
			continue;
		}
		/* Trace lost at a snapshot's fill: decode from after it. */
		if (sscanf(line, "TRACEGAP %lli", &v) == 1) {
			gap = v;
			continue;
		}
		if (sscanf(line, "PREFIX %lli", &v) == 1) {
			prefix = 1;
			continue;
		}
		if (strncmp(line, "TRACEHEX ", 9))
			continue;
		for (p = line + 9; p[0] && p[1] && p[0] != '\n'; p += 2) {
			unsigned int b;

			if (sscanf(p, "%2x", &b) != 1)
				break;
			if (tlen == tcap) {
				tcap = tcap ? 2 * tcap : 65536;
				trace = realloc(trace, tcap);
				if (!trace)
					return 2;
			}
			trace[tlen++] = b;
		}
	}
	fclose(f);
	fail |= tap(tlen > 0, "trace read from the console", "");

	/* The ground truth of CPU 0 inside the trace window. */
	view.viiectlr = viiectlr;
	memcpy(view.acvr, acvr, sizeof(acvr));
	ss_logic_reset(&view.ss);
	if (truth_read(argv[2], 0, keep_in_view, &view, &tl))
		return tap(0, "truth log readable: ", argv[2]) ? 1 : 0;
	truth = tl.ev;
	xs = tl.exceptions;
	trbe_lost = tl.trbe_lost;
	trbe_ignored = tl.trbe_ignored;
	if (viiectlr)
		printf("# ViewInst TRCVIIECTLR %#llx: truth events in view only\n",
		       (unsigned long long)viiectlr);
	if (ss_logic_used(&view.ss))
		printf("# ViewInst start/stop: %d start and %d stop points: truth events of the started stretches only\n",
		       view.ss.nstart, view.ss.nstop);
	fail |= tap(truth.n > 0, "ground truth has events in the window", "");
	/* The model's verdict on the driver (hwmodel.rst, TRBE) */
	fail |= tap(!trbe_lost,
		    "no staged trace lost to a disable before TSB CSYNC", "");
	fail |= tap(!trbe_ignored,
		    "no TRBE register written while enabled (writes ignored)", "");

	if (ete_img_init(&img))
		return 2;
	for (k = 4; k < argc; k++) {
		elf[nelf] = read_file(argv[k], &elf_len);
		if (!elf[nelf] ||
		    load_elf(&img, elf[nelf], elf_len, &mem[nelf]))
			return tap(0, "program image from ", argv[k]) ? 1 : 0;
		nelf++;
	}

	nmem = nelf;
	if (getenv("TRUTH_CODE") &&
	    load_code(getenv("TRUTH_CODE"), &img, mem, &nmem))
		return tap(0, "kernel code from ", getenv("TRUTH_CODE")) ? 1 : 0;

	cfg.trace_id = cfg.pkt.trctraceidr;
	if (ete_dec_init(&dec, &cfg, &img, on_elems, &s))
		return tap(0, "decoder accepts the trace unit's registers", "");
	/*
	 * A snapshot's newest trace is what follows its last gap; what is
	 * before it is older trace the loss cut off, not the truth's tail.
	 */
	if (snapshot && gap) {
		printf("# snapshot: decoded from byte %zu of %zu, after the last gap\n",
		       gap, tlen);
		if (gap > tlen)
			gap = tlen;
	} else {
		gap = 0;
	}
	ete_dec_decode(&dec, trace + gap, tlen - gap, 0);
	ete_dec_flush(&dec);
	fail |= tap(!s.errors, "no inaccessible memory in the decoded path", "");
	printf("# %zu returns from untraced traps, faults and interrupts in the same context\n",
	       s.resumes);
	fail |= tap(!s.resumes_bad,
		    "the trace resumes at each such exception's return address", "");

	/*
	 * A snapshot holds the newest trace: decoding starts at its first
	 * synchronisation point, and what it gives must be exactly the
	 * tail of the truth.
	 */
	if (snapshot && s.out.n && s.out.n < truth.n) {
		size_t drop = truth.n - s.out.n;

		printf("# snapshot: the newest %zu of %zu truth events, of trace windows %d to %d\n",
		       s.out.n, truth.n, truth.v[drop].window,
		       truth.v[truth.n - 1].window);
		memmove(truth.v, truth.v + drop, s.out.n * sizeof(*truth.v));
		truth.n = s.out.n;
	}
	/* TRUTH_SNAPSHOT_WINDOWS=N: a snapshot keeps older windows. */
	if (getenv("TRUTH_SNAPSHOT_WINDOWS"))
		fail |= tap(snapshot && truth.n && s.out.n == truth.n &&
			    truth.v[truth.n - 1].window - truth.v[0].window + 1 >=
			    atoi(getenv("TRUTH_SNAPSHOT_WINDOWS")),
			    "the snapshot keeps older trace windows, at least ",
			    getenv("TRUTH_SNAPSHOT_WINDOWS"));
	for (i = 0; i < truth.n && i < s.out.n; i++) {
		const struct truth_ev *t = &truth.v[i], *d = &s.out.v[i];
		int same = t->kind == d->kind && t->src == d->src &&
			   t->taken == d->taken &&
			   (!d->dst || t->dst == d->dst);

		if (!same) {
			first_bad = i;
			break;
		}
	}
	if (prefix && first_bad == (size_t)-1 && s.out.n > 0 &&
	    s.out.n <= truth.n) {
		printf("# the first %zu of %zu truth events match\n", s.out.n,
		       truth.n);
		fail |= tap(1, "decoded path equals the start of the model's ground truth", "");
	} else if (first_bad != (size_t)-1 || truth.n != s.out.n) {
		size_t k = first_bad == (size_t)-1 ? i : first_bad, j;

		printf("# %zu truth events, %zu decoded; first difference at %zu\n",
		       truth.n, s.out.n, k);
		for (j = k > 3 ? k - 3 : 0; j < k + 4; j++)
			printf("#   %zu truth %c %#" PRIx64 " -> %#" PRIx64 " %d | decoded %c %#" PRIx64 " -> %#" PRIx64 " %d\n",
			       j, j < truth.n ? truth.v[j].kind : '-',
			       j < truth.n ? truth.v[j].src : 0,
			       j < truth.n ? truth.v[j].dst : 0,
			       j < truth.n ? truth.v[j].taken : 0,
			       j < s.out.n ? s.out.v[j].kind : '-',
			       j < s.out.n ? s.out.v[j].src : 0,
			       j < s.out.n ? s.out.v[j].dst : 0,
			       j < s.out.n ? s.out.v[j].taken : 0);
		fail |= tap(0, "decoded path equals the model's ground truth", "");
	} else {
		printf("# %zu events (%d exceptions) match\n", truth.n, xs);
		fail |= tap(1, "decoded path equals the model's ground truth", "");
	}
	/*
	 * With TRCCONFIGR.CID the contexts carry CONTEXTIDR, the PID: one
	 * per process in the window (a fork+exec run has two).
	 */
	if (cfg.pkt.trcconfigr & TRCCONFIGR_CID) {
		printf("# %d distinct CONTEXTIDs, %d contexts without one\n",
		       s.ncids, s.cid_missing);
		/* Each CONTEXTID is the PID of the runner or of its child. */
		for (k = 0; k < s.ncids && ((int)s.cids[k] == pids[0] ||
					    (int)s.cids[k] == pids[1]); k++)
			;
		fail |= tap(!s.cid_missing && s.ncids == (pids[1] > 0 ? 2 : 1) &&
			    k == s.ncids, "contexts carry the processes' PIDs",
			    "");
	}
	printf("# %d exceptions, at least %d expected\n", xs, min_exc);
	fail |= tap(xs >= min_exc, "the path includes the exceptions", "");

	if (enc_ocsd_decode(&cfg.pkt, mem, nmem, trace + gap, tlen - gap, &ocsd,
			    &ost))
		fail |= tap(0, "OpenCSD 1.3.3 decodes the trace: ", ost.last_err);
	else
		fail |= tap(!ost.errors && !ost.nacc && same_els(&s.els, &ocsd),
			    "OpenCSD 1.3.3 gives libete's ranges and exceptions",
			    "");
	enc_els_free(&ocsd);
	enc_els_free(&s.els);
	ete_img_free(&img);
	for (k = 0; k < nelf; k++)
		free(elf[k]);
	for (k = nelf; k < nmem; k++)	/* load_code()'s regions */
		free((void *)mem[k].data);
	free(trace);
	truth_free(&tl);
	free(s.out.v);
	return fail;
}
