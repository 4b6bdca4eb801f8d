// SPDX-License-Identifier: GPL-2.0
/*
 * ViewInst address range filtering through kernel/hw/ and the hardware
 * model: trace brb_workload (branches.S) at EL0 with an include or
 * exclude range (armtrace_hwtest's ete-range) and decode the buffer in
 * the guest with libete's element decoder over this program's own text.
 * Each test knows exactly which instruction ranges the workload leaves in
 * view: their starts, lengths and last branch, and how many of each.
 *
 *   brb_workload  stp; mov x29; bl brb_leaf       one block each line
 *   brb_after1    adr x1; blr x1
 *   brb_after2    mov x2, #3; subs; b.ne brb_loop  b.ne taken twice
 *   brb_loop      subs; b.ne brb_loop
 *   brb_jump      b brb_tail
 *   brb_tail      adr x3; br x3
 *   brb_tail2     ldp; ret
 *   brb_leaf      ret                              called twice
 *
 * Ranges are inclusive of both bounds.  An asynchronous exception in view
 * (an interrupt) splits a range in two, so the tests count instructions
 * and branches rather than ranges where an interrupt could fall.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include "kselftest_harness.h"
#include "hwtest_util.h"

#include <ete/dec.h>
#include <ete/img.h>

#define LOOPS 50
#define KERNEL_VA 0xffff000000000000ULL

extern char __executable_start[], etext[];

#define ADDR(sym) ((uint64_t)(uintptr_t)(sym))

struct rng {
	uint64_t start, end;	/* end exclusive */
	uint32_t n;
	uint8_t exec, cls;
};

struct run {
	struct rng *r;
	size_t n, cap;
	unsigned int excs, trace_ons, nacc, kernel;
	uint64_t exc_ret[16];
};

static int on_elems(void *ctx, const struct ete_elem *el, size_t n)
{
	struct run *r = ctx;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct ete_elem *e = &el[i];

		switch (e->type) {
		case ETE_ELEM_INSTR_RANGE:
			if (r->n == r->cap) {
				r->cap = r->cap ? 2 * r->cap : 256;
				r->r = realloc(r->r, r->cap * sizeof(*r->r));
				if (!r->r)
					return 1;
			}
			r->r[r->n++] = (struct rng){ e->start, e->end, e->ninsn,
						     e->exec, e->last_cls };
			r->kernel += e->start >= KERNEL_VA;
			break;
		case ETE_ELEM_EXCEPTION:
			if (r->excs < 16)
				r->exc_ret[r->excs] = e->end;
			r->excs++;
			break;
		case ETE_ELEM_TRACE_ON:
			r->trace_ons++;
			break;
		case ETE_ELEM_ADDR_NACC:
			r->nacc++;
			break;
		default:
			break;
		}
	}
	return 0;
}

/*
 * Trace LOOPS runs of the workload at the ELs in @el_mask, with range 0
 * [@lo, @hi] (include when @include, exclude otherwise; no range when
 * @lo > @hi), and decode the trace into @r.
 */
static int trace(unsigned int el_mask, uint64_t lo, uint64_t hi, int include,
		 struct run *r)
{
	static struct ete_dec dec;
	struct ete_dec_config cfg = { 0 };
	struct ete_img img;
	size_t len = 0, size = 256 * 1024;
	uint8_t *buf = malloc(size);
	char cmd[96];
	int fd, i;

	memset(r, 0, sizeof(*r));
	if (!buf)
		return -1;
	if (lo <= hi) {
		snprintf(cmd, sizeof(cmd), "ete-range 0 %llx %llx %d",
			 (unsigned long long)lo, (unsigned long long)hi,
			 include);
		if (hwtest_ctl(cmd))
			return -1;
	}
	snprintf(cmd, sizeof(cmd), "ete-start 256 0 %x", el_mask);
	if (hwtest_ctl(cmd))
		return -1;
	for (i = 0; i < LOOPS; i++)
		brb_workload_fn();
	if (hwtest_ctl("ete-stop"))
		return -1;
	fd = open(HWTEST_DIR "trace", O_RDONLY);
	if (fd < 0)
		return -1;
	for (;;) {
		ssize_t n = read(fd, buf + len, size - len);

		if (n <= 0)
			break;
		len += n;
	}
	close(fd);

	cfg.pkt.trcidr0 = hwtest_status("trcidr0");
	cfg.pkt.trcidr1 = hwtest_status("trcidr1");
	cfg.pkt.trcidr2 = hwtest_status("trcidr2");
	cfg.pkt.trcidr8 = hwtest_status("trcidr8");
	cfg.pkt.trcdevarch = hwtest_status("trcdevarch");
	cfg.pkt.trcconfigr = hwtest_status("trcconfigr");
	cfg.pkt.trctraceidr = hwtest_status("trctraceidr");
	cfg.trace_id = cfg.pkt.trctraceidr;
	if (ete_img_init(&img) ||
	    ete_img_add_buffer(&img, ADDR(__executable_start),
			       __executable_start,
			       etext - __executable_start))
		return -1;
	if (ete_dec_init(&dec, &cfg, &img, on_elems, r))
		return -1;
	ete_dec_decode(&dec, buf, len, 0);
	ete_dec_flush(&dec);
	ete_img_free(&img);
	free(buf);
	return 0;
}

/* Every range inside [@lo, @hi]; instructions and branch atoms counted. */
static void tally(const struct run *r, uint64_t lo, uint64_t hi,
		  unsigned int *outside, uint64_t *insns, unsigned int *e,
		  unsigned int *nt)
{
	size_t i;

	*outside = 0;
	*insns = 0;
	*e = 0;
	*nt = 0;
	for (i = 0; i < r->n; i++) {
		const struct rng *x = &r->r[i];

		*outside += x->start < lo || x->end - 4 > hi;
		*insns += x->n;
		if (x->cls == ETE_INSN_BR || x->cls == ETE_INSN_BR_INDIRECT) {
			*e += x->exec;
			*nt += !x->exec;
		}
	}
}

/* Ranges that start at @start, hold @n instructions, end taken or not. */
static unsigned int count(const struct run *r, uint64_t start, uint32_t n,
			  int exec)
{
	unsigned int k = 0;
	size_t i;

	for (i = 0; i < r->n; i++)
		k += r->r[i].start == start && r->r[i].n == n &&
		     r->r[i].exec == exec;
	return k;
}

/* Exceptions in the trace must be taken inside [@lo, @hi]. */
static int excs_inside(const struct run *r, uint64_t lo, uint64_t hi)
{
	unsigned int i;

	for (i = 0; i < r->excs && i < 16; i++)
		if (r->exc_ret[i] < lo || r->exc_ret[i] > hi + 4)
			return 0;
	return 1;
}

FIXTURE(filter) {
	struct run r;
};

FIXTURE_SETUP(filter)
{
	ASSERT_EQ(0, hwtest_pin_cpu0());
}

FIXTURE_TEARDOWN(filter)
{
	free(self->r.r);
}

/* One instruction, both bounds on it: the leaf's RET, twice a run. */
TEST_F(filter, include_only_the_leaf)
{
	struct run *r = &self->r;
	uint64_t lo = ADDR(brb_leaf), insns;
	unsigned int out, e, nt;

	ASSERT_EQ(0, trace(1, lo, lo, 1, r));
	tally(r, lo, lo, &out, &insns, &e, &nt);
	TH_LOG("%zu ranges, %u trace on, %u exceptions, %llu insns",
	       r->n, r->trace_ons, r->excs, (unsigned long long)insns);
	ASSERT_EQ(0, r->nacc);
	ASSERT_EQ(0, out);
	ASSERT_LE(r->n, 2 * LOOPS + r->excs);
	ASSERT_LE(2 * LOOPS - r->excs, count(r, lo, 1, 1));
	if (!r->excs)
		ASSERT_EQ(2 * LOOPS, r->n);
	ASSERT_EQ(2 * LOOPS, e);
	ASSERT_EQ(0, nt);
	ASSERT_TRUE(excs_inside(r, lo, lo));
	/* Each call enters the view anew. */
	ASSERT_LE(2 * LOOPS, r->trace_ons);
}

/* brb_after2..brb_cond: the counted loop, entered after the leaf returns. */
TEST_F(filter, include_the_loop)
{
	struct run *r = &self->r;
	uint64_t lo = ADDR(brb_after2), hi = ADDR(brb_cond), insns;
	unsigned int out, e, nt;

	ASSERT_EQ(0, trace(1, lo, hi, 1, r));
	tally(r, lo, hi, &out, &insns, &e, &nt);
	TH_LOG("%zu ranges, %u trace on, %u exceptions, %llu insns",
	       r->n, r->trace_ons, r->excs, (unsigned long long)insns);
	ASSERT_EQ(0, r->nacc);
	ASSERT_EQ(0, out);
	ASSERT_TRUE(excs_inside(r, lo, hi));
	/* mov, subs, b.ne (taken); subs, b.ne (taken); subs, b.ne (not) */
	ASSERT_EQ(7 * LOOPS, insns);
	ASSERT_EQ(2 * LOOPS, e);
	ASSERT_EQ(LOOPS, nt);
	ASSERT_EQ(3 * LOOPS + r->excs, r->n);
	if (!r->excs) {
		ASSERT_EQ(LOOPS, count(r, lo, 3, 1));
		ASSERT_EQ(LOOPS, count(r, ADDR(brb_loop), 2, 1));
		ASSERT_EQ(LOOPS, count(r, ADDR(brb_loop), 2, 0));
	}
}

/*
 * A range that starts inside a block: stp is out, mov x29 and the BL are
 * in; trace starts at the second instruction of the block.
 */
TEST_F(filter, include_from_the_middle_of_a_block)
{
	struct run *r = &self->r;
	uint64_t lo = ADDR(brb_workload) + 4, hi = ADDR(brb_call1), insns;
	unsigned int out, e, nt;

	ASSERT_EQ(0, trace(1, lo, hi, 1, r));
	tally(r, lo, hi, &out, &insns, &e, &nt);
	TH_LOG("%zu ranges, %u exceptions", r->n, r->excs);
	ASSERT_EQ(0, out);
	ASSERT_EQ(2 * LOOPS, insns);
	ASSERT_EQ(LOOPS, e);
	if (!r->excs)
		ASSERT_EQ(LOOPS, count(r, lo, 2, 1));
}

/*
 * A range that ends inside a block before its branch: stp and mov are in,
 * the BL is not, so no P0 element is in view and nothing is traced.
 */
TEST_F(filter, include_ending_before_the_branch_traces_nothing)
{
	struct run *r = &self->r;

	ASSERT_EQ(0, trace(1, ADDR(brb_workload), ADDR(brb_workload) + 4, 1,
			   r));
	TH_LOG("%zu ranges, %u trace on, %u exceptions", r->n, r->trace_ons,
	       r->excs);
	ASSERT_EQ(0, r->n);
}

/*
 * Exclude one instruction, adr x1 at brb_after1: the BLR after it, in the
 * same block, is traced alone, from Trace On at brb_call2; everything
 * else the program runs at EL0 is traced around it.
 */
TEST_F(filter, exclude_one_instruction)
{
	struct run *r = &self->r;
	uint64_t x = ADDR(brb_after1);
	unsigned int hits = 0;
	size_t i;

	ASSERT_EQ(0, trace(1, x, x, 0, r));
	for (i = 0; i < r->n; i++)
		hits += r->r[i].start <= x && r->r[i].end > x;
	TH_LOG("%zu ranges, %u trace on, %u exceptions", r->n, r->trace_ons,
	       r->excs);
	ASSERT_EQ(0, r->nacc);
	ASSERT_EQ(0, hits);
	ASSERT_EQ(0, r->kernel);
	ASSERT_LE(LOOPS - r->excs, count(r, ADDR(brb_call2), 1, 1));
	ASSERT_GE(LOOPS, count(r, ADDR(brb_call2), 1, 1));
	/* The rest of the workload is there: the leaf, the tail. */
	ASSERT_LE(2 * LOOPS - r->excs, count(r, ADDR(brb_leaf), 1, 1));
	ASSERT_LE(LOOPS - r->excs, count(r, ADDR(brb_tail2), 2, 1));
}

/* EL0 and EL1 traced, the range in user code: no kernel range at all. */
TEST_F(filter, kernel_outside_the_range_is_not_traced)
{
	struct run *r = &self->r;
	uint64_t lo = ADDR(brb_leaf), insns;
	unsigned int out, e, nt;

	ASSERT_EQ(0, trace(3, lo, lo, 1, r));
	tally(r, lo, lo, &out, &insns, &e, &nt);
	TH_LOG("%zu ranges, %u trace on, %u exceptions", r->n, r->trace_ons,
	       r->excs);
	ASSERT_EQ(0, r->kernel);
	ASSERT_EQ(0, out);
	ASSERT_EQ(2 * LOOPS, e);
}

/* A run without ete-range traces everything again. */
TEST_F(filter, ranges_last_one_run)
{
	struct run *r = &self->r;

	ASSERT_EQ(0, trace(1, ADDR(brb_leaf), ADDR(brb_leaf), 1, r));
	free(r->r);
	ASSERT_EQ(0, trace(1, 1, 0, 1, r));
	ASSERT_EQ(0, hwtest_status("trcviiectlr"));
	ASSERT_LE(LOOPS, count(r, ADDR(brb_tail2), 2, 1));
	ASSERT_LE(LOOPS, count(r, ADDR(brb_after2), 3, 1));
}

TEST_HARNESS_MAIN
