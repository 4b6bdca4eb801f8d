// SPDX-License-Identifier: GPL-2.0
/*
 * Packet-by-packet unit tests: hand-assembled ETE byte sequences (after an
 * A-Sync and a Trace Info) and the exact fields each must decode to.  One
 * or more cases for every packet type and format, the address history,
 * reserved headers and malformed extension packets.
 */
#include <string.h>
#include "tap.h"
#include "pkt_collect.h"
#include <armtrace/ete_regs.h>
#include <armtrace/ref_config.h>

#define ASYNC	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80
#define TINFO	0x01, 0x00
#define PREFIX_LEN 14

static struct pkt_list L;

/* Decode PREFIX + body; the body's packets start at index 2. */
static bool run(const struct ete_pkt_config *cfg, const uint8_t *body,
		size_t n)
{
	uint8_t buf[256] = { ASYNC, TINFO };

	pkt_list_free(&L);
	memcpy(buf + PREFIX_LEN, body, n);
	if (pkt_collect(cfg, buf, PREFIX_LEN + n, 0, &L) || L.n < 2 ||
	    L.p[0].type != ETE_PKT_T_ASYNC ||
	    L.p[1].type != ETE_PKT_T_TRACE_INFO) {
		tap_diag("prefix did not decode");
		return false;
	}
	return true;
}

#define RUN(cfg, ...) ({ static const uint8_t b_[] = { __VA_ARGS__ }; \
			 run(cfg, b_, sizeof(b_)); })
#define P(i)	(L.p[2 + (i)])
#define ST(i)	(L.status[2 + (i)])
#define NPKT	(L.n - 2)

static struct ete_pkt_config cfg_commit;	/* TRCIDR0.COMMOPT = 0 */
static struct ete_pkt_config cfg_v10;		/* ETE 1.0: no ITE */

/* Each packet starts at or after the end of the one before. */
static bool no_overlap(void)
{
	for (size_t i = 1; i < L.n; i++)
		if (L.p[i].offset < L.p[i - 1].offset + L.p[i - 1].len) {
			tap_diag("packet %zu at %llu overlaps %zu", i,
				 (unsigned long long)L.p[i].offset, i - 1);
			return false;
		}
	return true;
}

/*
 * Runs of more than eleven zeros.  An A-Sync is eleven 0x00 then 0x80, so
 * a zero before those eleven is unsynchronised data, and eleven zeros
 * then anything else a bad A-Sync: each byte in one packet, the first
 * drop before synchronisation reported as NOT_SYNC.
 */
static void test_zero_runs(void)
{
	uint8_t b[40] = { 0 };

	b[12] = 0x01;
	pkt_list_free(&L);
	tap_ok(!pkt_collect(&test_cfg, b, 13, 0, &L) && L.n == 2 &&
	       L.p[0].type == ETE_PKT_T_NOT_SYNC && L.p[0].offset == 0 &&
	       L.p[0].len == 1 &&
	       L.p[1].type == ETE_PKT_T_BAD_SEQUENCE &&
	       L.p[1].err_type == ETE_PKT_T_ASYNC &&
	       L.status[1] == ETE_PKT_ERR_SEQUENCE &&
	       L.p[1].offset == 1 && L.p[1].len == 12 && no_overlap(),
	       "12 x 0x00, 0x01 unsynchronised: NOT_SYNC 0+1, bad A-Sync 1+12");

	b[12] = 0x80;
	pkt_list_free(&L);
	tap_ok(!pkt_collect(&test_cfg, b, 13, 0, &L) && L.n == 2 &&
	       L.p[0].type == ETE_PKT_T_NOT_SYNC && L.p[0].offset == 0 &&
	       L.p[0].len == 1 && L.p[1].type == ETE_PKT_T_ASYNC &&
	       L.p[1].offset == 1 && L.p[1].len == 12 && no_overlap(),
	       "12 x 0x00, 0x80 unsynchronised: NOT_SYNC 0+1, A-Sync 1+12");

	b[12] = 0;
	b[20] = 0x80;
	b[21] = 0x04;
	pkt_list_free(&L);
	tap_ok(!pkt_collect(&test_cfg, b, 22, 0, &L) && L.n == 3 &&
	       L.p[0].type == ETE_PKT_T_NOT_SYNC && L.p[0].offset == 0 &&
	       L.p[1].type == ETE_PKT_T_ASYNC && L.p[1].offset == 9 &&
	       L.p[1].len == 12 && L.p[2].type == ETE_PKT_T_TRACE_ON &&
	       L.p[2].offset == 21 && no_overlap(),
	       "20 x 0x00, 0x80: the A-Sync is the last eleven zeros and 0x80");

	/* synchronised: twelve zeros are a bad periodic A-Sync of 12 */
	tap_ok(RUN(&test_cfg, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01, 0x00) &&
	       NPKT == 2 && P(0).type == ETE_PKT_T_BAD_SEQUENCE &&
	       P(0).err_type == ETE_PKT_T_ASYNC && P(0).offset == 14 &&
	       P(0).len == 12 && P(1).type == ETE_PKT_T_TRACE_INFO &&
	       P(1).offset == 26 && no_overlap(),
	       "12 x 0x00, 0x01 synchronised: bad A-Sync 14+12, "
	       "then Trace Info");
}

static void test_sync_and_extension(void)
{
	static const uint8_t junk[] = { 0x11, 0x11, 0x11, 0x11, 0x11, 0x11,
		0x11, 0x11, 0x11, ASYNC, 0x04 };

	pkt_list_free(&L);
	tap_ok(!pkt_collect(&test_cfg, junk, sizeof(junk), 0, &L) &&
	       L.n == 3 && L.p[0].type == ETE_PKT_T_NOT_SYNC &&
	       L.p[0].offset == 0 && L.p[1].type == ETE_PKT_T_ASYNC &&
	       L.p[1].offset == 9 && L.p[2].type == ETE_PKT_T_TRACE_ON &&
	       L.p[2].offset == 21,
	       "bytes before A-Sync: one NOT_SYNC at 0, A-Sync at 9");

	test_zero_runs();

	tap_ok(RUN(&test_cfg, 0x00, 0x03, 0x00, 0x05) && NPKT == 2 &&
	       P(0).type == ETE_PKT_T_DISCARD && P(0).len == 2 &&
	       P(1).type == ETE_PKT_T_OVERFLOW && P(1).offset == 16,
	       "discard and overflow");
	tap_ok(RUN(&test_cfg, 0x00, 0x07, 0x04) && NPKT == 2 &&
	       P(0).type == ETE_PKT_T_BAD_SEQUENCE &&
	       P(0).err_type == ETE_PKT_T_EXTENSION &&
	       ST(0) == ETE_PKT_ERR_SEQUENCE && P(0).len == 2 &&
	       P(1).type == ETE_PKT_T_TRACE_ON && P(1).offset == 16,
	       "bad extension byte: sequence error, resume after it");
	tap_ok(RUN(&test_cfg, 0, 0, 0, 0, 0x80, 0x04) && NPKT == 2 &&
	       P(0).type == ETE_PKT_T_BAD_SEQUENCE &&
	       P(0).err_type == ETE_PKT_T_ASYNC && P(0).len == 5 &&
	       P(1).type == ETE_PKT_T_TRACE_ON,
	       "short A-Sync: sequence error of 5 bytes");
	tap_ok(RUN(&test_cfg, ASYNC) && NPKT == 1 &&
	       P(0).type == ETE_PKT_T_ASYNC && P(0).offset == 14,
	       "periodic A-Sync");
}

static void test_trace_info(void)
{
	/* control bytes 0x9f 0x00: all five sections present */
	tap_ok(RUN(&test_cfg, TINFO, 0x01, 0x9f, 0x00, 0x01, 0x85, 0x01, 0x0a,
		   0x16, 0x00, 0x12) &&
	       NPKT == 3 && P(1).type == ETE_PKT_T_TRACE_INFO &&
	       P(1).len == 9 && P(1).tinfo.info == 1 &&
	       P(1).tinfo.key == 0x85 && P(1).tinfo.spec == 0x0a &&
	       P(1).tinfo.cyct == 0x16 && P(1).tinfo.sections == 0x1f &&
	       !P(1).tinfo.initial && P(2).type == ETE_PKT_T_CCNT_F3 &&
	       P(2).cc == 0x16 + 2,
	       "trace info: all sections, threshold used by CCNT F3");
	tap_ok(L.p[1].tinfo.initial == 1, "first trace info is the sync point");
}

static void test_timestamp(void)
{
	tap_ok(RUN(&test_cfg, 0x02, 0x85, 0x01) && NPKT == 1 &&
	       P(0).type == ETE_PKT_T_TIMESTAMP && P(0).ts == 0x85 &&
	       P(0).ts_bits == 64 && !P(0).cc_valid,
	       "timestamp after trace info sets all 64 bits");
	tap_ok(RUN(&test_cfg, 0x02, 0xff, 0x01, 0x03, 0x05, 0x8a, 0x01) &&
	       NPKT == 2 && P(0).ts == 0xff && P(1).ts == 0x85 &&
	       P(1).ts_bits == 7 &&
	       P(1).cc_valid && P(1).cc == 0x8a,
	       "timestamp update of 7 bits with cycle count");
	tap_ok(RUN(&test_cfg, 0x02, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		   0xff, 0xab) &&
	       NPKT == 1 && P(0).len == 10 && P(0).ts == 0xabffffffffffffffull,
	       "9-byte timestamp: last byte has 8 bits");
}

static void test_exceptions(void)
{
	tap_ok(RUN(&test_cfg, 0x06, 0x1d) && NPKT == 1 &&
	       P(0).type == ETE_PKT_T_EXCEPT && P(0).exc.type == 0xe &&
	       P(0).exc.addr_interp == 1 && P(0).len == 2,
	       "exception IRQ, return address follows");
	tap_ok(RUN(&test_cfg, 0x06, 0x9d, 0x01) && NPKT == 1 &&
	       P(0).exc.type == 0x2e && P(0).len == 3,
	       "exception with second type byte");
	tap_ok(RUN(&test_cfg, 0x06, 0x00, 0x00, 0x95, 0x01) && NPKT == 2 &&
	       P(0).type == ETE_PKT_T_PE_RESET && P(0).len == 3 &&
	       P(1).addr.val == 0x4,
	       "PE reset: 3 bytes, address zeroed");
	tap_ok(RUN(&test_cfg, 0x06, 0x30, 0x00) && NPKT == 1 &&
	       P(0).type == ETE_PKT_T_TRANS_FAIL && P(0).len == 3,
	       "transaction failure");
	tap_ok(RUN(&test_cfg, 0x0a, 0x0b) && NPKT == 2 &&
	       P(0).type == ETE_PKT_T_TRANS_ST &&
	       P(1).type == ETE_PKT_T_TRANS_COMMIT,
	       "transaction start and commit");
}

static void test_ite(void)
{
	tap_ok(RUN(&test_cfg, 0x09, 0x01, 0xff, 0xff, 0x0f, 0, 0, 0, 0, 0x80) &&
	       NPKT == 1 && P(0).type == ETE_PKT_T_ITE && P(0).ite.el == 1 &&
	       P(0).ite.value == 0x80000000000fffffull && P(0).len == 10,
	       "instrumentation packet (ETE 1.3)");
	tap_ok(RUN(&cfg_v10, 0x09, 0x04) && NPKT == 2 &&
	       P(0).type == ETE_PKT_T_RESERVED &&
	       ST(0) == ETE_PKT_ERR_HEADER && P(1).type == ETE_PKT_T_TRACE_ON,
	       "instrumentation header reserved before ETE 1.3");
}

static void test_cycle_counts(void)
{
	tap_ok(RUN(&cfg_commit, 0x0e, 0x03, 0x85, 0x01) && NPKT == 1 &&
	       P(0).type == ETE_PKT_T_CCNT_F1 && P(0).commit == 3 &&
	       P(0).commit_valid && P(0).cc == 0x85,
	       "CCNT F1 with commit");
	tap_ok(RUN(&cfg_commit, 0x0f, 0x02) && NPKT == 1 && P(0).len == 2 &&
	       P(0).commit == 2 && P(0).cc == 0,
	       "CCNT F1 with unknown count");
	tap_ok(RUN(&test_cfg, 0x0e, 0x07) && NPKT == 1 && P(0).len == 2 &&
	       !P(0).commit_valid && P(0).cc == 7,
	       "CCNT F1 without commit (COMMOPT=1)");
	tap_ok(RUN(&cfg_commit, 0x0c, 0x35) && NPKT == 1 &&
	       P(0).type == ETE_PKT_T_CCNT_F2 && P(0).commit == 4 &&
	       P(0).cc == 5,
	       "CCNT F2");
	tap_ok(RUN(&cfg_commit, 0x0d, 0x35) && NPKT == 1 &&
	       P(0).commit == 3 + 120 - 15 && P(0).cc == 5,
	       "CCNT F2 with F: offset MAXSPEC-15");
	tap_ok(RUN(&cfg_commit, 0x1e) && NPKT == 1 &&
	       P(0).type == ETE_PKT_T_CCNT_F3 && P(0).commit == 4 &&
	       P(0).cc == 2,
	       "CCNT F3");
}

static void test_speculation(void)
{
	tap_ok(RUN(&test_cfg, 0x2d, 0x85, 0x01) && NPKT == 1 &&
	       P(0).type == ETE_PKT_T_COMMIT && P(0).commit == 0x85,
	       "commit");
	tap_ok(RUN(&test_cfg, 0x2e, 0x04, 0x2f, 0x02) && NPKT == 2 &&
	       P(0).type == ETE_PKT_T_CANCEL_F1 && P(0).cancel == 4 &&
	       P(1).type == ETE_PKT_T_CANCEL_F1_MISPRED && P(1).cancel == 2,
	       "cancel format 1");
	tap_ok(RUN(&test_cfg, 0x30, 0x31, 0x32, 0x33) && NPKT == 4 &&
	       P(0).type == ETE_PKT_T_MISPREDICT && P(0).atom_num == 0 &&
	       P(1).atom_num == 1 && P(1).atom_bits == 1 &&
	       P(2).atom_num == 2 && P(2).atom_bits == 3 &&
	       P(3).atom_num == 1 && P(3).atom_bits == 0,
	       "mispredict with no, E, EE, N atoms");
	tap_ok(RUN(&test_cfg, 0x36, 0x3b) && NPKT == 2 &&
	       P(0).type == ETE_PKT_T_CANCEL_F2 && P(0).cancel == 1 &&
	       P(0).atom_num == 2 && P(1).type == ETE_PKT_T_CANCEL_F3 &&
	       P(1).cancel == 3 && P(1).atom_num == 1,
	       "cancel formats 2 and 3");
}

static void test_events_atoms(void)
{
	tap_ok(RUN(&test_cfg, 0x70, 0x74, 0x88) && NPKT == 3 &&
	       P(0).type == ETE_PKT_T_IGNORE && P(1).type == ETE_PKT_T_EVENT &&
	       P(1).event == 4 && P(2).type == ETE_PKT_T_TS_MARKER,
	       "ignore, event, timestamp marker");
	tap_ok(RUN(&test_cfg, 0xf7, 0xda, 0xfd, 0xdc, 0xf5, 0xd6, 0xc0, 0xe1,
		   0xd4) && NPKT == 9 &&
	       P(0).type == ETE_PKT_T_ATOM_F1 && P(0).atom_bits == 1 &&
	       P(1).type == ETE_PKT_T_ATOM_F2 && P(1).atom_bits == 2 &&
	       P(2).type == ETE_PKT_T_ATOM_F3 && P(2).atom_bits == 5 &&
	       P(3).type == ETE_PKT_T_ATOM_F4 && P(3).atom_bits == 0xe &&
	       P(3).atom_num == 4 &&
	       P(4).type == ETE_PKT_T_ATOM_F5 && P(4).atom_bits == 0x1e &&
	       P(5).atom_bits == 0x0a && P(5).atom_num == 5 &&
	       P(6).type == ETE_PKT_T_ATOM_F6 && P(6).atom_num == 4 &&
	       P(6).atom_bits == 0xf &&
	       P(7).atom_num == 5 && P(7).atom_bits == 0xf &&
	       P(8).atom_num == 24 && P(8).atom_bits == 0xffffff,
	       "atom formats 1-6");
}

static void test_context(void)
{
	tap_ok(RUN(&test_cfg, 0x81, 0x31, 0x80) && NPKT == 2 &&
	       P(0).type == ETE_PKT_T_CTXT && P(0).ctx.el == 1 &&
	       P(0).ctx.sf && P(0).ctx.ns && !P(0).ctx.nse &&
	       P(0).ctx.updated && !P(0).ctx.vmid_updated &&
	       P(1).ctx.valid && !P(1).ctx.updated,
	       "context EL1 NS AArch64, then same context");
	tap_ok(RUN(&test_cfg, 0x81, 0xfa, 0x44, 0x33, 0x22, 0x11, 0x78, 0x56,
		   0x34, 0x12) && NPKT == 1 && P(0).len == 10 &&
	       P(0).ctx.el == 2 && P(0).ctx.nse && P(0).ctx.ns &&
	       P(0).ctx.vmid == 0x11223344 && P(0).ctx.cid == 0x12345678 &&
	       P(0).ctx.vmid_updated && P(0).ctx.cid_updated,
	       "context with 32-bit VMID and CONTEXTID, Realm");
}

/* Encode a 64-bit IS0 long address payload. */
static void enc64(uint8_t *b, uint64_t a)
{
	b[0] = (a >> 2) & 0x7f;
	b[1] = (a >> 9) & 0x7f;
	for (int i = 2; i < 8; i++)
		b[i] = (uint8_t)(a >> (8 * i));
}

static void test_addresses(void)
{
	uint8_t b[64], *p = b;

	*p++ = 0x9d;
	enc64(p, 0xffffc00012345678ull);
	p += 8;
	*p++ = 0x9a;		/* 32-bit, no context yet: upper half 0 */
	*p++ = 0x01;
	*p++ = 0x02;
	*p++ = 0x03;
	*p++ = 0x04;
	*p++ = 0x95;		/* short IS0, 7 bits */
	*p++ = 0x11;
	*p++ = 0x95;		/* short IS0, 15 bits */
	*p++ = 0x91;
	*p++ = 0xab;
	*p++ = 0x92;		/* exact match: third newest */
	*p++ = 0x90;		/* exact match: newest */
	tap_ok(run(&test_cfg, b, p - b) && NPKT == 6 &&
	       P(0).type == ETE_PKT_T_ADDR_L_64IS0 &&
	       P(0).addr.val == 0xffffc00012345678ull &&
	       P(1).type == ETE_PKT_T_ADDR_L_32IS0 &&
	       P(1).addr.val == 0x0000000004030404ull &&
	       P(2).addr.val == 0x0000000004030444ull &&
	       P(2).addr.pkt_bits == 9 &&
	       P(3).addr.val == 0x0000000004035644ull &&
	       P(3).addr.pkt_bits == 17 &&
	       P(4).type == ETE_PKT_T_ADDR_MATCH && P(4).match_idx == 2 &&
	       P(4).addr.val == 0x0000000004030404ull &&
	       P(5).addr.val == 0x0000000004030404ull,
	       "long, short and exact-match addresses and the history");

	p = b;
	*p++ = 0x81;		/* AArch64 context, then a 32-bit update */
	*p++ = 0x31;
	*p++ = 0x9d;
	enc64(p, 0xffff800000000000ull);
	p += 8;
	*p++ = 0x9a;
	*p++ = 0x01;
	*p++ = 0x02;
	*p++ = 0x03;
	*p++ = 0x04;
	tap_ok(run(&test_cfg, b, p - b) && NPKT == 3 &&
	       P(2).addr.val == 0xffff800004030404ull,
	       "32-bit address keeps the upper half in AArch64");

	tap_ok(RUN(&test_cfg, 0x9e, 0x11, 0x80, 0, 0, 0, 0, 0, 0x80, 0x96,
		   0x7f) && NPKT == 2 &&
	       P(0).type == ETE_PKT_T_ADDR_L_64IS1 && P(0).addr.is == 1 &&
	       P(0).addr.val == 0x8000000000008022ull &&
	       P(1).addr.val == 0x80000000000080feull &&
	       P(1).addr.pkt_bits == 8,
	       "IS1 long and short addresses");
	tap_ok(RUN(&test_cfg, 0x86, 0x11, 0x80, 0, 0, 0, 0, 0, 0x80, 0x10) &&
	       NPKT == 1 && P(0).type == ETE_PKT_T_ADDR_CTXT_L_64IS1 &&
	       P(0).len == 10 && P(0).ctx.sf && P(0).ctx.el == 0,
	       "address with context, 64-bit IS1");
	tap_ok(RUN(&test_cfg, 0x82, 0x01, 0x02, 0x03, 0x04, 0x71, 0xaa, 0, 0,
		   0) && NPKT == 1 && P(0).type == ETE_PKT_T_ADDR_CTXT_L_32IS0 &&
	       P(0).len == 10 && P(0).ctx.vmid == 0xaa &&
	       P(0).ctx.vmid_updated && !P(0).ctx.cid_updated,
	       "address with context and VMID");
	tap_ok(RUN(&test_cfg, 0xb6, 0x01, 0x02, 0x03, 0x04, 0xb4, 0x05, 0xb1,
		   0xb9, 0x11, 0x80, 0, 0, 0, 0, 0, 0) && NPKT == 4 &&
	       P(0).type == ETE_PKT_T_SRC_ADDR_L_32IS0 &&
	       P(1).type == ETE_PKT_T_SRC_ADDR_S_IS0 &&
	       P(1).addr.val == 0x04030414 &&
	       P(2).type == ETE_PKT_T_SRC_ADDR_MATCH && P(2).match_idx == 1 &&
	       P(2).addr.val == 0x04030404 &&
	       P(3).type == ETE_PKT_T_SRC_ADDR_L_64IS1,
	       "source address packets");
}

static void test_q(void)
{
	tap_ok(RUN(&test_cfg, 0x95, 0x10, 0xa0, 0x05, 0xac, 0x85, 0x01, 0xa5,
		   0x22, 0x03, 0xab, 0x01, 0x02, 0x03, 0x04, 0x07, 0xaf) &&
	       NPKT == 6 &&
	       P(1).type == ETE_PKT_T_Q && P(1).q.addr_match &&
	       P(1).q.count == 5 && P(1).addr.val == 0x40 &&
	       P(2).q.count == 0x85 && !P(2).q.addr_present &&
	       P(3).q.addr_present && P(3).addr.val == 0x88 &&
	       P(3).q.count == 3 && P(3).len == 3 &&
	       P(4).addr.val == 0x04030202 && P(4).addr.is == 1 &&
	       P(4).q.count == 7 && P(4).len == 6 &&
	       P(5).len == 1 && !P(5).q.count_present,
	       "Q formats: match, count only, short, long, none");
	tap_ok(RUN(&test_cfg, 0xa3, 0x04) && NPKT == 2 &&
	       P(0).type == ETE_PKT_T_RESERVED &&
	       P(0).err_type == ETE_PKT_T_Q && ST(0) == ETE_PKT_ERR_HEADER,
	       "reserved Q format");
}

static void test_reserved(void)
{
	static const struct {
		uint8_t hdr;
		enum ete_pkt_type type, err;
	} cases[] = {
		{ 0x05, ETE_PKT_T_RESERVED, ETE_PKT_T_FUNC_RET },
		{ 0x07, ETE_PKT_T_RESERVED_CFG, ETE_PKT_T_EXCEPT_RTN },
		{ 0x08, ETE_PKT_T_RESERVED, ETE_PKT_T_RESERVED },
		{ 0x20, ETE_PKT_T_RESERVED_CFG, ETE_PKT_T_NUM_DS_MKR },
		{ 0x2c, ETE_PKT_T_RESERVED_CFG, ETE_PKT_T_UNNUM_DS_MKR },
		{ 0x50, ETE_PKT_T_RESERVED_CFG, ETE_PKT_T_COND_RES_F3 },
		{ 0x6d, ETE_PKT_T_RESERVED_CFG, ETE_PKT_T_COND_I_F3 },
		{ 0x8f, ETE_PKT_T_RESERVED, ETE_PKT_T_RESERVED },
		{ 0xbf, ETE_PKT_T_RESERVED, ETE_PKT_T_RESERVED },
	};
	bool ok = true;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint8_t b[2] = { cases[i].hdr, 0x04 };

		if (!run(&test_cfg, b, 2) || NPKT != 2 ||
		    P(0).type != cases[i].type || P(0).err_type != cases[i].err ||
		    ST(0) != ETE_PKT_ERR_HEADER || P(0).offset != PREFIX_LEN ||
		    P(0).len != 1 || P(1).type != ETE_PKT_T_TRACE_ON) {
			tap_diag("header 0x%02x", cases[i].hdr);
			ok = false;
		}
	}
	tap_ok(ok, "reserved headers: error at the header, resume after it");
}

static void test_truncated(void)
{
	tap_ok(RUN(&test_cfg, 0x04, 0x9d, 0x01, 0x02) && NPKT == 2 &&
	       P(1).type == ETE_PKT_T_INCOMPLETE_EOT &&
	       P(1).err_type == ETE_PKT_T_ADDR_L_64IS0 &&
	       ST(1) == ETE_PKT_ERR_TRUNCATED && P(1).offset == 15 &&
	       P(1).len == 3,
	       "truncated packet reported at end of trace");
}

int main(void)
{
	cfg_commit = test_cfg;
	cfg_commit.trcidr0 &= ~TRCIDR0_COMMOPT;
	cfg_commit.trcidr8 = 120;
	cfg_v10 = test_cfg;
	cfg_v10.trcdevarch = REF_TRCDEVARCH;	/* ETE 1.0 */

	test_sync_and_extension();
	test_trace_info();
	test_timestamp();
	test_exceptions();
	test_ite();
	test_cycle_counts();
	test_speculation();
	test_events_atoms();
	test_context();
	test_addresses();
	test_q();
	test_reserved();
	test_truncated();
	pkt_list_free(&L);
	return tap_exit();
}
