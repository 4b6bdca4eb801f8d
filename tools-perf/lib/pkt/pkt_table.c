// SPDX-License-Identifier: GPL-2.0
/*
 * Header dispatch table: one entry per header byte giving the packet type
 * and the payload parser.  Built once per configuration so the hot loop is a
 * single table lookup per packet.  Header assignments follow the ETE packet
 * header summary (Arm IHI 0064, "Packet headers"); headers that ETMv4 uses
 * but ETE reserves are marked so their errors name the ETMv4 packet, as
 * OpenCSD reports them.
 */
#include "pkt_internal.h"

static void set(struct ete_pkt_decoder *d, unsigned int hdr,
		enum ete_pkt_type type, enum ete_parser parser)
{
	d->hdr_type[hdr] = (uint8_t)type;
	d->hdr_parser[hdr] = (uint8_t)parser;
}

static void set_range(struct ete_pkt_decoder *d, unsigned int lo,
		      unsigned int hi, enum ete_pkt_type type,
		      enum ete_parser parser)
{
	for (unsigned int h = lo; h <= hi; h++)
		set(d, h, type, parser);
}

/* An ETMv4 packet this configuration cannot produce: reserved for config. */
static void set_bad_cfg(struct ete_pkt_decoder *d, unsigned int lo,
			unsigned int hi, enum ete_pkt_type type)
{
	set_range(d, lo, hi, type, P_RESERVED_CFG);
}

/* Last header of a range given by base and mask. */
#define HDR_LAST(base, mask)	((base) | (~(mask) & 0xffu))

void ete_pkt_build_table(struct ete_pkt_decoder *d,
			 const struct ete_pkt_config *cfg)
{
	uint32_t qsupp = ETE_FIELD_GET(TRCIDR0_QSUPP, cfg->trcidr0);

	set_range(d, 0x00, 0xff, ETE_PKT_T_RESERVED, P_RESERVED);

	set(d, ETE_HDR_EXTENSION, ETE_PKT_T_EXTENSION, P_EXTENSION);
	set(d, ETE_HDR_TRACE_INFO, ETE_PKT_T_TRACE_INFO, P_TRACE_INFO);
	set_range(d, ETE_HDR_TIMESTAMP, ETE_HDR_TIMESTAMP | ETE_TS_HDR_CC,
		  ETE_PKT_T_TIMESTAMP, P_TIMESTAMP);
	set(d, ETE_HDR_TRACE_ON, ETE_PKT_T_TRACE_ON, P_NO_PAYLOAD);
	/* v8-M function return: never valid on an A-profile ETE */
	set(d, ETE_HDR_FUNC_RET, ETE_PKT_T_FUNC_RET, P_RESERVED);
	set(d, ETE_HDR_EXCEPTION, ETE_PKT_T_EXCEPT, P_EXCEPTION);
	/* ETE drops the ETMv4 exception return packet */
	set_bad_cfg(d, ETE_HDR_EXCEPT_RTN, ETE_HDR_EXCEPT_RTN,
		    ETE_PKT_T_EXCEPT_RTN);
	/* FEAT_ITE instrumentation packets arrive with ETE v1.3 */
	if (d->ete_minor >= 3)
		set(d, ETE_HDR_ITE, ETE_PKT_T_ITE, P_ITE);
	set(d, ETE_HDR_TRANS_START, ETE_PKT_T_TRANS_ST, P_NO_PAYLOAD);
	set(d, ETE_HDR_TRANS_COMMIT, ETE_PKT_T_TRANS_COMMIT, P_NO_PAYLOAD);

	set_range(d, ETE_HDR_CCNT_F2, ETE_HDR_CCNT_F2 | 1, ETE_PKT_T_CCNT_F2,
		  P_CCNT_F2);
	set_range(d, ETE_HDR_CCNT_F1, ETE_HDR_CCNT_F1 | 1, ETE_PKT_T_CCNT_F1,
		  P_CCNT_F1);
	set_range(d, ETE_HDR_CCNT_F3, HDR_LAST(ETE_HDR_CCNT_F3, ETE_HDR_CCNT_F3_MASK),
		  ETE_PKT_T_CCNT_F3, P_CCNT_F3);

	/* ETE has no data trace: data synchronisation markers are reserved */
	set_bad_cfg(d, ETE_HDR_NUM_DS_MKR, ETE_HDR_NUM_DS_MKR + 7,
		    ETE_PKT_T_NUM_DS_MKR);
	set_bad_cfg(d, ETE_HDR_UNNUM_DS_MKR, ETE_HDR_UNNUM_DS_MKR + 4,
		    ETE_PKT_T_UNNUM_DS_MKR);

	set(d, ETE_HDR_COMMIT, ETE_PKT_T_COMMIT, P_SPEC_COUNT);
	set(d, ETE_HDR_CANCEL_F1, ETE_PKT_T_CANCEL_F1, P_SPEC_COUNT);
	set(d, ETE_HDR_CANCEL_F1_MISPRED, ETE_PKT_T_CANCEL_F1_MISPRED,
	    P_SPEC_COUNT);
	set_range(d, ETE_HDR_MISPREDICT, ETE_HDR_MISPREDICT | ETE_SPEC_F2_ATOMS,
		  ETE_PKT_T_MISPREDICT, P_SPEC_F2);
	set_range(d, ETE_HDR_CANCEL_F2, ETE_HDR_CANCEL_F2 | ETE_SPEC_F2_ATOMS,
		  ETE_PKT_T_CANCEL_F2, P_SPEC_F2);
	set_range(d, ETE_HDR_CANCEL_F3, HDR_LAST(ETE_HDR_CANCEL_F3, ETE_HDR_CANCEL_F3_MASK),
		  ETE_PKT_T_CANCEL_F3, P_CANCEL_F3);

	/* ETE has no conditional instruction trace */
	set_bad_cfg(d, 0x40, 0x42, ETE_PKT_T_COND_I_F2);
	set_bad_cfg(d, 0x43, 0x43, ETE_PKT_T_COND_FLUSH);
	set_bad_cfg(d, 0x44, 0x46, ETE_PKT_T_COND_RES_F4);
	set_bad_cfg(d, 0x48, 0x4a, ETE_PKT_T_COND_RES_F2);
	set_bad_cfg(d, 0x4c, 0x4e, ETE_PKT_T_COND_RES_F2);
	set_bad_cfg(d, 0x50, 0x5f, ETE_PKT_T_COND_RES_F3);
	set_bad_cfg(d, 0x68, 0x6b, ETE_PKT_T_COND_RES_F1);
	set_bad_cfg(d, 0x6c, 0x6c, ETE_PKT_T_COND_I_F1);
	set_bad_cfg(d, 0x6d, 0x6d, ETE_PKT_T_COND_I_F3);
	set_bad_cfg(d, 0x6e, 0x6f, ETE_PKT_T_COND_RES_F1);

	set(d, ETE_HDR_IGNORE, ETE_PKT_T_IGNORE, P_NO_PAYLOAD);
	set_range(d, ETE_HDR_EVENT + 1, ETE_HDR_EVENT | ETE_EVENT_BITS,
		  ETE_PKT_T_EVENT, P_EVENT);

	set_range(d, ETE_HDR_CTXT, ETE_HDR_CTXT | ETE_CTXT_HDR_PAYLOAD,
		  ETE_PKT_T_CTXT, P_CTXT);
	set(d, ETE_HDR_ADDR_CTXT_L32_IS0, ETE_PKT_T_ADDR_CTXT_L_32IS0,
	    P_ADDR_CTXT_32);
	set(d, ETE_HDR_ADDR_CTXT_L32_IS1, ETE_PKT_T_ADDR_CTXT_L_32IS1,
	    P_ADDR_CTXT_32);
	set(d, ETE_HDR_ADDR_CTXT_L64_IS0, ETE_PKT_T_ADDR_CTXT_L_64IS0,
	    P_ADDR_CTXT_64);
	set(d, ETE_HDR_ADDR_CTXT_L64_IS1, ETE_PKT_T_ADDR_CTXT_L_64IS1,
	    P_ADDR_CTXT_64);
	set(d, ETE_HDR_TS_MARKER, ETE_PKT_T_TS_MARKER, P_NO_PAYLOAD);
	set_range(d, ETE_HDR_ADDR_MATCH, ETE_HDR_ADDR_MATCH + 2,
		  ETE_PKT_T_ADDR_MATCH, P_ADDR_MATCH);
	set(d, ETE_HDR_ADDR_S_IS0, ETE_PKT_T_ADDR_S_IS0, P_ADDR_SHORT);
	set(d, ETE_HDR_ADDR_S_IS1, ETE_PKT_T_ADDR_S_IS1, P_ADDR_SHORT);
	set(d, ETE_HDR_ADDR_L32_IS0, ETE_PKT_T_ADDR_L_32IS0, P_ADDR_LONG_32);
	set(d, ETE_HDR_ADDR_L32_IS1, ETE_PKT_T_ADDR_L_32IS1, P_ADDR_LONG_32);
	set(d, ETE_HDR_ADDR_L64_IS0, ETE_PKT_T_ADDR_L_64IS0, P_ADDR_LONG_64);
	set(d, ETE_HDR_ADDR_L64_IS1, ETE_PKT_T_ADDR_L_64IS1, P_ADDR_LONG_64);

	/* Q: reserved formats, or all of them without TRCIDR0.QSUPP */
	for (unsigned int t = 0; t <= ETE_Q_TYPE; t++) {
		bool ok = qsupp && !(ETE_Q_TYPE_RESERVED_SET & (1u << t));

		set(d, ETE_HDR_Q | t, ETE_PKT_T_Q, ok ? P_Q : P_RESERVED);
	}

	set_range(d, ETE_HDR_SRC_ADDR_MATCH, ETE_HDR_SRC_ADDR_MATCH + 2,
		  ETE_PKT_T_SRC_ADDR_MATCH, P_ADDR_MATCH);
	set(d, ETE_HDR_SRC_ADDR_S_IS0, ETE_PKT_T_SRC_ADDR_S_IS0, P_ADDR_SHORT);
	set(d, ETE_HDR_SRC_ADDR_S_IS1, ETE_PKT_T_SRC_ADDR_S_IS1, P_ADDR_SHORT);
	set(d, ETE_HDR_SRC_ADDR_L32_IS0, ETE_PKT_T_SRC_ADDR_L_32IS0,
	    P_ADDR_LONG_32);
	set(d, ETE_HDR_SRC_ADDR_L32_IS1, ETE_PKT_T_SRC_ADDR_L_32IS1,
	    P_ADDR_LONG_32);
	set(d, ETE_HDR_SRC_ADDR_L64_IS0, ETE_PKT_T_SRC_ADDR_L_64IS0,
	    P_ADDR_LONG_64);
	set(d, ETE_HDR_SRC_ADDR_L64_IS1, ETE_PKT_T_SRC_ADDR_L_64IS1,
	    P_ADDR_LONG_64);

	set_range(d, ETE_HDR_ATOM_F6_LO1, ETE_HDR_ATOM_F6_HI1,
		  ETE_PKT_T_ATOM_F6, P_ATOM_F6);
	set_range(d, ETE_HDR_ATOM_F6_LO2, ETE_HDR_ATOM_F6_HI2,
		  ETE_PKT_T_ATOM_F6, P_ATOM_F6);
	set_range(d, ETE_HDR_ATOM_F5_LO, ETE_HDR_ATOM_F5_HI,
		  ETE_PKT_T_ATOM_F5, P_ATOM_F5);
	set(d, ETE_HDR_ATOM_F5_ALT, ETE_PKT_T_ATOM_F5, P_ATOM_F5);
	set_range(d, ETE_HDR_ATOM_F2, ETE_HDR_ATOM_F2 | ETE_ATOM_F2_BITS,
		  ETE_PKT_T_ATOM_F2, P_ATOM_F2);
	set_range(d, ETE_HDR_ATOM_F4, ETE_HDR_ATOM_F4 | ETE_ATOM_F4_PATTERN,
		  ETE_PKT_T_ATOM_F4, P_ATOM_F4);
	set_range(d, ETE_HDR_ATOM_F1, ETE_HDR_ATOM_F1 | ETE_ATOM_F1_BITS,
		  ETE_PKT_T_ATOM_F1, P_ATOM_F1);
	set_range(d, ETE_HDR_ATOM_F3, ETE_HDR_ATOM_F3 | ETE_ATOM_F3_BITS,
		  ETE_PKT_T_ATOM_F3, P_ATOM_F3);
}
