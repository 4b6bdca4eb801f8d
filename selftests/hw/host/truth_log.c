// SPDX-License-Identifier: GPL-2.0
/* Reading the hardware model's ground-truth log: see truth_log.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "truth_log.h"

void truth_push(struct truth_evs *e, struct truth_ev ev)
{
	if (e->n == e->cap) {
		e->cap = e->cap ? 2 * e->cap : 1024;
		e->v = realloc(e->v, e->cap * sizeof(*e->v));
		if (!e->v)
			exit(2);
	}
	e->v[e->n++] = ev;
}

#define ANY_CONFIG (~0ull)

static int read_log(const char *path, unsigned int want,
		    unsigned long long config, truth_keep_fn keep, void *ctx,
		    struct truth_log *t)
{
	char line[512], kind[32];
	unsigned long long val;
	int in = 0;
	FILE *f;

	memset(t, 0, sizeof(*t));
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long a, b, c;
		unsigned int cpu, el, el_to;
		struct truth_ev ev = { 0 };
		int tk;

		if (sscanf(line, "N %u %31s", &cpu, kind) == 2) {
			/* the driver's mistakes, on any CPU, the whole run */
			t->trbe_lost += !strcmp(kind, "trbe-lost");
			t->trbe_ignored += !strcmp(kind, "trbe-ignored");
			if (cpu != want)
				continue;
			if (!strcmp(kind, "ete-start")) {
				if (config != ANY_CONFIG &&
				    (sscanf(line, "N %*u %*s %lli", &val) != 1 ||
				     val != config))
					continue;
				in = 1;
				t->windows++;
			} else if (!strcmp(kind, "ete-stop")) {
				in = 0;
			}
			continue;
		}
		if (!in)
			continue;
		if (sscanf(line, "B %u %31s %llx %llx %u %u %d", &cpu, kind,
			   &a, &b, &el, &el_to, &tk) == 7 && cpu == want) {
			if (keep && !keep(ctx, 'B', a, b, tk, el, el_to))
				continue;
			ev = (struct truth_ev){ .kind = 'B', .src = a,
						.dst = b, .taken = tk };
		} else if (sscanf(line, "X %u %31s %llx %llx %llx %u %u", &cpu,
				  kind, &a, &b, &c, &el, &el_to) == 7 &&
			   cpu == want) {
			if (keep && !keep(ctx, 'X', a, b, 0, el, el_to))
				continue;
			ev = (struct truth_ev){ .kind = 'X', .dst = b };
			t->exceptions++;
		} else {
			continue;
		}
		snprintf(ev.what, sizeof(ev.what), "%s", kind);
		ev.window = t->windows;
		truth_push(&t->ev, ev);
	}
	fclose(f);
	return 0;
}

int truth_read(const char *path, unsigned int cpu, truth_keep_fn keep,
	       void *ctx, struct truth_log *t)
{
	return read_log(path, cpu, ANY_CONFIG, keep, ctx, t);
}

int truth_read_config(const char *path, unsigned int cpu,
		      unsigned long long trcconfigr, truth_keep_fn keep,
		      void *ctx, struct truth_log *t)
{
	return read_log(path, cpu, trcconfigr, keep, ctx, t);
}

void truth_free(struct truth_log *t)
{
	free(t->ev.v);
	memset(t, 0, sizeof(*t));
}
