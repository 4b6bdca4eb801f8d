// SPDX-License-Identifier: GPL-2.0
/*
 * The ETE trace unit and its TRBE sink.
 *
 * The path tracker (path.c) reports branches and exceptions; this file
 * turns those at traced ELs into ETE packets with libete's encoder (the
 * same one libete ships, so model and decoder share one reading of the
 * specification) and writes the bytes into the guest's trace buffer
 * through the page list the guest published, advancing TRBPTR_EL1 and
 * raising TRBSR_EL1 events as a TRBE does.
 */
#include <string.h>
#include <armtrace/ete_regs.h>
#include <armtrace/trbe_regs.h>
#include "hwm.h"


static __u64 *reg(struct hwm_vcpu *c, enum hw_reg r)
{
	return &c->shm->regs[r];
}

/*
 * The ViewInst event (TRCVICTLR.EVENT, ETE "ViewInst function"): trace is
 * active only while the selected event is TRUE.  Resource selectors 0 and
 * 1 are fixed (always FALSE, always TRUE); the model implements no other
 * resource (TRCRSCTLR<n>), so any other single resource and any resource
 * pair (EVENT.TYPE 1) read FALSE: a driver that relies on them traces
 * nothing here, which it sees at once rather than on silicon.
 */
int hwm_ete_vi_event(uint64_t victlr)
{
	if (victlr & TRCVICTLR_EVENT_TYPE)
		return 0;
	return ETE_FIELD_GET(TRCVICTLR_EVENT_SEL, victlr) == ETE_RESOURCE_TRUE;
}

/*
 * The ViewInst start/stop logic: TRCVICTLR.SSSTATUS is its state when the
 * trace unit is enabled; with no start point selected (TRCVISSCTLR) a
 * stopped logic never starts, and a driver that leaves SSSTATUS 0 traces
 * nothing.  With start points the state moves as the PE runs (vi.h).
 */
int hwm_ete_vi_started(uint64_t victlr)
{
	return !!(victlr & TRCVICTLR_SSSTATUS);
}

/*
 * ELs the trace unit may trace: the ViewInst event, TRCVICTLR.EXLEVEL_NS
 * and TRFCR_ELx; none when the start/stop logic is stopped for good.
 */
uint8_t hwm_ete_el_mask(const struct hwm_cpu *shm)
{
	unsigned int kel = hwm_kernel_el();
	uint64_t trfcr = shm->regs[kel == 2 ? HW_TRFCR_EL2 : HW_TRFCR_EL1];
	uint64_t victlr = shm->regs[HW_TRCVICTLR];
	unsigned int excl = ETE_FIELD_GET(TRCVICTLR_EXLEVEL_NS, victlr);
	int may_start = hwm_ete_vi_started(victlr) ||
			FIELD_GET(TRCVISSCTLR_START, shm->regs[HW_TRCVISSCTLR]);
	uint8_t m = 0;

	if (!hwm_ete_vi_event(victlr) || !may_start)
		return 0;
	if (trfcr & TRFCR_ELX_E0TRE)
		m |= 1u << 0;
	if (trfcr & TRFCR_ELX_E1TRE)
		m |= 1u << kel;
	return m & ~excl;
}

/* Guest virtual address in the published trace buffer -> host pointer. */
static uint8_t *buf_ptr(struct hwm_vcpu *c, uint64_t va, uint64_t *room)
{
	struct hwm_cpu *shm = c->shm;
	uint64_t off = va - shm->buf_va, *pages, pa;

	if (!shm->buf_pages_pa || shm->buf_npages > hwm.ram_size / HWM_PAGE || va < shm->buf_va ||
	    off / HWM_PAGE >= shm->buf_npages)
		return NULL;
	pages = hwm_guest_pa(shm->buf_pages_pa, shm->buf_npages * 8);
	if (!pages)
		return NULL;
	pa = pages[off / HWM_PAGE] + off % HWM_PAGE;
	*room = HWM_PAGE - off % HWM_PAGE;
	return hwm_guest_pa(pa, *room);
}

static uint8_t *trbe_map(void *priv, uint64_t va, uint64_t *room)
{
	return buf_ptr(priv, va, room);
}

void hwm_ete_init(struct hwm_vcpu *c)
{
	hwm_trbe_init(&c->trbe, hwm.trbe_align, hwm.trbe_p, trbe_map, c);
	c->trbe.errata = hwm.errata[c->idx];
}

/*
 * What the trace buffer unit changed on its own since @old: TRBPTR and
 * TRBSR into the register file (only then, not to overwrite a guest
 * write the next sync judges), the counters for the tests.
 */
static void trbe_publish(struct hwm_vcpu *c, const struct hwm_trbe_regs *old,
			 uint64_t written)
{
	struct hwm_trbe *t = &c->trbe;

	if (t->r.ptr != old->ptr)
		*reg(c, HW_TRBPTR_EL1) = t->r.ptr;
	if (t->r.sr != old->sr) {
		*reg(c, HW_TRBSR_EL1) = t->r.sr;
		if ((t->r.sr & TRBSR_EL1_S) && !(old->sr & TRBSR_EL1_S))
			hwm_truth_note(c, "trbe-stop", t->r.sr);
		/*
		 * Only the unit's own 0 to 1: the guest clears IRQ before it
		 * restarts, so each window's event rings once, as the edge
		 * an MSI is.
		 */
		if ((t->r.sr & TRBSR_EL1_IRQ) && !(old->sr & TRBSR_EL1_IRQ) &&
		    hwm.trbe_irq)
			hwm.trbe_irq(c->idx);
	}
	hwm.stat_bytes += t->written - written;
	c->shm->trbe_lost = t->lost;
	c->shm->trbe_ignored = t->ignored;
	c->shm->trbe_unaligned = t->unaligned;
	c->shm->trbe_errata_bytes = t->misplaced;
	c->shm->trbe_discarded = t->discarded;
}

/*
 * ete_enc_write_fn: the trace unit hands its bytes to the trace buffer
 * unit, which takes them all (and discards them while disabled or
 * stopped): the encoder never sees a full sink, so the stream goes on
 * across TRBE stops as a trace unit's does.
 */
static size_t trbe_write(void *priv, const uint8_t *buf, size_t len)
{
	struct hwm_vcpu *c = priv;
	struct hwm_trbe_regs old = c->trbe.r;
	uint64_t written = c->trbe.written;

	hwm_trbe_take(&c->trbe, buf, len);
	trbe_publish(c, &old, written);
	return len;
}

/*
 * The context the trace unit reports (ETE "Context tracing"): CONTEXTID is
 * CONTEXTIDR_EL1; the VMID is VTTBR_EL2.VMID, or CONTEXTIDR_EL2 when
 * TRCCONFIGR.VMIDOPT is set (TRCIDR2.VMIDOPT 0b10).  The guest publishes
 * the PID it switches to (contextidr) and the VMID (vmid).  Under VHE
 * Linux writes the PID with the CONTEXTIDR_EL1 encoding, which HCR_EL2.E2H
 * redirects to CONTEXTIDR_EL2: there it is traced as the VMID (perf
 * cs_etm's contextid2) and CONTEXTIDR_EL1, which the host never writes,
 * reads 0.
 */
void hwm_ete_ctx(const struct hwm_cpu *shm, unsigned int el,
		 struct ete_enc_ctx *ctx)
{
	uint64_t configr = shm->regs[HW_TRCCONFIGR];
	uint64_t idr2 = shm->regs[HW_TRCIDR2];
	int vhe = hwm_kernel_el() == 2;
	int vmid_is_cid2 = (configr & TRCCONFIGR_VMIDOPT) &&
			   ETE_FIELD_GET(TRCIDR2_VMIDOPT, idr2) ==
			   TRCIDR2_VMIDOPT_SEL;

	memset(ctx, 0, sizeof(*ctx));
	ctx->el = el;
	ctx->ns = 1;
	ctx->sf = 1;
	ctx->cid = vhe ? 0 : (uint32_t)shm->contextidr;
	if (vmid_is_cid2)
		ctx->vmid = vhe ? (uint32_t)shm->contextidr : 0;
	else
		ctx->vmid = (uint32_t)shm->vmid;
}

static void ete_ctx(struct hwm_vcpu *c, unsigned int el,
		    struct ete_enc_ctx *ctx)
{
	hwm_ete_ctx(c->shm, el, ctx);
}

/*
 * Which counter the trace timestamps take (Arm ARM D3.3, "Self-hosted
 * trace timestamps", table D3-2): TRFCR_EL2.TS unless it is 0b00, then
 * TRFCR_EL1.TS.  Virtual time is the physical count less the virtual
 * offset (CNTVOFF_EL2, the model's cntvoff=); physical and offset
 * physical time are the count itself (no FEAT_ECV: no physical offset).
 * The guest publishes the virtual counter it reads, so @vct is virtual
 * time and the physical count @vct + @cntvoff.  Both fields 0b00 is
 * reserved: taken as physical.
 */
uint64_t hwm_trace_ts(uint64_t vct, uint64_t trfcr_el1, uint64_t trfcr_el2,
		      uint64_t cntvoff)
{
	uint64_t ts = FIELD_GET(TRFCR_ELX_TS, trfcr_el2);

	if (!ts)
		ts = FIELD_GET(TRFCR_ELX_TS, trfcr_el1);
	return ts == TRFCR_TS_VIRTUAL ? vct : vct + cntvoff;
}

/*
 * The timestamp now: the generic counter the guest published at the last
 * sync, advanced by every instruction run since (1 ns each, as QEMU's
 * -icount shift=0 counts), never below the last one traced (without
 * icount the estimate can overtake the next sync's counter), then from
 * the counter TRFCR_ELx.TS selects.
 */
static uint64_t ete_now(struct hwm_vcpu *c)
{
	uint64_t freq = hwm.global->cntfrq ? hwm.global->cntfrq : 62500000;
	uint64_t ns = c->all_insns - c->insns_at_cntvct;
	uint64_t ts = c->cntvct + ns * freq / 1000000000ull;

	if (ts < c->ts_last)
		ts = c->ts_last;
	c->ts_last = ts;
	return hwm_trace_ts(ts, c->shm->regs[HW_TRFCR_EL1],
			    c->shm->regs[HW_TRFCR_EL2], hwm.cntvoff);
}

static uint64_t ete_clock(void *priv)
{
	return ete_now(priv);
}

/* After each encoder call: report what went wrong. */
static void ete_check(struct hwm_vcpu *c, int st)
{
	if (st < 0)
		hwm_logf("hwmodel: cpu%u: encoder: %s\n", c->idx,
			 ete_enc_status_name(st));
}

static void ete_off(struct hwm_vcpu *c)
{
	if (c->ete.in_run)
		ete_check(c, ete_enc_trace_off(&c->ete.enc));
	c->ete.in_run = 0;
}

/* Trace On at @addr: the first instruction in view after a gap. */
static void ete_on(struct hwm_vcpu *c, uint64_t addr, unsigned int el)
{
	struct ete_enc_ctx ctx;

	ete_ctx(c, el, &ctx);
	ete_enc_context(&c->ete.enc, &ctx);
	ete_check(c, ete_enc_trace_on(&c->ete.enc, addr, 0));
	c->ete.in_run = 1;
	c->ete.run_start = addr;
	c->ete.cc_insns = c->insns;
	if (c->ete.ts)
		ete_check(c, ete_enc_timestamp(&c->ete.enc, ete_now(c), 0));
}

/*
 * Is the instruction at @addr, at @el, traced if it runs next: EL filters,
 * ranges, and the start/stop logic as it stands.
 */
static int ete_in_view(struct hwm_vcpu *c, uint64_t addr, unsigned int el)
{
	return (c->ete_mask & (1u << el)) &&
	       (!c->ete.vi.active || hwm_vi_in(&c->ete.vi, addr, el)) &&
	       (!c->ete.ss.active || hwm_ss_in(&c->ete.ss, c->ete.ss_on, addr, el));
}

/* Is the view a function of the path, not of the EL alone? */
static int ete_filtered(const struct hwm_vcpu *c)
{
	return c->ete.vi.active || c->ete.ss.active;
}

/* The PE executes sequentially from @addr at @el. */
static void ete_seq(struct hwm_vcpu *c, uint64_t addr, unsigned int el)
{
	c->ete.blk = addr;
	c->ete.blk_el = el;
	c->ete.blk_ok = 1;
	if (c->ete.in_run && !ete_in_view(c, addr, el))
		ete_off(c);
}

/*
 * With address ranges or start/stop points, the instructions from
 * c->ete.blk (where the PE entered a block, or went after the last event)
 * up to @at, which ends the run with a branch or takes an exception, may
 * leave and enter the view: a block straddles a range boundary, or runs
 * over a start or stop point.  Only the stretch in view that ends at @at
 * is traced: instructions in view before a gap in it belong to no P0
 * element, so real hardware does not trace them either.  Trace goes off
 * when @at is out of view, and on at the stretch's first instruction
 * otherwise.  @at_runs: the instruction at @at executes (else an
 * exception is taken on it first, and it starts or stops nothing).
 */
static void ete_view_to(struct hwm_vcpu *c, uint64_t at, int at_runs)
{
	unsigned int el = c->ete.blk_el;
	struct hwm_ss_walk w = { .active = 1, .since = c->ete.blk };
	uint64_t s = at;
	int near = at >= c->ete.blk && at - c->ete.blk < (1u << 20);

	if (!ete_filtered(c) || !(c->ete_mask & (1u << el)))
		return;
	if (c->ete.ss.active) {
		hwm_ss_walk(&c->ete.ss, c->ete.ss_on, c->ete.blk, at, at_runs,
			    el, &w);
		c->ete.ss_on = w.after;
	}
	if (!w.active ||
	    (c->ete.vi.active && !hwm_vi_in(&c->ete.vi, at, el))) {
		ete_off(c);
		return;
	}
	/* A run longer than a block (1 MiB) is no run: judge @at alone. */
	if (near) {
		s = c->ete.vi.active ?
		    hwm_vi_seg_start(&c->ete.vi, c->ete.blk, at, el) :
		    c->ete.blk;
		if (w.since > s)
			s = w.since;
	}
	if (c->ete.in_run && s != c->ete.blk)
		ete_off(c);
	if (!c->ete.in_run)
		ete_on(c, s, el);
	c->ete.blk = s;
}

/*
 * A block entered at @addr, @el.  One the PE ran into from the run in
 * c->ete.blk without a branch (QEMU ends blocks at page boundaries and
 * instruction limits too) continues that run: a range boundary or a
 * start/stop point in the block before is judged with the next event.
 */
void hwm_ete_at(struct hwm_vcpu *c, uint64_t addr, unsigned int el)
{
	if (!(c->ete.blk_ok && el == c->ete.blk_el && addr > c->ete.blk &&
	      addr - c->ete.blk < (1u << 20) && ete_filtered(c))) {
		c->ete.blk = addr;
		c->ete.blk_el = el;
	}
	c->ete.blk_ok = 1;
	if (!(c->ete_mask & (1u << el)) ||
	    (c->ete.vi.active && !hwm_vi_in(&c->ete.vi, addr, el))) {
		ete_off(c);
		return;
	}
	/*
	 * With address ranges or start/stop points Trace On waits for the
	 * event that ends the stretch in view (ete_view_to()): a stretch
	 * without a P0 element leaves nothing in the trace.
	 */
	if (!c->ete.in_run && !ete_filtered(c))
		ete_on(c, addr, el);
}

void hwm_ete_branch(struct hwm_vcpu *c, unsigned int kind, uint64_t src,
		    int taken, uint64_t next, unsigned int el_to)
{
	unsigned int flags = 0;
	int st;

	ete_view_to(c, src, 1);
	if (!c->ete.in_run) {
		ete_seq(c, next, el_to);
		return;
	}
	if (taken)
		flags |= ETE_ENC_TAKEN;
	if (hwm_kind_is_indirect(kind))
		flags |= ETE_ENC_INDIRECT;
	else if (c->ete.bb && hwm_kind_is_branch(kind) &&
		 hwm_vi_in(&c->ete.bb_vi, src, c->ete.blk_el))
		flags |= ETE_ENC_BROADCAST;	/* not an ISB's next */
	/* A64: the return address is the instruction after the branch. */
	if (taken && hwm_kind_is_link(kind))
		st = ete_enc_branch_link(&c->ete.enc, c->ete.run_start, next,
					 src + 4, flags);
	else
		st = ete_enc_branch(&c->ete.enc, c->ete.run_start, next,
				    flags);
	if (st == ETE_ENC_ERR_PATH) {
		/* The model lost the path: say so with a gap, go on. */
		hwm_logf("hwmodel: cpu%u: path break at %#llx\n", c->idx,
			 (unsigned long long)c->ete.run_start);
		ete_enc_trace_off(&c->ete.enc);
		c->ete.in_run = 0;
		c->ete.blk_ok = 0;
		hwm_ete_at(c, next, el_to);
		return;
	}
	ete_check(c, st);
	c->ete.run_start = next;
	/*
	 * ETE "Timestamping": besides after a Trace Info (the encoder's
	 * clock) and at exceptions, a timestamp after an exception return
	 * and after an ISB (a context synchronization event).
	 */
	if (c->ete.ts && (kind == HWM_K_ERET || kind == HWM_K_ISB))
		ete_check(c, ete_enc_timestamp(&c->ete.enc, ete_now(c), 0));
	if (c->ete.cci && c->ete.in_run) {
		uint64_t cyc = c->insns - c->ete.cc_insns;

		if (cyc >= c->ete.cc_threshold && cyc) {
			ete_enc_cycle_count(&c->ete.enc, (uint32_t)cyc);
			c->ete.cc_insns = c->insns;
		}
	}
	ete_seq(c, next, el_to);
}

void hwm_ete_exception(struct hwm_vcpu *c, unsigned int type, uint64_t src,
		       uint64_t ret, uint64_t vector, unsigned int el_to)
{
	struct ete_enc_ctx ctx;

	/*
	 * Traced when the instruction it is taken on is in view; that one
	 * ran when the exception returns past it (an SVC, HVC or SMC).
	 */
	ete_view_to(c, src, ret != src);
	if (!c->ete.in_run) {
		ete_seq(c, vector, el_to);
		return;
	}
	ete_ctx(c, el_to, &ctx);
	ete_check(c, ete_enc_exception(&c->ete.enc, type, ret, vector, &ctx));
	c->ete.run_start = vector;
	if (c->ete.ts && c->ete.in_run)
		ete_check(c, ete_enc_timestamp(&c->ete.enc, ete_now(c), 0));
	if (!vector)
		ete_off(c);
	ete_seq(c, vector, el_to);
}

static void ete_start(struct hwm_vcpu *c)
{
	uint64_t acvr[2 * HWM_VI_PAIRS], acatr[2 * HWM_VI_PAIRS];
	struct ete_enc_config cfg;
	unsigned int i;
	struct ete_enc_ctx ctx;
	int st;

	memset(&cfg, 0, sizeof(cfg));
	cfg.regs.trcidr0 = *reg(c, HW_TRCIDR0);
	cfg.regs.trcidr1 = *reg(c, HW_TRCIDR1);
	cfg.regs.trcidr2 = *reg(c, HW_TRCIDR2);
	cfg.regs.trcidr8 = *reg(c, HW_TRCIDR8);
	cfg.regs.trcconfigr = *reg(c, HW_TRCCONFIGR);
	cfg.regs.trcdevarch = *reg(c, HW_TRCDEVARCH);
	cfg.regs.trctraceidr = *reg(c, HW_TRCTRACEIDR);
	cfg.trcsyncpr = *reg(c, HW_TRCSYNCPR);
	cfg.trcccctlr = *reg(c, HW_TRCCCCTLR);
	/* ViewInst ranges: programmed while disabled, fixed while enabled */
	for (i = 0; i < 2 * HWM_VI_PAIRS; i++) {
		acvr[i] = *reg(c, HW_TRCACVR0 + i);
		acatr[i] = *reg(c, HW_TRCACATR0 + i);
	}
	hwm_vi_config(&c->ete.vi, (uint32_t)*reg(c, HW_TRCVIIECTLR), acvr,
		      acatr);
	hwm_ss_config(&c->ete.ss, (uint32_t)*reg(c, HW_TRCVISSCTLR), acvr,
		      acatr);
	c->ete.ss_on = hwm_ete_vi_started(*reg(c, HW_TRCVICTLR));
	c->ete.blk_ok = 0;
	ete_ctx(c, 0, &ctx);
	st = ete_enc_init(&c->ete.enc, &cfg, &ctx);
	if (st)
		hwm_logf("hwmodel: cpu%u: ete_enc_init: %s\n", c->idx,
			 ete_enc_status_name(st));
	ete_enc_set_sink(&c->ete.enc, trbe_write, c);
	ete_enc_set_clock(&c->ete.enc, ete_clock, c);
	c->ete.started = 1;
	c->ete.in_run = 0;
	c->ete.cci = !!(cfg.regs.trcconfigr & TRCCONFIGR_CCI);
	c->ete.ts = !!(cfg.regs.trcconfigr & TRCCONFIGR_TS);
	/*
	 * Branch broadcast (TRCCONFIGR.BB, where TRCIDR0.TRCBB says the
	 * unit has it): the region TRCBBCTLR selects from the address
	 * range comparators, as ViewInst's include (MODE 1) or exclude
	 * (MODE 0) ranges would; no range excluded is everywhere.
	 */
	c->ete.bb = (cfg.regs.trcconfigr & TRCCONFIGR_BB) &&
		    (cfg.regs.trcidr0 & TRCIDR0_TRCBB);
	if (c->ete.bb) {
		uint64_t bbctlr = *reg(c, HW_TRCBBCTLR);
		uint32_t sel = (uint32_t)FIELD_GET(TRCBBCTLR_RANGE, bbctlr);

		hwm_vi_config(&c->ete.bb_vi, (bbctlr & TRCBBCTLR_MODE) ?
			      (uint32_t)FIELD_PREP(TRCVIIECTLR_INCLUDE, sel) :
			      (uint32_t)FIELD_PREP(TRCVIIECTLR_EXCLUDE, sel),
			      acvr, acatr);
	}
	c->ete.cc_threshold = cfg.trcccctlr & TRCCCCTLR_THRESHOLD;
	if (!c->ete.cc_threshold)
		c->ete.cc_threshold = 1;
	hwm_truth_note(c, "ete-start", cfg.regs.trcconfigr);
}

/*
 * TRCVICTLR.SSSTATUS reads the start/stop logic's state once the unit is
 * disabled, so that a driver can restore it with the context it saves
 * (ETE TRCVICTLR); the value held for ete_hold() follows.
 */
static void ete_ss_save(struct hwm_vcpu *c)
{
	__u64 *vic = reg(c, HW_TRCVICTLR);

	if (!c->ete.ss.active)
		return;
	*vic &= ~TRCVICTLR_SSSTATUS;
	if (c->ete.ss_on)
		*vic |= TRCVICTLR_SSSTATUS;
	c->ete.held[HW_TRCVICTLR - HW_TRCCONFIGR] = *vic;
}

static void ete_stop(struct hwm_vcpu *c)
{
	if (c->ete.started) {
		ete_off(c);
		ete_check(c, ete_enc_finish(&c->ete.enc));
		ete_ss_save(c);
	}
	c->ete.started = 0;
	c->ete.blk_ok = 0;
	hwm_truth_note(c, "ete-stop", c->trbe.written);
}

/*
 * TSB CSYNC: the trace unit's bytes so far reach the trace buffer unit,
 * which writes what it holds to memory (Arm ARM D10, "Synchronization and
 * the Trace Buffer Unit").  Without it a disable drops them.
 */
void hwm_ete_tsb(struct hwm_vcpu *c)
{
	struct hwm_trbe_regs old = c->trbe.r;
	uint64_t written = c->trbe.written;

	if (!hwm_trbe_tsb(&c->trbe)) {
		/* An erratum's TSB CSYNC that flushes nothing. */
		hwm_truth_note(c, "tsb-noflush", c->trbe.stage_len);
		return;
	}
	if (c->ete.started)
		ete_check(c, ete_enc_flush(&c->ete.enc));
	hwm_trbe_drain(&c->trbe);
	trbe_publish(c, &old, written);
}

/* Trigger and physical pointers are not modelled: say so once. */
static void trbe_refusals(struct hwm_vcpu *c, uint64_t lim)
{
	if (!(lim & TRBLIMITR_EL1_E) || c->trbe_warned)
		return;
	if (FIELD_GET(TRBLIMITR_EL1_TM, lim) != TRBLIMITR_TM_IGNORE) {
		hwm_logf("hwmodel: cpu%u: TRBLIMITR_EL1.TM %llu: no trigger event is modelled, TRBTRG_EL1 never counts\n",
			 c->idx, (unsigned long long)FIELD_GET(TRBLIMITR_EL1_TM, lim));
		c->trbe_warned = 1;
	}
	if (lim & TRBLIMITR_EL1_NVM) {
		hwm_logf("hwmodel: cpu%u: TRBLIMITR_EL1.nVM 1: physical pointers not modelled, nothing collected\n",
			 c->idx);
		c->trbe_warned = 1;
	}
}

/* At a sync: the TRBE registers as the programming rules allow. */
static void trbe_update(struct hwm_vcpu *c)
{
	struct hwm_trbe_regs w = {
		.baser = *reg(c, HW_TRBBASER_EL1),
		.ptr = *reg(c, HW_TRBPTR_EL1),
		.limitr = *reg(c, HW_TRBLIMITR_EL1),
		.sr = *reg(c, HW_TRBSR_EL1),
	};
	struct hwm_trbe_regs old = c->trbe.r;
	uint64_t lost = c->trbe.lost, written = c->trbe.written;
	unsigned int ign;

	/* A disable also drops what the trace unit still holds. */
	if (hwm_trbe_collecting(&c->trbe) && c->ete.started &&
	    !(w.limitr & TRBLIMITR_EL1_E))
		ete_check(c, ete_enc_flush(&c->ete.enc));
	trbe_refusals(c, w.limitr);
	ign = hwm_trbe_program(&c->trbe, &w);
	*reg(c, HW_TRBBASER_EL1) = w.baser;
	*reg(c, HW_TRBPTR_EL1) = w.ptr;
	*reg(c, HW_TRBLIMITR_EL1) = w.limitr;
	*reg(c, HW_TRBSR_EL1) = w.sr;
	if (ign)
		hwm_truth_note(c, "trbe-ignored", ign);
	if (c->trbe.lost != lost)
		hwm_truth_note(c, "trbe-lost", c->trbe.lost - lost);
	old = c->trbe.r;	/* published above */
	trbe_publish(c, &old, written);
}

/*
 * The trace unit runs while TRCPRGCTLR.EN is set and the OS Lock is not
 * locked (ETE "The OS Lock": a locked OS Lock prohibits trace; the model
 * treats the unit as disabled then, its registers programmable).
 * OSLSR_EL1.OSLK reports the last OSLAR_EL1 write from the sync on.
 */
int hwm_ete_enable_wanted(const struct hwm_cpu *shm)
{
	return (shm->regs[HW_TRCPRGCTLR] & TRCPRGCTLR_EN) &&
	       !(shm->regs[HW_OSLAR_EL1] & OSLAR_EL1_OSLK);
}

static void ete_oslock_update(struct hwm_vcpu *c)
{
	__u64 *sr = reg(c, HW_OSLSR_EL1);

	*sr &= ~OSLSR_EL1_OSLK;
	if (*reg(c, HW_OSLAR_EL1) & OSLAR_EL1_OSLK)
		*sr |= OSLSR_EL1_OSLK;
}

/*
 * The programming registers may be written only while the unit is idle
 * (ETE "Programming the trace unit": a write while TRCSTATR.IDLE is 0 is
 * CONSTRAINED UNPREDICTABLE).  The model keeps their values from the
 * enable until idle again: a write in between is ignored and counted,
 * so a driver that does not wait for idle fails its tests here.
 */
static void ete_hold(struct hwm_vcpu *c)
{
	unsigned int i, n = 0;

	for (i = 0; i < HWM_ETE_PROG_REGS; i++) {
		__u64 *r = reg(c, HW_TRCCONFIGR + i);

		if (*r == c->ete.held[i])
			continue;
		*r = c->ete.held[i];
		n++;
	}
	if (!n)
		return;
	c->ete.ignored += n;
	hwm_truth_note(c, "ete-ignored", n);
	hwm_logf("hwmodel: cpu%u: %u trace unit register writes while not idle, ignored\n",
		 c->idx, n);
}

static void ete_latch(struct hwm_vcpu *c)
{
	unsigned int i;

	for (i = 0; i < HWM_ETE_PROG_REGS; i++)
		c->ete.held[i] = *reg(c, HW_TRCCONFIGR + i);
}

/*
 * First at a sync, before anything acts on the registers: OSLSR_EL1, and
 * the writes to programming registers a unit not idle ignores undone.
 */
void hwm_ete_regs_sync(struct hwm_vcpu *c)
{
	ete_oslock_update(c);
	if (c->ete.enabled || c->ete.stopping)
		ete_hold(c);
}

/*
 * At a sync: act on TRCPRGCTLR.EN, the OS Lock and the TRBE controls.
 * Trace starts or stops at the sync instruction (@tb, @idx).
 *
 * TRCSTATR goes through the states of the architecture's table: enabled
 * (IDLE 0); disabled but still emptying (IDLE 0, PMSTABLE 0) for the
 * next hwm.ete_busy syncs (2 unless ete_busy= says; -1: for ever, a unit
 * that never answers), which on silicon is some cycles and which a driver
 * polling TRCSTATR makes (the guest's backend syncs after each read);
 * idle (IDLE 1, PMSTABLE 1).  A driver that reads TRCSTATR once and
 * programs on is caught by ete_hold().
 */
void hwm_ete_update(struct hwm_vcpu *c, const struct hwm_tb *tb,
		    unsigned int idx)
{
	int en = hwm_ete_enable_wanted(c->shm);

	(void)tb;
	(void)idx;
	/* The trace unit goes first: stopping, it flushes into the sink. */
	if (!en && c->ete.enabled) {
		ete_stop(c);
		c->ete.enabled = 0;
		c->ete.stopping = hwm.ete_busy < 0 ? UINT8_MAX : hwm.ete_busy;
	} else if (c->ete.stopping && hwm.ete_busy >= 0) {
		c->ete.stopping--;
	}
	/*
	 * The sink restarting does not resynchronise the trace unit: its
	 * stream goes on (a buffer may start mid-stream, the decoder waits
	 * for the next periodic A-Sync, TRCSYNCPR); only TRCPRGCTLR.EN
	 * 0 -> 1 starts with A-Sync and Trace Info.
	 */
	trbe_update(c);
	c->ete.collecting = hwm_trbe_collecting(&c->trbe);
	if (en && !c->ete.enabled) {
		c->ete.enabled = 1;
		c->ete.stopping = 0;
		ete_latch(c);
		ete_start(c);
	}
	*reg(c, HW_TRCSTATR) = c->ete.enabled || c->ete.stopping ? 0 :
			       TRCSTATR_IDLE | TRCSTATR_PMSTABLE;
	/* Trace is generated while enabled, collected or not. */
	c->ete_mask = c->ete.enabled ? hwm_ete_el_mask(c->shm) : 0;
	if (!c->ete_mask)
		ete_off(c);
}

/*
 * The CPU powered down and up again (HWM_CMD_POWER_DOWN): the trace
 * unit's and the TRBE's registers are UNKNOWN after it on silicon (0
 * here: TRCVICTLR 0 traces nothing, TRBLIMITR 0 collects nothing), the
 * OS Lock is locked (OSLSR_EL1.OSLK resets to 1) and whatever the units
 * held is gone.  A driver must stop its trace before and program the
 * units again after (unlocking the OS Lock first).
 */
void hwm_ete_power_down(struct hwm_vcpu *c)
{
	struct hwm_trbe keep = c->trbe;
	uint64_t lost;
	unsigned int i;

	if (c->ete.enabled) {
		/* trace still running: it dies with the power */
		ete_off(c);
		c->ete.started = 0;
		c->ete.enabled = 0;
		hwm_truth_note(c, "ete-power-lost", 1);
	}
	lost = c->trbe.stage_len;
	c->ete.stopping = 0;
	*reg(c, HW_TRCPRGCTLR) = 0;
	for (i = 0; i < HWM_ETE_PROG_REGS; i++)
		*reg(c, HW_TRCCONFIGR + i) = 0;
	*reg(c, HW_TRCSTATR) = TRCSTATR_IDLE | TRCSTATR_PMSTABLE;
	*reg(c, HW_OSLAR_EL1) = OSLAR_EL1_OSLK;
	*reg(c, HW_OSLSR_EL1) |= OSLSR_EL1_OSLK;
	for (i = HW_TRBLIMITR_EL1; i <= HW_TRBTRG_EL1; i++)
		*reg(c, i) = 0;
	*reg(c, HW_TRFCR_EL1) = 0;
	*reg(c, HW_TRFCR_EL2) = 0;
	if (lost)
		hwm_truth_note(c, "trbe-lost", lost);
	hwm_ete_init(c);
	/* the counters the tests read go on */
	c->trbe.written = keep.written;
	c->trbe.discarded = keep.discarded;
	c->trbe.lost = keep.lost + lost;
	c->trbe.ignored = keep.ignored;
	c->trbe.unaligned = keep.unaligned;
	c->trbe.misplaced = keep.misplaced;
	c->ete_mask = 0;
	hwm_truth_note(c, "power-down", 0);
}
