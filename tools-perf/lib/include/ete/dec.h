/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libete element layer: packets + memory image -> generic trace elements.
 *
 * The elements are those of OpenCSD's generic element list, with the same
 * meaning and order (its 1.8.0 listings are the reference): instruction
 * ranges followed through the image, exceptions, context changes,
 * timestamps, cycle counts, events, transactions, ITE instrumentation,
 * markers, and the synchronisation states (NO_SYNC, TRACE_ON, EO_TRACE).
 *
 * Speculation is resolved as ETE defines it: P0 elements (atoms,
 * exceptions, Q, source addresses, ...) wait on a fixed-size stack until a
 * Commit (explicit, or implied when the speculation depth exceeds
 * TRCIDR8.MAXSPEC) emits them, a Cancel drops the newest, a Mispredict
 * flips the newest atom; Discard and Overflow drop everything not yet
 * committed.
 *
 * Elements are delivered in batches to a sink callback - at most
 * %ETE_DEC_BATCH at a time and at the end of every ete_dec_decode() or
 * ete_dec_packet() call - so there is no callback per instruction and no
 * allocation after ete_dec_init().
 */
#ifndef _ETE_DEC_H
#define _ETE_DEC_H

#include <stddef.h>
#include <stdint.h>
#include <ete/pkt.h>
#include <ete/img.h>
#include <ete/a64.h>

#ifdef __cplusplus
extern "C" {
#endif

enum ete_dec_status {
	ETE_DEC_OK = 0,
	ETE_DEC_ERR_INVAL = -1,		/* bad configuration or argument */
	ETE_DEC_ERR_SINK = -2,		/* the sink returned non-zero */
};

/* Element types, in OpenCSD's numbering order. */
enum ete_elem_type {
	ETE_ELEM_UNKNOWN = 0,
	ETE_ELEM_NO_SYNC,
	ETE_ELEM_TRACE_ON,
	ETE_ELEM_EO_TRACE,
	ETE_ELEM_PE_CONTEXT,
	ETE_ELEM_INSTR_RANGE,
	ETE_ELEM_I_RANGE_NOPATH,
	ETE_ELEM_ADDR_NACC,
	ETE_ELEM_ADDR_UNKNOWN,
	ETE_ELEM_EXCEPTION,
	ETE_ELEM_EXCEPTION_RET,
	ETE_ELEM_TIMESTAMP,
	ETE_ELEM_CYCLE_COUNT,
	ETE_ELEM_EVENT,
	ETE_ELEM_SWTRACE,
	ETE_ELEM_SYNC_MARKER,
	ETE_ELEM_MEMTRANS,
	ETE_ELEM_INSTRUMENTATION,
	ETE_ELEM_CUSTOM,
	ETE_ELEM_TYPE_COUNT
};

/* Reasons for NO_SYNC, EO_TRACE (@reason) */
enum ete_unsync_reason {
	ETE_UNSYNC_UNKNOWN = 0,
	ETE_UNSYNC_INIT_DECODER,
	ETE_UNSYNC_RESET_DECODER,
	ETE_UNSYNC_OVERFLOW,
	ETE_UNSYNC_DISCARD,
	ETE_UNSYNC_BAD_PACKET,
	ETE_UNSYNC_BAD_IMAGE,
	ETE_UNSYNC_EOT,
};

/* Reasons for TRACE_ON */
enum ete_trace_on_reason {
	ETE_TRACE_ON_NORMAL = 0,	/* "begin or filter" */
	ETE_TRACE_ON_OVERFLOW,
	ETE_TRACE_ON_EX_DEBUG,
};

/* MEMTRANS kinds */
enum ete_memtrans {
	ETE_MEMTRANS_INIT = 0,		/* trace started inside a transaction */
	ETE_MEMTRANS_START,
	ETE_MEMTRANS_COMMIT,
	ETE_MEMTRANS_FAIL,
};

/* Security state of a PE context */
enum ete_sec {
	ETE_SEC_SECURE = 0,
	ETE_SEC_NONSECURE,
	ETE_SEC_ROOT,
	ETE_SEC_REALM,
};

/* Memory spaces (ADDR_NACC @num), numbered as OpenCSD's */
#define ETE_MS_EL1S	0x01u
#define ETE_MS_EL1N	0x02u
#define ETE_MS_EL2	0x04u
#define ETE_MS_EL3	0x08u
#define ETE_MS_EL2S	0x10u
#define ETE_MS_EL1R	0x20u
#define ETE_MS_EL2R	0x40u
#define ETE_MS_ROOT	0x80u

/**
 * struct ete_elem - one generic trace element
 * @offset: byte index of the packet that produced it
 * @type: &enum ete_elem_type
 * @isa: &enum ete_isa (INSTR_RANGE, I_RANGE_NOPATH, PE_CONTEXT)
 * @exec: INSTR_RANGE: last instruction executed (E) or not (N)
 * @last_cls: INSTR_RANGE: last instruction's &enum ete_insn_class
 * @last_sub: INSTR_RANGE: last instruction's &enum ete_insn_sub
 * @last_cond: INSTR_RANGE: last instruction is conditional
 * @last_size: INSTR_RANGE: last instruction's size in bytes
 * @reason: NO_SYNC/EO_TRACE: &enum ete_unsync_reason; TRACE_ON:
 *	&enum ete_trace_on_reason; MEMTRANS: &enum ete_memtrans
 * @has_cc: @cc is valid (CYCLE_COUNT, TIMESTAMP with cycle count)
 * @ret_is_target: EXCEPTION: the return address is also the target of
 *	the previous branch
 * @start: INSTR_RANGE, I_RANGE_NOPATH: first instruction; ADDR_NACC: the
 *	address that could not be read
 * @end: INSTR_RANGE, I_RANGE_NOPATH: end (exclusive); EXCEPTION: preferred
 *	return address
 * @ninsn: INSTR_RANGE, I_RANGE_NOPATH: instruction count
 * @num: EXCEPTION: exception number; EVENT: event number; ADDR_NACC:
 *	memory space (ETE_MS_*); SYNC_MARKER: marker value
 * @cc: cycle count
 * @ts: TIMESTAMP: timestamp; INSTRUMENTATION: payload
 * @ctx: PE_CONTEXT: context (EL, security, width, VMID, CONTEXTID);
 *	INSTRUMENTATION: @ctx.el is the EL field
 */
struct ete_elem {
	uint64_t offset;
	uint64_t start;
	uint64_t end;
	uint64_t ts;
	uint32_t ninsn;
	uint32_t num;
	uint32_t cc;
	uint8_t type;
	uint8_t isa;
	uint8_t exec;
	uint8_t last_cls;
	uint8_t last_sub;
	uint8_t last_cond;
	uint8_t last_size;
	uint8_t reason;
	uint8_t has_cc;
	uint8_t ret_is_target;
	struct {
		uint8_t el;
		uint8_t sec;
		uint8_t sf;
		uint8_t vmid_valid;
		uint8_t cid_valid;
		uint32_t vmid;
		uint32_t cid;
	} ctx;
};

/**
 * typedef ete_dec_sink_fn - receives the elements, in trace order
 * @ctx: the caller's pointer given to ete_dec_init()
 * @elem: the elements
 * @n: how many at @elem
 *
 * Return: 0 to go on; non-zero stops decoding: that call and every later
 * ete_dec_decode() and ete_dec_flush() return %ETE_DEC_ERR_SINK without
 * calling the sink again (the elements not yet delivered are dropped)
 * until ete_dec_reset().
 */
typedef int (*ete_dec_sink_fn)(void *ctx, const struct ete_elem *elem,
			       size_t n);

/**
 * typedef ete_dec_ctx_fn - context hook
 * @ctx: the caller's pointer given to ete_dec_set_ctx_fn()
 * @elem: the PE_CONTEXT element
 *
 * Told of each PE_CONTEXT element as it is made, before any later
 * instruction range is followed through the image.  Elements reach the
 * sink in batches, after the ranges of the batch were walked; a caller
 * whose image depends on the context (another process's code at the same
 * addresses) switches or invalidates it here.
 */
typedef void (*ete_dec_ctx_fn)(void *ctx, const struct ete_elem *elem);

/* Decode options (struct ete_dec_config.flags) */
#define ETE_DEC_F_SRC_ADDR_N	0x1u	/* report N atoms implied by source
					 * address packets as ranges
					 * (OpenCSD's -src_addr_n) */
#define ETE_DEC_F_CMPBR_UNCOND	0x2u	/* CB<cc>, CBB<cc>, CBH<cc> ranges
					 * not marked conditional, as
					 * OpenCSD 1.8.0 lists them */

/**
 * struct ete_dec_config - what an element decoder needs
 * @pkt: the trace unit's registers (as for the packet layer)
 * @trace_id: ID the elements are reported under (normally TRCTRACEIDR)
 * @flags: ETE_DEC_F_* options
 */
struct ete_dec_config {
	struct ete_pkt_config pkt;
	unsigned int trace_id;
	unsigned int flags;
};

#define ETE_DEC_BATCH		256	/* elements per sink call, at most */
#define ETE_DEC_P0_MAX		1024	/* speculation stack entries */
#define ETE_DEC_RET_STACK	16	/* return stack entries */

/* One speculation stack entry (private). */
struct ete_p0 {
	uint64_t offset;
	uint64_t addr;
	struct ete_pkt_ctx ctx;
	uint64_t value;			/* TS, ITE payload */
	uint32_t param;			/* CC, event, exception, Q count */
	uint32_t atoms;			/* pending atoms, oldest in bit 0 */
	uint8_t natoms;
	uint8_t kind;
	uint8_t is_p0;
	uint8_t is;			/* address instruction set */
	uint8_t flag;			/* exception: ret addr is target;
					 * Q: has address; TS: has CC */
	uint8_t el;			/* ITE EL */
	uint8_t pkt_type;
};

/**
 * struct ete_dec - element decoder (caller-owned; fields private)
 *
 * Large (the speculation stack and the output batch are inside it):
 * allocate it rather than putting it on a small stack.
 */
struct ete_dec {
	/* private: */
	struct ete_pkt_decoder pkt;
	struct ete_dec_config cfg;
	struct ete_img *img;
	ete_dec_sink_fn sink;
	void *sink_ctx;
	int sink_err;
	ete_dec_ctx_fn ctx_fn;
	void *ctx_fn_ctx;

	/* configuration derived from the registers */
	uint32_t max_spec;
	uint8_t insn_flags;		/* ETE_INSN_F_* */
	uint8_t ts_with_cc;
	uint8_t has_ts_marker;
	uint8_t comm_trans_p0;
	uint8_t ret_stack_on;

	/* synchronisation */
	uint8_t state;
	uint8_t unsync;			/* reason for the next NO_SYNC */
	uint8_t need_ctxt;
	uint8_t need_addr;
	uint8_t elem_pending_addr;
	uint8_t prev_overflow;
	uint8_t first_ts_marker;
	uint8_t last_is;

	/* where the PE is */
	uint64_t addr;
	uint8_t isa;
	uint8_t is64;
	uint8_t el;
	uint8_t sec;
	uint8_t range_check;		/* next range must start at... */
	uint64_t range_next;

	/* VMID / CONTEXTID once seen stay in every later PE_CONTEXT */
	uint8_t vmid_valid;
	uint8_t cid_valid;
	uint32_t vmid;
	uint32_t cid;

	/* speculation */
	uint32_t spec_depth;
	uint32_t res_commit;
	uint32_t res_cancel;
	uint8_t res_mispredict;
	uint8_t res_discard;
	uint32_t p0_head;		/* oldest */
	uint32_t p0_n;

	/* return stack */
	uint64_t rs_addr[ETE_DEC_RET_STACK];
	uint8_t rs_isa[ETE_DEC_RET_STACK];
	uint8_t rs_n;
	uint8_t rs_head;
	uint8_t rs_pop_pending;

	uint64_t pkt_offset;		/* packet being decoded */
	size_t nout;			/* elements in @out */

	/* statistics */
	uint64_t n_packets;
	uint64_t n_elems;
	uint64_t n_insns;

	/* big arrays last: ete_dec_init() clears only what is above */
	struct ete_p0 p0[ETE_DEC_P0_MAX];
	struct ete_elem out[ETE_DEC_BATCH];
};

/**
 * ete_dec_init() - set up an element decoder
 * @dec: decoder
 * @cfg: registers, trace ID and options
 * @img: memory image (shared, caller-owned; may be shared between
 *	decoders)
 * @sink: receives the elements
 * @ctx: passed to @sink
 *
 * Return: %ETE_DEC_OK or %ETE_DEC_ERR_INVAL.
 */
int ete_dec_init(struct ete_dec *dec, const struct ete_dec_config *cfg,
		 struct ete_img *img, ete_dec_sink_fn sink, void *ctx);

/**
 * ete_dec_set_ctx_fn() - call @fn with every PE_CONTEXT element as it is
 *	made (see &ete_dec_ctx_fn); NULL stops it
 * @dec: decoder, after ete_dec_init()
 * @fn: the hook
 * @ctx: passed to @fn
 */
void ete_dec_set_ctx_fn(struct ete_dec *dec, ete_dec_ctx_fn fn, void *ctx);

/**
 * ete_dec_set_img() - follow later ranges through @img
 * @dec: decoder
 * @img: memory image (caller-owned)
 *
 * For a caller with an image per process, from its context hook: the
 * ranges after the PE_CONTEXT are walked through @img.
 */
void ete_dec_set_img(struct ete_dec *dec, struct ete_img *img);

/**
 * ete_dec_reset() - back to the unsynchronised state
 * @dec: decoder
 *
 * As at the start of a new trace session: the next packet reports a
 * NO_SYNC with reason "reset-decoder".  Ends a stop by the sink: later
 * calls deliver elements again.
 */
void ete_dec_reset(struct ete_dec *dec);

/**
 * ete_dec_decode() - decode raw trace bytes
 * @dec: decoder
 * @buf: trace bytes
 * @len: bytes at @buf
 * @index: trace index of @buf[0]
 *
 * Runs the packet layer and the element layer over all of @buf; packets
 * may span calls.  Packet errors are reported as the listings do (NO_SYNC
 * with reason "bad-packet", then decoding waits for the next sync).
 *
 * Return: %ETE_DEC_OK or %ETE_DEC_ERR_SINK.
 */
int ete_dec_decode(struct ete_dec *dec, const uint8_t *buf, size_t len,
		   uint64_t index);

/**
 * ete_dec_packet() - decode one packet from elsewhere
 * @dec: decoder
 * @pkt: a packet from ete_pkt_decode() or ete_pkt_flush(), errors included
 *	(their packet types say what went wrong, so no status is needed)
 *
 * For callers that run the packet layer themselves (e.g. to print the
 * packets too).  Do not mix with ete_dec_decode() on the same decoder.
 *
 * Return: %ETE_DEC_OK or %ETE_DEC_ERR_SINK.
 */
int ete_dec_packet(struct ete_dec *dec, const struct ete_pkt *pkt);

/**
 * ete_dec_flush() - end of trace
 * @dec: decoder
 *
 * Drops a packet left incomplete, emits what the end of trace commits
 * (elements that need no commit) and an EO_TRACE element.
 *
 * Return: %ETE_DEC_OK or %ETE_DEC_ERR_SINK.
 */
int ete_dec_flush(struct ete_dec *dec);

/**
 * ete_elem_type_name() - OpenCSD-compatible name of an element type
 * @type: &enum ete_elem_type
 *
 * Return: a static string such as "INSTR_RANGE"; "UNKNOWN" if out of range.
 */
const char *ete_elem_type_name(unsigned int type);

#ifdef __cplusplus
}
#endif

#endif /* _ETE_DEC_H */
