// SPDX-License-Identifier: GPL-2.0
/*
 * Minimal .ini reader: "[section]" lines, "key=value" lines, nothing else.
 * Whitespace around keys and values is dropped; lines starting with ';' or
 * '#' are comments.  Duplicate keys are kept (snapshots repeat "cpu_0=").
 * Anything else is an error, with its line: a file that is not what it
 * seems must not decode as if it were.
 */
#include <ctype.h>
#include <stdarg.h>
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

__attribute__((format(printf, 3, 4)))
static void say(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

int ini_load(const char *path, struct ini *ini, char *err, size_t errlen)
{
	char line[1024], *section = NULL;
	FILE *f = fopen(path, "r");
	unsigned int lineno = 0;

	memset(ini, 0, sizeof(*ini));
	if (!f) {
		say(err, errlen, "cannot read %s", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		size_t len = strlen(line);
		struct ini_entry e;
		char *s, *eq;

		lineno++;
		/* a full buffer without the newline: more unless at the end */
		if (len == sizeof(line) - 1 && line[len - 1] != '\n') {
			int c = getc(f);

			if (c != EOF) {
				say(err, errlen, "%s:%u: line longer than %zu "
				    "bytes", path, lineno, sizeof(line) - 2);
				goto fail;
			}
		}
		s = trim(line);
		if (!*s || *s == ';' || *s == '#')
			continue;
		if (*s == '[') {
			char *close = strchr(s, ']');

			if (!close || close[1]) {
				say(err, errlen, "%s:%u: bad section header",
				    path, lineno);
				goto fail;
			}
			*close = 0;
			section = strdup(trim(s + 1));
			if (!section || push((void **)&ini->sections,
					     &ini->nsections,
					     sizeof(char *), &section)) {
				free(section);
				goto nomem;
			}
			continue;
		}
		eq = strchr(s, '=');
		if (!eq || eq == s || !section) {
			say(err, errlen, "%s:%u: %s", path, lineno, !section ?
			    "text before the first [section]" :
			    "neither [section] nor key=value");
			goto fail;
		}
		*eq = 0;
		e.section = section;
		e.key = strdup(trim(s));
		e.value = strdup(trim(eq + 1));
		if (!e.key || !e.value ||
		    push((void **)&ini->e, &ini->n, sizeof(e), &e)) {
			free(e.key);
			free(e.value);
			goto nomem;
		}
	}
	if (ferror(f)) {
		say(err, errlen, "%s: read error", path);
		goto fail;
	}
	fclose(f);
	return 0;
nomem:
	say(err, errlen, "%s: out of memory", path);
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
