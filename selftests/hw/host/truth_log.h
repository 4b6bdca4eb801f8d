/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hardware model's ground-truth log (Documentation/hwmodel.rst), read
 * once for every host check that compares a decoded path with it.
 */
#ifndef ARMTRACE_TRUTH_LOG_H
#define ARMTRACE_TRUTH_LOG_H

#include <stddef.h>
#include <stdint.h>

struct truth_ev {
	char kind;		/* 'B' branch, 'X' exception */
	uint64_t src;		/* B: branch address; X: 0 */
	uint64_t dst;		/* B: next instruction, 0 if unknown; X: ret */
	int taken;
	char what[32];		/* B: b, bl, cond, ...; X: call, irq, ... */
	int window;		/* the CPU's trace window it is in, from 1 */
};

struct truth_evs {
	struct truth_ev *v;
	size_t n, cap;
};

struct truth_log {
	struct truth_evs ev;	/* in execution order */
	int exceptions;		/* X events kept */
	int windows;		/* ete-start events of the CPU */
	int trbe_lost;		/* the driver's mistakes, any CPU */
	int trbe_ignored;
};

/*
 * Whether an event is kept (ViewInst filters); NULL keeps all.  Called for
 * each event of the CPU inside its trace windows, in order: @kind 'B' (a
 * branch at @src to @dst, @taken) or 'X' (an exception taken on @src,
 * returning to @dst), from @el to @el_to.
 */
typedef int (*truth_keep_fn)(void *ctx, char kind, uint64_t src, uint64_t dst,
			     int taken, unsigned int el, unsigned int el_to);

void truth_push(struct truth_evs *e, struct truth_ev ev);

/*
 * The branches and exceptions of one CPU between its ete-start and
 * ete-stop events, in order.  Returns 0, or -1 when the file cannot be
 * read.
 */
int truth_read(const char *path, unsigned int cpu, truth_keep_fn keep,
	       void *ctx, struct truth_log *t);
/* The same, of the windows whose ete-start logged this TRCCONFIGR. */
int truth_read_config(const char *path, unsigned int cpu,
		      unsigned long long trcconfigr, truth_keep_fn keep,
		      void *ctx, struct truth_log *t);
void truth_free(struct truth_log *t);

#endif
