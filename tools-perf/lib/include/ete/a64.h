/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libete instruction classification: what a trace decoder needs to know
 * about one instruction (is it a P0 "waypoint", where does it go, is it a
 * call or a return) for A64 and, for AArch32 images, A32 and T32.
 *
 * The classes are those of OpenCSD's instruction decoder, so that element
 * listings print the same "last instruction" text:
 *
 *   class            printed   instructions
 *   OTHER            "---"     everything else
 *   BR               "BR"      B, BL, B.cond, BC.cond, CBZ/CBNZ, TBZ/TBNZ,
 *                              CB<cc>/CBB<cc>/CBH<cc> (FEAT_CMPBR)
 *   BR_INDIRECT      "iBR"     BR, BLR, RET, ERET and their PAuth forms
 *                              (BRAA.., BLRAA.., RETAA/RETAB, ERETAA/ERETAB,
 *                              RETAASPPC/RETABSPPC[R] of FEAT_PAuth_LR)
 *   ISB              "ISB"     ISB (AArch32: also CP15ISB)
 *   DSB_DMB          "DSB.DMB" DSB (also DSB nXS), DMB, AArch32 CP15DSB
 *                              and CP15DMB (only with dsb_dmb waypoints:
 *                              never ETE P0 instructions)
 *   WFI_WFE          "WFI.WFE" WFI, WFE, WFIT, WFET (when the trace unit
 *                              traces them as branches, TRCIDR2.WFXMODE)
 *   TSTART           "TSTART"  TSTART (FEAT_TME)
 *
 * SVC, HVC and SMC are not waypoints: the exception they cause is traced
 * with an Exception packet, and the instruction itself is "---".  So are
 * unallocated and UNDEFINED encodings next to the branches.  The table
 * these classes are tested against, with the architecture's sources, is
 * tools-perf/tests/insn_spec_a64.c and insn_spec_aarch32.c.
 */
#ifndef _ETE_A64_H
#define _ETE_A64_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Instruction sets, numbered as OpenCSD's ocsd_isa. */
enum ete_isa {
	ETE_ISA_A32 = 0,
	ETE_ISA_T32 = 1,
	ETE_ISA_A64 = 2,
	ETE_ISA_TEE = 3,
	ETE_ISA_JAZELLE = 4,
	ETE_ISA_CUSTOM = 5,
	ETE_ISA_UNKNOWN = 6,
};

enum ete_insn_class {
	ETE_INSN_OTHER = 0,
	ETE_INSN_BR,
	ETE_INSN_BR_INDIRECT,
	ETE_INSN_ISB,
	ETE_INSN_DSB_DMB,
	ETE_INSN_WFI_WFE,
	ETE_INSN_TSTART,
	ETE_INSN_CLASS_COUNT
};

enum ete_insn_sub {
	ETE_INSN_S_NONE = 0,
	ETE_INSN_S_BR_LINK,	/* branch with link: a call */
	ETE_INSN_S_RET,		/* A64 RET family */
	ETE_INSN_S_ERET,	/* A64 ERET family */
	ETE_INSN_S_V7_IMPL_RET,	/* AArch32 BX LR, POP {pc}, ... */
	ETE_INSN_SUB_COUNT
};

/**
 * struct ete_insn - classification of one instruction
 * @target: branch target (class %ETE_INSN_BR only)
 * @cls: &enum ete_insn_class
 * @sub: &enum ete_insn_sub
 * @cond: conditional (may be not taken)
 * @link: writes a return address (BL, BLR, ...)
 * @size: bytes (4, or 2 for narrow T32)
 * @next_isa: instruction set after a taken direct branch (BLX switches)
 */
struct ete_insn {
	uint64_t target;
	uint8_t cls;
	uint8_t sub;
	uint8_t cond;
	uint8_t link;
	uint8_t size;
	uint8_t next_isa;
};

/* Decode options (bit flags for the @flags arguments). */
#define ETE_INSN_F_WFX_BRANCH	0x1u	/* WFI/WFE are waypoints */
#define ETE_INSN_F_DSB_DMB	0x2u	/* DSB/DMB are waypoints */
#define ETE_INSN_F_CMPBR_UNCOND	0x4u	/* CB<cc>, CBB<cc>, CBH<cc> not
					 * conditional, as OpenCSD 1.8.0
					 * classifies them */

/**
 * ete_a64_classify() - classify an A64 instruction
 * @op: the instruction word
 * @addr: its address (for direct branch targets)
 * @flags: ETE_INSN_F_* options
 * @out: filled in
 *
 * Return: the class, as in @out->cls.
 */
unsigned int ete_a64_classify(uint32_t op, uint64_t addr, unsigned int flags,
			      struct ete_insn *out);

/**
 * ete_a32_classify() - classify an A32 instruction
 * @op: the instruction word
 * @addr: its address (direct branch targets are relative to @addr + 8)
 * @flags: ETE_INSN_F_* options
 * @out: filled in; @out->next_isa is T32 after BLX
 *
 * Return: the class, as in @out->cls.
 */
unsigned int ete_a32_classify(uint32_t op, uint64_t addr, unsigned int flags,
			      struct ete_insn *out);

/**
 * ete_t32_classify() - classify a T32 instruction
 * @hw: the first halfword in bits 15:0 and, for a 32-bit instruction, the
 *	second halfword in bits 31:16 (memory order, little-endian load)
 * @addr: its address (direct branch targets are relative to @addr + 4)
 * @flags: ETE_INSN_F_* options
 * @out: filled in; @out->size says whether the instruction is 2 or 4
 *	bytes, @out->next_isa is A32 after BLX
 *
 * Return: the class, as in @out->cls.
 */
unsigned int ete_t32_classify(uint32_t hw, uint64_t addr, unsigned int flags,
			      struct ete_insn *out);

/**
 * ete_a64_is_exc_gen() - is @op SVC, HVC or SMC?
 * @op: an A64 instruction word
 *
 * These are not waypoints (the exception they cause is traced with an
 * Exception packet whose preferred return address is the next
 * instruction), so ete_a64_classify() calls them OTHER; a trace
 * generator still has to know where they are.  Arm ARM "Exception
 * generation": bits 31:24 0xd4, opc (23:21) 000, op2 (4:2) 000,
 * LL (1:0) 01 SVC, 10 HVC, 11 SMC.
 *
 * Return: non-zero for SVC, HVC and SMC, 0 for anything else.
 */
static inline int ete_a64_is_exc_gen(uint32_t op)
{
	return (op & 0xffe0001cu) == 0xd4000000u && (op & 3u) != 0;
}

/**
 * ete_t32_is_wide() - does a T32 halfword start a 32-bit instruction?
 * @hw: the first halfword of the instruction
 *
 * Return: non-zero if @hw and the halfword after it form one instruction.
 */
static inline int ete_t32_is_wide(uint16_t hw)
{
	return (hw & 0xf800) >= 0xe800;
}

/**
 * ete_insn_class_name() - OpenCSD's name of an instruction class
 * @cls: &enum ete_insn_class
 *
 * Return: a static string as element listings print it, such as "BR  ";
 *	"?" if out of range.
 */
const char *ete_insn_class_name(unsigned int cls);

/**
 * ete_insn_sub_name() - OpenCSD's name of an instruction subtype
 * @sub: &enum ete_insn_sub
 *
 * Return: a static string as element listings print it, such as
 *	"b+link "; "?" if out of range.
 */
const char *ete_insn_sub_name(unsigned int sub);

/**
 * ete_isa_name() - OpenCSD's name of an instruction set
 * @isa: &enum ete_isa
 *
 * Return: a static string such as "A64"; "Unknown" if out of range.
 */
const char *ete_isa_name(unsigned int isa);

#ifdef __cplusplus
}
#endif

#endif /* _ETE_A64_H */
