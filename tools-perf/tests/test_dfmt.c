// SPDX-License-Identifier: GPL-2.0
/*
 * CoreSight frame deformatter: ID changes (immediate and delayed), data
 * bit 0 recovered from the flag byte, run indices as OpenCSD assigns them,
 * padding frames, frames split across calls, and the bytes held at the
 * end of data; then two traces of the own corpus interleaved into frames
 * by a formatter written here from the frame layout, and recovered.
 */
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "corpus.h"
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

/* One byte of a formatted stream's input: which source, which byte. */
struct item {
	uint8_t id;
	uint8_t b;
};

/*
 * CoreSight frames of @items: even bytes carry data (bit 0 in the flag
 * byte) or an ID change (ID << 1 | 1; flag set: after the next byte),
 * odd bytes data, byte 15 the flags.  A change before an odd byte is
 * announced, delayed, at the even byte before it.  @items ends with one
 * for the null ID 0, which then owns the filler of the last frame.
 */
static size_t format(const struct item *it, size_t n, uint8_t *out)
{
	size_t i = 0, len = 0;
	uint8_t cur = 0;

	while (i < n) {
		uint8_t *f = out + len, flags = 0;

		for (unsigned int s = 0; s < ETE_DFMT_FRAME_SIZE - 1; s++) {
			if (i == n) {	/* filler, for the null ID */
				f[s] = 0;
				continue;
			}
			if (s & 1) {
				f[s] = it[i++].b;
			} else if (it[i].id != cur) {
				f[s] = (uint8_t)(it[i].id << 1 | 1);
				cur = it[i].id;
			} else if (s < ETE_DFMT_FRAME_SIZE - 2 && i + 1 < n &&
				   it[i + 1].id != cur) {
				/* this slot changes ID, the next byte is old */
				f[s] = (uint8_t)(it[i + 1].id << 1 | 1);
				flags |= 1u << (s / 2);
				cur = it[i + 1].id;
				f[++s] = it[i++].b;
			} else {
				f[s] = it[i].b & 0xfe;
				flags |= (it[i].b & 1) << (s / 2);
				i++;
			}
		}
		f[ETE_DFMT_FRAME_SIZE - 1] = flags;
		len += ETE_DFMT_FRAME_SIZE;
	}
	return len;
}

/*
 * Two corpus traces, IDs 0x10 and 0x12, interleaved in runs of 1 to 20
 * bytes, formatted, deformatted whole and in 1-, 5- and 17-byte pieces:
 * each ID's bytes are exactly its trace (the null ID's filler aside).
 */
static void corpus_frames(void)
{
	static const char *const names[2] = { "enc-exceptions",
					      "enc-atoms-addr" };
	static const uint8_t ids[2] = { 0x10, 0x12 };
	static const size_t chunks[] = { 0, 1, 5, 17 };
	struct corpus_trace t[2];
	struct item *it;
	uint8_t *fmt;
	size_t n = 0, pos[2] = { 0, 0 }, flen;
	uint32_t r = 0x9e3779b9;
	char why[256];
	bool ok = true;

	if (corpus_find(names[0], &t[0], why, sizeof(why))) {
		tap_ok(false, "corpus trace %s: %s", names[0], why);
		return;
	}
	if (corpus_find(names[1], &t[1], why, sizeof(why))) {
		tap_ok(false, "corpus trace %s: %s", names[1], why);
		corpus_free(&t[0]);
		return;
	}
	it = malloc((t[0].trace.n + t[1].trace.n + 1) * sizeof(*it));
	fmt = malloc(2 * (t[0].trace.n + t[1].trace.n) + 64);
	while (it && fmt && (pos[0] < t[0].trace.n || pos[1] < t[1].trace.n)) {
		unsigned int k, run;

		r ^= r << 13;
		r ^= r >> 17;
		r ^= r << 5;
		k = pos[r & 1] < t[r & 1].trace.n ? r & 1 : !(r & 1);
		for (run = 1 + (r >> 8) % 20; run && pos[k] < t[k].trace.n;
		     run--) {
			it[n].id = ids[k];
			it[n++].b = t[k].trace.b[pos[k]++];
		}
	}
	if (it)
		it[n++] = (struct item){ 0, 0 };
	flen = it && fmt ? format(it, n, fmt) : 0;
	for (size_t c = 0; ok && c < sizeof(chunks) / sizeof(chunks[0]); c++) {
		struct ete_dfmt_run runs[ETE_DFMT_MAX_RUNS];
		struct ete_dfmt f;
		size_t off = 0, got[2] = { 0, 0 };

		ete_dfmt_init(&f);
		while (ok && off < flen) {
			size_t len = chunks[c] && chunks[c] < flen - off ?
				chunks[c] : flen - off, used;
			int nr = ete_dfmt_decode(&f, fmt + off, len, off,
						 &used, runs);

			for (int k = 0; ok && k < nr; k++) {
				unsigned int s = runs[k].id == ids[0] ? 0 : 1;

				if (runs[k].id == 0)
					continue;
				ok = runs[k].id == ids[s] &&
					got[s] + runs[k].len <= t[s].trace.n &&
					!memcmp(t[s].trace.b + got[s],
						runs[k].data, runs[k].len);
				got[s] += runs[k].len;
			}
			off += used;
		}
		ok = ok && got[0] == t[0].trace.n && got[1] == t[1].trace.n &&
			!ete_dfmt_pending(&f);
		if (!ok)
			tap_diag("pieces of %zu: %zu and %zu bytes back", chunks[c],
				 got[0], got[1]);
	}
	tap_ok(ok && flen, "own corpus: %s and %s interleaved into %zu "
	       "frames come back byte for byte, whole and in pieces",
	       names[0], names[1], flen / ETE_DFMT_FRAME_SIZE);
	free(it);
	free(fmt);
	corpus_free(&t[0]);
	corpus_free(&t[1]);
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
	corpus_frames();
	return tap_exit();
}
