// SPDX-License-Identifier: GPL-2.0
/*
 * A64 instruction classification for trace decode.
 *
 * Only the "branches, exception generating and system instructions"
 * encoding group (op0 = x101 in bits 28:26) and FEAT_CMPBR's
 * compare-and-branch (also in that group) can be waypoints, so one
 * 256-entry table on the top byte sends the seven in eight other
 * instructions straight to OTHER and the rest to a short check.
 */
#include <ete/a64.h>

enum a64_group {
	G_OTHER = 0,
	G_B_IMM,	/* B, BL */
	G_CB_TB,	/* CBZ, CBNZ, TBZ, TBNZ */
	G_B_COND,	/* B.cond, BC.cond */
	G_RET_PPC,	/* RETAASPPC, RETABSPPC (FEAT_PAuth_LR) */
	G_CMPBR,	/* CB<cc>, CBB<cc>, CBH<cc> (FEAT_CMPBR) */
	G_SYSTEM,	/* barriers, hints, TSTART */
	G_BR_REG,	/* BR, BLR, RET, ERET and PAuth forms */
};

#define R4(g)	g, g, g, g
static const uint8_t a64_group[256] = {
	[0x14] = R4(G_B_IMM), [0x94] = R4(G_B_IMM),
	[0x34] = R4(G_CB_TB), [0xb4] = R4(G_CB_TB),
	[0x54] = G_B_COND,
	[0x55] = G_RET_PPC,
	[0x74] = G_CMPBR, G_CMPBR, [0xf4] = G_CMPBR, G_CMPBR,
	[0xd5] = G_SYSTEM,
	[0xd6] = G_BR_REG, G_BR_REG,
};

/* sign-extend the @bits-bit field at @lsb of @op, times 4 */
static inline int64_t a64_off(uint32_t op, unsigned int lsb, unsigned int bits)
{
	int64_t v = (int64_t)((op >> lsb) & ((1u << bits) - 1));

	if (v & (1ll << (bits - 1)))
		v -= 1ll << bits;
	return v * 4;
}

/*
 * FEAT_CMPBR (top byte x111010x): the register form's bits 15:14 are 00
 * CB<cc>, 10 CBB<cc>, 11 CBH<cc> (byte and halfword forms have sf = 0),
 * the immediate form's bit 14 is 0, and cc 100 and 101 are UNDEFINED in
 * every form.
 */
static inline int cmpbr_allocated(uint32_t op)
{
	if ((op & 0x00c00000) == 0x00800000)
		return 0;
	if (op & 0x01000000)
		return !(op & 0x4000);
	switch (op & 0xc000) {
	case 0x0000:
		return 1;
	case 0x4000:
		return 0;
	default:
		return !(op & 0x80000000);
	}
}

static unsigned int br_reg(uint32_t op, struct ete_insn *o)
{
	o->cls = ETE_INSN_BR_INDIRECT;
	if ((op & 0xffdffc1f) == 0xd61f0000) {		/* BR, BLR */
		o->link = !!(op & 0x00200000);
	} else if ((op & 0xfffffc1f) == 0xd65f0000 ||	/* RET */
		   (op & 0xfffffbe0) == 0xd65f0be0) {
		/*
		 * RETAASPPCR/RETABSPPCR Xm: Rn is 11111 and Rm the second
		 * modifier; Rm = 11111 is RETAA/RETAB.
		 */
		o->sub = ETE_INSN_S_RET;
	} else if (op == 0xd69f03e0 ||			/* ERET */
		   (op & 0xfffffbff) == 0xd69f0bff) {	/* ERETAA, ERETAB */
		o->sub = ETE_INSN_S_ERET;
	} else if ((op & 0xfedff800) == 0xd61f0800 &&	/* BRAA.., BLRAA.. */
		   ((op & 0x01000000) || (op & 0x1f) == 0x1f)) {
		/* Z = 1: register modifier; Z = 0: Rm must be 11111 (..Z) */
		o->link = !!(op & 0x00200000);
	} else {
		o->cls = ETE_INSN_OTHER;
	}
	if (o->link)
		o->sub = ETE_INSN_S_BR_LINK;
	return o->cls;
}

static unsigned int system(uint32_t op, unsigned int flags, struct ete_insn *o)
{
	if ((op & 0xfffff09f) == 0xd503309f) {		/* DSB, DMB, ISB, SB */
		switch (op & 0x60) {
		case 0x40:
			o->cls = ETE_INSN_ISB;
			break;
		case 0x00:
		case 0x20:
			if (flags & ETE_INSN_F_DSB_DMB)
				o->cls = ETE_INSN_DSB_DMB;
			break;
		}
	} else if ((op & 0xfffff3ff) == 0xd503323f) {	/* DSB <option>nXS */
		if (flags & ETE_INSN_F_DSB_DMB)
			o->cls = ETE_INSN_DSB_DMB;
	} else if ((flags & ETE_INSN_F_WFX_BRANCH) &&
		   ((op & 0xffffffdf) == 0xd503205f ||	/* WFE, WFI */
		    (op & 0xffffffc0) == 0xd5031000)) {	/* WFET, WFIT */
		o->cls = ETE_INSN_WFI_WFE;
	} else if ((op & 0xffffffe0) == 0xd5233060) {	/* TSTART */
		o->cls = ETE_INSN_TSTART;
	}
	return o->cls;
}

unsigned int ete_a64_classify(uint32_t op, uint64_t addr, unsigned int flags,
			      struct ete_insn *o)
{
	o->cls = ETE_INSN_OTHER;
	o->sub = ETE_INSN_S_NONE;
	o->cond = 0;
	o->link = 0;
	o->size = 4;
	o->next_isa = ETE_ISA_A64;
	o->target = 0;

	switch (a64_group[op >> 24]) {
	case G_OTHER:
		return ETE_INSN_OTHER;
	case G_B_IMM:
		o->cls = ETE_INSN_BR;
		o->target = addr + (uint64_t)a64_off(op, 0, 26);
		if (op & 0x80000000) {
			o->link = 1;
			o->sub = ETE_INSN_S_BR_LINK;
		}
		return o->cls;
	case G_CB_TB:
		o->cls = ETE_INSN_BR;
		o->cond = 1;
		if (op & 0x02000000)			/* TBZ, TBNZ: imm14 */
			o->target = addr + (uint64_t)a64_off(op, 5, 14);
		else					/* CBZ, CBNZ: imm19 */
			o->target = addr + (uint64_t)a64_off(op, 5, 19);
		return o->cls;
	case G_B_COND:
		o->cls = ETE_INSN_BR;
		o->cond = 1;
		o->target = addr + (uint64_t)a64_off(op, 5, 19);
		return o->cls;
	case G_RET_PPC:
		if ((op & 0xffc0001f) == 0x5500001f) {	/* RETA{A,B}SPPC */
			o->cls = ETE_INSN_BR_INDIRECT;
			o->sub = ETE_INSN_S_RET;
		}
		return o->cls;
	case G_CMPBR:
		if (cmpbr_allocated(op)) {
			/*
			 * Conditional (an N atom is "not taken", ETE Table
			 * D4-10); OpenCSD 1.8.0 does not flag them so and its
			 * listings print no <cond>, which the flag asks for.
			 */
			o->cls = ETE_INSN_BR;
			o->cond = !(flags & ETE_INSN_F_CMPBR_UNCOND);
			o->target = addr + (uint64_t)a64_off(op, 5, 9);
		}
		return o->cls;
	case G_SYSTEM:
		return system(op, flags, o);
	case G_BR_REG:
		return br_reg(op, o);
	}
	return o->cls;
}

static const char *const class_names[ETE_INSN_CLASS_COUNT] = {
	"--- ", "BR  ", "iBR ", "ISB ", "DSB.DMB", "WFI.WFE", "TSTART",
};

static const char *const sub_names[ETE_INSN_SUB_COUNT] = {
	"--- ", "b+link ", "A64:ret ", "A64:eret ", "V7:impl ret",
};

static const char *const isa_names[] = {
	"A32", "T32", "A64", "TEE", "J", "Custom", "Unknown",
};

const char *ete_insn_class_name(unsigned int cls)
{
	return cls < ETE_INSN_CLASS_COUNT ? class_names[cls] : "?";
}

const char *ete_insn_sub_name(unsigned int sub)
{
	return sub < ETE_INSN_SUB_COUNT ? sub_names[sub] : "?";
}

const char *ete_isa_name(unsigned int isa)
{
	return isa < sizeof(isa_names) / sizeof(isa_names[0]) ?
		isa_names[isa] : "Unknown";
}
