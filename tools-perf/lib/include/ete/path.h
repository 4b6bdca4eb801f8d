/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libete path builder: walk an A64 program image and produce the events
 * (struct ete_enc_event) of one execution path through it, for the encoder.
 *
 * Branch outcomes come from a seeded random walk or from a caller
 * callback; exceptions, context changes, trace gaps, timestamps, cycle
 * counts, instrumentation and transactions are sprinkled in at rates the
 * caller sets.  The walk is streaming (one event per call, fixed memory),
 * so tests and benchmarks can make traces of any size.
 *
 * Instructions are classified by libete's own ete_a64_classify() (the
 * decoder's classifier, so walker and decoder agree on every waypoint)
 * plus ete_a64_is_exc_gen() for SVC/HVC/SMC.
 *
 * ete_path_gen_program() writes a random program made only of
 * instructions every decoder agrees on: data-processing, B, BL, B.cond,
 * CBZ/CBNZ, TBZ/TBNZ, BR, BLR, RET, ERET and SVC, with every direct
 * target inside the image.
 */
#ifndef _ETE_PATH_H
#define _ETE_PATH_H

#include <stddef.h>
#include <stdint.h>
#include <ete/a64.h>
#include <ete/enc.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * struct ete_path_image - the program: one contiguous A64 code region
 * @base: address of @data[0] (4-byte aligned)
 * @data: the code
 * @len: bytes (multiple of 4)
 */
struct ete_path_image {
	uint64_t base;
	const uint8_t *data;
	size_t len;
};

/**
 * typedef ete_path_choose_fn - caller-chosen branch outcome
 * @priv: caller's pointer
 * @pc: address of the waypoint
 * @insn: its classification (ete_a64_classify(), no ETE_INSN_F_* flags)
 * @target: in: the walker's proposal (direct target, or a return address
 *	or random instruction for indirect branches); out: where an
 *	indirect branch goes
 *
 * Return: 1 taken, 0 not taken (only used when @insn->cond is set).
 */
typedef int (*ete_path_choose_fn)(void *priv, uint64_t pc,
				  const struct ete_insn *insn,
				  uint64_t *target);

/**
 * struct ete_path_opts - what the walk produces besides branches
 * @seed: random seed (same seed, same path)
 * @choose: branch outcome callback, NULL for the random walk
 * @choose_priv: passed to @choose
 * @taken_pct: chance a conditional branch is taken, percent
 * @exc_pm: per branch, chance (per mille) of an asynchronous exception
 *	(IRQ/FIQ/SError) taken inside the range
 * @ctx_pm: chance of a CONTEXTID/VMID change after a branch
 * @gap_pm: chance of a trace gap (trace off, trace on elsewhere)
 * @ts_pm: chance of a timestamp after a branch
 * @cc_pm: chance of a cycle count after a branch
 * @ite_pm: chance of an instrumentation packet
 * @tx_pm: chance of a transaction start (then commit or failure)
 * @ovf_pm: chance of an overflow (test knob)
 * @realm: allow Realm/Root security states in context changes
 * @broadcast: flag every taken direct branch %ETE_ENC_BROADCAST (a trace
 *	unit with TRCCONFIGR.BB, broadcasting everywhere)
 * @cc_min: smallest cycle count emitted (the TRCCCCTLR threshold)
 * @cc_max: largest
 */
struct ete_path_opts {
	uint64_t seed;
	ete_path_choose_fn choose;
	void *choose_priv;
	uint16_t taken_pct;
	uint16_t exc_pm;
	uint16_t ctx_pm;
	uint16_t gap_pm;
	uint16_t ts_pm;
	uint16_t cc_pm;
	uint16_t ite_pm;
	uint16_t tx_pm;
	uint16_t ovf_pm;
	uint8_t realm;
	uint8_t broadcast;
	uint32_t cc_min;
	uint32_t cc_max;
};

#define ETE_PATH_QUEUE		16
#define ETE_PATH_STACK		16

/**
 * struct ete_path - walker state (caller-owned, fields private)
 */
struct ete_path {
	/* private: */
	struct ete_path_image img;
	struct ete_path_opts o;
	uint64_t rng;
	uint64_t pc;
	uint64_t vbar;
	uint64_t ts;
	struct ete_enc_ctx ctx;
	uint8_t in_tx;
	uint8_t on;
	/* pending events, FIFO */
	struct ete_enc_event q[ETE_PATH_QUEUE];
	uint8_t qhead;
	uint8_t qlen;
	/* call and exception return stacks (bounded, oldest dropped) */
	uint64_t calls[ETE_PATH_STACK];
	uint8_t ncalls;
	struct {
		uint64_t ret;
		struct ete_enc_ctx ctx;
	} excs[ETE_PATH_STACK];
	uint8_t nexcs;
};

/**
 * ete_path_init() - start a walk
 * @p: walker
 * @img: program image (must stay valid while walking; at least 4 KiB)
 * @entry: first instruction executed
 * @ctx: context at @entry
 * @o: options
 *
 * Return: 0, or %ETE_ENC_ERR_INVAL for an unusable image or entry.
 */
int ete_path_init(struct ete_path *p, const struct ete_path_image *img,
		  uint64_t entry, const struct ete_enc_ctx *ctx,
		  const struct ete_path_opts *o);

/**
 * ete_path_next() - the next event of the path
 * @p: walker
 * @ev: filled with the event
 *
 * Return: 0, or %ETE_ENC_ERR_PATH if the walk left the image (a program
 * whose code falls off its end).
 */
int ete_path_next(struct ete_path *p, struct ete_enc_event *ev);

/**
 * ete_path_gen_program() - write a random A64 program
 * @buf: code buffer, @len bytes (multiple of 4, at least 4 KiB)
 * @len: size
 * @seed: random seed
 * @branch_pct: share of instructions that are branches, percent
 *
 * The first 2 KiB are a vector table for the walker (whose VBAR is the
 * image base): each 128-byte entry runs a few data-processing instructions
 * and ERETs.  The last instruction branches back to the first, so no walk
 * falls off.  Every branch is PC-relative or through a register the walker
 * chooses, so the program is the same wherever it is loaded.
 */
void ete_path_gen_program(uint8_t *buf, size_t len, uint64_t seed,
			  unsigned int branch_pct);

#ifdef __cplusplus
}
#endif

#endif /* _ETE_PATH_H */
