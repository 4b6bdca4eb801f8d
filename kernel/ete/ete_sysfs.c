// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs ABI of the `ete` PMU, where perf 6.1's cs_etm code reads it:
 *
 *   format/   config fields at cs_etm's bit positions (one table,
 *             include/armtrace/ete_abi.h); `contextid` follows the
 *             kernel's EL, as upstream's
 *   caps/     what the trace units have
 *   cpuN/trcidr/trcidr{0,1,2,8}, cpuN/mgmt/{trcdevarch,trcauthstatus}
 *             each CPU's ID registers, in hex, read when it came online
 *             (before or after the load)
 *
 * Neither `cpus` nor `cpumask`: perf would take the PMU for a core or an
 * uncore PMU and open per-CPU events where cs_etm opens one per task.
 */
#include <linux/bitops.h>
#include <linux/device.h>
#include <linux/kobject.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/sysfs.h>
#include <asm/virt.h>

#include <armtrace/ete_abi.h>
#include <armtrace/ete_regs.h>
#include "ete.h"

struct ete_format_attr {
	struct device_attribute attr;
	u8 word;			/* 0: config, 1: config1 */
	u64 mask;
};

static ssize_t ete_format_emit(char *buf, unsigned int word, u64 mask)
{
	int lo = __ffs64(mask), hi = fls64(mask) - 1;
	const char *w = word ? "1" : "";

	if (lo == hi)
		return sysfs_emit(buf, "config%s:%d\n", w, lo);
	return sysfs_emit(buf, "config%s:%d-%d\n", w, lo, hi);
}

static ssize_t format_show(struct device *dev, struct device_attribute *a,
			   char *buf)
{
	struct ete_format_attr *f = container_of(a, typeof(*f), attr);

	return ete_format_emit(buf, f->word, f->mask);
}

/* CONTEXTIDR_EL1 at EL1; under VHE the kernel's PID is in CONTEXTIDR_EL2. */
static ssize_t contextid_show(struct device *dev, struct device_attribute *a,
			      char *buf)
{
	return ete_format_emit(buf, 0, is_kernel_in_hyp_mode() ?
			       ETE_CFG_CONTEXTID2 : ETE_CFG_CONTEXTID1);
}

#define ETE_FORMAT(_name, _word, _mask)					\
	(&((struct ete_format_attr[]) {{				\
		.attr = __ATTR(_name, 0444, format_show, NULL),		\
		.word = _word,						\
		.mask = _mask,						\
	}})[0].attr.attr)

static struct device_attribute ete_contextid_attr =
	__ATTR(contextid, 0444, contextid_show, NULL);

static struct attribute *ete_format_attrs[] = {
	ETE_FORMAT(branch_broadcast, 0, ETE_CFG_BRANCH_BROADCAST),
	ETE_FORMAT(cycacc, 0, ETE_CFG_CYCACC),
	ETE_FORMAT(contextid1, 0, ETE_CFG_CONTEXTID1),
	ETE_FORMAT(contextid2, 0, ETE_CFG_CONTEXTID2),
	ETE_FORMAT(timestamp, 0, ETE_CFG_TIMESTAMP),
	ETE_FORMAT(retstack, 0, ETE_CFG_RETSTACK),
	ETE_FORMAT(cc_threshold, 1, ETE_CFG1_CC_THRESHOLD),
	&ete_contextid_attr.attr,
	NULL,
};

static const struct attribute_group ete_format_group = {
	.name = "format",
	.attrs = ete_format_attrs,
};

/* caps/: fields of the first usable CPU's ID registers. */
struct ete_cap_attr {
	struct device_attribute attr;
	u8 idr;				/* TRCIDRn */
	u32 mask;
};

static ssize_t cap_show(struct device *dev, struct device_attribute *a,
			char *buf)
{
	struct ete_cap_attr *c = container_of(a, typeof(*c), attr);
	int cpu = cpumask_first(&ete_pmu->supported);
	u32 v;

	if (cpu >= nr_cpu_ids)
		return -ENODEV;
	v = per_cpu_ptr(ete_pmu->cpu, cpu)->caps.trcidr[c->idr];
	return sysfs_emit(buf, "%u\n", (u32)ETE_FIELD_GET(c->mask, v));
}

#define ETE_CAP(_name, _idr, _mask)					\
	(&((struct ete_cap_attr[]) {{					\
		.attr = __ATTR(_name, 0444, cap_show, NULL),		\
		.idr = _idr,						\
		.mask = _mask,						\
	}})[0].attr.attr)

static struct attribute *ete_cap_attrs[] = {
	ETE_CAP(branch_broadcast, 0, TRCIDR0_TRCBB),
	ETE_CAP(cycle_counting, 0, TRCIDR0_TRCCCI),
	ETE_CAP(return_stack, 0, TRCIDR0_RETSTACK),
	ETE_CAP(timestamp_size, 0, TRCIDR0_TSSIZE),
	ETE_CAP(contextid_size, 2, TRCIDR2_CIDSIZE),
	ETE_CAP(vmid_size, 2, TRCIDR2_VMIDSIZE),
	ETE_CAP(cycle_count_size, 2, TRCIDR2_CCSIZE),
	ETE_CAP(cc_threshold_min, 3, TRCIDR3_CCITMIN),
	ETE_CAP(address_comparator_pairs, 4, TRCIDR4_NUMACPAIRS),
	NULL,
};

static const struct attribute_group ete_cap_group = {
	.name = "caps",
	.attrs = ete_cap_attrs,
};

const struct attribute_group *ete_attr_groups[] = {
	&ete_format_group,
	&ete_cap_group,
	NULL,
};

/* cpuN/: a kobject per CPU, its ID registers in two named groups. */
struct ete_idr_attr {
	struct kobj_attribute attr;
	unsigned int which;
};

enum { ETE_IDR0, ETE_IDR1, ETE_IDR2, ETE_IDR8, ETE_DEVARCH, ETE_AUTHSTATUS };

static int ete_kobj_cpu(struct kobject *kobj)
{
	int cpu;

	for_each_possible_cpu(cpu)
		if (ete_pmu->cpu_dirs[cpu] == kobj)
			return cpu;
	return -1;
}

static ssize_t idr_show(struct kobject *kobj, struct kobj_attribute *a,
			char *buf)
{
	struct ete_idr_attr *ia = container_of(a, typeof(*ia), attr);
	int cpu = ete_kobj_cpu(kobj);
	const struct ete_caps *caps;
	u32 v;

	if (cpu < 0)
		return -ENODEV;
	caps = &per_cpu_ptr(ete_pmu->cpu, cpu)->caps;
	switch (ia->which) {
	case ETE_IDR0:
		v = caps->trcidr[0];
		break;
	case ETE_IDR1:
		v = caps->trcidr[1];
		break;
	case ETE_IDR2:
		v = caps->trcidr[2];
		break;
	case ETE_IDR8:
		v = caps->trcidr[8];
		break;
	case ETE_DEVARCH:
		v = caps->trcdevarch;
		break;
	default:
		v = caps->trcauthstatus;
		break;
	}
	return sysfs_emit(buf, "0x%x\n", v);
}

#define ETE_IDR(_name, _which)						\
	(&((struct ete_idr_attr[]) {{					\
		.attr = __ATTR(_name, 0444, idr_show, NULL),		\
		.which = _which,					\
	}})[0].attr.attr)

static struct attribute *ete_trcidr_attrs[] = {
	ETE_IDR(trcidr0, ETE_IDR0),
	ETE_IDR(trcidr1, ETE_IDR1),
	ETE_IDR(trcidr2, ETE_IDR2),
	ETE_IDR(trcidr8, ETE_IDR8),
	NULL,
};

static struct attribute *ete_mgmt_attrs[] = {
	ETE_IDR(trcdevarch, ETE_DEVARCH),
	ETE_IDR(trcauthstatus, ETE_AUTHSTATUS),
	NULL,
};

static const struct attribute_group ete_trcidr_group = {
	.name = "trcidr",
	.attrs = ete_trcidr_attrs,
};

static const struct attribute_group ete_mgmt_group = {
	.name = "mgmt",
	.attrs = ete_mgmt_attrs,
};

static const struct attribute_group *ete_cpu_groups[] = {
	&ete_trcidr_group,
	&ete_mgmt_group,
	NULL,
};

/*
 * The directories exist from the PMU's registration to its removal, for
 * the CPUs supported then and for those that come online in between
 * (ete_sysfs_cpu_online()).  The lock orders a CPU coming online against
 * the load: a CPU that is in ep->supported before the load makes the
 * directories gets one from the load, one that joins later from its
 * online callback.
 */
static DEFINE_MUTEX(ete_dirs_lock);
static bool ete_dirs_live;

static int ete_sysfs_cpu_dir(struct ete_pmu *ep, int cpu)
{
	struct kobject *k;
	char name[16];
	int ret;

	if (ep->cpu_dirs[cpu])
		return 0;
	snprintf(name, sizeof(name), "cpu%d", cpu);
	k = kobject_create_and_add(name, &ep->pmu.dev->kobj);
	if (!k)
		return -ENOMEM;
	ret = sysfs_create_groups(k, ete_cpu_groups);
	if (ret) {
		kobject_put(k);
		return ret;
	}
	ep->cpu_dirs[cpu] = k;
	return 0;
}

static void ete_sysfs_cpu_dirs_put(struct ete_pmu *ep)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		if (!ep->cpu_dirs[cpu])
			continue;
		sysfs_remove_groups(ep->cpu_dirs[cpu], ete_cpu_groups);
		kobject_put(ep->cpu_dirs[cpu]);
		ep->cpu_dirs[cpu] = NULL;
	}
}

int ete_sysfs_cpu_dirs(struct ete_pmu *ep)
{
	int cpu, ret = 0;

	mutex_lock(&ete_dirs_lock);
	for_each_cpu(cpu, &ep->supported) {
		ret = ete_sysfs_cpu_dir(ep, cpu);
		if (ret)
			break;
	}
	if (ret)
		ete_sysfs_cpu_dirs_put(ep);
	else
		ete_dirs_live = true;
	mutex_unlock(&ete_dirs_lock);
	return ret;
}

/*
 * A supported CPU that came online after the load (it was offline then,
 * or joined the system later) gets its directory now; one that goes
 * offline keeps it, as its ID registers do not change.  Runs in the CPU's
 * hotplug thread, which may sleep.
 */
void ete_sysfs_cpu_online(struct ete_pmu *ep, int cpu)
{
	mutex_lock(&ete_dirs_lock);
	if (ete_dirs_live && ete_sysfs_cpu_dir(ep, cpu))
		pr_warn("cpu%d: no sysfs directory: perf lacks its ID registers\n",
			cpu);
	mutex_unlock(&ete_dirs_lock);
}

void ete_sysfs_cpu_dirs_remove(struct ete_pmu *ep)
{
	mutex_lock(&ete_dirs_lock);
	ete_dirs_live = false;
	ete_sysfs_cpu_dirs_put(ep);
	mutex_unlock(&ete_dirs_lock);
}
