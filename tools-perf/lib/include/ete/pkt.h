/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libete packet layer: ETE trace bytes -> packets.
 *
 * The decoder is streaming: feed it the trace in chunks of any size and it
 * returns one packet per call, the same packets whatever the chunking.  It
 * allocates nothing, keeps no global state and never prints; the caller owns
 * the decoder and the packet structures.  Errors are negative status values
 * plus the byte offset of the packet in error, after which decoding carries
 * on at the next byte (as OpenCSD does).
 */
#ifndef _ETE_PKT_H
#define _ETE_PKT_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * enum ete_pkt_status - result of ete_pkt_decode() and ete_pkt_flush()
 * @ETE_PKT_OK: a packet was decoded into *pkt
 * @ETE_PKT_MORE: all input was consumed without completing a packet
 * @ETE_PKT_EOT: ete_pkt_flush() found nothing pending
 * @ETE_PKT_ERR_HEADER: reserved header byte (for this configuration)
 * @ETE_PKT_ERR_SEQUENCE: malformed packet body (bad A-Sync or extension
 *	byte, or a packet longer than %ETE_PKT_MAX_LEN)
 * @ETE_PKT_ERR_TRUNCATED: trace ended inside a packet
 * @ETE_PKT_ERR_INVAL: invalid argument or configuration
 *
 * For every negative status except %ETE_PKT_ERR_INVAL, *pkt describes the
 * bytes in error (type %ETE_PKT_T_RESERVED, %ETE_PKT_T_RESERVED_CFG,
 * %ETE_PKT_T_BAD_SEQUENCE or %ETE_PKT_T_INCOMPLETE_EOT, with offset and
 * length) and the decoder is ready for the next byte.
 */
enum ete_pkt_status {
	ETE_PKT_OK = 0,
	ETE_PKT_MORE = 1,
	ETE_PKT_EOT = 2,
	ETE_PKT_ERR_HEADER = -1,
	ETE_PKT_ERR_SEQUENCE = -2,
	ETE_PKT_ERR_TRUNCATED = -3,
	ETE_PKT_ERR_INVAL = -4,
};

/* Longest packet the decoder accepts; longer byte runs are an error. */
#define ETE_PKT_MAX_LEN		48

/**
 * enum ete_pkt_type - packet types, one per ETE packet (and format)
 * @ETE_PKT_T_NONE: no packet
 * @ETE_PKT_T_NOT_SYNC: bytes skipped before the first A-Sync
 * @ETE_PKT_T_INCOMPLETE_EOT: trace ended inside a packet
 * @ETE_PKT_T_BAD_SEQUENCE: malformed packet body
 * @ETE_PKT_T_RESERVED: reserved header
 * @ETE_PKT_T_RESERVED_CFG: header reserved in this configuration
 * @ETE_PKT_T_EXTENSION: extension header (only as an err_type)
 * @ETE_PKT_T_ASYNC: Alignment Synchronization (A-Sync)
 * @ETE_PKT_T_DISCARD: Discard
 * @ETE_PKT_T_OVERFLOW: Overflow
 * @ETE_PKT_T_TRACE_INFO: Trace Info
 * @ETE_PKT_T_TRACE_ON: Trace On
 * @ETE_PKT_T_TIMESTAMP: Timestamp
 * @ETE_PKT_T_TS_MARKER: Timestamp Marker (ETE 1.1)
 * @ETE_PKT_T_EXCEPT: Exception
 * @ETE_PKT_T_PE_RESET: Exception packet of type PE reset
 * @ETE_PKT_T_TRANS_FAIL: Exception packet of type transaction failure
 * @ETE_PKT_T_TRANS_ST: Transaction Start
 * @ETE_PKT_T_TRANS_COMMIT: Transaction Commit
 * @ETE_PKT_T_ITE: Instrumentation (ETE 1.3)
 * @ETE_PKT_T_CCNT_F1: Cycle Count format 1
 * @ETE_PKT_T_CCNT_F2: Cycle Count format 2
 * @ETE_PKT_T_CCNT_F3: Cycle Count format 3
 * @ETE_PKT_T_COMMIT: Commit
 * @ETE_PKT_T_CANCEL_F1: Cancel format 1
 * @ETE_PKT_T_CANCEL_F1_MISPRED: Cancel format 1 with mispredict
 * @ETE_PKT_T_CANCEL_F2: Cancel format 2
 * @ETE_PKT_T_CANCEL_F3: Cancel format 3
 * @ETE_PKT_T_MISPREDICT: Mispredict
 * @ETE_PKT_T_IGNORE: Ignore
 * @ETE_PKT_T_EVENT: Event
 * @ETE_PKT_T_CTXT: Context
 * @ETE_PKT_T_ADDR_CTXT_L_32IS0: Address with Context, 32-bit, IS0
 * @ETE_PKT_T_ADDR_CTXT_L_32IS1: Address with Context, 32-bit, IS1
 * @ETE_PKT_T_ADDR_CTXT_L_64IS0: Address with Context, 64-bit, IS0
 * @ETE_PKT_T_ADDR_CTXT_L_64IS1: Address with Context, 64-bit, IS1
 * @ETE_PKT_T_ADDR_MATCH: Exact Match Address
 * @ETE_PKT_T_ADDR_S_IS0: Short Address, IS0
 * @ETE_PKT_T_ADDR_S_IS1: Short Address, IS1
 * @ETE_PKT_T_ADDR_L_32IS0: Long Address, 32-bit, IS0
 * @ETE_PKT_T_ADDR_L_32IS1: Long Address, 32-bit, IS1
 * @ETE_PKT_T_ADDR_L_64IS0: Long Address, 64-bit, IS0
 * @ETE_PKT_T_ADDR_L_64IS1: Long Address, 64-bit, IS1
 * @ETE_PKT_T_Q: Q
 * @ETE_PKT_T_SRC_ADDR_MATCH: Exact Match Source Address
 * @ETE_PKT_T_SRC_ADDR_S_IS0: Short Source Address, IS0
 * @ETE_PKT_T_SRC_ADDR_S_IS1: Short Source Address, IS1
 * @ETE_PKT_T_SRC_ADDR_L_32IS0: Long Source Address, 32-bit, IS0
 * @ETE_PKT_T_SRC_ADDR_L_32IS1: Long Source Address, 32-bit, IS1
 * @ETE_PKT_T_SRC_ADDR_L_64IS0: Long Source Address, 64-bit, IS0
 * @ETE_PKT_T_SRC_ADDR_L_64IS1: Long Source Address, 64-bit, IS1
 * @ETE_PKT_T_ATOM_F1: Atom format 1
 * @ETE_PKT_T_ATOM_F2: Atom format 2
 * @ETE_PKT_T_ATOM_F3: Atom format 3
 * @ETE_PKT_T_ATOM_F4: Atom format 4
 * @ETE_PKT_T_ATOM_F5: Atom format 5
 * @ETE_PKT_T_ATOM_F6: Atom format 6
 * @ETE_PKT_T_FUNC_RET: ETMv4 Function Return (only as an err_type)
 * @ETE_PKT_T_EXCEPT_RTN: ETMv4 Exception Return (only as an err_type)
 * @ETE_PKT_T_NUM_DS_MKR: ETMv4 Numbered Data Sync Mark (only as an err_type)
 * @ETE_PKT_T_UNNUM_DS_MKR: ETMv4 Unnumbered Data Sync Mark (only as an
 *	err_type)
 * @ETE_PKT_T_COND_I_F1: ETMv4 Conditional Instruction format 1 (only as an
 *	err_type)
 * @ETE_PKT_T_COND_I_F2: ETMv4 Conditional Instruction format 2 (ditto)
 * @ETE_PKT_T_COND_I_F3: ETMv4 Conditional Instruction format 3 (ditto)
 * @ETE_PKT_T_COND_FLUSH: ETMv4 Conditional Flush (ditto)
 * @ETE_PKT_T_COND_RES_F1: ETMv4 Conditional Result format 1 (ditto)
 * @ETE_PKT_T_COND_RES_F2: ETMv4 Conditional Result format 2 (ditto)
 * @ETE_PKT_T_COND_RES_F3: ETMv4 Conditional Result format 3 (ditto)
 * @ETE_PKT_T_COND_RES_F4: ETMv4 Conditional Result format 4 (ditto)
 * @ETE_PKT_T_COUNT: number of types
 *
 * The error types describe bytes that did not form a packet; for those,
 * &struct ete_pkt.err_type gives the type the header announced.
 */
enum ete_pkt_type {
	ETE_PKT_T_NONE = 0,
	/* decoder states and errors */
	ETE_PKT_T_NOT_SYNC,
	ETE_PKT_T_INCOMPLETE_EOT,
	ETE_PKT_T_BAD_SEQUENCE,
	ETE_PKT_T_RESERVED,
	ETE_PKT_T_RESERVED_CFG,
	/* synchronisation and extension */
	ETE_PKT_T_EXTENSION,
	ETE_PKT_T_ASYNC,
	ETE_PKT_T_DISCARD,
	ETE_PKT_T_OVERFLOW,
	ETE_PKT_T_TRACE_INFO,
	ETE_PKT_T_TRACE_ON,
	ETE_PKT_T_TIMESTAMP,
	ETE_PKT_T_TS_MARKER,
	/* exceptions and transactions */
	ETE_PKT_T_EXCEPT,
	ETE_PKT_T_PE_RESET,
	ETE_PKT_T_TRANS_FAIL,
	ETE_PKT_T_TRANS_ST,
	ETE_PKT_T_TRANS_COMMIT,
	ETE_PKT_T_ITE,
	/* cycle counts */
	ETE_PKT_T_CCNT_F1,
	ETE_PKT_T_CCNT_F2,
	ETE_PKT_T_CCNT_F3,
	/* speculation */
	ETE_PKT_T_COMMIT,
	ETE_PKT_T_CANCEL_F1,
	ETE_PKT_T_CANCEL_F1_MISPRED,
	ETE_PKT_T_CANCEL_F2,
	ETE_PKT_T_CANCEL_F3,
	ETE_PKT_T_MISPREDICT,
	/* events */
	ETE_PKT_T_IGNORE,
	ETE_PKT_T_EVENT,
	/* context and addresses */
	ETE_PKT_T_CTXT,
	ETE_PKT_T_ADDR_CTXT_L_32IS0,
	ETE_PKT_T_ADDR_CTXT_L_32IS1,
	ETE_PKT_T_ADDR_CTXT_L_64IS0,
	ETE_PKT_T_ADDR_CTXT_L_64IS1,
	ETE_PKT_T_ADDR_MATCH,
	ETE_PKT_T_ADDR_S_IS0,
	ETE_PKT_T_ADDR_S_IS1,
	ETE_PKT_T_ADDR_L_32IS0,
	ETE_PKT_T_ADDR_L_32IS1,
	ETE_PKT_T_ADDR_L_64IS0,
	ETE_PKT_T_ADDR_L_64IS1,
	ETE_PKT_T_Q,
	ETE_PKT_T_SRC_ADDR_MATCH,
	ETE_PKT_T_SRC_ADDR_S_IS0,
	ETE_PKT_T_SRC_ADDR_S_IS1,
	ETE_PKT_T_SRC_ADDR_L_32IS0,
	ETE_PKT_T_SRC_ADDR_L_32IS1,
	ETE_PKT_T_SRC_ADDR_L_64IS0,
	ETE_PKT_T_SRC_ADDR_L_64IS1,
	/* atoms */
	ETE_PKT_T_ATOM_F1,
	ETE_PKT_T_ATOM_F2,
	ETE_PKT_T_ATOM_F3,
	ETE_PKT_T_ATOM_F4,
	ETE_PKT_T_ATOM_F5,
	ETE_PKT_T_ATOM_F6,
	/* ETMv4 headers that ETE reserves (only as err_type) */
	ETE_PKT_T_FUNC_RET,
	ETE_PKT_T_EXCEPT_RTN,
	ETE_PKT_T_NUM_DS_MKR,
	ETE_PKT_T_UNNUM_DS_MKR,
	ETE_PKT_T_COND_I_F1,
	ETE_PKT_T_COND_I_F2,
	ETE_PKT_T_COND_I_F3,
	ETE_PKT_T_COND_FLUSH,
	ETE_PKT_T_COND_RES_F1,
	ETE_PKT_T_COND_RES_F2,
	ETE_PKT_T_COND_RES_F3,
	ETE_PKT_T_COND_RES_F4,
	ETE_PKT_T_COUNT
};

/**
 * struct ete_pkt_config - trace unit registers that shape the packets
 * @trcidr0: TRCIDR0 (cycle counting, Q support, commit mode)
 * @trcidr1: TRCIDR1
 * @trcidr2: TRCIDR2 (VMID, CONTEXTID and cycle counter sizes)
 * @trcidr8: TRCIDR8 (maximum speculation depth)
 * @trcconfigr: TRCCONFIGR
 * @trcdevarch: TRCDEVARCH (ETE version: ARCHVER 5, REVISION = minor)
 * @trctraceidr: TRCTRACEIDR
 *
 * These are the registers a CoreSight snapshot's ETE device .ini and perf's
 * cs_etm ETE metadata record.
 */
struct ete_pkt_config {
	uint32_t trcidr0;
	uint32_t trcidr1;
	uint32_t trcidr2;
	uint32_t trcidr8;
	uint32_t trcconfigr;
	uint32_t trcdevarch;
	uint32_t trctraceidr;
};

/**
 * struct ete_pkt_addr - an instruction address as the packets left it
 * @val: the address after this packet's update
 * @valid_bits: how many low bits are known (64 after a Trace Info)
 * @pkt_bits: how many low bits this packet supplied
 * @is: instruction set (0: IS0 / A64, 1: IS1)
 */
struct ete_pkt_addr {
	uint64_t val;
	uint8_t valid_bits;
	uint8_t pkt_bits;
	uint8_t is;
};

/**
 * struct ete_pkt_ctx - PE context as the packets left it
 * @el: exception level
 * @sf: 1 for AArch64
 * @ns: NS bit; with @nse: 00 Secure, 01 Non-secure, 10 Root, 11 Realm
 * @nse: NSE bit (FEAT_RME)
 * @valid: a context packet has been seen since sync
 * @updated: this packet carried a context (else "same as before")
 * @vmid_updated: this packet carried a VMID
 * @cid_updated: this packet carried a CONTEXTID
 * @vmid: current VMID
 * @cid: current CONTEXTID
 */
struct ete_pkt_ctx {
	uint8_t el;
	uint8_t sf;
	uint8_t ns;
	uint8_t nse;
	uint8_t valid;
	uint8_t updated;
	uint8_t vmid_updated;
	uint8_t cid_updated;
	uint32_t vmid;
	uint32_t cid;
};

/**
 * struct ete_pkt - one decoded packet
 *
 * Fields that the packet's type does not use are left unspecified (the
 * decoder does not clear them, to keep the per-packet cost low).
 *
 * @offset: index of the packet's first byte (see ete_pkt_decode())
 * @type: packet type
 * @err_type: for error types, the type the header announced
 * @len: bytes the packet spans
 * @hdr: header byte
 * @addr: address state after the packet (address packets, Q, exact match)
 * @ctx: context state after the packet (context packets)
 * @ts: timestamp value after the packet (Timestamp)
 * @ts_bits: timestamp bits this packet updated
 * @cc: cycle count (Timestamp with CC, cycle count packets)
 * @cc_valid: @cc is present in this packet
 * @cc_threshold: threshold from the last Trace Info CYCT section
 * @commit: commit count (Commit, cycle count packets)
 * @commit_valid: @commit is present in this packet
 * @cancel: cancel count (Cancel packets)
 * @atom_bits: atoms, oldest in bit 0, 1 = E (atoms, Mispredict, Cancel)
 * @atom_num: number of atoms in @atom_bits
 * @match_idx: exact-match address register index (0-2)
 * @event: event bits (Event)
 * @tinfo: Trace Info fields
 * @exc: Exception fields
 * @q: Q packet fields
 * @ite: Instrumentation fields
 */
struct ete_pkt {
	uint64_t offset;
	enum ete_pkt_type type;
	enum ete_pkt_type err_type;
	uint8_t len;
	uint8_t hdr;
	struct ete_pkt_addr addr;
	struct ete_pkt_ctx ctx;
	uint64_t ts;
	uint8_t ts_bits;
	uint8_t cc_valid;
	uint8_t commit_valid;
	uint8_t atom_num;
	uint32_t cc;
	uint32_t cc_threshold;
	uint32_t commit;
	uint32_t cancel;
	uint32_t atom_bits;
	uint8_t match_idx;
	uint8_t event;
	struct {
		uint32_t info;		/* INFO section (0 when absent) */
		uint32_t key;
		uint32_t spec;		/* current speculation depth */
		uint32_t cyct;
		uint8_t sections;	/* ETE_TINFO_SECT_* present */
		uint8_t initial;	/* first Trace Info since reset */
	} tinfo;
	struct {
		uint16_t type;		/* exception number */
		uint8_t addr_interp;	/* E1:E0 */
		uint8_t fault_pending;
	} exc;
	struct {
		uint32_t count;
		uint8_t type;		/* Q format (low nibble of header) */
		uint8_t count_present;
		uint8_t addr_present;
		uint8_t addr_match;
	} q;
	struct {
		uint8_t el;
		uint64_t value;
	} ite;
};

/**
 * struct ete_pkt_decoder - packet decoder state (caller-owned, opaque)
 *
 * Fields are private to libete; they are here so that the caller can
 * embed or stack-allocate the decoder.  Memory use is fixed.
 */
struct ete_pkt_decoder {
	/* private: */
	/* configuration derived from the registers */
	uint8_t hdr_type[256];		/* header -> enum ete_pkt_type */
	uint8_t hdr_parser[256];	/* header -> payload parser */
	uint64_t hdr_fast[256];		/* header -> ete_pkt_decode_batch() path */
	uint8_t fast_ready;		/* hdr_fast[] built */
	uint8_t fast_wait;		/* packets the batch path declined */
	uint32_t max_spec;
	uint32_t cc_mask;
	uint8_t vmid_bytes;
	uint8_t cid_bytes;
	uint8_t commit_opt1;
	uint8_t ete_minor;
	/* synchronisation */
	uint8_t synced;
	uint8_t sent_notsync;
	uint8_t sync_mode;
	uint8_t first_tinfo_seen;
	/* partial packet carried between calls */
	uint8_t part[ETE_PKT_MAX_LEN];
	uint8_t part_len;
	uint64_t part_index;
	/* state shared between packets */
	struct ete_pkt_addr addr;
	struct ete_pkt_addr stack[3];
	struct ete_pkt_ctx ctx;
	uint64_t ts;
	uint8_t ts_valid;
	uint8_t cc_threshold_valid;
	uint32_t cc_threshold;
	uint32_t spec_depth;
	uint32_t info;
};

/**
 * ete_pkt_decoder_init() - set up a decoder for one trace source
 * @dec: decoder to initialise
 * @cfg: the source's trace unit registers
 *
 * Return: %ETE_PKT_OK, or %ETE_PKT_ERR_INVAL when @cfg does not describe an
 * ETE (TRCDEVARCH.ARCHVER != 5).
 */
int ete_pkt_decoder_init(struct ete_pkt_decoder *dec,
			 const struct ete_pkt_config *cfg);

/**
 * ete_pkt_decoder_reset() - forget all state, as at the start of a trace
 * @dec: decoder
 *
 * The configuration is kept; the decoder searches for an A-Sync again.
 */
void ete_pkt_decoder_reset(struct ete_pkt_decoder *dec);

/**
 * ete_pkt_decode() - decode the next packet
 * @dec: decoder
 * @buf: trace bytes
 * @len: number of bytes at @buf
 * @index: index of @buf[0] in the trace; byte i has index @index + i
 * @used: set to the number of bytes consumed from @buf
 * @pkt: filled with the packet (or the bytes in error)
 *
 * Consumes bytes until one packet is complete.  A packet may span calls:
 * bytes of an incomplete packet are kept in @dec and the call returns
 * %ETE_PKT_MORE with *@used == @len.  Before the first A-Sync the decoder
 * skips bytes and reports them once as an %ETE_PKT_T_NOT_SYNC packet.
 *
 * Return: %ETE_PKT_OK, %ETE_PKT_MORE, or a negative &enum ete_pkt_status.
 */
int ete_pkt_decode(struct ete_pkt_decoder *dec, const uint8_t *buf,
		   size_t len, uint64_t index, size_t *used,
		   struct ete_pkt *pkt);

/**
 * struct ete_pkt_rec - one packet in compact form (ete_pkt_decode_batch())
 * @off: offset of the packet's first byte from the call's @buf
 * @type: &enum ete_pkt_type
 * @len: bytes the packet spans
 * @hdr: header byte
 * @num: atoms, Mispredict, Cancel F2/F3: number of atoms; addresses
 *	(including Exact Match): instruction set (IS); Exception: address
 *	interpretation E1:E0; cycle counts: bit 0 count present, bit 1
 *	commit present; Context and Address with Context: bit 0 IS (0 for
 *	Context), bits 2:1 EL, bit 3 SF, bit 4 NS, bit 5 NSE, bit 6 VMID
 *	updated, bit 7 CONTEXTID updated (%ETE_PKT_REC_CTX_*); Timestamp:
 *	bits 6:0 timestamp bits updated, bit 7 cycle count present
 * @val: atoms: E/N bits, oldest in bit 0; addresses (with context too):
 *	the address after this packet; Exception: exception number; Event:
 *	event bits; cycle counts: count in bits 31:0, commit in bits 63:32;
 *	Commit: commit count; Cancel F1: cancel count; Mispredict, Cancel
 *	F2/F3: atom bits in bits 31:0, cancel count in bits 63:32;
 *	Timestamp: the timestamp after this packet; Context: 0
 * @val2: Context and Address with Context: CONTEXTID in bits 31:0, VMID
 *	in bits 63:32 (the current ones, updated or not); Timestamp: the
 *	cycle count; unspecified for other types
 *
 * The same values as &struct ete_pkt's fields of those names, 24 bytes
 * instead of the full structure.  A Context or Address with Context
 * record stands for a context that is valid, and updated unless the
 * packet is the one-byte Context.
 */
struct ete_pkt_rec {
	uint32_t off;
	uint8_t type;
	uint8_t len;
	uint8_t hdr;
	uint8_t num;
	uint64_t val;
	uint64_t val2;
};

/* struct ete_pkt_rec.num of Context and Address with Context records */
#define ETE_PKT_REC_CTX_IS		0x01u
#define ETE_PKT_REC_CTX_EL_SHIFT	1
#define ETE_PKT_REC_CTX_EL		0x06u
#define ETE_PKT_REC_CTX_SF		0x08u
#define ETE_PKT_REC_CTX_NS		0x10u
#define ETE_PKT_REC_CTX_NSE		0x20u
#define ETE_PKT_REC_CTX_VMID		0x40u
#define ETE_PKT_REC_CTX_CID		0x80u
/* struct ete_pkt_rec.num of Timestamp records */
#define ETE_PKT_REC_TS_BITS		0x7fu
#define ETE_PKT_REC_TS_CC		0x80u

/**
 * ete_pkt_decode_batch() - decode many common packets in one call
 * @dec: decoder
 * @buf: trace bytes
 * @len: number of bytes at @buf
 * @used: set to the number of bytes consumed from @buf
 * @rec: filled with up to @max packets
 * @max: room at @rec
 *
 * The fast path of the packet layer: atoms, addresses, Exact Match,
 * exceptions, cycle counts, speculation, context, timestamps and the
 * one-byte packets, whole in @buf, decoded straight into compact records.
 * It stops before the first packet it does not handle (synchronisation,
 * Trace Info, Q, ITE, transaction failures, PE reset, errors, a packet cut
 * by the end of @buf or longer than 32 bytes, or anything while the
 * decoder is not synchronised or holds a partial packet): decode that
 * one with ete_pkt_decode(), then call this again.  Mixing the two calls
 * in this way gives the same packets and decoder state as
 * ete_pkt_decode() alone, whatever the chunking.
 *
 * The fast path's header table is built once the decoder has declined
 * 128 packets (over its life, resets included); until then every call
 * returns 0, so that a very short trace decoded once does not pay for
 * the table.
 *
 * Return: the number of records written; 0 when the next packet needs
 * ete_pkt_decode() (then *@used is 0).
 */
size_t ete_pkt_decode_batch(struct ete_pkt_decoder *dec, const uint8_t *buf,
			    size_t len, size_t *used, struct ete_pkt_rec *rec,
			    size_t max);

/**
 * ete_pkt_flush() - end of trace
 * @dec: decoder
 * @pkt: filled with the incomplete packet, if any
 *
 * Return: %ETE_PKT_EOT if no bytes were pending, else
 * %ETE_PKT_ERR_TRUNCATED with *@pkt of type %ETE_PKT_T_INCOMPLETE_EOT.
 * The pending bytes are dropped either way.
 */
int ete_pkt_flush(struct ete_pkt_decoder *dec, struct ete_pkt *pkt);

/**
 * ete_pkt_type_name() - OpenCSD-compatible name of a packet type
 * @type: packet type
 *
 * Return: a static string such as "I_ATOM_F1"; "I_UNKNOWN" if out of range.
 */
const char *ete_pkt_type_name(enum ete_pkt_type type);

/**
 * ete_pkt_status_name() - name of a status value
 * @status: an &enum ete_pkt_status value
 *
 * Return: a static string such as "ETE_PKT_ERR_HEADER".
 */
const char *ete_pkt_status_name(int status);

/**
 * ete_pkt_exception_name() - A-profile exception name
 * @type: exception number from an Exception packet
 *
 * Return: a static string such as "IRQ", "Reserved" when unnamed.
 */
const char *ete_pkt_exception_name(unsigned int type);

#ifdef __cplusplus
}
#endif

#endif /* _ETE_PKT_H */
