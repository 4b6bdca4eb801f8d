/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A caller's text buffer filled piece by piece, as the packet and element
 * printers (pkt_fmt.c, elem_fmt.c) write their lines: text that does not
 * fit is cut, and the buffer always ends in a NUL.
 */
#ifndef _UTIL_FMT_OUT_H
#define _UTIL_FMT_OUT_H

#include <stddef.h>

struct fmt_out {
	char *buf;
	size_t size;
	size_t len;		/* characters written, < size once any are */
};

/* Append printf-style text to @o, cut to what fits. */
__attribute__((format(printf, 2, 3)))
void fmt_put(struct fmt_out *o, const char *fmt, ...);

#endif
