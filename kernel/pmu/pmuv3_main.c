// SPDX-License-Identifier: GPL-2.0
/*
 * armtrace `pmuv3` PMU: probe, registration, CPU hotplug, CPU PM.
 *
 * The PMU device is a DT node with one of the compatibles upstream's
 * armv8 PMU driver binds (pmuv3_of_match) and a per-CPU interrupt (PPI).
 * Linux's built-in arm_pmu driver binds that node at boot; armtrace only
 * takes the PMU when that driver was kept off it (initcall_blacklist=
 * armv8_pmu_driver_init), and refuses to load otherwise rather than share
 * counters behind another driver's back (pmuv3_owner.c finds its PMUs,
 * DT or ACPI).  ACPI systems have no such device: there the interrupt is
 * the MADT's GICC performance interrupt, with its trigger mode.
 *
 * One PMU serves every CPU, so every CPU must be of one type: a system
 * that mixes types (big.LITTLE: several PMU nodes, cpu nodes of several
 * compatibles, or CPUs whose MIDR_EL1 differ) is refused with a message,
 * as are interrupts other than one PPI (one SPI per CPU, as on Juno).
 */
#define pr_fmt(fmt) "armtrace-pmuv3: " fmt

#include <linux/acpi.h>
#include <linux/bitfield.h>
#include <linux/cpu_pm.h>
#include <linux/cpuhotplug.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/percpu.h>
#include <linux/platform_device.h>
#include <asm/cpufeature.h>
#include <asm/virt.h>

#include <armtrace/pmu_regs.h>
#include "../hw/pmu_sysreg.h"
#include "../armtrace.h"
#include "pmuv3.h"

static enum cpuhp_state pmuv3_hp_state;
static struct pmuv3 *pmuv3_instance;
static struct pmuv3 * __percpu *pmuv3_irq_dev;

/* Read what this CPU implements.  Runs on the probing CPU. */
static int pmuv3_read_caps(struct pmuv3_caps *caps)
{
	u64 dfr0 = read_sysreg(id_aa64dfr0_el1);
	u64 pfr0 = read_sysreg(id_aa64pfr0_el1);
	unsigned int mtpmu;

	caps->pmuver = FIELD_GET(ID_AA64DFR0_EL1_PMUVER, dfr0);
	if (caps->pmuver == PMUVER_NI ||
	    caps->pmuver == PMUVER_IMP_DEF)
		return -ENODEV;

	caps->num_counters = FIELD_GET(PMCR_EL0_N, hw_pmu_read_pmcr());
	caps->long_counters = caps->pmuver >= PMUVER_V3P5;
	caps->has_el2 = FIELD_GET(ID_AA64PFR0_EL1_EL2, pfr0) != 0;
	caps->has_el3 = FIELD_GET(ID_AA64PFR0_EL1_EL3, pfr0) != 0;
	caps->has_sel2 = FIELD_GET(ID_AA64PFR0_EL1_SEL2, pfr0) != 0;
	caps->has_rme = FIELD_GET(ID_AA64PFR0_EL1_RME, pfr0) != 0;
	caps->kernel_at_el2 = is_kernel_in_hyp_mode();
	/* MTPMU is a signed field: 1 implemented, 0 and 0xf not. */
	mtpmu = FIELD_GET(ID_AA64DFR0_EL1_MTPMU_MASK, dfr0);
	caps->has_mtpmu = mtpmu == 1;
	/* PMMIR_EL1 exists from PMUv3p4 on. */
	if (caps->pmuver >= PMUVER_V3P4)
		caps->thwidth = FIELD_GET(PMMIR_EL1_THWIDTH,
					  hw_pmu_read_pmmir());

	/* PMCEIDn[31:0]: events 0x00-0x3F split in two; [63:32]: 0x4000-. */
	caps->common_events[0] = lower_32_bits(hw_pmu_read_pmceid(0)) |
		(u64)lower_32_bits(hw_pmu_read_pmceid(1)) << 32;
	caps->common_events[1] = upper_32_bits(hw_pmu_read_pmceid(0)) |
		(u64)upper_32_bits(hw_pmu_read_pmceid(1)) << 32;
	return 0;
}

/* This CPU's type: MIDR_EL1 without variant and revision (r0p1 = r0p2). */
static u32 pmuv3_cpu_type(void)
{
	return read_cpuid_id() & MIDR_CPU_MODEL_MASK;
}

/*
 * Hotplug.  This dynamic state runs after perf's own (CPUHP_AP_PERF_ONLINE),
 * so on the way up per-CPU events may already have been installed here
 * between the two: the reset must not wipe them.  So the running events
 * are parked, the PMU reset and the parked events restarted, as after a
 * power-down.  On the way down this state goes first: the events are
 * parked, counts folded in, before the interrupt goes, so no overflow is
 * lost while perf's teardown has yet to remove them.
 */
static int pmuv3_cpu_online(unsigned int cpu, struct hlist_node *node)
{
	struct pmuv3 *p = hlist_entry_safe(node, struct pmuv3, cpuhp_node);
	unsigned long flags;

	if (!cpumask_test_cpu(cpu, &p->supported))
		return 0;
	if (pmuv3_cpu_type() != p->midr) {
		pr_warn("CPU%u: MIDR %#x is not of the other CPUs' type %#x: no pmuv3 events there\n",
			cpu, read_cpuid_id(), p->midr);
		cpumask_clear_cpu(cpu, &p->supported);
		return 0;
	}
	pmuv3_brbe_cpu_online(p);
	local_irq_save(flags);
	pmuv3_stop_all(p);
	pmuv3_restart_all(p);
	local_irq_restore(flags);
	enable_percpu_irq(p->irq, IRQ_TYPE_NONE);
	return 0;
}

static int pmuv3_cpu_offline(unsigned int cpu, struct hlist_node *node)
{
	struct pmuv3 *p = hlist_entry_safe(node, struct pmuv3, cpuhp_node);
	unsigned long flags;

	if (!cpumask_test_cpu(cpu, &p->supported))
		return 0;
	local_irq_save(flags);
	pmuv3_stop_all(p);
	local_irq_restore(flags);
	disable_percpu_irq(p->irq);
	return 0;
}

/*
 * CPU PM: a power-down leaves every PMU register UNKNOWN, and firmware
 * may have used the PMU meanwhile.  So on the way back the PMU is always
 * put in a known state, events or not (a stale PMUSERENR would give EL0
 * the counters; a stale PMCR.LC, the wrong overflow point), and then the
 * events that were running are restarted.  Exercised in the rig through
 * armtrace_hwtest's cpu-pm-dirty (selftests/pmu/pmuv3_cpu_pm.c).
 */
static int pmuv3_cpu_pm_notify(struct notifier_block *nb, unsigned long cmd,
			       void *v)
{
	struct pmuv3 *p = container_of(nb, struct pmuv3, cpu_pm_nb);

	if (!cpumask_test_cpu(smp_processor_id(), &p->supported))
		return NOTIFY_DONE;

	switch (cmd) {
	case CPU_PM_ENTER:
		pmuv3_stop_all(p);
		break;
	case CPU_PM_EXIT:
	case CPU_PM_ENTER_FAILED:
		pmuv3_restart_all(p);
		break;
	default:
		return NOTIFY_DONE;
	}
	return NOTIFY_OK;
}

static int pmuv3_filter_match(struct perf_event *event)
{
	return cpumask_test_cpu(smp_processor_id(),
				&to_pmuv3(event->pmu)->supported);
}

/*
 * The compatibles of upstream's armv8 PMU driver (6.1): most device trees
 * name the core, without the generic fallback.  The common events serve
 * them all; upstream's core-specific event lists are not used.
 */
static const struct of_device_id pmuv3_of_match[] = {
	{ .compatible = "arm,armv8-pmuv3" },
	{ .compatible = "arm,cortex-a34-pmu" },
	{ .compatible = "arm,cortex-a35-pmu" },
	{ .compatible = "arm,cortex-a53-pmu" },
	{ .compatible = "arm,cortex-a55-pmu" },
	{ .compatible = "arm,cortex-a57-pmu" },
	{ .compatible = "arm,cortex-a65-pmu" },
	{ .compatible = "arm,cortex-a72-pmu" },
	{ .compatible = "arm,cortex-a73-pmu" },
	{ .compatible = "arm,cortex-a75-pmu" },
	{ .compatible = "arm,cortex-a76-pmu" },
	{ .compatible = "arm,cortex-a77-pmu" },
	{ .compatible = "arm,cortex-a78-pmu" },
	{ .compatible = "arm,cortex-a510-pmu" },
	{ .compatible = "arm,cortex-a710-pmu" },
	{ .compatible = "arm,cortex-x1-pmu" },
	{ .compatible = "arm,cortex-x2-pmu" },
	{ .compatible = "arm,neoverse-e1-pmu" },
	{ .compatible = "arm,neoverse-n1-pmu" },
	{ .compatible = "arm,neoverse-n2-pmu" },
	{ .compatible = "arm,neoverse-v1-pmu" },
	{ .compatible = "cavium,thunder-pmu" },
	{ .compatible = "brcm,vulcan-pmu" },
	{ .compatible = "nvidia,carmel-pmu" },
	{ .compatible = "nvidia,denver-pmu" },
	{ }
};
MODULE_DEVICE_TABLE(of, pmuv3_of_match);

/* The CPUs' type (pmuv3_one_cpu_type): MIDR_EL1 & MIDR_CPU_MODEL_MASK */
static u32 pmuv3_midr;

static void pmuv3_read_midr(void *midrs)
{
	((u32 *)midrs)[smp_processor_id()] = pmuv3_cpu_type();
}

/*
 * Is every CPU of one type?  The DT says so through its cpu nodes'
 * compatibles and the number of PMU nodes (a big.LITTLE tree has one per
 * cluster), the online CPUs through MIDR_EL1.
 */
static int pmuv3_one_cpu_type(void)
{
	struct device_node *np, *first = NULL;
	const char *compat = NULL, *c;
	unsigned int cpu, nodes = 0;
	u32 *midrs;
	int ret = 0;

	for_each_matching_node(np, pmuv3_of_match)
		nodes += of_device_is_available(np);
	if (nodes > 1) {
		pr_err("%u PMU nodes in the device tree: CPUs of several types are not supported\n",
		       nodes);
		return -EOPNOTSUPP;
	}
	for_each_of_cpu_node(np) {
		if (of_property_read_string(np, "compatible", &c))
			continue;
		if (!compat) {
			compat = c;
			first = of_node_get(np);
		} else if (strcmp(c, compat)) {
			pr_err("CPU types differ: %pOF is %s, %pOF is %s; CPUs of several types are not supported\n",
			       first, compat, np, c);
			of_node_put(np);
			ret = -EOPNOTSUPP;
			break;
		}
	}
	of_node_put(first);
	if (ret)
		return ret;

	midrs = kcalloc(nr_cpu_ids, sizeof(*midrs), GFP_KERNEL);
	if (!midrs)
		return -ENOMEM;
	cpus_read_lock();
	on_each_cpu(pmuv3_read_midr, midrs, 1);
	pmuv3_midr = midrs[cpumask_first(cpu_online_mask)];
	for_each_online_cpu(cpu) {
		if (midrs[cpu] != pmuv3_midr) {
			pr_err("CPU types differ: MIDR %#x on CPU%u, %#x on CPU%u; CPUs of several types are not supported\n",
			       pmuv3_midr, cpumask_first(cpu_online_mask),
			       midrs[cpu], cpu);
			ret = -EOPNOTSUPP;
			break;
		}
	}
	cpus_read_unlock();
	kfree(midrs);
	return ret;
}

static int pmuv3_setup(struct device *dev, int irq)
{
	struct pmuv3 *p;
	int cpu, ret;

	if (!irq_is_percpu_devid(irq)) {
		dev_err(dev, "interrupt %d is an SPI, not a per-CPU interrupt (PPI): SPIs are not supported\n",
			irq);
		return -EINVAL;
	}
	ret = pmuv3_one_cpu_type();
	if (ret)
		return ret;

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->dev = dev;
	p->irq = irq;

	cpu = get_cpu();
	ret = pmuv3_read_caps(&p->caps);
	put_cpu();
	if (ret) {
		dev_err(dev, "CPU%d implements no PMUv3\n", cpu);
		goto err_free;
	}
	ret = pmuv3_brbe_setup(p);
	if (ret)
		goto err_free;
	/*
	 * One PMU for every CPU: the PPI reaches all of them, and
	 * pmuv3_one_cpu_type() found them of one type.  A CPU that comes
	 * online later with another MIDR is left out (pmuv3_cpu_online()).
	 */
	cpumask_copy(&p->supported, cpu_possible_mask);
	p->midr = pmuv3_midr;

	p->cpu = alloc_percpu(struct pmuv3_cpu);
	pmuv3_irq_dev = alloc_percpu(struct pmuv3 *);
	if (!p->cpu || !pmuv3_irq_dev) {
		ret = -ENOMEM;
		goto err_percpu;
	}
	for_each_possible_cpu(cpu) {
		struct pmuv3 **slot = per_cpu_ptr(pmuv3_irq_dev, cpu);

		*slot = p;
	}

	ret = request_percpu_irq(irq, pmuv3_handle_irq, "armtrace-pmuv3",
				 pmuv3_irq_dev);
	if (ret) {
		dev_err(dev, "cannot get PMU interrupt %d: %d\n", irq, ret);
		goto err_percpu;
	}

	ret = cpuhp_state_add_instance(pmuv3_hp_state, &p->cpuhp_node);
	if (ret)
		goto err_irq;

	p->cpu_pm_nb.notifier_call = pmuv3_cpu_pm_notify;
	ret = cpu_pm_register_notifier(&p->cpu_pm_nb);
	if (ret)
		goto err_hp;

	p->pmu = (struct pmu) {
		.module		= THIS_MODULE,
		.task_ctx_nr	= perf_hw_context,
		.attr_groups	= pmuv3_attr_groups,
		.filter_match	= pmuv3_filter_match,
		/*
		 * perf core lets a second PMU take perf_hw_context only when
		 * CPUs may differ, and never forgets the first: without this
		 * flag a reload after rmmod would lose per-task events.  It
		 * is also true - filter_match keeps events to their CPUs.
		 */
		.capabilities	= PERF_PMU_CAP_HETEROGENEOUS_CPUS |
		/*
		 * PERF_TYPE_HARDWARE and _HW_CACHE events may name this PMU
		 * in config[63:32], as perf does on hybrid systems.
		 */
				  PERF_PMU_CAP_EXTENDED_HW_TYPE,
	};
	pmuv3_event_add_ops(p);
	ret = perf_pmu_register(&p->pmu, PMUV3_NAME, -1);
	if (ret)
		goto err_pm;

	pmuv3_instance = p;
	dev_info(dev, "PMUv3 (PMUVer %u): %u counters of %u bits + cycle counter, filters %#llx, thwidth %u, branch records %u\n",
		 p->caps.pmuver, p->caps.num_counters,
		 p->caps.long_counters ? 64 : 32,
		 pmuv3_filters_implemented(&p->caps), p->caps.thwidth,
		 p->brbe.usable ? p->brbe.numrec : 0);
	return 0;

err_pm:
	cpu_pm_unregister_notifier(&p->cpu_pm_nb);
err_hp:
	cpuhp_state_remove_instance(pmuv3_hp_state, &p->cpuhp_node);
err_irq:
	free_percpu_irq(irq, pmuv3_irq_dev);
err_percpu:
	free_percpu(pmuv3_irq_dev);
	pmuv3_irq_dev = NULL;
	free_percpu(p->cpu);
	pmuv3_brbe_teardown(p);
err_free:
	kfree(p);
	return ret;
}

static void pmuv3_teardown(void)
{
	struct pmuv3 *p = pmuv3_instance;

	if (!p)
		return;
	armtrace_drop_task_contexts(&p->pmu);
	perf_pmu_unregister(&p->pmu);
	/*
	 * Contexts the core released just before (an exit) are freed by an
	 * RCU callback that reads ctx->pmu: let them run before p goes.
	 */
	rcu_barrier();
	cpu_pm_unregister_notifier(&p->cpu_pm_nb);
	cpuhp_state_remove_instance(pmuv3_hp_state, &p->cpuhp_node);
	free_percpu_irq(p->irq, pmuv3_irq_dev);
	free_percpu(pmuv3_irq_dev);
	pmuv3_irq_dev = NULL;
	free_percpu(p->cpu);
	pmuv3_brbe_teardown(p);
	kfree(p);
	pmuv3_instance = NULL;
}

static int pmuv3_probe(struct platform_device *pdev)
{
	int nirq = platform_irq_count(pdev), irq;

	if (nirq > 1) {
		dev_err(&pdev->dev, "%d interrupts: one SPI per CPU is not supported, only one per-CPU interrupt (PPI)\n",
			nirq);
		return -EINVAL;
	}
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;
	if (pmuv3_instance)
		return -EBUSY;
	return pmuv3_setup(&pdev->dev, irq);
}

static int pmuv3_remove(struct platform_device *pdev)
{
	pmuv3_teardown();
	return 0;
}

static struct platform_driver pmuv3_driver = {
	.driver = {
		.name = "armtrace-pmuv3",
		.of_match_table = pmuv3_of_match,
		.suppress_bind_attrs = true,
	},
	.probe = pmuv3_probe,
	.remove = pmuv3_remove,
};

/* Is the DT PMU device already bound to another driver? */
static const char *pmuv3_dt_owner(struct device_node *np)
{
	struct platform_device *pdev = of_find_device_by_node(np);
	const char *owner = NULL;

	if (!pdev)
		return NULL;
	device_lock(&pdev->dev);
	if (pdev->dev.driver)
		owner = pdev->dev.driver->name;
	device_unlock(&pdev->dev);
	put_device(&pdev->dev);
	return owner;
}

#ifdef CONFIG_ACPI
static int acpi_gsi;	/* registered by pmuv3_acpi_setup(), 0: none */
#endif

static int pmuv3_acpi_setup(void)
{
#ifdef CONFIG_ACPI
	int trigger, gsi = pmuv3_acpi_gsi(&trigger), irq, ret;

	if (gsi < 0)
		return gsi;
	irq = acpi_register_gsi(NULL, gsi, trigger, ACPI_ACTIVE_HIGH);
	if (irq < 0)
		return irq;
	ret = pmuv3_setup(NULL, irq);
	if (ret)
		acpi_unregister_gsi(gsi);
	else
		acpi_gsi = gsi;
	return ret;
#else
	pr_err("no device tree PMU node (one of pmuv3_of_match)\n");
	return -ENODEV;
#endif
}

int __init armtrace_pmuv3_init(void)
{
	char builtin[32];
	struct device_node *np;
	const char *owner;
	int ret;

	ret = cpuhp_setup_state_multi(CPUHP_AP_ONLINE_DYN,
				      "perf/armtrace/pmuv3:online",
				      pmuv3_cpu_online, pmuv3_cpu_offline);
	if (ret < 0)
		return ret;
	pmuv3_hp_state = ret;
	pmuv3_overflow_resolve();

	/* DT or ACPI: a PMU the built-in driver registered owns the counters. */
	if (pmuv3_builtin_pmu(builtin, sizeof(builtin))) {
		pr_err("perf PMU %s of the built-in arm_pmu driver owns the counters; boot with initcall_blacklist=armv8_pmu_driver_init (device tree) or initcall_blacklist=arm_pmu_acpi_init (ACPI) to hand them to armtrace\n",
		       builtin);
		ret = -EBUSY;
		goto err_hp;
	}

	np = of_find_matching_node(NULL, pmuv3_of_match);
	if (!np) {
		ret = pmuv3_acpi_setup();
		if (!ret)
			return 0;
		goto err_hp;
	}

	owner = pmuv3_dt_owner(np);
	of_node_put(np);
	if (owner) {
		pr_err("the PMU is owned by driver %s; boot with initcall_blacklist=armv8_pmu_driver_init to hand it to armtrace\n",
		       owner);
		ret = -EBUSY;
		goto err_hp;
	}

	ret = platform_driver_register(&pmuv3_driver);
	if (ret)
		goto err_hp;
	/* Probing is synchronous: no instance means the device failed. */
	if (!pmuv3_instance) {
		platform_driver_unregister(&pmuv3_driver);
		ret = -ENODEV;
		goto err_hp;
	}
	return 0;

err_hp:
	cpuhp_remove_multi_state(pmuv3_hp_state);
	return ret;
}

void armtrace_pmuv3_exit(void)
{
	if (pmuv3_instance && pmuv3_instance->dev) {
		platform_driver_unregister(&pmuv3_driver);
	} else if (pmuv3_instance) {
		pmuv3_teardown();
#ifdef CONFIG_ACPI
		if (acpi_gsi)
			acpi_unregister_gsi(acpi_gsi);
		acpi_gsi = 0;
#endif
	}
	cpuhp_remove_multi_state(pmuv3_hp_state);
}
