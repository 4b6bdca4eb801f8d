/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BRBE for the `pmuv3` PMU, the pure half: perf's branch_sample_type to
 * BRBCR_ELx/BRBFCR_EL1, BRBINF<n>_EL1 decoding into perf_branch_entry, and
 * the per-event software filter.  No register access here, so all of it is
 * unit-tested on the host (selftests/pmu/host/brbe_map_test.c).
 */
#ifndef ARMTRACE_BRBE_MAP_H
#define ARMTRACE_BRBE_MAP_H

#ifdef __KERNEL__
#include <linux/bitfield.h>
#include <linux/perf_event.h>
#include <linux/types.h>
#else
#include "host_shim.h"
#endif

#include <armtrace/brbe_regs.h>

/* What the CPU's BRBE is, probed once (ID_AA64DFR0_EL1.BRBE, BRBIDR0_EL1). */
struct brbe_caps {
	bool present;		/* ID_AA64DFR0_EL1.BRBE >= 1 */
	bool usable;		/* present, and no hypervisor that traps it */
	bool kernel_at_el2;	/* VHE: BRBCR_EL1 is BRBCR_EL2, E1BRE is E2BRE */
	unsigned int numrec;	/* BRBIDR0_EL1.NUMREC: 8, 16, 32 or 64 */
	unsigned int cc;	/* BRBIDR0_EL1.CC: 0x5, a 20-bit counter */
	unsigned int format;	/* BRBIDR0_EL1.FORMAT: 0 */
};

/* The registers one event asks for. */
struct brbe_config {
	u64 brbcr;		/* BRBCR_EL1, or BRBCR_EL2 under VHE */
	u64 brbfcr;		/* BRBFCR_EL1 */
};

/* The branch_sample_type bits BRBE implements; the others are refused. */
#define BRBE_SAMPLE_SUPPORTED						\
	(PERF_SAMPLE_BRANCH_USER | PERF_SAMPLE_BRANCH_KERNEL |		\
	 PERF_SAMPLE_BRANCH_HV | PERF_SAMPLE_BRANCH_ANY |		\
	 PERF_SAMPLE_BRANCH_ANY_CALL | PERF_SAMPLE_BRANCH_ANY_RETURN |	\
	 PERF_SAMPLE_BRANCH_IND_CALL | PERF_SAMPLE_BRANCH_IND_JUMP |	\
	 PERF_SAMPLE_BRANCH_CALL | PERF_SAMPLE_BRANCH_COND |		\
	 PERF_SAMPLE_BRANCH_NO_FLAGS | PERF_SAMPLE_BRANCH_NO_CYCLES |	\
	 PERF_SAMPLE_BRANCH_TYPE_SAVE | PERF_SAMPLE_BRANCH_HW_INDEX |	\
	 PERF_SAMPLE_BRANCH_PRIV_SAVE)

/* BRBIDR0_EL1 -> caps (numrec, cc, format); false when not usable. */
bool brbe_caps_from_idr(struct brbe_caps *caps, u64 brbidr0);

/*
 * May BRBE be touched at all?  Linux 6.1's EL2 setup leaves BRBE's
 * fine-grained traps armed and its nVHE KVM BUG()s on an unexpected host
 * trap, so BRBE is used only by a kernel at EL2 (VHE) or on a CPU without
 * EL2 (the kernel booted at EL1 with no hypervisor of its own).  A module
 * cannot read __boot_cpu_mode (is_hyp_mode_available() is not usable), so
 * a kernel at EL1 on a CPU with EL2 counts as nVHE: refused.
 */
bool brbe_usable(bool present, bool kernel_at_el2, bool has_el2);

int brbe_config_from_attr(const struct brbe_caps *caps, u64 branch_type,
			  struct brbe_config *out);

/* BRBINF<n>_EL1 fields, one small helper each. */
static inline unsigned int brbinf_get_valid(u64 brbinf)
{
	return FIELD_GET(BRBINF_EL1_VALID, brbinf);
}

static inline unsigned int brbinf_get_type(u64 brbinf)
{
	return FIELD_GET(BRBINF_EL1_TYPE, brbinf);
}

static inline unsigned int brbinf_get_el(u64 brbinf)
{
	return FIELD_GET(BRBINF_EL1_EL, brbinf);
}

static inline bool brbinf_get_mispredict(u64 brbinf)
{
	return brbinf & BRBINF_EL1_MPRED;
}

static inline bool brbinf_get_lastfailed(u64 brbinf)
{
	return brbinf & BRBINF_EL1_LASTFAILED;
}

static inline bool brbinf_get_in_tx(u64 brbinf)
{
	return brbinf & BRBINF_EL1_T;
}

/*
 * The cycle count (BRBINF.CC, for BRBIDR0_EL1.CC 0x5): exponent e 0 means
 * the mantissa m itself, e > 0 means (0x100 | m) << (e - 1).  0 when
 * CCU says the count is unknown.  Wider than perf's 16 bits: see
 * brbe_cycles_clamp().
 */
u64 brbinf_get_cycles(u64 brbinf);

static inline u16 brbe_cycles_clamp(u64 cycles)
{
	return cycles > U16_MAX ? U16_MAX : cycles;
}

/* BRBINF.TYPE -> perf's type and new_type (PERF_BR_EXTEND_ABI). */
int brbe_perf_type(unsigned int brbinf_type, unsigned int *new_type);

/*
 * One record into @e, filtered for an event with @branch_type: false when
 * the event must not see the record (invalid, a branch type it did not
 * ask for, or a privilege level it may not see); addresses of levels it
 * may not see in a record that crosses levels are zeroed.
 */
bool brbe_record_to_entry(u64 branch_type, bool kernel_at_el2, u64 brbinf,
			  u64 src, u64 tgt, struct perf_branch_entry *e);

#endif /* ARMTRACE_BRBE_MAP_H */
