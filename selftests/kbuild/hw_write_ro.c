// SPDX-License-Identifier: GPL-2.0
/*
 * Build-time test of kernel/hw/hw.h: hw_write() of HW_REG (given by the
 * build) must compile for a read-write register and fail to compile for a
 * read-only one (run by selftests/kbuild/run.sh, never loaded).
 */
#include <linux/module.h>
#include "hw/hw.h"

void hw_write_ro_probe(void);
void hw_write_ro_probe(void)
{
	hw_write(HW_REG, 0);
}

MODULE_LICENSE("GPL");
