// SPDX-License-Identifier: GPL-2.0
/* The ViewInst start/stop logic over the ground truth: see ss_logic.h. */
#include "ss_logic.h"

int ss_logic_add(struct ss_logic *s, int is_start, uint64_t addr)
{
	if (is_start ? s->nstart == SS_MAX_POINTS : s->nstop == SS_MAX_POINTS)
		return -1;
	if (is_start)
		s->start[s->nstart++] = addr;
	else
		s->stop[s->nstop++] = addr;
	return 0;
}

int ss_logic_used(const struct ss_logic *s)
{
	return s->nstart || s->nstop;
}

void ss_logic_reset(struct ss_logic *s)
{
	s->on = !s->nstart;
	s->pos_ok = 0;
}

static int is_point(const uint64_t *pts, int n, uint64_t a)
{
	int i;

	for (i = 0; i < n; i++)
		if (pts[i] == a)
			return 1;
	return 0;
}

/* The instruction at @a runs: whether it is active; the state after it. */
static int step(struct ss_logic *s, uint64_t a)
{
	int act = s->on || is_point(s->start, s->nstart, a);

	s->on = act && !is_point(s->stop, s->nstop, a);
	return act;
}

int ss_logic_keep(struct ss_logic *s, char kind, uint64_t src, uint64_t dst,
		  int taken, unsigned int el, unsigned int el_to)
{
	uint64_t a = src;
	int act;

	if (el) {
		/* An exception return to EL0: the path goes on there. */
		if (kind == 'B' && !el_to && taken) {
			s->pos = dst;
			s->pos_ok = !!dst;
		}
		return 0;
	}
	/* From where the path was, unless the event is not reached so. */
	if (s->pos_ok && src >= s->pos && src - s->pos < (1u << 20))
		a = s->pos;
	for (; a < src; a += 4)
		step(s, a);
	if (kind == 'B' || dst != src)
		act = step(s, src);
	else
		act = s->on;		/* taken on it before it ran */
	s->pos = kind == 'B' && !taken ? src + 4 : dst;
	s->pos_ok = !!s->pos;
	return act;
}
