// SPDX-License-Identifier: GPL-2.0
/*
 * Block cache: walk the image from a start address to the next waypoint
 * once, remember the result in a direct-mapped table.
 *
 * A miss on A64 code in a region with data does not walk instructions: it
 * looks the next waypoint up in the region's waypoint bitmap, one bit per
 * 4-byte slot, built a chunk at a time the first time a walk enters the
 * chunk.  Each instruction of the image is classified once, however often
 * the trace runs through it, and a miss costs a bit scan and one
 * classification:
 *
 *   region  |start                                              end|
 *   slots    0   1   2   3   4 ...                   (from start & ~3)
 *   wp[]     0   0   1   0   0   0   1 ...   1 = waypoint (ETE_INSN_F_*
 *   chunks  |<- WP_CHUNK_WORDS words ->|<- ...           as wp_flags)
 *   wp_done  1                          0          1 = chunk built
 *
 * A misaligned address, other instruction sets, callback memory and a
 * region whose bitmap could not be allocated go one instruction at a
 * time, as does the step from one region into the next.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <ete/img.h>
#include "img_internal.h"

/* 64-bit words of the bitmap built at once: 256 instructions, 1 KiB. */
#define WP_CHUNK_WORDS	4u

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

static inline uint64_t wp_base(const struct ete_img_region *r)
{
	return r->start & ~3ull;
}

static inline uint64_t wp_slots(const struct ete_img_region *r)
{
	return (r->end - wp_base(r)) / 4;
}

void img_wp_forget(struct ete_img_region *r)
{
	uint64_t chunks = (wp_slots(r) + 64 * WP_CHUNK_WORDS - 1) /
		(64 * WP_CHUNK_WORDS);

	if (r->wp_state == 1)
		memset(r->wp_done, 0, (chunks + 63) / 64 * 8);
	else
		r->wp_state = 0;	/* try the allocation again */
}

/* Set up the bitmap for @flags; false if there is none to use. */
static bool wp_ready(struct ete_img_region *r, unsigned int flags)
{
	uint64_t words, chunks;

	if (r->wp_state == 1) {
		if (r->wp_flags != flags) {
			img_wp_forget(r);
			r->wp_flags = (uint8_t)flags;
		}
		return true;
	}
	if (r->wp_state == 2 || !r->data)
		return false;
	words = (wp_slots(r) + 63) / 64;
	chunks = (words + WP_CHUNK_WORDS - 1) / WP_CHUNK_WORDS;
	r->wp = calloc(chunks * WP_CHUNK_WORDS, 8);
	r->wp_done = calloc((chunks + 63) / 64 + 1, 8);
	if (!r->wp || !r->wp_done) {
		free(r->wp);
		free(r->wp_done);
		r->wp = r->wp_done = NULL;
		r->wp_state = 2;
		return false;
	}
	r->wp_flags = (uint8_t)flags;
	r->wp_state = 1;
	return true;
}

static void wp_build(struct ete_img_region *r, uint64_t chunk)
{
	uint64_t base = wp_base(r), slots = wp_slots(r);
	uint64_t s = chunk * 64 * WP_CHUNK_WORDS, end = s + 64 * WP_CHUNK_WORDS;
	struct ete_insn in;

	/* a rebuild (new flags, new contents) starts from a clean chunk */
	memset(&r->wp[chunk * WP_CHUNK_WORDS], 0, WP_CHUNK_WORDS * 8);
	if (end > slots)
		end = slots;
	for (; s < end; s++) {
		uint64_t a = base + 4 * s;
		uint32_t op;

		if (a < r->start)
			continue;	/* a slot the region starts inside */
		op = le32(r->data + (a - r->start));
		/* waypoints all live in the op0 = x101 encoding group */
		if (((op >> 26) & 7) == 5 &&
		    ete_a64_classify(op, a, r->wp_flags, &in) !=
		    ETE_INSN_OTHER)
			r->wp[s / 64] |= 1ull << (s % 64);
	}
	r->wp_done[chunk / 64] |= 1ull << (chunk % 64);
}

/*
 * Index of the first waypoint among the @cnt instructions from @a, or @cnt.
 */
static uint64_t next_waypoint(struct ete_img_region *r, uint64_t a,
			      uint64_t cnt, unsigned int flags)
{
	const uint8_t *p = r->data + (a - r->start);
	struct ete_insn in;
	uint64_t i;

	if (!(a & 3) && wp_ready(r, flags)) {
		uint64_t s0 = (a - wp_base(r)) / 4, s = s0, end = s0 + cnt;

		while (s < end) {
			uint64_t w = s / 64, c = w / WP_CHUNK_WORDS, bits;

			if (!(r->wp_done[c / 64] >> (c % 64) & 1))
				wp_build(r, c);
			bits = r->wp[w] >> (s % 64);
			if (bits) {
				s += (uint64_t)__builtin_ctzll(bits);
				break;
			}
			s = (w + 1) * 64;
		}
		return (s < end ? s : end) - s0;
	}
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
walk(struct ete_img *img, uint64_t addr, unsigned int isa,
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
		struct ete_img_region *r = isa == ETE_ISA_A64 ?
			img_region(img, a) : NULL;

		if (r && r->data && r->end - a >= 4) {
			uint64_t cnt = (r->end - a) / 4;
			uint64_t i = next_waypoint(r, a, cnt, flags);

			if (i < cnt) {
				b->last_addr = a + 4 * i;
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
	struct ete_img_region *r = &img->reg[img->last];

	img->misses++;
	b->key = IMG_KEY(isa, flags);
	/*
	 * The common miss, in short: A64 in the region of the last lookup,
	 * its chunk built, the waypoint in the same bitmap word.
	 */
	if (isa == ETE_ISA_A64 && img->last < img->nreg &&
	    addr >= r->start && addr < r->end && !(addr & 3) &&
	    r->wp_state == 1 && r->wp_flags == flags) {
		uint64_t s = (addr - wp_base(r)) / 4, w = s / 64;
		uint64_t c = w / WP_CHUNK_WORDS, bits = r->wp[w] >> (s % 64);

		if (bits && (r->wp_done[c / 64] >> (c % 64) & 1)) {
			uint64_t i = (uint64_t)__builtin_ctzll(bits);
			uint64_t at = addr + 4 * i;

			b->start = addr;
			b->last_addr = at;
			b->end = at + 4;
			b->ninsn = (uint32_t)i + 1;
			b->stop = ETE_BLK_WAYPOINT;
			ete_a64_classify(le32(r->data + (at - r->start)), at,
					 flags, &b->last);
			return b;
		}
	}
	walk(img, addr, isa, flags, b);
	return b;
}

const struct ete_blk *ete_img_block(struct ete_img *img, uint64_t addr,
				    unsigned int isa, unsigned int flags)
{
	return img_block(img, addr, isa, flags);
}
