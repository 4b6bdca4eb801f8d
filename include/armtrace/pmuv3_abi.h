/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf_event_attr ABI of the `pmuv3` PMU (also listed in its format/
 * directory, generated from the same table).
 *
 *   config   [15:0]   event     PMU event number (PMEVTYPER.evtCount)
 *   config1  [0]      filter    opt in to the raw filter fields below
 *   config1  [20..31] rlh rlu rlk sh mt m nsh nsu nsk u p
 *                               PMEVTYPER filter bits, at the register's
 *                               own bit positions (bit 23 is not a field)
 *   config2  [11:0]   th        threshold (FEAT_PMUv3_TH)
 *   config2  [14:12]  tc        threshold condition (FEAT_PMUv3_TH)
 *
 * Without `filter`, the filter bits come from exclude_user/kernel/hv/host/
 * guest as upstream's arm_pmuv3 does, and the raw fields must be 0.
 */
#ifndef ARMTRACE_PMUV3_ABI_H
#define ARMTRACE_PMUV3_ABI_H

#include "pmu_regs.h"

#define PMUV3_CFG_EVENT		GENMASK_ULL(15, 0)
#define PMUV3_CFG1_FILTER	BIT_ULL(0)
/* config1 carries the raw filter fields at their PMEVTYPER positions. */
#define PMUV3_CFG1_RAW_FILTERS	(PMCCFILTR_EL0_FILTERS | PMEVTYPER_EL0_MT)
#define PMUV3_CFG2_TH		GENMASK_ULL(11, 0)
#define PMUV3_CFG2_TC		GENMASK_ULL(14, 12)

#endif /* ARMTRACE_PMUV3_ABI_H */
