// SPDX-License-Identifier: GPL-2.0
/*
 * Every rejected attr combination of `pmuv3`, with its documented errno.
 * Which filter fields are RES0 is read from caps/filters (itself checked
 * against the boot mode by pmuv3_count), so each test has one expected
 * errno for the machine it runs on.  After the failures a good event must
 * still count: nothing was left half-programmed.
 */
#include <sys/wait.h>
#include "kselftest_harness.h"
#include "pmuv3_util.h"

static int try(uint64_t event, uint64_t config1, uint64_t config2)
{
	struct perf_event_attr a;

	pmuv3_attr(&a, event, config1, config2);
	return open_errno(&a);
}

/* Expected errno of a raw filter field: 0 if implemented, else EOPNOTSUPP. */
static int field_errno(uint64_t field)
{
	return (pmuv3_cap("filters") & field) ? 0 : EOPNOTSUPP;
}

TEST(event_wider_than_16_bits_einval)
{
	ASSERT_EQ(EINVAL, try(0x10008, 0, 0));
}

TEST(unknown_config1_bit_einval)
{
	ASSERT_EQ(EINVAL, try(PMU_EVT_INST_RETIRED, 1ULL << 1, 0));
	ASSERT_EQ(EINVAL, try(PMU_EVT_INST_RETIRED, 1ULL << 23, 0));
	ASSERT_EQ(EINVAL, try(PMU_EVT_INST_RETIRED, 1ULL << 32, 0));
}

TEST(unknown_config2_bit_einval)
{
	ASSERT_EQ(EINVAL, try(PMU_EVT_INST_RETIRED, 0, 1ULL << 15));
}

TEST(raw_field_without_filter_einval)
{
	ASSERT_EQ(EINVAL, try(PMU_EVT_INST_RETIRED, PMEVTYPER_EL0_P, 0));
	ASSERT_EQ(EINVAL, try(PMU_EVT_INST_RETIRED, PMEVTYPER_EL0_U, 0));
}

TEST(filter_with_exclude_flags_einval)
{
	struct perf_event_attr a;

	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, PMUV3_CFG1_FILTER, 0);
	a.exclude_kernel = 1;
	ASSERT_EQ(EINVAL, open_errno(&a));
	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, PMUV3_CFG1_FILTER, 0);
	a.exclude_user = 1;
	ASSERT_EQ(EINVAL, open_errno(&a));
	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, PMUV3_CFG1_FILTER, 0);
	a.exclude_hv = 1;
	ASSERT_EQ(EINVAL, open_errno(&a));
	/* exclude_guest/host are ignored: stock perf sets exclude_guest. */
	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, PMUV3_CFG1_FILTER, 0);
	a.exclude_guest = 1;
	ASSERT_EQ(0, open_errno(&a));
}

TEST(raw_fields_res0_eopnotsupp)
{
	static const uint64_t fields[] = {
		PMEVTYPER_EL0_NSK, PMEVTYPER_EL0_NSU, PMEVTYPER_EL0_NSH,
		PMEVTYPER_EL0_M, PMEVTYPER_EL0_MT, PMEVTYPER_EL0_SH,
		PMEVTYPER_EL0_RLK, PMEVTYPER_EL0_RLU, PMEVTYPER_EL0_RLH,
	};
	size_t i;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		TH_LOG("field %#llx", (unsigned long long)fields[i]);
		ASSERT_EQ(field_errno(fields[i]),
			  try(PMU_EVT_INST_RETIRED,
			      PMUV3_CFG1_FILTER | fields[i], 0));
	}
	/* P and U exist everywhere. */
	ASSERT_EQ(0, try(PMU_EVT_INST_RETIRED,
			 PMUV3_CFG1_FILTER | PMEVTYPER_EL0_P |
			 PMEVTYPER_EL0_U, 0));
}

TEST(threshold_without_feat_pmuv3_th)
{
	long thwidth = pmuv3_cap("thwidth");

	if (thwidth == 0) {
		ASSERT_EQ(EOPNOTSUPP, try(PMU_EVT_INST_RETIRED, 0,
					  FIELD_PREP(PMUV3_CFG2_TH, 1)));
		ASSERT_EQ(EOPNOTSUPP, try(PMU_EVT_INST_RETIRED, 0,
					  FIELD_PREP(PMUV3_CFG2_TC, 2)));
	} else {
		ASSERT_EQ(EINVAL, try(PMU_EVT_INST_RETIRED, 0,
				      FIELD_PREP(PMUV3_CFG2_TH,
						 1ULL << thwidth)));
	}
}

/*
 * QEMU 7.2's PMCEID lacks L1I_CACHE_REFILL and every 0x40xx event; before
 * PMUv3p1 (cortex-a72) 0x4000 does not even fit the 10-bit evtCount.
 */
TEST(unimplemented_common_event_enoent)
{
	ASSERT_EQ(ENOENT, try(0x0001, 0, 0));
	ASSERT_EQ(pmuv3_cap("pmuver") >= PMUVER_V3P1 ? ENOENT : EINVAL,
		  try(0x4000, 0, 0));
	ASSERT_NE(0, access(PMUV3_SYSFS "/events/l1i_cache_refill", F_OK));
	ASSERT_EQ(0, access(PMUV3_SYSFS "/events/inst_retired", F_OK));
}

TEST(chain_event_einval)
{
	ASSERT_EQ(EINVAL, try(PMU_EVT_CHAIN, 0, 0));
}

TEST(exclude_idle_eopnotsupp)
{
	struct perf_event_attr a;

	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, 0, 0);
	a.exclude_idle = 1;
	ASSERT_EQ(EOPNOTSUPP, open_errno(&a));
}

TEST(branch_stack_eopnotsupp)
{
	struct perf_event_attr a;

	if (pmuv3_cap("branches") > 0)
		SKIP(return, "BRBE is usable on this boot (hw_brbe_perf tests its errnos)");
	pmuv3_attr(&a, PMU_EVT_CPU_CYCLES, 0, 0);
	a.sample_period = 100000;
	a.sample_type = PERF_SAMPLE_BRANCH_STACK;
	a.branch_sample_type = PERF_SAMPLE_BRANCH_ANY;
	ASSERT_EQ(EOPNOTSUPP, open_errno(&a));
}

TEST(group_larger_than_counters_einval)
{
	long n = pmuv3_cap("counters");
	struct perf_event_attr a;
	int fds[40], i, lead;

	pmuv3_attr(&a, PMU_EVT_CPU_CYCLES, 0, 0);
	lead = perf_open(&a, -1, -1);
	ASSERT_LE(0, lead);
	/* The leader took PMCCNTR; N more fit the event counters. */
	for (i = 0; i < n; i++) {
		fds[i] = perf_open(&a, -1, lead);
		ASSERT_LE(0, fds[i]);
	}
	ASSERT_EQ(-1, perf_open(&a, -1, lead));
	ASSERT_EQ(EINVAL, errno);
	for (i = 0; i < n; i++)
		close(fds[i]);
	close(lead);
}

TEST(cpu_out_of_range_enodev)
{
	struct perf_event_attr a;

	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, 0, 0);
	/* A CPU that does not exist is refused by the core (ENODEV/EINVAL). */
	ASSERT_EQ(-1, perf_open(&a, 4095, -1));
	ASSERT_TRUE(errno == ENODEV || errno == EINVAL);
}

/*
 * perf_event_paranoid 2: unprivileged users may count EL0 only.  Raw
 * filters require exclude_kernel = 0, so they need privilege too.
 */
TEST(paranoid_unprivileged_eacces)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r+");
	int old = 3, status;
	pid_t pid;

	ASSERT_NE(NULL, f);
	ASSERT_EQ(1, fscanf(f, "%d", &old));
	rewind(f);
	fprintf(f, "2\n");
	fclose(f);

	pid = fork();
	if (pid == 0) {
		struct perf_event_attr a;
		int bad = 0;

		if (setuid(65534))
			_exit(100);
		pmuv3_attr(&a, PMU_EVT_INST_RETIRED, 0, 0);
		bad |= open_errno(&a) != EACCES;		/* kernel too */
		pmuv3_attr(&a, PMU_EVT_INST_RETIRED,
			   PMUV3_CFG1_FILTER | PMEVTYPER_EL0_P, 0);
		bad |= (open_errno(&a) != EACCES) << 1;	/* raw */
		pmuv3_attr(&a, PMU_EVT_INST_RETIRED, 0, 0);
		a.exclude_kernel = a.exclude_hv = 1;
		bad |= (open_errno(&a) != 0) << 2;	/* EL0 only: allowed */
		_exit(bad);
	}
	ASSERT_LT(0, pid);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));

	f = fopen("/proc/sys/kernel/perf_event_paranoid", "w");
	ASSERT_NE(NULL, f);
	fprintf(f, "%d\n", old);
	fclose(f);
	ASSERT_TRUE(WIFEXITED(status));
	ASSERT_EQ(0, WEXITSTATUS(status));
}

/* After all the refusals, nothing is left half-programmed. */
TEST(counts_exactly_after_refusals)
{
	struct perf_event_attr a;

	ASSERT_EQ(EINVAL, try(PMU_EVT_INST_RETIRED, 1ULL << 1, 0));
	ASSERT_EQ(ENOENT, try(0x0001, 0, 0));
	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, 0, 0);
	a.exclude_kernel = a.exclude_hv = 1;
	ASSERT_EQ(0, spin_count_error(&a));
}

TEST_HARNESS_MAIN
