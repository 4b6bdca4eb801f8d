// SPDX-License-Identifier: GPL-2.0
/*
 * CPU hotplug with live `pmuv3` events (-smp 2).  icount is global across
 * vCPUs, so counts are bounded, not exact, here.
 */
#define _GNU_SOURCE
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
