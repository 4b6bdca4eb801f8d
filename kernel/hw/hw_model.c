// SPDX-License-Identifier: GPL-2.0
/*
 * `model` backend: the register file of the QEMU hardware model.
 *
 * The model's memory is a /reserved-memory no-map region with compatible
 * "armtrace,hwmodel" (include/armtrace/hwmodel_abi.h).  Registers are
 * plain memory; hw_sync() executes the model's sync instruction, a HINT
 * that is a NOP on any CPU but that the QEMU plugin acts on at once, as
 * hardware acts on a register write by the next isb.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu_pm.h>
#include <linux/hardirq.h>
#include <linux/io.h>
#include <linux/kmemleak.h>
#include <linux/mm.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/smp.h>
#include <linux/tracepoint.h>
#include <linux/vmalloc.h>
#include <asm/irq_regs.h>
#include <asm/virt.h>
#include <clocksource/arm_arch_timer.h>

#include <armtrace/ete_regs.h>
#include <armtrace/hwmodel_abi.h>
#include <armtrace/trbe_errata.h>
#include <armtrace/trbe_regs.h>
#include "hw.h"
#include "hw_model.h"

static void *model_base;

static struct hwm_global *model_global(void)
{
	return model_base;
}

static struct hwm_cpu *model_cpu(int cpu)
{
	return model_base + HWM_PAGE * (1 + HWM_CPU_PAGES * cpu);
}

static struct hwm_cpu *model_this_cpu(void)
{
	return model_cpu(smp_processor_id());
}

/*
 * With HCR_EL2.E2H set (VHE) the EL1 encodings of TRFCR and BRBCR reach
 * their EL2 registers, as on silicon: the code above runs unchanged; the
 * EL12 encoding reaches BRBCR_EL1 itself.  Without VHE that encoding is
 * UNDEFINED: it lands in a register slot nothing reads.
 */
static bool model_vhe;

static enum hw_reg model_redirect(enum hw_reg reg)
{
	if (!model_vhe)
		return reg;
	if (reg == HW_TRFCR_EL1)
		return HW_TRFCR_EL2;
	if (reg == HW_BRBCR_EL1)
		return HW_BRBCR_EL2;
	if (reg == HW_BRBCR_EL12)
		return HW_BRBCR_EL1;
	return reg;
}

static const char *const model_reg_names[HW_NR_REGS] = {
#define HW_REG_RW(name, op0, op1, crn, crm, op2) \
	[HW_##name] = #name,
#define HW_REG_WO(name, op0, op1, crn, crm, op2) \
	[HW_##name] = #name,
#define HW_REG_RO(name, op0, op1, crn, crm, op2) \
	[HW_##name] = #name,
#include <armtrace/hw_reg_list.h>
#undef HW_REG_RW
#undef HW_REG_WO
#undef HW_REG_RO
};

/*
 * Does this CPU implement @reg?  Its unit must be there (the model's
 * word for ID_AA64DFR0_EL1), and some trace unit registers exist only
 * where its ID registers say so (ETE register descriptions, "present
 * only when ...").
 */
static bool model_reg_present(const struct hwm_cpu *c, enum hw_reg reg)
{
	static const u32 unit_feature[] = {
		[HW_UNIT_ETE] = HWM_F_ETE,
		[HW_UNIT_TRBE] = HWM_F_TRBE,
		[HW_UNIT_BRBE] = HWM_F_BRBE,
	};
	u32 idr0 = READ_ONCE(c->regs[HW_TRCIDR0]);
	u32 idr3 = READ_ONCE(c->regs[HW_TRCIDR3]);
	u32 idr4 = READ_ONCE(c->regs[HW_TRCIDR4]);
	unsigned int pairs = ETE_FIELD_GET(TRCIDR4_NUMACPAIRS, idr4);

	if (!(READ_ONCE(c->features) & unit_feature[hw_reg_unit(reg)]))
		return false;
	switch (reg) {
	case HW_TRCCCCTLR:
		return idr0 & TRCIDR0_TRCCCI;
	case HW_TRCTSCTLR:
		return ETE_FIELD_GET(TRCIDR0_TSSIZE, idr0);
	case HW_TRCBBCTLR:
		return idr0 & TRCIDR0_TRCBB;
	case HW_TRCQCTLR:
		return idr0 & TRCIDR0_QFILT;
	case HW_TRCSTALLCTLR:
		return idr3 & TRCIDR3_STALLCTL;
	case HW_TRCVIPCSSCTLR:
		return ETE_FIELD_GET(TRCIDR4_NUMPC, idr4);
	case HW_TRCVIIECTLR:
		return pairs;
	default:
		break;
	}
	/* Two address comparators a pair. */
	if (reg >= HW_TRCACVR0 && reg <= HW_TRCACVR15)
		return reg - HW_TRCACVR0 < 2 * pairs;
	if (reg >= HW_TRCACATR0 && reg <= HW_TRCACATR15)
		return reg - HW_TRCACATR0 < 2 * pairs;
	return true;
}

/*
 * An access to a register the CPU does not implement is UNDEFINED: on
 * silicon the kernel takes an undefined-instruction exception.  The
 * model has no such exception; it warns (every guest run fails on a
 * kernel warning) and the access has no effect, so a driver that
 * touches what the ID registers say is not there fails its tests here.
 */
static bool model_undefined(const struct hwm_cpu *c, enum hw_reg reg,
			    const char *how)
{
	if (likely(model_reg_present(c, reg)))
		return false;
	WARN(1, "%s %s on cpu%d: not implemented there, UNDEFINED on silicon\n",
	     how, model_reg_names[reg], smp_processor_id());
	return true;
}

static void model_sync(void);

static u64 model_read(enum hw_reg reg)
{
	struct hwm_cpu *c = model_this_cpu();

	reg = model_redirect(reg);
	if (model_undefined(c, reg, "mrs"))
		return 0;
	/*
	 * TRCSTATR changes on its own on silicon (a disabled unit empties,
	 * then goes idle); the model's time passes only at syncs, so a
	 * poll of it is one, after the read: the value read is the state
	 * before, and a poll sees each state the model goes through.
	 */
	if (reg == HW_TRCSTATR) {
		u64 v = READ_ONCE(c->regs[reg]);

		model_sync();
		return v;
	}
	return READ_ONCE(c->regs[reg]);
}

static void model_write(enum hw_reg reg, u64 val)
{
	struct hwm_cpu *c = model_this_cpu();

	reg = model_redirect(reg);
	if (model_undefined(c, reg, "msr"))
		return;
	/* TRCIDR3.SYNCPR: the period is fixed, TRCSYNCPR read-only. */
	if (reg == HW_TRCSYNCPR && (READ_ONCE(c->regs[HW_TRCIDR3]) & TRCIDR3_SYNCPR))
		return;
	WRITE_ONCE(c->regs[reg], val);
}

/* Where the current task goes back to at EL0, if it has an EL0. */
static u64 model_user_ret(void)
{
	struct pt_regs *regs;

	if (current->flags & PF_KTHREAD)
		return 0;
	regs = task_pt_regs(current);
	return user_mode(regs) ? instruction_pointer(regs) : 0;
}

static void model_sync(void)
{
	struct hwm_cpu *c = model_this_cpu();

	/* The model timestamps trace from the counter value it sees here. */
	WRITE_ONCE(c->cntvct, arch_timer_read_counter());
	/*
	 * The PE has ELR_EL1 of the exception that left EL0; the plugin,
	 * which cannot read registers, gets it here, for a trace that stops
	 * before the task returns.
	 */
	WRITE_ONCE(c->user_ret, model_user_ret());
	WRITE_ONCE(c->user_ret_pid, task_pid_nr(current));
	/*
	 * The plugin reads the register file when this instruction runs;
	 * the compiler must not move stores past it or loads before it.
	 */
	asm volatile("hint %0" : : "i" (HWM_SYNC_HINT) : "memory");
}

static u64 model_brb_read(unsigned int n, enum hw_brb_field f)
{
	struct hwm_cpu *c = model_this_cpu();
	unsigned int bank = FIELD_GET(BRBFCR_EL1_BANK,
				      READ_ONCE(c->regs[HW_BRBFCR_EL1]));
	unsigned int idx = bank * HW_BRB_PER_BANK + n % HW_BRB_PER_BANK;

	if (idx >= HW_BRB_MAX)
		return 0;
	switch (f) {
	case HW_BRB_INF:
		return READ_ONCE(c->brb_inf[idx]);
	case HW_BRB_SRC:
		return READ_ONCE(c->brb_src[idx]);
	default:
		return READ_ONCE(c->brb_tgt[idx]);
	}
}

static void model_cmd(u32 cmd)
{
	WRITE_ONCE(model_this_cpu()->cmd, cmd);
	model_sync();
}

static void model_brb_iall(void)
{
	model_cmd(HWM_CMD_BRB_IALL);
}

static void model_brb_inj(void)
{
	model_cmd(HWM_CMD_BRB_INJ);
}

static void model_pmu_overflow(void)
{
	struct pt_regs *regs = in_hardirq() ? get_irq_regs() : NULL;

	/* The PE knows where the interrupt will return to; the plugin not. */
	WRITE_ONCE(model_this_cpu()->irq_ret,
		   regs ? instruction_pointer(regs) : 0);
	model_cmd(HWM_CMD_PMU_OVERFLOW);
}

/*
 * What the MMU does for a real TRBE: translate the buffer's virtual pages.
 * The page list lives in ordinary (linear-map) memory the plugin can read.
 */
static int model_buf_map(struct hw_buf *b, void *va, unsigned int npages)
{
	unsigned int i;

	if (!is_vmalloc_addr(va) && !virt_addr_valid(va))
		return -EINVAL;
	b->pages = kmalloc_array(npages, sizeof(*b->pages), GFP_KERNEL);
	if (!b->pages)
		return -ENOMEM;
	for (i = 0; i < npages; i++) {
		void *p = va + i * PAGE_SIZE;

		b->pages[i] = is_vmalloc_addr(p) ?
			      page_to_phys(vmalloc_to_page(p)) : virt_to_phys(p);
	}
	/* The page list is never referenced but by its physical address. */
	kmemleak_not_leak(b->pages);
	b->va = va;
	b->npages = npages;
	return 0;
}

static void model_buf_attach_cpu(int cpu, const struct hw_buf *b)
{
	struct hwm_cpu *c = model_cpu(cpu);

	WRITE_ONCE(c->buf_pages_pa, 0);
	WRITE_ONCE(c->buf_va, (u64)b->va);
	WRITE_ONCE(c->buf_npages, b->npages);
	/* The list must be complete before the plugin can see its address. */
	smp_wmb();
	WRITE_ONCE(c->buf_pages_pa, virt_to_phys(b->pages));
}

static void model_buf_detach_cpu(int cpu)
{
	struct hwm_cpu *c = model_cpu(cpu);

	WRITE_ONCE(c->buf_pages_pa, 0);
	WRITE_ONCE(c->buf_npages, 0);
}

/*
 * A buffer goes back to the page allocator after this.  A TRBE still
 * pointing into it would write trace over whatever the pages become;
 * silicon cannot tell, the model can: a driver bug, reported here.  The
 * CPU is detached too, so that it writes no more; a vCPU already in the
 * middle of a write may still finish it (nothing here waits for it).
 */
static void model_buf_unmap(struct hw_buf *b)
{
	phys_addr_t pa = b->pages ? virt_to_phys(b->pages) : 0;
	int cpu;

	for (cpu = 0; pa && cpu < HWM_MAX_CPUS; cpu++) {
		if (READ_ONCE(model_cpu(cpu)->buf_pages_pa) != pa)
			continue;
		WARN_ONCE(1, "armtrace: cpu%d's TRBE still uses a buffer being freed\n",
			  cpu);
		model_buf_detach_cpu(cpu);
	}
	kfree(b->pages);
	b->pages = NULL;
}

static void model_buf_attach(const struct hw_buf *b)
{
	model_buf_attach_cpu(smp_processor_id(), b);
}

static void model_buf_detach(void)
{
	model_buf_detach_cpu(smp_processor_id());
}

/* One buffer per CPU for users that publish by CPU (the test driver). */
static struct hw_buf model_published[HWM_MAX_CPUS];

static void model_buf_unpublish(int cpu)
{
	model_buf_detach_cpu(cpu);
	model_buf_unmap(&model_published[cpu]);
}

static int model_buf_publish(int cpu, void *va, unsigned int npages)
{
	struct hw_buf b;
	int ret = model_buf_map(&b, va, npages);

	if (ret)
		return ret;
	model_buf_unpublish(cpu);
	model_published[cpu] = b;
	model_buf_attach_cpu(cpu, &model_published[cpu]);
	return 0;
}

bool model_trbe_irq_pending(void)
{
	return READ_ONCE(model_this_cpu()->regs[HW_TRBSR_EL1]) & TRBSR_EL1_IRQ;
}

/*
 * The PE knows CONTEXTIDR_EL1, which Linux sets to the next task's PID at
 * every switch (CONFIG_PID_IN_CONTEXTIDR); the plugin cannot read it, so
 * the backend tells it from the layer's sched_switch probe, just before
 * the switch writes the register.
 */
static void model_switch_to(struct task_struct *next)
{
	WRITE_ONCE(model_this_cpu()->contextidr, task_pid_nr(next));
	model_sync();
}

/*
 * CPU power-down (a deep idle state, suspend) loses the trace unit's and
 * the TRBE's state and locks the OS Lock; the QEMU CPU never powers down,
 * so the model is told at CPU_PM_ENTER.  Its notifier runs last, after
 * the drivers' (which stop their trace first), by its priority.
 */
static int model_cpu_pm_notify(struct notifier_block *nb, unsigned long cmd,
			       void *v)
{
	if (cmd == CPU_PM_ENTER)
		model_cmd(HWM_CMD_POWER_DOWN);
	return NOTIFY_OK;
}

static struct notifier_block model_cpu_pm_nb = {
	.notifier_call = model_cpu_pm_notify,
	.priority = INT_MIN,
};

static bool model_cpu_pm_registered;

static void model_release(void)
{
	int cpu;

	if (!model_base)
		return;
	model_irq_exit();
	if (model_cpu_pm_registered)
		cpu_pm_unregister_notifier(&model_cpu_pm_nb);
	model_cpu_pm_registered = false;
	for (cpu = 0; cpu < HWM_MAX_CPUS; cpu++)
		model_buf_unpublish(cpu);
	WRITE_ONCE(model_global()->guest_attached, 0);
	memunmap(model_base);
	model_base = NULL;
}

/* HW_HAS_* of a model CPU: what its ID_AA64DFR0_EL1 would say. */
static unsigned int model_features_of(u32 f)
{
	return (f & HWM_F_ETE ? HW_HAS_ETE : 0) |
	       (f & HWM_F_TRBE ? HW_HAS_TRBE : 0) |
	       (f & HWM_F_BRBE ? HW_HAS_BRBE : 0);
}

static unsigned int model_local_features(void)
{
	return model_features_of(READ_ONCE(model_this_cpu()->features));
}

/* The errata the plugin plays on this CPU (its errata= option). */
static u32 model_trbe_errata(u64 *midr)
{
	struct hwm_cpu *c = model_this_cpu();

	*midr = READ_ONCE(c->midr);
	return READ_ONCE(c->trbe_errata) & TRBE_WA_ALL;
}

static u64 model_trbe_discarded(int cpu)
{
	return READ_ONCE(model_cpu(cpu)->trbe_discarded);
}

static const struct hw_backend hw_model_backend = {
	.name		= "model",
	.read		= model_read,
	.write		= model_write,
	.sync		= model_sync,
	.brb_read	= model_brb_read,
	.brb_iall	= model_brb_iall,
	.brb_inj	= model_brb_inj,
	.buf_publish	= model_buf_publish,
	.buf_unpublish	= model_buf_unpublish,
	.buf_map	= model_buf_map,
	.buf_unmap	= model_buf_unmap,
	.buf_attach	= model_buf_attach,
	.buf_detach	= model_buf_detach,
	.pmu_overflow	= model_pmu_overflow,
	.release	= model_release,
	.switch_to	= model_switch_to,
	.trbe_irq_request = model_irq_request,
	.trbe_irq_free	= model_irq_free,
	.trbe_irq_enable = model_irq_enable,
	.trbe_irq_disable = model_irq_disable,
	.trbe_errata	= model_trbe_errata,
	.trbe_discarded	= model_trbe_discarded,
	.local_features	= model_local_features,
};

int hw_model_probe(const struct hw_backend **out, unsigned int *features)
{
	struct device_node *np;
	struct hwm_global *g;
	struct resource res;
	int ret;

	np = of_find_compatible_node(NULL, NULL, HWM_COMPATIBLE);
	if (!np)
		return -ENODEV;
	ret = of_address_to_resource(np, 0, &res);
	of_node_put(np);
	if (ret)
		return ret;
	if (resource_size(&res) < HWM_REGION_SIZE) {
		pr_err("hardware model region %pR too small\n", &res);
		return -EINVAL;
	}

	model_base = memremap(res.start, HWM_REGION_SIZE, MEMREMAP_WB);
	if (!model_base)
		return -ENOMEM;
	g = model_global();
	/* The plugin writes magic and version when it attaches. */
	if (READ_ONCE(g->magic) != HWM_MAGIC ||
	    READ_ONCE(g->abi_version) != HWM_ABI_VERSION) {
		pr_err("hardware model at %pR: magic %#llx ABI %u, want %#llx ABI %u (is the QEMU plugin loaded?)\n",
		       &res, READ_ONCE(g->magic), READ_ONCE(g->abi_version),
		       HWM_MAGIC, HWM_ABI_VERSION);
		memunmap(model_base);
		model_base = NULL;
		return -ENODEV;
	}
	if (READ_ONCE(g->nr_cpus) < num_possible_cpus()) {
		pr_err("hardware model covers %u CPUs, the system has %u\n",
		       READ_ONCE(g->nr_cpus), num_possible_cpus());
		memunmap(model_base);
		model_base = NULL;
		return -EINVAL;
	}
	model_vhe = is_kernel_in_hyp_mode();
	WRITE_ONCE(g->kernel_el, model_vhe ? 2 : 1);
	WRITE_ONCE(g->kernel_va_start, PAGE_OFFSET);
	WRITE_ONCE(g->cntfrq, arch_timer_get_cntfrq());
	/* The fields above must be visible before the plugin trusts them. */
	smp_wmb();
	WRITE_ONCE(g->guest_attached, 1);
	model_cpu_pm_registered = !cpu_pm_register_notifier(&model_cpu_pm_nb);
	if (!model_cpu_pm_registered)
		pr_warn("hardware model: no CPU PM notifier: power-down is not played\n");
	model_irq_init();
	*out = &hw_model_backend;
	*features = model_features_of(READ_ONCE(g->features));
	return 0;
}
