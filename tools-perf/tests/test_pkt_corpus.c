// SPDX-License-Identifier: GPL-2.0
/*
 * Packet layer on the project's own corpus (corpus.h): every trace
 * decodes with exactly the packet errors it was built with, the same
 * whole and byte by byte, and together the traces contain every packet
 * type and Trace Info section the reference snapshots exercise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <armtrace/ete_pkt.h>
#include "tap.h"
#include "corpus.h"
#include "pkt_collect.h"

static const enum ete_pkt_type required[] = {
	ETE_PKT_T_ASYNC, ETE_PKT_T_TRACE_INFO, ETE_PKT_T_TRACE_ON,
	ETE_PKT_T_DISCARD, ETE_PKT_T_OVERFLOW,
	ETE_PKT_T_TIMESTAMP, ETE_PKT_T_TS_MARKER, ETE_PKT_T_EXCEPT,
	ETE_PKT_T_TRANS_FAIL, ETE_PKT_T_TRANS_ST, ETE_PKT_T_TRANS_COMMIT,
	ETE_PKT_T_ITE, ETE_PKT_T_CCNT_F1, ETE_PKT_T_CCNT_F2,
	ETE_PKT_T_CCNT_F3, ETE_PKT_T_COMMIT, ETE_PKT_T_CANCEL_F1,
	ETE_PKT_T_CANCEL_F1_MISPRED, ETE_PKT_T_CANCEL_F2,
	ETE_PKT_T_CANCEL_F3, ETE_PKT_T_MISPREDICT, ETE_PKT_T_IGNORE,
	ETE_PKT_T_EVENT, ETE_PKT_T_CTXT, ETE_PKT_T_ADDR_CTXT_L_32IS0,
	ETE_PKT_T_ADDR_CTXT_L_64IS0, ETE_PKT_T_ADDR_MATCH,
	ETE_PKT_T_ADDR_S_IS0, ETE_PKT_T_ADDR_L_32IS0, ETE_PKT_T_ADDR_L_64IS0,
	ETE_PKT_T_Q, ETE_PKT_T_SRC_ADDR_MATCH, ETE_PKT_T_SRC_ADDR_S_IS0,
	ETE_PKT_T_SRC_ADDR_L_64IS0, ETE_PKT_T_ATOM_F1, ETE_PKT_T_ATOM_F2,
	ETE_PKT_T_ATOM_F3, ETE_PKT_T_ATOM_F4, ETE_PKT_T_ATOM_F5,
	ETE_PKT_T_ATOM_F6, ETE_PKT_T_RESERVED, ETE_PKT_T_RESERVED_CFG,
};

static bool same(const struct pkt_list *a, const struct pkt_list *b)
{
	if (a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (a->status[i] != b->status[i] ||
		    memcmp(&a->p[i], &b->p[i], sizeof(a->p[i])))
			return false;
	return true;
}

int main(void)
{
	bool seen[ETE_PKT_T_COUNT] = { false };
	unsigned int sections = 0, missing = 0;

	for (size_t i = 0; i < corpus_count(); i++) {
		struct corpus_trace t;
		struct pkt_list whole, bytes;
		unsigned int errors = 0;
		char why[512];
		bool ok;

		if (corpus_make(i, &t, why, sizeof(why))) {
			tap_ok(false, "corpus trace %zu builds: %s", i, why);
			continue;
		}
		ok = !pkt_collect(&t.cfg.regs, t.trace.b, t.trace.n, 0,
				  &whole);
		if (ok) {
			for (size_t k = 0; k < whole.n; k++) {
				seen[whole.p[k].type] = true;
				errors += whole.status[k] != ETE_PKT_OK;
				if (whole.p[k].type == ETE_PKT_T_TRACE_INFO)
					sections |= whole.p[k].tinfo.sections;
			}
			ok = !pkt_collect(&t.cfg.regs, t.trace.b, t.trace.n,
					  1, &bytes);
			ok = ok && same(&whole, &bytes);
			if (ok)
				pkt_list_free(&bytes);
		}
		tap_ok(ok && errors == t.pkt_errors,
		       "packets %s: %zu bytes, %u errors as built, "
		       "whole = byte by byte", t.name, t.trace.n, errors);
		if (ok)
			pkt_list_free(&whole);
		corpus_free(&t);
	}
	for (size_t k = 0; k < sizeof(required) / sizeof(required[0]); k++) {
		if (!seen[required[k]]) {
			tap_diag("no %s packet in the corpus",
				 ete_pkt_type_name(required[k]));
			missing++;
		}
	}
	tap_ok(!missing, "the corpus has every packet type of the "
	       "reference snapshots (%zu types)",
	       sizeof(required) / sizeof(required[0]));
	tap_ok(sections == (ETE_TINFO_SECT_INFO | ETE_TINFO_SECT_KEY |
			    ETE_TINFO_SECT_SPEC | ETE_TINFO_SECT_CYCT),
	       "the corpus has every Trace Info section (%#x)", sections);
	return tap_exit();
}
