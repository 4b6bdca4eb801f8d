/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ETE trace packet encodings: header values, header masks and payload
 * fields.  One definition of each packet field, shared by the libete packet
 * decoder, the ETE encoder and the QEMU hardware model.  Names follow the
 * Arm ETE specification (Arm IHI 0064, "Trace packets"); "Q" sections refer
 * to the packet descriptions there.
 *
 * Headers in ranges are given as a base value and a mask: a byte b is that
 * header when (b & MASK) == BASE.
 */
#ifndef _ARMTRACE_ETE_PKT_H
#define _ARMTRACE_ETE_PKT_H

/* Multi-byte fields: 7 payload bits per byte, bit 7 says another follows. */
#define ETE_PKT_CONT			0x80u
#define ETE_PKT_PAYLOAD			0x7fu
#define ETE_PKT_PAYLOAD_BITS		7u

/* Extension header 0x00 and its second byte */
#define ETE_HDR_EXTENSION		0x00u
#define ETE_EXT_ASYNC			0x00u
#define ETE_EXT_DISCARD			0x03u
#define ETE_EXT_OVERFLOW		0x05u
/* A-Sync: 11 x 0x00 then 0x80 */
#define ETE_ASYNC_LEN			12u
#define ETE_ASYNC_END			0x80u

/* Trace Info: header, control byte(s), then the sections they announce */
#define ETE_HDR_TRACE_INFO		0x01u
#define ETE_TINFO_SECT_INFO		0x01u
#define ETE_TINFO_SECT_KEY		0x02u
#define ETE_TINFO_SECT_SPEC		0x04u
#define ETE_TINFO_SECT_CYCT		0x08u
#define ETE_TINFO_SECT_WNDW		0x10u
#define ETE_TINFO_SECT_ALL		0x1fu
/* INFO section fields */
#define ETE_TINFO_INFO_CC		0x01u	/* cycle counting enabled */
#define ETE_TINFO_INFO_COND		0x0eu
#define ETE_TINFO_INFO_P0_LOAD		0x10u
#define ETE_TINFO_INFO_P0_STORE		0x20u
#define ETE_TINFO_INFO_TSTATE		0x40u	/* PE in transactional state */
#define ETE_TINFO_INFO_PRINTED		0xffu	/* bits OpenCSD lists */

/* Timestamp: 0x02, 0x03 with a cycle count after the timestamp */
#define ETE_HDR_TIMESTAMP		0x02u
#define ETE_HDR_TIMESTAMP_MASK		0xfeu
#define ETE_TS_HDR_CC			0x01u
#define ETE_TS_MAX_BYTES		9u	/* 9th byte carries 8 bits */
#define ETE_TS_LAST_PAYLOAD		0xffu
#define ETE_TS_CC_MAX_BYTES		3u

#define ETE_HDR_TRACE_ON		0x04u
#define ETE_HDR_FUNC_RET		0x05u	/* ETMv4 v8-M only; reserved */

/* Exception: 0x06, then 1 or 2 info bytes */
#define ETE_HDR_EXCEPTION		0x06u
#define ETE_EXC_E0			0x01u	/* byte 1: address interp. low */
#define ETE_EXC_TYPE			0x3eu	/* byte 1: exception type [4:0] */
#define ETE_EXC_E1			0x40u	/* byte 1: address interp. high */
#define ETE_EXC_TYPE_HI			0x1fu	/* byte 2: exception type [9:5] */
#define ETE_EXC_TYPE_HI_SHIFT		5u
#define ETE_EXC_P			0x20u	/* byte 2: fault pending (M) */
/* exception types (A-profile exception numbers) */
#define ETE_EXC_TYPE_PE_RESET		0x00u
#define ETE_EXC_TYPE_DEBUG_HALT		0x01u
#define ETE_EXC_TYPE_CALL		0x02u	/* SVC, HVC, SMC */
#define ETE_EXC_TYPE_TRAP		0x03u
#define ETE_EXC_TYPE_SERROR		0x04u
#define ETE_EXC_TYPE_INSN_DEBUG		0x06u
#define ETE_EXC_TYPE_DATA_DEBUG		0x07u
#define ETE_EXC_TYPE_ALIGNMENT		0x0au
#define ETE_EXC_TYPE_INSN_FAULT		0x0bu
#define ETE_EXC_TYPE_DATA_FAULT		0x0cu
#define ETE_EXC_TYPE_IRQ		0x0eu
#define ETE_EXC_TYPE_FIQ		0x0fu
#define ETE_EXC_TYPE_TRANS_FAIL		0x18u
#define ETE_EXC_MAX_LEN			3u

#define ETE_HDR_EXCEPT_RTN		0x07u	/* ETMv4 only; reserved in ETE */

/* Instrumentation (FEAT_ITE): header, EL byte, 8-byte payload */
#define ETE_HDR_ITE			0x09u
#define ETE_ITE_LEN			10u
#define ETE_ITE_PAYLOAD_BYTES		8u

#define ETE_HDR_TRANS_START		0x0au
#define ETE_HDR_TRANS_COMMIT		0x0bu

/* Cycle count formats */
#define ETE_HDR_CCNT_F2			0x0cu	/* 0x0c-0x0d */
#define ETE_HDR_CCNT_F2_MASK		0xfeu
#define ETE_CCNT_F2_COUNT		0x0fu	/* payload byte */
#define ETE_CCNT_F2_COMMIT		0xf0u
#define ETE_CCNT_F2_F			0x01u	/* header: commit offset selector */
#define ETE_CCNT_F2_F_BIAS		15	/* offset MAXSPEC - 15 */
#define ETE_HDR_CCNT_F1			0x0eu	/* 0x0e-0x0f */
#define ETE_HDR_CCNT_F1_MASK		0xfeu
#define ETE_CCNT_F1_U			0x01u	/* count unknown */
#define ETE_CCNT_F1_COUNT_MAX_BYTES	3u
#define ETE_HDR_CCNT_F3			0x10u	/* 0x10-0x1f */
#define ETE_HDR_CCNT_F3_MASK		0xf0u
#define ETE_CCNT_F3_COUNT		0x03u
#define ETE_CCNT_F3_COMMIT		0x0cu

/* Speculation resolution */
#define ETE_HDR_COMMIT			0x2du
#define ETE_HDR_CANCEL_F1		0x2eu
#define ETE_HDR_CANCEL_F1_MISPRED	0x2fu
#define ETE_HDR_MISPREDICT		0x30u	/* 0x30-0x33 */
#define ETE_HDR_CANCEL_F2		0x34u	/* 0x34-0x37 */
#define ETE_HDR_SPEC_F2_MASK		0xfcu
#define ETE_SPEC_F2_ATOMS		0x03u	/* 1: E, 2: EE, 3: N */
#define ETE_HDR_CANCEL_F3		0x38u	/* 0x38-0x3f */
#define ETE_HDR_CANCEL_F3_MASK		0xf8u
#define ETE_CANCEL_F3_ATOM		0x01u
#define ETE_CANCEL_F3_COUNT		0x06u	/* cancel count - 2 */
#define ETE_CANCEL_F3_BIAS		2u

/* Data-trace and conditional headers of ETMv4, reserved in ETE */
#define ETE_HDR_NUM_DS_MKR		0x20u	/* 0x20-0x27 */
#define ETE_HDR_UNNUM_DS_MKR		0x28u	/* 0x28-0x2c */

#define ETE_HDR_IGNORE			0x70u
#define ETE_HDR_EVENT			0x70u	/* 0x71-0x7f */
#define ETE_HDR_EVENT_MASK		0xf0u
#define ETE_EVENT_BITS			0x0fu

/* Context: 0x80 (same context) / 0x81 (info byte follows) */
#define ETE_HDR_CTXT			0x80u
#define ETE_HDR_CTXT_MASK		0xfeu
#define ETE_CTXT_HDR_PAYLOAD		0x01u
/* context info byte */
#define ETE_CTXT_EL			0x03u
#define ETE_CTXT_NSE			0x08u
#define ETE_CTXT_SF			0x10u
#define ETE_CTXT_NS			0x20u
#define ETE_CTXT_V			0x40u	/* VMID follows */
#define ETE_CTXT_C			0x80u	/* CONTEXTID follows */

#define ETE_HDR_ADDR_CTXT_L32_IS0	0x82u
#define ETE_HDR_ADDR_CTXT_L32_IS1	0x83u
#define ETE_HDR_ADDR_CTXT_L64_IS0	0x85u
#define ETE_HDR_ADDR_CTXT_L64_IS1	0x86u
#define ETE_HDR_TS_MARKER		0x88u
#define ETE_HDR_ADDR_MATCH		0x90u	/* 0x90-0x92 */
#define ETE_HDR_ADDR_MATCH_IDX		0x03u
#define ETE_HDR_ADDR_S_IS0		0x95u
#define ETE_HDR_ADDR_S_IS1		0x96u
#define ETE_HDR_ADDR_L32_IS0		0x9au
#define ETE_HDR_ADDR_L32_IS1		0x9bu
#define ETE_HDR_ADDR_L64_IS0		0x9du
#define ETE_HDR_ADDR_L64_IS1		0x9eu

/* Q: 0xa0-0xaf, low nibble selects the format */
#define ETE_HDR_Q			0xa0u
#define ETE_HDR_Q_MASK			0xf0u
#define ETE_Q_TYPE			0x0fu
#define ETE_Q_TYPE_MATCH_MAX		0x2u	/* 0-2: exact match + count */
#define ETE_Q_TYPE_SHORT_IS0		0x5u
#define ETE_Q_TYPE_SHORT_IS1		0x6u
#define ETE_Q_TYPE_LONG_IS0		0xau
#define ETE_Q_TYPE_LONG_IS1		0xbu
#define ETE_Q_TYPE_COUNT		0xcu	/* count only */
#define ETE_Q_TYPE_NONE			0xfu	/* no count, no address */
/* reserved formats 3, 4, 7, 8, 9, d, e as a bit set */
#define ETE_Q_TYPE_RESERVED_SET		0x6398u

/* Source address packets (FEAT_ETE source address trace) */
#define ETE_HDR_SRC_ADDR_MATCH		0xb0u	/* 0xb0-0xb2 */
#define ETE_HDR_SRC_ADDR_S_IS0		0xb4u
#define ETE_HDR_SRC_ADDR_S_IS1		0xb5u
#define ETE_HDR_SRC_ADDR_L32_IS0	0xb6u
#define ETE_HDR_SRC_ADDR_L32_IS1	0xb7u
#define ETE_HDR_SRC_ADDR_L64_IS0	0xb8u
#define ETE_HDR_SRC_ADDR_L64_IS1	0xb9u

/* Address payloads: IS0 addresses are word aligned, IS1 halfword aligned */
#define ETE_ADDR_IS0_SHIFT		2u
#define ETE_ADDR_IS1_SHIFT		1u
#define ETE_ADDR_SHORT_MAX_BYTES	2u
#define ETE_ADDR_L32_BYTES		4u
#define ETE_ADDR_L64_BYTES		8u
#define ETE_ADDR_STACK_DEPTH		3u

/* Atoms: ranges of the header byte */
#define ETE_HDR_ATOM_F6_LO1		0xc0u
#define ETE_HDR_ATOM_F6_HI1		0xd4u
#define ETE_HDR_ATOM_F6_LO2		0xe0u
#define ETE_HDR_ATOM_F6_HI2		0xf4u
#define ETE_HDR_ATOM_F5_LO		0xd5u
#define ETE_HDR_ATOM_F5_HI		0xd7u
#define ETE_HDR_ATOM_F5_ALT		0xf5u
#define ETE_HDR_ATOM_F2			0xd8u	/* 0xd8-0xdb */
#define ETE_HDR_ATOM_F4			0xdcu	/* 0xdc-0xdf */
#define ETE_HDR_ATOM_F24_MASK		0xfcu
#define ETE_HDR_ATOM_F1			0xf6u	/* 0xf6-0xf7 */
#define ETE_HDR_ATOM_F1_MASK		0xfeu
#define ETE_HDR_ATOM_F3			0xf8u	/* 0xf8-0xff */
#define ETE_HDR_ATOM_F3_MASK		0xf8u
/* atom payload bits, oldest atom in bit 0 */
#define ETE_ATOM_F1_BITS		0x01u
#define ETE_ATOM_F2_BITS		0x03u
#define ETE_ATOM_F3_BITS		0x07u
#define ETE_ATOM_F4_PATTERN		0x03u
#define ETE_ATOM_F5_PATTERN_LO		0x03u
#define ETE_ATOM_F5_PATTERN_HI		0x20u
#define ETE_ATOM_F6_COUNT		0x1fu	/* number of E atoms - 3 */
#define ETE_ATOM_F6_COUNT_BIAS		3u
#define ETE_ATOM_F6_A			0x20u	/* last atom is N */

#endif /* _ARMTRACE_ETE_PKT_H */
