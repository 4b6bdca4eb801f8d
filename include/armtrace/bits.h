/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bit helpers for the register headers in include/armtrace/, so one
 * definition of each field serves the kernel modules, the user-space tools
 * and the QEMU hardware model alike.
 */
#ifndef ARMTRACE_BITS_H
#define ARMTRACE_BITS_H

#ifdef __KERNEL__
#include <linux/bits.h>
#include <linux/bitfield.h>
#else
#include "bits_user.h"
#endif

#endif /* ARMTRACE_BITS_H */
