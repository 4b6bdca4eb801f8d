// SPDX-License-Identifier: GPL-2.0
/* What the listing and differential tests share (lines_cmp.h). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lines_cmp.h"
#include "tap.h"

/* Say which tab-separated field differs. */
static void diff_fields(const char *a, const char *b, const char *a_name,
			const char *b_name)
{
	int f = 0;

	while (*a || *b) {
		size_t la = strcspn(a, "\t"), lb = strcspn(b, "\t");

		if (la != lb || strncmp(a, b, la)) {
			tap_diag("  field %d: %s '%.*s', %s '%.*s'", f, a_name,
				 (int)la, a, b_name, (int)lb, b);
			return;
		}
		a += la + (a[la] ? 1 : 0);
		b += lb + (b[lb] ? 1 : 0);
		f++;
	}
}

bool lines_same(const struct lines *a, const struct lines *b,
		const char *what, const char *unit, const char *a_name,
		const char *b_name)
{
	size_t n = a->n < b->n ? a->n : b->n;

	for (size_t i = 0; i < n; i++) {
		if (!strcmp(a->v[i], b->v[i]))
			continue;
		tap_diag("%s: first difference at %s %zu", what, unit, i);
		for (size_t k = i > 2 ? i - 2 : 0; k < i; k++)
			tap_diag("  same:     %s", a->v[k]);
		tap_diag("  %-9s %s", a_name, a->v[i]);
		tap_diag("  %-9s %s", b_name, b->v[i]);
		diff_fields(a->v[i], b->v[i], a_name, b_name);
		return false;
	}
	if (a->n != b->n) {
		tap_diag("%s: %zu %ss %s, %zu %s", what, a->n, unit, a_name,
			 b->n, b_name);
		if (n < a->n)
			tap_diag("  next %s: %s", a_name, a->v[n]);
		if (n < b->n)
			tap_diag("  next %s: %s", b_name, b->v[n]);
		return false;
	}
	return true;
}

int lines_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int listing_main(int argc, char **argv,
		 void (*test)(const char *data, const char *name))
{
	const char *data = tap_testdata();
	const char *prog = strrchr(argv[0], '/');
	char snaps[4096];
	char *names[256];
	size_t n = 0;
	struct dirent *de;
	DIR *d;

	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			test(data, argv[i]);
		return tap_exit();
	}
	snprintf(snaps, sizeof(snaps), "%s over the reference snapshots",
		 prog ? prog + 1 : argv[0]);
	if (tap_testdata_absent(snaps))
		return tap_exit();
	snprintf(snaps, sizeof(snaps), "%s/snapshots", data);
	d = opendir(snaps);
	if (!d) {
		tap_diag("test data missing: %s (set SHARED)", snaps);
		tap_ok(false, "reference snapshots present in %s", snaps);
		return tap_exit();
	}
	while ((de = readdir(d)) && n < 256)
		if (de->d_name[0] != '.')
			names[n++] = strdup(de->d_name);
	closedir(d);
	qsort(names, n, sizeof(names[0]), lines_cmp_str);
	tap_ok(n > 0, "reference snapshots present (%zu)", n);
	for (size_t i = 0; i < n; i++) {
		test(data, names[i]);
		free(names[i]);
	}
	return tap_exit();
}
