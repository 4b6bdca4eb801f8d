/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Element listing format of `perf-ete dump --elements` and of the element
 * reference tests: OpenCSD's trc_pkt_lister element line, byte for byte
 * (see Documentation/libete.rst, "Element listing format"):
 *
 *   Idx:<offset>; ID:<trace id, hex>; OCSD_GEN_TRC_ELEM_<TYPE>(<fields>)
 */
#ifndef _PERF_ETE_ELEM_FMT_H
#define _PERF_ETE_ELEM_FMT_H

#include <stddef.h>
#include <ete/dec.h>

/* Format one element (no newline); returns the length written. */
size_t ete_elem_format(char *buf, size_t size, unsigned int id,
		       const struct ete_elem *e);

#endif
