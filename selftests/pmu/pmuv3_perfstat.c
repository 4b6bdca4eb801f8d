// SPDX-License-Identifier: GPL-2.0
/*
 * Debian's stock arm64 `perf stat -x,` on `pmuv3`, parsed.  A whole
 * process's count is deterministic at icount shift=0 (the same run twice
 * gives the same number, cycles equal instructions), but its start-up and
 * exit add a few dozen EL0 instructions more in long runs than in short
 * ones (measured: +48 between 10^3 and 10^6 loops, +16 more at 10^7), so
 * the loop-length delta is checked to within 64.  pmuv3_count asserts
 * exact equality in-process.  "The same run" means the same addresses
 * too: with ASLR the stack's random offset changes how many iterations
 * libc's start-up string and copy loops take (two runs of spin 1000 once
 * counted 15435 and 15433), so the runs compared go without it.
 */
#include <ctype.h>
#include <sys/personality.h>
#include "kselftest_harness.h"
#include "pmuv3_util.h"

/* Run perf stat with @events over `spin n`; fill counts in event order. */
static int perf_stat(const char *events, uint64_t n, uint64_t *v, int max)
{
	char cmd[512], line[512];
	int got = 0;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "perf stat -x, %s -- ./spin %llu 2>&1",
		 events, (unsigned long long)n);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	while (fgets(line, sizeof(line), p)) {
		char *end;
		uint64_t c = strtoull(line, &end, 10);

		if (end != line && *end == ',' && got < max)
			v[got++] = c;
	}
	pclose(p);
	return got;
}

TEST(inst_retired_and_cycles_exact_deltas)
{
	const char *ev = "-e pmuv3/inst_retired/u -e pmuv3/cpu_cycles/u";
	uint64_t a[2], b[2], c[2];

	/* perf and spin inherit it; exec keeps it (neither is set-id) */
	ASSERT_LE(0, personality(personality(0xffffffff) | ADDR_NO_RANDOMIZE));
	ASSERT_EQ(2, perf_stat(ev, 1000, a, 2));
	ASSERT_EQ(2, perf_stat(ev, 1000, c, 2));
	ASSERT_EQ(2, perf_stat(ev, 5000000, b, 2));
	TH_LOG("n=1000: %llu %llu; n=5e6: %llu %llu",
	       (unsigned long long)a[0], (unsigned long long)a[1],
	       (unsigned long long)b[0], (unsigned long long)b[1]);
	ASSERT_EQ(a[0], c[0]);		/* deterministic */
	ASSERT_EQ(a[0], a[1]);		/* cycles == instructions */
	ASSERT_EQ(b[0], b[1]);
	ASSERT_LE(2 * (5000000 - 1000), b[0] - a[0]);
	ASSERT_GE(2 * (5000000 - 1000) + 64, b[0] - a[0]);
}

TEST(raw_filter_equals_exclude_kernel)
{
	uint64_t a[2];

	ASSERT_EQ(2, perf_stat("-e pmuv3/inst_retired/u -e pmuv3/inst_retired,filter=1,p=1/",
			       100000, a, 2));
	ASSERT_EQ(a[0], a[1]);
}

TEST(kernel_only_excludes_loop)
{
	uint64_t a[1], b[1];

	ASSERT_EQ(1, perf_stat("-e pmuv3/inst_retired/k", 1000, a, 1));
	ASSERT_EQ(1, perf_stat("-e pmuv3/inst_retired/k", 10000000, b, 1));
	ASSERT_GT(a[0], 0);
	ASSERT_LT(b[0], a[0] + 1000000);
}

/*
 * `perf stat -d`: the generic hardware and cache events perf picks, on
 * this PMU (the built-in driver is off).  QEMU implements none of the
 * cache events, so each of them must say "<not supported>" exactly when
 * events/ lacks the architectural event it maps to (upstream's armv8
 * cache map), and be counted when it has it; instructions and cycles are
 * counted, and equal at icount shift=0 in user space.
 */
static const struct {
	const char *perf, *pmu;
} detailed[] = {
	{ "L1-dcache-loads", "l1d_cache" },
	{ "L1-dcache-load-misses", "l1d_cache_refill" },
	{ "LLC-loads", "ll_cache_rd" },
	{ "LLC-load-misses", "ll_cache_miss_rd" },
};

TEST(perf_stat_detailed_follows_events)
{
	char line[512], path[256];
	unsigned int i, seen = 0;
	uint64_t insns = 0, cycles = 0;
	FILE *p;

	p = popen("perf stat -d -x, -e instructions:u -e cycles:u -- ./spin 100000 2>&1",
		  "r");
	ASSERT_NE(NULL, p);
	while (fgets(line, sizeof(line), p)) {
		char *f[4] = { line }, *s = line;
		int n = 1;

		while (n < 4 && (s = strchr(s, ','))) {
			*s++ = 0;
			f[n++] = s;
		}
		if (n < 4)
			continue;
		f[2][strcspn(f[2], ":")] = 0;
		if (!strcmp(f[2], "instructions"))
			insns = strtoull(f[0], NULL, 10);
		if (!strcmp(f[2], "cycles"))
			cycles = strtoull(f[0], NULL, 10);
		for (i = 0; i < sizeof(detailed) / sizeof(detailed[0]); i++) {
			int have;

			if (strcmp(f[2], detailed[i].perf))
				continue;
			snprintf(path, sizeof(path), PMUV3_SYSFS "/events/%s",
				 detailed[i].pmu);
			have = !access(path, F_OK);
			TH_LOG("%s: %s (events/%s %s)", f[2], f[0],
			       detailed[i].pmu, have ? "present" : "absent");
			if (have) {
				EXPECT_TRUE(isdigit((unsigned char)f[0][0]));
			} else {
				EXPECT_STREQ("<not supported>", f[0]);
			}
			seen |= 1u << i;
		}
	}
	pclose(p);
	ASSERT_EQ((1u << (sizeof(detailed) / sizeof(detailed[0]))) - 1, seen);
	ASSERT_LT(2 * 100000, insns);
	ASSERT_EQ(insns, cycles);
}

TEST_HARNESS_MAIN
