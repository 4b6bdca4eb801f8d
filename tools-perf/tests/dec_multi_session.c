// SPDX-License-Identifier: GPL-2.0
/*
 * Multi-session decodes (OpenCSD's -multi_session: every buffer of a
 * snapshot in turn, each trace ID's decoder reset in between) of traces
 * this test makes itself with the encoder, so it needs no shared/.
 *
 * OpenCSD keeps one decoder per trace ID across the sessions and only
 * resets it, so a session that brings an ID no packets ends it with an
 * end-of-trace at the offset of the last packet that decoder had, in an
 * earlier session (OpenCSD 1.3.3 through its C API does so; 1.8.0's
 * listings show the same one decoder, its later sessions starting with
 * NO_SYNC [reset-decoder] rather than [init-decoder]).  Each session's NO_SYNC and EO_TRACE elements must be
 * exactly those, with offsets found independently of the element layer:
 * where the packet layer puts each stream's first and last packet, and
 * where this test's own frame formatter put those bytes in the buffer.
 *
 *  - formatted (CoreSight frames), IDs 0x10 and 0x11: session 1 has
 *    both, session 2 only 0x10, session 3 only 0x11;
 *  - raw, one trace unit: session 2 is empty.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <armtrace/ref_config.h>
#include <ete/enc.h>
#include "dec_run.h"
#include "lines_cmp.h"
#include "tap.h"
#include "util/elem_decode.h"
#include "util/elem_fmt.h"

#define CODE		0x400000ull
#define MAX_STREAM	4096
#define MAX_BUF		(4 * MAX_STREAM)
#define NSESS		3

/* nop; nop; b .-8: each range is the loop, ending in a taken B */
static const uint8_t code[12] = {
	0x1f, 0x20, 0x03, 0xd5, 0x1f, 0x20, 0x03, 0xd5, 0xfe, 0xff, 0xff, 0x17,
};

struct stream {
	uint8_t b[MAX_STREAM];
	size_t n;
	uint64_t first, last;	/* offsets of the first and last packet */
};

static struct ete_pkt_config regs(uint8_t id)
{
	struct ete_pkt_config r;

	memset(&r, 0, sizeof(r));
	r.trcidr0 = REF_TRCIDR0;
	r.trcidr1 = REF_TRCIDR1;
	r.trcidr2 = REF_TRCIDR2;
	r.trcidr8 = REF_TRCIDR8;
	r.trcdevarch = REF_TRCDEVARCH;
	r.trcconfigr = 0x1;
	r.trctraceidr = id;
	return r;
}

/* @loops times round the loop, then the packet layer's first and last */
static int make_stream(uint8_t id, unsigned int loops, struct stream *s)
{
	struct ete_enc_ctx ctx = { .el = 1, .ns = 1, .sf = 1 };
	struct ete_enc_config cfg;
	struct ete_pkt_decoder pd;
	struct ete_enc e;
	size_t off = 0;
	int seen = 0;

	memset(&cfg, 0, sizeof(cfg));
	cfg.regs = regs(id);
	if (ete_enc_init(&e, &cfg, &ctx))
		return -1;
	ete_enc_set_buffer(&e, s->b, sizeof(s->b));
	for (unsigned int i = 0; i < loops; i++)
		if (ete_enc_branch(&e, CODE, CODE, ETE_ENC_TAKEN))
			return -1;
	if (ete_enc_finish(&e))
		return -1;
	s->n = (size_t)ete_enc_bytes(&e);
	if (ete_pkt_decoder_init(&pd, &cfg.regs))
		return -1;
	while (off < s->n) {
		struct ete_pkt pkt;
		size_t used;
		int st = ete_pkt_decode(&pd, s->b + off, s->n - off, off,
					&used, &pkt);

		off += used;
		if (st == ETE_PKT_MORE)
			continue;
		if (st != ETE_PKT_OK)
			return -1;	/* the encoder writes no bad packets */
		if (!seen++)
			s->first = pkt.offset;
		s->last = pkt.offset;
	}
	return seen ? 0 : -1;
}

/*
 * A formatted buffer holding @s[0..n), one frame at a time from each in
 * turn: the ID in byte 0 (taking effect at once), up to 14 data bytes
 * (an even position's bit 0 in the flag byte, 15), then a change to the
 * null ID 0 to pad, whose data the decoders never see.  The deformatter numbers a frame's first run from
 * the frame's offset, so byte k of a frame's data has index frame + k:
 * @idx maps each stream's first and last packet there.
 */
struct fmt {
	uint8_t b[MAX_BUF];
	size_t n;
};

static void put(uint8_t *f, unsigned int pos, uint8_t v, int is_id)
{
	if (pos & 1) {
		f[pos] = v;
	} else {
		f[pos] = is_id ? (uint8_t)(v << 1 | 1) : (uint8_t)(v & 0xfe);
		if (!is_id && (v & 1))
			f[15] |= (uint8_t)(1u << (pos / 2));
	}
}

static int format(struct stream *const *s, const uint8_t *ids, size_t n,
		  struct fmt *out, uint64_t (*idx)[2])
{
	size_t done[4] = { 0 }, left = 0;

	for (size_t i = 0; i < n; i++)
		left += s[i]->n;
	out->n = 0;
	while (left) {
		for (size_t i = 0; i < n; i++) {
			size_t k = s[i]->n - done[i];
			uint8_t *f = out->b + out->n;
			unsigned int pos = 1;

			if (!k)
				continue;
			if (out->n + 16 > sizeof(out->b))
				return -1;
			if (k > 14)
				k = 14;
			memset(f, 0, 16);
			put(f, 0, ids[i], 1);
			for (size_t j = 0; j < k; j++, pos++) {
				size_t at = done[i] + j;

				if (at == s[i]->first)
					idx[i][0] = out->n + j;
				if (at == s[i]->last)
					idx[i][1] = out->n + j;
				if (k < 14 && j == k - 1 && !(pos & 1)) {
					/*
					 * The pad's ID must be in an even
					 * byte: here, flagged to take effect
					 * after the next byte, which carries
					 * this last data byte.
					 */
					put(f, pos, 0, 1);
					f[15] |= (uint8_t)(1u << (pos / 2));
					pos++;
					put(f, pos, s[i]->b[at], 0);
					pos = 15;
					break;
				}
				put(f, pos, s[i]->b[at], 0);
			}
			if (pos < 15)		/* pos is even: pad from here */
				put(f, pos, 0, 1);
			done[i] += k;
			left -= k;
			out->n += 16;
		}
	}
	return 0;
}

static int write_file(const char *dir, const char *name, const void *b,
		      size_t n)
{
	char path[4096];
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f)
		return -1;
	ret = fwrite(b, 1, n, f) == n ? 0 : -1;
	return fclose(f) || ret ? -1 : ret;
}

static int write_text(const char *dir, const char *name, const char *text)
{
	return write_file(dir, name, text, strlen(text));
}

/*
 * A snapshot of NSESS buffers (session1.bin ...), each with one device
 * per trace ID in @ids (ETE_<id>_s<session>, as OpenCSD's multi-session
 * snapshots name them).
 */
static int write_snapshot(const char *dir, const char *format_name,
			  const uint8_t *ids, size_t nids)
{
	char devs[2048] = "", bufs[2048] = "", srcs[2048] = "", cores[2048] = "";
	char list[256] = "", text[4096];
	size_t ndev = 1;

	for (unsigned int s = 1; s <= NSESS; s++) {
		size_t l = strlen(list);

		snprintf(list + l, sizeof(list) - l, "%sbuffer%u",
			 s > 1 ? "," : "", s);
		l = strlen(bufs);
		snprintf(bufs + l, sizeof(bufs) - l,
			 "[buffer%u]\nname=ETB_%u\nfile=session%u.bin\n"
			 "format=%s\n\n", s, s, s, format_name);
		for (size_t i = 0; i < nids; i++) {
			struct ete_pkt_config r = regs(ids[i]);
			char name[64], file[80];

			snprintf(name, sizeof(name), "ETE_%x_s%u", ids[i], s);
			snprintf(file, sizeof(file), "%s.ini", name);
			snprintf(text, sizeof(text),
				 "[device]\nname=%s\nclass=trace_source\n"
				 "type=ETE\n\n[regs]\nTRCCONFIGR=0x%x\n"
				 "TRCTRACEIDR=0x%x\nTRCDEVARCH=0x%x\n"
				 "TRCIDR0=0x%x\nTRCIDR1=0x%x\nTRCIDR2=0x%x\n"
				 "TRCIDR8=0x%x\n", name, r.trcconfigr,
				 r.trctraceidr, r.trcdevarch, r.trcidr0,
				 r.trcidr1, r.trcidr2, r.trcidr8);
			if (write_text(dir, file, text))
				return -1;
			l = strlen(devs);
			snprintf(devs + l, sizeof(devs) - l, "device%zu=%s\n",
				 ndev++, file);
			l = strlen(srcs);
			snprintf(srcs + l, sizeof(srcs) - l, "%s=ETB_%u\n", name,
				 s);
			l = strlen(cores);
			snprintf(cores + l, sizeof(cores) - l, "cpu_%zu=%s\n", i,
				 name);
		}
	}
	snprintf(text, sizeof(text),
		 "[device]\nname=cpu_0\nclass=core\ntype=ARM-AA64\n\n"
		 "[regs]\nPC(size:64)=0\n\n[dump1]\nfile=code.bin\n"
		 "address=0x%llx\nlength=0x%zx\n",
		 (unsigned long long)CODE, sizeof(code));
	if (write_text(dir, "cpu_0.ini", text) ||
	    write_file(dir, "code.bin", code, sizeof(code)))
		return -1;
	snprintf(text, sizeof(text),
		 "[snapshot]\nversion=1.0\n\n[device_list]\ndevice0=cpu_0.ini\n"
		 "%s\n[trace]\nmetadata=trace.ini\n", devs);
	if (write_text(dir, "snapshot.ini", text))
		return -1;
	snprintf(text, sizeof(text),
		 "[trace_buffers]\nbuffers=%s\n\n%s[source_buffers]\n%s\n"
		 "[core_trace_sources]\n%s", list, bufs, srcs, cores);
	return write_text(dir, "trace.ini", text);
}

/* the session markers: NO_SYNC and EO_TRACE, as the listings print them */
static int collect(void *ctx, unsigned int id, const struct ete_elem *e,
		   size_t n)
{
	char buf[512];

	for (size_t i = 0; i < n; i++) {
		if (e[i].type != ETE_ELEM_NO_SYNC &&
		    e[i].type != ETE_ELEM_EO_TRACE)
			continue;
		ete_elem_format(buf, sizeof(buf), id, &e[i]);
		if (lines_push(ctx, buf, strlen(buf)))
			return -1;
	}
	return 0;
}

static int decode(const char *dir, struct lines *got)
{
	struct ed_opts o = { .multi_session = 1 };

	return dec_run_snapshot(dir, &o, collect, got);
}

static void want_line(struct lines *w, uint8_t id, uint64_t off,
		      const char *what)
{
	char buf[256];

	snprintf(buf, sizeof(buf), "Idx:%llu; ID:%x; OCSD_GEN_TRC_ELEM_%s",
		 (unsigned long long)off, id, what);
	lines_push(w, buf, strlen(buf));
}

#define INIT	"NO_SYNC( [init-decoder])"
#define RESET	"NO_SYNC( [reset-decoder])"
#define EOT	"EO_TRACE( [end-of-trace])"

static void test_formatted(const char *dir)
{
	static const uint8_t ids[2] = { 0x10, 0x11 };
	static struct stream a1, b1, a2, b3;
	static struct fmt f;
	struct lines got = { 0 }, want = { 0 };
	uint64_t x1[2][2], x2[1][2], x3[1][2];
	bool ok;

	/* lengths that leave partly filled frames, so padding is used */
	ok = !make_stream(ids[0], 40, &a1) && !make_stream(ids[1], 25, &b1) &&
		!make_stream(ids[0], 31, &a2) && !make_stream(ids[1], 17, &b3);
	if (ok) {
		struct stream *s1[2] = { &a1, &b1 }, *s2[1] = { &a2 };
		struct stream *s3[1] = { &b3 };

		ok = !format(s1, ids, 2, &f, x1) &&
			!write_file(dir, "session1.bin", f.b, f.n) &&
			!format(s2, ids, 1, &f, x2) &&
			!write_file(dir, "session2.bin", f.b, f.n) &&
			!format(s3, ids + 1, 1, &f, x3) &&
			!write_file(dir, "session3.bin", f.b, f.n) &&
			!write_snapshot(dir, "coresight", ids, 2);
	}
	if (!tap_ok(ok, "multi-session formatted: encoded, framed, written"))
		return;
	/*
	 * Session 1: both IDs.  Session 2: 0x10 only, 0x11 ends where its
	 * session 1 did.  Session 3: 0x11 only, 0x10 ends where its
	 * session 2 did.  End of trace goes to the decoders in trace ID
	 * order; the NO_SYNCs come as the frames do (0x10's first).
	 */
	want_line(&want, 0x10, x1[0][0], INIT);
	want_line(&want, 0x11, x1[1][0], INIT);
	want_line(&want, 0x10, x1[0][1], EOT);
	want_line(&want, 0x11, x1[1][1], EOT);
	want_line(&want, 0x10, x2[0][0], RESET);
	want_line(&want, 0x10, x2[0][1], EOT);
	want_line(&want, 0x11, x1[1][1], EOT);
	want_line(&want, 0x11, x3[0][0], RESET);
	want_line(&want, 0x10, x2[0][1], EOT);
	want_line(&want, 0x11, x3[0][1], EOT);
	ok = !decode(dir, &got) &&
		lines_same(&want, &got, "formatted", "marker", "expected",
			   "decoded");
	tap_ok(ok, "multi-session formatted: an ID a session leaves out ends "
	       "at its last packet's offset (%zu markers, session 2 EOT of "
	       "0x11 at %llu)", want.n, (unsigned long long)x1[1][1]);
	lines_free(&got);
	lines_free(&want);
}

static void test_raw(const char *dir)
{
	static const uint8_t id = 0x10;
	static struct stream s1, s3;
	struct lines got = { 0 }, want = { 0 };
	bool ok;

	ok = !make_stream(id, 33, &s1) && !make_stream(id, 12, &s3) &&
		!write_file(dir, "session1.bin", s1.b, s1.n) &&
		!write_file(dir, "session2.bin", "", 0) &&
		!write_file(dir, "session3.bin", s3.b, s3.n) &&
		!write_snapshot(dir, "source_data", &id, 1);
	if (!tap_ok(ok, "multi-session raw: encoded, written"))
		return;
	/* the empty session 2 brings no NO_SYNC and ends where 1 did */
	want_line(&want, id, s1.first, INIT);
	want_line(&want, id, s1.last, EOT);
	want_line(&want, id, s1.last, EOT);
	want_line(&want, id, s3.first, RESET);
	want_line(&want, id, s3.last, EOT);
	ok = !decode(dir, &got) &&
		lines_same(&want, &got, "raw", "marker", "expected", "decoded");
	tap_ok(ok, "multi-session raw: an empty session ends at the previous "
	       "one's last packet (offset %llu)", (unsigned long long)s1.last);
	lines_free(&got);
	lines_free(&want);
}

/* the snapshot's files, then the directory */
static void rm_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char path[4096];

	while (d && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		unlink(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

int main(void)
{
	const char *tmp = getenv("TMPDIR");
	char dir[2][512];

	for (int i = 0; i < 2; i++) {
		snprintf(dir[i], sizeof(dir[i]), "%s/dec_multi_session.XXXXXX",
			 tmp && *tmp ? tmp : "/tmp");
		if (!tap_ok(mkdtemp(dir[i]) != NULL, "temporary snapshot %d", i))
			return tap_exit();
	}
	test_formatted(dir[0]);
	test_raw(dir[1]);
	for (int i = 0; i < 2; i++)
		if (!getenv("KEEP")) rm_dir(dir[i]);
	return tap_exit();
}
