// SPDX-License-Identifier: GPL-2.0
/*
 * Build-time test of kernel/hw/hw.h: hw_write() of HW_REG (given by the
 * build) must compile for a read-write register and fail to compile for a
 * read-only one; with HW_READ, hw_read() of it must compile for a
 * readable register and fail for a write-only one (run by
 * selftests/kbuild/run.sh, never loaded).
 */
#include <linux/module.h>
#include "hw/hw.h"

u64 hw_write_ro_probe(void);
u64 hw_write_ro_probe(void)
{
#ifdef HW_READ
	return hw_read(HW_REG);
#else
	hw_write(HW_REG, 0);
	return 0;
#endif
}

MODULE_LICENSE("GPL");
