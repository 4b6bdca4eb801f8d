// SPDX-License-Identifier: GPL-2.0
/*
 * A32 and T32 instruction classification, for the AArch32 code that an
 * AArch64 trace unit can also trace (EL0 in AArch32 state).  Same classes
 * as the A64 classifier; the encodings checked are the branch and barrier
 * forms of the Arm ARM, with the "implied return" sub-type for BX LR,
 * POP {..,pc}, LDR pc,[sp],#imm and MOV pc,lr as OpenCSD reports them.
 */
#include <ete/a64.h>

static void clear(struct ete_insn *o, uint8_t size, uint8_t isa)
{
	o->cls = ETE_INSN_OTHER;
	o->sub = ETE_INSN_S_NONE;
	o->cond = 0;
	o->link = 0;
	o->size = size;
	o->next_isa = isa;
	o->target = 0;
}

/* A32 indirect branches: anything that writes the PC from a register */
static int a32_indirect(uint32_t op, struct ete_insn *o)
{
	if ((op & 0xf0000000) == 0xf0000000)
		return (op & 0xfe500000) == 0xf8100000;		/* RFE */
	if ((op & 0x0ff000d0) == 0x01200010) {			/* BX, BLX reg */
		if ((op & 0xff) == 0x1e)
			o->sub = ETE_INSN_S_V7_IMPL_RET;	/* BX lr */
		if ((op & 0x0ff000f0) == 0x01200030) {
			o->link = 1;
			o->sub = ETE_INSN_S_BR_LINK;
		}
		return 1;
	}
	if ((op & 0x0ff000f0) == 0x01200020)			/* BXJ */
		return 1;
	/*
	 * ERET: an exception return without OpenCSD's A64 "eret" sub-type,
	 * as for RFE and SUBS pc, lr, so no exception return element.
	 */
	if ((op & 0x0ff000f0) == 0x01600060)
		return 1;
	if ((op & 0x0e108000) == 0x08108000) {			/* LDM {..pc} */
		if ((op & 0x0fffa000) == 0x08bd8000)
			o->sub = ETE_INSN_S_V7_IMPL_RET;	/* POP */
		return 1;
	}
	if ((op & 0x0e50f000) == 0x0410f000) {			/* LDR pc, imm */
		if ((op & 0x01ff0000) == 0x009d0000)
			o->sub = ETE_INSN_S_V7_IMPL_RET;
		return 1;
	}
	if ((op & 0x0e50f010) == 0x0610f000)			/* LDR pc, reg */
		return 1;
	if ((op & 0x0fe0f000) == 0x01a0f000) {			/* MOV pc, rx */
		if ((op & 0x00100fff) == 0x00e)
			o->sub = ETE_INSN_S_V7_IMPL_RET;
		return 1;
	}
	if ((op & 0x0f900080) == 0x01000000 ||			/* misc */
	    (op & 0x0f9000f0) == 0x01800090 ||			/* ld/st ext */
	    (op & 0x0fb0f000) == 0x0320f000)			/* MSR imm */
		return 0;
	if ((op & 0x0e00f000) == 0x0200f000)			/* DP pc, imm */
		return (op & 0x0f90f000) != 0x0310f000;		/* not TST.. */
	return (op & 0x0e00f000) == 0x0000f000;			/* DP pc, reg */
}

/*
 * MCR p15, 0, <Rt>, c7, <CRm>, <opc2> (cond not 1111, which is MCR2):
 * its low byte, 0x95 for c5,4 (CP15ISB), 0x9a c10,4 (CP15DSB), 0xba
 * c10,5 (CP15DMB); 0 for any other instruction.
 */
static inline uint32_t a32_cp15_barrier(uint32_t op)
{
	if ((op & 0xf0000000) == 0xf0000000 ||
	    (op & 0x0fff0f00) != 0x0e070f00)
		return 0;
	return op & 0xff;
}

unsigned int ete_a32_classify(uint32_t op, uint64_t addr, unsigned int flags,
			      struct ete_insn *o)
{
	clear(o, 4, ETE_ISA_A32);
	if (a32_indirect(op, o)) {
		o->cls = ETE_INSN_BR_INDIRECT;
	} else if ((op & 0xfe000000) == 0xfa000000 ||		/* BLX imm */
		   ((op & 0xf0000000) != 0xf0000000 &&
		    (op & 0x0e000000) == 0x0a000000)) {		/* B, BL */
		uint32_t t = (uint32_t)addr + 8 +
			(uint32_t)((int32_t)((op & 0xffffff) << 8) >> 6);

		o->cls = ETE_INSN_BR;
		if ((op & 0xf0000000) == 0xf0000000) {
			t |= (op >> 23) & 2;			/* H bit */
			o->next_isa = ETE_ISA_T32;
			o->link = 1;
		} else if (op & 0x01000000) {
			o->link = 1;
		}
		if (o->link)
			o->sub = ETE_INSN_S_BR_LINK;
		o->target = t;
	} else if ((op & 0xfff00000) == 0xf5700000 &&
		   (op & 0xf0) == 0x60) {			/* ISB */
		o->cls = ETE_INSN_ISB;
	} else if (a32_cp15_barrier(op) == 0x95) {		/* CP15ISB */
		o->cls = ETE_INSN_ISB;
	} else if ((flags & ETE_INSN_F_DSB_DMB) &&
		   (((op & 0xfff00000) == 0xf5700000 &&
		     ((op & 0xf0) == 0x40 || (op & 0xf0) == 0x50)) ||
		    a32_cp15_barrier(op) == 0x9a ||		/* CP15DSB */
		    a32_cp15_barrier(op) == 0xba)) {		/* CP15DMB */
		o->cls = ETE_INSN_DSB_DMB;
	} else if ((flags & ETE_INSN_F_WFX_BRANCH) &&
		   (op & 0xf0000000) != 0xf0000000 &&
		   (op & 0x0ffffffe) == 0x0320f002) {		/* WFE, WFI */
		o->cls = ETE_INSN_WFI_WFE;
	}
	o->cond = (op & 0xe0000000) != 0xe0000000;
	return o->cls;
}

/*
 * T32: @hw has the first halfword in bits 15:0.  The checks below are on
 * "inst" with the first halfword in bits 31:16, the layout the Arm ARM
 * draws 32-bit T32 encodings in.
 */
unsigned int ete_t32_classify(uint32_t hw, uint64_t addr, unsigned int flags,
			      struct ete_insn *o)
{
	uint32_t inst = (hw << 16) | (hw >> 16);
	uint32_t a = (uint32_t)addr, t = 0;

	clear(o, ete_t32_is_wide((uint16_t)hw) ? 4 : 2, ETE_ISA_T32);
	if ((inst & 0xf0000000) == 0xd0000000 &&
	    (inst & 0x0e000000) != 0x0e000000) {		/* B<c> T1 */
		o->cls = ETE_INSN_BR;
		o->cond = 1;
		t = a + 4 + (uint32_t)((int32_t)((inst & 0x00ff0000) << 8) >> 23);
	} else if ((inst & 0xf8000000) == 0xe0000000) {		/* B T2 */
		o->cls = ETE_INSN_BR;
		t = a + 4 + (uint32_t)((int32_t)((inst & 0x07ff0000) << 5) >> 20);
	} else if ((inst & 0xf800d000) == 0xf0008000 &&
		   (inst & 0x03800000) != 0x03800000) {		/* B<c> T3 */
		o->cls = ETE_INSN_BR;
		o->cond = 1;
		t = a + 4 + (uint32_t)((int32_t)(((inst & 0x04000000) << 5) |
						 ((inst & 0x0800) << 19) |
						 ((inst & 0x2000) << 16) |
						 ((inst & 0x003f0000) << 7) |
						 ((inst & 0x000007ff) << 12)) >> 11);
	} else if ((inst & 0xf8009000) == 0xf0009000 ||		/* B T4, BL */
		   (inst & 0xf800d001) == 0xf000c000) {		/* BLX imm */
		uint32_t s = ((inst & 0x04000000) >> 26) - 1;
		int blx = (inst & 0x00001000) == 0;

		o->cls = ETE_INSN_BR;
		o->link = (inst & 0x00004000) != 0;
		if (blx)
			a &= ~3u;
		t = a + 4 + (uint32_t)((int32_t)(((inst & 0x04000000) << 5) |
						 (((inst ^ s) & 0x2000) << 17) |
						 (((inst ^ s) & 0x0800) << 18) |
						 ((inst & 0x03ff0000) << 3) |
						 ((inst & (blx ? 0x7fe : 0x7ff)) << 8)) >> 7);
		if (blx)
			o->next_isa = ETE_ISA_A32;
	} else if ((inst & 0xf5000000) == 0xb1000000) {		/* CBZ, CBNZ */
		o->cls = ETE_INSN_BR;
		o->cond = 1;
		t = a + 4 + ((((inst & 0x02000000) << 6) |
			      ((inst & 0x00f80000) << 7)) >> 25);
	} else if ((inst & 0xff000000) == 0x47000000) {		/* BX, BLX reg */
		o->cls = ETE_INSN_BR_INDIRECT;
		if (inst & 0x00800000)
			o->link = 1;
		else if ((inst & 0x00780000) == 0x00700000)
			o->sub = ETE_INSN_S_V7_IMPL_RET;
	} else if ((inst & 0xfff0d000) == 0xf3c08000 ||		/* BXJ */
		   (inst & 0xfff0ffe0) == 0xe8d0f000 ||		/* TBB, TBH */
		   (inst & 0xffd00000) == 0xe8100000 ||		/* RFE T1 */
		   (inst & 0xffd00000) == 0xe9900000 ||		/* RFE T2 */
		   (inst & 0xfff0d000) == 0xf3d08000 ||		/* SUBS pc,lr */
		   (inst & 0xfff0f000) == 0xf8d0f000 ||		/* LDR pc T3 */
		   (inst & 0xff7ff000) == 0xf85ff000 ||		/* LDR pc lit */
		   (inst & 0xfff0ffc0) == 0xf850f000) {		/* LDR pc reg */
		o->cls = ETE_INSN_BR_INDIRECT;
	} else if ((inst & 0xff000000) == 0xbd000000) {		/* POP {pc} */
		o->cls = ETE_INSN_BR_INDIRECT;
		o->sub = ETE_INSN_S_V7_IMPL_RET;
	} else if ((inst & 0xfd870000) == 0x44870000) {		/* MOV/ADD pc */
		o->cls = ETE_INSN_BR_INDIRECT;
		if ((inst & 0xffff0000) == 0x46f70000)
			o->sub = ETE_INSN_S_V7_IMPL_RET;
	} else if ((inst & 0xfff0f800) == 0xf850f800 &&
		   (inst & 0x0500) != 0) {			/* LDR pc T4 */
		/* P = W = 0 is UNDEFINED */
		o->cls = ETE_INSN_BR_INDIRECT;
		if ((inst & 0x000f0f00) == 0x000d0b00)
			o->sub = ETE_INSN_S_V7_IMPL_RET;
	} else if ((inst & 0xfe508000) == 0xe8108000) {		/* LDM {..pc} */
		o->cls = ETE_INSN_BR_INDIRECT;
		if ((inst & 0x0fff0000) == 0x08bd0000)
			o->sub = ETE_INSN_S_V7_IMPL_RET;
	} else if ((inst & 0xffffff00) == 0xf3bf8f00) {		/* barriers */
		if ((inst & 0xf0) == 0x60)
			o->cls = ETE_INSN_ISB;
		else if ((flags & ETE_INSN_F_DSB_DMB) &&
			 ((inst & 0xf0) == 0x40 || (inst & 0xf0) == 0x50))
			o->cls = ETE_INSN_DSB_DMB;
	} else if ((inst & 0xffff0f00) == 0xee070f00) {		/* MCR p15,c7 */
		/* the CP15 barriers, with the A32 encodings' low byte */
		if ((inst & 0xff) == 0x95)
			o->cls = ETE_INSN_ISB;
		else if ((flags & ETE_INSN_F_DSB_DMB) &&
			 ((inst & 0xff) == 0x9a || (inst & 0xff) == 0xba))
			o->cls = ETE_INSN_DSB_DMB;
	} else if ((flags & ETE_INSN_F_WFX_BRANCH) &&
		   ((inst & 0xfffffffe) == 0xf3af8002 ||
		    (inst & 0xffef0000) == 0xbf200000)) {
		o->cls = ETE_INSN_WFI_WFE;
	}
	if (o->cls == ETE_INSN_BR) {
		if (o->next_isa == ETE_ISA_T32)
			t &= ~1u;
		o->target = t;
	}
	if (o->link)
		o->sub = ETE_INSN_S_BR_LINK;
	return o->cls;
}
