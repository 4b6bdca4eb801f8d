/* SPDX-License-Identifier: GPL-2.0 */
/*
 * PMUv3 register fields (Arm ARM D24.5, "Performance Monitors registers").
 * One definition of each field, used by the pmuv3 driver, its tests and
 * the documentation's examples.
 */
#ifndef ARMTRACE_PMU_REGS_H
#define ARMTRACE_PMU_REGS_H

#include "bits.h"

/* ID_AA64DFR0_EL1.PMUVer: which PMU architecture, if any. */
#define ID_AA64DFR0_EL1_PMUVER		GENMASK_ULL(11, 8)
#define PMUVER_NI			0x0
#define PMUVER_V3P1			0x4
#define PMUVER_V3P4			0x5	/* adds PMMIR_EL1 */
#define PMUVER_V3P5			0x6	/* 64-bit event counters */
#define PMUVER_IMP_DEF			0xf

/* PMCR_EL0 */
#define PMCR_EL0_E		BIT_ULL(0)	/* enable all counters */
#define PMCR_EL0_P		BIT_ULL(1)	/* reset event counters */
#define PMCR_EL0_C		BIT_ULL(2)	/* reset cycle counter */
#define PMCR_EL0_D		BIT_ULL(3)	/* cycle counter /64 */
#define PMCR_EL0_X		BIT_ULL(4)	/* export events */
#define PMCR_EL0_DP		BIT_ULL(5)	/* disable CCNT when prohibited */
#define PMCR_EL0_LC		BIT_ULL(6)	/* cycle counter overflows at 64 bits */
#define PMCR_EL0_LP		BIT_ULL(7)	/* event counters overflow at 64 bits */
#define PMCR_EL0_N		GENMASK_ULL(15, 11)

/*
 * PMEVTYPER<n>_EL0.  The filter fields work in pairs with the security
 * state: in Non-secure state EL1 counts when P == NSK, EL0 when U == NSU,
 * EL2 when NSH == 1; EL3 counts when M == P; Secure EL2 when SH != NSH;
 * Realm EL1 when RLK == P, Realm EL0 when RLU == U, Realm EL2 when
 * RLH != NSH.  A field whose feature is absent is RES0.
 */
#define PMEVTYPER_EL0_EVTCOUNT	GENMASK_ULL(15, 0)
#define PMEVTYPER_EL0_EVTCOUNT_V3 GENMASK_ULL(9, 0)	/* before PMUv3p1 */
#define PMEVTYPER_EL0_RLH	BIT_ULL(20)	/* FEAT_RME */
#define PMEVTYPER_EL0_RLU	BIT_ULL(21)	/* FEAT_RME */
#define PMEVTYPER_EL0_RLK	BIT_ULL(22)	/* FEAT_RME */
#define PMEVTYPER_EL0_SH	BIT_ULL(24)	/* EL3 and FEAT_SEL2 */
#define PMEVTYPER_EL0_MT	BIT_ULL(25)	/* FEAT_MTPMU */
#define PMEVTYPER_EL0_M		BIT_ULL(26)	/* EL3 */
#define PMEVTYPER_EL0_NSH	BIT_ULL(27)	/* EL2 */
#define PMEVTYPER_EL0_NSU	BIT_ULL(28)	/* EL3 */
#define PMEVTYPER_EL0_NSK	BIT_ULL(29)	/* EL3 */
#define PMEVTYPER_EL0_U		BIT_ULL(30)
#define PMEVTYPER_EL0_P		BIT_ULL(31)
#define PMEVTYPER_EL0_TH	GENMASK_ULL(43, 32)	/* FEAT_PMUv3_TH */
#define PMEVTYPER_EL0_TC	GENMASK_ULL(63, 61)	/* FEAT_PMUv3_TH */

/* PMCCFILTR_EL0: the same filter fields, no MT, no threshold. */
#define PMCCFILTR_EL0_FILTERS	(PMEVTYPER_EL0_P | PMEVTYPER_EL0_U | \
				 PMEVTYPER_EL0_NSK | PMEVTYPER_EL0_NSU | \
				 PMEVTYPER_EL0_NSH | PMEVTYPER_EL0_M | \
				 PMEVTYPER_EL0_SH | PMEVTYPER_EL0_RLK | \
				 PMEVTYPER_EL0_RLU | PMEVTYPER_EL0_RLH)

/* PMMIR_EL1 (PMUv3p4 and later) */
#define PMMIR_EL1_SLOTS		GENMASK_ULL(7, 0)
#define PMMIR_EL1_THWIDTH	GENMASK_ULL(23, 20)

/* Counter index of the cycle counter in PMCNTEN*, PMINTEN*, PMOVS*. */
#define PMU_CYCLE_IDX		31

/* Common event numbers discoverable through PMCEID0/1_EL0. */
#define PMU_EVT_SW_INCR		0x0000
#define PMU_EVT_INST_RETIRED	0x0008
#define PMU_EVT_CPU_CYCLES	0x0011
#define PMU_EVT_CHAIN		0x001E
/* PMCEID covers common events 0x0000-0x003F and 0x4000-0x403F. */
#define PMU_EVT_COMMON_LO_END	0x0040
#define PMU_EVT_COMMON_HI	0x4000
#define PMU_EVT_COMMON_HI_END	0x4040

#endif /* ARMTRACE_PMU_REGS_H */
