/* SPDX-License-Identifier: GPL-2.0 */
/*
 * TAP for the host unit tests: one "ok N - PREFIX: name" line a check,
 * the plan at the end.  Define TAP_PREFIX before including.
 */
#ifndef HOST_TAP_H
#define HOST_TAP_H

#include <stdio.h>

static unsigned int tap_tests, tap_failed;

static void ok(int cond, const char *name)
{
	tap_tests++;
	if (!cond)
		tap_failed++;
	printf("%sok %u - " TAP_PREFIX ": %s\n", cond ? "" : "not ", tap_tests,
	       name);
}

/* The plan; the exit status of the test. */
static int tap_done(void)
{
	printf("1..%u\n", tap_tests);
	return tap_failed ? 1 : 0;
}

#endif /* HOST_TAP_H */
