/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Normaliser for generic trace element lines of OpenCSD listings
 * (*.decode.ppl) and of libete's element printer (util/elem_fmt.c), which
 * prints the same text:
 *
 *   Idx:21; ID:1; OCSD_GEN_TRC_ELEM_INSTR_RANGE(exec range=0x..:[0x..] ...)
 *
 * becomes "<idx>\t<id>\t<TYPE>\t<field>\t<field>..." where the fields are
 * the text inside the parentheses split at blanks and ';', so the two
 * sides compare element by element and field by field.  Packet lines,
 * banners and error messages are not elements and are skipped (speculation
 * makes elements come out after later packets, so their interleaving with
 * packet lines is not compared).
 */
#ifndef _ETE_TEST_DEC_PPL_NORMALISE_H
#define _ETE_TEST_DEC_PPL_NORMALISE_H

#include "ppl_normalise.h"

/* Returns 1 if @line held an element (appended to @out), 0 if not. */
int dec_ppl_normalise_line(const char *line, struct lines *out);
int dec_ppl_normalise_file(const char *path, struct lines *out);

#endif
