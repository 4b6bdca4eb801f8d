// SPDX-License-Identifier: GPL-2.0
/*
 * The A64 instructions that change the PC, return from an exception or
 * are P0 elements for ETE, their unallocated neighbours, and the
 * instructions near them that are not waypoints.  See insn_spec.h.
 *
 * Where libete deliberately differs from the architecture's letter, to
 * print what OpenCSD 1.8.0 prints:
 *  - CB<cc>, CBB<cc>, CBH<cc> are conditional (Table D4-10: N means not
 *    taken); OpenCSD 1.8.0 does not flag them so and prints no <cond>,
 *    which ETE_INSN_F_CMPBR_UNCOND asks for (SPEC_COND_NOT_OCSD).
 *  - DSB and DMB are never ETE P0 instructions; ETE_INSN_F_DSB_DMB asks
 *    for them (OpenCSD's dsb_dmb waypoints option, for older trace
 *    architectures).
 */
#include "insn_spec.h"

#define BR	ETE_INSN_BR
#define IBR	ETE_INSN_BR_INDIRECT
#define OTHER	ETE_INSN_OTHER
#define LINK	ETE_INSN_S_BR_LINK
#define RET	ETE_INSN_S_RET
#define ERET	ETE_INSN_S_ERET
#define WFX	ETE_INSN_F_WFX_BRANCH
#define DSB	ETE_INSN_F_DSB_DMB

/* the ETE rules each row's class comes from */
#define DIRECT	"; ETE D4.4.1.1 RTWTMK (Table D4-6)"
#define INDIR	"; ETE D4.4.1.2 RLTZGC"
#define XRET	"; ETE D4.4.1.2 RLTZGC, D4.4.1.3 (Table D4-8)"
#define WLINK	"; ETE D4.4.1.4 (branch with link)"
#define COND	", Table D4-10 (N: not taken)"
#define NOTP0	"; not a P0 instruction (ETE D4.4 RGFNRJ, RDJMQM)"

const struct spec_row spec_a64[] = {
	/* A64.control.branch_imm */
	{ "B", "B_only_branch_imm" DIRECT,
	  0xfc000000, 0x14000000, BR, 0, 0, 0, TGT_A64_IMM26, 0, 0 },
	{ "BL", "BL_only_branch_imm" DIRECT WLINK,
	  0xfc000000, 0x94000000, BR, LINK, 0, 1, TGT_A64_IMM26, 0, 0 },
	/* A64.control.compbranch, testbranch */
	{ "CBZ", "CBZ_32_compbranch, CBZ_64_compbranch" DIRECT COND,
	  0x7f000000, 0x34000000, BR, 0, 1, 0, TGT_A64_IMM19, 0, 0 },
	{ "CBNZ", "CBNZ_32_compbranch, CBNZ_64_compbranch" DIRECT COND,
	  0x7f000000, 0x35000000, BR, 0, 1, 0, TGT_A64_IMM19, 0, 0 },
	{ "TBZ", "TBZ_only_testbranch" DIRECT COND,
	  0x7f000000, 0x36000000, BR, 0, 1, 0, TGT_A64_IMM14, 0, 0 },
	{ "TBNZ", "TBNZ_only_testbranch" DIRECT COND,
	  0x7f000000, 0x37000000, BR, 0, 1, 0, TGT_A64_IMM14, 0, 0 },
	/* A64.control.condbranch */
	{ "B.cond", "B_only_condbranch" DIRECT COND,
	  0xff000010, 0x54000000, BR, 0, 1, 0, TGT_A64_IMM19, 0, 0 },
	{ "BC.cond", "BC_only_condbranch (FEAT_HBC)" DIRECT COND,
	  0xff000010, 0x54000010, BR, 0, 1, 0, TGT_A64_IMM19, 0, 0 },
	/* A64.control.miscbranch (FEAT_PAuth_LR); other opc unallocated */
	{ "RETAASPPC", "RETAASPPC_only_miscbranch" XRET,
	  0xffe0001f, 0x5500001f, IBR, RET, 0, 0, 0, 0, 0 },
	{ "RETABSPPC", "RETABSPPC_only_miscbranch" XRET,
	  0xffe0001f, 0x5520001f, IBR, RET, 0, 0, 0, 0, 0 },
	/*
	 * FEAT_CMPBR: A64.control.compbranch_regs, compbranch_regs2,
	 * compbranch_imm.  cc 100 and 101 are Decode_UNDEF in all three
	 * (CBGT_32_regs, CBBGT_8_regs, CBGT_32_imm decode: "otherwise"); a
	 * register form with bits 15:14 01, and CBB/CBH with sf 1, are
	 * unallocated (no row: not waypoints).
	 */
	{ "CB<cc>/CBB<cc>/CBH<cc> cc 10x (UNDEFINED)",
	  "CBcc_regs, CBBcc_regs, CBcc_imm decode" NOTP0,
	  0x7ec00000, 0x74800000, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "CBB<cc>", "CBBGT_8_regs ... CBBNE_8_regs" DIRECT
	  COND ", not in OpenCSD 1.8.0",
	  0xff00c000, 0x74008000,
	  BR, 0, SPEC_COND_NOT_OCSD, 0, TGT_A64_IMM9, 0, 0 },
	{ "CBH<cc>", "CBHGT_16_regs ... CBHNE_16_regs" DIRECT
	  COND ", not in OpenCSD 1.8.0",
	  0xff00c000, 0x7400c000,
	  BR, 0, SPEC_COND_NOT_OCSD, 0, TGT_A64_IMM9, 0, 0 },
	{ "CB<cc> (register)", "CBGT_32_regs ... CBNE_64_regs" DIRECT
	  COND ", not in OpenCSD 1.8.0",
	  0x7f00c000, 0x74000000,
	  BR, 0, SPEC_COND_NOT_OCSD, 0, TGT_A64_IMM9, 0, 0 },
	{ "CB<cc> (immediate)", "CBGT_32_imm ... CBNE_64_imm" DIRECT
	  COND ", not in OpenCSD 1.8.0",
	  0x7f004000, 0x75000000,
	  BR, 0, SPEC_COND_NOT_OCSD, 0, TGT_A64_IMM9, 0, 0 },
	/* A64.control.branch_reg */
	{ "BR", "BR_64_branch_reg" INDIR,
	  0xfffffc1f, 0xd61f0000, IBR, 0, 0, 0, 0, 0, 0 },
	{ "BLR", "BLR_64_branch_reg" INDIR WLINK,
	  0xfffffc1f, 0xd63f0000, IBR, LINK, 0, 1, 0, 0, 0 },
	{ "RET", "RET_64R_branch_reg" XRET,
	  0xfffffc1f, 0xd65f0000, IBR, RET, 0, 0, 0, 0, 0 },
	{ "BRAAZ, BRABZ", "BRAAZ_64_branch_reg, BRABZ_64_branch_reg" INDIR,
	  0xfffff81f, 0xd61f081f, IBR, 0, 0, 0, 0, 0, 0 },
	{ "BLRAAZ, BLRABZ", "BLRAAZ_64_branch_reg, BLRABZ_64_branch_reg"
	  INDIR WLINK,
	  0xfffff81f, 0xd63f081f, IBR, LINK, 0, 1, 0, 0, 0 },
	/* Rm = 11111 is RETAA/RETAB, any other Rm RETA*SPPCR */
	{ "RETAA, RETAB", "RETAA_64E_branch_reg, RETAB_64E_branch_reg" XRET,
	  0xfffffbff, 0xd65f0bff, IBR, RET, 0, 0, 0, 0, 0 },
	{ "RETAASPPCR, RETABSPPCR",
	  "RETAASPPCR_64M_branch_reg, RETABSPPCR_64M_branch_reg (FEAT_PAuth_LR)"
	  XRET,
	  0xfffffbe0, 0xd65f0be0, IBR, RET, 0, 0, 0, 0, 0 },
	{ "ERET", "ERET_64E_branch_reg" INDIR ", Table D4-8",
	  0xffffffff, 0xd69f03e0, IBR, ERET, 0, 0, 0, 0, 0 },
	{ "ERETAA, ERETAB", "ERETAA_64E_branch_reg, ERETAB_64E_branch_reg"
	  INDIR ", Table D4-8",
	  0xfffffbff, 0xd69f0bff, IBR, ERET, 0, 0, 0, 0, 0 },
	{ "DRPS", "DRPS_64E_branch_reg: Debug state only, where trace is "
	  "prohibited" NOTP0,
	  0xffffffff, 0xd6bf03e0, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "BRAA, BRAB", "BRAA_64P_branch_reg, BRAB_64P_branch_reg" INDIR,
	  0xfffff800, 0xd71f0800, IBR, 0, 0, 0, 0, 0, 0 },
	{ "BLRAA, BLRAB", "BLRAA_64P_branch_reg, BLRAB_64P_branch_reg"
	  INDIR WLINK,
	  0xfffff800, 0xd73f0800, IBR, LINK, 0, 1, 0, 0, 0 },
	/* A64.control.barriers */
	{ "ISB", "ISB_BI_barriers" DIRECT ", RKJTCL",
	  0xfffff0ff, 0xd50330df, ETE_INSN_ISB, 0, 0, 0, 0, 0, 0 },
	{ "DSB (incl. SSBB, PSSBB)", "DSB_BO_barriers" NOTP0,
	  0xfffff0ff, 0xd503309f, ETE_INSN_DSB_DMB, 0, 0, 0, 0, DSB, 0 },
	{ "DSB <option>nXS", "DSB_BOn_barriers (FEAT_XS)" NOTP0,
	  0xfffff3ff, 0xd503323f, ETE_INSN_DSB_DMB, 0, 0, 0, 0, DSB, 0 },
	{ "DMB", "DMB_BO_barriers" NOTP0,
	  0xfffff0ff, 0xd50330bf, ETE_INSN_DSB_DMB, 0, 0, 0, 0, DSB, 0 },
	{ "SB", "SB_only_barriers" NOTP0,
	  0xffffffff, 0xd50330ff, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "CLREX", "CLREX_BN_barriers" NOTP0,
	  0xfffff0ff, 0xd503305f, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "TCOMMIT", "TCOMMIT_only_barriers (FEAT_TME): the commit is a "
	  "Commit element, not P0" NOTP0,
	  0xffffffff, 0xd503307f, OTHER, 0, 0, 0, 0, 0, 0 },
	/* A64.control.hints, systeminstrswithreg */
	{ "WFE", "WFE_HI_hints" DIRECT ", when TRCIDR2.WFXMODE",
	  0xffffffff, 0xd503205f, ETE_INSN_WFI_WFE, 0, 0, 0, 0, WFX, 0 },
	{ "WFI", "WFI_HI_hints" DIRECT ", when TRCIDR2.WFXMODE",
	  0xffffffff, 0xd503207f, ETE_INSN_WFI_WFE, 0, 0, 0, 0, WFX, 0 },
	{ "WFET", "WFET_only_systeminstrswithreg (FEAT_WFxT)" DIRECT
	  ", when TRCIDR2.WFXMODE",
	  0xffffffe0, 0xd5031000, ETE_INSN_WFI_WFE, 0, 0, 0, 0, WFX, 0 },
	{ "WFIT", "WFIT_only_systeminstrswithreg (FEAT_WFxT)" DIRECT
	  ", when TRCIDR2.WFXMODE",
	  0xffffffe0, 0xd5031020, ETE_INSN_WFI_WFE, 0, 0, 0, 0, WFX, 0 },
	{ "NOP", "NOP_HI_hints" NOTP0,
	  0xffffffff, 0xd503201f, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "BTI", "BTI_HB_hints" NOTP0,
	  0xffffff3f, 0xd503241f, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "GCSB DSYNC", "GCSB_HD_hints (FEAT_GCS)" NOTP0,
	  0xffffffff, 0xd503227f, OTHER, 0, 0, 0, 0, 0, 0 },
	/* A64.control.systemresult (FEAT_TME) */
	{ "TSTART", "TSTART_BR_systemresult (FEAT_TME)" DIRECT,
	  0xffffffe0, 0xd5233060, ETE_INSN_TSTART, 0, 0, 0, 0, 0, 0 },
	{ "TTEST", "TTEST_BR_systemresult (FEAT_TME)" NOTP0,
	  0xffffffe0, 0xd5233160, OTHER, 0, 0, 0, 0, 0, 0 },
	/*
	 * FEAT_GCS: none of its instructions writes the PC (a failed check
	 * is an exception, Table D4-19).
	 */
	{ "GCSPUSHM, GCSSS1", "GCSPUSHM_SYS_CR_systeminstrs, "
	  "GCSSS1_SYS_CR_systeminstrs (SYS #3, C7, C7, #0/#2)" NOTP0,
	  0xffffffa0, 0xd50b7700, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "GCSPOPM, GCSSS2", "GCSPOPM_SYSL_RC_systeminstrs, "
	  "GCSSS2_SYSL_RC_systeminstrs (SYSL #3, C7, C7, #1/#3)" NOTP0,
	  0xffffffa0, 0xd52b7720, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "GCSPUSHX", "GCSPUSHX_SYS_CR_systeminstrs (SYS #0, C7, C7, #4)"
	  NOTP0,
	  0xffffffff, 0xd508779f, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "GCSPOPCX", "GCSPOPCX_SYS_CR_systeminstrs (SYS #0, C7, C7, #5)"
	  NOTP0,
	  0xffffffff, 0xd50877bf, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "GCSPOPX", "GCSPOPX_SYS_CR_systeminstrs (SYS #0, C7, C7, #6)"
	  NOTP0,
	  0xffffffff, 0xd50877df, OTHER, 0, 0, 0, 0, 0, 0 },
	/* A64.control.exception: the exception is an Exception packet */
	{ "SVC", "SVC_EX_exception" NOTP0,
	  0xffe0001f, 0xd4000001, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "HVC", "HVC_EX_exception" NOTP0,
	  0xffe0001f, 0xd4000002, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "SMC", "SMC_EX_exception" NOTP0,
	  0xffe0001f, 0xd4000003, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "BRK", "BRK_EX_exception" NOTP0,
	  0xffe0001f, 0xd4200000, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "HLT", "HLT_EX_exception" NOTP0,
	  0xffe0001f, 0xd4400000, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "TCANCEL", "TCANCEL_EX_exception (FEAT_TME): a transaction "
	  "failure, not P0" NOTP0,
	  0xffe0001f, 0xd4600000, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "DCPS1..3 (LL 00: unallocated)",
	  "DCPS1_DC_exception .. DCPS3_DC_exception" NOTP0,
	  0xffe0001c, 0xd4a00000, OTHER, 0, 0, 0, 0, 0, 0 },
	{ "UDF", "UDF_only_perm_undef" NOTP0,
	  0xffff0000, 0x00000000, OTHER, 0, 0, 0, 0, 0, 0 },
	/* FEAT_PAuth_LR's authentication of LR without a branch */
	{ "AUTIASPPC, AUTIBSPPC (immediate)",
	  "AUTIASPPC_only_dp_1src_imm, AUTIBSPPC_only_dp_1src_imm" NOTP0,
	  0xffc0001f, 0xf380001f, OTHER, 0, 0, 0, 0, 0, 0 },
};
const size_t spec_a64_n = sizeof(spec_a64) / sizeof(spec_a64[0]);
