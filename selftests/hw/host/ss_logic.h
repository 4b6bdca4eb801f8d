/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ViewInst start/stop logic applied to the hardware model's ground
 * truth, for the host checks that filter it as the trace unit does (ETE
 * "ViewInst start/stop control"): active from an instruction at a start
 * point up to and including one at a stop point; started at first when
 * there is no start point.  Written one instruction at a time, apart from
 * the model's own code (selftests/hwmodel/vi.c), so that the two check
 * each other.
 *
 * It follows the EL0 path the truth gives: each event's instruction is
 * reached by running from where the last event went (an exception's
 * return address, or where a logged exception return went).  Events at
 * other ELs are never kept: the points are for events that exclude the
 * kernel.  One path: the truth of one CPU, a task that stays on it.
 */
#ifndef ARMTRACE_SS_LOGIC_H
#define ARMTRACE_SS_LOGIC_H

#include <stdint.h>

#define SS_MAX_POINTS	8

struct ss_logic {
	uint64_t start[SS_MAX_POINTS], stop[SS_MAX_POINTS];
	int nstart, nstop;
	int on;			/* the logic's state */
	uint64_t pos;		/* the next EL0 instruction, if pos_ok */
	int pos_ok;
};

/* Add a point; returns -1 when there are SS_MAX_POINTS already. */
int ss_logic_add(struct ss_logic *s, int is_start, uint64_t addr);

/* Any point?  Then ss_logic_reset() before the first event. */
int ss_logic_used(const struct ss_logic *s);

/* The logic's first state, the path not known yet. */
void ss_logic_reset(struct ss_logic *s);

/*
 * Is the event traced by the start/stop logic: @kind 'B' (a branch at
 * @src to @dst, @taken) or 'X' (an exception taken on @src, returning to
 * @dst: @src ran unless @dst is @src), from @el to @el_to.  Call for every
 * event of the trace's windows, in order.
 */
int ss_logic_keep(struct ss_logic *s, char kind, uint64_t src, uint64_t dst,
		  int taken, unsigned int el, unsigned int el_to);

#endif
