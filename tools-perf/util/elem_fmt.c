// SPDX-License-Identifier: GPL-2.0
/* OpenCSD-compatible text for generic trace elements. */
#include <inttypes.h>
#include <stdio.h>
#include <ete/a64.h>
#include "elem_fmt.h"
#include "fmt_out.h"

static const char *const unsync_names[] = {
	"undefined", "init-decoder", "reset-decoder", "overflow", "discard",
	"bad-packet", "bad-program-image", "end-of-trace",
};

static const char *const trace_on_names[] = {
	"begin or filter", "overflow", "debug restart",
};

static const char *const memtrans_names[] = {
	"Init", "Start", "Commit", "Fail",
};

static const char *const sec_names[] = { "S", "N", "Root", "Realm" };

#define NAME(tab, i) \
	((size_t)(i) < sizeof(tab) / sizeof((tab)[0]) ? (tab)[i] : "?")

static const char *mem_space_name(uint32_t ms)
{
	switch (ms) {
	case 0x01: return "EL1S";
	case 0x02: return "EL1N";
	case 0x04: return "EL2N";
	case 0x08: return "EL3";
	case 0x10: return "EL2S";
	case 0x20: return "EL1R";
	case 0x40: return "EL2R";
	case 0x80: return "Root";
	case 0x19: return "Any S";
	case 0x06: return "Any NS";
	case 0x60: return "Any R";
	case 0xff: return "Any";
	default: return "Unknown";
	}
}

size_t ete_elem_format(char *buf, size_t size, unsigned int id,
		       const struct ete_elem *e)
{
	struct fmt_out o = { buf, size, 0 };

	if (!size)
		return 0;
	buf[0] = 0;
	fmt_put(&o, "Idx:%" PRIu64 "; ID:%x; OCSD_GEN_TRC_ELEM_%s(", e->offset, id,
	    ete_elem_type_name(e->type));
	switch (e->type) {
	case ETE_ELEM_NO_SYNC:
	case ETE_ELEM_EO_TRACE:
		fmt_put(&o, " [%s]", NAME(unsync_names, e->reason));
		break;
	case ETE_ELEM_TRACE_ON:
		fmt_put(&o, " [%s]", NAME(trace_on_names, e->reason));
		break;
	case ETE_ELEM_PE_CONTEXT:
		fmt_put(&o, "(ISA=%s) EL%u%s; %s; ", ete_isa_name(e->isa),
		    e->ctx.el, NAME(sec_names, e->ctx.sec),
		    e->ctx.sf ? "64-bit" : "32-bit");
		if (e->ctx.vmid_valid)
			fmt_put(&o, "VMID=0x%" PRIx32 "; ", e->ctx.vmid);
		if (e->ctx.cid_valid)
			fmt_put(&o, "CTXTID=0x%" PRIx32 "; ", e->ctx.cid);
		break;
	case ETE_ELEM_INSTR_RANGE:
		fmt_put(&o, "exec range=0x%" PRIx64 ":[0x%" PRIx64 "] num_i(%" PRIu32
		    ") last_sz(%u) (ISA=%s) %s %s", e->start, e->end, e->ninsn,
		    e->last_size, ete_isa_name(e->isa), e->exec ? "E" : "N",
		    ete_insn_class_name(e->last_cls));
		if (e->last_sub)
			fmt_put(&o, "%s", ete_insn_sub_name(e->last_sub));
		if (e->last_cond)
			fmt_put(&o, " <cond>");
		break;
	case ETE_ELEM_I_RANGE_NOPATH:
		fmt_put(&o, "first 0x%" PRIx64 ":[next 0x%" PRIx64 "] num_i(%" PRIu32
		    ") ", e->start, e->end, e->ninsn);
		break;
	case ETE_ELEM_ADDR_NACC:
		fmt_put(&o, " 0x%" PRIx64 "; Memspace [0x%" PRIx32 ":%s] ", e->start,
		    e->num, mem_space_name(e->num));
		break;
	case ETE_ELEM_EXCEPTION:
		fmt_put(&o, "pref ret addr:0x%" PRIx64, e->end);
		if (e->ret_is_target)
			fmt_put(&o, " [addr also prev br tgt]");
		fmt_put(&o, "; excep num (0x%02" PRIx32 ") ", e->num);
		break;
	case ETE_ELEM_TIMESTAMP:
		fmt_put(&o, " [ TS=0x%012" PRIx64 "]; ", e->ts);
		break;
	case ETE_ELEM_EVENT:
		fmt_put(&o, " Numbered:%" PRIu32 "; ", e->num);
		break;
	case ETE_ELEM_SYNC_MARKER:
		fmt_put(&o, " [Timestamp marker(0x%08" PRIx32 ")]", e->num);
		break;
	case ETE_ELEM_MEMTRANS:
		fmt_put(&o, "%s", NAME(memtrans_names, e->reason));
		break;
	case ETE_ELEM_INSTRUMENTATION:
		fmt_put(&o, "EL%u; 0x%016" PRIx64, e->ctx.el, e->ts);
		break;
	default:
		break;
	}
	if (e->has_cc)
		fmt_put(&o, " [CC=%" PRIu32 "]; ", e->cc);
	fmt_put(&o, ")");
	return o.len;
}
