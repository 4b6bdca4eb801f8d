// SPDX-License-Identifier: GPL-2.0
/* Backend selection for kernel/hw/: the model when its DT node exists. */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitfield.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/printk.h>
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

int hw_probe(void)
{
	int ret = hw_model_probe(&hw, &hw_features);

	if (ret == -ENODEV) {
		hw = &hw_sysreg_backend;
		hw_features = hw_sysreg_features();
		ret = 0;
	}
	if (!ret)
		pr_info("register access through the %s backend:%s%s%s\n",
			hw->name, hw_features & HW_HAS_ETE ? " ETE" : "",
			hw_features & HW_HAS_TRBE ? " TRBE" : "",
			hw_features & HW_HAS_BRBE ? " BRBE" : "");
	return ret;
}

void hw_release(void)
{
	if (hw && hw->release)
		hw->release();
	hw = NULL;
}
