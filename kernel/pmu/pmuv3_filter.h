/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the `pmuv3` PMU knows of the CPU, and the pure translation of a
 * perf_event_attr into a PMEVTYPER value.  No register access here, so the
 * translation is unit-tested on the host against every capability mix,
 * including features QEMU does not have (FEAT_RME, FEAT_MTPMU, thresholds).
 */
#ifndef ARMTRACE_PMUV3_FILTER_H
#define ARMTRACE_PMUV3_FILTER_H

#ifdef __KERNEL__
#include <linux/perf_event.h>
#include <linux/types.h>
#else
#include "host_shim.h"
#endif

struct pmuv3_caps {
	unsigned int num_counters;	/* PMCR_EL0.N */
	unsigned int pmuver;		/* ID_AA64DFR0_EL1.PMUVer */
	bool long_counters;		/* PMUv3p5: 64-bit event counters */
	bool has_el2;
	bool has_el3;
	bool kernel_at_el2;		/* VHE: the host kernel runs at EL2 */
	bool has_sel2;			/* FEAT_SEL2 */
	bool has_mtpmu;			/* FEAT_MTPMU */
	bool has_rme;			/* FEAT_RME */
	unsigned int thwidth;		/* PMMIR_EL1.THWIDTH, 0: no thresholds */
	/* Common events from PMCEID0/1: [0] 0x0000-0x003F, [1] 0x4000-0x403F. */
	u64 common_events[2];
};

/* A decoded, validated event. */
struct pmuv3_evt {
	u64 evtype;		/* PMEVTYPER value, filters included */
	bool cycle_counter_ok;	/* PMCCNTR/PMCCFILTR can count it */
};

u64 pmuv3_filters_implemented(const struct pmuv3_caps *caps);
bool pmuv3_event_implemented(const struct pmuv3_caps *caps, u64 event);
int pmuv3_map_generic(const struct pmuv3_caps *caps, u32 type, u64 config,
		      u64 *event);
bool pmuv3_guest_split_lost(const struct pmuv3_caps *caps,
			    const struct perf_event_attr *attr);
int pmuv3_evt_from_attr(const struct pmuv3_caps *caps,
			const struct perf_event_attr *attr, u64 event,
			struct pmuv3_evt *out);

#endif /* ARMTRACE_PMUV3_FILTER_H */
