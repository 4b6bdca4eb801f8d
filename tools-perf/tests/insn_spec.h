/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What trace decode must make of each instruction, written from the
 * architecture and not from the classifier: one row per encoding (fixed
 * bits @mask, their values @val), with where its bit pattern and its
 * ETE classification come from.
 *
 * Sources, cited in each row's @src:
 *  - A64 bit patterns: the A64 ISA XML (2024-12 and 2025-03 releases),
 *    by encoding id (B_only_branch_imm, RETAASPPCR_64M_branch_reg, ...)
 *    and decode group (A64.control.branch_reg, ...).
 *  - A32/T32 bit patterns: the Arm ARM's AArch32 instruction pages, by
 *    instruction and encoding (B T3, LDR (immediate) T4, ...).  Should-be
 *    bits ((0), (1)) are left free: the classifier reads a CONSTRAINED
 *    UNPREDICTABLE encoding as the instruction it resembles.
 *  - Classes: ETE "Instruction and exception classification" (D4.4):
 *    P0 instructions RGFNRJ/RDJMQM, A64 tables D4-6 (direct, RTWTMK),
 *    indirect (RLTZGC), D4-8 (return from exception), D4.4.1.4 (branch
 *    with link), D4-10 (Atom meanings: which are conditional); A32 D4-11
 *    to D4-14, T32 D4-15 to D4-18.
 *
 * Where libete follows OpenCSD 1.8.0's listings instead of the letter of
 * the architecture, the row says so (its ISA's notes in the table file).
 *
 * Rows are in priority order: an encoding takes the first row it
 * matches (the more specific encoding first, as the ISA's decode does),
 * and one that matches none is not a waypoint (ETE_INSN_OTHER).
 */
#ifndef _TESTS_INSN_SPEC_H
#define _TESTS_INSN_SPEC_H

#include <stddef.h>
#include <stdint.h>
#include <ete/a64.h>

/* class of a row whose encodings the architecture leaves UNPREDICTABLE */
#define SPEC_ANY	0xff

/*
 * @cond of a row that is conditional in the architecture but not in
 * OpenCSD 1.8.0's classification, which ETE_INSN_F_CMPBR_UNCOND asks for
 */
#define SPEC_COND_NOT_OCSD	2

/* how a direct branch's target follows from its encoding */
enum spec_tgt {
	TGT_NONE = 0,
	TGT_A64_IMM26,		/* B, BL: imm26 */
	TGT_A64_IMM19,		/* B.cond, BC.cond, CBZ, CBNZ: imm19 at 5 */
	TGT_A64_IMM14,		/* TBZ, TBNZ: imm14 at 5 */
	TGT_A64_IMM9,		/* CB<cc>, CBB<cc>, CBH<cc>: imm9 at 5 */
	TGT_A32_IMM24,		/* B, BL: PC + imm24:'00' */
	TGT_A32_BLX,		/* BLX (immediate): PC + imm24:H:'0' */
	TGT_T16_IMM8,		/* B T1 */
	TGT_T16_IMM11,		/* B T2 */
	TGT_T16_CBZ,		/* CBZ, CBNZ: i:imm5:'0', forward only */
	TGT_T32_B_T3,		/* B T3: S:J2:J1:imm6:imm11:'0' */
	TGT_T32_B_T4,		/* B T4, BL: S:I1:I2:imm10:imm11:'0' */
	TGT_T32_BLX,		/* BLX T2: Align(PC, 4) + S:I1:I2:imm10H:imm10L:'00' */
};

struct spec_row {
	const char *insn;
	const char *src;
	uint32_t mask, val;
	uint8_t cls;		/* enum ete_insn_class, or SPEC_ANY */
	uint8_t sub;		/* enum ete_insn_sub */
	uint8_t cond;		/* 0, 1 or SPEC_COND_NOT_OCSD */
	uint8_t link;
	uint8_t tgt;		/* enum spec_tgt */
	uint8_t need;		/* ETE_INSN_F_* without which it is OTHER */
	uint8_t xisa;		/* a taken branch switches A32 <-> T32 */
};

/*
 * T32 rows draw an instruction as the Arm ARM does: the first halfword
 * in bits 31:16; a 16-bit instruction's row leaves bits 15:0 free.
 */
extern const struct spec_row spec_a64[], spec_a32[], spec_t32[];
extern const size_t spec_a64_n, spec_a32_n, spec_t32_n;

#endif
