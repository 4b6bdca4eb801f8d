// SPDX-License-Identifier: GPL-2.0
/*
 * callchain-data [--lost] DIR: a perf.data recording of a small program whose
 * call stack is known at every instruction, for perf's --itrace=g
 * (scripts/perf-callchain.sh).  Writes DIR/code.bin (the program),
 * DIR/perf.data (its ETE trace as perf record -e ete//u writes it) and
 * DIR/expected: one line per traced instruction, its address and then
 * the return addresses on the stack, innermost first, as hex offsets
 * into code.bin (as perf prints an address without a symbol).
 *
 * The program, at CODE_BASE:
 *
 *   main: 0x000 nop          f: 0x100 nop          g: 0x200 nop
 *         0x004 bl f            0x104 bl g            0x204 nop
 *         0x008 nop             0x108 ret             0x208 ret
 *         0x00c bl f
 *         0x010 b main
 *
 * Each pass through main the trace stops after one chosen branch and
 * starts again where execution goes on (as at a TRBE buffer's end), or
 * stops at a call and starts again at its return (a callee filtered
 * out), or takes an exception to the untraced kernel at a call's target
 * and starts again there when it returns.  Nothing is lost there: the
 * stack perf builds must stay whole, and main is the outermost frame
 * (the trace starts in it).
 *
 * With --lost a last pass loses trace: its first window's AUX record is flagged
 * COLLISION (trace lost until the next window, which starts a record of
 * its own after the call to f).  What ran before is then unknown to the
 * decoder, so the chains from there hold only the frames the trace
 * showed being entered: f alone, until it returns below the point of
 * loss.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <linux/perf_event.h>
#include <armtrace/ete_abi.h>
#include <armtrace/ete_pkt.h>
#include <armtrace/ref_config.h>
#include <ete/enc.h>
#include "util/perf_data.h"
#include "corpus.h"

#define CODE_BASE	UINT64_C(0x400000)
#define CODE_LEN	0x1000u
#define PASSES		12
#define MAX_DEPTH	8

#define A64_NOP		0xd503201fu
#define A64_RET		0xd65f03c0u
#define A64_BL		0x94000000u
#define A64_B		0x14000000u

enum brk {
	BRK_NONE, BRK_RESUME, BRK_SKIP_CALLEE, BRK_FAULT, BRK_IRQ, BRK_LOST
};

/* where the kernel's exception vectors are */
#define VECTORS			UINT64_C(0xffff800008010000)

/* Where pass N stops the trace: after branch number .at of the pass. */
static const struct { unsigned int at; enum brk how; } plan[PASSES] = {
	{ 0, BRK_NONE },
	{ 1, BRK_RESUME },	/* after bl f, from main: resume in f */
	{ 2, BRK_RESUME },	/* after bl g: resume in g */
	{ 3, BRK_RESUME },	/* after ret from g: resume in f */
	{ 4, BRK_RESUME },	/* after ret from f: resume in main */
	{ 9, BRK_RESUME },	/* after b main */
	{ 1, BRK_SKIP_CALLEE },	/* f and g untraced */
	{ 2, BRK_SKIP_CALLEE },	/* g untraced */
	{ 5, BRK_RESUME },	/* after the second bl f */
	/*
	 * An exception at a call's target, before the callee's first
	 * instruction completed, to the kernel (not traced); the trace
	 * starts again where it returns to.  The call was made.
	 */
	{ 1, BRK_FAULT },	/* f's first instruction faults */
	{ 2, BRK_IRQ },		/* an interrupt before g's first */
	{ 1, BRK_LOST },	/* after bl f, trace lost: a new record */
};

struct cpu {
	uint32_t code[CODE_LEN / 4];
	uint64_t pc;
	uint64_t stack[MAX_DEPTH];	/* return addresses, outermost first */
	unsigned int depth;
	unsigned int known;	/* frames below this one lost with trace */
	FILE *expected;
	size_t aux_sizes[2];
	uint64_t aux_flags[2];
	size_t naux;
};

static void put(uint32_t *code, uint64_t off, uint32_t insn)
{
	code[off / 4] = insn;
}

static uint32_t branch(uint32_t op, uint64_t from, uint64_t to)
{
	return op | (uint32_t)(((to - from) / 4) & 0x3ffffff);
}

static void write_program(uint32_t *code)
{
	for (unsigned int i = 0; i < CODE_LEN / 4; i++)
		code[i] = A64_NOP;
	put(code, 0x004, branch(A64_BL, 0x004, 0x100));
	put(code, 0x00c, branch(A64_BL, 0x00c, 0x100));
	put(code, 0x010, branch(A64_B, 0x010, 0x000));
	put(code, 0x104, branch(A64_BL, 0x104, 0x200));
	put(code, 0x108, A64_RET);
	put(code, 0x208, A64_RET);
}

/*
 * Run one instruction; returns 1 for a branch (with *flags for the
 * encoder), 0 otherwise.  Prints the expected chain when @traced.
 */
static int step(struct cpu *c, int traced, unsigned int *flags)
{
	uint32_t insn = c->code[(c->pc - CODE_BASE) / 4];
	int64_t off = (int64_t)((uint64_t)(insn & 0x3ffffff) << 38) >> 36;

	if (traced) {
		fprintf(c->expected, "%" PRIx64, c->pc - CODE_BASE);
		for (unsigned int i = c->depth; i > c->known; i--)
			fprintf(c->expected, " %" PRIx64,
				c->stack[i - 1] - CODE_BASE);
		fputc('\n', c->expected);
	}
	if (insn == A64_RET) {
		c->pc = c->stack[--c->depth];
		if (c->known > c->depth)
			c->known = c->depth;
		*flags = ETE_ENC_TAKEN | ETE_ENC_INDIRECT;
		return 1;
	}
	if ((insn & 0xfc000000u) == A64_BL) {
		c->stack[c->depth++] = c->pc + 4;
		c->pc += (uint64_t)off;
		*flags = ETE_ENC_TAKEN;
		return 1;
	}
	if ((insn & 0xfc000000u) == A64_B) {
		c->pc += (uint64_t)off;
		*flags = ETE_ENC_TAKEN;
		return 1;
	}
	c->pc += 4;
	return 0;
}

static uint8_t trace_buf[1 << 16];

static int run(struct cpu *c, struct ete_enc *e, unsigned int passes)
{
	uint64_t start = CODE_BASE;
	unsigned int flags;

	c->pc = CODE_BASE;
	for (unsigned int pass = 0; pass < passes; pass++) {
		unsigned int n = 0;
		uint64_t at = 0;

		/* a pass ends with its b main */
		while (at != CODE_BASE + 0x010) {
			unsigned int depth;

			at = c->pc;
			if (!step(c, 1, &flags))
				continue;
			n++;
			if (ete_enc_branch(e, start, c->pc, flags))
				return -1;
			start = c->pc;
			if (n != plan[pass].at || plan[pass].how == BRK_NONE)
				continue;
			if (plan[pass].how == BRK_FAULT ||
			    plan[pass].how == BRK_IRQ) {
				struct ete_enc_ctx k = { .el = 1, .ns = 1,
							 .sf = 1 };

				if (ete_enc_exception(e, plan[pass].how ==
						      BRK_FAULT ?
						      ETE_EXC_TYPE_DATA_FAULT :
						      ETE_EXC_TYPE_IRQ, c->pc,
						      VECTORS + 0x400, &k))
					return -1;
			}
			if (ete_enc_trace_off(e))
				return -1;
			if (plan[pass].how == BRK_LOST) {
				/*
				 * A new record (the next TRBE window) from
				 * here, its sync first; the one before lost
				 * what followed it, and with it the stack.
				 */
				c->aux_sizes[0] = ete_enc_bytes(e);
				c->aux_flags[0] = PERF_AUX_FLAG_COLLISION;
				c->naux = 2;
				ete_enc_set_buffer(e, trace_buf + c->aux_sizes[0],
						   sizeof(trace_buf) -
						   c->aux_sizes[0]);
				c->known = c->depth;
			}
			/* the callee and what it calls run untraced */
			depth = c->depth - 1;
			while (plan[pass].how == BRK_SKIP_CALLEE &&
			       c->depth > depth)
				step(c, 0, &flags);
			if (plan[pass].how == BRK_SKIP_CALLEE && c->pc != at + 4)
				return -1;
			if (ete_enc_trace_on(e, c->pc, 0))
				return -1;
			start = c->pc;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct ete_enc_config cfg = {
		.regs = {
			.trcidr0 = REF_TRCIDR0, .trcidr1 = REF_TRCIDR1,
			.trcidr2 = REF_TRCIDR2, .trcidr8 = REF_TRCIDR8,
			.trcdevarch = REF_TRCDEVARCH,
			.trctraceidr = ETE_TRACE_ID(0),
		},
	};
	struct ete_enc_ctx ctx = { .el = 0, .ns = 1, .sf = 1 };
	struct perf_data_ete d = {
		.regs = cfg.regs, .pmu_type = 8, .pid = 1000,
		.comm = "chains", .code_base = CODE_BASE, .code_len = CODE_LEN,
		/* one AUX record: each starts the decoder afresh */
		.aux_len = sizeof(trace_buf),
	};
	static struct cpu c;
	char path[4096], *code_path;
	struct ete_enc e;
	int ret = 1, lost = argc == 3 && !strcmp(argv[1], "--lost");

	if (argc != 2 && !lost) {
		fprintf(stderr, "usage: callchain-data [--lost] DIR\n");
		return 2;
	}
	argv += lost;
	if (mkdir(argv[1], 0777) && errno != EEXIST) {
		fprintf(stderr, "callchain-data: %s: %s\n", argv[1],
			strerror(errno));
		return 1;
	}
	write_program(c.code);
	snprintf(path, sizeof(path), "%s/expected", argv[1]);
	c.expected = fopen(path, "w");
	if (!c.expected ||
	    corpus_write_file(argv[1], "code.bin", c.code, CODE_LEN))
		goto out;
	if (ete_enc_init(&e, &cfg, &ctx))
		goto out;
	ete_enc_set_buffer(&e, trace_buf, sizeof(trace_buf));
	if (run(&c, &e, lost ? PASSES : PASSES - 1) || ete_enc_finish(&e)) {
		fprintf(stderr, "callchain-data: the walk or its trace failed\n");
		goto out;
	}
	snprintf(path, sizeof(path), "%s/code.bin", argv[1]);
	code_path = realpath(path, NULL);
	d.code_path = code_path;
	d.trace = trace_buf;
	d.trace_len = ete_enc_bytes(&e);
	if (c.naux)
		c.aux_sizes[1] = d.trace_len - c.aux_sizes[0];
	d.aux_sizes = c.aux_sizes;
	d.aux_flags = c.aux_flags;
	d.naux = c.naux;
	snprintf(path, sizeof(path), "%s/perf.data", argv[1]);
	ret = !code_path || perf_data_write_ete(path, &d);
	free(code_path);
out:
	if (c.expected && fclose(c.expected))
		ret = 1;
	if (ret)
		fprintf(stderr, "callchain-data: cannot write %s\n", argv[1]);
	return ret;
}
