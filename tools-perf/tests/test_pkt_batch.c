// SPDX-License-Identifier: GPL-2.0
/*
 * ete_pkt_decode_batch() against ete_pkt_decode(): the records of the fast
 * path, interleaved with the packets it leaves to ete_pkt_decode(), must be
 * the packets ete_pkt_decode() gives alone, field for field, whatever the
 * chunking.  Inputs: every trace of the own corpus, every raw reference
 * snapshot (when ../shared has them), and pseudo-random byte
 * streams (one uniform, full of errors and resynchronisation; one made
 * mostly of the headers the fast path takes).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <armtrace/ete_pkt.h>
#include "tap.h"
#include "pkt_collect.h"
#include "util/snapshot.h"

#define NREC	64

/*
 * The reference: ete_pkt_decode() alone over the whole buffer (like
 * pkt_collect(), with an array that grows geometrically, so that the
 * larger inputs stay quick under ASan).
 */
static int collect(const struct ete_pkt_config *cfg, const uint8_t *buf,
		   size_t len, struct pkt_list *l)
{
	struct ete_pkt_decoder d;
	struct ete_pkt pkt;
	size_t off = 0, cap = 0;
	int st = ETE_PKT_OK;

	ete_pkt_decoder_init(&d, cfg);
	for (;;) {
		size_t used = 0;

		if (off < len)
			st = ete_pkt_decode(&d, buf + off, len - off, off,
					    &used, &pkt);
		else if ((st = ete_pkt_flush(&d, &pkt)) == ETE_PKT_EOT)
			return 0;
		off += used;
		if (st == ETE_PKT_MORE) {
			if (!used)
				return -1;
			continue;
		}
		if (l->n == cap) {
			struct ete_pkt *np;
			int *ns;

			cap = cap ? 2 * cap : 1024;
			np = realloc(l->p, cap * sizeof(*np));
			if (np)
				l->p = np;
			ns = realloc(l->status, cap * sizeof(*ns));
			if (ns)
				l->status = ns;
			if (!np || !ns)
				return -1;
		}
		l->p[l->n] = pkt;
		l->status[l->n++] = st;
	}
}

static bool rec_matches(const struct ete_pkt_rec *r, uint64_t base,
			const struct ete_pkt *p)
{
	uint64_t want_val;
	uint8_t want_num;

	if (base + r->off != p->offset || r->type != p->type ||
	    r->len != p->len || r->hdr != p->hdr)
		return false;
	switch (p->type) {
	case ETE_PKT_T_ATOM_F1: case ETE_PKT_T_ATOM_F2:
	case ETE_PKT_T_ATOM_F3: case ETE_PKT_T_ATOM_F4:
	case ETE_PKT_T_ATOM_F5: case ETE_PKT_T_ATOM_F6:
		want_num = p->atom_num;
		want_val = p->atom_bits;
		break;
	case ETE_PKT_T_EVENT:
		want_num = 0;
		want_val = p->event;
		break;
	case ETE_PKT_T_EXCEPT:
		want_num = p->exc.addr_interp;
		want_val = p->exc.type;
		break;
	case ETE_PKT_T_CCNT_F1: case ETE_PKT_T_CCNT_F2:
	case ETE_PKT_T_CCNT_F3:
		want_num = (uint8_t)(p->cc_valid | p->commit_valid << 1);
		want_val = p->cc | (uint64_t)p->commit << 32;
		break;
	case ETE_PKT_T_COMMIT:
		want_num = 0;
		want_val = p->commit;
		break;
	case ETE_PKT_T_CANCEL_F1:
		want_num = 0;
		want_val = p->cancel;
		break;
	case ETE_PKT_T_MISPREDICT: case ETE_PKT_T_CANCEL_F1_MISPRED:
	case ETE_PKT_T_CANCEL_F2: case ETE_PKT_T_CANCEL_F3:
		want_num = p->atom_num;
		want_val = p->atom_bits | (uint64_t)p->cancel << 32;
		break;
	case ETE_PKT_T_ADDR_MATCH: case ETE_PKT_T_SRC_ADDR_MATCH:
	case ETE_PKT_T_ADDR_S_IS0: case ETE_PKT_T_ADDR_S_IS1:
	case ETE_PKT_T_ADDR_L_32IS0: case ETE_PKT_T_ADDR_L_32IS1:
	case ETE_PKT_T_ADDR_L_64IS0: case ETE_PKT_T_ADDR_L_64IS1:
	case ETE_PKT_T_SRC_ADDR_S_IS0: case ETE_PKT_T_SRC_ADDR_S_IS1:
	case ETE_PKT_T_SRC_ADDR_L_32IS0: case ETE_PKT_T_SRC_ADDR_L_32IS1:
	case ETE_PKT_T_SRC_ADDR_L_64IS0: case ETE_PKT_T_SRC_ADDR_L_64IS1:
		want_num = p->addr.is;
		want_val = p->addr.val;
		break;
	case ETE_PKT_T_CTXT:
	case ETE_PKT_T_ADDR_CTXT_L_32IS0: case ETE_PKT_T_ADDR_CTXT_L_32IS1:
	case ETE_PKT_T_ADDR_CTXT_L_64IS0: case ETE_PKT_T_ADDR_CTXT_L_64IS1:
		/* the record's context is valid, and updated unless 1 byte */
		if (!p->ctx.valid || p->ctx.updated !=
		    (p->type != ETE_PKT_T_CTXT || p->len > 1) ||
		    r->val2 != (p->ctx.cid | (uint64_t)p->ctx.vmid << 32))
			return false;
		want_num = (uint8_t)(p->ctx.el << ETE_PKT_REC_CTX_EL_SHIFT |
			(p->ctx.sf ? ETE_PKT_REC_CTX_SF : 0) |
			(p->ctx.ns ? ETE_PKT_REC_CTX_NS : 0) |
			(p->ctx.nse ? ETE_PKT_REC_CTX_NSE : 0) |
			(p->ctx.vmid_updated ? ETE_PKT_REC_CTX_VMID : 0) |
			(p->ctx.cid_updated ? ETE_PKT_REC_CTX_CID : 0));
		want_val = 0;
		if (p->type != ETE_PKT_T_CTXT) {
			want_num |= p->addr.is;
			want_val = p->addr.val;
		}
		break;
	case ETE_PKT_T_TIMESTAMP:
		if (p->cc_valid && (uint32_t)r->val2 != p->cc)
			return false;
		want_num = (uint8_t)(p->ts_bits |
				     (p->cc_valid ? ETE_PKT_REC_TS_CC : 0));
		want_val = p->ts;
		break;
	default:	/* no payload */
		want_num = 0;
		want_val = 0;
		break;
	}
	return r->num == want_num && r->val == want_val;
}

/* Packets that set @addr (other types, and Q without count or address,
 * leave it unspecified). */
static bool sets_addr(enum ete_pkt_type t)
{
	return (t >= ETE_PKT_T_ADDR_CTXT_L_32IS0 &&
		t <= ETE_PKT_T_SRC_ADDR_L_64IS1) || t == ETE_PKT_T_TRACE_INFO;
}

static bool pkt_matches(const struct ete_pkt *a, const struct ete_pkt *b)
{
	return a->offset == b->offset && a->type == b->type &&
		a->err_type == b->err_type && a->len == b->len &&
		a->hdr == b->hdr && a->atom_bits == b->atom_bits &&
		a->atom_num == b->atom_num &&
		(!sets_addr(a->type) || a->q.type == ETE_Q_TYPE_NONE ||
		 (a->addr.val == b->addr.val && a->addr.is == b->addr.is));
}

/*
 * Decode @buf in chunks of @chunk bytes (0: whole) with the batch call
 * first and ete_pkt_decode() where it stops; compare with @ref.  Returns
 * the number of packets that took the fast path, or -1 on a mismatch.
 */
static long check(const struct ete_pkt_config *cfg, const uint8_t *buf,
		  size_t len, size_t chunk, const struct pkt_list *ref,
		  const char *name)
{
	struct ete_pkt_decoder d;
	struct ete_pkt_rec rec[NREC];
	struct ete_pkt pkt;
	size_t k = 0, off = 0;
	/* room for few records in some runs: the record bound of the loop */
	size_t max = chunk == 5 ? 1 : chunk == 17 ? 3 : chunk == 100 ? 37 :
		NREC;
	long fast = 0;

	ete_pkt_decoder_init(&d, cfg);
	while (off < len) {
		size_t n = chunk && len - off > chunk ? chunk : len - off;
		size_t pos = 0;

		while (pos < n) {
			size_t used, nr;
			int st;

			nr = ete_pkt_decode_batch(&d, buf + off + pos, n - pos,
						  &used, rec, max);
			for (size_t i = 0; i < nr; i++, k++) {
				if (k >= ref->n || ref->status[k] ||
				    !rec_matches(&rec[i], off + pos,
						 &ref->p[k])) {
					tap_diag("%s chunk %zu: record %zu "
						 "(offset %llu) differs",
						 name, chunk, k,
						 (unsigned long long)
						 (off + pos + rec[i].off));
					return -1;
				}
			}
			fast += (long)nr;
			pos += used;
			if (nr || pos == n)
				continue;
			st = ete_pkt_decode(&d, buf + off + pos, n - pos,
					    off + pos, &used, &pkt);
			pos += used;
			if (st == ETE_PKT_MORE)
				continue;
			if (k >= ref->n || st != ref->status[k] ||
			    !pkt_matches(&pkt, &ref->p[k])) {
				tap_diag("%s chunk %zu: packet %zu (%s at "
					 "%llu) differs", name, chunk, k,
					 ete_pkt_type_name(pkt.type),
					 (unsigned long long)pkt.offset);
				return -1;
			}
			k++;
		}
		off += n;
	}
	if (ete_pkt_flush(&d, &pkt) != ETE_PKT_EOT)
		k++;
	if (k != ref->n) {
		tap_diag("%s chunk %zu: %zu packets, want %zu", name, chunk,
			 k, ref->n);
		return -1;
	}
	return fast;
}

static void check_all(const struct ete_pkt_config *cfg, const uint8_t *buf,
		      size_t len, const char *name)
{
	static const size_t chunks[] = { 0, 1, 5, 17, 100, 4096 };
	struct pkt_list ref = { 0 };
	long fast = 0;
	bool ok;

	ok = !collect(cfg, buf, len, &ref);
	for (size_t i = 0; ok && i < sizeof(chunks) / sizeof(chunks[0]); i++) {
		long f = check(cfg, buf, len, chunks[i], &ref, name);

		ok = f >= 0;
		if (!chunks[i])
			fast = f;
	}
	tap_ok(ok, "%s: batch + single decode = single decode "
	       "(%zu packets, %ld by the fast path)", name, ref.n, fast);
	pkt_list_free(&ref);
}

static void snapshots(const char *root)
{
	struct dirent **de;
	int n;

	n = scandir(root, &de, NULL, alphasort);
	for (int i = 0; i < n; i++) {
		const struct ss_device *src[1];
		struct ss_snapshot ss;
		char dir[4096 + 256], err[256];
		uint8_t *data;
		size_t len;

		snprintf(dir, sizeof(dir), "%s/%s", root, de[i]->d_name);
		if (de[i]->d_name[0] != '.' &&
		    !ss_load(dir, &ss, err, sizeof(err))) {
			if (!ss_buffer_is_formatted(&ss.buf[0]) &&
			    ss_buffer_sources(&ss, &ss.buf[0], src, 1) &&
			    !ss_read(dir, ss.buf[0].file, &data, &len)) {
				check_all(&src[0]->ete, data, len,
					  de[i]->d_name);
				free(data);
			}
			ss_free(&ss);
		}
		free(de[i]);
	}
	if (n >= 0)
		free(de);
	else
		tap_ok(false, "snapshots in %s", root);
}

static uint32_t rnd(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static void random_streams(void)
{
	/* headers the fast path takes, and a few it leaves */
	static const uint8_t hdrs[] = { 0xf7, 0xd8, 0xf8, 0xdb, 0xfc, 0xc0,
		0xf5, 0x90, 0x91, 0x92, 0x95, 0x96, 0x9a, 0x9b, 0x9d, 0x9e,
		0x06, 0x0c, 0x0e, 0x0f, 0x10, 0x1a, 0x2d, 0x2e, 0x2f, 0x31,
		0x35, 0x39, 0x71, 0x70, 0x88, 0x04, 0x0a, 0x0b, 0xb0, 0xb4,
		0xb6, 0xb8, 0x80, 0x81, 0x02, 0xa0, 0xa5, 0x01, 0x03, 0x82, 0x83,
		0x85, 0x86 };
	static const uint8_t prefix[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0x80, 0x01, 0x00 };
	size_t len = 1 << 16;
	uint8_t *buf = malloc(len);
	uint32_t s = 0x2545f491;

	if (!buf)
		return;
	memcpy(buf, prefix, sizeof(prefix));
	for (size_t i = sizeof(prefix); i < len; i++)
		buf[i] = (uint8_t)rnd(&s);
	check_all(&test_cfg, buf, len, "random bytes");

	for (size_t i = sizeof(prefix); i < len; i++) {
		uint32_t r = rnd(&s);

		/* a header, or a payload byte (half with bit 7 set) */
		buf[i] = r & 1 ? hdrs[(r >> 8) % sizeof(hdrs)] :
			(uint8_t)(r >> 16);
	}
	check_all(&test_cfg, buf, len, "random common headers");
	free(buf);
}

int main(void)
{
	char root[4096];

	/* the project's own corpus, in every clone */
	if (tap_ok(tap_corpus() != NULL, "CORPUS names the own corpus"))
		snapshots(tap_corpus());
	if (!tap_testdata_absent("batch decode of the reference snapshots")) {
		snprintf(root, sizeof(root), "%s/snapshots", tap_testdata());
		snapshots(root);
	}
	random_streams();
	return tap_exit();
}
