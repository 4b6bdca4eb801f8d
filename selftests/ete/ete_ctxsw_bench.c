// SPDX-License-Identifier: GPL-2.0
/*
 * What a live per-task ete event costs a context switch, in kernel
 * instructions (exact under QEMU's -icount; `make bench` boots it).
 *
 * Two processes pinned to CPU 0 bounce a byte over two pipes N times:
 * 2N context switches, N of them into the traced process and N out of
 * it.  pmuv3's inst_retired counts CPU 0's kernel instructions (EL1 or
 * EL2, exclude_user) over the bounce, three times each:
 *
 *   anchor   no event on either process
 *   counted  a per-task pmuv3 counting event on one of them: what the perf
 *            core's context switch of a task with one event costs, with
 *            a PMU whose add/del is a few register writes
 *   traced   a per-task ete event (EL0 only) on one of them: each switch
 *            into it runs ete add()/start(), each switch out del()/stop()
 *            with the drain and the AUX record
 *
 * and prints the least of three for each, the cost per switch in and out
 * of the task over the anchor, and traced over counted.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/perf_event.h>

#define N		10000
#define RUNS		3

static long sysfs_long(const char *path)
{
	long v = -1;
	FILE *f = fopen(path, "r");

	if (f) {
		if (fscanf(f, "%li", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

static int open_event(struct perf_event_attr *a, pid_t pid, int cpu)
{
	return syscall(SYS_perf_event_open, a, pid, cpu, -1, 0);
}

static void pin0(void)
{
	cpu_set_t s;

	CPU_ZERO(&s);
	CPU_SET(0, &s);
	sched_setaffinity(0, sizeof(s), &s);
}

/* One measured bounce; @mode 1: a pmuv3 event on the child, 2: ete. */
static long long bounce(int mode, long ete_type, long pmu_type)
{
	struct perf_event_attr cnt = { .size = sizeof(cnt) }, ete = { 0 };
	int ab[2], ba[2], fd_cnt, fd_ete = -1, i;
	long long count = -1;
	void *ring = MAP_FAILED, *aux = MAP_FAILED;
	char c = 0;
	pid_t pid;

	if (pipe(ab) || pipe(ba))
		return -1;
	pid = fork();
	if (pid == 0) {
		pin0();
		for (i = 0; i < N + 1; i++)
			if (read(ab[0], &c, 1) != 1 || write(ba[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	if (mode == 1) {
		ete.size = sizeof(ete);
		ete.type = pmu_type;
		ete.config = 0x0011;	/* CPU_CYCLES */
		ete.exclude_kernel = 1;
		fd_ete = open_event(&ete, pid, -1);
		if (fd_ete < 0)
			goto out;
	} else if (mode == 2) {
		ete.size = sizeof(ete);
		ete.type = ete_type;
		ete.exclude_kernel = 1;
		ete.exclude_hv = 1;
		fd_ete = open_event(&ete, pid, -1);
		if (fd_ete < 0)
			goto out;
		ring = mmap(NULL, 2 * 4096, PROT_READ | PROT_WRITE, MAP_SHARED,
			    fd_ete, 0);
		if (ring == MAP_FAILED)
			goto out;
		((struct perf_event_mmap_page *)ring)->aux_offset = 2 * 4096;
		((struct perf_event_mmap_page *)ring)->aux_size = 256 * 4096;
		/* Overwrite mode: the buffer never fills and stops the event. */
		aux = mmap(NULL, 256 * 4096, PROT_READ, MAP_SHARED, fd_ete,
			   2 * 4096);
		if (aux == MAP_FAILED)
			goto out;
	}
	/* warm up: one round trip outside the count */
	if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1)
		goto out;
	cnt.type = pmu_type;
	cnt.config = 0x0008;		/* INST_RETIRED */
	cnt.exclude_user = 1;
	cnt.disabled = 1;
	fd_cnt = open_event(&cnt, -1, 0);
	if (fd_cnt < 0)
		goto out;
	ioctl(fd_cnt, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < N; i++)
		if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1)
			break;
	ioctl(fd_cnt, PERF_EVENT_IOC_DISABLE, 0);
	if (i == N && read(fd_cnt, &count, sizeof(count)) != sizeof(count))
		count = -1;
	close(fd_cnt);
out:
	waitpid(pid, NULL, 0);
	if (aux != MAP_FAILED)
		munmap(aux, 256 * 4096);
	if (ring != MAP_FAILED)
		munmap(ring, 2 * 4096);
	if (fd_ete >= 0)
		close(fd_ete);
	close(ab[0]);
	close(ab[1]);
	close(ba[0]);
	close(ba[1]);
	return count;
}

int main(void)
{
	long ete_type = sysfs_long("/sys/bus/event_source/devices/ete/type");
	long pmu_type = sysfs_long("/sys/bus/event_source/devices/pmuv3/type");
	long long best[3] = { -1, -1, -1 };
	int t, r;

	pin0();
	if (ete_type < 0 || pmu_type < 0) {
		printf("not ok 1 - ete_ctxsw_bench: ete and pmuv3 PMUs present\n");
		return 1;
	}
	for (r = 0; r < RUNS; r++)
		for (t = 0; t < 3; t++) {
			long long v = bounce(t, ete_type, pmu_type);

			if (v > 0 && (best[t] < 0 || v < best[t]))
				best[t] = v;
		}
	if (best[0] <= 0 || best[1] <= 0 || best[2] <= 0) {
		printf("not ok 1 - ete_ctxsw_bench: the bounce was counted\n");
		return 1;
	}
	printf("BENCH ctxsw round trips %d, kernel instructions: anchor %lld, pmuv3 event %lld, ete event %lld\n",
	       N, best[0], best[1], best[2]);
	printf("BENCH ctxsw per switch in+out of the task: pmuv3 event adds %.1f, ete event adds %.1f (%.2fx pmuv3's); a switch alone costs %.1f\n",
	       (best[1] - best[0]) / (double)N, (best[2] - best[0]) / (double)N,
	       (double)(best[2] - best[0]) / (best[1] - best[0]),
	       best[0] / (2.0 * N));
	printf("ok 1 - ete_ctxsw_bench: measured\n");
	return 0;
}
