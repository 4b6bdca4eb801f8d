// SPDX-License-Identifier: GPL-2.0
/*
 * What branch stacks cost the kernel, in instructions (exact under QEMU's
 * -icount; `make bench` boots it on the model with 64 records).
 *
 * Overflow interrupts: brb_workload (branches.S) 20000 times, a system
 * call every 64, under a per-task cpu_cycles/u event sampling every P
 * cycles, with and without a branch stack (any,u: every sample reads all
 * 64 records, bank by bank).  pmuv3's inst_retired counts CPU 0's kernel
 * instructions (exclude_user) over the run; the run without a sampling
 * event is the anchor, and (run - anchor) / samples is what one
 * interrupt costs, the sample's copy into the ring included.
 *
 * Context switches: two processes pinned to CPU 0 bounce a byte over two
 * pipes N times (as ete_ctxsw_bench does), with no event, a per-task
 * pmuv3 counting event, and a per-task pmuv3 event with a branch stack
 * (its period too long to overflow) on one of them, without and with
 * the history kept across switches (brbe_history: its 64 records read
 * out at each switch); the cost per switch in and out of that task over
 * the anchor.
 *
 * Least of three runs each.
 */
#define _GNU_SOURCE
#include "kselftest_harness.h"
#include "hwtest_util.h"

#include <sched.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "../pmu/pmuv3_util.h"

#define RUNS		3
#define ITERS		20000
#define PERIOD		20011
#define PAGES		256
#define N		10000

#define ANY_U	(PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_USER)

static void kernel_counter(struct perf_event_attr *a)
{
	pmuv3_attr(a, PMU_EVT_INST_RETIRED, 0, 0);
	a->exclude_user = 1;
}

/* A per-task cpu_cycles/u event on @pid; bst 0: no branch stack. */
static int sampler(pid_t pid, uint64_t period, uint64_t bst)
{
	struct perf_event_attr a;

	pmuv3_attr(&a, PMU_EVT_CPU_CYCLES, 0, 0);
	a.exclude_kernel = a.exclude_hv = 1;
	a.sample_period = period;
	a.sample_type = PERF_SAMPLE_IP;
	if (bst) {
		a.sample_type |= PERF_SAMPLE_BRANCH_STACK;
		a.branch_sample_type = bst;
	}
	a.disabled = 0;
	return (int)syscall(__NR_perf_event_open, &a, pid, -1, -1, 0);
}

static int count_samples(struct perf_event_mmap_page *m)
{
	char *base = (char *)m + m->data_offset;
	uint64_t head = __atomic_load_n(&m->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = m->data_tail;
	int n = 0;

	while (tail < head) {
		struct perf_event_header *h = (void *)(base + tail % m->data_size);

		n += h->type == PERF_RECORD_SAMPLE;
		tail += h->size;
	}
	return n;
}

/* Kernel instructions over the workload; mode 0 anchor, 1 IP only, 2 with stacks. */
static long long overflow_run(int mode, int *samples)
{
	struct perf_event_attr k;
	long pg = sysconf(_SC_PAGESIZE);
	size_t size = (PAGES + 1) * pg;
	struct perf_event_mmap_page *m = MAP_FAILED;
	long long v = -1;
	int fd = -1, kfd, i;

	*samples = 0;
	if (mode) {
		fd = sampler(0, PERIOD, mode == 2 ? ANY_U : 0);
		if (fd < 0)
			return -1;
		m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (m == MAP_FAILED) {
			close(fd);
			return -1;
		}
	}
	kernel_counter(&k);
	kfd = perf_open(&k, 0, -1);
	if (kfd < 0)
		goto out;
	ioctl(kfd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < ITERS; i++) {
		brb_workload_fn();
		if (i % 64 == 0)
			syscall(__NR_getppid);
	}
	ioctl(kfd, PERF_EVENT_IOC_DISABLE, 0);
	if (read(kfd, &v, sizeof(v)) != sizeof(v))
		v = -1;
	close(kfd);
out:
	if (fd >= 0) {
		*samples = count_samples(m);
		munmap(m, size);
		close(fd);
	}
	return v;
}

/*
 * Kernel instructions over N round trips; mode 1 counting event, 2 branch
 * stack, 3 branch stack with its history.
 */
static long long bounce(int mode)
{
	struct perf_event_attr k, c;
	int ab[2], ba[2], fd = -1, kfd, i;
	long long v = -1;
	char ch = 0;
	pid_t pid;

	if (pipe(ab) || pipe(ba))
		return -1;
	pid = fork();
	if (pid == 0) {
		for (i = 0; i < N + 1; i++)
			if (read(ab[0], &ch, 1) != 1 || write(ba[1], &ch, 1) != 1)
				_exit(1);
		_exit(0);
	}
	if (mode == 1) {
		pmuv3_attr(&c, PMU_EVT_CPU_CYCLES, 0, 0);
		c.exclude_kernel = 1;
		c.disabled = 0;
		fd = (int)syscall(__NR_perf_event_open, &c, pid, -1, -1, 0);
	} else if (mode >= 2) {
		if (hwtest_brbe_history(mode == 3))
			goto out;
		fd = sampler(pid, 1ULL << 40, ANY_U);
		hwtest_brbe_history(1);
	}
	if (mode && fd < 0)
		goto out;
	/* warm up: one round trip outside the count */
	if (write(ab[1], &ch, 1) != 1 || read(ba[0], &ch, 1) != 1)
		goto out;
	kernel_counter(&k);
	kfd = perf_open(&k, 0, -1);
	if (kfd < 0)
		goto out;
	ioctl(kfd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < N; i++)
		if (write(ab[1], &ch, 1) != 1 || read(ba[0], &ch, 1) != 1)
			break;
	ioctl(kfd, PERF_EVENT_IOC_DISABLE, 0);
	if (i != N || read(kfd, &v, sizeof(v)) != sizeof(v))
		v = -1;
	close(kfd);
out:
	waitpid(pid, NULL, 0);
	if (fd >= 0)
		close(fd);
	close(ab[0]);
	close(ab[1]);
	close(ba[0]);
	close(ba[1]);
	return v;
}

static long long least(long long a, long long b)
{
	return a < 0 || (b >= 0 && b < a) ? b : a;
}

TEST(overflow_and_context_switch_cost)
{
	long long ov[3] = { -1, -1, -1 }, cs[4] = { -1, -1, -1, -1 };
	int smp[3] = { 0 }, r, t, s;

	ASSERT_EQ(0, hwtest_pin_cpu0());
	ASSERT_EQ(64, pmuv3_cap("branches"));
	for (r = 0; r < RUNS; r++) {
		for (t = 0; t < 3; t++) {
			long long v = overflow_run(t, &s);

			if (v > 0 && (ov[t] < 0 || v < ov[t])) {
				ov[t] = v;
				smp[t] = s;
			}
		}
		for (t = 0; t < 4; t++)
			cs[t] = least(cs[t], bounce(t));
	}
	for (t = 0; t < 3; t++)
		ASSERT_LT(0, ov[t]);
	for (t = 0; t < 4; t++)
		ASSERT_LT(0, cs[t]);
	ASSERT_LE(10, smp[1]);
	ASSERT_LE(10, smp[2]);
	printf("BENCH brbe overflow: %d/%d samples, kernel instructions: anchor %lld, pmuv3 IP only %lld, 64-record stacks %lld\n",
	       smp[1], smp[2], ov[0], ov[1], ov[2]);
	printf("BENCH brbe overflow per interrupt: pmuv3 IP only %.1f, with a 64-record branch stack %.1f, %.1f more\n",
	       (ov[1] - ov[0]) / (double)smp[1], (ov[2] - ov[0]) / (double)smp[2],
	       (ov[2] - ov[0]) / (double)smp[2] - (ov[1] - ov[0]) / (double)smp[1]);
	printf("BENCH brbe ctxsw round trips %d, kernel instructions: anchor %lld, pmuv3 event %lld, branch-stack event %lld, with history %lld\n",
	       N, cs[0], cs[1], cs[2], cs[3]);
	printf("BENCH brbe ctxsw per switch in+out of the task: pmuv3 event adds %.1f, branch-stack event adds %.1f, %.1f over pmuv3's; with its history %.1f, %.1f over no history\n",
	       (cs[1] - cs[0]) / (double)N, (cs[2] - cs[0]) / (double)N,
	       (cs[2] - cs[1]) / (double)N, (cs[3] - cs[0]) / (double)N,
	       (cs[3] - cs[2]) / (double)N);
	fflush(stdout);
}

TEST_HARNESS_MAIN
