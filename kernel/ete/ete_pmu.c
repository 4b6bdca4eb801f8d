// SPDX-License-Identifier: GPL-2.0
/*
 * armtrace `ete` PMU: ETE trace into perf AUX buffers through TRBE.
 *
 * One event at a time per CPU (PERF_PMU_CAP_EXCLUSIVE), in the software
 * context as upstream's cs_etm, so a per-task event follows its task from
 * CPU to CPU: add() programs the trace unit and TRBE of the CPU it lands
 * on, del() stops, drains and closes the AUX record there.
 *
 * The AUX buffer is vmap()ed once (setup_aux) so TRBE sees it virtually
 * contiguous; each record is one TRBE window (trbe_window.c).  A full
 * window raises the TRBE interrupt; its handler closes the record and
 * opens the next.  Every record carries PERF_AUX_FLAG_CORESIGHT_FORMAT_RAW
 * (TRBE writes the trace unit's bytes unformatted), COLLISION when the
 * buffer filled (trace generated until the restart is lost), TRUNCATED
 * when the AUX buffer had no room or the TRBE faulted (perf then disables
 * the event).
 */
#define pr_fmt(fmt) "armtrace-ete: " fmt

#include <linux/cpu_pm.h>
#include <linux/cpuhotplug.h>
#include <linux/debugfs.h>
#include <linux/device.h>
#include <linux/irq_work.h>
#include <linux/of.h>
#include <linux/of_irq.h>
#include <linux/percpu.h>
#include <linux/pid_namespace.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <asm/virt.h>

#include <armtrace/ete_pkt.h>
#include <armtrace/ete_regs.h>
#include <armtrace/trbe_regs.h>
#include "../armtrace.h"
#include "../hw/trbe_action.h"
#include "ete.h"
#include "trbe_window.h"

#define CREATE_TRACE_POINTS
#include "ete_trace.h"

struct ete_pmu *ete_pmu;
/* Serials of event configurations, so a CPU knows what its unit holds. */
static atomic64_t ete_cfg_serial = ATOMIC64_INIT(0);
static enum cpuhp_state ete_hp_state;
static struct hlist_node ete_hp_node;
static struct dentry *ete_debugfs;

/*
 * TRBE needs the limit a page above the pointer: two pages at least;
 * three where a CPU needs the spare page of erratum 2224489.
 */
#define ETE_MIN_AUX_PAGES	2

static void *ete_setup_aux(struct perf_event *event, void **pages,
			   int nr_pages, bool snapshot)
{
	int node = event->cpu == -1 ? NUMA_NO_NODE : cpu_to_node(event->cpu);
	struct page **pglist;
	struct ete_buf *buf;
	int i;

	if (nr_pages < ETE_MIN_AUX_PAGES +
	    !!(ete_pmu->wa_any & TRBE_WA_SPARE_PAGE))
		return NULL;
	buf = kzalloc_node(sizeof(*buf), GFP_KERNEL, node);
	if (!buf)
		return NULL;
	pglist = kcalloc(nr_pages, sizeof(*pglist), GFP_KERNEL);
	if (!pglist)
		goto err_buf;
	for (i = 0; i < nr_pages; i++)
		pglist[i] = virt_to_page(pages[i]);
	buf->base = vmap(pglist, nr_pages, VM_MAP, PAGE_KERNEL);
	kfree(pglist);
	if (!buf->base)
		goto err_buf;
	buf->nr_pages = nr_pages;
	buf->snapshot = snapshot;
	if (hw->buf_map(&buf->hwb, buf->base, nr_pages))
		goto err_vmap;
	return buf;

err_vmap:
	vunmap(buf->base);
err_buf:
	kfree(buf);
	return NULL;
}

static void ete_free_aux(void *aux)
{
	struct ete_buf *buf = aux;

	hw->buf_unmap(&buf->hwb);
	vunmap(buf->base);
	kfree(buf);
}

/* IGNORE packets over @len bytes from @off, across the buffer's end. */
static void ete_pad(struct ete_buf *buf, u64 off, u64 len)
{
	u64 size = ete_buf_size(buf), n;

	off %= size;
	n = min(len, size - off);
	memset(buf->base + off, ETE_HDR_IGNORE, n);
	memset(buf->base, ETE_HDR_IGNORE, len - n);
}

/*
 * A record ending TRUNCATED, or an AUX buffer without room, must disable
 * the event: perf_aux_output_begin()/_end() ask for it themselves with
 * pending_disable = smp_processor_id(), but since 6.1 made pending_disable
 * a flag that is no request at all on CPU 0, and the event would start
 * again at its next sched-in, past the loss.  Ask as
 * perf_event_disable_inatomic() (not exported) does.
 */
static void ete_disable_inatomic(struct perf_event *event)
{
	event->pending_disable = 1;
	irq_work_queue(&event->pending_irq);
}

/*
 * End the record of a window whose TRBE never started (no room in the
 * AUX buffer, or a trace unit still busy from its last stop): no byte,
 * the loss flagged, and so the event disabled.
 */
static void ete_window_abort(struct ete_cpu *ec)
{
	struct perf_output_handle *h = &ec->handle;
	struct perf_event *event = h->event;

	ec->truncated++;
	perf_aux_output_flag(h, PERF_AUX_FLAG_TRUNCATED |
			     PERF_AUX_FLAG_CORESIGHT_FORMAT_RAW);
	trace_aux_lost(smp_processor_id(), h->aux_flags, 0);
	perf_aux_output_end(h, 0);
	ete_disable_inatomic(event);
}

/*
 * Open the next TRBE window of the record perf_aux_output_begin() started:
 * pad to the TRBE's alignment, then find room.  With none the record ends
 * TRUNCATED at once: the trace from here on is lost, and perf says so.
 */
static int ete_window_begin(struct ete_cpu *ec, struct ete_buf *buf)
{
	struct perf_output_handle *h = &ec->handle;
	u64 size = ete_buf_size(buf), start;
	struct trbe_window w;

	/*
	 * Snapshot (AUX overwrite): the whole buffer is the TRBE's, and the
	 * reader takes the newest bytes when it asks.  No pad is skipped:
	 * perf takes the head from the handle, which moves at the end by
	 * all the window wrote, pad included, so that every byte is in a
	 * record and head mod size is where the newest one ends.
	 */
	if (buf->snapshot) {
		trbe_snapshot_window(size, h->head, ec->align, PAGE_SIZE,
				     ec->wa, &w);
		if (w.pad)
			ete_pad(buf, h->head, w.pad);
		start = h->head % size;
	} else {
		trbe_window_wa(size, h->head, h->size, h->wakeup, ec->align,
			       PAGE_SIZE, ec->wa, &w);
		if (w.pad) {
			/*
			 * Past the end only when the spare page had a
			 * window padded.
			 */
			ete_pad(buf, h->head, w.pad);
			perf_aux_output_skip(h, w.pad);
		}
		if (!w.limit) {
			ete_window_abort(ec);
			return -ENOSPC;
		}
		start = w.start;
	}
	ec->circular = w.circular;
	ec->start = start;
	ec->pad = buf->snapshot && !w.circular ? w.pad : 0;
	ec->limit = w.limit;
	ec->base = w.base;
	ec->ptr = w.ptr;
	trace_ete_window(smp_processor_id(), h->head, w.pad, w.start, w.limit);
	return 0;
}

/*
 * The bytes of a circular snapshot window, which ends where TRBPTR_EL1
 * is.  It began at the base, after the pad from where the last window
 * ended (start) to the buffer's end; TRBSR.WRAP says the pointer passed
 * the limit at least once, and then the whole buffer, up to the pointer,
 * holds the window's newest trace.  perf takes the new head from the
 * handle in overwrite mode, so head mod size is always where the newest
 * byte ends, and a record never claims an older window's bytes:
 *
 *   base            ptr         start                   limit
 *   |== this one ====|-- older --|pad====================|   not wrapped
 *   |== this one, newest up to ptr, all of it ===========|   wrapped
 */
static u64 ete_circular_bytes(struct ete_cpu *ec, u64 size,
			      enum hw_trbe_action *act, u64 trbsr, u64 off,
			      u64 *flags)
{
	if (off >= size) {
		/* A pointer outside the buffer: trust no byte. */
		*act = HW_TRBE_FATAL;
		*flags |= PERF_AUX_FLAG_TRUNCATED;
		return 0;
	}
	if (*act == HW_TRBE_FATAL)
		*flags |= PERF_AUX_FLAG_TRUNCATED;
	return trbe_circular_bytes(size, ec->start, off,
				   trbsr & TRBSR_EL1_WRAP);
}

/*
 * Close the record of the window that just stopped, from what TRBSR_EL1
 * and TRBPTR_EL1 said when it did.
 */
static enum hw_trbe_action ete_window_end(struct ete_cpu *ec, u64 trbsr,
					  u64 trbptr)
{
	struct perf_output_handle *h = &ec->handle;
	struct perf_event *event = h->event;
	struct ete_buf *buf = perf_get_aux(h);
	u64 base = (u64)buf->base, size = 0, flags, bufsize = ete_buf_size(buf);
	/* Erratum 2119858: a fill may leave TRBPTR past TRBBASER. */
	enum hw_trbe_action act = hw_trbe_action(trbsr, trbptr, base + ec->base,
		ec->wa & TRBE_WA_PAD_BASE ? HW_TRBE_MAY_OVERWRITE_IN_FILL_MODE : 0);
	/* The window itself never wraps; a snapshot's pad before it may. */
	u64 wstart = (ec->start + ec->pad) % bufsize;
	bool in_window = trbptr >= base + wstart && trbptr <= base + ec->limit;

	flags = PERF_AUX_FLAG_CORESIGHT_FORMAT_RAW;
	if (ec->circular) {
		size = ete_circular_bytes(ec, bufsize, &act, trbsr,
					  trbptr - base, &flags);
		goto end;
	}
	switch (act) {
	case HW_TRBE_WRAP_FULL:
		/* Full up to the limit; trace until the restart is gone. */
		size = ec->pad + ec->limit - wstart;
		flags |= PERF_AUX_FLAG_COLLISION;
		ec->collisions++;
		break;
	case HW_TRBE_FATAL:
		if (in_window)
			size = ec->pad + trbptr - base - wstart;
		flags |= PERF_AUX_FLAG_TRUNCATED;
		break;
	case HW_TRBE_DONE:
	case HW_TRBE_SPURIOUS:
		if (in_window) {
			size = ec->pad + trbptr - base - wstart;
		} else {
			/* A pointer outside its window: trust no byte. */
			flags |= PERF_AUX_FLAG_TRUNCATED;
		}
		break;
	}
	/*
	 * TRBE_WA_PAD_BASE: TRBPTR started ec->ptr - ec->start bytes into
	 * the record, and a fill may have overwritten them with trace that
	 * belongs after the limit: they become IGNORE packets.  (Without
	 * it they are a snapshot's alignment pad, IGNORE already.)
	 */
	if (size)
		ete_pad(buf, ec->start, min(size, ec->pad + ec->ptr - wstart));
end:
	/* Overwrite mode: perf takes the head from us; size is a record's. */
	if (buf->snapshot) {
		h->head += size;
		size = min(size, bufsize);
	}
	trace_trbe_irq(smp_processor_id(), trbsr, trbptr - base, act, size);
	/* with what was flagged on the handle before (a stop that timed out) */
	perf_aux_output_flag(h, flags);
	flags = h->aux_flags;
	if (flags & PERF_AUX_FLAG_TRUNCATED)
		ec->truncated++;
	if (flags & (PERF_AUX_FLAG_TRUNCATED | PERF_AUX_FLAG_COLLISION))
		trace_aux_lost(smp_processor_id(), flags, size);
	perf_aux_output_end(h, size);
	if (flags & PERF_AUX_FLAG_TRUNCATED)
		ete_disable_inatomic(event);
	return act;
}

/*
 * perf's address filters: ranges (ViewInst include ranges, a comparator
 * pair each) and start/stop points (the ViewInst start/stop logic, one
 * comparator each), as many as the comparators hold (ete_filter.c).  A
 * start or stop with a size (perf's "tracestop" range) has no comparator
 * to match it: the logic's points are single addresses.
 */
static int ete_addr_filters_validate(struct list_head *filters)
{
	struct perf_addr_filter *f;
	unsigned int ranges = 0, points = 0;

	list_for_each_entry(f, filters, entry) {
		if (f->action == PERF_ADDR_FILTER_ACTION_FILTER) {
			ranges++;
			continue;
		}
		if (f->size)
			return -EOPNOTSUPP;
		/* No A64 instruction is there: the point would never match. */
		if (f->offset & 3)
			return -EINVAL;
		points++;
	}
	if (!ete_filters_fit(ranges, points, ete_pmu->pairs))
		return -EOPNOTSUPP;
	return 0;
}

/*
 * The addresses perf resolved for this event's task (or the kernel).  A
 * new set of filters (PERF_EVENT_IOC_SET_FILTER) restarts the start/stop
 * logic in its first state; the same set moved by a new mapping keeps its
 * state.  perf core allocates a new set's entries before it frees the old
 * ones, so the first entry's address tells the two apart.
 */
static void ete_addr_filters_sync(struct perf_event *event)
{
	struct perf_addr_filters_head *head = perf_event_addr_filters(event);
	struct perf_addr_filter_range *fr = event->addr_filter_ranges;
	struct ete_filter flt[ETE_MAX_FILTERS];
	struct ete_hwcfg *cfg = event->pmu_private;
	struct perf_addr_filter *f;
	unsigned int n = 0;
	const void *set = list_first_entry_or_null(&head->list,
						   struct perf_addr_filter,
						   entry);

	list_for_each_entry(f, &head->list, entry) {
		if (n == ARRAY_SIZE(flt))
			break;
		if (f->action == PERF_ADDR_FILTER_ACTION_FILTER) {
			/* A file not mapped (yet) gives an empty range. */
			flt[n].kind = ETE_FILTER_RANGE;
			flt[n].lo = fr[n].size ? fr[n].start : 1;
			flt[n].hi = fr[n].size ? fr[n].start + fr[n].size - 1 : 0;
		} else {
			/* ... and a point at 0, which matches nothing. */
			flt[n].kind = f->action == PERF_ADDR_FILTER_ACTION_START ?
				      ETE_FILTER_START : ETE_FILTER_STOP;
			flt[n].lo = fr[n].start;
			flt[n].hi = 0;
		}
		n++;
	}
	ete_filters_place(flt, n, &cfg->cmp);
	if (set != cfg->filter_set) {
		cfg->filter_set = set;
		cfg->ss_started = ete_filters_start_started(&cfg->cmp);
	}
	cfg->serial = atomic64_inc_return(&ete_cfg_serial);
}

/*
 * Stop the unit for @event, and keep where its start/stop logic got to
 * (TRCVICTLR.SSSTATUS reads it once the unit is idle), as upstream's
 * etm4x keeps it across a switch.
 *
 * A unit that did not go idle was still emptying when its buffer was
 * stopped: what it held is lost, and it is not fit to trace on.  The open
 * record says so with TRUNCATED, which also disables the event; the next
 * start programs the unit from scratch, which waits for idle again.
 */
static void ete_event_unit_stop(struct perf_event *event, u64 *trbsr,
				u64 *trbptr)
{
	struct ete_cpu *ec = this_cpu_ptr(ete_pmu->cpu);
	struct ete_hwcfg *cfg = event->pmu_private;

	if (ete_unit_stop(trbsr, trbptr)) {
		ec->programmed = 0;
		if (perf_get_aux(&ec->handle))
			perf_aux_output_flag(&ec->handle,
					     PERF_AUX_FLAG_TRUNCATED);
		return;
	}
	/* SSSTATUS is UNKNOWN until idle: a unit still busy keeps the last. */
	if (cfg->cmp.vissctlr)
		cfg->ss_started = ete_unit_ss_started();
}

/*
 * An ete event must live in the software context, as this PMU registers.
 * perf core puts a software-context event that joins a group led by a
 * hardware PMU's event in that PMU's context, and moves a software group
 * there when a hardware event joins it (so a group led by a software
 * event may already live in pmuv3's context).  The exclusive-PMU rule
 * counts ete events per context, so one there could run beside another
 * on the same trace unit; and perf_mmap_close() stops a buffer's AUX
 * writers through the unmapped event's context.  Refused at open, by the
 * leader's PMU and by the context the leader lives in (perf_event_open()
 * checks again under the context's mutex that the group stayed there);
 * at add, if a PMU that does not refuse AUX events as siblings (the
 * built-in armv8 driver's validate_group() takes them for software
 * events; pmuv3 refuses them) moved the group since.
 */
#define ete_context_ok(leader_or_ctx) \
	((leader_or_ctx)->pmu->task_ctx_nr == perf_sw_context)

static bool ete_group_ok(struct perf_event *event)
{
	struct perf_event *leader = event->group_leader;
	struct perf_event_context *ctx;

	if (leader == event)
		return true;
	ctx = READ_ONCE(leader->ctx);
	return ete_context_ok(leader) && ctx && ete_context_ok(ctx);
}

static void ete_event_start(struct perf_event *event, int flags)
{
	struct ete_cpu *ec = this_cpu_ptr(ete_pmu->cpu);
	struct ete_hwcfg *cfg;
	struct ete_buf *buf;
	u64 trbsr, trbptr;
	int ret;

	event->hw.state = 0;
	perf_event_addr_filters_sync(event);
	buf = perf_aux_output_begin(&ec->handle, event);
	if (!buf) {
		/* No room at all: perf disables the event (with our help). */
		ete_disable_inatomic(event);
		goto stopped;
	}
	if (ete_window_begin(ec, buf))
		goto stopped;
	cfg = event->pmu_private;
	ret = ete_unit_start(cfg, ec->programmed == cfg->serial, buf, ec);
	if (ret)
		ec->programmed = 0;
	if (ret == -EBUSY) {
		/* Still busy from its last stop: the TRBE was not started. */
		ete_window_abort(ec);
		goto stopped;
	}
	if (ret) {
		/* The unit did not leave idle: stop all, keep what it wrote. */
		ete_unit_stop(&trbsr, &trbptr);
		perf_aux_output_flag(&ec->handle, PERF_AUX_FLAG_TRUNCATED);
		ete_window_end(ec, trbsr, trbptr);
		goto stopped;
	}
	ec->programmed = cfg->serial;
	return;

stopped:
	event->hw.state |= PERF_HES_STOPPED;
}

static void ete_event_stop(struct perf_event *event, int flags)
{
	struct ete_cpu *ec = this_cpu_ptr(ete_pmu->cpu);
	u64 trbsr, trbptr;

	if (event->hw.state & PERF_HES_STOPPED)
		return;
	ete_event_unit_stop(event, &trbsr, &trbptr);
	/* A record is open unless the interrupt path ended it for good. */
	if (perf_get_aux(&ec->handle))
		ete_window_end(ec, trbsr, trbptr);
	event->hw.state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

/*
 * A start that found no room (or a unit that did not start) has ended
 * its record and asked for the event to be disabled; the event stays
 * added, stopped, so that the disable finds it on this CPU.  Failing
 * add() instead would leave the event inactive with the request lost,
 * and every later sched-in would log another empty TRUNCATED record.
 */
static int ete_event_add(struct perf_event *event, int flags)
{
	struct ete_cpu *ec = this_cpu_ptr(ete_pmu->cpu);

	/*
	 * A per-task event follows its task onto every CPU; on one without
	 * a usable unit (none, refused, going offline) it cannot run, and
	 * perf keeps it inactive there (its running time shows the gap).
	 */
	if (!ec->usable || ec->offline)
		return -ENODEV;
	if (!ete_context_ok(event->ctx))
		return -EINVAL;
	/*
	 * One event per trace unit: perf core keeps an exclusive PMU to one
	 * event per context, and this PMU's events share one context per
	 * CPU.  A second one here would take over the handle of the first,
	 * whose AUX reference would then never be dropped.
	 */
	if (WARN_ON_ONCE(ec->event))
		return -EBUSY;
	ec->event = event;
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (flags & PERF_EF_START)
		ete_event_start(event, PERF_EF_RELOAD);
	return 0;
}

static void ete_event_del(struct perf_event *event, int flags)
{
	struct ete_cpu *ec = this_cpu_ptr(ete_pmu->cpu);

	ete_event_stop(event, PERF_EF_UPDATE);
	ec->event = NULL;
	ec->pm_stopped = false;
}

/*
 * CPU power-down loses the trace unit's and the TRBE's state.  Stop a
 * running event before it, closing its record as a context switch would,
 * and start it again after (or when the power-down failed); the new
 * window begins with a synchronisation point, as any start does.  Runs on
 * the CPU, interrupts off.
 */
static int ete_cpu_pm_notify(struct notifier_block *nb, unsigned long cmd,
			     void *v)
{
	struct ete_cpu *ec = this_cpu_ptr(ete_pmu->cpu);
	struct perf_event *event = ec->event;

	/* The unit's registers do not survive a power-down. */
	if (cmd == CPU_PM_ENTER)
		ec->programmed = 0;
	if (!ec->usable || !event)
		return NOTIFY_OK;
	switch (cmd) {
	case CPU_PM_ENTER:
		if (!(event->hw.state & PERF_HES_STOPPED)) {
			ete_event_stop(event, PERF_EF_UPDATE);
			ec->pm_stopped = true;
		}
		break;
	case CPU_PM_ENTER_FAILED:
	case CPU_PM_EXIT:
		if (ec->pm_stopped) {
			ec->pm_stopped = false;
			ete_event_start(event, PERF_EF_RELOAD);
		}
		break;
	}
	return NOTIFY_OK;
}

static void ete_event_read(struct perf_event *event)
{
}

static void ete_event_destroy(struct perf_event *event)
{
	kfree(event->pmu_private);
	event->pmu_private = NULL;
}

static int ete_event_init(struct perf_event *event)
{
	unsigned int rights = 0;
	struct ete_hwcfg cfg;
	int cpu, ret = -ENOENT;

	if (event->attr.type != event->pmu->type)
		return -ENOENT;
	/*
	 * A CPU whose trace unit was never seen usable is not ours.  One that
	 * is only offline now is: perf core then refuses the event with
	 * ENODEV, as for any PMU, and a per-task event must suit it too.
	 */
	if (event->cpu >= 0 && !per_cpu_ptr(ete_pmu->cpu, event->cpu)->usable)
		return -ENOENT;
	if (has_branch_stack(event))
		return -EOPNOTSUPP;
	if (!ete_group_ok(event))
		return -EINVAL;
	/* PIDs in the trace are the initial namespace's. */
	if (task_is_in_init_pid_ns(current))
		rights |= ETE_CFG_MAY_CONTEXTID;
	/* A per-task event may run on any CPU: each must take its config. */
	for_each_possible_cpu(cpu) {
		if (!per_cpu_ptr(ete_pmu->cpu, cpu)->usable ||
		    (event->cpu >= 0 && cpu != event->cpu))
			continue;
		ret = ete_config_from_attr(&event->attr,
					   &per_cpu_ptr(ete_pmu->cpu, cpu)->caps,
					   rights, &cfg);
		if (ret)
			return ret;
	}
	if (ret)
		return ret;
	cfg.serial = atomic64_inc_return(&ete_cfg_serial);
	event->pmu_private = kmemdup(&cfg, sizeof(cfg), GFP_KERNEL);
	if (!event->pmu_private)
		return -ENOMEM;
	event->destroy = ete_event_destroy;
	return 0;
}

/*
 * The TRBE interrupt (a PPI; on the model polled, or its doorbell's
 * MSI-X vector for this CPU): the window filled or
 * the unit faulted.  The trace unit runs on; the buffer restarts at the
 * next window, or the event stops when there is none.
 */
static irqreturn_t ete_trbe_irq(int irq, void *dev)
{
	struct ete_cpu *ec = this_cpu_ptr(ete_pmu->cpu);
	struct perf_output_handle *h = &ec->handle;
	struct perf_event *event = h->event;
	u64 trbsr = hw_read(HW_TRBSR_EL1), trbptr;
	struct ete_buf *buf;

	if (!(trbsr & TRBSR_EL1_IRQ))
		return IRQ_NONE;
	ec->irqs++;
	ete_trbe_stop(&trbsr, &trbptr);
	if (!perf_get_aux(h))
		return IRQ_HANDLED;
	if (ete_window_end(ec, trbsr, trbptr) == HW_TRBE_FATAL)
		goto stop;
	buf = perf_aux_output_begin(h, event);
	if (!buf) {
		ete_disable_inatomic(event);
		goto stop;
	}
	if (ete_window_begin(ec, buf))
		goto stop;
	ete_trbe_start(buf, ec);
	return IRQ_HANDLED;

stop:
	/* Nowhere to write: the trace unit stops until perf restarts it. */
	ete_event_unit_stop(event, &trbsr, &trbptr);
	event->hw.state |= PERF_HES_STOPPED;
	return IRQ_HANDLED;
}

static int ete_cpu_online(unsigned int cpu, struct hlist_node *node)
{
	struct ete_cpu *ec = this_cpu_ptr(ete_pmu->cpu);
	unsigned int f;

	ec->programmed = 0;
	ec->usable = false;
	ec->offline = false;
	/* A CPU without ETE and TRBE has none of their registers. */
	preempt_disable();
	f = hw_local_features();
	preempt_enable();
	if ((f & (HW_HAS_ETE | HW_HAS_TRBE)) != (HW_HAS_ETE | HW_HAS_TRBE)) {
		pr_info("cpu%u: no ETE with TRBE: not traced\n", cpu);
		return 0;
	}
	ete_read_caps(&ec->caps);
	ec->caps.kernel_at_el2 = is_kernel_in_hyp_mode();
	ec->usable = !ete_caps_usable(&ec->caps);
	ec->align = 1ull << FIELD_GET(TRBIDR_EL1_ALIGN, ec->caps.trbidr);
	if (!ec->usable) {
		pr_info("cpu%u: trace unit not usable (TRCDEVARCH %#x, TRBIDR %#llx)\n",
			cpu, ec->caps.trcdevarch, ec->caps.trbidr);
		return 0;
	}
	ec->wa = ete_errata_probe(cpu);
	if (ec->wa & TRBE_WA_REFUSE_CPU) {
		/* Erratum 1902691: the TRBE cannot be used on this CPU. */
		pr_info("cpu%u: TRBE unusable (erratum 1902691): CPU not supported\n",
			cpu);
		ec->usable = false;
		return 0;
	}
	ete_pmu->wa_any |= ec->wa;
	/*
	 * Firmware, a kexec'd kernel or another driver may have left the
	 * unit running: stop both, TRBE first, before anything relies on
	 * TRBLIMITR_EL1.E being 0 or on a clear TRBSR_EL1.
	 */
	ete_unit_reset();
	cpumask_set_cpu(cpu, &ete_pmu->supported);
	hw->trbe_irq_enable(ete_pmu->irq);
	ete_sysfs_cpu_online(ete_pmu, cpu);
	return 0;
}

/*
 * Runs before perf's own teardown: an event may still be live here.  Stop
 * it and close its record, so what it wrote is kept; perf's del() later
 * finds it stopped.
 */
static int ete_cpu_offline(unsigned int cpu, struct hlist_node *node)
{
	struct ete_cpu *ec = this_cpu_ptr(ete_pmu->cpu);
	struct perf_event *event = ec->handle.event;
	unsigned long flags;
	u64 trbsr, trbptr;

	if (!ec->usable)
		return 0;
	local_irq_save(flags);
	if (perf_get_aux(&ec->handle)) {
		ete_event_unit_stop(event, &trbsr, &trbptr);
		ete_window_end(ec, trbsr, trbptr);
		event->hw.state |= PERF_HES_STOPPED;
	}
	/* Until it is back online, nothing may start on this CPU. */
	ec->offline = true;
	local_irq_restore(flags);
	hw->trbe_irq_disable(ete_pmu->irq);
	cpumask_clear_cpu(cpu, &ete_pmu->supported);
	return 0;
}

/*
 * The TRBE PPI from the "arm,trbe" DT node; the model has none (it polls
 * or rings its doorbell, hw_model_irq.c).
 */
static int ete_find_irq(void)
{
	struct device_node *np;
	int irq;

	if (!strcmp(hw->name, "model"))
		return 0;
	np = of_find_compatible_node(NULL, NULL, "arm,trbe");
	if (!np) {
		pr_err("no arm,trbe device-tree node: the TRBE interrupt is unknown\n");
		return -ENODEV;
	}
	irq = irq_of_parse_and_map(np, 0);
	of_node_put(np);
	if (irq <= 0 || !irq_is_percpu(irq)) {
		pr_err("the arm,trbe interrupt is not a PPI\n");
		return -EINVAL;
	}
	return irq;
}

static int ete_loss_show(struct seq_file *m, void *v)
{
	int cpu;

	seq_puts(m, "cpu truncated collisions irqs discarded_bytes\n");
	for_each_possible_cpu(cpu) {
		const struct ete_cpu *ec = per_cpu_ptr(ete_pmu->cpu, cpu);

		if (!ec->usable)
			continue;
		seq_printf(m, "%d %llu %llu %llu", cpu,
			   READ_ONCE(ec->truncated), READ_ONCE(ec->collisions),
			   READ_ONCE(ec->irqs));
		/* Only the model can count what the TRBE did not take. */
		if (hw->trbe_discarded)
			seq_printf(m, " %llu\n", hw->trbe_discarded(cpu));
		else
			seq_puts(m, " -\n");
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ete_loss);

/* Address comparator pairs every supported CPU's trace unit has. */
static unsigned int ete_nr_pairs(struct ete_pmu *ep)
{
	unsigned int n = ETE_MAX_COMPARATORS / 2;
	int cpu;

	for_each_cpu(cpu, &ep->supported) {
		u32 idr4 = per_cpu_ptr(ep->cpu, cpu)->caps.trcidr[4];

		n = min_t(unsigned int, n, FIELD_GET(TRCIDR4_NUMACPAIRS, idr4));
	}
	return n;
}

/*
 * perf_pmu_register() of 6.1 does not look for a PMU of the same name: its
 * device_add() fails with EEXIST after sysfs has warned with a stack dump.
 * With ete_pmu_name=cs_etm the name is taken whenever Debian's coresight
 * module is loaded (it registers cs_etm at load, trace hardware or not),
 * so look first.  The event_source bus is static in the perf core; the
 * software PMU's device, which every kernel has, leads to it.
 */
static int ete_pmu_name_free(const char *name)
{
	struct perf_event_attr attr = {
		.type		= PERF_TYPE_SOFTWARE,
		.size		= sizeof(attr),
		.config		= PERF_COUNT_SW_DUMMY,
		.disabled	= 1,
	};
	struct perf_event *ev;
	struct device *dev = NULL;

	ev = perf_event_create_kernel_counter(&attr, raw_smp_processor_id(),
					      NULL, NULL, NULL);
	if (IS_ERR(ev))
		return PTR_ERR(ev);
	if (ev->pmu->dev)
		dev = bus_find_device_by_name(ev->pmu->dev->bus, NULL, name);
	perf_event_release_kernel(ev);
	if (!dev)
		return 0;
	put_device(dev);
	pr_err("PMU name %s is taken (cs_etm: by Debian's coresight module?): unload its owner or load with ete_pmu_name=ete\n",
	       name);
	return -EEXIST;
}

/*
 * Linux 6.1's perf core gives each task's software-context perf context
 * the PMU that created it (ctx->pmu), and keeps the context for the
 * task's life, even when the event that created it went away or its open
 * failed a permission check.  It reaches the context's CPU context
 * through ctx->pmu at the next switch or exit.  After this module goes,
 * that would be freed memory: an oops in __perf_event_task_sched_in()
 * the next time such a task runs.  Hand those contexts to the PMU that
 * owns the shared software CPU context, which perf core's own switch
 * code would do (perf_event_context_sched_in() resets ctx->pmu to it),
 * and wait until no CPU can still be reading the old pointer.
 */
static void ete_forget_task_contexts(struct pmu *pmu, struct pmu *owner)
{
	struct task_struct *g, *t;
	unsigned long flags;

	rcu_read_lock();
	for_each_process_thread(g, t) {
		struct perf_event_context *ctx =
			READ_ONCE(t->perf_event_ctxp[perf_sw_context]);

		if (!ctx || READ_ONCE(ctx->pmu) != pmu)
			continue;
		raw_spin_lock_irqsave(&ctx->lock, flags);
		if (ctx->pmu == pmu)
			WRITE_ONCE(ctx->pmu, owner);
		raw_spin_unlock_irqrestore(&ctx->lock, flags);
	}
	rcu_read_unlock();
	/* A switch that read ctx->pmu before the write runs irqs-off. */
	synchronize_rcu();
}

/*
 * Unregister the PMU and hand back the task contexts it created (see
 * ete_forget_task_contexts()), on the init error path as at exit.
 */
static void ete_pmu_unregister(struct ete_pmu *ep)
{
	/* The software context's CPU context is shared; its PMU is built in. */
	struct pmu *owner = per_cpu_ptr(ep->pmu.pmu_cpu_context,
					raw_smp_processor_id())->ctx.pmu;

	perf_pmu_unregister(&ep->pmu);
	if (owner != &ep->pmu)
		ete_forget_task_contexts(&ep->pmu, owner);
}

int armtrace_ete_init(const char *name)
{
	struct ete_pmu *ep;
	int ret;

	if ((hw_features & (HW_HAS_ETE | HW_HAS_TRBE)) !=
	    (HW_HAS_ETE | HW_HAS_TRBE)) {
		pr_info("no ETE with TRBE: PMU %s not registered\n", name);
		return 0;
	}
	ret = ete_pmu_name_free(name);
	if (ret)
		return ret;
	ep = kzalloc(sizeof(*ep), GFP_KERNEL);
	if (!ep)
		return -ENOMEM;
	ep->cpu = alloc_percpu(struct ete_cpu);
	if (!ep->cpu) {
		ret = -ENOMEM;
		goto err_ep;
	}
	ret = ete_find_irq();
	if (ret < 0)
		goto err_cpu;
	ep->irq = ret;
	ret = hw->trbe_irq_request(ep->irq, ete_trbe_irq, ep->cpu);
	if (ret) {
		pr_err("TRBE interrupt %d is taken (%d): is Debian's coresight arm_trbe loaded?\n",
		       ep->irq, ret);
		goto err_cpu;
	}
	ete_pmu = ep;

	ret = cpuhp_setup_state_multi(CPUHP_AP_ONLINE_DYN,
				      "perf/armtrace/ete:online",
				      ete_cpu_online, ete_cpu_offline);
	if (ret < 0)
		goto err_irq;
	ete_hp_state = ret;
	ret = cpuhp_state_add_instance(ete_hp_state, &ete_hp_node);
	if (ret)
		goto err_hp;

	ep->pmu = (struct pmu) {
		.module		= THIS_MODULE,
		.capabilities	= PERF_PMU_CAP_EXCLUSIVE | PERF_PMU_CAP_ITRACE,
		.task_ctx_nr	= perf_sw_context,
		.attr_groups	= ete_attr_groups,
		.event_init	= ete_event_init,
		.add		= ete_event_add,
		.del		= ete_event_del,
		.start		= ete_event_start,
		.stop		= ete_event_stop,
		.read		= ete_event_read,
		.setup_aux	= ete_setup_aux,
		.free_aux	= ete_free_aux,
		.addr_filters_validate = ete_addr_filters_validate,
		.addr_filters_sync = ete_addr_filters_sync,
	};
	/* Comparator pairs every usable CPU has; the list has 8 at most. */
	ep->pairs = ete_nr_pairs(ep);
	ep->pmu.nr_addr_filters = ete_filters_max(ep->pairs);
	ret = perf_pmu_register(&ep->pmu, name, -1);
	if (ret) {
		pr_err("cannot register PMU %s (%d)\n", name, ret);
		goto err_inst;
	}
	ret = ete_sysfs_cpu_dirs(ep);
	if (ret)
		goto err_pmu;
	ep->cpu_pm_nb.notifier_call = ete_cpu_pm_notify;
	ret = cpu_pm_register_notifier(&ep->cpu_pm_nb);
	if (ret)
		goto err_dirs;
	ete_debugfs = debugfs_create_dir("armtrace_ete", NULL);
	debugfs_create_file("loss", 0444, ete_debugfs, NULL, &ete_loss_fops);
	pr_info("PMU %s on CPUs %*pbl\n", name, cpumask_pr_args(&ep->supported));
	return 0;

err_dirs:
	ete_sysfs_cpu_dirs_remove(ep);
err_pmu:
	ete_pmu_unregister(ep);
err_inst:
	cpuhp_state_remove_instance(ete_hp_state, &ete_hp_node);
err_hp:
	cpuhp_remove_multi_state(ete_hp_state);
err_irq:
	hw->trbe_irq_free(ep->irq, ep->cpu);
	ete_pmu = NULL;
err_cpu:
	free_percpu(ep->cpu);
err_ep:
	kfree(ep);
	return ret;
}

void armtrace_ete_exit(void)
{
	struct ete_pmu *ep = ete_pmu;

	if (!ep)
		return;
	debugfs_remove_recursive(ete_debugfs);
	cpu_pm_unregister_notifier(&ep->cpu_pm_nb);
	ete_sysfs_cpu_dirs_remove(ep);
	ete_pmu_unregister(ep);
	cpuhp_state_remove_instance(ete_hp_state, &ete_hp_node);
	cpuhp_remove_multi_state(ete_hp_state);
	hw->trbe_irq_free(ep->irq, ep->cpu);
	free_percpu(ep->cpu);
	kfree(ep);
	ete_pmu = NULL;
}
