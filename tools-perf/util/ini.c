// SPDX-License-Identifier: GPL-2.0
/*
 * Minimal .ini reader: "[section]" lines, "key=value" lines, nothing else.
 * Whitespace around keys and values is dropped; lines starting with ';' or
 * '#' are comments.  Duplicate keys are kept (snapshots repeat "cpu_0=").
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ini.h"

static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = 0;
	return s;
}

static int push(void **arr, size_t *n, size_t size, const void *item)
{
	void *p = realloc(*arr, (*n + 1) * size);

	if (!p)
		return -1;
	memcpy((char *)p + *n * size, item, size);
	*arr = p;
	(*n)++;
	return 0;
}

int ini_load(const char *path, struct ini *ini)
{
	char line[1024], *section = NULL;
	FILE *f = fopen(path, "r");

	memset(ini, 0, sizeof(*ini));
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *s = trim(line), *eq;
		struct ini_entry e;

		if (!*s || *s == ';' || *s == '#')
			continue;
		if (*s == '[') {
			char *close = strchr(s, ']');

			if (!close)
				continue;
			*close = 0;
			section = strdup(trim(s + 1));
			if (!section || push((void **)&ini->sections,
					     &ini->nsections,
					     sizeof(char *), &section))
				goto fail;
			continue;
		}
		eq = strchr(s, '=');
		if (!eq || !section)
			continue;
		*eq = 0;
		e.section = section;
		e.key = strdup(trim(s));
		e.value = strdup(trim(eq + 1));
		if (!e.key || !e.value ||
		    push((void **)&ini->e, &ini->n, sizeof(e), &e))
			goto fail;
	}
	fclose(f);
	return 0;
fail:
	fclose(f);
	ini_free(ini);
	return -1;
}

void ini_free(struct ini *ini)
{
	for (size_t i = 0; i < ini->n; i++) {
		free(ini->e[i].key);
		free(ini->e[i].value);
	}
	for (size_t i = 0; i < ini->nsections; i++)
		free(ini->sections[i]);
	free(ini->e);
	free(ini->sections);
	memset(ini, 0, sizeof(*ini));
}

const char *ini_get(const struct ini *ini, const char *section,
		    const char *key)
{
	for (size_t i = 0; i < ini->n; i++)
		if (!strcmp(ini->e[i].section, section) &&
		    !strcmp(ini->e[i].key, key))
			return ini->e[i].value;
	return NULL;
}
