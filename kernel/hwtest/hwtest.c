// SPDX-License-Identifier: GPL-2.0
/*
 * armtrace_hwtest: drive ETE+TRBE and BRBE through kernel/hw/ from
 * debugfs, without perf, so the hardware layer and the QEMU hardware
 * model can be tested on their own.  Not for production use.  The layer
 * is armtrace.ko's (its ARMTRACE namespace): load that first, with
 * pmuv3=0 where the PMU is not wanted.
 *
 * /sys/kernel/debug/armtrace_hwtest/
 *   ctl     write a command; it acts on the writer's CPU (pin the task):
 *             ete-start KIB TRCCONFIGR EL_MASK   trace EL0 (bit 0) and/or
 *                                                the kernel's EL (bit 1:
 *                                                EL1, EL2 under VHE) into
 *                                                a KIB KiB buffer, fill mode
 *             ete-range N START END INCLUDE      program address range
 *                                                comparator pair N (0 or 1:
 *                                                TRCACVR2N = START,
 *                                                TRCACVR2N+1 = END, both
 *                                                included) as a ViewInst
 *                                                include (1) or exclude (0)
 *                                                range for the next
 *                                                ete-start only; addresses
 *                                                in hex, at every
 *                                                Non-secure EL
 *             ete-stop
 *             brbe-start BRBCR BRBFCR
 *             brbe-overflow                  a PMU overflow, as the PMU
 *                                            driver reports it (BRBE
 *                                            freezes when BRBCR.FZP)
 *             brbe-stop
 *             cpu-pm                         cpu_pm_enter() then
 *                                            cpu_pm_exit() on this CPU,
 *                                            as idle does around a
 *                                            power-down (the rig has no
 *                                            idle states)
 *             cpu-pm-dirty                   the same, with every PMU
 *                                            register scribbled between
 *                                            the two, as a power-down
 *                                            leaves them UNKNOWN; status
 *                                            then has the PMU registers
 *                                            after cpu_pm_exit()
 *   trace   the bytes the last ETE run wrote, base to TRBPTR
 *   status  registers after the last stop, TRBE interrupts taken
 *   brbe    the branch records after the last BRBE stop, newest first
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitfield.h>
#include <linux/cpu_pm.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include <asm/virt.h>

#include <armtrace/brbe_regs.h>
#include <armtrace/ete_abi.h>
#include <armtrace/ete_regs.h>
#include <armtrace/pmu_regs.h>
#include <armtrace/trbe_regs.h>
#include "../hw/hw.h"
#include "../hw/pmu_sysreg.h"

/* Comparator pairs the register layer has: TRCACVR0-3 */
#define HWTEST_RANGES		2

struct hwtest_range {
	u64 start, end;
	bool include, set;
};

static struct {
	struct mutex lock;		/* serialises commands and reads */
	struct dentry *dir;
	void *buf;
	size_t size;
	int cpu;
	u64 trbptr, trbsr, trcstatr, trbidr;
	u64 idr[6];	/* TRCIDR0/1/2/8, TRCDEVARCH, TRCCONFIGR for decoders */
	size_t used;
	unsigned int nbrb;
	u64 brb[HW_BRB_MAX][3];
	u64 brbfcr;			/* BRBFCR_EL1 at the last stop */
	atomic_t irqs;
	u64 irq_trbsr;			/* TRBSR_EL1 at the last interrupt */
	/* PMUSERENR, PMCR, PMCNTENSET, PMINTENSET after cpu-pm-dirty */
	u64 pm_userenr, pm_pmcr, pm_cnten, pm_inten;
	int __percpu *irq_dev;
	bool ete_owned;			/* armtrace's ete PMU has the unit */
	struct hwtest_range range[HWTEST_RANGES];	/* for the next start */
	u64 viiectlr;			/* TRCVIIECTLR of the last start */
	u64 acvr[2 * HWTEST_RANGES];	/* and the comparators it selects */
} st;

/* Drain, then disable: TRBSR/TRBPTR may be written only once E is 0. */
static void hwtest_trbe_drain_disable(void)
{
	hw_drain();
	hw_write(HW_TRBLIMITR_EL1, hw_read(HW_TRBLIMITR_EL1) & ~TRBLIMITR_EL1_E);
	/* E = 0 must take effect before TRBSR/TRBPTR are written */
	hw_sync();
}

/*
 * TRBE interrupt: drain and disable the trace buffer unit (writes to
 * TRBSR_EL1 while it is enabled may be ignored, Arm ARM D10), note the
 * status, then clear only TRBSR_EL1.IRQ so the stop that follows still
 * sees why collection stopped.
 */
static irqreturn_t hwtest_trbe_irq(int irq, void *dev)
{
	u64 trbsr = hw_read(HW_TRBSR_EL1);

	if (!(trbsr & TRBSR_EL1_IRQ))
		return IRQ_NONE;
	hwtest_trbe_drain_disable();
	trbsr = hw_read(HW_TRBSR_EL1);
	st.irq_trbsr = trbsr;
	atomic_inc(&st.irqs);
	hw_write(HW_TRBSR_EL1, trbsr & ~TRBSR_EL1_IRQ);
	hw_sync();
	return IRQ_HANDLED;
}

static void hwtest_irq_on(void *unused)
{
	hw->trbe_irq_enable(0);
}

static void hwtest_irq_off(void *unused)
{
	hw->trbe_irq_disable(0);
}

static int wait_idle(bool idle)
{
	int i;

	for (i = 0; i < 1000; i++) {
		if (!!(hw_read(HW_TRCSTATR) & TRCSTATR_IDLE) == idle)
			return 0;
		udelay(1);
	}
	return -ETIMEDOUT;
}

/*
 * Program the ranges ete-range asked for (before TRCPRGCTLR.EN, as the
 * comparators accept writes only while the trace unit is disabled), then
 * forget them: each ete-start without ete-range traces everything.
 */
static int ete_ranges(void)
{
	unsigned int n, pairs = FIELD_GET(TRCIDR4_NUMACPAIRS,
					  hw_read(HW_TRCIDR4));
	u64 viiectlr = 0;
	int ret = 0;

	for (n = 0; n < HWTEST_RANGES; n++) {
		struct hwtest_range *r = &st.range[n];

		if (!r->set)
			continue;
		r->set = false;
		if (n >= pairs) {
			ret = -EOPNOTSUPP;
			continue;
		}
		hw_write(HW_TRCACVR0 + 2 * n, r->start);
		hw_write(HW_TRCACVR0 + 2 * n + 1, r->end);
		/* Never in Secure state; EXLEVEL_NS 0: every NS EL */
		hw_write(HW_TRCACATR0 + 2 * n, TRCACATR_EXLEVEL_S);
		hw_write(HW_TRCACATR0 + 2 * n + 1, TRCACATR_EXLEVEL_S);
		st.acvr[2 * n] = r->start;
		st.acvr[2 * n + 1] = r->end;
		viiectlr |= r->include ? FIELD_PREP(TRCVIIECTLR_INCLUDE, BIT(n)) :
					 FIELD_PREP(TRCVIIECTLR_EXCLUDE, BIT(n));
	}
	hw_write(HW_TRCVIIECTLR, ret ? 0 : viiectlr);
	st.viiectlr = ret ? 0 : viiectlr;
	return ret;
}

static int ete_range(unsigned int n, u64 start, u64 end, unsigned int include)
{
	if (n >= HWTEST_RANGES || start > end || include > 1)
		return -EINVAL;
	st.range[n] = (struct hwtest_range){ start, end, include, true };
	return 0;
}

static int ete_start(unsigned long kib, u64 configr, unsigned long el_mask)
{
	unsigned long exlevels;
	u64 base, limit, trbidr;
	int cpu, ret;

	if (st.ete_owned)
		return -EBUSY;
	if (!kib || kib > 65536 || el_mask > 3)
		return -EINVAL;
	/*
	 * TRBIDR_EL1.P: a higher EL owns the trace buffer unit; the write
	 * pointer must be aligned to 2^TRBIDR_EL1.Align (the buffer is
	 * page aligned and trace starts at its base).
	 */
	get_cpu();	/* an ID register of this CPU: read it on one */
	trbidr = hw_read(HW_TRBIDR_EL1);
	put_cpu();
	st.trbidr = trbidr;
	if ((trbidr & TRBIDR_EL1_P) ||
	    (1UL << FIELD_GET(TRBIDR_EL1_ALIGN, trbidr)) > PAGE_SIZE)
		return -EOPNOTSUPP;
	/* TRCVICTLR names ELs; under VHE the kernel's is EL2. */
	exlevels = (el_mask & 1) | ((el_mask & 2) << is_kernel_in_hyp_mode());
	vfree(st.buf);
	atomic_set(&st.irqs, 0);
	st.irq_trbsr = 0;
	st.size = kib * 1024;
	st.buf = vzalloc(st.size);
	if (!st.buf)
		return -ENOMEM;

	cpu = get_cpu();
	put_cpu();
	ret = hw->buf_publish(cpu, st.buf, st.size / PAGE_SIZE);
	if (ret)
		return ret;

	cpu = get_cpu();
	st.cpu = cpu;
	base = (u64)st.buf;
	limit = base + st.size;
	/* Locked at power-up: trace is prohibited until it is unlocked. */
	hw_write(HW_OSLAR_EL1, 0);
	hw_write(HW_TRCPRGCTLR, 0);
	hw_sync();
	ret = wait_idle(true);
	if (ret)
		goto out;
	ret = ete_ranges();
	if (ret)
		goto out;
	hwtest_trbe_drain_disable();

	/*
	 * Sink first: TRBE must be ready before the trace unit emits.  It
	 * is disabled (ete_stop, the interrupt): its registers take writes.
	 */
	hw_write(HW_TRBBASER_EL1, base);
	hw_write(HW_TRBPTR_EL1, base);
	hw_write(HW_TRBSR_EL1, 0);
	hw_write(HW_TRBLIMITR_EL1, (limit & TRBLIMITR_EL1_LIMIT) |
		 FIELD_PREP(TRBLIMITR_EL1_FM, TRBLIMITR_FM_FILL) |
		 FIELD_PREP(TRBLIMITR_EL1_TM, TRBLIMITR_TM_IGNORE) |
		 TRBLIMITR_EL1_E);
	hw_write(HW_TRFCR_EL1, ((el_mask & 1) ? TRFCR_ELX_E0TRE : 0) |
		 ((el_mask & 2) ? TRFCR_ELX_E1TRE : 0));

	hw_write(HW_TRCCONFIGR, configr);
	hw_write(HW_TRCTRACEIDR, ETE_TRACE_ID(cpu));
	hw_write(HW_TRCSYNCPR, 0xc);		/* sync every 4 KiB */
	/* ViewInst always on, in the Non-secure ELs asked for only. */
	hw_write(HW_TRCVICTLR, TRCVICTLR_EVENT_TRUE | TRCVICTLR_SSSTATUS |
		 FIELD_PREP(TRCVICTLR_EXLEVEL_S, 0xf) |
		 FIELD_PREP(TRCVICTLR_EXLEVEL_NS, ~exlevels & 0xf));
	hw_write(HW_TRCPRGCTLR, TRCPRGCTLR_EN);
	hw_sync();
	ret = wait_idle(false);
out:
	put_cpu();
	return ret;
}

/*
 * Bytes of trace in a fill-mode buffer [@base, @base + @size) after a stop.
 * A full buffer wraps the write pointer to the base (Arm ARM D10,
 * TRBSR_EL1.BSC FILLED): it is recognised by WRAP with a FILLED buffer
 * management event, as Linux's TRBE driver does, not by TRBPTR.
 */
static size_t hwtest_trbe_used(u64 trbsr, u64 trbptr, u64 base, size_t size)
{
	if ((trbsr & TRBSR_EL1_WRAP) &&
	    FIELD_GET(TRBSR_EL1_EC, trbsr) == TRBSR_EC_OTHERS &&
	    FIELD_GET(TRBSR_EL1_BSC, trbsr) == TRBSR_BSC_FILLED)
		return size;
	if (trbptr < base || trbptr - base > size)
		return 0;
	return trbptr - base;
}

static int ete_stop(void)
{
	int ret;

	if (st.ete_owned)
		return -EBUSY;
	if (!st.buf)
		return -EINVAL;
	if (get_cpu() != st.cpu) {
		put_cpu();
		return -EXDEV;
	}
	hw_write(HW_TRCPRGCTLR, 0);
	hw_sync();
	ret = wait_idle(true);
	/*
	 * The trace unit is idle: what it emitted has reached the trace
	 * buffer unit, but only a drain writes it to memory; disabling
	 * before it would drop it.  Then TRBPTR/TRBSR are final.
	 */
	hwtest_trbe_drain_disable();
	st.trbptr = hw_read(HW_TRBPTR_EL1);
	st.trbsr = hw_read(HW_TRBSR_EL1);
	st.trcstatr = hw_read(HW_TRCSTATR);
	st.idr[0] = hw_read(HW_TRCIDR0);
	st.idr[1] = hw_read(HW_TRCIDR1);
	st.idr[2] = hw_read(HW_TRCIDR2);
	st.idr[3] = hw_read(HW_TRCIDR8);
	st.idr[4] = hw_read(HW_TRCDEVARCH);
	st.idr[5] = hw_read(HW_TRCCONFIGR);
	put_cpu();
	st.used = hwtest_trbe_used(st.trbsr, st.trbptr, (u64)st.buf, st.size);
	hw->buf_unpublish(st.cpu);
	return ret;
}

static int brbe_start(u64 brbcr, u64 brbfcr)
{
	get_cpu();
	hw->brb_iall();
	hw_write(HW_BRBFCR_EL1, brbfcr);
	hw_brbcr_write(brbcr);
	hw_sync();
	st.cpu = smp_processor_id();
	put_cpu();
	return 0;
}

static int brbe_overflow(void)
{
	get_cpu();
	hw->pmu_overflow();
	put_cpu();
	return 0;
}

static int brbe_stop(void)
{
	unsigned int i, nrec;
	u64 fcr;

	if (get_cpu() != st.cpu) {
		put_cpu();
		return -EXDEV;
	}
	/* Pause recording before reading, as a PMU overflow would. */
	fcr = hw_read(HW_BRBFCR_EL1);
	st.brbfcr = fcr;
	fcr |= BRBFCR_EL1_PAUSED;
	hw_write(HW_BRBFCR_EL1, fcr);
	hw_sync();
	nrec = FIELD_GET(BRBIDR0_EL1_NUMREC, hw_read(HW_BRBIDR0_EL1));
	nrec = min_t(unsigned int, nrec, HW_BRB_MAX);
	st.nbrb = 0;
	for (i = 0; i < nrec; i++) {
		u64 inf;

		if (i % HW_BRB_PER_BANK == 0) {
			fcr &= ~BRBFCR_EL1_BANK;
			fcr |= FIELD_PREP(BRBFCR_EL1_BANK, i / HW_BRB_PER_BANK);
			hw_write(HW_BRBFCR_EL1, fcr);
			hw_sync();
		}
		inf = hw_brb_read(i, HW_BRB_INF);
		if (FIELD_GET(BRBINF_EL1_VALID, inf) == BRBINF_VALID_NONE)
			break;
		st.brb[i][0] = inf;
		st.brb[i][1] = hw_brb_read(i, HW_BRB_SRC);
		st.brb[i][2] = hw_brb_read(i, HW_BRB_TGT);
		st.nbrb++;
	}
	hw_brbcr_write(0);
	hw_sync();
	put_cpu();
	return 0;
}

/*
 * What a power-down may leave in the PMU: EL0 access on, the counters
 * and their interrupts on, PMCR with E and D set and LC/LP clear, odd
 * counter values and event types.
 */
static void pmu_scribble(void)
{
	unsigned int n = FIELD_GET(PMCR_EL0_N, hw_pmu_read_pmcr()), i;

	for (i = 0; i < n; i++) {
		hw_pmu_write_evtyper(i, 0x11);
		hw_pmu_write_evcntr(i, 0xfffffff0 - i);
	}
	hw_pmu_write_ccntr(0xfffffffffffff000ULL);
	hw_pmu_write_userenr(0xf);
	/* (PMCR_EL0.N may be 0: only the cycle counter) */
	hw_pmu_enable_irqs((BIT_ULL(n) - 1) | BIT_ULL(31));
	hw_pmu_enable_counters((BIT_ULL(n) - 1) | BIT_ULL(31));
	hw_pmu_write_pmcr(PMCR_EL0_E | PMCR_EL0_D);
}

/* What idle does around a CPU power-down, with interrupts off. */
static int cpu_pm_cycle(bool dirty)
{
	int ret;

	local_irq_disable();
	ret = cpu_pm_enter();
	if (!ret) {
		if (dirty)
			pmu_scribble();
		ret = cpu_pm_exit();
	}
	if (dirty) {
		st.pm_userenr = hw_pmu_read_userenr();
		st.pm_pmcr = hw_pmu_read_pmcr();
		st.pm_cnten = hw_pmu_read_counters_enabled();
		st.pm_inten = hw_pmu_read_irqs_enabled();
	}
	local_irq_enable();
	return ret;
}

static ssize_t ctl_write(struct file *f, const char __user *ubuf, size_t len,
			 loff_t *ppos)
{
	char cmd[128];
	unsigned long kib, elm;
	unsigned int n, inc;
	u64 a, b;
	int ret;

	if (len >= sizeof(cmd))
		return -EINVAL;
	if (copy_from_user(cmd, ubuf, len))
		return -EFAULT;
	cmd[len] = 0;

	mutex_lock(&st.lock);
	if (sscanf(cmd, "ete-start %lu %llx %lx", &kib, &a, &elm) == 3)
		ret = ete_start(kib, a, elm);
	else if (sscanf(cmd, "ete-range %u %llx %llx %u", &n, &a, &b, &inc) == 4)
		ret = ete_range(n, a, b, inc);
	else if (!strncmp(cmd, "ete-stop", 8))
		ret = ete_stop();
	else if (sscanf(cmd, "brbe-start %llx %llx", &a, &b) == 2)
		ret = brbe_start(a, b);
	else if (!strncmp(cmd, "brbe-overflow", 13))
		ret = brbe_overflow();
	else if (!strncmp(cmd, "brbe-stop", 9))
		ret = brbe_stop();
	else if (!strncmp(cmd, "cpu-pm-dirty", 12))
		ret = cpu_pm_cycle(true);
	else if (!strncmp(cmd, "cpu-pm", 6))
		ret = cpu_pm_cycle(false);
	else
		ret = -EINVAL;
	mutex_unlock(&st.lock);
	return ret ? ret : len;
}

static const struct file_operations ctl_fops = {
	.owner = THIS_MODULE,
	.write = ctl_write,
};

static ssize_t trace_read(struct file *f, char __user *ubuf, size_t len,
			  loff_t *ppos)
{
	ssize_t ret;

	mutex_lock(&st.lock);
	ret = simple_read_from_buffer(ubuf, len, ppos, st.buf, st.used);
	mutex_unlock(&st.lock);
	return ret;
}

static const struct file_operations trace_fops = {
	.owner = THIS_MODULE,
	.read = trace_read,
};

static int status_show(struct seq_file *m, void *v)
{
	mutex_lock(&st.lock);
	seq_printf(m, "backend %s\ncpu %d\nsize %zu\nused %zu\ntrbsr %#llx\ntrcstatr %#llx\nirqs %d\nirq_trbsr %#llx\n",
		   hw->name, st.cpu, st.size, st.used, st.trbsr, st.trcstatr,
		   atomic_read(&st.irqs), st.irq_trbsr);
	seq_printf(m, "trbptr_off %#llx\ntrbidr %#llx\n",
		   st.buf ? st.trbptr - (u64)st.buf : 0, st.trbidr);
	seq_printf(m, "trcidr0 %#llx\ntrcidr1 %#llx\ntrcidr2 %#llx\ntrcidr8 %#llx\ntrcdevarch %#llx\ntrcconfigr %#llx\ntrctraceidr %#x\n",
		   st.idr[0], st.idr[1], st.idr[2], st.idr[3], st.idr[4],
		   st.idr[5], ETE_TRACE_ID(st.cpu));
	seq_printf(m, "trcviiectlr %#llx\ntrcacvr0 %#llx\ntrcacvr1 %#llx\ntrcacvr2 %#llx\ntrcacvr3 %#llx\n",
		   st.viiectlr, st.acvr[0], st.acvr[1], st.acvr[2], st.acvr[3]);
	seq_printf(m, "pm_userenr %#llx\npm_pmcr %#llx\npm_cnten %#llx\npm_inten %#llx\n",
		   st.pm_userenr, st.pm_pmcr, st.pm_cnten, st.pm_inten);
	mutex_unlock(&st.lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(status);

static int brbe_show(struct seq_file *m, void *v)
{
	unsigned int i;

	mutex_lock(&st.lock);
	for (i = 0; i < st.nbrb; i++)
		seq_printf(m, "%u %#llx %#llx %#llx\n", i, st.brb[i][0],
			   st.brb[i][1], st.brb[i][2]);
	seq_printf(m, "brbfcr %#llx\n", st.brbfcr);
	mutex_unlock(&st.lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(brbe);

/*
 * The calling CPU's trace unit and buffer registers as the unit holds
 * them now: what a driver (the ete PMU's event on the reading task, when
 * it runs) programmed, for tests that hold every attr bit and filter to
 * the hardware.
 */
enum ete_reg_need {
	ALWAYS,
	PAIRS1,			/* TRCIDR4.NUMACPAIRS >= 1 */
	PAIRS2,			/* TRCIDR4.NUMACPAIRS >= 2 */
	CCI,			/* TRCIDR0.TRCCCI */
};

static const struct {
	const char *name;
	enum hw_reg reg;
	enum ete_reg_need need;
} ete_regs[] = {
	{ "trcprgctlr", HW_TRCPRGCTLR }, { "trcconfigr", HW_TRCCONFIGR },
	{ "trctraceidr", HW_TRCTRACEIDR }, { "trcvictlr", HW_TRCVICTLR },
	{ "trcviiectlr", HW_TRCVIIECTLR, PAIRS1 },
	{ "trcvissctlr", HW_TRCVISSCTLR, PAIRS1 },
	{ "trcacvr0", HW_TRCACVR0, PAIRS1 }, { "trcacvr1", HW_TRCACVR1, PAIRS1 },
	{ "trcacvr2", HW_TRCACVR2, PAIRS2 }, { "trcacvr3", HW_TRCACVR3, PAIRS2 },
	{ "trcacatr0", HW_TRCACATR0, PAIRS1 }, { "trcacatr1", HW_TRCACATR1, PAIRS1 },
	{ "trcacatr2", HW_TRCACATR2, PAIRS2 }, { "trcacatr3", HW_TRCACATR3, PAIRS2 },
	{ "trcccctlr", HW_TRCCCCTLR, CCI }, { "trcsyncpr", HW_TRCSYNCPR },
	{ "trfcr", HW_TRFCR_EL1 }, { "trblimitr", HW_TRBLIMITR_EL1 },
};

/* Registers the ID registers say are absent are UNDEFINED: "-". */
static int ete_regs_show(struct seq_file *m, void *v)
{
	unsigned int i, pairs;
	u64 idr0;

	preempt_disable();
	idr0 = hw_read(HW_TRCIDR0);
	pairs = FIELD_GET(TRCIDR4_NUMACPAIRS, hw_read(HW_TRCIDR4));
	seq_printf(m, "cpu %d\n", smp_processor_id());
	for (i = 0; i < ARRAY_SIZE(ete_regs); i++) {
		enum ete_reg_need n = ete_regs[i].need;

		if ((n == PAIRS1 && pairs < 1) || (n == PAIRS2 && pairs < 2) ||
		    (n == CCI && !(idr0 & TRCIDR0_TRCCCI)))
			seq_printf(m, "%s -\n", ete_regs[i].name);
		else
			seq_printf(m, "%s %#llx\n", ete_regs[i].name,
				   hw_read(ete_regs[i].reg));
	}
	preempt_enable();
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ete_regs);

static int __init hwtest_init(void)
{
	int ret;

	if ((hw_features & (HW_HAS_ETE | HW_HAS_TRBE | HW_HAS_BRBE)) !=
	    (HW_HAS_ETE | HW_HAS_TRBE | HW_HAS_BRBE)) {
		pr_err("needs ETE, TRBE and BRBE; the %s backend has %#x\n",
		       hw->name, hw_features);
		return -ENODEV;
	}
	mutex_init(&st.lock);
	/*
	 * The model has no interrupt number; on silicon this test driver
	 * would need the TRBE PPI from the "arm,trbe" DT node (not wired:
	 * it is a model test).
	 */
	st.irq_dev = alloc_percpu(int);
	if (!st.irq_dev)
		return -ENOMEM;
	ret = hw->trbe_irq_request(0, hwtest_trbe_irq, st.irq_dev);
	/* armtrace's ete PMU owns the unit: BRBE and cpu-pm only. */
	st.ete_owned = ret == -EBUSY;
	if (st.ete_owned)
		pr_info("the trace unit belongs to the ete PMU: ete-* refused\n");
	if (ret && !st.ete_owned) {
		free_percpu(st.irq_dev);
		return ret;
	}
	if (!st.ete_owned)
		on_each_cpu(hwtest_irq_on, NULL, 1);
	st.dir = debugfs_create_dir(KBUILD_MODNAME, NULL);
	debugfs_create_file("ctl", 0200, st.dir, NULL, &ctl_fops);
	debugfs_create_file("trace", 0400, st.dir, NULL, &trace_fops);
	debugfs_create_file("status", 0400, st.dir, NULL, &status_fops);
	debugfs_create_file("brbe", 0400, st.dir, NULL, &brbe_fops);
	debugfs_create_file("ete_regs", 0400, st.dir, NULL, &ete_regs_fops);
	return 0;
}

static void __exit hwtest_exit(void)
{
	debugfs_remove_recursive(st.dir);
	if (!st.ete_owned) {
		on_each_cpu(hwtest_irq_off, NULL, 1);
		hw->trbe_irq_free(0, st.irq_dev);
	}
	free_percpu(st.irq_dev);
	vfree(st.buf);
}

module_init(hwtest_init);
module_exit(hwtest_exit);

MODULE_DESCRIPTION("armtrace: test driver of the trace hardware layer");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(ARMTRACE);
