/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ETE_IMG_INTERNAL_H
#define _ETE_IMG_INTERNAL_H

#include <ete/img.h>

/* ete_blk.key: isa in bits 2:0, ETE_INSN_F_* flags above; 0xff = empty */
#define IMG_KEY_INVALID		0xffu
#define IMG_KEY(isa, flags)	((uint8_t)(((isa) & 7u) | ((flags) << 3)))

struct ete_img_region *img_region(struct ete_img *img, uint64_t addr);

/* img_block.c: the region's contents may have changed */
void img_wp_forget(struct ete_img_region *r);

const struct ete_blk *img_block_miss(struct ete_img *img, struct ete_blk *b,
				     uint64_t addr, unsigned int isa,
				     unsigned int flags);

static inline struct ete_blk *img_cache_slot(struct ete_img *img,
					     uint64_t addr, unsigned int isa)
{
	/* Fibonacci hashing: blocks are dense, low address bits are not */
	return &img->cache[((addr ^ ((uint64_t)isa << 60)) *
			    0x9e3779b97f4a7c15ull) >> 32 & img->cache_mask];
}

/*
 * The cache is larger than a core's first-level data cache, and much of
 * the time of a hit is the load of the entry: a decoder that knows the
 * next block's address early asks for it here.
 */
static inline void img_block_prefetch(struct ete_img *img, uint64_t addr,
				      unsigned int isa)
{
	__builtin_prefetch(img_cache_slot(img, addr, isa));
}

/* ete_img_block(), with the cache hit inlined into the caller */
static inline const struct ete_blk *img_block(struct ete_img *img,
					      uint64_t addr, unsigned int isa,
					      unsigned int flags)
{
	struct ete_blk *b = img_cache_slot(img, addr, isa);

	if (__builtin_expect(b->key == IMG_KEY(isa, flags) &&
			     b->start == addr, 1)) {
		img->hits++;
		return b;
	}
	return img_block_miss(img, b, addr, isa, flags);
}

#endif
