/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ETE_IMG_INTERNAL_H
#define _ETE_IMG_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <ete/img.h>

/* ete_blk.key: isa in bits 2:0, ETE_INSN_F_* flags above; 0xff = empty */
#define IMG_KEY_INVALID		0xffu
#define IMG_KEY(isa, flags)	((uint8_t)(((isa) & 7u) | ((flags) << 3)))

struct ete_img_region *img_region(struct ete_img *img, uint64_t addr);

/* img.c: a region over @data; @owned (or NULL) is freed by ete_img_free() */
int img_add_region(struct ete_img *img, uint64_t addr, const uint8_t *data,
		   size_t len, uint8_t *owned);

/* img_wp.c: the waypoint map of an A64 region */
#define IMG_WP_CHUNK_WORDS	4u	/* built at once: 256 slots, 1 KiB */
#define IMG_WP_NO_MAP		UINT64_MAX

enum { IMG_WP_NONE, IMG_WP_READY, IMG_WP_NOMEM };	/* wp_state */

/*
 * A waypoint: its slot, its ete_a64_classify() result (size 4, next ISA
 * A64) and the blocks that follow it, once looked up.  @next[0] is the
 * index + 1 in info[] of the waypoint ending the block at the next slot,
 * @next[1] that of the block at the branch target; 0 until a lookup of
 * that address went through the map.  A map rebuild starts info[] afresh,
 * so a link never outlives the classifications it joins.
 */
struct img_wp_info {
	uint32_t slot;
	int32_t off;		/* target - address (ETE_INSN_BR) */
	uint32_t next[2];
	uint8_t cls;
	uint8_t sub;
	uint8_t cond;
	uint8_t link;
};

struct img_wp {
	uint64_t start;		/* the region's, for the inline lookup */
	uint64_t len;
	uint64_t base;		/* start & ~3: slot 0 */
	uint64_t slots;		/* 4-byte slots from base */
	uint64_t chunks;
	uint64_t *bits;		/* bit per slot: a waypoint */
	uint64_t *done;		/* bit per chunk: built */
	uint32_t *first;	/* per word: its first waypoint in info[] */
	struct img_wp_info *info;
	uint32_t n;
	uint32_t cap;
	uint8_t flags;		/* ETE_INSN_F_* of the built chunks */
};

void img_wp_free(struct ete_img_region *r);
/* the region's contents may have changed */
void img_wp_forget(struct ete_img_region *r);
bool img_wp_ready(struct ete_img_region *r, unsigned int flags);
/*
 * Index of the first waypoint among the @cnt slots from @a (4-aligned) or
 * @cnt; IMG_WP_NO_MAP when the region has no map to use.
 */
uint64_t img_wp_next(struct ete_img_region *r, uint64_t a, uint64_t cnt,
		     unsigned int flags);
/*
 * Index in info[] of the first waypoint of the words after @w (a block
 * that crosses a map word), looking no further than IMG_WP_SCAN_WORDS
 * words, all in built chunks; else IMG_WP_NONE_AFTER.
 */
#define IMG_WP_SCAN_WORDS	4u
#define IMG_WP_NONE_AFTER	UINT32_MAX
uint32_t img_wp_after(const struct img_wp *m, uint64_t w);
/* The classification of the waypoint at @a, if the map holds it. */
bool img_wp_insn(const struct ete_img_region *r, uint64_t a,
		 unsigned int flags, struct ete_insn *in);

/* Set bits of @x (SWAR: x86-64's baseline has no POPCNT instruction). */
static inline unsigned int img_popcount64(uint64_t x)
{
	x -= (x >> 1) & 0x5555555555555555ull;
	x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
	return (unsigned int)((x * 0x0101010101010101ull) >> 56);
}

/* Fill @in from waypoint @i at @a: what ete_a64_classify() said of it. */
static inline void img_wp_fill(const struct img_wp_info *i, uint64_t a,
			       struct ete_insn *in)
{
	in->target = i->cls == ETE_INSN_BR ? a + (uint64_t)(int64_t)i->off : 0;
	in->cls = i->cls;
	in->sub = i->sub;
	in->cond = i->cond;
	in->link = i->link;
	in->size = 4;
	in->next_isa = ETE_ISA_A64;
}

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
 * ete_img_block(), inlined into the caller for the common cases: A64 in
 * the region of the last walk (img->hot), read off its map.
 *
 * A trace goes from one block to the next: the next slot after a branch
 * not taken, its target when taken.  Each map waypoint keeps the index of
 * the waypoint ending either of those blocks once it has been looked up
 * (img_wp_info.next), so following a trace is one load per block: the
 * waypoint before, already in cache, names the next.  Other addresses
 * search the map word, then a few words after it, else go to the block
 * cache.
 */
static inline __attribute__((always_inline)) const struct ete_blk *
img_block(struct ete_img *img, uint64_t addr, unsigned int isa,
	  unsigned int flags)
{
	struct img_wp *m = img->hot;
	struct ete_blk *b;

	if (m && isa == ETE_ISA_A64 && m->flags == flags) {
		const struct img_wp_info *in;
		uint32_t *next = NULL, i;
		uint64_t at;

		if (img->wp_last) {
			struct img_wp_info *p = &m->info[img->wp_last - 1];

			if (addr == img->wp_fall)
				next = &p->next[0];
			else if (addr == img->wp_taken)
				next = &p->next[1];
		}
		if (next && *next) {
			i = *next - 1;
		} else {
			uint64_t s = (addr - m->base) / 4, w = s / 64;
			uint64_t c = w / IMG_WP_CHUNK_WORDS, bits;

			if (addr - m->start >= m->len || (addr & 3) ||
			    !(m->done[c / 64] >> (c % 64) & 1))
				goto cache;
			bits = m->bits[w] >> (s % 64);
			if (bits) {
				s += (uint64_t)__builtin_ctzll(bits);
				i = m->first[w] + img_popcount64(m->bits[w] &
					((1ull << (s % 64)) - 1));
			} else {
				i = img_wp_after(m, w);
				if (i == IMG_WP_NONE_AFTER)
					goto cache;
			}
			if (next)
				*next = i + 1;
		}
		in = &m->info[i];
		at = m->base + 4 * (uint64_t)in->slot;
		b = &img->map_blk;
		b->start = addr;
		b->last_addr = at;
		b->end = at + 4;
		b->ninsn = (uint32_t)((at - addr) / 4) + 1;
		b->stop = ETE_BLK_WAYPOINT;
		img_wp_fill(in, at, &b->last);
		img->wp_last = i + 1;
		img->wp_fall = at + 4;
		img->wp_taken = b->last.cls == ETE_INSN_BR ? b->last.target :
			at + 4;
		return b;
	}
cache:
	img->wp_last = 0;
	b = img_cache_slot(img, addr, isa);

	if (__builtin_expect(b->key == IMG_KEY(isa, flags) &&
			     b->start == addr, 1)) {
		img->hits++;
		return b;
	}
	return img_block_miss(img, b, addr, isa, flags);
}

#endif
