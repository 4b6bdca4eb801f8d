// SPDX-License-Identifier: GPL-2.0
/*
 * The A32 and T32 instructions that are P0 elements for ETE (AArch32 at
 * EL0 under an AArch64 trace unit), their neighbours, and the sub-types
 * OpenCSD 1.8.0 prints.  See insn_spec.h.
 *
 * Notes on what the rows follow besides the ETE tables:
 *  - "Implied return" (V7_IMPL_RET) is OpenCSD's: BX LR, POP {..,pc}
 *    (LDMIA SP! without SP in the list), LDR pc, [sp], #imm, MOV pc, lr.
 *  - Every A32 instruction with a condition other than AL is conditional
 *    (cond 1, also for non-branches: Table D4-14 gives WFE/WFI an N atom
 *    when their condition check fails); the checker derives it from
 *    bits 31:28, not from the row.
 *  - SPEC_ANY rows are encodings the architecture leaves UNPREDICTABLE
 *    (the PC as a destination the instruction may not have): the
 *    classifier may call them what it likes.
 *  - Hint and T32 barrier rows require their should-be bits, as the
 *    classifier and OpenCSD do (an encoding with them otherwise is
 *    CONSTRAINED UNPREDICTABLE, taken as not a waypoint).
 */
#include "insn_spec.h"

#define BR	ETE_INSN_BR
#define IBR	ETE_INSN_BR_INDIRECT
#define OTHER	ETE_INSN_OTHER
#define ANY	SPEC_ANY
#define LINK	ETE_INSN_S_BR_LINK
#define IRET	ETE_INSN_S_V7_IMPL_RET
#define WFX	ETE_INSN_F_WFX_BRANCH
#define DSB	ETE_INSN_F_DSB_DMB

#define A32D	"; ETE D4.4.2.1 RGWKSD (Table D4-11)"
#define A32I	"; ETE D4.4.2.2 RDTZVJ (Table D4-12)"
#define A32L	", Table D4-13 (branch with link)"
#define T32D	"; ETE D4.4.3.1 RNRJKR (Table D4-15)"
#define T32I	"; ETE D4.4.3.2 RWXDRS (Table D4-16)"
#define T32L	", D4.4.3.3 RBHLTJ (branch with link)"
#define NOTP0	"; not a P0 instruction (ETE D4.4 RGFNRJ, RDJMQM)"
#define UNPRED	": UNPREDICTABLE with the PC there"

const struct spec_row spec_a32[] = {
	/* unconditional space (cond 1111) */
	{ "BLX (immediate)", "BLX (immediate) A2" A32D A32L,
	  0xfe000000, 0xfa000000, BR, LINK, 0, 1, TGT_A32_BLX, 0, 1 },
	{ "RFE", "RFE A1" A32I,
	  0xfe500000, 0xf8100000, IBR, 0, 0, 0, 0, 0, 0 },
	{ "ISB", "ISB A1" A32D,
	  0xfff000f0, 0xf5700060, ETE_INSN_ISB, 0, 0, 0, 0, 0, 0 },
	{ "DSB", "DSB A1" NOTP0,
	  0xfff000f0, 0xf5700040, ETE_INSN_DSB_DMB, 0, 0, 0, 0, DSB, 0 },
	{ "DMB", "DMB A1" NOTP0,
	  0xfff000f0, 0xf5700050, ETE_INSN_DSB_DMB, 0, 0, 0, 0, DSB, 0 },
	{ "other unconditional instructions (incl. MCR2, CPS, SETEND)",
	  "Arm ARM: unconditional instructions" NOTP0,
	  0xf0000000, 0xf0000000, OTHER, 0, 0, 0, 0, 0, 0 },
	/* miscellaneous: branch and exchange, exception return */
	{ "ERET", "ERET A1" A32I,
	  0x0ff000f0, 0x01600060, IBR, 0, 0, 0, 0, 0, 0 },
	{ "BX LR", "BX A1, Rm = 14" A32I ", OpenCSD's implied return",
	  0x0ff000ff, 0x0120001e, IBR, IRET, 0, 0, 0, 0, 0 },
	{ "BX", "BX A1" A32I,
	  0x0ff000f0, 0x01200010, IBR, 0, 0, 0, 0, 0, 0 },
	{ "BLX (register)", "BLX (register) A1" A32I A32L,
	  0x0ff000f0, 0x01200030, IBR, LINK, 0, 1, 0, 0, 0 },
	{ "BXJ", "BXJ A1 (as BX in Armv8)" A32I,
	  0x0ff000f0, 0x01200020, IBR, 0, 0, 0, 0, 0, 0 },
	/* loads to the PC */
	{ "POP {..,pc}", "LDM A1 (LDMIA SP!), SP not in the list"
	  A32I ", OpenCSD's implied return",
	  0x0fffa000, 0x08bd8000, IBR, IRET, 0, 0, 0, 0, 0 },
	{ "LDM {..,pc}", "LDM, LDMDA, LDMDB, LDMIB, LDM (exception return)"
	  A32I,
	  0x0e108000, 0x08108000, IBR, 0, 0, 0, 0, 0, 0 },
	{ "LDR pc, [sp], #imm", "LDR (immediate) A1, post-indexed from SP"
	  A32I ", OpenCSD's implied return",
	  0x0ffff000, 0x049df000, IBR, IRET, 0, 0, 0, 0, 0 },
	{ "LDR pc (immediate, literal)", "LDR (immediate) A1, LDR (literal)"
	  A32I,
	  0x0e50f000, 0x0410f000, IBR, 0, 0, 0, 0, 0, 0 },
	{ "LDR pc (register)", "LDR (register) A1" A32I,
	  0x0e50f010, 0x0610f000, IBR, 0, 0, 0, 0, 0, 0 },
	/* data processing with the PC as destination */
	{ "MOV pc, lr", "MOV (register) A1, Rm = 14, no shift" A32I
	  ", OpenCSD's implied return",
	  0x0ff0ffff, 0x01a0f00e, IBR, IRET, 0, 0, 0, 0, 0 },
	{ "miscellaneous (MRS, MSR (register), CLZ, ...)",
	  "Arm ARM: miscellaneous instructions" NOTP0,
	  0x0f900080, 0x01000000, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "SMLA<x><y> etc. with Ra = PC", "halfword multiply" UNPRED,
	  0x0f90f090, 0x0100f080, ANY, 0, 0, 0, 0, 0, 0 },
	{ "TST/TEQ/CMP/CMN (register), SBZ field 1111",
	  "TST (register) A1 ..." UNPRED,
	  0x0f90f010, 0x0110f000, ANY, 0, 0, 0, 0, 0, 0 },
	{ "multiply, extra load/store with Rd/Rt = PC",
	  "MUL, MLA, UMULL, LDRH, LDRD, LDREX, STREX, ..." UNPRED,
	  0x0e00f090, 0x0000f090, ANY, 0, 0, 0, 0, 0, 0 },
	{ "data processing (register-shifted register) to the PC",
	  "ADD (register-shifted register) A1 ..." UNPRED,
	  0x0e00f090, 0x0000f010, ANY, 0, 0, 0, 0, 0, 0 },
	{ "data processing (register) to the PC",
	  "ADD (register) A1, MOV (register) A1, SUBS pc, lr ..." A32I,
	  0x0e00f010, 0x0000f000, IBR, 0, 0, 0, 0, 0, 0 },
	{ "WFE, WFI", "WFE A1, WFI A1" A32D ", when TRCIDR2.WFXMODE",
	  0x0ffffffe, 0x0320f002, ETE_INSN_WFI_WFE, 0, 0, 0, 0, WFX, 0 },
	{ "MSR (immediate), hints", "MSR (immediate) A1, NOP A1 ..." NOTP0,
	  0x0fb0f000, 0x0320f000, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "MOVW, MOVT to the PC", "MOV (immediate) A2, MOVT A1" UNPRED,
	  0x0fb0f000, 0x0300f000, ANY, 0, 0, 0, 0, 0, 0 },
	{ "TST/TEQ/CMP/CMN (immediate), SBZ field 1111",
	  "TST (immediate) A1 ..." UNPRED,
	  0x0f90f000, 0x0310f000, ANY, 0, 0, 0, 0, 0, 0 },
	{ "data processing (immediate) to the PC",
	  "ADD (immediate) A1, MOV (immediate) A1, SUBS pc, lr, #imm ..."
	  A32I,
	  0x0e00f000, 0x0200f000, IBR, 0, 0, 0, 0, 0, 0 },
	/* branches */
	{ "B", "B A1" A32D,
	  0x0f000000, 0x0a000000, BR, 0, 0, 0, TGT_A32_IMM24, 0, 0 },
	{ "BL", "BL A1" A32D A32L,
	  0x0f000000, 0x0b000000, BR, LINK, 0, 1, TGT_A32_IMM24, 0, 0 },
	/* CP15 barriers: MCR p15, 0, <Rt>, c7, ... */
	{ "CP15ISB", "MCR p15, 0, <Rt>, c7, c5, 4" A32D ", RKJTCL",
	  0x0fff0fff, 0x0e070f95, ETE_INSN_ISB, 0, 0, 0, 0, 0, 0 },
	{ "CP15DSB", "MCR p15, 0, <Rt>, c7, c10, 4" NOTP0,
	  0x0fff0fff, 0x0e070f9a, ETE_INSN_DSB_DMB, 0, 0, 0, 0, DSB, 0 },
	{ "CP15DMB", "MCR p15, 0, <Rt>, c7, c10, 5" NOTP0,
	  0x0fff0fff, 0x0e070fba, ETE_INSN_DSB_DMB, 0, 0, 0, 0, DSB, 0 },
	{ "SVC", "SVC A1: an Exception packet" NOTP0,
	  0x0f000000, 0x0f000000, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "UDF", "UDF A1" NOTP0,
	  0x0ff000f0, 0x07f000f0, OTHER, 0, 0, 0, 0, 0, 0 },
};
const size_t spec_a32_n = sizeof(spec_a32) / sizeof(spec_a32[0]);

const struct spec_row spec_t32[] = {
	/* 16-bit */
	{ "UDF", "UDF T1" NOTP0,
	  0xff000000, 0xde000000, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "SVC", "SVC T1: an Exception packet" NOTP0,
	  0xff000000, 0xdf000000, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "B<c> (16-bit)", "B T1" T32D ", Table D4-18",
	  0xf0000000, 0xd0000000, BR, 0, 1, 0, TGT_T16_IMM8, 0, 0 },
	{ "B (16-bit)", "B T2" T32D,
	  0xf8000000, 0xe0000000, BR, 0, 0, 0, TGT_T16_IMM11, 0, 0 },
	{ "CBZ, CBNZ", "CBZ T1, CBNZ T1" T32D ", Table D4-18",
	  0xf5000000, 0xb1000000, BR, 0, 1, 0, TGT_T16_CBZ, 0, 0 },
	{ "BX LR", "BX T1, Rm = 14" T32I ", OpenCSD's implied return",
	  0xfff80000, 0x47700000, IBR, IRET, 0, 0, 0, 0, 0 },
	{ "BX", "BX T1" T32I,
	  0xff800000, 0x47000000, IBR, 0, 0, 0, 0, 0, 0 },
	{ "BLX (register)", "BLX (register) T1" T32I T32L,
	  0xff800000, 0x47800000, IBR, LINK, 0, 1, 0, 0, 0 },
	{ "POP {..,pc} (16-bit)", "POP T1 with P = 1" T32I
	  ", OpenCSD's implied return",
	  0xff000000, 0xbd000000, IBR, IRET, 0, 0, 0, 0, 0 },
	{ "MOV pc, lr", "MOV (register) T1, D:Rd = 1111, Rm = 14" T32I
	  ", OpenCSD's implied return",
	  0xffff0000, 0x46f70000, IBR, IRET, 0, 0, 0, 0, 0 },
	{ "MOV pc, Rm; ADD pc, Rm", "MOV (register) T1, ADD (register) T2, "
	  "D:Rd = 1111" T32I,
	  0xfd870000, 0x44870000, IBR, 0, 0, 0, 0, 0, 0 },
	{ "WFE, WFI (16-bit)", "WFE T1, WFI T1" T32D
	  ", when TRCIDR2.WFXMODE",
	  0xffef0000, 0xbf200000, ETE_INSN_WFI_WFE, 0, 0, 0, 0, WFX, 0 },
	/* 32-bit: branches and miscellaneous control */
	{ "BXJ", "BXJ T1" T32I,
	  0xfff0d000, 0xf3c08000, IBR, 0, 0, 0, 0, 0, 0 },
	{ "SUBS pc, lr, #imm8 (ERET)", "SUBS PC, LR T1" T32I,
	  0xfff0d000, 0xf3d08000, IBR, 0, 0, 0, 0, 0, 0 },
	{ "ISB", "ISB T1" T32D,
	  0xfffffff0, 0xf3bf8f60, ETE_INSN_ISB, 0, 0, 0, 0, 0, 0 },
	{ "DSB", "DSB T1" NOTP0,
	  0xfffffff0, 0xf3bf8f40, ETE_INSN_DSB_DMB, 0, 0, 0, 0, DSB, 0 },
	{ "DMB", "DMB T1" NOTP0,
	  0xfffffff0, 0xf3bf8f50, ETE_INSN_DSB_DMB, 0, 0, 0, 0, DSB, 0 },
	{ "WFE, WFI (32-bit)", "WFE T2, WFI T2" T32D
	  ", when TRCIDR2.WFXMODE",
	  0xfffffffe, 0xf3af8002, ETE_INSN_WFI_WFE, 0, 0, 0, 0, WFX, 0 },
	{ "MSR, MRS, hints, misc. control, HVC, SMC, UDF (32-bit)",
	  "Arm ARM: branches and miscellaneous control, op1 x111xxx" NOTP0,
	  0xfb80d000, 0xf3808000, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "B<c> (32-bit)", "B T3" T32D ", Table D4-18",
	  0xf800d000, 0xf0008000, BR, 0, 1, 0, TGT_T32_B_T3, 0, 0 },
	{ "B (32-bit)", "B T4" T32D,
	  0xf800d000, 0xf0009000, BR, 0, 0, 0, TGT_T32_B_T4, 0, 0 },
	{ "BL", "BL T1" T32D T32L,
	  0xf800d000, 0xf000d000, BR, LINK, 0, 1, TGT_T32_B_T4, 0, 0 },
	{ "BLX (immediate), H = 1", "BLX (immediate) T2: UNDEFINED" NOTP0,
	  0xf800d001, 0xf000c001, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "BLX (immediate)", "BLX (immediate) T2" T32D T32L,
	  0xf800d001, 0xf000c000, BR, LINK, 0, 1, TGT_T32_BLX, 0, 1 },
	/* 32-bit: table branches, exception returns, loads to the PC */
	{ "TBB, TBH", "TBB T1, TBH T1" T32I,
	  0xfff0ffe0, 0xe8d0f000, IBR, 0, 0, 0, 0, 0, 0 },
	{ "RFEDB", "RFE T1" T32I,
	  0xffd00000, 0xe8100000, IBR, 0, 0, 0, 0, 0, 0 },
	{ "RFEIA", "RFE T2" T32I,
	  0xffd00000, 0xe9900000, IBR, 0, 0, 0, 0, 0, 0 },
	{ "POP {..,pc} (32-bit)", "LDM T2 (LDMIA SP!) with P = 1" T32I
	  ", OpenCSD's implied return",
	  0xffff8000, 0xe8bd8000, IBR, IRET, 0, 0, 0, 0, 0 },
	{ "LDM {..,pc}", "LDM T2, LDMDB T1 with P = 1" T32I,
	  0xfe508000, 0xe8108000, IBR, 0, 0, 0, 0, 0, 0 },
	{ "LDR pc (literal)", "LDR (literal) T2" T32I,
	  0xff7ff000, 0xf85ff000, IBR, 0, 0, 0, 0, 0, 0 },
	{ "LDR pc, [Rn, #imm12]", "LDR (immediate) T3" T32I,
	  0xfff0f000, 0xf8d0f000, IBR, 0, 0, 0, 0, 0, 0 },
	{ "LDR pc, [sp], #imm8", "LDR (immediate) T4, post-indexed from SP"
	  T32I ", OpenCSD's implied return",
	  0xffffff00, 0xf85dfb00, IBR, IRET, 0, 0, 0, 0, 0 },
	{ "LDRT pc", "LDRT T1" UNPRED,
	  0xfff0ff00, 0xf850fe00, ANY, 0, 0, 0, 0, 0, 0 },
	{ "LDR (immediate) T4 with P = W = 0", "LDR (immediate) T4: "
	  "UNDEFINED" NOTP0,
	  0xfff0fd00, 0xf850f800, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "LDR pc, [Rn, #+/-imm8]{!}", "LDR (immediate) T4" T32I,
	  0xfff0f800, 0xf850f800, IBR, 0, 0, 0, 0, 0, 0 },
	{ "LDR pc (register)", "LDR (register) T2" T32I,
	  0xfff0ffc0, 0xf850f000, IBR, 0, 0, 0, 0, 0, 0 },
	/* CP15 barriers: MCR p15, 0, <Rt>, c7, ... */
	{ "CP15ISB", "MCR p15, 0, <Rt>, c7, c5, 4 (T1)" T32D
	  ", including CP15 encodings",
	  0xffff0fff, 0xee070f95, ETE_INSN_ISB, 0, 0, 0, 0, 0, 0 },
	{ "CP15DSB", "MCR p15, 0, <Rt>, c7, c10, 4 (T1)" NOTP0,
	  0xffff0fff, 0xee070f9a, ETE_INSN_DSB_DMB, 0, 0, 0, 0, DSB, 0 },
	{ "CP15DMB", "MCR p15, 0, <Rt>, c7, c10, 5 (T1)" NOTP0,
	  0xffff0fff, 0xee070fba, ETE_INSN_DSB_DMB, 0, 0, 0, 0, DSB, 0 },
};
const size_t spec_t32_n = sizeof(spec_t32) / sizeof(spec_t32[0]);
