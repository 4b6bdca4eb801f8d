// SPDX-License-Identifier: GPL-2.0
/*
 * armtrace.ko: Arm self-hosted trace and PMU counters for perf.
 *
 * One module owns the trace hardware layer (kernel/hw/: one model mapping,
 * one context-switch hook) and registers the PMUs its parameters ask for:
 *
 *   pmuv3=1   PMUv3 counters with every filter (kernel/pmu/), perf PMU
 *             `pmuv3`; fails with EBUSY while Linux's own PMU driver owns
 *             the counters.
 *   ete=1     ETE trace through TRBE into perf AUX buffers (kernel/ete/),
 *             perf PMU `ete`, or `cs_etm` with ete_pmu_name=cs_etm so that
 *             an unmodified perf records it; registered only where the
 *             CPUs have ETE and TRBE.
 *
 * Test drivers (armtrace_hwtest) reach kernel/hw through this module's
 * exports in the ARMTRACE namespace instead of carrying a copy of it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/string.h>

#include "armtrace.h"
#include "hw/hw.h"

static bool pmuv3 = true;
module_param(pmuv3, bool, 0444);
MODULE_PARM_DESC(pmuv3, "register the pmuv3 PMU (default 1)");

static bool ete = true;
module_param(ete, bool, 0444);
MODULE_PARM_DESC(ete, "register the ete PMU where ETE and TRBE exist (default 1)");

static char *ete_pmu_name = "ete";
module_param(ete_pmu_name, charp, 0444);
MODULE_PARM_DESC(ete_pmu_name, "name of the ETE PMU: ete (default) or cs_etm, for perf without armtrace's patches");

static int __init armtrace_init(void)
{
	int ret;

	if (ete && strcmp(ete_pmu_name, "ete") && strcmp(ete_pmu_name, "cs_etm")) {
		pr_err("ete_pmu_name=%s: must be ete or cs_etm\n", ete_pmu_name);
		return -EINVAL;
	}
	ret = hw_probe();
	if (ret)
		return ret;
	if (pmuv3) {
		ret = armtrace_pmuv3_init();
		if (ret)
			goto err_hw;
	}
	if (ete) {
		ret = armtrace_ete_init(ete_pmu_name);
		if (ret)
			goto err_pmuv3;
	}
	return 0;

err_pmuv3:
	if (pmuv3)
		armtrace_pmuv3_exit();
err_hw:
	hw_release();
	return ret;
}

static void __exit armtrace_exit(void)
{
	if (ete)
		armtrace_ete_exit();
	if (pmuv3)
		armtrace_pmuv3_exit();
	hw_release();
}

module_init(armtrace_init);
module_exit(armtrace_exit);

MODULE_DESCRIPTION("armtrace: Arm self-hosted trace and PMUv3 counters for perf");
MODULE_LICENSE("GPL");
