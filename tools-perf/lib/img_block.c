// SPDX-License-Identifier: GPL-2.0
/*
 * Block cache: walk the image from a start address to the next waypoint
 * once, remember the result in a direct-mapped table.  A64 walks run over
 * the region bytes directly with a one-compare prefilter (waypoints all
 * live in the op0 = x101 encoding group); other instruction sets, region
 * edges and callback memory go one instruction at a time.
 */
#include <string.h>
#include <ete/img.h>
#include "img_internal.h"

static inline uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
		(uint32_t)p[3] << 24;
}

static void other_a64(struct ete_insn *i)
{
	memset(i, 0, sizeof(*i));
	i->size = 4;
	i->next_isa = ETE_ISA_A64;
}

static void walk(struct ete_img *img, uint64_t addr, unsigned int isa,
		 unsigned int flags, struct ete_blk *b)
{
	uint64_t a = addr;
	uint32_t n = 0;

	b->start = addr;
	b->stop = ETE_BLK_NACC;
	other_a64(&b->last);
	b->last.next_isa = (uint8_t)isa;
	b->last_addr = addr;
	for (;;) {
		const struct ete_img_region *r = isa == ETE_ISA_A64 ?
			img_region(img, a) : NULL;

		if (r && r->end - a >= 4) {
			const uint8_t *p = r->data + (a - r->start);
			uint64_t cnt = (r->end - a) / 4;

			for (uint64_t i = 0; i < cnt; i++, p += 4) {
				uint32_t op = le32(p);

				if (((op >> 26) & 7) != 5)
					continue;
				if (ete_a64_classify(op, a + 4 * i, flags,
						     &b->last) ==
				    ETE_INSN_OTHER)
					continue;
				b->last_addr = a + 4 * i;
				b->end = b->last_addr + 4;
				b->ninsn = n + (uint32_t)(i + 1);
				b->stop = ETE_BLK_WAYPOINT;
				return;
			}
			other_a64(&b->last);
			n += (uint32_t)cnt;
			a += 4 * cnt;
			b->last_addr = a - 4;
			continue;
		}
		if (ete_img_insn(img, a, isa, flags, &b->last)) {
			b->end = a;
			b->ninsn = n;
			return;
		}
		b->last_addr = a;
		a += b->last.size;
		n++;
		if (b->last.cls != ETE_INSN_OTHER) {
			b->end = a;
			b->ninsn = n;
			b->stop = ETE_BLK_WAYPOINT;
			return;
		}
	}
}

/*
 * The miss path, out of line: walk() needs many registers, and inlined it
 * would make every cache hit save and restore them.
 */
static __attribute__((noinline)) const struct ete_blk *
block_miss(struct ete_img *img, struct ete_blk *b, uint64_t addr,
	   unsigned int isa, unsigned int flags)
{
	img->misses++;
	walk(img, addr, isa, flags, b);
	b->key = IMG_KEY(isa, flags);
	return b;
}

const struct ete_blk *ete_img_block(struct ete_img *img, uint64_t addr,
				    unsigned int isa, unsigned int flags)
{
	struct ete_blk *b;

	/* Fibonacci hashing: blocks are dense, low address bits are not */
	b = &img->cache[((addr ^ ((uint64_t)isa << 60)) *
			 0x9e3779b97f4a7c15ull) >> 32 & img->cache_mask];
	if (__builtin_expect(b->key == IMG_KEY(isa, flags) &&
			     b->start == addr, 1)) {
		img->hits++;
		return b;
	}
	return block_miss(img, b, addr, isa, flags);
}
