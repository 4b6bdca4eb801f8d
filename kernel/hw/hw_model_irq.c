// SPDX-License-Identifier: GPL-2.0
/*
 * The model's TRBE interrupt, two ways.
 *
 * poll      a per-CPU hrtimer reads TRBSR_EL1.IRQ every 100 us and calls
 *           the handler while it is set, as a level-triggered PPI would.
 *           Under -icount shift=0,sleep=off the period is 100k
 *           instructions and every run takes its interrupts at the same
 *           instructions: the default.
 * doorbell  with QEMU's ivshmem-doorbell device (qemu-run.sh --doorbell),
 *           the plugin rings vector n when CPU n's TRBE raises IRQ: a
 *           real MSI-X interrupt, an SPI through GICv2m steered to CPU n.
 *           The driver's request, enable and disable paths run as on
 *           silicon, but when the ring lands depends on host threads,
 *           not on the instruction count.
 *
 * The doorbell is used when its PCI device has bound by the time the
 * TRBE interrupt is requested (the driver is registered before the PMUs
 * are, and PCI binds synchronously); a device bound later serves the
 * next request.  /sys/kernel/debug/armtrace_model/trbe_irq counts which
 * way each interrupt came.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/debugfs.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/smp.h>

#include "hw_model.h"

#define MODEL_IRQ_POLL_NS	(100 * NSEC_PER_USEC)

/* QEMU's ivshmem (docs/specs/ivshmem-spec.rst); no pci_ids.h entry. */
#define MODEL_IVSHMEM_DEVICE	0x1110

struct model_irq {
	struct hrtimer timer;
	irq_handler_t fn;
	void *dev;
	unsigned int cpu;
	/* Linux IRQ of this CPU's doorbell vector; 0: this CPU polls */
	int db_irq;
	bool on;			/* between enable and disable */
	u64 doorbells, polls;		/* handler calls, each way */
	atomic_long_t misrouted;	/* taken on another CPU, sent on */
};

static struct model_irq __percpu *model_irqs;

/*
 * The doorbell device and whether the TRBE holds its vectors; taken by
 * request/free and by the PCI driver's probe/remove.  Enable and disable
 * do not take it: they run in CPU hotplug callbacks (which remove keeps
 * out with cpus_read_lock()) and in IPIs, where no mutex may be taken.
 */
static DEFINE_MUTEX(model_db_lock);
static struct pci_dev *model_db;
static bool model_db_in_use;
static struct dentry *model_debugfs;

static enum hrtimer_restart model_irq_poll(struct hrtimer *t)
{
	struct model_irq *mi = container_of(t, struct model_irq, timer);

	if (model_trbe_irq_pending()) {
		mi->polls++;
		mi->fn(0, mi->dev);
	}
	hrtimer_forward_now(t, ns_to_ktime(MODEL_IRQ_POLL_NS));
	return HRTIMER_RESTART;
}

static irqreturn_t model_db_irq(int irq, void *data)
{
	struct model_irq *mi = data;

	/*
	 * The TRBE handler reads and programs the TRBE of the CPU it runs
	 * on.  An SPI taken elsewhere (its CPU went offline with it
	 * pending, and the core moved it) goes back to its CPU: steered
	 * there and made pending again at the GIC, which delivers it once
	 * this CPU has completed it.  Nothing needs this memory later, as
	 * an IPI's would.  If its CPU is offline, so is its TRBE (stopped
	 * by the teardown): nothing to hand on.
	 */
	if (mi->cpu != smp_processor_id()) {
		atomic_long_inc(&mi->misrouted);
		if (cpu_online(mi->cpu) &&
		    (irq_set_affinity(irq, cpumask_of(mi->cpu)) ||
		     irq_set_irqchip_state(irq, IRQCHIP_STATE_PENDING, true)))
			pr_warn_ratelimited("cpu%u: TRBE doorbell taken on cpu%u, not sent on\n",
					    mi->cpu, smp_processor_id());
		return IRQ_HANDLED;
	}
	mi->doorbells++;
	return mi->fn(irq, mi->dev);
}

/* Under model_db_lock, with model_db bound. */
static void model_db_release(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct model_irq *mi = per_cpu_ptr(model_irqs, cpu);

		if (!mi->db_irq)
			continue;
		/* Waits for a running handler. */
		free_irq(mi->db_irq, mi);
		mi->db_irq = 0;
	}
	model_db_in_use = false;
}

/*
 * One vector per CPU number, vector n for CPU n as the plugin rings them.
 * Requested disabled (IRQF_NO_AUTOEN): each CPU enables its own when its
 * TRBE is set up, as a PPI is enabled per CPU.  IRQF_NOBALANCING: the
 * vector must stay on its CPU.
 */
static int model_db_request(void)
{
	int cpu, ret;

	for_each_possible_cpu(cpu) {
		struct model_irq *mi = per_cpu_ptr(model_irqs, cpu);
		int irq = pci_irq_vector(model_db, cpu);

		if (irq < 0) {
			ret = irq;
			goto err;
		}
		ret = request_irq(irq, model_db_irq,
				  IRQF_NO_AUTOEN | IRQF_NOBALANCING,
				  "armtrace-trbe", mi);
		if (ret)
			goto err;
		mi->db_irq = irq;
	}
	model_db_in_use = true;
	return 0;
err:
	model_db_release();
	return ret;
}

int model_irq_request(int irq, irq_handler_t fn, void __percpu *dev)
{
	int cpu, ret = 0;

	mutex_lock(&model_db_lock);
	/* One TRBE interrupt, one owner, as a PPI has. */
	if (model_irqs) {
		ret = -EBUSY;
		goto out;
	}
	model_irqs = alloc_percpu(struct model_irq);
	if (!model_irqs) {
		ret = -ENOMEM;
		goto out;
	}
	for_each_possible_cpu(cpu) {
		struct model_irq *mi = per_cpu_ptr(model_irqs, cpu);

		hrtimer_init(&mi->timer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_PINNED_HARD);
		mi->timer.function = model_irq_poll;
		mi->fn = fn;
		mi->dev = per_cpu_ptr(dev, cpu);
		mi->cpu = cpu;
		atomic_long_set(&mi->misrouted, 0);
	}
	if (model_db) {
		ret = model_db_request();
		if (ret)
			pci_warn(model_db, "TRBE doorbell vectors not available (%d): polling\n",
				 ret);
		ret = 0;
	}
	pr_info("TRBE interrupt: %s\n",
		model_db_in_use ? "doorbell, one MSI-X vector per CPU" :
		"polled TRBSR_EL1.IRQ");
out:
	mutex_unlock(&model_db_lock);
	return ret;
}

/* After every CPU's disable (the TRBE's hotplug teardown). */
void model_irq_free(int irq, void __percpu *dev)
{
	mutex_lock(&model_db_lock);
	if (model_db_in_use)
		model_db_release();
	free_percpu(model_irqs);
	model_irqs = NULL;
	mutex_unlock(&model_db_lock);
}

static void model_poll_start(void *info)
{
	hrtimer_start(&((struct model_irq *)info)->timer,
		      ns_to_ktime(MODEL_IRQ_POLL_NS),
		      HRTIMER_MODE_REL_PINNED_HARD);
}

/*
 * On its CPU, from a hotplug callback or an IPI (armtrace_hwtest's
 * on_each_cpu()): nothing here sleeps.
 */
void model_irq_enable(int irq)
{
	struct model_irq *mi = this_cpu_ptr(model_irqs);

	mi->on = true;
	if (!mi->db_irq) {
		model_poll_start(mi);
		return;
	}
	/*
	 * An SPI is not a managed interrupt: when its CPU went offline the
	 * core moved it to another CPU and left it there.  Steer it back
	 * each time its CPU comes online, before it can fire.
	 */
	if (irq_set_affinity(mi->db_irq, cpumask_of(mi->cpu)))
		pr_warn_once("cpu%u: TRBE doorbell not steered to its CPU: sent on when taken elsewhere\n",
			     mi->cpu);
	enable_irq(mi->db_irq);
}

/*
 * On its CPU, as enable.  nosync: a caller in hard interrupt context (an
 * IPI, the TRBE handler itself) must not wait for the handler; a
 * ring that comes in meanwhile stays pending with the vector masked and
 * is replayed at the next enable, as a level PPI would still be raised.
 */
void model_irq_disable(int irq)
{
	struct model_irq *mi = this_cpu_ptr(model_irqs);

	mi->on = false;
	if (mi->db_irq)
		disable_irq_nosync(mi->db_irq);
	else
		hrtimer_cancel(&mi->timer);
}

static int model_db_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	int ret, nvec;

	ret = pci_enable_device(pdev);
	if (ret)
		return ret;
	/* An MSI is a write the device makes: it must master the bus. */
	pci_set_master(pdev);
	/*
	 * Vector n is CPU n's, whatever the CPUs' topology: not the
	 * managed spread (PCI_IRQ_AFFINITY) of queue drivers, which would
	 * also shut vectors down behind the TRBE's own enable/disable.
	 */
	nvec = pci_alloc_irq_vectors(pdev, nr_cpu_ids, nr_cpu_ids, PCI_IRQ_MSIX);
	if (nvec < 0) {
		pci_err(pdev, "TRBE doorbell: %u MSI-X vectors, one per CPU, not available (%d)\n",
			nr_cpu_ids, nvec);
		ret = nvec;
		goto err_disable;
	}
	mutex_lock(&model_db_lock);
	if (model_db) {
		mutex_unlock(&model_db_lock);
		ret = -EBUSY;
		goto err_vectors;
	}
	model_db = pdev;
	mutex_unlock(&model_db_lock);
	pci_info(pdev, "TRBE doorbell: %d MSI-X vectors\n", nvec);
	return 0;

err_vectors:
	pci_free_irq_vectors(pdev);
err_disable:
	pci_disable_device(pdev);
	return ret;
}

/*
 * The device goes while the TRBE may hold its vectors (a PCI remove from
 * sysfs; a module unload frees the TRBE interrupt first): the CPUs whose
 * interrupt is on poll from now on.  A ring lost in the switch is not
 * lost to the driver: the poll finds TRBSR_EL1.IRQ still set.
 */
static void model_db_remove(struct pci_dev *pdev)
{
	int cpu;

	mutex_lock(&model_db_lock);
	if (model_db_in_use) {
		cpus_read_lock();
		model_db_release();
		for_each_online_cpu(cpu) {
			struct model_irq *mi = per_cpu_ptr(model_irqs, cpu);

			if (mi->on)
				smp_call_function_single(cpu, model_poll_start,
							 mi, 1);
		}
		cpus_read_unlock();
		pr_info("TRBE doorbell removed: polling TRBSR_EL1.IRQ\n");
	}
	model_db = NULL;
	mutex_unlock(&model_db_lock);
	pci_free_irq_vectors(pdev);
	pci_disable_device(pdev);
}

/*
 * No MODULE_DEVICE_TABLE: an ivshmem device elsewhere is no reason to
 * load armtrace.ko, and only the model backend registers this driver.
 */
static const struct pci_device_id model_db_ids[] = {
	{ PCI_DEVICE(PCI_VENDOR_ID_REDHAT_QUMRANET, MODEL_IVSHMEM_DEVICE) },
	{ }
};

static struct pci_driver model_db_driver = {
	.name		= "armtrace-doorbell",
	.id_table	= model_db_ids,
	.probe		= model_db_probe,
	.remove		= model_db_remove,
};

static bool model_db_registered;

static int model_irq_show(struct seq_file *m, void *v)
{
	int cpu;

	seq_puts(m, "cpu mode doorbells polls misrouted\n");
	mutex_lock(&model_db_lock);
	for_each_possible_cpu(cpu) {
		const struct model_irq *mi;

		if (!model_irqs)
			break;
		mi = per_cpu_ptr(model_irqs, cpu);
		seq_printf(m, "%d %s %llu %llu %ld\n", cpu,
			   mi->db_irq ? "doorbell" : "poll",
			   READ_ONCE(mi->doorbells), READ_ONCE(mi->polls),
			   atomic_long_read(&mi->misrouted));
	}
	mutex_unlock(&model_db_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(model_irq);

/*
 * At the model backend's probe, before any PMU requests the TRBE
 * interrupt.  Neither part is needed to run: without them the TRBE
 * interrupt is polled.
 */
void model_irq_init(void)
{
	int ret = pci_register_driver(&model_db_driver);

	model_db_registered = !ret;
	if (ret)
		pr_warn("no TRBE doorbell driver (%d): polling\n", ret);
	model_debugfs = debugfs_create_dir("armtrace_model", NULL);
	debugfs_create_file("trbe_irq", 0444, model_debugfs, NULL,
			    &model_irq_fops);
}

void model_irq_exit(void)
{
	debugfs_remove_recursive(model_debugfs);
	model_debugfs = NULL;
	if (model_db_registered)
		pci_unregister_driver(&model_db_driver);
	model_db_registered = false;
}
