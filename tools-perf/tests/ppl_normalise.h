/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Normaliser for OpenCSD trc_pkt_lister packet listings (*.pkt.ppl): turns
 * each packet line and each packet-processor error line into the packet
 * listing format that util/pkt_fmt.c prints, so the two compare line by
 * line and field by field.
 */
#ifndef _ETE_TEST_PPL_NORMALISE_H
#define _ETE_TEST_PPL_NORMALISE_H

#include <stddef.h>

struct lines {
	char **v;
	size_t n;
	size_t cap;	/* grown by doubling: ASan's realloc always copies */
};

int lines_push(struct lines *l, const char *s, size_t len);
void lines_free(struct lines *l);
/* Split a buffer of '\n'-terminated lines and append them. */
int lines_push_text(struct lines *l, const char *text);

/*
 * Normalise one listing line; returns the number of normal-form lines
 * appended to @out (0 for banner lines, 2 for an error line: the ERROR
 * record then its packet).  Lines that look like decoder output but do not
 * parse become an "UNPARSED" line so they cannot pass silently.
 */
int ppl_normalise_line(const char *line, struct lines *out);
int ppl_normalise_file(const char *path, struct lines *out);
/* Each line of @path (newline stripped) through @line_fn; -1 on error. */
int lines_normalise_file(const char *path, struct lines *out,
			 int (*line_fn)(const char *line, struct lines *out));

#endif
