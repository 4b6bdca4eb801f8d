// SPDX-License-Identifier: GPL-2.0
/*
 * perf_event callbacks of the `pmuv3` PMU: counter allocation, counting
 * with 64-bit totals on 32- and 64-bit counters, and overflow sampling.
 *
 * A counter is programmed to wrap after `left` more events by writing
 * (mask + 1 - left).  Counting events use a period of half the counter
 * range, so on 32-bit counters (before PMUv3p5) an overflow interrupt
 * folds the count into the 64-bit total long before the counter could
 * lap; on 64-bit counters it never fires.
 */
#include <linux/bitops.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/perf_event.h>
#include <linux/sched/clock.h>
#include <linux/smp.h>

#include <armtrace/pmuv3_abi.h>
#include "../hw/pmu_sysreg.h"
#include "pmuv3.h"

static void counter_write(int idx, u64 val)
{
	if (idx == PMU_CYCLE_IDX)
		hw_pmu_write_ccntr(val);
	else
		hw_pmu_write_evcntr(idx, val);
}

static u64 counter_read(int idx)
{
	return idx == PMU_CYCLE_IDX ? hw_pmu_read_ccntr() :
				      hw_pmu_read_evcntr(idx);
}

/* Fold what the counter counted since the last look into event->count. */
static u64 pmuv3_event_update(struct perf_event *event)
{
	struct pmuv3 *p = to_pmuv3(event->pmu);
	struct hw_perf_event *hwc = &event->hw;
	u64 mask = pmuv3_counter_mask(p, hwc->idx);
	u64 prev, now, delta;

	do {
		prev = local64_read(&hwc->prev_count);
		now = counter_read(hwc->idx);
	} while (local64_cmpxchg(&hwc->prev_count, prev, now) != prev);

	delta = (now - prev) & mask;
	local64_add(delta, &event->count);
	local64_sub(delta, &hwc->period_left);
	return now;
}

/* Arm the counter for the next period; true when a period elapsed. */
static bool pmuv3_event_set_period(struct perf_event *event)
{
	struct pmuv3 *p = to_pmuv3(event->pmu);
	struct hw_perf_event *hwc = &event->hw;
	u64 mask = pmuv3_counter_mask(p, hwc->idx);
	s64 left = local64_read(&hwc->period_left);
	s64 period = hwc->sample_period;
	bool elapsed = false;

	if (unlikely(left <= -period)) {
		left = period;
		local64_set(&hwc->period_left, left);
		hwc->last_period = period;
		elapsed = true;
	}
	if (unlikely(left <= 0)) {
		left += period;
		local64_set(&hwc->period_left, left);
		hwc->last_period = period;
		elapsed = true;
	}
	/* Never let a counter run past half its range unobserved. */
	if (left > (s64)(mask >> 1))
		left = mask >> 1;

	local64_set(&hwc->prev_count, (u64)-left & mask);
	counter_write(hwc->idx, (u64)-left & mask);
	perf_event_update_userpage(event);
	return elapsed;
}

static void pmuv3_event_start(struct perf_event *event, int flags)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 bit = BIT_ULL(hwc->idx);

	if (flags & PERF_EF_RELOAD)
		WARN_ON_ONCE(!(hwc->state & PERF_HES_UPTODATE));
	hwc->state = 0;

	if (hwc->idx == PMU_CYCLE_IDX)
		hw_pmu_write_ccfiltr(hwc->config_base & PMCCFILTR_EL0_FILTERS);
	else
		hw_pmu_write_evtyper(hwc->idx, hwc->config_base);
	pmuv3_event_set_period(event);
	hw_pmu_enable_irqs(bit);
	hw_pmu_enable_counters(bit);
}

static void pmuv3_event_stop(struct perf_event *event, int flags)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 bit = BIT_ULL(hwc->idx);

	if (hwc->state & PERF_HES_STOPPED)
		return;
	hw_pmu_disable_counters(bit);
	hw_pmu_disable_irqs(bit);
	/* A stopped counter's pending overflow belongs to no one now. */
	hw_pmu_ack_overflows(bit);
	pmuv3_event_update(event);
	hwc->state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

static int pmuv3_get_idx(struct pmuv3 *p, struct pmuv3_cpu *cpu,
			 struct perf_event *event)
{
	int idx;

	if ((event->hw.flags & PMUV3_HWF_CYCLE_OK) && !test_bit(PMU_CYCLE_IDX, cpu->used))
		return PMU_CYCLE_IDX;
	idx = find_first_zero_bit(cpu->used, p->caps.num_counters);
	return idx < p->caps.num_counters ? idx : -EAGAIN;
}

static int pmuv3_event_add(struct perf_event *event, int flags)
{
	struct pmuv3 *p = to_pmuv3(event->pmu);
	struct pmuv3_cpu *cpu = this_cpu_ptr(p->cpu);
	struct hw_perf_event *hwc = &event->hw;
	int idx;

	if (!cpumask_test_cpu(smp_processor_id(), &p->supported))
		return -ENOENT;
	idx = pmuv3_get_idx(p, cpu, event);
	if (idx < 0)
		return idx;

	__set_bit(idx, cpu->used);
	cpu->events[idx] = event;
	hwc->idx = idx;
	/* Records made before the event came here are not its own. */
	if (has_branch_stack(event)) {
		int ret = pmuv3_brbe_add(p, event);

		if (ret) {
			cpu->events[idx] = NULL;
			__clear_bit(idx, cpu->used);
			hwc->idx = -1;
			return ret;
		}
	}
	hwc->state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (flags & PERF_EF_START)
		pmuv3_event_start(event, PERF_EF_RELOAD);
	perf_event_update_userpage(event);
	return 0;
}

static void pmuv3_event_del(struct perf_event *event, int flags)
{
	struct pmuv3 *p = to_pmuv3(event->pmu);
	struct pmuv3_cpu *cpu = this_cpu_ptr(p->cpu);
	struct hw_perf_event *hwc = &event->hw;

	pmuv3_event_stop(event, PERF_EF_UPDATE);
	cpu->events[hwc->idx] = NULL;
	__clear_bit(hwc->idx, cpu->used);
	__clear_bit(hwc->idx, cpu->parked);
	hwc->idx = -1;
	if (has_branch_stack(event))
		pmuv3_brbe_del(p, event);
	perf_event_update_userpage(event);
}

static void pmuv3_event_read(struct perf_event *event)
{
	pmuv3_event_update(event);
}

static void pmuv3_pmu_enable(struct pmu *pmu)
{
	struct pmuv3 *p = to_pmuv3(pmu);

	if (bitmap_empty(this_cpu_ptr(p->cpu)->used, PMUV3_MAX_COUNTERS))
		return;
	hw_pmu_write_pmcr(hw_pmu_read_pmcr() | PMCR_EL0_E);
}

static void pmuv3_pmu_disable(struct pmu *pmu)
{
	hw_pmu_write_pmcr(hw_pmu_read_pmcr() & ~PMCR_EL0_E);
}

/* Does the group still fit the counters once @event joins it? */
/*
 * Software events may join any group; but the perf core counts every
 * event of the software context as one, and trace PMUs (cs_etm, ete) live
 * there.  They are hardware with AUX buffers: not software here.
 */
static bool pmuv3_is_software(struct perf_event *e)
{
	return is_software_event(e) && !e->pmu->setup_aux;
}

/*
 * Does @event's group fit in the counters, with no other hardware PMU's
 * event in it?  An event that leads its own group is alone: its sibling
 * list must not be walked before it has a context (perf core asserts the
 * context's lock there).
 */
static bool pmuv3_group_fits(struct pmuv3 *p, struct perf_event *event)
{
	struct perf_event *leader = event->group_leader, *sib;
	unsigned int events = 1, cycles = !!(event->hw.flags & PMUV3_HWF_CYCLE_OK);

	if (leader == event)
		return true;
	if (!pmuv3_is_software(leader)) {
		if (leader->pmu != event->pmu)
			return false;
		events++;
		cycles += !!(leader->hw.flags & PMUV3_HWF_CYCLE_OK);
	}
	for_each_sibling_event(sib, leader) {
		if (pmuv3_is_software(sib))
			continue;
		if (sib->pmu != event->pmu)
			return false;
		events++;
		cycles += !!(sib->hw.flags & PMUV3_HWF_CYCLE_OK);
	}
	/* One cycle-counter-eligible event may use PMCCNTR. */
	return events <= p->caps.num_counters + min(cycles, 1U);
}

int pmuv3_event_init(struct perf_event *event)
{
	struct pmuv3 *p = to_pmuv3(event->pmu);
	struct perf_event_attr *attr = &event->attr;
	struct hw_perf_event *hwc = &event->hw;
	struct pmuv3_evt evt;
	u64 nr;
	int ret;

	if (attr->type == event->pmu->type) {
		nr = attr->config;
		if (nr & ~PMUV3_CFG_EVENT)
			return -EINVAL;
	} else if (attr->type == PERF_TYPE_RAW) {
		nr = attr->config;
		if (nr & ~PMUV3_CFG_EVENT)
			return -ENOENT;
	} else if (attr->type == PERF_TYPE_HARDWARE ||
		   attr->type == PERF_TYPE_HW_CACHE) {
		ret = pmuv3_map_generic(&p->caps, attr->type, attr->config,
					&nr);
		if (ret)
			return ret;
	} else {
		return -ENOENT;
	}

	/* -ENOENT, as arm_pmu says it: the perf core may try another PMU. */
	if (event->cpu >= 0 && !cpumask_test_cpu(event->cpu, &p->supported))
		return -ENOENT;
	if (is_sampling_event(event) && !pmuv3_can_sample())
		return -EOPNOTSUPP;
	if (has_branch_stack(event)) {
		ret = pmuv3_brbe_event_init(p, event);
		if (ret)
			return ret;
	}

	ret = pmuv3_evt_from_attr(&p->caps, attr, nr, &evt);
	if (ret)
		return ret;
	/*
	 * Not refused: stock perf sets exclude_guest on every event, so a
	 * refusal would refuse them all.  Said once, and in pmuv3.rst.
	 */
	if (pmuv3_guest_split_lost(&p->caps, attr))
		pr_warn_once("armtrace-pmuv3: exclude_guest != exclude_host is not fully honoured without KVM's counter switching: guests' EL0 (and under nVHE EL1) count with the host's\n");

	hwc->config_base = evt.evtype;

	hwc->flags = evt.cycle_counter_ok ? PMUV3_HWF_CYCLE_OK : 0;
	hwc->idx = -1;

	if (!pmuv3_group_fits(p, event))
		return -EINVAL;

	if (!is_sampling_event(event)) {
		/* Counting: the widest period the narrowest counter can hold. */
		hwc->sample_period = (p->caps.long_counters ? U64_MAX :
				      U32_MAX) >> 1;
		hwc->last_period = hwc->sample_period;
		local64_set(&hwc->period_left, hwc->sample_period);
	}
	return has_branch_stack(event) ? pmuv3_brbe_event_alloc(event) : 0;
}

/*
 * The overflow interrupt's share of a tick, past which this CPU's
 * sampling events are throttled until perf's next tick: a quarter, the
 * default of perf_cpu_time_max_percent.  perf would enforce that itself
 * through perf_sample_event_took(), which 6.1 does not export, so a
 * period of 1 could otherwise keep a CPU in this handler.
 */
#define PMUV3_IRQ_NS_PER_TICK	(TICK_NSEC / 4)

/* Same tick or not: an equality test, where time_after() has no use. */
static bool pmuv3_irq_over_budget(struct pmuv3_cpu *cpu)
{
	unsigned long tick = jiffies;

	return cpu->irq_jiffy == tick && cpu->irq_ns > PMUV3_IRQ_NS_PER_TICK;
}

static void pmuv3_irq_account(struct pmuv3_cpu *cpu, u64 start)
{
	unsigned long tick = jiffies;

	if (cpu->irq_jiffy != tick) {
		cpu->irq_jiffy = tick;
		cpu->irq_ns = 0;
	}
	cpu->irq_ns += local_clock() - start;
}

/*
 * Throttle through perf's own path, so that perf sees it: perf core
 * throttles an event when its interrupt count this tick reaches
 * max_samples_per_tick, logs PERF_RECORD_THROTTLE, makes
 * perf_event_overflow() return 1 (we stop the event) and restarts it at
 * the next tick.  A count one short of MAX_INTERRUPTS (~0ULL, private to
 * kernel/events/core.c, like the limit itself) reaches any limit
 * at the next increment; in a tick where the event has had no interrupt
 * yet perf starts the count afresh and the following one throttles.
 */
static void pmuv3_throttle_next(struct perf_event *event)
{
	event->hw.interrupts = U64_MAX - 1;
}

irqreturn_t pmuv3_handle_irq(int irq, void *dev)
{
	u64 start = local_clock();
	struct pmuv3 *p = *(struct pmuv3 **)dev;
	struct pmuv3_cpu *cpu = this_cpu_ptr(p->cpu);
	struct pt_regs *regs = get_irq_regs();
	struct perf_sample_data data;
	unsigned long ovs;
	bool brbe;
	int idx;

	ovs = hw_pmu_ack_overflows(U32_MAX);
	if (!ovs)
		return IRQ_NONE;
	/* Before anything else: the records must end where the overflow was. */
	brbe = pmuv3_brbe_active();
	if (brbe)
		pmuv3_brbe_irq_enter(p);

	/* Counters stop while we account, so group ratios stay consistent. */
	pmuv3_pmu_disable(&p->pmu);
	for_each_set_bit(idx, &ovs, PMUV3_MAX_COUNTERS) {
		struct perf_event *event = cpu->events[idx];

		u64 period;

		if (!event)
			continue;
		pmuv3_event_update(event);
		/*
		 * The sample is of the period that ran out: take it before
		 * re-arming, which moves last_period on to the next one
		 * (frequency mode changes the period at every overflow).
		 */
		period = event->hw.last_period;
		if (!pmuv3_event_set_period(event))
			continue;
		if (!is_sampling_event(event))
			continue;
		perf_sample_data_init(&data, 0, period);
		if (has_branch_stack(event)) {
			data.br_stack = pmuv3_brbe_stack(p, event);
			data.sample_flags |= PERF_SAMPLE_BRANCH_STACK;
		}
		if (pmuv3_irq_over_budget(cpu))
			pmuv3_throttle_next(event);
		if (pmuv3_overflow(event, &data, regs))
			pmuv3_event_stop(event, 0);
	}
	if (brbe)
		pmuv3_brbe_irq_exit(p);
	pmuv3_pmu_enable(&p->pmu);
	irq_work_run();
	pmuv3_irq_account(cpu, start);
	return IRQ_HANDLED;
}

/*
 * Put this CPU's PMU in a known state: every counter stopped, no
 * interrupts, no overflow pending, counters reset, 64-bit overflow where
 * the counters have 64 bits, EL0 access disabled.
 */
void pmuv3_reset_cpu(struct pmuv3 *p)
{
	u64 pmcr = PMCR_EL0_P | PMCR_EL0_C | PMCR_EL0_LC;

	hw_pmu_disable_counters(U32_MAX);
	hw_pmu_disable_irqs(U32_MAX);
	hw_pmu_ack_overflows(U32_MAX);
	if (p->caps.long_counters)
		pmcr |= PMCR_EL0_LP;
	hw_pmu_write_pmcr(pmcr);
	hw_pmu_write_userenr(0);
}

/*
 * CPU PM and hotplug: park the running events (counts folded in), so that
 * the PMU can be reset under them.  Events already stopped (throttled)
 * stay stopped: only those parked here are restarted.
 */
void pmuv3_stop_all(struct pmuv3 *p)
{
	struct pmuv3_cpu *cpu = this_cpu_ptr(p->cpu);
	int idx;

	for_each_set_bit(idx, cpu->used, PMUV3_MAX_COUNTERS) {
		struct perf_event *event = cpu->events[idx];

		if (!event || (event->hw.state & PERF_HES_STOPPED))
			continue;
		pmuv3_event_stop(event, PERF_EF_UPDATE);
		__set_bit(idx, cpu->parked);
	}
}

/* Reset this CPU's PMU to a known state, then restart the parked events. */
void pmuv3_restart_all(struct pmuv3 *p)
{
	struct pmuv3_cpu *cpu = this_cpu_ptr(p->cpu);
	int idx;

	pmuv3_reset_cpu(p);
	pmuv3_brbe_restore(p);
	for_each_set_bit(idx, cpu->parked, PMUV3_MAX_COUNTERS) {
		struct perf_event *event = cpu->events[idx];

		if (event && event->state == PERF_EVENT_STATE_ACTIVE)
			pmuv3_event_start(event, PERF_EF_RELOAD);
	}
	bitmap_zero(cpu->parked, PMUV3_MAX_COUNTERS);
	pmuv3_pmu_enable(&p->pmu);
}

void pmuv3_event_add_ops(struct pmuv3 *p)
{
	p->pmu.event_init = pmuv3_event_init;
	p->pmu.add = pmuv3_event_add;
	p->pmu.del = pmuv3_event_del;
	p->pmu.start = pmuv3_event_start;
	p->pmu.stop = pmuv3_event_stop;
	p->pmu.read = pmuv3_event_read;
	p->pmu.pmu_enable = pmuv3_pmu_enable;
	p->pmu.pmu_disable = pmuv3_pmu_disable;
}
