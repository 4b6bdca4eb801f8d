// SPDX-License-Identifier: GPL-2.0
/*
 * The register file: architectural reset values, plausible ETE/TRBE/BRBE
 * ID registers, and what happens at the sync instruction.
 */
#include <string.h>
#include <armtrace/ete_regs.h>
#include <armtrace/ref_config.h>
#include <armtrace/trbe_errata.h>
#include <armtrace/trbe_regs.h>
#include "hwm.h"

/*
 * ID registers: the reference configuration (include/armtrace/ref_config.h),
 * with TRCIDR3 naming the ELs this machine has (plugin options el2=, el3=).
 */
_Static_assert(ETE_FIELD_GET(TRCIDR4_NUMACPAIRS, REF_TRCIDR4) == HWM_VI_PAIRS,
	       "TRCIDR4.NUMACPAIRS is the number of ViewInst range pairs");
/* TRBE: flag updates; Align and P from the plugin options */
#define MODEL_TRBIDR		TRBIDR_EL1_F

void hwm_regs_reset(struct hwm_cpu *shm, unsigned int nrec,
		    unsigned int trbe_align, int trbe_p)
{
	memset(shm, 0, sizeof(*shm));
	shm->regs[HW_TRCIDR0] = REF_TRCIDR0;
	shm->regs[HW_TRCIDR1] = REF_TRCIDR1;
	shm->regs[HW_TRCIDR2] = REF_TRCIDR2;
	shm->regs[HW_TRCIDR3] = REF_TRCIDR3(hwm.el2, hwm.el3);
	shm->regs[HW_TRCIDR4] = REF_TRCIDR4;
	shm->regs[HW_TRCIDR5] = REF_TRCIDR5;
	shm->regs[HW_TRCIDR8] = REF_TRCIDR8;
	shm->regs[HW_TRCDEVARCH] = REF_TRCDEVARCH;
	shm->regs[HW_TRCAUTHSTATUS] = REF_TRCAUTHSTATUS;
	shm->regs[HW_TRCSTATR] = TRCSTATR_IDLE | TRCSTATR_PMSTABLE;
	/* The OS Lock is locked at power-up (Arm ARM: OSLSR_EL1.OSLK). */
	shm->regs[HW_OSLAR_EL1] = OSLAR_EL1_OSLK;
	shm->regs[HW_OSLSR_EL1] = OSLSR_OSLM_IMPL | OSLSR_EL1_OSLK;
	shm->regs[HW_TRBIDR_EL1] = MODEL_TRBIDR |
		FIELD_PREP(TRBIDR_EL1_ALIGN, trbe_align) |
		(trbe_p ? TRBIDR_EL1_P : 0);
	shm->regs[HW_BRBIDR0_EL1] = FIELD_PREP(BRBIDR0_EL1_NUMREC, nrec) |
		FIELD_PREP(BRBIDR0_EL1_FORMAT, 0) |
		FIELD_PREP(BRBIDR0_EL1_CC, BRBIDR0_CC_20_BIT);
}

/*
 * What the plugin options make of the reference CPU.
 *
 * @notrace (traceN=off): a CPU without ETE and TRBE, as in a system
 * whose CPUs differ: ID_AA64DFR0_EL1 (hwm_cpu.features) says so and its
 * trace registers do not exist, so they read as zero here; the guest's
 * model backend plays an access to them as the UNDEFINED exception it is.
 *
 * @ete_min (ete_min=on): a trace unit with none of the optional parts the
 * driver programs (ETE register descriptions: "present only when ..."):
 * no branch broadcast, cycle counting, global timestamps or Q filtering
 * (TRCIDR0), no stall control and a fixed synchronization period
 * (TRCIDR3.SYNCPR: TRCSYNCPR reads its IMPLEMENTATION DEFINED value, here
 * every 4 KiB), no address or PE comparators (TRCIDR4).
 *
 * @dirty (dirty=on): the unit as a previous owner (firmware, a kexec'd
 * kernel, another driver) may leave it: the trace buffer unit enabled and
 * collecting (TRBLIMITR_EL1.E, TRBSR_EL1.S clear) with a stale WRAP
 * flag, so the registers a driver programs ignore its writes until E is
 * cleared (hwm_trbe_program()).
 */
void hwm_regs_variant(struct hwm_cpu *shm, int notrace, int ete_min,
		      int dirty)
{
	unsigned int r;

	shm->features = HWM_F_ETE | HWM_F_TRBE | HWM_F_BRBE;
	if (notrace) {
		shm->features &= ~(HWM_F_ETE | HWM_F_TRBE);
		for (r = 0; r < HW_NR_REGS; r++)
			if (hw_reg_unit(r) != HW_UNIT_BRBE)
				shm->regs[r] = 0;
		return;
	}
	if (ete_min) {
		shm->regs[HW_TRCIDR0] &= ~(TRCIDR0_TRCBB | TRCIDR0_TRCCCI |
					   TRCIDR0_TSSIZE | TRCIDR0_QFILT);
		shm->regs[HW_TRCIDR3] = (shm->regs[HW_TRCIDR3] &
					 ~TRCIDR3_STALLCTL) | TRCIDR3_SYNCPR;
		shm->regs[HW_TRCIDR4] &= ~(TRCIDR4_NUMACPAIRS | TRCIDR4_NUMPC);
		shm->regs[HW_TRCSYNCPR] = 0xc;
	}
	if (dirty) {
		shm->regs[HW_TRBLIMITR_EL1] = TRBLIMITR_EL1_E;
		shm->regs[HW_TRBSR_EL1] = TRBSR_EL1_WRAP;
	}
}

/*
 * The errata= option: names of what the part does wrong, ':'-separated
 * (QEMU splits plugin options at commas), as TRBE_WA_* bits.
 */
static const struct {
	const char *name;
	uint32_t wa;
} hwm_errata_names[] = {
	{ "overwrite_fill", TRBE_WA_PAD_BASE },		/* 2119858 2139208 */
	{ "write_out_of_range", TRBE_WA_SPARE_PAGE },	/* 2224489 2253138 */
	{ "tsb_flush", TRBE_WA_DOUBLE_TSB },		/* 2054223 2067961 */
	{ "drain_after_disable", TRBE_WA_DRAIN_AFTER_DISABLE },	/* 2064142 */
	{ "isb_after_enable", TRBE_WA_ISB_AFTER_ENABLE },	/* 2038923 */
	{ "unusable", TRBE_WA_REFUSE_CPU },		/* 1902691 */
};

int hwm_errata_parse(const char *list, uint32_t *errata)
{
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, ":"), i;

		for (i = 0; i < sizeof(hwm_errata_names) / sizeof(hwm_errata_names[0]); i++)
			if (strlen(hwm_errata_names[i].name) == n &&
			    !strncmp(p, hwm_errata_names[i].name, n))
				break;
		if (i == sizeof(hwm_errata_names) / sizeof(hwm_errata_names[0]))
			return -1;
		*errata |= hwm_errata_names[i].wa;
		p += n + (p[n] == ':');
	}
	return 0;
}

/* MIDR_EL1 r0p0 of parts with these errata (Arm's errata notices). */
#define MIDR_CORTEX_A510_R0P0	0x410fd460ull	/* 2064142 2038923 1902691 */
#define MIDR_CORTEX_A710_R0P0	0x410fd470ull	/* 2119858 2224489 2054223 */

/* Report the errata the unit plays, and a part that has them. */
void hwm_regs_errata(struct hwm_cpu *shm, uint32_t errata)
{
	shm->trbe_errata = errata;
	shm->midr = !errata ? 0 :
		errata & (TRBE_WA_DRAIN_AFTER_DISABLE | TRBE_WA_ISB_AFTER_ENABLE |
			  TRBE_WA_REFUSE_CPU) ? MIDR_CORTEX_A510_R0P0 :
		MIDR_CORTEX_A710_R0P0;
}

/* BRBCR_ELx of the kernel's EL: BRBCR_EL2 under VHE. */
static uint64_t brbcr(const struct hwm_vcpu *c)
{
	return c->shm->regs[hwm_kernel_el() == 2 ? HW_BRBCR_EL2 : HW_BRBCR_EL1];
}

/*
 * The FZP that freezes BRBE on an overflow of a first-range counter
 * (below MDCR_EL2.HPMN, all of them for a host): BRBCR_EL1.FZP, also
 * under VHE, where the kernel reaches BRBCR_EL1 as BRBCR_EL12 and
 * BRBCR_EL2.FZP applies to the second range only (Arm ARM, BRBCR_EL2.FZP).
 */
static uint64_t brbcr_fzp(const struct hwm_vcpu *c)
{
	return c->shm->regs[HW_BRBCR_EL1];
}

/* Does the CPU implement EL2?  The plugin option, or the guest at EL2. */
static int has_el2(void)
{
	return hwm.el2 || hwm_kernel_el() == 2;
}

/*
 * BRBCR_ELx.CC and MPRED of an EL1 kernel: when EL2 is implemented,
 * BRBCR_EL2.CC and BRBCR_EL2.MPRED gate them too, whether or not EL2 is
 * in use (Arm ARM, BRBCR_EL1.CC/MPRED: "if EL2 is implemented ...
 * BRBCR_EL2.CC"); Linux sets both in BRBCR_EL2 at EL2 setup for that
 * reason.  Under VHE the kernel's BRBCR_EL1 is BRBCR_EL2 itself.
 */
static int brbcr_gate(const struct hwm_vcpu *c, uint64_t bit)
{
	uint64_t v = brbcr(c) & bit;

	if (hwm_kernel_el() == 1 && has_el2())
		v &= c->shm->regs[HW_BRBCR_EL2];
	return !!v;
}

static uint8_t brbe_el_mask(const struct hwm_vcpu *c)
{
	uint64_t cr = brbcr(c);
	uint8_t m = 0;

	if (c->shm->regs[HW_BRBFCR_EL1] & BRBFCR_EL1_PAUSED)
		return 0;
	if (cr & BRBCR_ELX_E0BRE)
		m |= 1u << 0;
	if (cr & BRBCR_ELX_E1BRE)
		m |= 1u << hwm_kernel_el();
	return m;
}

void hwm_brbe_update(struct hwm_vcpu *c)
{
	uint8_t m = brbe_el_mask(c);

	if (m && !c->brbe_mask)
		c->brbe.ccu = 1;	/* no count across a prohibited span */
	c->brbe_mask = m;
}

/*
 * Which conditional branches the model says were mispredicted: every
 * hwm.mispredict-th conditional branch executed at an observed EL on this
 * vCPU (taken or not), none when the option is 0.  Deterministic, so
 * tests can tell which records must have MPRED.
 */
int hwm_brbe_mispredicted(struct hwm_vcpu *c, unsigned int kind)
{
	if (kind != HWM_K_BCOND || !hwm.mispredict)
		return 0;
	if (++c->brbe.nr_cond < hwm.mispredict)
		return 0;
	c->brbe.nr_cond = 0;
	return 1;
}

/*
 * One record (Arm ARM, BRBINF<n>_EL1).  VALID says which addresses are
 * kept: an address at a prohibited EL is not.  EL is the target's EL and
 * RES0 in a source-only record; MPRED is reported for full and
 * source-only records only.  CC counts the cycles since the previous
 * record; CCU is set instead when that count is not known: after a
 * prohibited stretch (the PE ran at an EL that is not recorded, recording
 * was off or paused) or an invalidation, and when cycle counting is off.
 */
static void brbe_push(struct hwm_vcpu *c, uint64_t type, uint64_t src,
		      uint64_t tgt, unsigned int el_from, unsigned int el_to,
		      int mpred)
{
	struct hwm_brb_rec r;
	uint64_t valid = 0, cyc = c->insns - c->brbe.last_insns;
	int src_ok = !!(c->brbe_mask & (1u << el_from));
	int tgt_ok = !!(c->brbe_mask & (1u << el_to));

	if (src_ok)
		valid |= BRBINF_VALID_SOURCE;
	if (tgt_ok)
		valid |= BRBINF_VALID_TARGET;
	r.inf = FIELD_PREP(BRBINF_EL1_VALID, valid) |
		FIELD_PREP(BRBINF_EL1_EL, tgt_ok ? el_to : 0) |
		FIELD_PREP(BRBINF_EL1_TYPE, type);
	if (mpred && src_ok && brbcr_gate(c, BRBCR_ELX_MPRED))
		r.inf |= BRBINF_EL1_MPRED;
	if (brbcr_gate(c, BRBCR_ELX_CC) && !c->brbe.ccu)
		r.inf |= FIELD_PREP(BRBINF_EL1_CC, hwm_brbe_cc_encode(cyc));
	else
		r.inf |= BRBINF_EL1_CCU;
	r.src = src_ok ? src : 0;
	r.tgt = tgt_ok ? tgt : 0;
	hwm_brb_push(&c->brbe.buf, &r);
	c->brbe.last_insns = c->insns;
	/* Going on at a prohibited EL: the next count is unknown. */
	c->brbe.ccu = !tgt_ok;
}

/* An exception return: a PMU overflow after it no longer undoes the IRQ. */
static void brbe_returned(struct hwm_vcpu *c)
{
	c->brbe.irq.valid = 0;
}

void hwm_brbe_branch(struct hwm_vcpu *c, unsigned int kind, uint64_t src,
		     uint64_t tgt, unsigned int el_from, unsigned int el_to,
		     int mpred)
{
	int type = hwm_brbe_branch_type(kind);

	if (kind == HWM_K_ERET)
		brbe_returned(c);
	if (!(c->brbe_mask & ((1u << el_from) | (1u << el_to))) || type < 0)
		return;
	if (c->brbe_mask && !(c->brbe_mask & (1u << el_to)))
		c->brbe.ccu = 1;
	if (kind == HWM_K_ERET) {
		if (!(brbcr(c) & BRBCR_ELX_ERTN))
			return;
	} else if (!hwm_brbe_type_passes(c->shm->regs[HW_BRBFCR_EL1], kind)) {
		return;
	}
	brbe_push(c, type, src, tgt, el_from, el_to, mpred);
}

/*
 * The PE came back from @el_from, where nothing was observed, to @tgt at
 * @el_to: an exception return the model did not see execute.  With
 * BRBCR_ELx.ERTN it is recorded; the source EL is prohibited, so the
 * record is target-only (VALID 0b01), and the cycle count is unknown.
 */
void hwm_brbe_return(struct hwm_vcpu *c, uint64_t tgt, unsigned int el_from,
		     unsigned int el_to)
{
	brbe_returned(c);
	if (!(c->brbe_mask & (1u << el_to)) || (c->brbe_mask & (1u << el_from)))
		return;
	c->brbe.ccu = 1;
	if (!(brbcr(c) & BRBCR_ELX_ERTN))
		return;
	brbe_push(c, BRBINF_TYPE_ERET, 0, tgt, el_from, el_to, 0);
}

/*
 * An exception record.  @ret is the preferred exception return address,
 * which is the record's source (Arm ARM, BRBE "exception" records: for
 * SVC, HVC and SMC the instruction after the call; for a fault the
 * faulting instruction; for an interrupt the next instruction).
 *
 * An IRQ may be the PMU overflow interrupt: the buffer as it was before
 * the IRQ's record is kept until the PE returns, so that a PMU overflow
 * the guest reports from the handler can freeze BRBE where silicon froze
 * it, before the interrupt was taken (do_cmd()).
 */
void hwm_brbe_exception(struct hwm_vcpu *c, unsigned int type, uint64_t ret,
			uint64_t tgt, unsigned int el_from, unsigned int el_to)
{
	if (type == HWM_EXC_IRQ && c->brbe_mask) {
		c->brbe.irq.valid = 1;
		c->brbe.irq.buf = c->brbe.buf;
		c->brbe.irq.last_insns = c->brbe.last_insns;
		c->brbe.irq.ccu = c->brbe.ccu;
	}
	if (!(c->brbe_mask & ((1u << el_from) | (1u << el_to))))
		return;
	if (!(brbcr(c) & BRBCR_ELX_EXCEPTION)) {
		if (!(c->brbe_mask & (1u << el_to)))
			c->brbe.ccu = 1;
		return;
	}
	brbe_push(c, BRBINF_TYPE_EXCEPTION | type, ret, tgt, el_from, el_to, 0);
}

/* Copy the records into the register file, newest first. */
void hwm_brbe_publish(struct hwm_vcpu *c)
{
	unsigned int i;

	for (i = 0; i < HW_BRB_MAX; i++) {
		const struct hwm_brb_rec *r = hwm_brb_get(&c->brbe.buf, i);

		c->shm->brb_inf[i] = r ? r->inf : 0;
		c->shm->brb_src[i] = r ? r->src : 0;
		c->shm->brb_tgt[i] = r ? r->tgt : 0;
	}
}

static void do_cmd(struct hwm_vcpu *c)
{
	__u64 *regs = c->shm->regs;
	struct hwm_brb_rec r;

	switch (c->shm->cmd) {
	case HWM_CMD_BRB_IALL:
		hwm_brb_reset(&c->brbe.buf, c->brbe.buf.nrec);
		c->brbe.ccu = 1;
		c->brbe.irq.valid = 0;
		break;
	case HWM_CMD_BRB_INJ:
		r.inf = regs[HW_BRBINFINJ_EL1];
		r.src = regs[HW_BRBSRCINJ_EL1];
		r.tgt = regs[HW_BRBTGTINJ_EL1];
		hwm_brb_push(&c->brbe.buf, &r);
		break;
	case HWM_CMD_PMU_OVERFLOW:
		/*
		 * Freeze on PMU overflow (BRBCR_ELx.FZP): BRBFCR_EL1.PAUSED,
		 * and no record after the freeze.  Silicon freezes when the
		 * counter overflows, before the overflow interrupt is taken;
		 * the guest reports the overflow from that interrupt's
		 * handler.  So when the PE is in an IRQ handler (an IRQ taken
		 * from an observed EL, not yet returned from), the records
		 * made since the IRQ, its own record included, are dropped;
		 * otherwise (an overflow reported from elsewhere, as
		 * armtrace_hwtest's brbe-overflow does) BRBE freezes now.
		 */
		if (!(brbcr_fzp(c) & BRBCR_ELX_FZP) ||
		    (regs[HW_BRBFCR_EL1] & BRBFCR_EL1_PAUSED))
			break;
		if (c->brbe.irq.valid) {
			c->brbe.buf = c->brbe.irq.buf;
			c->brbe.last_insns = c->brbe.irq.last_insns;
			c->brbe.ccu = c->brbe.irq.ccu;
			c->brbe.irq.valid = 0;
		}
		regs[HW_BRBFCR_EL1] |= BRBFCR_EL1_PAUSED;
		break;
	case HWM_CMD_POWER_DOWN:
		hwm_ete_power_down(c);
		break;
	default:
		break;
	}
	c->shm->cmd = HWM_CMD_NONE;
}

/*
 * Where the pending exception returns to, for a stop that flushes it:
 * the pending task's latched EL0 return address (*@is_task: it is that
 * task's, whatever contextidr says now), else a PMU overflow's
 * interrupted PC, else 0.
 */
static uint64_t stop_ret_hint(const struct hwm_vcpu *c, int *is_task)
{
	*is_task = c->pend.valid && c->pend.el_from == 0 &&
		   c->pend.user_ret_pid == c->pend.cid && c->pend.user_ret;
	if (*is_task)
		return c->pend.user_ret;
	return c->shm->cmd == HWM_CMD_PMU_OVERFLOW ? c->shm->irq_ret : 0;
}

void hwm_sync(struct hwm_vcpu *c, const struct hwm_tb *tb, unsigned int idx)
{
	unsigned int el = tb->kernel ? hwm_kernel_el() : 0;
	uint8_t old_ete = c->ete_mask, old_brbe = c->brbe_mask;
	uint8_t old_obs = c->obs_mask, old_en = c->ete.enabled;
	int restart;

	hwm.stat_syncs++;
	c->shm->syncs++;
	if (c->pend.valid && !c->pend.ret_latched) {
		c->pend.user_ret = c->shm->user_ret;
		c->pend.user_ret_pid = c->shm->user_ret_pid;
		c->pend.ret_latched = 1;
	}
	c->cntvct = c->shm->cntvct;
	c->insns_at_cntvct = c->all_insns;
	hwm_ete_regs_sync(c);
	c->shm->icount_at_cntvct = c->insns;
	/*
	 * Whatever is pending is reported with the configuration it ran
	 * under, and with where the exception returns to, as the PE knows
	 * it at the entry: for one taken from EL0, that task's EL0 return
	 * address (latched above, tagged with its PID: a switch may have
	 * moved contextidr on); for a PMU overflow's IRQ, the PC it
	 * interrupted.
	 */
	if (hwm_ete_enable_wanted(c->shm) != old_en ||
	    (old_en && hwm_ete_el_mask(c->shm) != c->ete_mask) ||
	    brbe_el_mask(c) != old_brbe || c->shm->cmd) {
		int is_task;
		uint64_t ret = stop_ret_hint(c, &is_task);

		hwm_path_stop(c, ret, is_task);
	}
	if (c->shm->cmd)
		do_cmd(c);
	hwm_ete_update(c, tb, idx);
	hwm_brbe_update(c);
	c->obs_mask = c->ete_mask | c->brbe_mask;
	restart = c->ete.enabled != old_en || c->ete_mask != old_ete ||
		  c->brbe_mask != old_brbe;
	if (c->obs_mask != old_obs || restart)
		hwm_path_restart(c, tb, idx + 1);
	else if (!(c->obs_mask & (1u << el)))
		c->prev = NULL;
	hwm_brbe_publish(c);
	hwm_truth_note(c, "sync", (uint64_t)c->ete_mask << 8 | c->brbe_mask);
}
