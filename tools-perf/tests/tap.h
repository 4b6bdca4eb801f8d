/* SPDX-License-Identifier: GPL-2.0 */
/* Tiny TAP producer for the host tests. */
#ifndef _ETE_TEST_TAP_H
#define _ETE_TEST_TAP_H

#include <stdbool.h>

/* Report one test point; returns @ok. */
bool tap_ok(bool ok, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A "# ..." diagnostic line. */
void tap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Exit status: 0 if every point passed. */
int tap_exit(void);

/* $SHARED/testdata/ete (from the environment or the build default). */
const char *tap_testdata(void);
/* $CORPUS: the own corpus as snapshot directories (make corpus), or NULL. */
const char *tap_corpus(void);
/* Report @what as a skipped test point ("ok N - @what # SKIP reason"). */
void tap_skip(const char *what, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * The third-party reference traces are not part of the project: when
 * tap_testdata() does not exist, report @what as skipped (failed when
 * $ETE_REQUIRE_TESTDATA is set) and return true.  A directory that exists
 * but lacks a snapshot is still a failure of the test that needs it.
 */
bool tap_testdata_absent(const char *what);

#endif
