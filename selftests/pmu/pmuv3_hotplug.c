// SPDX-License-Identifier: GPL-2.0
/*
 * CPU hotplug with live `pmuv3` events (-smp 2).  icount is global across
 * vCPUs, so counts are bounded, not exact, here.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include "kselftest_harness.h"
#include "pmuv3_util.h"

static int set_online(int cpu, int on)
{
	char path[64];
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online",
		 cpu);
	f = fopen(path, "w");
	if (!f)
		return -1;
	ret = fprintf(f, "%d\n", on) < 0;
	return fclose(f) || ret ? -1 : 0;
}

static int open_cpu_cycles(int cpu, pid_t pid)
{
	struct perf_event_attr a;

	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, 0, 0);
	a.disabled = 0;
	a.exclude_kernel = a.exclude_hv = pid >= 0 && cpu < 0;
	return (int)syscall(__NR_perf_event_open, &a, pid, cpu, -1, 0);
}

static pid_t spinner_on(int cpu)
{
	pid_t pid = fork();

	if (pid == 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		sched_setaffinity(0, sizeof(set), &set);
		for (;;)
			spin_loop(1000000);
	}
	return pid;
}

TEST(cpu_event_survives_offline_online)
{
	uint64_t before, during, after;
	int fd, fd2;

	ASSERT_EQ(2, sysconf(_SC_NPROCESSORS_ONLN));
	fd = open_cpu_cycles(1, -1);
	ASSERT_LE(0, fd);
	usleep(20000);
	ASSERT_EQ(sizeof(before), read(fd, &before, sizeof(before)));
	ASSERT_GT(before, 0);
	ASSERT_EQ(0, set_online(1, 0));
	ASSERT_EQ(sizeof(during), read(fd, &during, sizeof(during)));
	ASSERT_LE(before, during);
	ASSERT_EQ(0, set_online(1, 1));
	usleep(20000);
	ASSERT_EQ(sizeof(after), read(fd, &after, sizeof(after)));
	ASSERT_LE(during, after);
	/* A new event on the re-onlined CPU counts. */
	fd2 = open_cpu_cycles(1, -1);
	ASSERT_LE(0, fd2);
	usleep(20000);
	ASSERT_EQ(sizeof(after), read(fd2, &after, sizeof(after)));
	ASSERT_GT(after, 0);
	close(fd2);
	close(fd);
}

/* Open an EL0 INST_RETIRED event on CPU 1 as soon as perf takes one. */
static void *open_as_soon_as_online(void *arg)
{
	struct perf_event_attr a;
	long tries;
	int fd = -1;

	pmuv3_attr(&a, PMU_EVT_INST_RETIRED, 0, 0);
	a.disabled = 0;
	a.exclude_kernel = a.exclude_hv = 1;
	/* enabled and running times tell a never-scheduled event apart */
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			PERF_FORMAT_TOTAL_TIME_RUNNING;
	for (tries = 0; tries < 20000000 && fd < 0; tries++)
		fd = (int)syscall(__NR_perf_event_open, &a, -1, 1, -1, 0);
	*(int *)arg = fd;
	return NULL;
}

/* spin_loop(n) once on CPU 1, in a child; 0 when it ran. */
static int spin_on(int cpu, uint64_t n)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set))
			_exit(1);
		spin_loop(n);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/*
 * A per-CPU event opened while its CPU comes up - after perf's online
 * step, perhaps before the driver's - counts from then on: the driver's
 * reset of the PMU must not stop it.  The opener spins on CPU 0 from the
 * moment CPU 1 goes down, so its first successful open lands as early
 * as perf allows; eight times.  EL0 only, and CPU 0 idle meanwhile, so the count is
 * the loop's 2n + 1 plus the few EL0 instructions of the child's exit
 * path (icount is global across vCPUs: bounded, not exact).
 */
TEST(cpu_event_opened_during_online_counts)
{
	const uint64_t n = 100000;
	uint64_t first = 0;
	int cycle, unscheduled = 0;

	for (cycle = 0; cycle < 8; cycle++) {
		uint64_t v0[3], v1[3];
		pthread_t t;
		int fd = -1;

		ASSERT_EQ(0, set_online(1, 0));
		ASSERT_EQ(0, pthread_create(&t, NULL, open_as_soon_as_online, &fd));
		usleep(1000);
		ASSERT_EQ(0, set_online(1, 1));
		ASSERT_EQ(0, pthread_join(t, NULL));
		ASSERT_LE(0, fd);
		ASSERT_EQ(sizeof(v0), read(fd, v0, sizeof(v0)));
		ASSERT_EQ(0, spin_on(1, n));
		ASSERT_EQ(sizeof(v1), read(fd, v1, sizeof(v1)));
		TH_LOG("cycle %d: %llu before the loop, +%llu over it; enabled %llu ns, running %llu ns",
		       cycle, (unsigned long long)v0[0],
		       (unsigned long long)(v1[0] - v0[0]),
		       (unsigned long long)v1[1], (unsigned long long)v1[2]);
		close(fd);
		/*
		 * About one cycle in twenty the open lands early in the
		 * bring-up (enabled ~70 ms, not ~0.8 ms) and perf never
		 * schedules the event (running 0): not a reset of ours, which
		 * would leave it running with a wrong count; the cause is
		 * not established (issue 16).  Such a cycle proves nothing.
		 */
		if (!v1[2]) {
			TH_LOG("cycle %d: perf never scheduled the event", cycle);
			unscheduled++;
			continue;
		}
		ASSERT_LE(2 * n + 1, v1[0] - v0[0]);
		/*
		 * The debug kernel's boot (ARMTRACE_INEXACT) runs this for
		 * its hotplug paths: its slower, busier CPUs run other EL0
		 * work on CPU 1 within the loop (measured +88135 once).
		 */
		if (getenv("ARMTRACE_INEXACT"))
			continue;
		ASSERT_GT(2 * n + 1 + 20000, v1[0] - v0[0]);
		/* Measured: the same count every cycle (2n + 1 + 278). */
		if (!first)
			first = v1[0] - v0[0];
		ASSERT_EQ(first, v1[0] - v0[0]);
	}
	/* Measured: 0 to 2 of 5 cycles unscheduled. */
	ASSERT_LE(3, 8 - unscheduled);
}

/* A task event follows its task when its CPU goes away, five times. */
TEST(task_event_follows_task_across_hotplug)
{
	uint64_t prev = 0, now;
	pid_t child = spinner_on(1);
	int fd, i;

	ASSERT_LT(0, child);
	fd = open_cpu_cycles(-1, child);
	ASSERT_LE(0, fd);
	for (i = 0; i < 5; i++) {
		usleep(10000);
		ASSERT_EQ(0, set_online(1, 0));
		usleep(10000);
		ASSERT_EQ(sizeof(now), read(fd, &now, sizeof(now)));
		ASSERT_LT(prev, now);
		prev = now;
		ASSERT_EQ(0, set_online(1, 1));
	}
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	close(fd);
}

TEST_HARNESS_MAIN
