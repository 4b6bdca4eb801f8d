/* SPDX-License-Identifier: GPL-2.0 */
/* Minimal .ini reader for CoreSight snapshot files. */
#ifndef _PERF_ETE_INI_H
#define _PERF_ETE_INI_H

#include <stddef.h>

struct ini_entry {
	char *section;
	char *key;
	char *value;
};

/* All key=value entries of a file, in file order. */
struct ini {
	struct ini_entry *e;
	size_t n;
	char **sections;	/* section names in file order */
	size_t nsections;
};

/* 0, or -1 with the reason (file and line) in @err. */
int ini_load(const char *path, struct ini *ini, char *err, size_t errlen);
void ini_free(struct ini *ini);
/* First value of @key in @section, or NULL. */
const char *ini_get(const struct ini *ini, const char *section,
		    const char *key);

#endif
