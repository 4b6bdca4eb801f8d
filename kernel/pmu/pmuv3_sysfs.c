// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs ABI of the `pmuv3` PMU: format/ (generated from the field masks in
 * include/armtrace/pmuv3_abi.h, so the parser and format/ cannot
 * disagree), events/ (only events PMCEID0/1 say exist), caps/ and cpus.
 */
#include <linux/bitops.h>
#include <linux/device.h>
#include <linux/perf_event.h>
#include <linux/sysfs.h>

#include <armtrace/pmuv3_abi.h>
#include "pmuv3.h"

struct pmuv3_format_attr {
	struct device_attribute attr;
	u8 word;			/* 0: config, 1: config1, 2: config2 */
	u64 mask;
};

static ssize_t format_show(struct device *dev, struct device_attribute *a,
			   char *buf)
{
	struct pmuv3_format_attr *f = container_of(a, typeof(*f), attr);
	int lo = __ffs64(f->mask), hi = fls64(f->mask) - 1;
	const char *word = f->word == 0 ? "" : f->word == 1 ? "1" : "2";

	if (lo == hi)
		return sysfs_emit(buf, "config%s:%d\n", word, lo);
	return sysfs_emit(buf, "config%s:%d-%d\n", word, lo, hi);
}

#define PMUV3_FORMAT(_name, _word, _mask)				\
	(&((struct pmuv3_format_attr[]) {{				\
		.attr = __ATTR(_name, 0444, format_show, NULL),		\
		.word = _word,						\
		.mask = _mask,						\
	}})[0].attr.attr)

static struct attribute *pmuv3_format_attrs[] = {
	PMUV3_FORMAT(event, 0, PMUV3_CFG_EVENT),
	PMUV3_FORMAT(filter, 1, PMUV3_CFG1_FILTER),
	PMUV3_FORMAT(p, 1, PMEVTYPER_EL0_P),
	PMUV3_FORMAT(u, 1, PMEVTYPER_EL0_U),
	PMUV3_FORMAT(nsk, 1, PMEVTYPER_EL0_NSK),
	PMUV3_FORMAT(nsu, 1, PMEVTYPER_EL0_NSU),
	PMUV3_FORMAT(nsh, 1, PMEVTYPER_EL0_NSH),
	PMUV3_FORMAT(m, 1, PMEVTYPER_EL0_M),
	PMUV3_FORMAT(mt, 1, PMEVTYPER_EL0_MT),
	PMUV3_FORMAT(sh, 1, PMEVTYPER_EL0_SH),
	PMUV3_FORMAT(rlk, 1, PMEVTYPER_EL0_RLK),
	PMUV3_FORMAT(rlu, 1, PMEVTYPER_EL0_RLU),
	PMUV3_FORMAT(rlh, 1, PMEVTYPER_EL0_RLH),
	PMUV3_FORMAT(th, 2, PMUV3_CFG2_TH),
	PMUV3_FORMAT(tc, 2, PMUV3_CFG2_TC),
	NULL,
};

static const struct attribute_group pmuv3_format_group = {
	.name = "format",
	.attrs = pmuv3_format_attrs,
};

struct pmuv3_event_attr {
	struct device_attribute attr;
	u16 nr;
};

static ssize_t event_show(struct device *dev, struct device_attribute *a,
			  char *buf)
{
	struct pmuv3_event_attr *e = container_of(a, typeof(*e), attr);

	return sysfs_emit(buf, "event=0x%04x\n", e->nr);
}

#define PMUV3_EVENT(_name, _nr)						\
	(&((struct pmuv3_event_attr[]) {{				\
		.attr = __ATTR(_name, 0444, event_show, NULL),		\
		.nr = _nr,						\
	}})[0].attr.attr)

/* The architected common events (Arm ARM D17.11). */
static struct attribute *pmuv3_event_attrs[] = {
	PMUV3_EVENT(sw_incr, 0x0000),
	PMUV3_EVENT(l1i_cache_refill, 0x0001),
	PMUV3_EVENT(l1i_tlb_refill, 0x0002),
	PMUV3_EVENT(l1d_cache_refill, 0x0003),
	PMUV3_EVENT(l1d_cache, 0x0004),
	PMUV3_EVENT(l1d_tlb_refill, 0x0005),
	PMUV3_EVENT(ld_retired, 0x0006),
	PMUV3_EVENT(st_retired, 0x0007),
	PMUV3_EVENT(inst_retired, 0x0008),
	PMUV3_EVENT(exc_taken, 0x0009),
	PMUV3_EVENT(exc_return, 0x000A),
	PMUV3_EVENT(cid_write_retired, 0x000B),
	PMUV3_EVENT(pc_write_retired, 0x000C),
	PMUV3_EVENT(br_immed_retired, 0x000D),
	PMUV3_EVENT(br_return_retired, 0x000E),
	PMUV3_EVENT(unaligned_ldst_retired, 0x000F),
	PMUV3_EVENT(br_mis_pred, 0x0010),
	PMUV3_EVENT(cpu_cycles, 0x0011),
	PMUV3_EVENT(br_pred, 0x0012),
	PMUV3_EVENT(mem_access, 0x0013),
	PMUV3_EVENT(l1i_cache, 0x0014),
	PMUV3_EVENT(l1d_cache_wb, 0x0015),
	PMUV3_EVENT(l2d_cache, 0x0016),
	PMUV3_EVENT(l2d_cache_refill, 0x0017),
	PMUV3_EVENT(l2d_cache_wb, 0x0018),
	PMUV3_EVENT(bus_access, 0x0019),
	PMUV3_EVENT(memory_error, 0x001A),
	PMUV3_EVENT(inst_spec, 0x001B),
	PMUV3_EVENT(ttbr_write_retired, 0x001C),
	PMUV3_EVENT(bus_cycles, 0x001D),
	PMUV3_EVENT(l1d_cache_allocate, 0x001F),
	PMUV3_EVENT(l2d_cache_allocate, 0x0020),
	PMUV3_EVENT(br_retired, 0x0021),
	PMUV3_EVENT(br_mis_pred_retired, 0x0022),
	PMUV3_EVENT(stall_frontend, 0x0023),
	PMUV3_EVENT(stall_backend, 0x0024),
	PMUV3_EVENT(l1d_tlb, 0x0025),
	PMUV3_EVENT(l1i_tlb, 0x0026),
	PMUV3_EVENT(l2i_cache, 0x0027),
	PMUV3_EVENT(l2i_cache_refill, 0x0028),
	PMUV3_EVENT(l3d_cache_allocate, 0x0029),
	PMUV3_EVENT(l3d_cache_refill, 0x002A),
	PMUV3_EVENT(l3d_cache, 0x002B),
	PMUV3_EVENT(l3d_cache_wb, 0x002C),
	PMUV3_EVENT(l2d_tlb_refill, 0x002D),
	PMUV3_EVENT(l2i_tlb_refill, 0x002E),
	PMUV3_EVENT(l2d_tlb, 0x002F),
	PMUV3_EVENT(l2i_tlb, 0x0030),
	PMUV3_EVENT(remote_access, 0x0031),
	PMUV3_EVENT(ll_cache, 0x0032),
	PMUV3_EVENT(ll_cache_miss, 0x0033),
	PMUV3_EVENT(dtlb_walk, 0x0034),
	PMUV3_EVENT(itlb_walk, 0x0035),
	PMUV3_EVENT(ll_cache_rd, 0x0036),
	PMUV3_EVENT(ll_cache_miss_rd, 0x0037),
	PMUV3_EVENT(remote_access_rd, 0x0038),
	PMUV3_EVENT(l1d_cache_lmiss_rd, 0x0039),
	PMUV3_EVENT(op_retired, 0x003A),
	PMUV3_EVENT(op_spec, 0x003B),
	PMUV3_EVENT(stall, 0x003C),
	PMUV3_EVENT(stall_slot_backend, 0x003D),
	PMUV3_EVENT(stall_slot_frontend, 0x003E),
	PMUV3_EVENT(stall_slot, 0x003F),
	PMUV3_EVENT(sample_pop, 0x4000),
	PMUV3_EVENT(sample_feed, 0x4001),
	PMUV3_EVENT(sample_filtrate, 0x4002),
	PMUV3_EVENT(sample_collision, 0x4003),
	PMUV3_EVENT(cnt_cycles, 0x4004),
	PMUV3_EVENT(stall_backend_mem, 0x4005),
	PMUV3_EVENT(l1i_cache_lmiss, 0x4006),
	PMUV3_EVENT(l2d_cache_lmiss_rd, 0x4009),
	PMUV3_EVENT(l2i_cache_lmiss, 0x400A),
	PMUV3_EVENT(l3d_cache_lmiss_rd, 0x400B),
	PMUV3_EVENT(trb_wrap, 0x400C),
	PMUV3_EVENT(trb_trig, 0x400E),
	PMUV3_EVENT(trcextout0, 0x4010),
	PMUV3_EVENT(trcextout1, 0x4011),
	PMUV3_EVENT(trcextout2, 0x4012),
	PMUV3_EVENT(trcextout3, 0x4013),
	PMUV3_EVENT(cti_trigout4, 0x4018),
	PMUV3_EVENT(cti_trigout5, 0x4019),
	PMUV3_EVENT(cti_trigout6, 0x401A),
	PMUV3_EVENT(cti_trigout7, 0x401B),
	PMUV3_EVENT(ldst_align_lat, 0x4020),
	PMUV3_EVENT(ld_align_lat, 0x4021),
	PMUV3_EVENT(st_align_lat, 0x4022),
	PMUV3_EVENT(mem_access_checked, 0x4024),
	PMUV3_EVENT(mem_access_checked_rd, 0x4025),
	PMUV3_EVENT(mem_access_checked_wr, 0x4026),
	NULL,
};

static umode_t pmuv3_event_visible(struct kobject *kobj,
				   struct attribute *attr, int unused)
{
	struct pmu *pmu = dev_get_drvdata(kobj_to_dev(kobj));
	struct pmuv3_event_attr *e =
		container_of(attr, struct pmuv3_event_attr, attr.attr);

	return pmuv3_event_implemented(&to_pmuv3(pmu)->caps, e->nr) ?
		attr->mode : 0;
}

static const struct attribute_group pmuv3_events_group = {
	.name = "events",
	.attrs = pmuv3_event_attrs,
	.is_visible = pmuv3_event_visible,
};

static ssize_t cpus_show(struct device *dev, struct device_attribute *attr,
			 char *buf)
{
	struct pmu *pmu = dev_get_drvdata(dev);

	return cpumap_print_to_pagebuf(true, buf, &to_pmuv3(pmu)->supported);
}
static DEVICE_ATTR_RO(cpus);

static struct attribute *pmuv3_common_attrs[] = {
	&dev_attr_cpus.attr,
	NULL,
};

static const struct attribute_group pmuv3_common_group = {
	.attrs = pmuv3_common_attrs,
};

#define PMUV3_CAP(_name, _expr)						\
static ssize_t _name##_show(struct device *dev,				\
			    struct device_attribute *attr, char *buf)	\
{									\
	struct pmuv3_caps *caps = &to_pmuv3(dev_get_drvdata(dev))->caps;	\
									\
	return sysfs_emit(buf, "%u\n", (unsigned int)(_expr));		\
}									\
static DEVICE_ATTR_RO(_name)

PMUV3_CAP(counters, caps->num_counters);
PMUV3_CAP(pmuver, caps->pmuver);
PMUV3_CAP(counter_bits, caps->long_counters ? 64 : 32);
PMUV3_CAP(thwidth, caps->thwidth);

/* BRBE: records per sample (0: no branch stacks), BRBIDR0_EL1 fields. */
#define PMUV3_BRBE_CAP(_name, _val)					\
static ssize_t _name##_show(struct device *dev,				\
			    struct device_attribute *attr, char *buf)	\
{									\
	struct brbe_caps *brbe = &to_pmuv3(dev_get_drvdata(dev))->brbe;	\
									\
	return sysfs_emit(buf, "%u\n", _val);				\
}									\
static DEVICE_ATTR_RO(_name)

PMUV3_BRBE_CAP(branches, brbe->usable ? brbe->numrec : 0);
PMUV3_BRBE_CAP(brbe_cc, brbe->present ? brbe->cc : 0);
PMUV3_BRBE_CAP(brbe_format, brbe->present ? brbe->format : 0);

static ssize_t filters_show(struct device *dev,
			    struct device_attribute *attr, char *buf)
{
	struct pmuv3_caps *caps = &to_pmuv3(dev_get_drvdata(dev))->caps;

	return sysfs_emit(buf, "0x%llx\n", pmuv3_filters_implemented(caps));
}
static DEVICE_ATTR_RO(filters);

static ssize_t sampling_show(struct device *dev,
			     struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", pmuv3_can_sample());
}
static DEVICE_ATTR_RO(sampling);

static struct attribute *pmuv3_caps_attrs[] = {
	&dev_attr_counters.attr,
	&dev_attr_pmuver.attr,
	&dev_attr_counter_bits.attr,
	&dev_attr_thwidth.attr,
	&dev_attr_sampling.attr,
	&dev_attr_filters.attr,
	&dev_attr_branches.attr,
	&dev_attr_brbe_cc.attr,
	&dev_attr_brbe_format.attr,
	NULL,
};

static const struct attribute_group pmuv3_caps_group = {
	.name = "caps",
	.attrs = pmuv3_caps_attrs,
};

const struct attribute_group *pmuv3_attr_groups[] = {
	&pmuv3_format_group,
	&pmuv3_events_group,
	&pmuv3_common_group,
	&pmuv3_caps_group,
	NULL,
};
