/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The packet listing format of `perf-ete dump` and of the reference tests
 * (see Documentation/libete.rst, "Packet listing format"):
 *
 *   <offset>\t<trace id, hex>\t<NAME>[\t<field>]...
 *   <offset>\t<trace id, hex>\tERROR\t<status name>
 *
 * Names and field texts are those of OpenCSD's packet printer, so a
 * listing is comparable with trc_pkt_lister output once normalised.
 */
#ifndef _PERF_ETE_PKT_FMT_H
#define _PERF_ETE_PKT_FMT_H

#include <stddef.h>
#include <ete/pkt.h>

/*
 * Format the packet (and, for header errors, the ERROR line before it) into
 * @buf, each line ending in '\n'.  Returns the length written.
 */
size_t ete_pkt_format(char *buf, size_t size, unsigned int id, int status,
		      const struct ete_pkt *pkt);

/* True if @status gets an ERROR line (OpenCSD logs an error for it). */
int ete_pkt_status_logged(int status);

#endif
