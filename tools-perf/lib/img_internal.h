/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ETE_IMG_INTERNAL_H
#define _ETE_IMG_INTERNAL_H

#include <ete/img.h>

/* ete_blk.key: isa in bits 2:0, ETE_INSN_F_* flags above; 0xff = empty */
#define IMG_KEY_INVALID		0xffu
#define IMG_KEY(isa, flags)	((uint8_t)(((isa) & 7u) | ((flags) << 3)))

const struct ete_img_region *img_region(struct ete_img *img, uint64_t addr);

#endif
