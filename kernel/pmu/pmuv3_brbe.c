// SPDX-License-Identifier: GPL-2.0
/*
 * BRBE branch stacks for the `pmuv3` PMU: probe, programming on event
 * add/del, the record read in the overflow interrupt, and invalidation at
 * context switches.  The attr mapping and record decoding are the pure
 * brbe_map.c; every register access goes through kernel/hw/.
 *
 * Context switches: the records go at every switch, so no task's reach
 * another's sample.  A per-task event keeps its task's records instead
 * (struct brbe_history): the sched_switch hook reads them out before
 * they go, and that event's next sample holds them after the live ones,
 * as if the task had never been switched out (brbe_history=0 turns this
 * off).  They never go back into the hardware, so no other event on the
 * CPU can read them.
 *
 * Overflow, on a CPU with BRBE in use (BRBCR_ELx.FZP always set):
 *
 *   counter overflows  -> BRBE freezes, BRBFCR_EL1.PAUSED (silicon; the
 *                         model when told, hw->pmu_overflow())
 *   pmuv3_handle_irq   -> pmuv3_brbe_irq_enter(): report, make sure it is
 *                         paused; per sampling event with a branch stack
 *                         pmuv3_brbe_stack(): records read once, bank by
 *                         bank, filtered for that event;
 *                         pmuv3_brbe_irq_exit(): the records into the
 *                         histories of events that did not sample, BRB
 *                         IALL, unpause.
 */
#define pr_fmt(fmt) "armtrace-pmuv3: " fmt

#include <linux/bitfield.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/perf_event.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <asm/sysreg.h>
#include <asm/virt.h>

#include "../hw/hw.h"
#include "pmuv3.h"

static bool brbe_history = true;
module_param(brbe_history, bool, 0644);
MODULE_PARM_DESC(brbe_history,
		 "per-task branch stacks span context switches (default 1)");

/*
 * A per-task event's records from before its task was switched out,
 * newest first: they come after the live records in its next sample.
 * @owner is the task they are from; compared, never dereferenced (perf
 * may hand an inherited event's context to a sibling task at a switch).
 * Whenever the live records go other than at a switch (a sample, an
 * event added or removed), they are folded in first, so that a history
 * and the live records after it never leave a gap between them.
 */
struct brbe_history {
	const struct task_struct *owner;
	pid_t owner_pid;		/* with @owner: a reused task_struct */
	bool sampled;			/* its sample took it, this interrupt */
	unsigned int nr;
	u64 inf[HW_BRB_MAX], src[HW_BRB_MAX], tgt[HW_BRB_MAX];
};

struct pmuv3_brbe_cpu {
	unsigned int users;		/* branch-stack events added here */
	/* per-task events added here that keep a history */
	unsigned int nr_hist;
	struct perf_event *hist[PMUV3_MAX_COUNTERS];
	bool ok;			/* this CPU's BRBE is the probed one */
	bool have_records;		/* records read in this interrupt */
	u64 brbfcr;			/* BRBFCR_EL1 programmed */
	unsigned int nr;
	u64 inf[HW_BRB_MAX], src[HW_BRB_MAX], tgt[HW_BRB_MAX];
	/* must stay last: entries[] follows it */
	struct perf_branch_stack stack;
};

static struct pmuv3_brbe_cpu __percpu *brbe_cpu;
/* the PMU the sched_switch hook works for (it is given no argument) */
static struct pmuv3 *brbe_pmu;

/* This CPU's BRBE as probed: the same as the probing CPU's? */
static bool brbe_probe_this_cpu(const struct brbe_caps *want)
{
	struct brbe_caps c = *want;

	/*
	 * On silicon an absent BRBIDR0_EL1 is UNDEFINED: this CPU's own
	 * ID_AA64DFR0_EL1.BRBE first (hw_features is the boot CPU's).
	 */
	if (hw == &hw_sysreg_backend &&
	    !FIELD_GET(ID_AA64DFR0_EL1_BRBE_MASK, read_sysreg(id_aa64dfr0_el1)))
		return false;
	if (!brbe_caps_from_idr(&c, hw_read(HW_BRBIDR0_EL1)))
		return false;
	return c.numrec == want->numrec && c.cc == want->cc &&
	       c.format == want->format;
}

/* Nothing recorded, nothing kept: BRBE as the PMU leaves it unused. */
static void brbe_reset(void)
{
	hw_brbcr_write(0);
	hw_write(HW_BRBFCR_EL1, 0);
	/* Recording must be off before the records go. */
	hw_sync();
	hw->brb_iall();
}

void pmuv3_brbe_cpu_online(struct pmuv3 *p)
{
	struct pmuv3_brbe_cpu *b;

	if (!p->brbe.usable)
		return;
	b = this_cpu_ptr(brbe_cpu);
	b->ok = brbe_probe_this_cpu(&p->brbe);
	/*
	 * Not b->users: branch-stack events perf installed here between its
	 * own online step and this one are counted there, and the restart
	 * that follows (pmuv3_brbe_restore()) programs BRBE for them again.
	 */
	if (b->ok)
		brbe_reset();
	else
		pr_warn("CPU%d: BRBE differs from the boot CPU's: no branch stacks here\n",
			smp_processor_id());
}

/* The records, newest first, bank by bank (BRBFCR_EL1.BANK). */
static void brbe_read_records(struct pmuv3 *p, struct pmuv3_brbe_cpu *b)
{
	u64 fcr = hw_read(HW_BRBFCR_EL1) & ~BRBFCR_EL1_BANK;
	unsigned int i;

	b->nr = 0;
	for (i = 0; i < p->brbe.numrec; i++) {
		u64 inf;

		if (i % HW_BRB_PER_BANK == 0) {
			/* PAUSED stays set: only the bank changes. */
			hw_write(HW_BRBFCR_EL1, fcr |
				 FIELD_PREP(BRBFCR_EL1_BANK, i / HW_BRB_PER_BANK));
			/*
			 * BRBINF/BRBSRC/BRBTGT<n>_EL1 read the bank
			 * BRBFCR_EL1.BANK selects once the write is
			 * synchronized by a context synchronization event.
			 */
			hw_sync();
		}
		inf = hw_brb_read(i, HW_BRB_INF);
		/* Records fill from 0: the first invalid one ends them. */
		if (brbinf_get_valid(inf) == BRBINF_VALID_NONE)
			break;
		b->inf[b->nr] = inf;
		b->src[b->nr] = hw_brb_read(i, HW_BRB_SRC);
		b->tgt[b->nr] = hw_brb_read(i, HW_BRB_TGT);
		b->nr++;
	}
	/*
	 * The last bank stays selected: what always follows
	 * (pmuv3_brbe_irq_exit(), brbe_program(), the switch hook) writes
	 * BRBFCR_EL1 whole and syncs.
	 */
	b->have_records = true;
}

static bool brbe_history_mine(const struct brbe_history *h)
{
	return h->owner == current && h->owner_pid == current->pid;
}

/*
 * The live records just read (b->inf/src/tgt, newest first) into @h, in
 * front of what it held of the same task, up to the buffer's depth.
 */
static void brbe_merge_history(struct pmuv3 *p, struct pmuv3_brbe_cpu *b,
			       struct brbe_history *h)
{
	unsigned int k, keep;

	keep = brbe_history_mine(h) ? min(h->nr, p->brbe.numrec - b->nr) : 0;
	/* Older records move back behind the live ones. */
	for (k = keep; k--; ) {
		h->inf[b->nr + k] = h->inf[k];
		h->src[b->nr + k] = h->src[k];
		h->tgt[b->nr + k] = h->tgt[k];
	}
	memcpy(h->inf, b->inf, b->nr * sizeof(*h->inf));
	memcpy(h->src, b->src, b->nr * sizeof(*h->src));
	memcpy(h->tgt, b->tgt, b->nr * sizeof(*h->tgt));
	h->nr = b->nr + keep;
	h->owner = current;
	h->owner_pid = current->pid;
}

/*
 * The live records, into each history the CPU's per-task events keep,
 * before they go: from the sched_switch hook (before perf schedules the
 * task's events out, interrupts off) and before BRBE is programmed
 * again.  BRBE is left paused, for the invalidation that follows.
 */
static void brbe_fold_history(struct pmuv3_brbe_cpu *b)
{
	unsigned int i;

	hw_write(HW_BRBFCR_EL1, b->brbfcr | BRBFCR_EL1_PAUSED);
	/* No record may be made while the buffer is read out. */
	hw_sync();
	brbe_read_records(brbe_pmu, b);
	b->have_records = false;
	for (i = 0; i < b->nr_hist; i++)
		brbe_merge_history(brbe_pmu, b, b->hist[i]->pmu_private);
}

/*
 * Merge what the events on this CPU ask for and program it; the records
 * of whatever ran before are dropped first (folded into the histories
 * kept).  Called on add and del, that is whenever the task context
 * changes for per-task events.
 */
static void brbe_program(struct pmuv3 *p)
{
	struct pmuv3_cpu *cpu = this_cpu_ptr(p->cpu);
	struct pmuv3_brbe_cpu *b = this_cpu_ptr(brbe_cpu);
	u64 brbcr = 0, brbfcr = 0;
	int idx;

	if (b->nr_hist)
		brbe_fold_history(b);

	for_each_set_bit(idx, cpu->used, PMUV3_MAX_COUNTERS) {
		struct perf_event *e = cpu->events[idx];

		if (e && has_branch_stack(e)) {
			brbcr |= e->hw.extra_reg.config;
			brbfcr |= e->hw.branch_reg.config;
		}
	}
	if (!brbcr) {
		brbe_reset();
		return;
	}
	/* Stop first: no record may mix the old and new controls. */
	hw_brbcr_write(0);
	hw_sync();
	hw->brb_iall();
	b->brbfcr = brbfcr;
	hw_write(HW_BRBFCR_EL1, brbfcr);
	hw_brbcr_write(brbcr);
	/* The new controls must be in effect before the task runs on. */
	hw_sync();
}

int pmuv3_brbe_add(struct pmuv3 *p, struct perf_event *event)
{
	struct pmuv3_brbe_cpu *b = this_cpu_ptr(brbe_cpu);

	if (!b->ok)
		return -ENOENT;
	b->users++;
	/* The records made before it came are not its history. */
	brbe_program(p);
	if (event->pmu_private && !WARN_ON_ONCE(b->nr_hist == PMUV3_MAX_COUNTERS))
		b->hist[b->nr_hist++] = event;
	return 0;
}

void pmuv3_brbe_del(struct pmuv3 *p, struct perf_event *event)
{
	struct pmuv3_brbe_cpu *b = this_cpu_ptr(brbe_cpu);
	unsigned int i;

	if (WARN_ON_ONCE(!b->users))
		return;
	b->users--;
	for (i = 0; i < b->nr_hist; i++) {
		if (b->hist[i] == event) {
			b->hist[i] = b->hist[--b->nr_hist];
			break;
		}
	}
	brbe_program(p);
}

bool pmuv3_brbe_active(void)
{
	return brbe_cpu && this_cpu_ptr(brbe_cpu)->users;
}

void pmuv3_brbe_irq_enter(struct pmuv3 *p)
{
	struct pmuv3_brbe_cpu *b = this_cpu_ptr(brbe_cpu);

	/* The model freezes here; silicon froze at the overflow (FZP). */
	hw->pmu_overflow();
	/*
	 * An overflow in a prohibited region does not freeze: pause now,
	 * so the handler leaves no record while the buffer is read.
	 */
	hw_write(HW_BRBFCR_EL1, hw_read(HW_BRBFCR_EL1) | BRBFCR_EL1_PAUSED);
	hw_sync();
	b->have_records = false;
}

struct perf_branch_stack *pmuv3_brbe_stack(struct pmuv3 *p,
					   struct perf_event *event)
{
	struct pmuv3_brbe_cpu *b = this_cpu_ptr(brbe_cpu);
	u64 bt = event->attr.branch_sample_type;
	struct brbe_history *h = event->pmu_private;
	unsigned int i, n = 0;

	if (!b->have_records)
		brbe_read_records(p, b);
	for (i = 0; i < b->nr; i++)
		n += brbe_record_to_entry(bt, p->brbe.kernel_at_el2, b->inf[i],
					  b->src[i], b->tgt[i],
					  &b->stack.entries[n]);
	/*
	 * The task's records from before its last switch, older than the
	 * live ones: as many as the buffer would still hold.  Reported
	 * once, as the live ones are invalidated once reported.
	 */
	if (h && brbe_history_mine(h)) {
		for (i = 0; i < h->nr && b->nr + i < p->brbe.numrec; i++)
			n += brbe_record_to_entry(bt, p->brbe.kernel_at_el2,
						  h->inf[i], h->src[i],
						  h->tgt[i],
						  &b->stack.entries[n]);
		h->nr = 0;
	}
	if (h)
		h->sampled = true;
	b->stack.nr = n;
	/* The newest record's index in the hardware's ring: not known. */
	b->stack.hw_idx = -1ULL;
	return &b->stack;
}

void pmuv3_brbe_irq_exit(struct pmuv3 *p)
{
	struct pmuv3_brbe_cpu *b = this_cpu_ptr(brbe_cpu);

	/*
	 * The next sample's stack starts after this one's.  An overflow
	 * of an event without a branch stack read nothing: its records
	 * stay for the next branch-stack sample.
	 */
	if (b->have_records) {
		unsigned int i;

		/* The others' next samples go on from these records. */
		for (i = 0; i < b->nr_hist; i++) {
			struct brbe_history *h = b->hist[i]->pmu_private;

			if (!h->sampled)
				brbe_merge_history(p, b, h);
			h->sampled = false;
		}
		hw->brb_iall();
	}
	hw_write(HW_BRBFCR_EL1, b->brbfcr);
	/* Unpaused from here: the invalidation came first. */
	hw_sync();
}

/* CPU PM: BRBE lost its state with the PMU's; program it again. */
void pmuv3_brbe_restore(struct pmuv3 *p)
{
	if (pmuv3_brbe_active())
		brbe_program(p);
}

/*
 * No record of one task may reach another's sample: CPU-wide events see
 * every task, so the records go at each switch (per-task events also go
 * through add/del there).  perf_sched_cb_inc() is not exported in 6.1;
 * kernel/hw's one sched_switch probe calls this.
 */
static void brbe_on_switch(void)
{
	struct pmuv3_brbe_cpu *b = this_cpu_ptr(brbe_cpu);
	u64 fcr;

	if (!b->users)
		return;
	if (!b->nr_hist) {
		hw->brb_iall();
		return;
	}
	/* Paused as it was: a freeze an overflow made stays. */
	fcr = hw_read(HW_BRBFCR_EL1) & ~BRBFCR_EL1_BANK;
	brbe_fold_history(b);
	hw->brb_iall();
	hw_write(HW_BRBFCR_EL1, fcr);
	/* As it was from here: the invalidation came first. */
	hw_sync();
}

int pmuv3_brbe_setup(struct pmuv3 *p)
{
	struct brbe_caps *c = &p->brbe;
	bool idr_ok;

	*c = (struct brbe_caps) { 0 };
	c->kernel_at_el2 = p->caps.kernel_at_el2;
	if (!(hw_features & HW_HAS_BRBE))
		return 0;
	c->present = true;
	/* The probing CPU's; every CPU checks its own when it comes up. */
	get_cpu();
	idr_ok = brbe_caps_from_idr(c, hw_read(HW_BRBIDR0_EL1));
	put_cpu();
	if (!idr_ok) {
		pr_warn("BRBE with BRBIDR0_EL1 NUMREC %u CC %#x FORMAT %u is not supported: no branch stacks\n",
			c->numrec, c->cc, c->format);
		return 0;
	}
	c->usable = brbe_usable(true, c->kernel_at_el2, p->caps.has_el2);
	if (!c->usable) {
		pr_warn("BRBE not used: the kernel runs at EL1 on a CPU with EL2 (nVHE), where a BRBE access can trap into a hypervisor that does not expect it\n");
		return 0;
	}
	brbe_cpu = __alloc_percpu(sizeof(*brbe_cpu) + HW_BRB_MAX *
				  sizeof(struct perf_branch_entry),
				  __alignof__(struct pmuv3_brbe_cpu));
	if (!brbe_cpu)
		return -ENOMEM;
	brbe_pmu = p;
	if (hw_on_switch(brbe_on_switch)) {
		pr_warn("no sched_switch hook: branch stacks disabled\n");
		free_percpu(brbe_cpu);
		brbe_cpu = NULL;
		c->usable = false;
		return 0;
	}
	pr_info("BRBE: %u records, branch stacks for perf -j\n", c->numrec);
	return 0;
}

void pmuv3_brbe_teardown(struct pmuv3 *p)
{
	/* No CPU may still be in the callback when the memory goes. */
	if (brbe_cpu)
		hw_on_switch(NULL);
	free_percpu(brbe_cpu);
	brbe_cpu = NULL;
	brbe_pmu = NULL;
}

int pmuv3_brbe_event_init(struct pmuv3 *p, struct perf_event *event)
{
	struct brbe_config cfg;
	int ret;

	ret = brbe_config_from_attr(&p->brbe, event->attr.branch_sample_type,
				    &cfg);
	if (ret)
		return ret;
	event->hw.extra_reg.config = cfg.brbcr;
	event->hw.branch_reg.config = cfg.brbfcr;
	return 0;
}

static void brbe_event_destroy(struct perf_event *event)
{
	kfree(event->pmu_private);
	event->pmu_private = NULL;
}

/*
 * The last step of a branch-stack event's init, where nothing can fail
 * after it: a per-task event gets its history.
 */
int pmuv3_brbe_event_alloc(struct perf_event *event)
{
	struct brbe_history *h;

	if (!brbe_history || !is_sampling_event(event) ||
	    !(event->attach_state & PERF_ATTACH_TASK))
		return 0;
	h = kzalloc(sizeof(*h), GFP_KERNEL);
	if (!h)
		return -ENOMEM;
	event->pmu_private = h;
	event->destroy = brbe_event_destroy;
	return 0;
}
