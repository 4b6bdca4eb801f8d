// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit test of kernel/pmu/brbe_map.c: branch_sample_type ->
 * BRBCR/BRBFCR with every supported and refused type, BRBIDR0_EL1
 * probing, the BRBINF cycle-count format, the type map on every one of
 * the 64 BRBINF types, and records -> perf_branch_entry with the
 * per-event filters.  One TAP point per case.
 */
#include <stdio.h>
#include <string.h>

#include "brbe_map.h"

static int nr, failed;

static void ok(int cond, const char *what)
{
	printf("%sok %d - %s\n", cond ? "" : "not ", ++nr, what);
	failed |= !cond;
}

#define U	PERF_SAMPLE_BRANCH_USER
#define K	PERF_SAMPLE_BRANCH_KERNEL
#define HV	PERF_SAMPLE_BRANCH_HV
#define ANY	PERF_SAMPLE_BRANCH_ANY
#define CR_BASE	(BRBCR_ELX_FZP | BRBCR_ELX_CC | BRBCR_ELX_MPRED)
#define CR_EXC	(BRBCR_ELX_EXCEPTION | BRBCR_ELX_ERTN)

static const struct brbe_caps EL1 = { 1, 1, 0, 32, 5, 0 };
static const struct brbe_caps VHE = { 1, 1, 1, 64, 5, 0 };
static const struct brbe_caps NVHE = { 1, 0, 0, 32, 5, 0 };

struct ccase {
	const char *name;
	const struct brbe_caps *caps;
	u64 bt;
	int err;
	u64 brbcr, brbfcr;
};

static const struct ccase ccases[] = {
	{ "any,u", &EL1, ANY | U, 0, CR_BASE | BRBCR_ELX_E0BRE, BRBFCR_EL1_BRANCH_FILTERS },
	{ "any,k: exceptions and returns", &EL1, ANY | K, 0,
	  CR_BASE | BRBCR_ELX_E1BRE | CR_EXC, BRBFCR_EL1_BRANCH_FILTERS },
	{ "any,u,k,hv at EL1", &EL1, ANY | U | K | HV, 0,
	  CR_BASE | BRBCR_ELX_E0BRE | BRBCR_ELX_E1BRE | CR_EXC, BRBFCR_EL1_BRANCH_FILTERS },
	{ "any,hv at EL1: EL2 not recordable", &EL1, ANY | HV, -EOPNOTSUPP, 0, 0 },
	{ "any,hv under VHE is the kernel", &VHE, ANY | HV, 0,
	  CR_BASE | BRBCR_ELX_E1BRE | CR_EXC, BRBFCR_EL1_BRANCH_FILTERS },
	{ "any,k under VHE: E2BRE", &VHE, ANY | K, 0,
	  CR_BASE | BRBCR_ELX_E1BRE | CR_EXC, BRBFCR_EL1_BRANCH_FILTERS },
	{ "any_call,u", &EL1, PERF_SAMPLE_BRANCH_ANY_CALL | U, 0,
	  CR_BASE | BRBCR_ELX_E0BRE, BRBFCR_EL1_DIRCALL | BRBFCR_EL1_INDCALL },
	{ "any_call,k: exceptions", &EL1, PERF_SAMPLE_BRANCH_ANY_CALL | K, 0,
	  CR_BASE | BRBCR_ELX_E1BRE | BRBCR_ELX_EXCEPTION,
	  BRBFCR_EL1_DIRCALL | BRBFCR_EL1_INDCALL },
	{ "any_ret,u", &EL1, PERF_SAMPLE_BRANCH_ANY_RETURN | U, 0,
	  CR_BASE | BRBCR_ELX_E0BRE, BRBFCR_EL1_RTN },
	{ "any_ret,k: exception returns", &EL1, PERF_SAMPLE_BRANCH_ANY_RETURN | K, 0,
	  CR_BASE | BRBCR_ELX_E1BRE | BRBCR_ELX_ERTN, BRBFCR_EL1_RTN },
	{ "ind_call", &EL1, PERF_SAMPLE_BRANCH_IND_CALL | U, 0,
	  CR_BASE | BRBCR_ELX_E0BRE, BRBFCR_EL1_INDCALL },
	{ "call", &EL1, PERF_SAMPLE_BRANCH_CALL | U, 0,
	  CR_BASE | BRBCR_ELX_E0BRE, BRBFCR_EL1_DIRCALL },
	{ "cond", &EL1, PERF_SAMPLE_BRANCH_COND | U, 0,
	  CR_BASE | BRBCR_ELX_E0BRE, BRBFCR_EL1_CONDDIR },
	{ "ind_jmp", &EL1, PERF_SAMPLE_BRANCH_IND_JUMP | U, 0,
	  CR_BASE | BRBCR_ELX_E0BRE, BRBFCR_EL1_INDIRECT },
	{ "cond,ind_jmp", &EL1, PERF_SAMPLE_BRANCH_COND | PERF_SAMPLE_BRANCH_IND_JUMP | U, 0,
	  CR_BASE | BRBCR_ELX_E0BRE, BRBFCR_EL1_CONDDIR | BRBFCR_EL1_INDIRECT },
	{ "no_cycles: no CC", &EL1, ANY | U | PERF_SAMPLE_BRANCH_NO_CYCLES, 0,
	  BRBCR_ELX_FZP | BRBCR_ELX_MPRED | BRBCR_ELX_E0BRE, BRBFCR_EL1_BRANCH_FILTERS },
	{ "no_flags: no MPRED", &EL1, ANY | U | PERF_SAMPLE_BRANCH_NO_FLAGS, 0,
	  BRBCR_ELX_FZP | BRBCR_ELX_CC | BRBCR_ELX_E0BRE, BRBFCR_EL1_BRANCH_FILTERS },
	{ "save_type, priv, hw_index accepted", &EL1, ANY | U |
	  PERF_SAMPLE_BRANCH_TYPE_SAVE | PERF_SAMPLE_BRANCH_PRIV_SAVE |
	  PERF_SAMPLE_BRANCH_HW_INDEX, 0, CR_BASE | BRBCR_ELX_E0BRE,
	  BRBFCR_EL1_BRANCH_FILTERS },
	{ "abort_tx refused", &EL1, ANY | U | PERF_SAMPLE_BRANCH_ABORT_TX, -EOPNOTSUPP, 0, 0 },
	{ "in_tx refused", &EL1, ANY | U | PERF_SAMPLE_BRANCH_IN_TX, -EOPNOTSUPP, 0, 0 },
	{ "no_tx refused", &EL1, ANY | U | PERF_SAMPLE_BRANCH_NO_TX, -EOPNOTSUPP, 0, 0 },
	{ "call_stack refused", &EL1, PERF_SAMPLE_BRANCH_CALL_STACK | U, -EOPNOTSUPP, 0, 0 },
	{ "unknown bit refused", &EL1, ANY | U | (1ULL << 40), -EOPNOTSUPP, 0, 0 },
	{ "no branch type: EINVAL", &EL1, U | PERF_SAMPLE_BRANCH_NO_CYCLES, -EINVAL, 0, 0 },
	{ "no usable BRBE (nVHE)", &NVHE, ANY | U, -EOPNOTSUPP, 0, 0 },
};

static void test_config(void)
{
	size_t i;

	for (i = 0; i < sizeof(ccases) / sizeof(ccases[0]); i++) {
		const struct ccase *c = &ccases[i];
		struct brbe_config cfg = { ~0ULL, ~0ULL };
		int ret = brbe_config_from_attr(c->caps, c->bt, &cfg);
		char what[128];
		int good = ret == c->err &&
			   (ret || (cfg.brbcr == c->brbcr && cfg.brbfcr == c->brbfcr));

		if (!good)
			printf("# got %d brbcr %#llx brbfcr %#llx\n", ret,
			       (unsigned long long)cfg.brbcr,
			       (unsigned long long)cfg.brbfcr);
		snprintf(what, sizeof(what), "config: %s", c->name);
		ok(good, what);
	}
}

static void test_idr(void)
{
	struct brbe_caps c;

	ok(brbe_caps_from_idr(&c, 0x5020) && c.numrec == 32 && c.cc == 5 &&
	   c.format == 0, "BRBIDR0 0x5020: 32 records, 20-bit CC, format 0");
	ok(brbe_caps_from_idr(&c, 0x5040) && c.numrec == 64, "BRBIDR0 NUMREC 64");
	ok(brbe_caps_from_idr(&c, 0x5008) && brbe_caps_from_idr(&c, 0x5010),
	   "BRBIDR0 NUMREC 8 and 16");
	ok(!brbe_caps_from_idr(&c, 0x5030), "BRBIDR0 NUMREC 48 is not usable");
	ok(!brbe_caps_from_idr(&c, 0x4020), "BRBIDR0 CC 0x4 is not usable");
	ok(!brbe_caps_from_idr(&c, 0x5120), "BRBIDR0 FORMAT 1 is not usable");
}

static void test_usable(void)
{
	ok(brbe_usable(1, 0, 0), "usable: EL1 kernel, no EL2");
	ok(brbe_usable(1, 1, 1), "usable: VHE kernel at EL2");
	ok(!brbe_usable(1, 0, 1), "usable: not at EL1 with EL2 (nVHE hypervisor)");
	ok(!brbe_usable(0, 1, 1) && !brbe_usable(0, 0, 0), "usable: not without BRBE");
}

static u64 cc(u64 exp, u64 mant)
{
	return FIELD_PREP(BRBINF_EL1_CC_EXP, exp) |
	       FIELD_PREP(BRBINF_EL1_CC_MANT, mant);
}

static void test_cycles(void)
{
	ok(brbinf_get_cycles(cc(0, 2)) == 2, "cycles: exponent 0 is the mantissa");
	ok(brbinf_get_cycles(cc(0, 0xff)) == 0xff, "cycles: 0xff");
	ok(brbinf_get_cycles(cc(1, 0)) == 0x100, "cycles: exponent 1 is 0x100 | m");
	ok(brbinf_get_cycles(cc(2, 0x80)) == 0x300, "cycles: (0x100 | m) << (e - 1)");
	ok(brbinf_get_cycles(cc(12, 0xff)) == 0xff800, "cycles: largest 20-bit value");
	ok(brbinf_get_cycles(cc(0x3f, 0xff)) == U64_MAX, "cycles: all ones saturates");
	ok(brbinf_get_cycles(cc(0, 7) | BRBINF_EL1_CCU) == 0, "cycles: CCU is 0");
	ok(brbe_cycles_clamp(brbinf_get_cycles(cc(9, 0))) == 0xffff &&
	   brbe_cycles_clamp(brbinf_get_cycles(cc(8, 0xff))) == 0xff80,
	   "cycles: clamped to perf's 16 bits");
}

static void test_types(void)
{
	static const struct { unsigned int t; int type, new_type; } want[] = {
		{ 0x00, PERF_BR_UNCOND, 0 }, { 0x01, PERF_BR_IND, 0 },
		{ 0x02, PERF_BR_CALL, 0 }, { 0x03, PERF_BR_IND_CALL, 0 },
		{ 0x05, PERF_BR_RET, 0 }, { 0x07, PERF_BR_ERET, 0 },
		{ 0x08, PERF_BR_COND, 0 },
		{ 0x21, PERF_BR_EXTEND_ABI, PERF_BR_ARM64_DEBUG_HALT },
		{ 0x22, PERF_BR_SYSCALL, 0 }, { 0x23, PERF_BR_IRQ, 0 },
		{ 0x24, PERF_BR_SERROR, 0 },
		{ 0x26, PERF_BR_EXTEND_ABI, PERF_BR_ARM64_DEBUG_INST },
		{ 0x27, PERF_BR_EXTEND_ABI, PERF_BR_ARM64_DEBUG_DATA },
		{ 0x2a, PERF_BR_EXTEND_ABI, PERF_BR_NEW_FAULT_ALGN },
		{ 0x2b, PERF_BR_EXTEND_ABI, PERF_BR_NEW_FAULT_INST },
		{ 0x2c, PERF_BR_EXTEND_ABI, PERF_BR_NEW_FAULT_DATA },
		{ 0x2e, PERF_BR_IRQ, 0 },
		{ 0x2f, PERF_BR_EXTEND_ABI, PERF_BR_ARM64_FIQ },
		{ 0x39, PERF_BR_EXTEND_ABI, PERF_BR_ARM64_DEBUG_EXIT },
	};
	unsigned int t, i, nt, bad = 0;
	char what[96];

	for (t = 0; t < 64; t++) {
		int exp = PERF_BR_UNKNOWN, exp_new = 0, got;

		for (i = 0; i < sizeof(want) / sizeof(want[0]); i++)
			if (want[i].t == t) {
				exp = want[i].type;
				exp_new = want[i].new_type;
			}
		got = brbe_perf_type(t, &nt);
		snprintf(what, sizeof(what), "type map: BRBINF type %#x -> %d/%d",
			 t, exp, exp_new);
		ok(got == exp && (int)nt == exp_new, what);
		bad += got != exp;
	}
	(void)bad;
}

#define UA	0x0000aaaa00001000ULL
#define UB	0x0000aaaa00002000ULL
#define KA	0xffff800008001000ULL
#define KB	0xffff800008002000ULL

static u64 inf(unsigned int valid, unsigned int type, unsigned int el)
{
	return FIELD_PREP(BRBINF_EL1_VALID, valid) |
	       FIELD_PREP(BRBINF_EL1_TYPE, type) | FIELD_PREP(BRBINF_EL1_EL, el);
}

static void test_records(void)
{
	struct perf_branch_entry e;
	u64 full = BRBINF_VALID_FULL;

	memset(&e, 0x55, sizeof(e));
	ok(brbe_record_to_entry(ANY | U, 0, inf(full, 0x08, 0) | cc(0, 3), UA, UB, &e) &&
	   e.from == UA && e.to == UB && e.type == PERF_BR_COND && e.new_type == 0 &&
	   e.priv == PERF_BR_PRIV_USER && e.cycles == 3 && e.predicted == 1 &&
	   e.mispred == 0 && e.spec == 0 && e.in_tx == 0 && e.abort == 0 &&
	   e.reserved == 0, "record: user conditional branch, every field");
	ok(brbe_record_to_entry(ANY | U, 0, inf(full, 0x08, 0) | BRBINF_EL1_MPRED, UA, UB, &e) &&
	   e.mispred == 1 && e.predicted == 0 && e.cycles == 0,
	   "record: MPRED is mispred, CCU 0 is no cycles");
	ok(brbe_record_to_entry(ANY | U | PERF_SAMPLE_BRANCH_NO_FLAGS, 0,
				inf(full, 0x08, 0) | BRBINF_EL1_MPRED, UA, UB, &e) &&
	   e.mispred == 0 && e.predicted == 0, "record: no_flags leaves flags 0");
	ok(brbe_record_to_entry(ANY | U | PERF_SAMPLE_BRANCH_NO_CYCLES, 0,
				inf(full, 0x08, 0) | cc(0, 3), UA, UB, &e) &&
	   e.cycles == 0, "record: no_cycles leaves cycles 0");
	ok(brbe_record_to_entry(ANY | U, 0, inf(full, 0x05, 0) | cc(9, 1), UA, UB, &e) &&
	   e.cycles == 0xffff, "record: cycles clamp at 0xffff");
	ok(!brbe_record_to_entry(ANY | U, 0, inf(BRBINF_VALID_NONE, 0x08, 0), UA, UB, &e),
	   "record: invalid record dropped");
	ok(!brbe_record_to_entry(PERF_SAMPLE_BRANCH_CALL | U, 0, inf(full, 0x08, 0), UA, UB, &e) &&
	   brbe_record_to_entry(PERF_SAMPLE_BRANCH_CALL | U, 0, inf(full, 0x02, 0), UA, UB, &e),
	   "record: call keeps direct calls only");
	ok(!brbe_record_to_entry(PERF_SAMPLE_BRANCH_ANY_CALL | U, 0, inf(full, 0x00, 0), UA, UB, &e) &&
	   brbe_record_to_entry(ANY | U, 0, inf(full, 0x00, 0), UA, UB, &e) &&
	   e.type == PERF_BR_UNCOND, "record: B only with any");
	ok(!brbe_record_to_entry(PERF_SAMPLE_BRANCH_ANY_CALL | K, 0, inf(full, 0x07, 1), KA, KB, &e) &&
	   brbe_record_to_entry(PERF_SAMPLE_BRANCH_ANY_RETURN | K, 0, inf(full, 0x07, 1), KA, KB, &e),
	   "record: ERET is a return");
	ok(brbe_record_to_entry(PERF_SAMPLE_BRANCH_ANY_CALL | K, 0, inf(full, 0x22, 1), UA, KB, &e) &&
	   e.type == PERF_BR_SYSCALL && e.from == 0 && e.to == KB,
	   "record: SVC is a call; user source hidden from a kernel-only event");
	ok(brbe_record_to_entry(ANY | U, 0, inf(full, 0x22, 1), UA, KB, &e) &&
	   e.from == UA && e.to == 0, "record: kernel target hidden from a user-only event");
	ok(!brbe_record_to_entry(ANY | U, 0, inf(full, 0x08, 1), KA, KB, &e),
	   "record: kernel branch dropped for a user-only event");
	ok(!brbe_record_to_entry(ANY | K, 0, inf(full, 0x08, 0), UA, UB, &e),
	   "record: user branch dropped for a kernel-only event");
	ok(brbe_record_to_entry(ANY | K, 0, inf(full, 0x08, 1), KA, KB, &e) &&
	   e.priv == PERF_BR_PRIV_KERNEL, "record: kernel branch, priv kernel");
	ok(brbe_record_to_entry(ANY | HV, 1, inf(full, 0x08, 2), KA, KB, &e) &&
	   e.priv == PERF_BR_PRIV_KERNEL, "record: EL2 under VHE is the kernel");
	ok(brbe_record_to_entry(ANY | K, 0, inf(full, 0x08, 2), KA, KB, &e) &&
	   e.priv == PERF_BR_PRIV_HV, "record: EL2 of a hypervisor is hv");
	ok(brbe_record_to_entry(ANY | U, 0, inf(BRBINF_VALID_TARGET, 0x07, 0) |
				BRBINF_EL1_MPRED, 0, UB, &e) &&
	   e.from == 0 && e.to == UB && e.type == PERF_BR_ERET && e.mispred == 0 &&
	   e.predicted == 0, "record: target-only ERET, no prediction flags");
	ok(brbe_record_to_entry(ANY | U, 0, inf(BRBINF_VALID_SOURCE, 0x22, 0), UA, 0x1234, &e) &&
	   e.from == UA && e.to == 0 && e.predicted == 1 &&
	   e.priv == PERF_BR_PRIV_UNKNOWN,
	   "record: source-only SVC, target register ignored, privilege unknown");
	ok(brbe_record_to_entry(ANY | U, 0, inf(BRBINF_VALID_TARGET, 0x07, 0) |
				BRBINF_EL1_T, 0, UB, &e) &&
	   e.in_tx == 0 && e.priv == PERF_BR_PRIV_USER,
	   "record: target-only, T not taken, privilege from the target's EL");
	ok(!brbe_record_to_entry(ANY | U, 0, inf(BRBINF_VALID_SOURCE, 0x2e, 0), KA, 0, &e),
	   "record: source-only kernel record dropped for a user-only event");
	ok(brbe_record_to_entry(ANY | U, 0, inf(full, 0x08, 0) | BRBINF_EL1_T |
				BRBINF_EL1_LASTFAILED, UA, UB, &e) &&
	   e.in_tx == 1 && e.abort == 1, "record: T and LASTFAILED");
	ok(brbe_record_to_entry(PERF_SAMPLE_BRANCH_ANY_CALL | K, 0, inf(full, 0x2c, 1), KA, KB, &e) &&
	   e.type == PERF_BR_EXTEND_ABI && e.new_type == PERF_BR_NEW_FAULT_DATA,
	   "record: data fault, extended type");
}

int main(void)
{
	test_config();
	test_idr();
	test_usable();
	test_cycles();
	test_types();
	test_records();
	printf("1..%d\n", nr);
	return failed;
}
