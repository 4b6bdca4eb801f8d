// SPDX-License-Identifier: GPL-2.0
/*
 * Waypoint map of an A64 region: where its waypoints are, and what they
 * are, so that a block-cache miss reads neither the code nor calls the
 * classifier.
 *
 * One bit per 4-byte slot (counted from start & ~3) says "waypoint"; the
 * waypoints' classifications sit in one array, in address order, a chunk
 * of 256 slots at a time.  A chunk is built the first time a walk enters
 * it, for the decode flags of that walk, so every instruction of the image
 * is classified once however often the trace runs through it:
 *
 *   slots      0   1   2   3   4 ...  63 | 64 ...           | ...
 *   bits[]     0   0   1   0   1 ...   0 | 1 ...            |
 *   chunk      |<------ 4 words: 256 slots ----------->| next chunk
 *   first[w]   index in info[] of word w's first waypoint
 *   info[]     ...  [first[w]] [first[w] + 1] ...      one per set bit
 *
 * The info of the waypoint in slot s of word w is
 * info[first[w] + (set bits of word w below s)]; it also holds the slot
 * and the links to the blocks after it (img_wp_info).  The map takes a
 * bit, a sixteenth of a byte and 20 bytes per waypoint for each
 * instruction: a waypoint-dense image (one in six) costs 3.5 bytes per
 * instruction, less than the code, and is read in its place.
 */
#include <stdlib.h>
#include <string.h>
#include <ete/img.h>
#include "img_internal.h"

static inline uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
		(uint32_t)p[3] << 24;
}

void img_wp_free(struct ete_img_region *r)
{
	struct img_wp *m = r->wp;

	if (m) {
		free(m->bits);
		free(m->done);
		free(m->first);
		free(m->info);
		free(m);
	}
	r->wp = NULL;
	r->wp_state = IMG_WP_NONE;
}

void img_wp_forget(struct ete_img_region *r)
{
	struct img_wp *m = r->wp;

	if (r->wp_state != IMG_WP_READY) {
		r->wp_state = IMG_WP_NONE;	/* try the allocation again */
		return;
	}
	memset(m->done, 0, (m->chunks + 63) / 64 * 8);
	m->n = 0;
}

static int wp_alloc(struct ete_img_region *r)
{
	struct img_wp *m = calloc(1, sizeof(*m));
	uint64_t words;

	if (!m)
		return -1;
	r->wp = m;
	m->base = r->start & ~3ull;	/* slot 0 */
	m->slots = (r->end - m->base) / 4;
	words = (m->slots + 63) / 64;
	m->chunks = (words + IMG_WP_CHUNK_WORDS - 1) / IMG_WP_CHUNK_WORDS;
	m->bits = calloc(m->chunks * IMG_WP_CHUNK_WORDS, 8);
	m->done = calloc((m->chunks + 63) / 64, 8);
	m->first = calloc(m->chunks * IMG_WP_CHUNK_WORDS, sizeof(*m->first));
	m->start = r->start;
	m->len = r->end - r->start;
	return m->bits && m->done && m->first ? 0 : -1;
}

bool img_wp_ready(struct ete_img_region *r, unsigned int flags)
{
	if (r->wp_state == IMG_WP_READY) {
		if (r->wp->flags != flags) {
			img_wp_forget(r);
			r->wp->flags = (uint8_t)flags;
		}
		return true;
	}
	if (r->wp_state == IMG_WP_NOMEM || !r->data)
		return false;
	if (wp_alloc(r)) {
		img_wp_free(r);
		r->wp_state = IMG_WP_NOMEM;
		return false;
	}
	r->wp->flags = (uint8_t)flags;
	r->wp_state = IMG_WP_READY;
	return true;
}

static int wp_push(struct img_wp *m, const struct ete_insn *in, uint64_t a)
{
	struct img_wp_info *i;

	if (m->n == m->cap) {
		uint32_t cap = m->cap ? 2 * m->cap : 1024;

		i = realloc(m->info, cap * sizeof(*i));
		if (!i)
			return -1;
		m->info = i;
		m->cap = cap;
	}
	i = &m->info[m->n++];
	i->slot = (uint32_t)((a - m->base) / 4);
	i->next[0] = 0;
	i->next[1] = 0;
	/* direct targets are within +-128 MiB (B, BL: imm26 * 4) */
	i->off = in->cls == ETE_INSN_BR ? (int32_t)(in->target - a) : 0;
	i->cls = in->cls;
	i->sub = in->sub;
	i->cond = in->cond;
	i->link = in->link;
	return 0;
}

/* Build chunk @c; false (and the map dropped) when memory runs out. */
static bool wp_build(struct ete_img_region *r, uint64_t c)
{
	struct img_wp *m = r->wp;
	uint64_t base = m->base;
	uint64_t s = c * 64 * IMG_WP_CHUNK_WORDS;
	uint64_t end = s + 64 * IMG_WP_CHUNK_WORDS;
	struct ete_insn in;

	/* a rebuild (new flags, new contents) starts from a clean chunk */
	memset(&m->bits[c * IMG_WP_CHUNK_WORDS], 0, IMG_WP_CHUNK_WORDS * 8);
	if (end > m->slots)
		end = m->slots;
	for (; s < end; s++) {
		uint64_t a = base + 4 * s;
		uint32_t op;

		if (s % 64 == 0)
			m->first[s / 64] = m->n;
		if (a < r->start)
			continue;	/* a slot the region starts inside */
		op = le32(r->data + (a - r->start));
		/* waypoints all live in the op0 = x101 encoding group */
		if (((op >> 26) & 7) != 5 ||
		    ete_a64_classify(op, a, m->flags, &in) == ETE_INSN_OTHER)
			continue;
		if (wp_push(m, &in, a)) {
			img_wp_free(r);
			r->wp_state = IMG_WP_NOMEM;
			return false;
		}
		m->bits[s / 64] |= 1ull << (s % 64);
	}
	m->done[c / 64] |= 1ull << (c % 64);
	return true;
}

uint64_t img_wp_next(struct ete_img_region *r, uint64_t a, uint64_t cnt,
		     unsigned int flags)
{
	struct img_wp *m;
	uint64_t s0, s, end;

	if ((a & 3) || !img_wp_ready(r, flags))
		return IMG_WP_NO_MAP;
	m = r->wp;
	s0 = (a - m->base) / 4;
	s = s0;
	end = s0 + cnt;
	while (s < end) {
		uint64_t w = s / 64, c = w / IMG_WP_CHUNK_WORDS, bits;

		if (!(m->done[c / 64] >> (c % 64) & 1) && !wp_build(r, c))
			return IMG_WP_NO_MAP;
		bits = m->bits[w] >> (s % 64);
		if (bits) {
			s += (uint64_t)__builtin_ctzll(bits);
			break;
		}
		s = (w + 1) * 64;
	}
	return (s < end ? s : end) - s0;
}

uint32_t img_wp_after(const struct img_wp *m, uint64_t w)
{
	uint64_t words = m->chunks * IMG_WP_CHUNK_WORDS;

	for (uint64_t k = w + 1; k < words && k <= w + IMG_WP_SCAN_WORDS; k++) {
		uint64_t c = k / IMG_WP_CHUNK_WORDS;

		if (!(m->done[c / 64] >> (c % 64) & 1))
			break;
		if (m->bits[k])
			return m->first[k];
	}
	return IMG_WP_NONE_AFTER;
}

bool img_wp_insn(const struct ete_img_region *r, uint64_t a,
		 unsigned int flags, struct ete_insn *in)
{
	const struct img_wp *m = r->wp;
	uint64_t s, w, c;

	if (r->wp_state != IMG_WP_READY || m->flags != flags || (a & 3) ||
	    a < r->start || a >= r->end)
		return false;
	s = (a - m->base) / 4;
	w = s / 64;
	c = w / IMG_WP_CHUNK_WORDS;
	if (!(m->done[c / 64] >> (c % 64) & 1) || !(m->bits[w] >> (s % 64) & 1))
		return false;
	img_wp_fill(&m->info[m->first[w] + img_popcount64(m->bits[w] &
			((1ull << (s % 64)) - 1))], a, in);
	return true;
}
