// SPDX-License-Identifier: GPL-2.0
/*
 * The TRBE errata Linux knows, one line each: the workaround (named after
 * what it does), the errata it covers, and the kernel capability that
 * says a CPU has them.  arch/arm64/kernel/cpu_errata.c matches the
 * MIDRs once for the whole kernel; the driver asks, per CPU, which of
 * those capabilities that CPU has, as upstream's coresight-trbe.c does.
 * On the hardware model the register layer adds the errata the plugin
 * was told to play (hw_backend.trbe_errata), so every workaround that can
 * be played runs in a test.
 *
 * Where each workaround is applied:
 *
 *   pad_base            trbe_window.c (page-aligned windows, TRBPTR 256
 *                       bytes past TRBBASER), ete_pmu.c (the 256 bytes
 *                       padded with IGNORE when the window closes; the
 *                       wrap classified without TRBPTR == TRBBASER)
 *   spare_page          trbe_window.c (LIMIT a page below the free space)
 *   double_tsb          ete_unit.c, ete_drain()
 *   drain_after_disable ete_unit.c, ete_trbe_stop()
 *   isb_after_enable    ete_unit.c, ete_trbe_start()
 *   refuse_cpu          ete_pmu.c, the CPU is not supported
 */
#define pr_fmt(fmt) "armtrace-ete: " fmt

#include <linux/kernel.h>
#include <linux/preempt.h>
#include <linux/printk.h>
#include <asm/cpucaps.h>
#include <asm/cpufeature.h>

#include "ete.h"

/* Capabilities a kernel may lack: then only the model reports them. */
#ifndef ARM64_WORKAROUND_TRBE_OVERWRITE_FILL_MODE
#define ARM64_WORKAROUND_TRBE_OVERWRITE_FILL_MODE	(-1)
#endif
#ifndef ARM64_WORKAROUND_TRBE_WRITE_OUT_OF_RANGE
#define ARM64_WORKAROUND_TRBE_WRITE_OUT_OF_RANGE	(-1)
#endif
#ifndef ARM64_WORKAROUND_TSB_FLUSH_FAILURE
#define ARM64_WORKAROUND_TSB_FLUSH_FAILURE		(-1)
#endif
#ifndef ARM64_WORKAROUND_2064142
#define ARM64_WORKAROUND_2064142			(-1)
#endif
#ifndef ARM64_WORKAROUND_2038923
#define ARM64_WORKAROUND_2038923			(-1)
#endif
#ifndef ARM64_WORKAROUND_1902691
#define ARM64_WORKAROUND_1902691			(-1)
#endif

struct ete_erratum {
	u32 wa;			/* TRBE_WA_* */
	const char *name;	/* the workaround */
	const char *errata;	/* Arm's erratum numbers */
	int cpucap;		/* ARM64_WORKAROUND_*, -1: none */
};

static const struct ete_erratum ete_errata[] = {
	{ TRBE_WA_PAD_BASE, "pad_base", "2119858/2139208",
	  ARM64_WORKAROUND_TRBE_OVERWRITE_FILL_MODE },
	{ TRBE_WA_SPARE_PAGE, "spare_page", "2224489/2253138",
	  ARM64_WORKAROUND_TRBE_WRITE_OUT_OF_RANGE },
	{ TRBE_WA_DOUBLE_TSB, "double_tsb", "2054223/2067961",
	  ARM64_WORKAROUND_TSB_FLUSH_FAILURE },
	{ TRBE_WA_DRAIN_AFTER_DISABLE, "drain_after_disable", "2064142",
	  ARM64_WORKAROUND_2064142 },
	{ TRBE_WA_ISB_AFTER_ENABLE, "isb_after_enable", "2038923",
	  ARM64_WORKAROUND_2038923 },
	{ TRBE_WA_REFUSE_CPU, "refuse_cpu", "1902691",
	  ARM64_WORKAROUND_1902691 },
};

/*
 * The workarounds the calling CPU needs.  Runs on that CPU (the hotplug
 * online callback, in the CPU's bound hotplug thread); this_cpu_has_cap()
 * and the register layer ask about the local CPU and want preemption off,
 * as upstream's arm_trbe_probe_hotplugged_cpu() has it.
 */
u32 ete_errata_probe(unsigned int cpu)
{
	char names[160] = "";
	u32 wa, cap = 0;
	size_t len = 0;
	unsigned int i;
	u64 midr = 0;

	BUILD_BUG_ON(ARRAY_SIZE(ete_errata) != hweight64(TRBE_WA_ALL));
	preempt_disable();
	wa = hw->trbe_errata(&midr);
	for (i = 0; i < ARRAY_SIZE(ete_errata); i++) {
		const struct ete_erratum *e = &ete_errata[i];

		if (e->cpucap >= 0 && this_cpu_has_cap(e->cpucap))
			cap |= e->wa;
	}
	preempt_enable();
	wa |= cap;
	for (i = 0; i < ARRAY_SIZE(ete_errata); i++) {
		const struct ete_erratum *e = &ete_errata[i];

		if (wa & e->wa)
			len += scnprintf(names + len, sizeof(names) - len,
					 " %s (%s)", e->name, e->errata);
	}
	if (wa)
		pr_info("cpu%u: MIDR %#llx, TRBE workarounds:%s%s\n", cpu, midr,
			names, cap == wa ? "" : " [hardware model]");
	return wa;
}
