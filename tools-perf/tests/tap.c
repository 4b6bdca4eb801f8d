// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include "tap.h"

static int points, failed;

bool tap_ok(bool ok, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", ok ? "" : "not ", ++points);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!ok)
		failed++;
	fflush(stdout);
	return ok;
}

void tap_diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

int tap_exit(void)
{
	return failed ? 1 : 0;
}

const char *tap_testdata(void)
{
	static char path[4096];
	const char *shared = getenv("SHARED");

	snprintf(path, sizeof(path), "%s/testdata/ete",
		 shared && *shared ? shared : "../../shared");
	return path;
}

const char *tap_corpus(void)
{
	const char *dir = getenv("CORPUS");

	return dir && *dir ? dir : NULL;
}

void tap_skip(const char *what, const char *fmt, ...)
{
	va_list ap;

	printf("ok %d - %s # SKIP ", ++points, what);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

bool tap_testdata_absent(const char *what)
{
	const char *dir = tap_testdata();
	struct stat st;

	if (!stat(dir, &st))
		return false;
	/*
	 * A machine that is meant to have the reference traces (CI handed
	 * a copy) says so, and then their absence fails instead of
	 * quietly testing less.
	 */
	if (getenv("ETE_REQUIRE_TESTDATA"))
		tap_ok(false, "%s (no reference traces in %s)", what, dir);
	else
		tap_skip(what, "no reference traces in %s", dir);
	return true;
}
