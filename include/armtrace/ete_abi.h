/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf_event_attr ABI of the `ete` PMU, at the positions upstream's cs_etm
 * uses, so perf tooling written for cs_etm needs only the PMU name (its
 * format/ directory is generated from the same table):
 *
 *   config   [8]      branch_broadcast  TRCCONFIGR.BB
 *   config   [12]     cycacc            TRCCONFIGR.CCI
 *   config   [14]     contextid1        TRCCONFIGR.CID: CONTEXTIDR_EL1
 *   config   [15]     contextid2        TRCCONFIGR.VMID + VMIDOPT:
 *                                       CONTEXTIDR_EL2
 *   config   [28]     timestamp         TRCCONFIGR.TS
 *   config   [29]     retstack          TRCCONFIGR.RS
 *   config1  [11:0]   cc_threshold      TRCCCCTLR (0: TRCIDR3.CCITMIN)
 *
 * `contextid` is an alias: config:14 when the kernel runs at EL1, config:15
 * under VHE (the kernel then writes the PID to CONTEXTIDR_EL2), as
 * upstream's cs_etm does.
 */
#ifndef ARMTRACE_ETE_ABI_H
#define ARMTRACE_ETE_ABI_H

#include "bits.h"

#define ETE_CFG_BRANCH_BROADCAST	BIT_ULL(8)
#define ETE_CFG_CYCACC			BIT_ULL(12)
#define ETE_CFG_CONTEXTID1		BIT_ULL(14)
#define ETE_CFG_CONTEXTID2		BIT_ULL(15)
#define ETE_CFG_TIMESTAMP		BIT_ULL(28)
#define ETE_CFG_RETSTACK		BIT_ULL(29)
#define ETE_CFG_KNOWN	(ETE_CFG_BRANCH_BROADCAST | ETE_CFG_CYCACC |	\
			 ETE_CFG_CONTEXTID1 | ETE_CFG_CONTEXTID2 |	\
			 ETE_CFG_TIMESTAMP | ETE_CFG_RETSTACK)
#define ETE_CFG1_CC_THRESHOLD		GENMASK_ULL(11, 0)

/* The trace ID perf 6.1 assumes for CPU @cpu (CORESIGHT_TRACE_ID). */
#define ETE_TRACE_ID(cpu)		(0x10 + 2 * (cpu))

#endif /* ARMTRACE_ETE_ABI_H */
