// SPDX-License-Identifier: GPL-2.0
/*
 * Block cache: walk the image from a start address to the next waypoint
 * once, remember the result in a direct-mapped table.
 *
 * A miss on A64 code in a region with data does not walk instructions: the
 * region's waypoint map (img_wp.c) gives the next waypoint and its
 * classification, without reading the code.  Other instruction sets,
 * misaligned addresses, callback memory and regions without a map go one
 * instruction at a time, as does the step from one region into the next.
 */
#include <stdbool.h>
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

/* Index of the first waypoint among the @cnt instructions from @a, or @cnt. */
static uint64_t next_waypoint(struct ete_img_region *r, uint64_t a,
			      uint64_t cnt, unsigned int flags)
{
	const uint8_t *p = r->data + (a - r->start);
	uint64_t i = img_wp_next(r, a, cnt, flags);
	struct ete_insn in;

	if (i != IMG_WP_NO_MAP)
		return i;
	for (i = 0; i < cnt; i++, p += 4) {
		uint32_t op = le32(p);

		if (((op >> 26) & 7) == 5 &&
		    ete_a64_classify(op, a + 4 * i, flags, &in) !=
		    ETE_INSN_OTHER)
			break;
	}
	return i;
}

static __attribute__((noinline)) void
walk(struct ete_img *img, uint64_t addr, unsigned int isa, unsigned int flags,
     struct ete_blk *b)
{
	uint64_t a = addr;
	uint32_t n = 0;

	b->start = addr;
	b->stop = ETE_BLK_NACC;
	other_a64(&b->last);
	b->last.next_isa = (uint8_t)isa;
	b->last_addr = addr;
	for (;;) {
		struct ete_img_region *r = isa == ETE_ISA_A64 ?
			img_region(img, a) : NULL;

		if (r && r->data && r->end - a >= 4) {
			uint64_t cnt = (r->end - a) / 4;
			uint64_t i = next_waypoint(r, a, cnt, flags);

			if (i < cnt) {
				b->last_addr = a + 4 * i;
				if (!img_wp_insn(r, b->last_addr, flags, &b->last))
					ete_a64_classify(le32(r->data +
						(b->last_addr - r->start)),
						b->last_addr, flags, &b->last);
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
 * The miss path, out of line (img_block() inlines the hit): walk() needs
 * many registers, and inlined it would make every hit save and restore
 * them.
 */
const struct ete_blk *
img_block_miss(struct ete_img *img, struct ete_blk *b, uint64_t addr,
	       unsigned int isa, unsigned int flags)
{
	const struct ete_img_region *r;

	img->misses++;
	b->key = IMG_KEY(isa, flags);
	walk(img, addr, isa, flags, b);
	/*
	 * The map the next lookups read inline: the region the walk ended
	 * in.  Recomputed after every walk, which is the only place a map
	 * can be built or (out of memory) freed.
	 */
	r = img->last < img->nreg ? &img->reg[img->last] : NULL;
	img->hot = r && r->wp_state == IMG_WP_READY ? r->wp : NULL;
	return b;
}

const struct ete_blk *ete_img_block(struct ete_img *img, uint64_t addr,
				    unsigned int isa, unsigned int flags)
{
	return img_block(img, addr, isa, flags);
}
