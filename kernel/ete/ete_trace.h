/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints of the ete PMU: what a maintainer needs to see when a
 * buffer comes back short.  tools-perf/plugins/plugin_armtrace.c formats
 * them for perf and trace-cmd (TRBSR_EL1 decoded into names).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM armtrace

#if !defined(_ARMTRACE_ETE_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _ARMTRACE_ETE_TRACE_H

#include <linux/tracepoint.h>

/* One TRBE window opened: offsets into the AUX buffer. */
TRACE_EVENT(ete_window,
	    TP_PROTO(int cpu, u64 aux_head, u64 pad, u64 start, u64 limit),
	    TP_ARGS(cpu, aux_head, pad, start, limit),
	    TP_STRUCT__entry(__field(int, cpu)
			     __field(u64, aux_head)
			     __field(u64, pad)
			     __field(u64, start)
			     __field(u64, limit)),
	    TP_fast_assign(__entry->cpu = cpu;
			   __entry->aux_head = aux_head;
			   __entry->pad = pad;
			   __entry->start = start;
			   __entry->limit = limit;),
	    TP_printk("cpu=%d head=%llu pad=%llu start=%#llx limit=%#llx",
		      __entry->cpu, __entry->aux_head, __entry->pad,
		      __entry->start, __entry->limit)
);

/* A TRBE window ended: the status, what it meant, the bytes kept. */
TRACE_EVENT(trbe_irq,
	    TP_PROTO(int cpu, u64 trbsr, u64 offset, int action, u64 bytes),
	    TP_ARGS(cpu, trbsr, offset, action, bytes),
	    TP_STRUCT__entry(__field(int, cpu)
			     __field(u64, trbsr)
			     __field(u64, offset)
			     __field(int, action)
			     __field(u64, bytes)),
	    TP_fast_assign(__entry->cpu = cpu;
			   __entry->trbsr = trbsr;
			   __entry->offset = offset;
			   __entry->action = action;
			   __entry->bytes = bytes;),
	    TP_printk("cpu=%d trbsr=%#llx ptr=%#llx action=%s bytes=%llu",
		      __entry->cpu, __entry->trbsr, __entry->offset,
		      __print_symbolic(__entry->action, { 0, "done" },
				       { 1, "wrap-full" }, { 2, "spurious" },
				       { 3, "fatal" }),
		      __entry->bytes)
);

/* An AUX record that tells perf of lost trace. */
TRACE_EVENT(aux_lost,
	    TP_PROTO(int cpu, u64 flags, u64 bytes),
	    TP_ARGS(cpu, flags, bytes),
	    TP_STRUCT__entry(__field(int, cpu)
			     __field(u64, flags)
			     __field(u64, bytes)),
	    TP_fast_assign(__entry->cpu = cpu;
			   __entry->flags = flags;
			   __entry->bytes = bytes;),
	    TP_printk("cpu=%d flags=%s bytes=%llu", __entry->cpu,
		      __print_flags(__entry->flags, "|",
				    { 0x01, "TRUNCATED" }, { 0x02, "OVERWRITE" },
				    { 0x04, "PARTIAL" }, { 0x08, "COLLISION" },
				    { 0x100, "RAW" }),
		      __entry->bytes)
);

#endif /* _ARMTRACE_ETE_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE ete_trace
#include <trace/define_trace.h>
