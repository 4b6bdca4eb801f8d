// SPDX-License-Identifier: GPL-2.0
/*
 * Payload parsers for the packets that carry no address: synchronisation,
 * Trace Info, timestamps, exceptions, cycle counts, speculation, events,
 * instrumentation and atoms.  See pkt_internal.h for the parser contract.
 * Field layouts are those of the ETE packet descriptions; where OpenCSD
 * 1.8.0 interprets a corner differently from the text, the behaviour
 * matches OpenCSD and says so, because its listings are our reference.
 */
#include "pkt_parse.h"

static unsigned int parse_reserved(struct ete_pkt_decoder *d,
				   const uint8_t *p, unsigned int n,
				   struct ete_pkt *pkt)
{
	(void)d; (void)p; (void)n;
	pkt->err_type = pkt->type;
	pkt->type = ETE_PKT_T_RESERVED;
	return 1;
}

static unsigned int parse_reserved_cfg(struct ete_pkt_decoder *d,
				       const uint8_t *p, unsigned int n,
				       struct ete_pkt *pkt)
{
	(void)d; (void)p; (void)n;
	pkt->err_type = pkt->type;
	pkt->type = ETE_PKT_T_RESERVED_CFG;
	return 1;
}

static unsigned int bad_sequence(struct ete_pkt *pkt, enum ete_pkt_type t,
				 unsigned int len)
{
	pkt->err_type = t;
	pkt->type = ETE_PKT_T_BAD_SEQUENCE;
	return len;
}

/* 0x00: A-Sync (11 x 0x00, 0x80), Discard, Overflow. */
static unsigned int parse_extension(struct ete_pkt_decoder *d,
				    const uint8_t *p, unsigned int n,
				    struct ete_pkt *pkt)
{
	(void)d;
	if (n < 2)
		return 0;
	switch (p[1]) {
	case ETE_EXT_DISCARD:
		pkt->type = ETE_PKT_T_DISCARD;
		return 2;
	case ETE_EXT_OVERFLOW:
		pkt->type = ETE_PKT_T_OVERFLOW;
		return 2;
	case ETE_EXT_ASYNC:
		break;
	default:
		return bad_sequence(pkt, ETE_PKT_T_EXTENSION, 2);
	}
	for (unsigned int i = 2; i < ETE_ASYNC_LEN; i++) {
		if (i >= n)
			return 0;
		if (p[i] == 0)
			continue;
		/* the first non-zero byte ends it: 0x80 in 12th place only */
		if (i == ETE_ASYNC_LEN - 1 && p[i] == ETE_ASYNC_END) {
			pkt->type = ETE_PKT_T_ASYNC;
			return ETE_ASYNC_LEN;
		}
		return bad_sequence(pkt, ETE_PKT_T_ASYNC, i + 1);
	}
	/* twelve zero bytes: a periodic A-Sync never has more than 11 */
	return bad_sequence(pkt, ETE_PKT_T_ASYNC, ETE_ASYNC_LEN);
}

static const uint8_t tinfo_sect_order[] = {
	ETE_TINFO_SECT_INFO, ETE_TINFO_SECT_KEY, ETE_TINFO_SECT_SPEC,
	ETE_TINFO_SECT_CYCT, ETE_TINFO_SECT_WNDW,
};

/*
 * Trace Info: control bytes (the first says which sections follow), then
 * the INFO, KEY, SPEC, CYCT and WNDW sections, each a continuation field.
 * It is a synchronisation point: the address history restarts at zero,
 * speculation depth and cycle count threshold come from the packet.
 */
static unsigned int parse_trace_info(struct ete_pkt_decoder *d,
				     const uint8_t *p, unsigned int n,
				     struct ete_pkt *pkt)
{
	unsigned int i, ctrl_len, len, k;
	uint8_t sect;

	if (n < 2)
		return 0;
	ctrl_len = cont_len(p + 1, n - 1);
	if (!ctrl_len)
		return 0;
	sect = p[1] & ETE_TINFO_SECT_ALL;
	len = 1 + ctrl_len;
	for (i = 0; i < sizeof(tinfo_sect_order); i++) {
		if (!(sect & tinfo_sect_order[i]))
			continue;
		k = cont_len(p + len, n - len);
		if (!k)
			return 0;
		len += k;
	}

	/* complete: start afresh as the architecture defines for TINFO */
	d->ts_valid = 0;
	d->info = 0;
	d->spec_depth = 0;
	d->cc_threshold_valid = 0;
	ete_pkt_addr_stack_reset(d);

	pkt->tinfo.key = 0;
	i = 1 + ctrl_len;
	for (k = 0; k < sizeof(tinfo_sect_order); k++) {
		uint32_t v;

		if (!(sect & tinfo_sect_order[k]) || i >= len)
			continue;
		i += cont_val(p + i, len - i, 5, &v);
		switch (tinfo_sect_order[k]) {
		case ETE_TINFO_SECT_INFO:
			d->info = v;
			break;
		case ETE_TINFO_SECT_KEY:
			pkt->tinfo.key = v;
			break;
		case ETE_TINFO_SECT_SPEC:
			d->spec_depth = v;
			break;
		case ETE_TINFO_SECT_CYCT:
			d->cc_threshold = v;
			d->cc_threshold_valid = 1;
			break;
		default:
			break;	/* commit window: no current ETE uses it */
		}
	}
	pkt->tinfo.info = d->info;
	pkt->tinfo.spec = d->spec_depth;
	pkt->tinfo.cyct = d->cc_threshold;
	pkt->tinfo.sections = sect;
	pkt->tinfo.initial = !d->first_tinfo_seen;
	pkt->cc_threshold = d->cc_threshold;
	pkt->addr = d->addr;
	d->first_tinfo_seen = 1;
	return len;
}

/*
 * Timestamp: up to 9 bytes of timestamp (7 bits each, the 9th 8 bits)
 * replacing the low bits of the current value, then an optional cycle
 * count.  The first timestamp after a Trace Info replaces the whole value.
 */
static unsigned int parse_timestamp(struct ete_pkt_decoder *d,
				    const uint8_t *p, unsigned int n,
				    struct ete_pkt *pkt)
{
	unsigned int i = 1, ts_bytes = 0, bits, len;
	uint64_t v = 0, mask;

	for (;;) {
		uint8_t b;

		if (i >= n)
			return 0;
		b = p[i++];
		if (ts_bytes == ETE_TS_MAX_BYTES - 1) {
			v |= (uint64_t)(b & ETE_TS_LAST_PAYLOAD) <<
				(ts_bytes * ETE_PKT_PAYLOAD_BITS);
			ts_bytes++;
			break;
		}
		v |= (uint64_t)(b & ETE_PKT_PAYLOAD) <<
			(ts_bytes * ETE_PKT_PAYLOAD_BITS);
		ts_bytes++;
		if (!(b & ETE_PKT_CONT))
			break;
	}
	len = i;
	if (p[0] & ETE_TS_HDR_CC) {
		unsigned int k = cont_len(p + len, n - len);

		if (!k)
			return 0;
		len += k;
	}

	bits = ts_bytes < ETE_TS_MAX_BYTES ?
		ts_bytes * ETE_PKT_PAYLOAD_BITS : 64;
	if (!d->ts_valid && d->first_tinfo_seen)
		bits = 64;	/* after Trace Info the missing bits are 0 */
	mask = low_mask(bits);
	d->ts = (d->ts & ~mask) | (v & mask);
	d->ts_valid = 1;
	pkt->ts = d->ts;
	pkt->ts_bits = (uint8_t)bits;
	if (p[0] & ETE_TS_HDR_CC) {
		uint32_t cc;

		cont_val(p + i, len - i, ETE_TS_CC_MAX_BYTES, &cc);
		pkt->cc = cc & d->cc_mask;
		pkt->cc_valid = 1;
	}
	return len;
}

static unsigned int parse_no_payload(struct ete_pkt_decoder *d,
				     const uint8_t *p, unsigned int n,
				     struct ete_pkt *pkt)
{
	(void)d; (void)p; (void)n; (void)pkt;
	return 1;
}

static unsigned int parse_event(struct ete_pkt_decoder *d, const uint8_t *p,
				unsigned int n, struct ete_pkt *pkt)
{
	(void)d; (void)n;
	pkt->event = p[0] & ETE_EVENT_BITS;
	return 1;
}

/*
 * Exception: one info byte, a second when bit 7 says so.  ETE's PE reset
 * (type 0) and transaction failure (type 0x18) are always 3 bytes long and
 * zero the address, so the next address is taken in full (as OpenCSD).
 */
static unsigned int parse_exception(struct ete_pkt_decoder *d,
				    const uint8_t *p, unsigned int n,
				    struct ete_pkt *pkt)
{
	struct exc_fields f;
	unsigned int len;

	if (n < 2)
		return 0;
	len = exc_len(p[1]);
	if (n < len)
		return 0;
	exc_fields(p, &f);
	pkt->exc.type = (uint16_t)f.type;
	pkt->exc.addr_interp = f.addr_interp;
	pkt->exc.fault_pending = f.fault_pending;
	if (exc_type_resets(f.type)) {
		d->addr.val = 0;
		d->addr.valid_bits = 64;
		d->addr.pkt_bits = 64;
		d->addr.is = 0;
		ete_pkt_addr_push(d);
		pkt->type = f.type ? ETE_PKT_T_TRANS_FAIL : ETE_PKT_T_PE_RESET;
	}
	return len;
}

/* Instrumentation: EL byte then a 64-bit little-endian payload. */
static unsigned int parse_ite(struct ete_pkt_decoder *d, const uint8_t *p,
			      unsigned int n, struct ete_pkt *pkt)
{
	(void)d;
	if (n < ETE_ITE_LEN)
		return 0;
	pkt->ite.el = p[1];
	pkt->ite.value = le_val(p + 2, ETE_ITE_PAYLOAD_BYTES);
	return ETE_ITE_LEN;
}

/*
 * Cycle count format 1: optional commit field (absent when TRCIDR0.COMMOPT
 * is 1), then the count unless the header's U bit says it is unknown.
 */
static unsigned int parse_ccnt_f1(struct ete_pkt_decoder *d,
				  const uint8_t *p, unsigned int n,
				  struct ete_pkt *pkt)
{
	unsigned int len = 1, k;
	uint32_t commit = 0, cc = 0;

	if (!d->commit_opt1) {
		k = cont_field(p + len, n - len, 5, &commit);
		if (!k)
			return 0;
		len += k;
	}
	/* without a count (after an overflow) the count is unknown: 0 */
	if (!(p[0] & ETE_CCNT_F1_U)) {
		k = ccnt_f1_count(d, p + len, n - len, &cc);
		if (!k)
			return 0;
		len += k;
	}
	pkt->commit = commit;
	pkt->commit_valid = !d->commit_opt1;
	pkt->cc = cc;
	pkt->cc_valid = 1;
	return len;
}

/*
 * Cycle count format 2: count and commit in one payload byte.  The header's
 * F bit selects the commit offset: 1, or TRCIDR8.MAXSPEC - 15.  With
 * TRCIDR0.COMMOPT == 1 there is no commit field.
 */
static unsigned int parse_ccnt_f2(struct ete_pkt_decoder *d,
				  const uint8_t *p, unsigned int n,
				  struct ete_pkt *pkt)
{
	int offset;

	if (n < 2)
		return 0;
	if (!d->commit_opt1) {
		offset = (p[0] & ETE_CCNT_F2_F) ?
			(int)d->max_spec - ETE_CCNT_F2_F_BIAS : 1;
		pkt->commit = ETE_FIELD_GET(ETE_CCNT_F2_COMMIT, p[1]) + offset;
		pkt->commit_valid = 1;
	}
	pkt->cc = cc_threshold(d) + ETE_FIELD_GET(ETE_CCNT_F2_COUNT, p[1]);
	pkt->cc_valid = 1;
	return 2;
}

/* Cycle count format 3: single byte, count above the threshold. */
static unsigned int parse_ccnt_f3(struct ete_pkt_decoder *d,
				  const uint8_t *p, unsigned int n,
				  struct ete_pkt *pkt)
{
	(void)n;
	if (!d->commit_opt1) {
		pkt->commit = ETE_FIELD_GET(ETE_CCNT_F3_COMMIT, p[0]) + 1;
		pkt->commit_valid = 1;
	}
	pkt->cc = cc_threshold(d) + ETE_FIELD_GET(ETE_CCNT_F3_COUNT, p[0]);
	pkt->cc_valid = 1;
	return 1;
}

/* Commit and Cancel format 1: one count field. */
static unsigned int parse_spec_count(struct ete_pkt_decoder *d,
				     const uint8_t *p, unsigned int n,
				     struct ete_pkt *pkt)
{
	unsigned int k;
	uint32_t v;

	(void)d;
	k = cont_field(p + 1, n - 1, 5, &v);
	if (!k)
		return 0;
	if (pkt->type == ETE_PKT_T_COMMIT) {
		pkt->commit = v;
		pkt->commit_valid = 1;
	} else {
		pkt->cancel = v;
	}
	return 1 + k;
}

static void set_atoms(struct ete_pkt *pkt, uint32_t bits, uint8_t num)
{
	pkt->atom_bits = bits;
	pkt->atom_num = num;
}

/* Mispredict / Cancel format 2: an optional atom group then the event. */
static unsigned int parse_spec_f2(struct ete_pkt_decoder *d,
				  const uint8_t *p, unsigned int n,
				  struct ete_pkt *pkt)
{
	(void)d; (void)n;
	switch (p[0] & ETE_SPEC_F2_ATOMS) {
	case 1:
		set_atoms(pkt, 0x1, 1);		/* E */
		break;
	case 2:
		set_atoms(pkt, 0x3, 2);		/* EE */
		break;
	case 3:
		set_atoms(pkt, 0x0, 1);		/* N */
		break;
	default:
		break;
	}
	pkt->cancel = pkt->type == ETE_PKT_T_CANCEL_F2 ? 1 : 0;
	return 1;
}

static unsigned int parse_cancel_f3(struct ete_pkt_decoder *d,
				    const uint8_t *p, unsigned int n,
				    struct ete_pkt *pkt)
{
	(void)d; (void)n;
	if (p[0] & ETE_CANCEL_F3_ATOM)
		set_atoms(pkt, 0x1, 1);
	pkt->cancel = ETE_FIELD_GET(ETE_CANCEL_F3_COUNT, p[0]) +
		ETE_CANCEL_F3_BIAS;
	return 1;
}

/* Atom formats: patterns list the oldest atom in bit 0, 1 = E. */
static unsigned int parse_atom_f1(struct ete_pkt_decoder *d,
				  const uint8_t *p, unsigned int n,
				  struct ete_pkt *pkt)
{
	(void)d; (void)n;
	set_atoms(pkt, p[0] & ETE_ATOM_F1_BITS, 1);
	return 1;
}

static unsigned int parse_atom_f2(struct ete_pkt_decoder *d,
				  const uint8_t *p, unsigned int n,
				  struct ete_pkt *pkt)
{
	(void)d; (void)n;
	set_atoms(pkt, p[0] & ETE_ATOM_F2_BITS, 2);
	return 1;
}

static unsigned int parse_atom_f3(struct ete_pkt_decoder *d,
				  const uint8_t *p, unsigned int n,
				  struct ete_pkt *pkt)
{
	(void)d; (void)n;
	set_atoms(pkt, p[0] & ETE_ATOM_F3_BITS, 3);
	return 1;
}

static unsigned int parse_atom_f4(struct ete_pkt_decoder *d,
				  const uint8_t *p, unsigned int n,
				  struct ete_pkt *pkt)
{
	/* EEEN, NNNN, ENEN, NENE (oldest first) */
	static const uint8_t pattern[4] = { 0xe, 0x0, 0xa, 0x5 };

	(void)d; (void)n;
	set_atoms(pkt, pattern[p[0] & ETE_ATOM_F4_PATTERN], 4);
	return 1;
}

static unsigned int parse_atom_f5(struct ete_pkt_decoder *d,
				  const uint8_t *p, unsigned int n,
				  struct ete_pkt *pkt)
{
	unsigned int sel = (ETE_FIELD_GET(ETE_ATOM_F5_PATTERN_HI, p[0]) << 2) |
		(p[0] & ETE_ATOM_F5_PATTERN_LO);

	(void)d; (void)n;
	switch (sel) {
	case 5:
		set_atoms(pkt, 0x1e, 5);	/* NEEEE */
		break;
	case 1:
		set_atoms(pkt, 0x00, 5);	/* NNNNN */
		break;
	case 2:
		set_atoms(pkt, 0x0a, 5);	/* NENEN */
		break;
	case 3:
		set_atoms(pkt, 0x15, 5);	/* ENENE */
		break;
	default:
		break;	/* reserved pattern: no atoms (OpenCSD likewise) */
	}
	return 1;
}

static unsigned int parse_atom_f6(struct ete_pkt_decoder *d,
				  const uint8_t *p, unsigned int n,
				  struct ete_pkt *pkt)
{
	unsigned int count = ETE_FIELD_GET(ETE_ATOM_F6_COUNT, p[0]) +
		ETE_ATOM_F6_COUNT_BIAS;
	uint32_t bits = (1u << count) - 1;

	(void)d; (void)n;
	if (!(p[0] & ETE_ATOM_F6_A))
		bits |= 1u << count;
	set_atoms(pkt, bits, (uint8_t)(count + 1));
	return 1;
}

/* pkt_parse_addr.c */
unsigned int ete_parse_ctxt(struct ete_pkt_decoder *, const uint8_t *,
			    unsigned int, struct ete_pkt *);
unsigned int ete_parse_addr_ctxt_32(struct ete_pkt_decoder *, const uint8_t *,
				    unsigned int, struct ete_pkt *);
unsigned int ete_parse_addr_ctxt_64(struct ete_pkt_decoder *, const uint8_t *,
				    unsigned int, struct ete_pkt *);
unsigned int ete_parse_addr_match(struct ete_pkt_decoder *, const uint8_t *,
				  unsigned int, struct ete_pkt *);
unsigned int ete_parse_addr_short(struct ete_pkt_decoder *, const uint8_t *,
				  unsigned int, struct ete_pkt *);
unsigned int ete_parse_addr_long_32(struct ete_pkt_decoder *, const uint8_t *,
				    unsigned int, struct ete_pkt *);
unsigned int ete_parse_addr_long_64(struct ete_pkt_decoder *, const uint8_t *,
				    unsigned int, struct ete_pkt *);
unsigned int ete_parse_q(struct ete_pkt_decoder *, const uint8_t *,
			 unsigned int, struct ete_pkt *);

const ete_parse_fn ete_parsers[P_COUNT] = {
	[P_RESERVED] = parse_reserved,
	[P_RESERVED_CFG] = parse_reserved_cfg,
	[P_EXTENSION] = parse_extension,
	[P_TRACE_INFO] = parse_trace_info,
	[P_TIMESTAMP] = parse_timestamp,
	[P_NO_PAYLOAD] = parse_no_payload,
	[P_EXCEPTION] = parse_exception,
	[P_ITE] = parse_ite,
	[P_CCNT_F1] = parse_ccnt_f1,
	[P_CCNT_F2] = parse_ccnt_f2,
	[P_CCNT_F3] = parse_ccnt_f3,
	[P_SPEC_COUNT] = parse_spec_count,
	[P_SPEC_F2] = parse_spec_f2,
	[P_CANCEL_F3] = parse_cancel_f3,
	[P_EVENT] = parse_event,
	[P_CTXT] = ete_parse_ctxt,
	[P_ADDR_CTXT_32] = ete_parse_addr_ctxt_32,
	[P_ADDR_CTXT_64] = ete_parse_addr_ctxt_64,
	[P_ADDR_MATCH] = ete_parse_addr_match,
	[P_ADDR_SHORT] = ete_parse_addr_short,
	[P_ADDR_LONG_32] = ete_parse_addr_long_32,
	[P_ADDR_LONG_64] = ete_parse_addr_long_64,
	[P_Q] = ete_parse_q,
	[P_ATOM_F1] = parse_atom_f1,
	[P_ATOM_F2] = parse_atom_f2,
	[P_ATOM_F3] = parse_atom_f3,
	[P_ATOM_F4] = parse_atom_f4,
	[P_ATOM_F5] = parse_atom_f5,
	[P_ATOM_F6] = parse_atom_f6,
};
