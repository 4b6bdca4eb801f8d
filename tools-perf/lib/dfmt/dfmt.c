// SPDX-License-Identifier: GPL-2.0
/*
 * CoreSight trace formatter frames (CoreSight Architecture Specification,
 * "Trace Formatter"): 16 bytes, bytes 0-14 in pairs, byte 15 holds one
 * flag bit per pair.
 *
 *   byte:  0    1    2    3   ...  12   13   14   15
 *         [A0] [D ] [A1] [D ] ... [A6] [D ] [A7] [flags]
 *
 * An even byte with bit 0 set is a new trace ID (bits 7:1); its flag says
 * whether the change waits until after the following data byte.  An even
 * byte with bit 0 clear is data whose bit 0 is the flag.  Odd bytes are
 * always data.  Byte 14 is an ID (taking effect at once) or data.
 */
#include <string.h>
#include <ete/dfmt.h>

#define FRAME_FLAGS		15
#define FRAME_LAST_PAIR		14
#define ID_BIT			0x01u
#define ID_SHIFT		1
#define FSYNC_WORD		0x7fffffffu	/* little-endian ff ff ff 7f */

void ete_dfmt_init(struct ete_dfmt *f)
{
	memset(f, 0, sizeof(*f));
	f->cur_id = ETE_DFMT_ID_NONE;
}

unsigned int ete_dfmt_pending(const struct ete_dfmt *f)
{
	return f->part_len;
}

/* A frame of four FSYNC words is padding inserted by the sink. */
static int is_padding(const uint8_t *fr)
{
	for (unsigned int i = 0; i < ETE_DFMT_FRAME_SIZE; i += 4) {
		uint32_t w = (uint32_t)fr[i] | (uint32_t)fr[i + 1] << 8 |
			(uint32_t)fr[i + 2] << 16 | (uint32_t)fr[i + 3] << 24;

		if (w != FSYNC_WORD)
			return 0;
	}
	return 1;
}

static int unpack(struct ete_dfmt *f, const uint8_t *fr, uint64_t index,
		  struct ete_dfmt_run *runs)
{
	uint8_t flags = fr[FRAME_FLAGS];
	struct ete_dfmt_run *r = runs;
	int n;

	r->index = index;
	r->id = f->cur_id;
	r->len = 0;
	for (unsigned int i = 0; i < FRAME_LAST_PAIR; i += 2) {
		uint8_t flag = (flags >> (i / 2)) & 1;
		int delayed = 0;

		if (fr[i] & ID_BIT) {
			uint8_t id = fr[i] >> ID_SHIFT;

			if (id != f->cur_id) {
				delayed = flag;
				/* delayed change: next byte is the old ID's */
				if (delayed)
					r->data[r->len++] = fr[i + 1];
				f->cur_id = id;
				if (r->len) {
					r++;
					r->index = index + i;
					r->len = 0;
				}
				r->id = id;
			}
		} else {
			r->data[r->len++] = fr[i] | flag;
		}
		if (!delayed)
			r->data[r->len++] = fr[i + 1];
	}
	if (fr[FRAME_LAST_PAIR] & ID_BIT)
		f->cur_id = fr[FRAME_LAST_PAIR] >> ID_SHIFT;
	else
		r->data[r->len++] = fr[FRAME_LAST_PAIR] |
			((flags >> (FRAME_LAST_PAIR / 2)) & 1);

	/* hand back only runs with data */
	n = 0;
	for (struct ete_dfmt_run *p = runs; p <= r; p++)
		if (p->len)
			runs[n++] = *p;
	return n;
}

int ete_dfmt_decode(struct ete_dfmt *f, const uint8_t *buf, size_t len,
		    uint64_t index, size_t *used,
		    struct ete_dfmt_run runs[ETE_DFMT_MAX_RUNS])
{
	const uint8_t *fr;
	uint64_t fr_index;
	size_t k;

	if (f->part_len || len < ETE_DFMT_FRAME_SIZE) {
		if (!f->part_len)
			f->part_index = index;
		k = ETE_DFMT_FRAME_SIZE - f->part_len;
		if (k > len)
			k = len;
		memcpy(f->part + f->part_len, buf, k);
		f->part_len += (uint8_t)k;
		*used = k;
		if (f->part_len < ETE_DFMT_FRAME_SIZE)
			return 0;
		f->part_len = 0;
		fr = f->part;
		fr_index = f->part_index;
	} else {
		fr = buf;
		fr_index = index;
		*used = ETE_DFMT_FRAME_SIZE;
	}
	if (is_padding(fr)) {
		f->pad_frames++;
		return 0;
	}
	f->frames++;
	return unpack(f, fr, fr_index, runs);
}
