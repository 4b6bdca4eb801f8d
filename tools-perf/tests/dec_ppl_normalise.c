// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>
#include "dec_ppl_normalise.h"

#define ELEM_TAG	"OCSD_GEN_TRC_ELEM_"

int dec_ppl_normalise_line(const char *line, struct lines *out)
{
	const char *tag = strstr(line, ELEM_TAG), *idx = NULL, *p, *open, *close;
	unsigned long long i;
	char id[16], norm[1024];
	size_t len;

	if (!tag)
		return 0;
	for (p = line; (p = strstr(p, "Idx:")) && p < tag; p++)
		idx = p;
	if (!idx || sscanf(idx, "Idx:%llu; ID:%15[0-9a-fA-F];", &i, id) != 2)
		return 0;
	tag += strlen(ELEM_TAG);
	open = strchr(tag, '(');
	close = strrchr(tag, ')');
	if (!open || !close || close < open) {
		snprintf(norm, sizeof(norm), "UNPARSED\t%.500s", line);
		return lines_push(out, norm, strlen(norm)) ? -1 : 1;
	}
	len = (size_t)snprintf(norm, sizeof(norm), "%llu\t%s\t%.*s", i, id,
			       (int)(open - tag), tag);
	for (p = open + 1; p < close && len < sizeof(norm) - 2;) {
		size_t n;

		while (p < close && (*p == ' ' || *p == ';' || *p == '\t'))
			p++;
		for (n = 0; p + n < close && p[n] != ' ' && p[n] != ';' &&
		     p[n] != '\t'; n++)
			;
		if (!n)
			break;
		if (len + n + 2 >= sizeof(norm))
			n = sizeof(norm) - len - 2;
		norm[len++] = '\t';
		memcpy(norm + len, p, n);
		len += n;
		norm[len] = 0;
		p += n;
	}
	return lines_push(out, norm, len) ? -1 : 1;
}

int dec_ppl_normalise_file(const char *path, struct lines *out)
{
	return lines_normalise_file(path, out, dec_ppl_normalise_line);
}
