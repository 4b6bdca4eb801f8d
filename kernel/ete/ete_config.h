/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the `ete` PMU knows of a CPU's trace unit, and the pure translation
 * of a perf_event_attr into the registers the driver programs.  No register
 * access, so every attr bit and capability mix is unit-tested on the host
 * (selftests/ete/host/).
 */
#ifndef ARMTRACE_ETE_CONFIG_H
#define ARMTRACE_ETE_CONFIG_H

#ifdef __KERNEL__
#include <linux/perf_event.h>
#include <linux/types.h>
#else
#include "host_shim.h"
#endif
#include "ete_filter.h"

/* ID registers of one CPU's trace unit and buffer, read at probe. */
struct ete_caps {
	u32 trcidr[14];			/* TRCIDR0..13 */
	u32 trcdevarch;
	u32 trcauthstatus;
	u64 trbidr;
	bool kernel_at_el2;		/* VHE: the kernel runs at EL2 */
};

/*
 * Register values for one event, computed at event_init; the comparators
 * when perf's address filters change (addr_filters_sync).
 */
struct ete_hwcfg {
	u32 trcconfigr;
	u32 trcvictlr;
	u32 trcccctlr;
	u32 trcsyncpr;
	u64 trfcr;			/* TRFCR_EL1 (TRFCR_EL2 under VHE) */
	struct ete_cmp cmp;		/* address filters */
	/* Changes whenever the values above do; never 0. */
	u64 serial;
	/*
	 * The start/stop logic's state (TRCVICTLR.SSSTATUS) when the event
	 * last stopped: it goes on from there wherever the event runs next.
	 */
	bool ss_started;
	/* The perf filter set ss_started belongs to (compared, never read). */
	const void *filter_set;
};

/* The caller's rights, which the pure code cannot look up. */
#define ETE_CFG_MAY_CONTEXTID	0x1u	/* initial PID namespace */

int ete_config_from_attr(const struct perf_event_attr *attr,
			 const struct ete_caps *caps, unsigned int rights,
			 struct ete_hwcfg *out);

/* Is @caps a trace unit this driver can program (ETE, TRBE usable)? */
int ete_caps_usable(const struct ete_caps *caps);

#endif /* ARMTRACE_ETE_CONFIG_H */
