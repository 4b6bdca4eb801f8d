/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libete encoder: an execution path -> the ETE byte stream a trace unit
 * would emit for it.
 *
 * The caller describes what the PE did, one event at a time: instruction
 * ranges ending in a branch (taken or not, with the target of indirect
 * branches), exceptions, context changes, trace on/off, timestamps, cycle
 * counts, instrumentation and transactions.  The encoder turns them into
 * packets as the trace unit configured by TRCCONFIGR and the TRCIDRs would,
 * choosing the densest legal forms (address compression against the
 * three-entry address history, atom packing into formats 1-6), and writes
 * the bytes into a caller buffer or through a callback.
 *
 * Cost per event is a few compares and stores; nothing is allocated, no
 * work is done per instruction (the caller gives ranges) and memory use is
 * fixed (struct ete_enc, caller-owned).  The library never prints; errors
 * are negative status values.
 */
#ifndef _ETE_ENC_H
#define _ETE_ENC_H

#include <stddef.h>
#include <stdint.h>
#include <ete/pkt.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * enum ete_enc_status - result of the ete_enc_*() calls
 * @ETE_ENC_OK: the event was encoded
 * @ETE_ENC_FULL: the output is full; bytes from here on are dropped, as a
 *	TRBE stops at its limit (see ete_enc_bytes())
 * @ETE_ENC_ERR_INVAL: bad argument, or registers that are not an ETE's
 * @ETE_ENC_ERR_PATH: the event does not continue the path (a range that
 *	does not start where the previous event left the PE)
 * @ETE_ENC_ERR_STATE: the event is not possible now (trace is off) or in
 *	this configuration (instrumentation before ETE 1.3, a cycle count
 *	with cycle counting disabled or below the threshold)
 */
enum ete_enc_status {
	ETE_ENC_OK = 0,
	ETE_ENC_FULL = 1,
	ETE_ENC_ERR_INVAL = -1,
	ETE_ENC_ERR_PATH = -2,
	ETE_ENC_ERR_STATE = -3,
};

/**
 * struct ete_enc_config - the trace unit the encoder plays
 * @regs: TRCIDR0/1/2/8, TRCCONFIGR, TRCDEVARCH, TRCTRACEIDR: the same
 *	registers a decoder is given (struct ete_pkt_config)
 * @trcsyncpr: TRCSYNCPR; PERIOD n > 0 emits A-Sync + Trace Info once at
 *	least 2^n bytes were written since the last one (0: only at start)
 * @trcccctlr: TRCCCCTLR; THRESHOLD is the smallest cycle count traced
 */
struct ete_enc_config {
	struct ete_pkt_config regs;
	uint32_t trcsyncpr;
	uint32_t trcccctlr;
};

/**
 * struct ete_enc_ctx - PE context as ETE traces it
 * @el: exception level 0-3
 * @ns: NS; with @nse: 00 Secure, 01 Non-secure, 10 Root, 11 Realm
 * @nse: NSE (FEAT_RME)
 * @sf: 1 for AArch64
 * @vmid: VMID (traced when TRCCONFIGR.VMID and TRCIDR2.VMIDSIZE say so)
 * @cid: CONTEXTIDR_EL1 (traced when TRCCONFIGR.CID and TRCIDR2.CIDSIZE)
 */
struct ete_enc_ctx {
	uint8_t el;
	uint8_t ns;
	uint8_t nse;
	uint8_t sf;
	uint32_t vmid;
	uint32_t cid;
};

/* ete_enc_branch() flags */
#define ETE_ENC_TAKEN		0x1u	/* E atom (else N) */
#define ETE_ENC_INDIRECT	0x2u	/* target not in the opcode: traced */
#define ETE_ENC_IS1		0x4u	/* @next is in instruction set 1 (T32) */
#define ETE_ENC_LINK		0x8u	/* a branch with link (BL, BLR) */
#define ETE_ENC_BROADCAST	0x10u	/* a direct branch's target traced too
					 * (branch broadcast, TRCCONFIGR.BB) */

/*
 * The trace unit's return stack (TRCCONFIGR.RS): as deep as the decoders'
 * (ETE_DEC_RET_STACK, OpenCSD's), so no address it omits is one they
 * have dropped.
 */
#define ETE_ENC_RET_STACK	16

/* Bytes the encoder stages before calling an ete_enc_write_fn. */
#define ETE_ENC_STAGE_LEN	512
/* Longest packet sequence one call emits between buffer checks. */
#define ETE_ENC_PKT_MAX		32

/**
 * typedef ete_enc_write_fn - output callback
 * @priv: the caller's pointer given to ete_enc_set_sink()
 * @buf: bytes to write
 * @len: how many
 *
 * Return: bytes accepted; fewer than @len means the sink is full: the
 * encoder drops everything after them and reports %ETE_ENC_FULL.
 */
typedef size_t (*ete_enc_write_fn)(void *priv, const uint8_t *buf,
				   size_t len);

/**
 * struct ete_enc - encoder state (caller-owned, fields private)
 *
 * Fixed size; embed it or put it on the stack.  One per trace unit.
 */
struct ete_enc {
	/* private: */
	/* configuration */
	uint64_t sync_period;
	uint32_t max_spec;
	uint32_t cc_threshold;
	uint32_t cc_max;
	uint8_t vmid_bytes;
	uint8_t cid_bytes;
	uint8_t cci;
	uint8_t ts_en;
	uint8_t commopt1;
	uint8_t ite_ok;
	uint8_t ts_marker;	/* ETE 1.1+ with TS: a marker per timestamp */
	uint8_t tx_p0;		/* Transaction Start is P0 (COMMTRANS 0) */
	/* output window: caller buffer or the staging buffer */
	uint8_t *out;
	size_t out_size;
	size_t out_pos;
	ete_enc_write_fn sink;
	void *sink_priv;
	uint64_t delivered;	/* bytes the buffer/sink took */
	uint64_t produced;	/* bytes generated, taken or not */
	uint64_t next_sync;	/* produced count that triggers a sync */
	uint8_t full;
	/* what the decoder knows */
	uint8_t started;
	uint8_t on;		/* trace enabled (not in a filter gap) */
	uint8_t pc_valid;
	uint8_t addr_pending;	/* pc must be traced before the next P0 */
	uint8_t ctx_force;	/* next address carries a full context */
	uint8_t ctx_sent_valid;
	uint8_t is;		/* instruction set of pc */
	uint8_t sync_pending;
	uint8_t natoms;
	uint32_t atoms;		/* oldest in bit 0, 1 = E */
	uint32_t spec;		/* uncommitted P0 elements */
	uint64_t pc;		/* next instruction the PE executes */
	uint64_t hist[3];	/* address history, newest first */
	uint8_t hist_is[3];
	uint64_t ts;
	uint8_t ts_valid;
	struct ete_enc_ctx ctx;		/* PE context now */
	struct ete_enc_ctx ctx_sent;	/* context the decoder has */
	/* the time a Trace Info's timestamp takes (ete_enc_set_clock()) */
	uint64_t (*clock)(void *priv);
	void *clock_priv;
	/* the return stack (TRCCONFIGR.RS), newest at rs_head */
	uint8_t rs_on;
	uint8_t rs_n;
	uint8_t rs_head;
	uint64_t rs_addr[ETE_ENC_RET_STACK];
	uint8_t rs_is[ETE_ENC_RET_STACK];
	/* the entry the last P0 popped, its address left out */
	uint8_t rs_omitted;
	uint8_t rs_omitted_is;
	uint64_t rs_omitted_addr;
	uint8_t tmp[ETE_ENC_PKT_MAX];
	uint8_t stage[ETE_ENC_STAGE_LEN];
};

/**
 * ete_enc_init() - set up an encoder
 * @e: encoder
 * @cfg: the trace unit's registers
 * @ctx: PE context at the start of trace
 *
 * No output is set: call ete_enc_set_buffer() or ete_enc_set_sink()
 * before the first event.  The first event starts the trace with A-Sync,
 * Trace Info, Trace On and an address with context.
 *
 * Return: %ETE_ENC_OK or %ETE_ENC_ERR_INVAL.
 */
int ete_enc_init(struct ete_enc *e, const struct ete_enc_config *cfg,
		 const struct ete_enc_ctx *ctx);

/**
 * ete_enc_set_buffer() - write into @buf, at most @size bytes
 * @e: encoder
 * @buf: output buffer
 * @size: its size
 *
 * Bytes go straight into @buf; once it is full the rest of the stream is
 * dropped at a byte boundary (mid-packet, as a TRBE cuts it) and calls
 * return %ETE_ENC_FULL.  Giving a new buffer after output was written
 * restarts the stream with a synchronisation sequence, as a decoder of the
 * new buffer needs.
 */
void ete_enc_set_buffer(struct ete_enc *e, uint8_t *buf, size_t size);

/**
 * ete_enc_set_sink() - write through @fn
 * @e: encoder
 * @fn: callback, given up to %ETE_ENC_STAGE_LEN bytes at a time
 * @priv: passed to @fn
 *
 * Bytes are staged in @e and handed over when the stage fills and by
 * ete_enc_flush().  Same restart rule as ete_enc_set_buffer().
 */
void ete_enc_set_sink(struct ete_enc *e, ete_enc_write_fn fn, void *priv);

/**
 * ete_enc_set_clock() - the time for the timestamps the trace unit makes
 *	on its own
 * @e: encoder
 * @now: returns the current timestamp value; NULL: none
 * @priv: passed to @now
 *
 * With TRCCONFIGR.TS a trace unit traces a timestamp after every Trace
 * Info (ETE "Timestamping"), the periodic ones included, which only the
 * encoder places: given a clock it does, with a marker from ETE 1.1.
 * Without one (the default) timestamps come only from
 * ete_enc_timestamp().
 */
void ete_enc_set_clock(struct ete_enc *e, uint64_t (*now)(void *priv),
		       void *priv);

/**
 * ete_enc_branch() - a range of instructions ending in a branch
 * @e: encoder
 * @start: address of the range's first instruction; must be where the
 *	previous event left the PE (its @next or target)
 * @next: address of the next instruction executed: the branch target if
 *	taken, the instruction after the branch if not
 * @flags: %ETE_ENC_TAKEN, %ETE_ENC_INDIRECT (the target is traced),
 *	%ETE_ENC_BROADCAST (a direct branch whose target is traced: branch
 *	broadcast, in a TRCBBCTLR region), %ETE_ENC_IS1
 *
 * One atom; for a taken indirect branch (BR, BLR, RET, ERET), or a taken
 * direct one with %ETE_ENC_BROADCAST, also the target address, emitted
 * before the next P0 element (an indirect one's may be left out for the
 * return stack: ete_enc_branch_link()).
 *
 * Return: %ETE_ENC_OK, %ETE_ENC_FULL or a negative status.
 */
int ete_enc_branch(struct ete_enc *e, uint64_t start, uint64_t next,
		   unsigned int flags);

/**
 * ete_enc_branch_link() - a range ending in a taken branch with link
 * @e: encoder
 * @start: as for ete_enc_branch()
 * @next: the branch target
 * @ret: the address after the branch (its return address)
 * @flags: as for ete_enc_branch(); %ETE_ENC_TAKEN is implied
 *
 * With TRCCONFIGR.RS the return stack keeps @ret: a later taken indirect
 * branch to the newest address on it is traced as an atom alone (its
 * address packet left out) and pops it, as a decoder pops it (ETE
 * "Return stack").  The stack empties at every Trace Info and Trace On.
 *
 * Return: as ete_enc_branch().
 */
int ete_enc_branch_link(struct ete_enc *e, uint64_t start, uint64_t next,
			uint64_t ret, unsigned int flags);

/**
 * ete_enc_exception() - an exception taken
 * @e: encoder
 * @type: ETE exception type (2 Call, 3 Trap, 0xe IRQ, ...; 0 and 0x18 are
 *	PE reset and transaction failure, see ete_enc_tx_fail())
 * @ret_addr: preferred return address: the instructions from the current
 *	address up to it (not included) executed, none of them a branch
 * @target: first instruction of the handler (the vector)
 * @ctx: context of the handler, or NULL if unchanged
 *
 * Emits Exception and the return address; the handler's context and
 * address follow before the next P0 element.
 *
 * Return: %ETE_ENC_OK, %ETE_ENC_FULL, %ETE_ENC_ERR_STATE while trace is
 * off, or %ETE_ENC_ERR_INVAL for a @type that does not fit the packet.
 */
int ete_enc_exception(struct ete_enc *e, unsigned int type,
		      uint64_t ret_addr, uint64_t target,
		      const struct ete_enc_ctx *ctx);

/**
 * ete_enc_context() - the context changed (from the next instruction on)
 * @e: encoder
 * @ctx: new context
 *
 * Traced before the next P0 element, merged with an address when one is
 * due; a change the configuration does not trace (VMID with
 * TRCCONFIGR.VMID clear) emits nothing.
 *
 * Return: %ETE_ENC_OK, %ETE_ENC_FULL, or %ETE_ENC_ERR_INVAL if @ctx is NULL.
 */
int ete_enc_context(struct ete_enc *e, const struct ete_enc_ctx *ctx);

/**
 * ete_enc_trace_off() - tracing stops (a ViewInst filter gap) after the
 *	last event
 * @e: encoder
 *
 * Return: %ETE_ENC_OK, or %ETE_ENC_FULL once the output is full.
 */
int ete_enc_trace_off(struct ete_enc *e);

/**
 * ete_enc_trace_on() - tracing resumes at @addr
 * @e: encoder
 * @addr: next instruction traced
 * @flags: %ETE_ENC_IS1 if @addr is T32
 *
 * Emits Trace On, then an address with context before the next P0.
 *
 * Return: %ETE_ENC_OK, %ETE_ENC_FULL, or %ETE_ENC_ERR_STATE if trace is
 * already on at a known address.
 */
int ete_enc_trace_on(struct ete_enc *e, uint64_t addr, unsigned int flags);

/**
 * ete_enc_timestamp() - a Timestamp packet
 * @e: encoder
 * @ts: timestamp value
 * @cc: cycle count carried with it when cycle counting is enabled
 *
 * Only the bits that changed since the previous timestamp are emitted.
 * Ignored when TRCCONFIGR.TS is clear.
 *
 * Return: %ETE_ENC_OK, or %ETE_ENC_FULL once the output is full.
 */
int ete_enc_timestamp(struct ete_enc *e, uint64_t ts, uint32_t cc);

/**
 * ete_enc_cycle_count() - cycles since the last cycle count, for the most
 *	recent P0 element
 * @e: encoder
 * @cycles: count, at least TRCCCCTLR.THRESHOLD, at most the counter size
 *
 * Return: %ETE_ENC_OK, %ETE_ENC_FULL, or %ETE_ENC_ERR_STATE when
 * TRCCONFIGR.CCI is clear or @cycles is out of range.
 */
int ete_enc_cycle_count(struct ete_enc *e, uint32_t cycles);

/**
 * ete_enc_ite() - an Instrumentation packet (FEAT_ITE, ETE 1.3)
 * @e: encoder
 * @el: exception level that wrote TRCITEEDCR's payload
 * @value: the 64-bit payload
 *
 * Emits nothing while trace is off.
 *
 * Return: %ETE_ENC_OK, %ETE_ENC_FULL, or %ETE_ENC_ERR_STATE when the trace
 * unit has no ITE (ETE before 1.3).
 */
int ete_enc_ite(struct ete_enc *e, uint8_t el, uint64_t value);

/**
 * ete_enc_tx_start() - TSTART: Transaction Start
 * @e: encoder
 *
 * Emits nothing while trace is off.
 *
 * Return: %ETE_ENC_OK, or %ETE_ENC_FULL once the output is full.
 */
int ete_enc_tx_start(struct ete_enc *e);

/**
 * ete_enc_tx_commit() - outer TCOMMIT: Transaction Commit
 * @e: encoder
 *
 * Emits nothing while trace is off.
 *
 * Return: %ETE_ENC_OK, or %ETE_ENC_FULL once the output is full.
 */
int ete_enc_tx_commit(struct ete_enc *e);

/**
 * ete_enc_tx_fail() - the transaction failed; execution restarts
 * @e: encoder
 * @restart: where the PE continues (after the outer TSTART)
 *
 * Return: %ETE_ENC_OK, or %ETE_ENC_FULL once the output is full.
 */
int ete_enc_tx_fail(struct ete_enc *e, uint64_t restart);

/**
 * ete_enc_overflow() - test knob: the trace unit overflowed here
 * @e: encoder
 *
 * Emits Overflow, then restarts the stream with A-Sync and Trace Info.
 *
 * Return: %ETE_ENC_OK, or %ETE_ENC_FULL once the output is full.
 */
int ete_enc_overflow(struct ete_enc *e);

/**
 * ete_enc_sync() - A-Sync and Trace Info before the next packet
 * @e: encoder
 *
 * Return: %ETE_ENC_OK, or %ETE_ENC_FULL once the output is full.
 */
int ete_enc_sync(struct ete_enc *e);

/**
 * ete_enc_flush() - emit the atoms held for packing and hand staged
 *	bytes to the sink
 * @e: encoder
 *
 * For a caller that must see the bytes up to the last event now (a TRBE
 * model at a buffer boundary).  Packing resumes with the next event.
 *
 * Return: %ETE_ENC_OK, or %ETE_ENC_FULL if the sink (or buffer) did not
 * take every byte.
 */
int ete_enc_flush(struct ete_enc *e);

/**
 * ete_enc_finish() - end of trace: flush, trace a pending target address,
 *	commit speculative elements
 * @e: encoder
 *
 * Return: %ETE_ENC_OK, or %ETE_ENC_FULL if the sink (or buffer) did not
 * take every byte.
 */
int ete_enc_finish(struct ete_enc *e);

/**
 * ete_enc_bytes() - bytes written to the buffer or accepted by the sink
 * @e: encoder
 *
 * Return: the byte count since ete_enc_init().
 */
uint64_t ete_enc_bytes(const struct ete_enc *e);

/**
 * ete_enc_status_name() - name of a status value
 * @status: an &enum ete_enc_status value
 *
 * Return: a static string such as "ETE_ENC_FULL"; "ETE_ENC_ERR_UNKNOWN"
 * for other values.
 */
const char *ete_enc_status_name(int status);

/**
 * enum ete_enc_ev_type - event kinds for ete_enc_event()
 * @ETE_EV_BRANCH: ete_enc_branch(): start, end (branch address), next,
 *	flags
 * @ETE_EV_EXCEPTION: ete_enc_exception(): exc, start (return address),
 *	next (target), ctx, flags (1 if ctx applies)
 * @ETE_EV_CONTEXT: ete_enc_context(): ctx
 * @ETE_EV_TRACE_OFF: ete_enc_trace_off()
 * @ETE_EV_TRACE_ON: ete_enc_trace_on(): next, flags
 * @ETE_EV_TIMESTAMP: ete_enc_timestamp(): value, cc
 * @ETE_EV_CYCLES: ete_enc_cycle_count(): cc
 * @ETE_EV_ITE: ete_enc_ite(): exc (EL), value
 * @ETE_EV_TX_START: ete_enc_tx_start()
 * @ETE_EV_TX_COMMIT: ete_enc_tx_commit()
 * @ETE_EV_TX_FAIL: ete_enc_tx_fail(): next
 * @ETE_EV_OVERFLOW: ete_enc_overflow()
 * @ETE_EV_COUNT: number of kinds
 *
 * One per ete_enc_*() call above, with the &struct ete_enc_event fields
 * it uses; a path (see <ete/path.h>) is a sequence of these.
 */
enum ete_enc_ev_type {
	ETE_EV_BRANCH,
	ETE_EV_EXCEPTION,
	ETE_EV_CONTEXT,
	ETE_EV_TRACE_OFF,
	ETE_EV_TRACE_ON,
	ETE_EV_TIMESTAMP,
	ETE_EV_CYCLES,
	ETE_EV_ITE,
	ETE_EV_TX_START,
	ETE_EV_TX_COMMIT,
	ETE_EV_TX_FAIL,
	ETE_EV_OVERFLOW,
	ETE_EV_COUNT
};

/**
 * struct ete_enc_event - one event of a path
 * @type: &enum ete_enc_ev_type
 * @flags: ETE_ENC_* flags (branch, trace on); for an exception, 1 if @ctx
 *	applies
 * @exc: exception type (ETE_EV_EXCEPTION), EL (ETE_EV_ITE)
 * @start: first instruction of a branch's range; an exception's preferred
 *	return address
 * @end: address of the branch instruction ending the range (informative;
 *	the encoder does not need it)
 * @next: next instruction executed after the event
 * @value: timestamp or instrumentation payload; for a branch with
 *	%ETE_ENC_LINK, its return address (ete_enc_branch_link())
 * @cc: cycle count
 * @ctx: context (ETE_EV_CONTEXT, ETE_EV_EXCEPTION)
 */
struct ete_enc_event {
	uint8_t type;
	uint8_t flags;
	uint16_t exc;
	uint32_t cc;
	uint64_t start;
	uint64_t end;
	uint64_t next;
	uint64_t value;
	struct ete_enc_ctx ctx;
};

/**
 * ete_enc_event() - encode one event given as a struct
 * @e: encoder
 * @ev: the event
 *
 * Return: as the matching ete_enc_*() call.
 */
int ete_enc_event(struct ete_enc *e, const struct ete_enc_event *ev);

#ifdef __cplusplus
}
#endif

#endif /* _ETE_ENC_H */
