/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the listing and differential tests share: comparing two listings
 * in normal form (struct lines) - the first difference, with the lines
 * before it and the tab-separated field that differs, goes to TAP
 * diagnostics - and running a test over every reference snapshot.
 */
#ifndef _ETE_TEST_LINES_CMP_H
#define _ETE_TEST_LINES_CMP_H

#include <stdbool.h>
#include "ppl_normalise.h"

/**
 * lines_same() - are @a and @b the same lines?
 * @what: test name for the diagnostics
 * @unit: what a line is ("line", "element")
 * @a_name: what @a is ("expected", "OpenCSD")
 * @b_name: what @b is ("decoded", "libete")
 */
bool lines_same(const struct lines *a, const struct lines *b,
		const char *what, const char *unit, const char *a_name,
		const char *b_name);

/* qsort() comparator for an array of C strings. */
int lines_cmp_str(const void *a, const void *b);

/**
 * listing_main() - main() of a test run over the reference snapshots
 * @test: called for each snapshot name, in name order
 *
 * With arguments, runs @test on those snapshot names only.  Otherwise
 * every snapshot under the test data.  Without the test data directory
 * (a clone with no ../shared) one skipped point; with it, a missing
 * snapshots directory fails.  Return: the TAP exit status.
 */
int listing_main(int argc, char **argv,
		 void (*test)(const char *data, const char *name));

#endif
