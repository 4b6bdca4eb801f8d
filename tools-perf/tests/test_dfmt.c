// SPDX-License-Identifier: GPL-2.0
/*
 * CoreSight frame deformatter: ID changes (immediate and delayed), data
 * bit 0 recovered from the flag byte, run indices as OpenCSD assigns them,
 * padding frames, frames split across calls, and the bytes held at the
 * end of data.
 */
#include <string.h>
#include "tap.h"
#include <ete/dfmt.h>

static int decode_all(const uint8_t *buf, size_t len, size_t chunk,
		      struct ete_dfmt_run *out, int max)
{
	struct ete_dfmt_run runs[ETE_DFMT_MAX_RUNS];
	struct ete_dfmt f;
	size_t off = 0;
	int n = 0;

	ete_dfmt_init(&f);
	while (off < len) {
		size_t c = chunk && chunk < len - off ? chunk : len - off, used;
		int r = ete_dfmt_decode(&f, buf + off, c, off, &used, runs);

		for (int i = 0; i < r && n < max; i++)
			out[n++] = runs[i];
		off += used;
	}
	return n;
}

int main(void)
{
	/*
	 * Frame 1: ID 0x10 at byte 0, data 0x11..; byte 4 is data 0x40 whose
	 * bit 0 comes from flag bit 2; byte 6 changes to ID 0x12 with the
	 * delayed flag (bit 3): byte 7 still belongs to 0x10.
	 */
	const uint8_t frame[16] = {
		0x21, 0xa1, 0xa2, 0xa3, 0x40, 0xa5, 0x25, 0xa7,
		0xb0, 0xb1, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0x0c,
	};
	const uint8_t pad[16] = {
		0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff, 0x7f,
		0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff, 0x7f,
	};
	uint8_t two[48];
	struct ete_dfmt_run r[32], r1[32];
	int n, n1;
	bool same;

	n = decode_all(frame, 16, 0, r, 32);
	tap_ok(n == 2 && r[0].id == 0x10 && r[0].index == 0 &&
	       r[0].len == 6 && r[0].data[0] == 0xa1 && r[0].data[1] == 0xa2 &&
	       r[0].data[2] == 0xa3 && r[0].data[3] == 0x41 &&
	       r[0].data[4] == 0xa5 && r[0].data[5] == 0xa7 &&
	       r[1].id == 0x12 && r[1].index == 6 && r[1].len == 7 &&
	       r[1].data[0] == 0xb0 && r[1].data[6] == 0xb6,
	       "frame: immediate and delayed ID change, flag bit as data bit 0");

	memcpy(two, frame, 16);
	memcpy(two + 16, pad, 16);
	memcpy(two + 32, frame, 16);
	two[32] = 0xa0;		/* data: stays on ID 0x12 */
	n = decode_all(two, 48, 0, r, 32);
	/* byte 6 now names the current ID: no new run, byte skipped */
	tap_ok(n == 3 && r[2].id == 0x12 && r[2].index == 32 &&
	       r[2].len == 14 && r[2].data[0] == 0xa0 &&
	       r[2].data[6] == 0xa7 && r[2].data[13] == 0xb6,
	       "padding frame skipped, ID carried into the next frame");

	n1 = decode_all(two, 48, 1, r1, 32);
	same = n1 == n;
	for (int i = 0; same && i < n; i++)
		same = r1[i].id == r[i].id && r1[i].index == r[i].index &&
			r1[i].len == r[i].len &&
			!memcmp(r1[i].data, r[i].data, r[i].len);
	tap_ok(same, "frames fed a byte at a time give the same runs");

	/* data ending inside a frame: held, reported, then completed */
	{
		struct ete_dfmt_run runs[ETE_DFMT_MAX_RUNS];
		struct ete_dfmt f;
		size_t used, u2;
		unsigned int held;

		/* the first frame, then 10 bytes of the (padding) second */
		ete_dfmt_init(&f);
		ete_dfmt_decode(&f, two, 16 + 10, 0, &used, runs);
		ete_dfmt_decode(&f, two + used, 16 + 10 - used, used, &u2,
				runs);
		held = ete_dfmt_pending(&f);
		ete_dfmt_decode(&f, two + 26, 22, 26, &used, runs);
		tap_ok(held == 10 && used == 6 && ete_dfmt_pending(&f) == 0 &&
		       f.pad_frames == 1,
		       "26 bytes: 10 of a frame held (ete_dfmt_pending), "
		       "completed by the next call");
	}
	return tap_exit();
}
