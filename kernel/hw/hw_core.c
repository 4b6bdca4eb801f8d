// SPDX-License-Identifier: GPL-2.0
/* Backend selection for kernel/hw/: the model when its DT node exists. */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitfield.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <asm/sysreg.h>

#include <armtrace/hwmodel_abi.h>
#include <armtrace/id_regs.h>
#include "hw.h"

/* Set once at module load, before any PMU is registered; then constant. */
const struct hw_backend *hw;
EXPORT_SYMBOL_NS_GPL(hw, ARMTRACE);
unsigned int hw_features;
EXPORT_SYMBOL_NS_GPL(hw_features, ARMTRACE);

/*
 * Silicon: ETE is TraceVer >= 1 (system-register trace unit), TRBE is
 * TraceBuffer >= 1, BRBE is BRBE >= 1 in ID_AA64DFR0_EL1.
 */
static unsigned int hw_sysreg_features(void)
{
	u64 dfr0 = read_sysreg(id_aa64dfr0_el1);
	unsigned int f = 0;

	if (FIELD_GET(ID_AA64DFR0_EL1_TRACEVER, dfr0))
		f |= HW_HAS_ETE;
	if (FIELD_GET(ID_AA64DFR0_EL1_TRACEBUFFER, dfr0))
		f |= HW_HAS_TRBE;
	if (FIELD_GET(ID_AA64DFR0_EL1_BRBE_MASK, dfr0))
		f |= HW_HAS_BRBE;
	return f;
}

/*
 * What the calling CPU has: on silicon its own ID_AA64DFR0_EL1 (CPUs of
 * one system may differ), on the model what the model says of that CPU.
 */
unsigned int hw_local_features(void)
{
	return hw->local_features ? hw->local_features() : hw_sysreg_features();
}
EXPORT_SYMBOL_NS_GPL(hw_local_features, ARMTRACE);

/*
 * One sched_switch probe for the whole module, registered when something
 * needs it: the model's CONTEXTIDR and BRBE's invalidation both need the
 * switch, and Linux 6.1 exports neither the tracepoint nor perf's
 * sched_task callbacks to modules; the tracepoint is found by name.
 */
typedef void (*hw_switch_fn_t)(void);

static struct tracepoint *hw_tp_switch;
static hw_switch_fn_t hw_switch_fn;

static void hw_sched_switch(void *data, bool preempt,
			    struct task_struct *prev, struct task_struct *next,
			    unsigned int prev_state)
{
	hw_switch_fn_t fn = READ_ONCE(hw_switch_fn);

	if (hw->switch_to)
		hw->switch_to(next);
	if (fn)
		fn();
}

static void hw_find_tp(struct tracepoint *tp, void *priv)
{
	if (!strcmp(tp->name, "sched_switch"))
		hw_tp_switch = tp;
}

/* Probe sched_switch from now on; false when the kernel has none. */
static bool hw_switch_hook(void)
{
	if (hw_tp_switch)
		return true;
	for_each_kernel_tracepoint(hw_find_tp, NULL);
	if (hw_tp_switch &&
	    tracepoint_probe_register(hw_tp_switch, hw_sched_switch, NULL))
		hw_tp_switch = NULL;
	return hw_tp_switch;
}

int hw_on_switch(void (*fn)(void))
{
	if (fn && !hw_switch_hook())
		return -ENODEV;
	WRITE_ONCE(hw_switch_fn, fn);
	/* Removed: no CPU may still be calling it when its owner goes. */
	if (!fn)
		tracepoint_synchronize_unregister();
	return 0;
}

int hw_probe(void)
{
	int ret = hw_model_probe(&hw, &hw_features);

	if (ret == -ENODEV) {
		hw = &hw_sysreg_backend;
		hw_features = hw_sysreg_features();
		ret = 0;
	}
	/* Only the model needs every switch from the start (CONTEXTIDR). */
	if (!ret && hw->switch_to && !hw_switch_hook())
		pr_warn("no sched_switch hook: CONTEXTID stays 0 on the model\n");
	if (!ret)
		pr_info("register access through the %s backend:%s%s%s\n",
			hw->name, hw_features & HW_HAS_ETE ? " ETE" : "",
			hw_features & HW_HAS_TRBE ? " TRBE" : "",
			hw_features & HW_HAS_BRBE ? " BRBE" : "");
	return ret;
}

void hw_release(void)
{
	if (hw_tp_switch) {
		tracepoint_probe_unregister(hw_tp_switch, hw_sched_switch, NULL);
		/* No CPU may still be in the probe when the module goes. */
		tracepoint_synchronize_unregister();
		hw_tp_switch = NULL;
	}
	if (hw && hw->release)
		hw->release();
	hw = NULL;
}
