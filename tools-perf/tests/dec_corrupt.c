// SPDX-License-Identifier: GPL-2.0
/*
 * Corrupt input for the element layer: every trace of the own corpus
 * and every reference trace (when ../shared has them) with random
 * bytes flipped, dropped and overwritten, and pure noise, decoded with the
 * snapshot's image.  Under ASan/UBSan (the [asan] run) any out-of-bounds
 * access fails the test; in both runs the decoder must finish, end with an
 * EO_TRACE, and give the same elements whole and in 1-byte chunks.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <armtrace/ete_regs.h>
#include "tap.h"
#include "util/elem_decode.h"

struct tally {
	uint64_t n;
	uint64_t hash;
	uint8_t last_type;
};

static int count(void *ctx, unsigned int id, const struct ete_elem *e,
		 size_t n)
{
	struct tally *t = ctx;

	for (size_t i = 0; i < n; i++) {
		t->hash = (t->hash ^ (e[i].type | (uint64_t)id << 8 |
				      e[i].start << 16 | e[i].end << 32 |
				      e[i].ninsn)) * 0x100000001b3ull;
		t->last_type = e[i].type;
	}
	t->n += n;
	return 0;
}

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dull;
}

static void mutate(uint8_t *d, size_t len, uint64_t *s)
{
	size_t k = len / 64 + 1;

	while (k--) {
		size_t at = rnd(s) % len;

		switch (rnd(s) % 3) {
		case 0:
			d[at] ^= (uint8_t)(1u << (rnd(s) % 8));
			break;
		case 1:
			d[at] = (uint8_t)rnd(s);
			break;
		default:
			memmove(d + at, d + at + 1, len - at - 1);
			break;
		}
	}
}

static bool run(const struct ete_dec_config *cfg, int formatted,
		const uint8_t *d, size_t len, struct ete_img *img)
{
	struct tally whole = { 0, 0, 0 }, bytes = { 0, 0, 0 };
	struct ed_opts one = { 1, 7, 0, 0 };

	if (ed_decode_buffer(cfg, 1, formatted, d, len, img, NULL, count,
			     &whole, NULL) ||
	    ed_decode_buffer(cfg, 1, formatted, d, len, img, &one, count,
			     &bytes, NULL))
		return false;
	return whole.n && whole.last_type == ETE_ELEM_EO_TRACE &&
		whole.n == bytes.n && whole.hash == bytes.hash;
}

static void test_snapshot(const char *dir, const char *name)
{
	const struct ss_device *src[1];
	struct ete_dec_config cfg;
	struct ss_snapshot ss;
	struct ete_img img;
	char err[256];
	uint8_t *data, *copy;
	size_t len;
	uint64_t seed = 0x1234567ull;
	bool ok = true;

	if (ss_load(dir, &ss, err, sizeof(err)) ||
	    !ss_buffer_sources(&ss, &ss.buf[0], src, 1) ||
	    ss_read(dir, ss.buf[0].file, &data, &len) || !len) {
		tap_ok(false, "corrupt %s (cannot load)", name);
		return;
	}
	memset(&cfg, 0, sizeof(cfg));
	cfg.pkt = src[0]->ete;
	cfg.trace_id = ETE_FIELD_GET(TRCTRACEIDR_TRACEID,
				     src[0]->ete.trctraceidr);
	copy = malloc(len);
	if (!copy || ete_img_init(&img)) {
		tap_ok(false, "corrupt %s (no memory)", name);
		free(copy);
		free(data);
		ss_free(&ss);
		return;
	}
	ed_load_image(&ss, &img, err, sizeof(err));
	/* formatted buffers: corrupt the raw stream of the first source */
	for (int round = 0; round < 8 && ok; round++) {
		memcpy(copy, data, len);
		mutate(copy, len, &seed);
		ok = run(&cfg, 0, copy, len, &img);
		if (!ok)
			tap_diag("%s: round %d", name, round);
	}
	for (size_t i = 0; i < len && ok; i++)
		copy[i] = (uint8_t)rnd(&seed);
	ok = ok && run(&cfg, 0, copy, len, &img);
	tap_ok(ok, "corrupt %s (%zu bytes, 9 rounds)", name, len);
	ete_img_free(&img);
	free(copy);
	free(data);
	ss_free(&ss);
}

/* Every snapshot directory under @snaps; false if there is none. */
static bool test_all(const char *snaps)
{
	char dir[4096 + 256];
	struct dirent *de;
	DIR *d;
	int n = 0;

	d = opendir(snaps);
	if (!d) {
		tap_ok(false, "snapshots present in %s", snaps);
		return false;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(dir, sizeof(dir), "%s/%s", snaps, de->d_name);
		test_snapshot(dir, de->d_name);
		n++;
	}
	closedir(d);
	return tap_ok(n > 0, "corrupted %d traces of %s", n, snaps);
}

int main(void)
{
	char snaps[4096];

	/* the project's own corpus, in every clone */
	if (!tap_ok(tap_corpus() != NULL, "CORPUS names the own corpus"))
		return tap_exit();
	test_all(tap_corpus());
	if (tap_testdata_absent("corrupted reference snapshots"))
		return tap_exit();
	snprintf(snaps, sizeof(snaps), "%s/snapshots", tap_testdata());
	test_all(snaps);
	return tap_exit();
}
