// SPDX-License-Identifier: GPL-2.0
/*
 * The register file: architectural reset values, plausible ETE/TRBE/BRBE
 * ID registers, and what happens at the sync instruction.
 */
#include <string.h>
#include <armtrace/ete_regs.h>
#include <armtrace/trbe_regs.h>
#include "hwm.h"

/*
 * ID registers of the modelled ETE (values in the range real ETE 1.0
 * implementations report):
 *   TRCIDR0  RES1, branch broadcast, cycle counting, return stack,
 *            4 events, 64-bit timestamps, commit mode 1
 *   TRCIDR1  ETE's fixed 0xff architecture nibbles, designer 'A'
 *   TRCIDR2  64-bit addresses, 32-bit CONTEXTID and VMID, 20-bit cycles
 *   TRCIDR3  CCITMIN 4, EL0-EL2 Non-secure, EL0/1/3 Secure, TRCERR
 *   TRCIDR4  2 address comparator pairs (TRCACVR0-3: the ViewInst
 *            ranges, vi.c), 8 resource pairs, one each of
 *            single-shot, CONTEXTID and VMID comparators
 *   TRCIDR5  7-bit trace ID, 4 sequencer states, 2 counters
 *   TRCDEVARCH ARCHITECT Arm (0x23b), PRESENT, ETE (ARCHVER 5, 0xa13)
 */
#define MODEL_TRCIDR0		0x28000ea1ull
#define MODEL_TRCIDR1		0x4100fff0ull
#define MODEL_TRCIDR2		0x10001088ull
#define MODEL_TRCIDR3		0x01b70004ull
#define MODEL_TRCIDR4		(0x11170000ull | HWM_VI_PAIRS)
#define MODEL_TRCIDR5		0x28070000ull
#define MODEL_TRCDEVARCH	0x47705a13ull
/* Non-secure invasive and non-invasive debug implemented and enabled. */
#define MODEL_TRCAUTHSTATUS	0x000000ccull
#define TRCSTATR_IDLE_PMSTABLE	0x3ull
/* TRBE: flag updates; Align and P from the plugin options */
#define MODEL_TRBIDR		TRBIDR_EL1_F

void hwm_regs_reset(struct hwm_cpu *shm, unsigned int nrec,
		    unsigned int trbe_align, int trbe_p)
{
	memset(shm, 0, sizeof(*shm));
	shm->regs[HW_TRCIDR0] = MODEL_TRCIDR0;
	shm->regs[HW_TRCIDR1] = MODEL_TRCIDR1;
	shm->regs[HW_TRCIDR2] = MODEL_TRCIDR2;
	shm->regs[HW_TRCIDR3] = MODEL_TRCIDR3;
	shm->regs[HW_TRCIDR4] = MODEL_TRCIDR4;
	shm->regs[HW_TRCIDR5] = MODEL_TRCIDR5;
	shm->regs[HW_TRCDEVARCH] = MODEL_TRCDEVARCH;
	shm->regs[HW_TRCAUTHSTATUS] = MODEL_TRCAUTHSTATUS;
	shm->regs[HW_TRCSTATR] = TRCSTATR_IDLE_PMSTABLE;
	shm->regs[HW_TRBIDR_EL1] = MODEL_TRBIDR |
		FIELD_PREP(TRBIDR_EL1_ALIGN, trbe_align) |
		(trbe_p ? TRBIDR_EL1_P : 0);
	shm->regs[HW_BRBIDR0_EL1] = FIELD_PREP(BRBIDR0_EL1_NUMREC, nrec) |
		FIELD_PREP(BRBIDR0_EL1_FORMAT, 0) |
		FIELD_PREP(BRBIDR0_EL1_CC, BRBIDR0_CC_20_BIT);
}

/* BRBCR_ELx of the kernel's EL: BRBCR_EL2 under VHE. */
static uint64_t brbcr(const struct hwm_vcpu *c)
{
	return c->shm->regs[hwm_kernel_el() == 2 ? HW_BRBCR_EL2 : HW_BRBCR_EL1];
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

static void brbe_push(struct hwm_vcpu *c, uint64_t type, uint64_t src,
		      uint64_t tgt, unsigned int el_from, unsigned int el_to)
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
		FIELD_PREP(BRBINF_EL1_EL, el_to) |
		FIELD_PREP(BRBINF_EL1_TYPE, type);
	if ((brbcr(c) & BRBCR_ELX_CC) && !c->brbe.ccu)
		r.inf |= FIELD_PREP(BRBINF_EL1_CC, hwm_brbe_cc_encode(cyc));
	else
		r.inf |= BRBINF_EL1_CCU;
	r.src = src_ok ? src : 0;
	r.tgt = tgt_ok ? tgt : 0;
	hwm_brb_push(&c->brbe.buf, &r);
	c->brbe.last_insns = c->insns;
	c->brbe.ccu = 0;
}

void hwm_brbe_branch(struct hwm_vcpu *c, unsigned int kind, uint64_t src,
		     uint64_t tgt, unsigned int el_from, unsigned int el_to)
{
	int type = hwm_brbe_branch_type(kind);

	if (!(c->brbe_mask & ((1u << el_from) | (1u << el_to))) || type < 0)
		return;
	if (kind == HWM_K_ERET) {
		if (!(brbcr(c) & BRBCR_ELX_ERTN))
			return;
	} else if (!hwm_brbe_type_passes(c->shm->regs[HW_BRBFCR_EL1], kind)) {
		return;
	}
	brbe_push(c, type, src, tgt, el_from, el_to);
}

void hwm_brbe_exception(struct hwm_vcpu *c, unsigned int type, uint64_t src,
			uint64_t tgt, unsigned int el_from, unsigned int el_to)
{
	if (!(c->brbe_mask & ((1u << el_from) | (1u << el_to))) ||
	    !(brbcr(c) & BRBCR_ELX_EXCEPTION))
		return;
	brbe_push(c, 0x20 | type, src, tgt, el_from, el_to);
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
		break;
	case HWM_CMD_BRB_INJ:
		r.inf = regs[HW_BRBINFINJ_EL1];
		r.src = regs[HW_BRBSRCINJ_EL1];
		r.tgt = regs[HW_BRBTGTINJ_EL1];
		hwm_brb_push(&c->brbe.buf, &r);
		break;
	case HWM_CMD_PMU_OVERFLOW:
		/* Freeze on PMU overflow: BRBFCR_EL1.PAUSED, as hardware does. */
		if (brbcr(c) & BRBCR_ELX_FZP)
			regs[HW_BRBFCR_EL1] |= BRBFCR_EL1_PAUSED;
		break;
	default:
		break;
	}
	c->shm->cmd = HWM_CMD_NONE;
}

void hwm_sync(struct hwm_vcpu *c, const struct hwm_tb *tb, unsigned int idx)
{
	unsigned int el = tb->kernel ? hwm_kernel_el() : 0;
	uint8_t old_ete = c->ete_mask, old_brbe = c->brbe_mask;
	uint8_t old_obs = c->obs_mask, old_en = c->ete.enabled;
	int restart;

	hwm.stat_syncs++;
	c->shm->syncs++;
	c->cntvct = c->shm->cntvct;
	c->insns_at_cntvct = c->insns;
	c->shm->icount_at_cntvct = c->insns;
	/* Whatever is pending is reported with the configuration it ran under. */
	if ((c->shm->regs[HW_TRCPRGCTLR] & 1) != old_en ||
	    (old_en && hwm_ete_el_mask(c->shm) != c->ete_mask) ||
	    brbe_el_mask(c) != old_brbe || c->shm->cmd)
		hwm_path_stop(c);
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
