// SPDX-License-Identifier: GPL-2.0
/*
 * Task perf contexts a hardware-context PMU of this module leaves behind.
 *
 * Linux 6.1's perf core gives a task's hardware-context perf context the
 * PMU whose event created it (ctx->pmu) and keeps the context until the
 * task exits, with or without events.  At every switch of that task,
 * __perf_event_task_sched_in() and _out() reach the PMU's per-CPU context
 * through ctx->pmu, events or not.  Built-in PMUs never go away; ours do:
 * after rmmod, a long-lived task that once had a pmuv3 event (`perf stat
 * -p` of a daemon, the fuzzer's events on init) oopsed at its next switch
 * on the freed per-CPU context.  Unlike the shared software context (see
 * ete_forget_task_contexts()) there is no other owner to hand such a
 * context to, so it is taken off its task and released the way the core's
 * put_ctx() would.
 *
 * Called before perf_pmu_unregister(), with the module going: no event
 * of ours exists and none can be created (perf takes a module reference
 * before a context is looked up).  What dangles afterwards is ctx->pmu,
 * the PMU's own memory, freed by its owner after unregistering.
 *
 * A context the core has pinned (an exit, a fork inheriting, an exec's
 * remove_on_exec, between pinning and unpinning) is the core's to detach:
 * it is left alone and the walk is retried until no pin remains.  One
 * that still holds events (software events that joined a group led by a
 * pmuv3 event, which perf keeps in the leader's context) cannot be
 * released here: it is reported, as the task will oops at a switch.
 */
#include <linux/delay.h>
#include <linux/perf_event.h>
#include <linux/rcupdate.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>

#include "armtrace.h"

/* kernel/events/core.c's mark of a context whose task has exited. */
#define ARMTRACE_TASK_TOMBSTONE ((void *)-1L)

/* A batch of detached contexts, released after one grace period. */
#define DROP_BATCH 32

/*
 * Take @ctxn contexts created by @pmu off their tasks, at most @max of
 * them into @out; returns how many, and sets *@more when some remain
 * (beyond @max, or pinned by the core).
 */
static unsigned int detach_task_contexts(struct pmu *pmu, int ctxn,
					 struct perf_event_context **out,
					 unsigned int max, bool *more)
{
	struct task_struct *g, *t;
	unsigned int n = 0;
	unsigned long flags;

	*more = false;
	rcu_read_lock();
	for_each_process_thread(g, t) {
		struct perf_event_context *ctx =
			READ_ONCE(t->perf_event_ctxp[ctxn]);

		if (!ctx || READ_ONCE(ctx->pmu) != pmu)
			continue;
		if (n == max) {
			*more = true;
			break;
		}
		/*
		 * Under ctx->lock, as the core's perf_lock_task_context()
		 * revalidates the task's pointer: a context the core pinned
		 * first is the core's until it unpins (then this walk runs
		 * again); an exit, fork or exec that comes later finds none.
		 */
		raw_spin_lock_irqsave(&ctx->lock, flags);
		if (READ_ONCE(t->perf_event_ctxp[ctxn]) != ctx ||
		    ctx->task != t) {
			/* the core detached it meanwhile */
		} else if (ctx->pin_count) {
			*more = true;
		} else if (ctx->nr_events) {
			pr_warn_once("%s: %s/%d keeps a perf context with %d events of other PMUs: it may oops once %s is gone\n",
				     pmu->name, t->comm, task_pid_nr(t),
				     ctx->nr_events, pmu->name);
		} else {
			/* as perf_event_exit_task_context() clears it */
			WRITE_ONCE(t->perf_event_ctxp[ctxn], NULL);
			out[n++] = ctx;
		}
		raw_spin_unlock_irqrestore(&ctx->lock, flags);
	}
	rcu_read_unlock();
	return n;
}

/* The task's reference, as put_ctx() drops it (with the parent's). */
static void release_task_context(struct perf_event_context *ctx)
{
	while (ctx && refcount_dec_and_test(&ctx->refcount)) {
		struct perf_event_context *parent = ctx->parent_ctx;

		if (ctx->task && ctx->task != ARMTRACE_TASK_TOMBSTONE)
			put_task_struct(ctx->task);
		/*
		 * No task_ctx_data: our PMUs set no task_ctx_cache.  A
		 * parent may have been unpublished by the core without a
		 * grace period since: free after one, as free_ctx() would.
		 */
		kfree_rcu(ctx, rcu_head);
		ctx = parent;
	}
}

void armtrace_drop_task_contexts(struct pmu *pmu)
{
	struct perf_event_context *batch[DROP_BATCH];
	unsigned int n, i, waits = 0;
	bool more;

	do {
		n = detach_task_contexts(pmu, pmu->task_ctx_nr, batch,
					 DROP_BATCH, &more);
		/*
		 * A switch that read the old pointer runs with interrupts
		 * off, a pinning reader under rcu_read_lock(): both are done
		 * after a grace period.
		 */
		synchronize_rcu();
		for (i = 0; i < n; i++)
			release_task_context(batch[i]);
		/* a pinned context: give its exit, fork or exec time */
		if (more && !n) {
			if (++waits == 1000) {
				pr_warn("%s: a task's perf context stayed pinned for a second: left behind\n",
					pmu->name);
				break;
			}
			usleep_range(1000, 2000);
		}
	} while (more);
}
