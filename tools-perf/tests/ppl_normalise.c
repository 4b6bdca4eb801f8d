// SPDX-License-Identifier: GPL-2.0
/*
 * OpenCSD listing lines look like
 *
 *   Idx:15; ID:0;\tI_ADDR_CTXT_L_32IS0 : Address & Context, ...; Addr=0x...; Ctxt: AArch64,EL1, S;
 *   PKTP_ETMV4I_0016 : 0x0014 (OCSD_ERR_INVALID_PCKT_HDR) [Invalid packet header]; TrcIdx=2164; CS ID=10; Idx:2164; ID:10;\tI_RESERVED_CFG : ...[I_EXCEPT_RTN]
 *
 * A packet becomes "<idx>\t<id>\t<NAME>" plus one tab-separated field per
 * non-empty ';' part after the description.  A "[...]" or ", [...]"
 * suffix of the description (error type, exact-match index) is a field
 * too.  The descriptions themselves are fixed per name and dropped.  The
 * component number in "PKTP_ETMV4I_0016" depends on OpenCSD's object
 * count and is dropped; the error code maps to a libete status.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ppl_normalise.h"

int lines_push(struct lines *l, const char *s, size_t len)
{
	char **v = l->v;

	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 256;

		v = realloc(l->v, cap * sizeof(*v));
		if (!v)
			return -1;
		l->v = v;
		l->cap = cap;
	}
	v[l->n] = malloc(len + 1);
	if (!v[l->n])
		return -1;
	memcpy(v[l->n], s, len);
	v[l->n][len] = 0;
	l->n++;
	return 0;
}

void lines_free(struct lines *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
	l->cap = 0;
}

int lines_push_text(struct lines *l, const char *text)
{
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);

		if (lines_push(l, text, len))
			return -1;
		text += len + (nl ? 1 : 0);
	}
	return 0;
}

static const struct {
	const char *ocsd;
	const char *status;
} err_map[] = {
	{ "OCSD_ERR_INVALID_PCKT_HDR", "ETE_PKT_ERR_HEADER" },
	{ "OCSD_ERR_BAD_PACKET_SEQ", "ETE_PKT_ERR_SEQUENCE" },
};

static void trim(const char **s, const char **e)
{
	while (*s < *e && (**s == ' ' || **s == '\t'))
		(*s)++;
	while (*e > *s && (e[0][-1] == ' ' || e[0][-1] == '\t' ||
			   e[0][-1] == '\r'))
		(*e)--;
}

static void cat(char *out, size_t size, const char *s, size_t len)
{
	size_t have = strlen(out);

	if (have + len + 1 > size)
		len = size - have - 1;
	memcpy(out + have, s, len);
	out[have + len] = 0;
}

/* "Idx:<n>; ID:<hex>;\t<NAME> : <desc>[; fields]" */
static int packet(const char *p, struct lines *out)
{
	char norm[1024], head[64];
	unsigned long long idx;
	const char *name, *colon, *seg, *end;
	char id[16];
	int first = 1;

	if (sscanf(p, "Idx:%llu; ID:%15[0-9a-fA-F];", &idx, id) != 2)
		return -1;
	name = strchr(p, '\t');
	if (!name)
		return -1;
	name++;
	colon = strstr(name, " : ");
	if (!colon)
		return -1;
	snprintf(head, sizeof(head), "%llu\t%s\t", idx, id);
	norm[0] = 0;
	cat(norm, sizeof(norm), head, strlen(head));
	cat(norm, sizeof(norm), name, (size_t)(colon - name));

	for (seg = colon + 3; ; seg = end + 1) {
		const char *s = seg, *e;

		end = strchr(seg, ';');
		e = end ? end : seg + strlen(seg);
		trim(&s, &e);
		if (first) {
			/* description: keep only a trailing "[...]" */
			const char *br = NULL;

			for (const char *q = s; q < e; q++)
				if (*q == '[')
					br = q;
			if (br && e > s && e[-1] == ']') {
				cat(norm, sizeof(norm), "\t", 1);
				cat(norm, sizeof(norm), br, (size_t)(e - br));
			}
			first = 0;
		} else if (e > s) {
			cat(norm, sizeof(norm), "\t", 1);
			cat(norm, sizeof(norm), s, (size_t)(e - s));
		}
		if (!end)
			break;
	}
	return lines_push(out, norm, strlen(norm)) ? -1 : 1;
}

static int error_line(const char *line, struct lines *out)
{
	const char *code = strstr(line, "(OCSD_ERR_"), *close, *pk, *status;
	unsigned long long idx;
	char norm[256], id[16];
	const char *cs;
	size_t i;

	if (!code)
		return -1;
	code++;
	close = strchr(code, ')');
	cs = strstr(line, "TrcIdx=");
	if (!close || !cs ||
	    sscanf(cs, "TrcIdx=%llu; CS ID=%15[0-9a-fA-F];", &idx, id) != 2)
		return -1;
	status = NULL;
	for (i = 0; i < sizeof(err_map) / sizeof(err_map[0]); i++)
		if (!strncmp(code, err_map[i].ocsd, (size_t)(close - code)) &&
		    strlen(err_map[i].ocsd) == (size_t)(close - code))
			status = err_map[i].status;
	if (status)
		snprintf(norm, sizeof(norm), "%llu\t%s\tERROR\t%s", idx, id,
			 status);
	else
		snprintf(norm, sizeof(norm), "%llu\t%s\tERROR\tUNMAPPED:%.*s",
			 idx, id, (int)(close - code), code);
	if (lines_push(out, norm, strlen(norm)))
		return -1;
	pk = strstr(close, "Idx:");
	if (!pk)
		return 1;
	return packet(pk, out) < 0 ? -1 : 2;
}

int ppl_normalise_line(const char *line, struct lines *out)
{
	int r = 0;

	if (!strncmp(line, "Idx:", 4))
		r = packet(line, out);
	else if (strstr(line, "(OCSD_ERR_"))
		r = error_line(line, out);
	else
		return 0;	/* banner, "END OF TRACE DATA", summary */
	if (r < 0) {
		char buf[600];

		snprintf(buf, sizeof(buf), "UNPARSED\t%.500s", line);
		return lines_push(out, buf, strlen(buf)) ? -1 : 1;
	}
	return r;
}

int lines_normalise_file(const char *path, struct lines *out,
			 int (*line_fn)(const char *line, struct lines *out))
{
	char line[4096];
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		if (line_fn(line, out) < 0) {
			fclose(f);
			return -1;
		}
	}
	fclose(f);
	return 0;
}

int ppl_normalise_file(const char *path, struct lines *out)
{
	return lines_normalise_file(path, out, ppl_normalise_line);
}
