// SPDX-License-Identifier: GPL-2.0
/*
 * Programming one CPU's ETE trace unit and TRBE through kernel/hw/, in
 * the orders the architecture requires:
 *
 *   start: OS Lock unlocked, trace unit idle (TRCPRGCTLR.EN 0,
 *          TRCSTATR.IDLE), program it,
 *          then the buffer (TRBBASER, TRBPTR, TRBSR while TRBLIMITR.E is 0,
 *          then TRBLIMITR with E), the trace filter, and only then
 *          TRCPRGCTLR.EN: the sink is ready before the source emits.
 *   stop:  prohibit trace (TRFCR_ELx E0TRE/E1TRE), trace unit off and idle, drain
 *          (TSB CSYNC, DSB), TRBE off, and only then read TRBPTR/TRBSR.
 *
 * All calls run on the CPU whose unit they program, with interrupts off
 * (perf's pmu callbacks, the TRBE interrupt, hotplug callbacks).
 */
#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/processor.h>
#include <linux/smp.h>
#include <asm/cpufeature.h>

#include <armtrace/ete_abi.h>
#include <armtrace/ete_regs.h>
#include <armtrace/trbe_regs.h>
#include "ete.h"

/*
 * TRCSTATR.IDLE follows TRCPRGCTLR.EN within a few cycles on silicon, so
 * it is polled back to back first: a udelay(1) at the first miss would
 * cost every switch out of a traced task a microsecond.  Then in 1 us
 * steps: a unit that does not answer in 100 us is broken, not slow.
 */
#define ETE_IDLE_SPINS		64
#define ETE_IDLE_TIMEOUT_US	100

static int ete_wait_idle(bool idle)
{
	unsigned int i;

	for (i = 0; ; i++) {
		if (!!(hw_read(HW_TRCSTATR) & TRCSTATR_IDLE) == idle)
			return 0;
		if (i == ETE_IDLE_SPINS + ETE_IDLE_TIMEOUT_US)
			return -ETIMEDOUT;
		if (i < ETE_IDLE_SPINS)
			cpu_relax();
		else
			udelay(1);
	}
}

void ete_read_caps(struct ete_caps *caps)
{
	caps->trcidr[0] = hw_read(HW_TRCIDR0);
	caps->trcidr[1] = hw_read(HW_TRCIDR1);
	caps->trcidr[2] = hw_read(HW_TRCIDR2);
	caps->trcidr[3] = hw_read(HW_TRCIDR3);
	caps->trcidr[4] = hw_read(HW_TRCIDR4);
	caps->trcidr[5] = hw_read(HW_TRCIDR5);
	caps->trcidr[8] = hw_read(HW_TRCIDR8);
	caps->trcidr[9] = hw_read(HW_TRCIDR9);
	caps->trcidr[10] = hw_read(HW_TRCIDR10);
	caps->trcidr[11] = hw_read(HW_TRCIDR11);
	caps->trcidr[12] = hw_read(HW_TRCIDR12);
	caps->trcidr[13] = hw_read(HW_TRCIDR13);
	caps->trcdevarch = hw_read(HW_TRCDEVARCH);
	caps->trcauthstatus = hw_read(HW_TRCAUTHSTATUS);
	caps->trbidr = hw_read(HW_TRBIDR_EL1);
}

/* The errata workarounds of this CPU (ete_errata.c). */
static u32 ete_wa(void)
{
	return this_cpu_ptr(ete_pmu->cpu)->wa;
}

/*
 * TSB CSYNC then DSB.  CPUs with erratum 2054223/2067961 may not flush at
 * the first TSB CSYNC: the kernel's tsb_csync() issues a second one where
 * the kernel's capability names the CPU; elsewhere (the hardware model
 * playing the erratum) it is issued here.
 */
static void ete_drain(void)
{
	if ((ete_wa() & TRBE_WA_DOUBLE_TSB) &&
	    !cpus_have_final_cap(ARM64_WORKAROUND_TSB_FLUSH_FAILURE))
		asm volatile("hint #18" : : : "memory");	/* TSB CSYNC */
	hw_drain();
}

/*
 * The buffer of @ec's window: TRBBASER at ec->base, TRBPTR at ec->ptr,
 * the limit at ec->limit (offsets into @buf); also how a fill interrupt
 * restarts it while the trace unit runs on.
 */
void ete_trbe_start(const struct ete_buf *buf, const struct ete_cpu *ec)
{
	u64 base = (u64)buf->base;

	hw->buf_attach(&buf->hwb);
	/* TRBLIMITR.E is 0: the pointer and status writes take effect. */
	hw_write(HW_TRBBASER_EL1, base + ec->base);
	hw_write(HW_TRBPTR_EL1, base + ec->ptr);
	hw_write(HW_TRBSR_EL1, 0);
	/*
	 * A snapshot's laps after its first wrap without an event; the
	 * rest stop full with one.
	 */
	hw_write(HW_TRBLIMITR_EL1, ((base + ec->limit) & TRBLIMITR_EL1_LIMIT) |
		 FIELD_PREP(TRBLIMITR_EL1_FM, ec->circular ?
			    TRBLIMITR_FM_CBUF : TRBLIMITR_FM_FILL) |
		 FIELD_PREP(TRBLIMITR_EL1_TM, TRBLIMITR_TM_IGNORE) |
		 TRBLIMITR_EL1_E);
	/* The buffer must be enabled before the trace unit can emit. */
	hw_sync();
	/*
	 * Erratum 2038923: without a second context synchronization the
	 * CPU may keep an inconsistent view of the prohibited region and
	 * corrupt the buffer or the TRBE's state.
	 */
	if (ec->wa & TRBE_WA_ISB_AFTER_ENABLE)
		hw_sync();
}

/*
 * perf's address filters on the comparators ete_filter.c chose: ViewInst
 * include ranges and start/stop points.  No filter: no range, no point,
 * everything in view.
 */
static void ete_unit_filters(const struct ete_hwcfg *cfg)
{
	unsigned int n;

	for (n = 0; n < cfg->cmp.n; n++) {
		hw_write(HW_TRCACVR0 + n, cfg->cmp.acvr[n]);
		hw_write(HW_TRCACATR0 + n, cfg->cmp.acatr[n]);
	}
	hw_write(HW_TRCVIIECTLR, cfg->cmp.viiectlr);
	hw_write(HW_TRCVISSCTLR, cfg->cmp.vissctlr);
}

/*
 * TRCVICTLR, with the start/stop logic where the event left it: on this
 * CPU or another, the unit starts in that state (TRCVICTLR.SSSTATUS is
 * written while idle).
 */
static u64 ete_unit_victlr(const struct ete_hwcfg *cfg)
{
	u64 v = cfg->trcvictlr & ~TRCVICTLR_SSSTATUS;

	return cfg->ss_started ? v | TRCVICTLR_SSSTATUS : v;
}

/* The start/stop logic's state, read once the unit is idle. */
bool ete_unit_ss_started(void)
{
	return hw_read(HW_TRCVICTLR) & TRCVICTLR_SSSTATUS;
}

/* Every register of the trace unit, from idle, for @cfg. */
static int ete_unit_program(const struct ete_hwcfg *cfg,
			    const struct ete_cpu *ec)
{
	u32 idr0 = ec->caps.trcidr[0], idr3 = ec->caps.trcidr[3];
	u32 idr4 = ec->caps.trcidr[4];
	int ret;

	/*
	 * The OS Lock is locked at power-up and by a power-down, which
	 * also loses what a programmed unit would keep; while locked the
	 * unit traces nothing.  Unlock it, as coresight-etm4x does.
	 */
	hw_write(HW_OSLAR_EL1, 0);
	hw_write(HW_TRCPRGCTLR, 0);
	hw_sync();
	/* Busy since its last stop timed out: nothing is programmed. */
	ret = ete_wait_idle(true);
	if (ret)
		return -EBUSY;

	hw_write(HW_TRCCONFIGR, cfg->trcconfigr);
	hw_write(HW_TRCTRACEIDR, ETE_TRACE_ID(smp_processor_id()));
	hw_write(HW_TRCVICTLR, ete_unit_victlr(cfg));
	hw_write(HW_TRCEVENTCTL0R, 0);
	hw_write(HW_TRCEVENTCTL1R, 0);
	hw_write(HW_TRCAUXCTLR, 0);
	hw_write(HW_TRCRSR, 0);
	/*
	 * The rest exist only where the ID registers say so; elsewhere an
	 * access is UNDEFINED (ETE register descriptions).
	 */
	if (!(idr3 & TRCIDR3_SYNCPR))		/* else TRCSYNCPR is fixed */
		hw_write(HW_TRCSYNCPR, cfg->trcsyncpr);
	if (idr0 & TRCIDR0_TRCCCI)
		hw_write(HW_TRCCCCTLR, cfg->trcccctlr);
	if (ETE_FIELD_GET(TRCIDR4_NUMACPAIRS, idr4))
		ete_unit_filters(cfg);
	if (ETE_FIELD_GET(TRCIDR4_NUMPC, idr4))
		hw_write(HW_TRCVIPCSSCTLR, 0);
	if (ETE_FIELD_GET(TRCIDR0_TSSIZE, idr0))
		hw_write(HW_TRCTSCTLR, 0);
	if (idr3 & TRCIDR3_STALLCTL)
		hw_write(HW_TRCSTALLCTLR, 0);
	if (idr0 & TRCIDR0_TRCBB)
		hw_write(HW_TRCBBCTLR, 0);
	if (idr0 & TRCIDR0_QFILT)
		hw_write(HW_TRCQCTLR, 0);
	return 0;
}

/*
 * @programmed: the unit still holds @cfg from its last start on this CPU
 * (it was only disabled since, which keeps every register): then only
 * the buffer, the trace filter and TRCPRGCTLR.EN are written, which is
 * most of what a context switch back into a traced task costs -- and
 * TRCVICTLR when the event has start/stop points, whose logic may have
 * moved on since on another CPU.
 */
int ete_unit_start(const struct ete_hwcfg *cfg, bool programmed,
		   const struct ete_buf *buf, const struct ete_cpu *ec)
{
	int ret;

	if (!programmed) {
		ret = ete_unit_program(cfg, ec);
		if (ret)
			return ret;
	} else if (cfg->cmp.vissctlr) {
		hw_write(HW_TRCVICTLR, ete_unit_victlr(cfg));
	}
	ete_trbe_start(buf, ec);
	hw_write(HW_TRFCR_EL1, cfg->trfcr);
	hw_write(HW_TRCPRGCTLR, TRCPRGCTLR_EN);
	/* TRCPRGCTLR must be written before TRCSTATR is polled. */
	hw_sync();
	return ete_wait_idle(false);
}

/* Drain and disable the TRBE, then read where it got to and why it stopped. */
void ete_trbe_stop(u64 *trbsr, u64 *trbptr)
{
	ete_drain();
	hw_write(HW_TRBLIMITR_EL1,
		 hw_read(HW_TRBLIMITR_EL1) & ~TRBLIMITR_EL1_E);
	/* The disable must complete before the pointer is read. */
	hw_sync();
	/*
	 * Erratum 2064142: after the disable, writes to TRBSR, TRBPTR,
	 * TRBBASER and TRBLIMITR may be ignored unless a TSB CSYNC and a
	 * DSB come first.
	 */
	if (ete_wa() & TRBE_WA_DRAIN_AFTER_DISABLE)
		ete_drain();
	*trbptr = hw_read(HW_TRBPTR_EL1);
	*trbsr = hw_read(HW_TRBSR_EL1);
	/* TRBE is off: its status may be cleared for the next start. */
	hw_write(HW_TRBSR_EL1, 0);
	hw_sync();
	hw->buf_detach();
}

int ete_unit_stop(u64 *trbsr, u64 *trbptr)
{
	int ret;

	/*
	 * Prohibit trace first: nothing new enters the trace unit.  Only
	 * the EL enables go; TS stays: what the unit still emits (its
	 * closing timestamp) must come from the counter perf converts.
	 */
	hw_write(HW_TRFCR_EL1, hw_read(HW_TRFCR_EL1) &
		 ~(TRFCR_ELX_E0TRE | TRFCR_ELX_E1TRE));
	hw_sync();
	hw_write(HW_TRCPRGCTLR, 0);
	hw_sync();
	ret = ete_wait_idle(true);
	if (ret)
		pr_warn_ratelimited("armtrace: cpu%d: trace unit not idle after %u us\n",
				    smp_processor_id(), ETE_IDLE_TIMEOUT_US);
	ete_trbe_stop(trbsr, trbptr);
	return ret;
}

/*
 * A CPU coming online: whatever ran before us (firmware, a kexec'd
 * kernel, another trace driver) may have left the buffer enabled or its
 * status set.  Disable the TRBE first, so that its pointer and status
 * registers take writes, then the trace unit and the trace filter.
 */
void ete_unit_reset(void)
{
	hw_write(HW_TRBLIMITR_EL1, 0);
	/* TRBLIMITR.E is 0 from here: the writes below take effect. */
	hw_sync();
	hw_write(HW_TRBPTR_EL1, 0);
	hw_write(HW_TRBSR_EL1, 0);
	hw_write(HW_TRFCR_EL1, 0);
	hw_write(HW_TRCPRGCTLR, 0);
	hw_sync();
}
