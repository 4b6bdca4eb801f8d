// SPDX-License-Identifier: GPL-2.0
/*
 * BRBE for the `pmuv3` PMU: perf_event_attr.branch_sample_type ->
 * BRBCR_ELx / BRBFCR_EL1, and BRBE records -> perf_branch_entry.
 *
 * Errors, as documented in Documentation/pmuv3.rst:
 *   -EOPNOTSUPP  no usable BRBE (absent, or under a hypervisor that would
 *                trap it); a branch_sample_type bit BRBE cannot do
 *                (abort_tx, in_tx, no_tx: no transactional filtering;
 *                call_stack: no call-stack mode); only `hv` on a kernel
 *                at EL1, where BRBCR_EL1 cannot record EL2
 *   -EINVAL      no branch type to record (only flag bits such as
 *                no_cycles, save_type)
 * A bit perf does not define never gets here: the perf core refuses it
 * (-EINVAL) first; it is refused again (-EOPNOTSUPP) for a kernel that
 * defines more than this file knows.
 */
#ifdef __KERNEL__
#include <linux/bitfield.h>
#include <linux/build_bug.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#endif

#include "brbe_map.h"

bool brbe_caps_from_idr(struct brbe_caps *caps, u64 brbidr0)
{
	caps->numrec = FIELD_GET(BRBIDR0_EL1_NUMREC, brbidr0);
	caps->format = FIELD_GET(BRBIDR0_EL1_FORMAT, brbidr0);
	caps->cc = FIELD_GET(BRBIDR0_EL1_CC, brbidr0);
	/*
	 * Only FORMAT 0 records and the 20-bit cycle counter are defined;
	 * NUMREC is 8, 16, 32 or 64.
	 */
	return caps->format == 0 && caps->cc == BRBIDR0_CC_20_BIT &&
	       (caps->numrec == 8 || caps->numrec == 16 ||
		caps->numrec == 32 || caps->numrec == 64);
}

bool brbe_usable(bool present, bool kernel_at_el2, bool has_el2)
{
	return present && (kernel_at_el2 || !has_el2);
}

/* May the event see branches at EL0, and at the kernel's EL? */
static bool brbe_want_user(u64 bt)
{
	return bt & PERF_SAMPLE_BRANCH_USER;
}

static bool brbe_want_kernel(u64 bt, bool kernel_at_el2)
{
	/* Under VHE the kernel is the hypervisor: hv means the kernel too. */
	return (bt & PERF_SAMPLE_BRANCH_KERNEL) ||
	       (kernel_at_el2 && (bt & PERF_SAMPLE_BRANCH_HV));
}

/* The BRBFCR_EL1 type filters (EnI 0: record only these). */
static u64 brbe_brbfcr(u64 bt)
{
	u64 f = 0;

	if (bt & PERF_SAMPLE_BRANCH_ANY)
		return BRBFCR_EL1_BRANCH_FILTERS;
	if (bt & PERF_SAMPLE_BRANCH_ANY_CALL)
		f |= BRBFCR_EL1_DIRCALL | BRBFCR_EL1_INDCALL;
	if (bt & PERF_SAMPLE_BRANCH_ANY_RETURN)
		f |= BRBFCR_EL1_RTN;
	if (bt & PERF_SAMPLE_BRANCH_IND_CALL)
		f |= BRBFCR_EL1_INDCALL;
	if (bt & PERF_SAMPLE_BRANCH_CALL)
		f |= BRBFCR_EL1_DIRCALL;
	if (bt & PERF_SAMPLE_BRANCH_COND)
		f |= BRBFCR_EL1_CONDDIR;
	if (bt & PERF_SAMPLE_BRANCH_IND_JUMP)
		f |= BRBFCR_EL1_INDIRECT;
	return f;
}

int brbe_config_from_attr(const struct brbe_caps *caps, u64 bt,
			  struct brbe_config *out)
{
	bool user = brbe_want_user(bt);
	bool kernel = brbe_want_kernel(bt, caps->kernel_at_el2);
	u64 cr = BRBCR_ELX_FZP;

	if (!caps->usable)
		return -EOPNOTSUPP;
	if (bt & ~(u64)BRBE_SAMPLE_SUPPORTED)
		return -EOPNOTSUPP;
	/* hv alone at EL1: BRBCR_EL1 records EL0 and EL1, never EL2. */
	if (!user && !kernel)
		return -EOPNOTSUPP;

	out->brbfcr = brbe_brbfcr(bt);
	if (!out->brbfcr)
		return -EINVAL;

	/* E1BRE is E2BRE, E0BRE is E0HBRE in BRBCR_EL2 (VHE). */
	if (user)
		cr |= BRBCR_ELX_E0BRE;
	if (kernel)
		cr |= BRBCR_ELX_E1BRE;
	if (!(bt & PERF_SAMPLE_BRANCH_NO_CYCLES))
		cr |= BRBCR_ELX_CC;
	if (!(bt & PERF_SAMPLE_BRANCH_NO_FLAGS))
		cr |= BRBCR_ELX_MPRED;
	/*
	 * Exceptions and exception returns only for events that may see the
	 * kernel, as upstream: their records are about kernel entry points.
	 */
	if (kernel) {
		if (bt & (PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_ANY_CALL))
			cr |= BRBCR_ELX_EXCEPTION;
		if (bt & (PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_ANY_RETURN))
			cr |= BRBCR_ELX_ERTN;
	}
	out->brbcr = cr;
	return 0;
}

u64 brbinf_get_cycles(u64 brbinf)
{
	u64 m = FIELD_GET(BRBINF_EL1_CC_MANT, brbinf);
	u64 e = FIELD_GET(BRBINF_EL1_CC_EXP, brbinf);

	if (brbinf & BRBINF_EL1_CCU)
		return 0;
	/* All ones: the count did not fit the 20-bit counter. */
	if ((brbinf & BRBINF_EL1_CC) == BRBINF_EL1_CC)
		return U64_MAX;
	if (!e)
		return m;
	if (e > 64 - 9)
		return U64_MAX;
	return (0x100 | m) << (e - 1);
}

/*
 * BRBINF.TYPE -> { perf type, new_type }.  Types absent here are
 * reserved: PERF_BR_UNKNOWN.  A trap has no perf type of its own; as
 * upstream, it is an asynchronous-looking entry, PERF_BR_IRQ.
 */
#define BRBE_TYPES	(BRBINF_TYPE_DEBUG_EXIT + 1)
#define EXT(n)		{ PERF_BR_EXTEND_ABI, (n) }

static const u8 brbe_type_map[BRBE_TYPES][2] = {
	[BRBINF_TYPE_DIRECT_UNCOND]	= { PERF_BR_UNCOND, 0 },
	[BRBINF_TYPE_INDIRECT]		= { PERF_BR_IND, 0 },
	[BRBINF_TYPE_DIRECT_LINK]	= { PERF_BR_CALL, 0 },
	[BRBINF_TYPE_INDIRECT_LINK]	= { PERF_BR_IND_CALL, 0 },
	[BRBINF_TYPE_RET]		= { PERF_BR_RET, 0 },
	[BRBINF_TYPE_ERET]		= { PERF_BR_ERET, 0 },
	[BRBINF_TYPE_DIRECT_COND]	= { PERF_BR_COND, 0 },
	[BRBINF_TYPE_DEBUG_HALT]	= EXT(PERF_BR_ARM64_DEBUG_HALT),
	[BRBINF_TYPE_CALL]		= { PERF_BR_SYSCALL, 0 },
	[BRBINF_TYPE_TRAP]		= { PERF_BR_IRQ, 0 },
	[BRBINF_TYPE_SERROR]		= { PERF_BR_SERROR, 0 },
	[BRBINF_TYPE_INSN_DEBUG]	= EXT(PERF_BR_ARM64_DEBUG_INST),
	[BRBINF_TYPE_DATA_DEBUG]	= EXT(PERF_BR_ARM64_DEBUG_DATA),
	[BRBINF_TYPE_ALIGN_FAULT]	= EXT(PERF_BR_NEW_FAULT_ALGN),
	[BRBINF_TYPE_INSN_FAULT]	= EXT(PERF_BR_NEW_FAULT_INST),
	[BRBINF_TYPE_DATA_FAULT]	= EXT(PERF_BR_NEW_FAULT_DATA),
	[BRBINF_TYPE_IRQ]		= { PERF_BR_IRQ, 0 },
	[BRBINF_TYPE_FIQ]		= EXT(PERF_BR_ARM64_FIQ),
	[BRBINF_TYPE_DEBUG_EXIT]	= EXT(PERF_BR_ARM64_DEBUG_EXIT),
};

int brbe_perf_type(unsigned int type, unsigned int *new_type)
{
	/* The table holds perf's 4-bit type and new_type fields. */
	BUILD_BUG_ON(PERF_BR_MAX > 16 || PERF_BR_NEW_MAX > 16);
	/* Every type the 6-bit BRBINF.TYPE can hold is a table index. */
	BUILD_BUG_ON(BRBE_TYPES - 1 >
		     (BRBINF_EL1_TYPE >> __builtin_ctzll(BRBINF_EL1_TYPE)));
	*new_type = 0;
	if (type >= BRBE_TYPES)
		return PERF_BR_UNKNOWN;
	*new_type = brbe_type_map[type][1];
	return brbe_type_map[type][0];
}

/*
 * Which perf types an event asked for.  Exceptions are calls, exception
 * returns are returns (BRBCR EXCEPTION and ERTN); only `any` takes
 * records of reserved types.
 */
static bool brbe_type_wanted(u64 bt, int type)
{
	if (bt & PERF_SAMPLE_BRANCH_ANY)
		return true;
	switch (type) {
	case PERF_BR_CALL:
		return bt & (PERF_SAMPLE_BRANCH_ANY_CALL |
			     PERF_SAMPLE_BRANCH_CALL);
	case PERF_BR_IND_CALL:
		return bt & (PERF_SAMPLE_BRANCH_ANY_CALL |
			     PERF_SAMPLE_BRANCH_IND_CALL);
	case PERF_BR_SYSCALL:
	case PERF_BR_IRQ:
	case PERF_BR_SERROR:
	case PERF_BR_EXTEND_ABI:
		return bt & PERF_SAMPLE_BRANCH_ANY_CALL;
	case PERF_BR_RET:
	case PERF_BR_ERET:
		return bt & PERF_SAMPLE_BRANCH_ANY_RETURN;
	case PERF_BR_COND:
		return bt & PERF_SAMPLE_BRANCH_COND;
	case PERF_BR_IND:
		return bt & PERF_SAMPLE_BRANCH_IND_JUMP;
	default:
		/* UNCOND (B) only with `any`; reserved types likewise. */
		return false;
	}
}

/* Kernel addresses are in the TTBR1 half: VA bit 55 set. */
static bool brbe_is_kernel_addr(u64 va)
{
	return va & BIT_ULL(55);
}

static unsigned int brbe_priv(u64 brbinf, bool kernel_at_el2)
{
	switch (brbinf_get_el(brbinf)) {
	case 0:
		return PERF_BR_PRIV_USER;
	case 1:
		return PERF_BR_PRIV_KERNEL;
	case 2:
		return kernel_at_el2 ? PERF_BR_PRIV_KERNEL : PERF_BR_PRIV_HV;
	default:
		return PERF_BR_PRIV_UNKNOWN;
	}
}

bool brbe_record_to_entry(u64 bt, bool kernel_at_el2, u64 brbinf, u64 src,
			  u64 tgt, struct perf_branch_entry *e)
{
	unsigned int valid = brbinf_get_valid(brbinf), new_type;
	bool may_user = brbe_want_user(bt);
	bool may_kernel = brbe_want_kernel(bt, kernel_at_el2);
	int type;

	if (valid == BRBINF_VALID_NONE)
		return false;
	type = brbe_perf_type(brbinf_get_type(brbinf), &new_type);
	if (!brbe_type_wanted(bt, type))
		return false;

	*e = (struct perf_branch_entry) { 0 };
	if (valid & BRBINF_VALID_SOURCE)
		e->from = src;
	if (valid & BRBINF_VALID_TARGET)
		e->to = tgt;
	/*
	 * Records of another event's privilege (events sharing a CPU merge
	 * their BRBE configuration): hide the addresses this event may not
	 * see; nothing left, no record.
	 */
	if (e->from && !(brbe_is_kernel_addr(e->from) ? may_kernel : may_user))
		e->from = 0;
	if (e->to && !(brbe_is_kernel_addr(e->to) ? may_kernel : may_user))
		e->to = 0;
	if (!e->from && !e->to)
		return false;

	e->type = type;
	e->new_type = new_type;
	/* BRBINF.EL is the target's EL: RES0 in a source-only record. */
	if (valid & BRBINF_VALID_TARGET)
		e->priv = brbe_priv(brbinf, kernel_at_el2);
	/* BRBE records only committed branches: spec stays NA (0). */
	if (!(bt & PERF_SAMPLE_BRANCH_NO_CYCLES))
		e->cycles = brbe_cycles_clamp(brbinf_get_cycles(brbinf));
	if (!(bt & PERF_SAMPLE_BRANCH_NO_FLAGS)) {
		e->abort = brbinf_get_lastfailed(brbinf);
		/* MPRED and T describe the source: not in target-only records. */
		if (valid & BRBINF_VALID_SOURCE) {
			e->in_tx = brbinf_get_in_tx(brbinf);
			e->mispred = brbinf_get_mispredict(brbinf);
			e->predicted = !e->mispred;
		}
	}
	return true;
}
