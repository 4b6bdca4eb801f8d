// SPDX-License-Identifier: GPL-2.0
/*
 * The ground-truth log: one line per branch and exception at an observed
 * EL, as the model saw it execute (format in Documentation/hwmodel.rst).
 * Each line is one fprintf(), which stdio keeps whole when vCPUs run on
 * several threads.
 */
#include <inttypes.h>
#include <string.h>
#include "hwm.h"

static const char *exc_name(unsigned int type)
{
	switch (type) {
	case HWM_EXC_CALL:
		return "call";
	case HWM_EXC_TRAP:
		return "trap";
	case HWM_EXC_SERROR:
		return "serror";
	case HWM_EXC_INSN_DEBUG:
		return "debug";
	case HWM_EXC_INSN_FAULT:
		return "insn-fault";
	case HWM_EXC_DATA_FAULT:
		return "data-fault";
	case HWM_EXC_IRQ:
		return "irq";
	case HWM_EXC_FIQ:
		return "fiq";
	default:
		return "other";
	}
}

void hwm_truth_branch(struct hwm_vcpu *c, unsigned int kind, uint64_t src,
		      uint64_t tgt, int taken, unsigned int el_from,
		      unsigned int el_to)
{
	if (!hwm.truth)
		return;
	fprintf(hwm.truth, "B %u %s %#" PRIx64 " %#" PRIx64 " %u %u %d\n",
		c->idx, hwm_kind_name(kind), src, tgt, el_from, el_to, taken);
}

void hwm_truth_exception(struct hwm_vcpu *c, unsigned int type, uint64_t src,
			 uint64_t ret, uint64_t vector, unsigned int el_from,
			 unsigned int el_to)
{
	if (!hwm.truth)
		return;
	fprintf(hwm.truth, "X %u %s %#" PRIx64 " %#" PRIx64 " %#" PRIx64
		" %u %u\n", c->idx, exc_name(type), src, ret, vector,
		el_from, el_to);
}

void hwm_truth_note(struct hwm_vcpu *c, const char *what, uint64_t arg)
{
	/*
	 * The code dump (code=) marks the trace windows too: code patched
	 * and translated again after a window (a static key switched off
	 * when the event is freed) is not what ran in it.
	 */
	if (hwm.code && (!strcmp(what, "ete-start") || !strcmp(what, "ete-stop")))
		fprintf(hwm.code, "N %u %s %#" PRIx64 "\n", c->idx, what, arg);
	if (!hwm.truth)
		return;
	fprintf(hwm.truth, "N %u %s %#" PRIx64 "\n", c->idx, what, arg);
}
