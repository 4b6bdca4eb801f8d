// SPDX-License-Identifier: GPL-2.0
/*
 * Reaching perf_event_overflow() from a module.
 *
 * Linux 6.1 does not export perf_event_overflow(): every sampling PMU of
 * that kernel is built in.  A module-based sampling PMU on a stock kernel
 * has no other way to deliver samples, so we find the function's address
 * with a transient kprobe on it.  The kprobe is registered disabled
 * (KPROBE_FLAG_DISABLED): register_kprobe() then only resolves and checks
 * the address and never writes a breakpoint into kernel text, so neither
 * it nor unregister_kprobe() patches the running kernel.  When that
 * fails - no CONFIG_KPROBES, or the symbol is blacklisted - sampling
 * events are refused with -EOPNOTSUPP and counting
 * works as before; the PMU says which in caps/sampling.
 */
#define pr_fmt(fmt) "armtrace-pmuv3: " fmt

#include <linux/kprobes.h>
#include <linux/perf_event.h>

#include "pmuv3.h"

typedef int (*perf_event_overflow_fn)(struct perf_event *,
				      struct perf_sample_data *,
				      struct pt_regs *);

static perf_event_overflow_fn overflow_fn;

bool pmuv3_overflow_resolve(void)
{
#ifdef CONFIG_KPROBES
	struct kprobe kp = {
		.symbol_name	= "perf_event_overflow",
		.flags		= KPROBE_FLAG_DISABLED,
	};

	if (register_kprobe(&kp) == 0) {
		overflow_fn = (perf_event_overflow_fn)kp.addr;
		unregister_kprobe(&kp);
	}
#endif
	if (!overflow_fn)
		pr_warn("perf_event_overflow() not found: sampling disabled\n");
	return overflow_fn;
}

bool pmuv3_can_sample(void)
{
	return overflow_fn;
}

int pmuv3_overflow(struct perf_event *event, struct perf_sample_data *data,
		   struct pt_regs *regs)
{
	return overflow_fn(event, data, regs);
}
