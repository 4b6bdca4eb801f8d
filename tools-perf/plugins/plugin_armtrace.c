// SPDX-License-Identifier: GPL-2.0
/*
 * libtraceevent plugin for the armtrace tracepoints (kernel/ete/
 * ete_trace.h): trbe_irq's TRBSR_EL1 decoded into names, for perf script,
 * perf trace and trace-cmd report.  Install it where libtraceevent looks
 * (~/.local/lib/traceevent/plugins, or $TRACEEVENT_PLUGIN_DIR).
 *
 *   trbe_irq: cpu=0 trbsr=0x520001 [IRQ|WRAP|S buffer-management filled]
 *             ptr=0x0 action=wrap-full bytes=4096
 */
#include <stdint.h>
#include <stdio.h>
#include <event-parse.h>

#include <armtrace/trbe_regs.h>
#include "trbsr_names.h"

static int trbe_irq_handler(struct trace_seq *s, struct tep_record *record,
			    struct tep_event *event, void *context)
{
	unsigned long long cpu, trbsr, off, act, bytes;
	static const char *const acts[] = {
		"done", "wrap-full", "spurious", "fatal",
	};
	char names[128];

	(void)context;
	if (tep_get_field_val(s, event, "cpu", record, &cpu, 1) ||
	    tep_get_field_val(s, event, "trbsr", record, &trbsr, 1) ||
	    tep_get_field_val(s, event, "offset", record, &off, 1) ||
	    tep_get_field_val(s, event, "action", record, &act, 1) ||
	    tep_get_field_val(s, event, "bytes", record, &bytes, 1))
		return 1;
	armtrace_trbsr_names(names, sizeof(names), trbsr);
	trace_seq_printf(s, "cpu=%llu trbsr=0x%llx [%s] ptr=0x%llx action=%s bytes=%llu",
			 cpu, trbsr, names, off,
			 act < sizeof(acts) / sizeof(acts[0]) ? acts[act] : "?",
			 bytes);
	return 0;
}

int TEP_PLUGIN_LOADER(struct tep_handle *tep)
{
	return tep_register_event_handler(tep, -1, "armtrace", "trbe_irq",
					  trbe_irq_handler, NULL) < 0;
}

void TEP_PLUGIN_UNLOADER(struct tep_handle *tep)
{
	tep_unregister_event_handler(tep, -1, "armtrace", "trbe_irq",
				     trbe_irq_handler, NULL);
}
