// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the instruction classifier: a table of encodings (from
 * the Arm ARM) and what trace decode must make of them.
 */
#include <stdio.h>
#include <string.h>
#include <ete/a64.h>
#include "tap.h"

#define F_WFX	ETE_INSN_F_WFX_BRANCH

static const struct {
	const char *what;
	uint32_t op;
	uint64_t addr;
	unsigned int flags;
	uint8_t cls, sub, cond, link;
	uint64_t target;
} a64[] = {
	{ "nop", 0xd503201f, 0x1000, F_WFX, ETE_INSN_OTHER, 0, 0, 0, 0 },
	{ "add x0,x1,x2", 0x8b020020, 0x1000, 0, ETE_INSN_OTHER, 0, 0, 0, 0 },
	{ "b .+8", 0x14000002, 0x1000, 0, ETE_INSN_BR, 0, 0, 0, 0x1008 },
	{ "b .-4", 0x17ffffff, 0x1000, 0, ETE_INSN_BR, 0, 0, 0, 0xffc },
	{ "bl .+0x100", 0x94000040, 0x1000, 0, ETE_INSN_BR,
	  ETE_INSN_S_BR_LINK, 0, 1, 0x1100 },
	{ "b.eq .+8", 0x54000040, 0x1000, 0, ETE_INSN_BR, 0, 1, 0, 0x1008 },
	{ "bc.ne .-8", 0x54ffffd1, 0x1000, 0, ETE_INSN_BR, 0, 1, 0, 0xff8 },
	{ "cbz x0,.+16", 0xb4000080, 0x1000, 0, ETE_INSN_BR, 0, 1, 0, 0x1010 },
	{ "cbnz w3,.-4", 0x35ffffe3, 0x1000, 0, ETE_INSN_BR, 0, 1, 0, 0xffc },
	{ "tbz x1,#33,.+8", 0xb6080041, 0x1000, 0, ETE_INSN_BR, 0, 1, 0,
	  0x1008 },
	{ "tbnz w2,#0,.-8", 0x3707ffc2, 0x1000, 0, ETE_INSN_BR, 0, 1, 0,
	  0xff8 },
	/* FEAT_CMPBR: OpenCSD 1.8 prints these without <cond> */
	{ "cbgt x0,x1,.+8", 0xf4010040, 0x1000, 0, ETE_INSN_BR, 0, 0, 0,
	  0x1008 },
	{ "cbbeq w0,w1,.-4", 0x74c1bfe0, 0x1000, 0, ETE_INSN_BR, 0, 0, 0,
	  0xffc },
	{ "cbheq w0,w1,.+4", 0x74c1c020, 0x1000, 0, ETE_INSN_BR, 0, 0, 0,
	  0x1004 },
	{ "cbgt x0,#1,.+8", 0xf5008040, 0x1000, 0, ETE_INSN_BR, 0, 0, 0,
	  0x1008 },
	{ "br x3", 0xd61f0060, 0, 0, ETE_INSN_BR_INDIRECT, 0, 0, 0, 0 },
	{ "blr x8", 0xd63f0100, 0, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_BR_LINK, 0, 1, 0 },
	{ "ret", 0xd65f03c0, 0, 0, ETE_INSN_BR_INDIRECT, ETE_INSN_S_RET, 0,
	  0, 0 },
	{ "ret x2", 0xd65f0040, 0, 0, ETE_INSN_BR_INDIRECT, ETE_INSN_S_RET,
	  0, 0, 0 },
	{ "retaa", 0xd65f0bff, 0, 0, ETE_INSN_BR_INDIRECT, ETE_INSN_S_RET,
	  0, 0, 0 },
	{ "retab", 0xd65f0fff, 0, 0, ETE_INSN_BR_INDIRECT, ETE_INSN_S_RET,
	  0, 0, 0 },
	{ "retaasppc", 0x5500003f, 0, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_RET, 0, 0, 0 },
	{ "retabsppc", 0x5520003f, 0, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_RET, 0, 0, 0 },
	{ "retaasppcr x1", 0xd65f083f, 0, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_RET, 0, 0, 0 },
	{ "eret", 0xd69f03e0, 0, 0, ETE_INSN_BR_INDIRECT, ETE_INSN_S_ERET, 0,
	  0, 0 },
	{ "eretaa", 0xd69f0bff, 0, 0, ETE_INSN_BR_INDIRECT, ETE_INSN_S_ERET,
	  0, 0, 0 },
	{ "eretab", 0xd69f0fff, 0, 0, ETE_INSN_BR_INDIRECT, ETE_INSN_S_ERET,
	  0, 0, 0 },
	{ "braa x1,x2", 0xd71f0822, 0, 0, ETE_INSN_BR_INDIRECT, 0, 0, 0, 0 },
	{ "brab x1,x2", 0xd71f0c22, 0, 0, ETE_INSN_BR_INDIRECT, 0, 0, 0, 0 },
	{ "braaz x1", 0xd61f083f, 0, 0, ETE_INSN_BR_INDIRECT, 0, 0, 0, 0 },
	{ "blraa x1,x2", 0xd73f0822, 0, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_BR_LINK, 0, 1, 0 },
	{ "blrabz x3", 0xd63f0c7f, 0, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_BR_LINK, 0, 1, 0 },
	{ "isb", 0xd5033fdf, 0, 0, ETE_INSN_ISB, 0, 0, 0, 0 },
	{ "dsb sy (not a waypoint)", 0xd5033f9f, 0, 0, ETE_INSN_OTHER, 0, 0,
	  0, 0 },
	{ "dmb ish", 0xd5033bbf, 0, ETE_INSN_F_DSB_DMB, ETE_INSN_DSB_DMB, 0,
	  0, 0, 0 },
	{ "wfi", 0xd503207f, 0, F_WFX, ETE_INSN_WFI_WFE, 0, 0, 0, 0 },
	{ "wfe", 0xd503205f, 0, F_WFX, ETE_INSN_WFI_WFE, 0, 0, 0, 0 },
	{ "wfi (WFXMODE 0)", 0xd503207f, 0, 0, ETE_INSN_OTHER, 0, 0, 0, 0 },
	{ "wfit x0", 0xd5031020, 0, F_WFX, ETE_INSN_WFI_WFE, 0, 0, 0, 0 },
	{ "wfet x1", 0xd5031001, 0, F_WFX, ETE_INSN_WFI_WFE, 0, 0, 0, 0 },
	{ "tstart x0", 0xd5233060, 0, 0, ETE_INSN_TSTART, 0, 0, 0, 0 },
	{ "tcommit (not a waypoint)", 0xd503307f, 0, 0, ETE_INSN_OTHER, 0, 0,
	  0, 0 },
	{ "svc #0 (exception packet, not a waypoint)", 0xd4000001, 0, F_WFX,
	  ETE_INSN_OTHER, 0, 0, 0, 0 },
	{ "hvc #0", 0xd4000002, 0, F_WFX, ETE_INSN_OTHER, 0, 0, 0, 0 },
	{ "smc #0", 0xd4000003, 0, F_WFX, ETE_INSN_OTHER, 0, 0, 0, 0 },
	{ "bti c", 0xd503245f, 0, F_WFX, ETE_INSN_OTHER, 0, 0, 0, 0 },
	{ "udf #0", 0x00000000, 0, F_WFX, ETE_INSN_OTHER, 0, 0, 0, 0 },
};

static const struct {
	const char *what;
	int t32;
	uint32_t op;
	uint64_t addr;
	uint8_t cls, sub, cond, size, next_isa;
	uint64_t target;
} a32[] = {
	{ "A32 b .+8", 0, 0xea000000, 0x8000, ETE_INSN_BR, 0, 0, 4,
	  ETE_ISA_A32, 0x8008 },
	{ "A32 bleq", 0, 0x0b000010, 0x8000, ETE_INSN_BR, ETE_INSN_S_BR_LINK,
	  1, 4, ETE_ISA_A32, 0x8048 },
	{ "A32 blx imm", 0, 0xfa000000, 0x8000, ETE_INSN_BR,
	  ETE_INSN_S_BR_LINK, 0, 4, ETE_ISA_T32, 0x8008 },
	{ "A32 bx lr", 0, 0xe12fff1e, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_V7_IMPL_RET, 0, 4, ETE_ISA_A32, 0 },
	{ "A32 pop {r4,pc}", 0, 0xe8bd8010, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_V7_IMPL_RET, 0, 4, ETE_ISA_A32, 0 },
	{ "A32 movne r0,r1", 0, 0x11a00001, 0, ETE_INSN_OTHER, 0, 1, 4,
	  ETE_ISA_A32, 0 },
	{ "T32 b<c> .+4", 1, 0xd000, 0x8000, ETE_INSN_BR, 0, 1, 2,
	  ETE_ISA_T32, 0x8004 },
	{ "T32 bx lr", 1, 0x4770, 0, ETE_INSN_BR_INDIRECT,
	  ETE_INSN_S_V7_IMPL_RET, 0, 2, ETE_ISA_T32, 0 },
	{ "T32 bl .+4", 1, 0xf800f000, 0x8000, ETE_INSN_BR,
	  ETE_INSN_S_BR_LINK, 0, 4, ETE_ISA_T32, 0x8004 },
	{ "T32 nop", 1, 0xbf00, 0, ETE_INSN_OTHER, 0, 0, 2, ETE_ISA_T32, 0 },
};

int main(void)
{
	struct ete_insn in;
	char name[64];

	for (size_t i = 0; i < sizeof(a64) / sizeof(a64[0]); i++) {
		bool ok;

		ete_a64_classify(a64[i].op, a64[i].addr, a64[i].flags, &in);
		ok = in.cls == a64[i].cls && in.sub == a64[i].sub &&
			in.cond == a64[i].cond && in.link == a64[i].link &&
			in.size == 4 && in.next_isa == ETE_ISA_A64 &&
			(in.cls != ETE_INSN_BR || in.target == a64[i].target);
		if (!ok)
			tap_diag("got cls %u sub %u cond %u link %u target "
				 "0x%llx", in.cls, in.sub, in.cond, in.link,
				 (unsigned long long)in.target);
		tap_ok(ok, "a64 %08x %s", a64[i].op, a64[i].what);
	}
	for (size_t i = 0; i < sizeof(a32) / sizeof(a32[0]); i++) {
		bool ok;

		if (a32[i].t32)
			ete_t32_classify(a32[i].op, a32[i].addr, 0, &in);
		else
			ete_a32_classify(a32[i].op, a32[i].addr, 0, &in);
		ok = in.cls == a32[i].cls && in.sub == a32[i].sub &&
			in.cond == a32[i].cond && in.size == a32[i].size &&
			(in.cls != ETE_INSN_BR ||
			 (in.target == a32[i].target &&
			  in.next_isa == a32[i].next_isa));
		if (!ok)
			tap_diag("got cls %u sub %u cond %u size %u target "
				 "0x%llx isa %u", in.cls, in.sub, in.cond,
				 in.size, (unsigned long long)in.target,
				 in.next_isa);
		tap_ok(ok, "%s", a32[i].what);
	}
	/* exception-generating instructions: not waypoints, but flagged */
	{
		static const struct {
			uint32_t op;
			int exc;
		} eg[] = {
			{ 0xd4000001, 1 },	/* svc #0 */
			{ 0xd41fffe1, 1 },	/* svc #0xffff */
			{ 0xd4000002, 1 },	/* hvc #0 */
			{ 0xd4000063, 1 },	/* smc #3 */
			{ 0xd4200000, 0 },	/* brk #0 */
			{ 0xd4400000, 0 },	/* hlt #0 */
			{ 0xd4a00001, 0 },	/* dcps1 */
			{ 0xd4000000, 0 },	/* LL 00: unallocated */
			{ 0xd503201f, 0 },	/* nop */
		};
		bool ok = true;

		for (size_t i = 0; i < sizeof(eg) / sizeof(eg[0]); i++) {
			ete_a64_classify(eg[i].op, 0, 0, &in);
			if (ete_a64_is_exc_gen(eg[i].op) != eg[i].exc ||
			    in.cls != ETE_INSN_OTHER) {
				tap_diag("%08x: exc_gen %d cls %u", eg[i].op,
					 ete_a64_is_exc_gen(eg[i].op), in.cls);
				ok = false;
			}
		}
		tap_ok(ok, "a64 SVC/HVC/SMC are exception-generating, "
		       "not waypoints");
	}
	/* the printer's names are OpenCSD's */
	snprintf(name, sizeof(name), "%s|%s|%s|%s", ete_insn_class_name(1),
		 ete_insn_sub_name(1), ete_insn_sub_name(2),
		 ete_isa_name(ETE_ISA_A64));
	tap_ok(!strcmp(name, "BR  |b+link |A64:ret |A64"), "names: %s", name);
	return tap_exit();
}
