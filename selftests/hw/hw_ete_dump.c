// SPDX-License-Identifier: GPL-2.0
/*
 * End-to-end ETE run for the host: trace brb_workload and a loop that
 * page-faults in the middle of a block at EL0 through armtrace_hwtest,
 * or, given a command, that command run by fork and exec (a real
 * workload: busybox), then print the status registers and the trace as
 * hex on stdout for selftests/hw/host/truth_check, which decodes it with
 * libete and compares the path with the hardware model's ground truth.
 *
 * ARMTRACE_RANGE=workload traces through a ViewInst include range from
 * the second instruction of brb_workload to its BR (a boundary inside a
 * block at each end); truth_check applies the same range to the truth.
 *
 * The binary is linked away from 0x400000, where static programs such
 * as busybox load, so one image holds both without overlap.
 *
 *   STATUS <key> <value>     one per status line
 *   TRACEHEX <hex>           64 trace bytes a line
 *   TRACEEND <bytes>
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "hwtest_util.h"

#define PAGES 16


/* Each first touch faults in the middle of the loop body's block. */
static __attribute__((noinline)) long touch(volatile char *p, int pages)
{
	long sum = 0;
	int i;

	for (i = 0; i < pages; i++)
		sum += p[(long)i * 4096] + i;
	return sum;
}

static pid_t child;

/* fork + exec @argv on this CPU; the child inherits the affinity. */
static int run(char **argv)
{
	int status;
	pid_t pid = fork();

	child = pid;
	if (pid == 0) {
		execv(argv[0], argv);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main(int argc, char **argv)
{
	static uint8_t buf[256 * 1024];
	char line[128];
	size_t len = 0, i;
	volatile char *pages;
	int fd, ok = 1;
	long sum;
	FILE *f;

	if (hwtest_pin_cpu0())
		return 1;
	pages = mmap(NULL, PAGES * 4096, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (pages == MAP_FAILED)
		return 1;

	if (getenv("ARMTRACE_RANGE")) {
		snprintf(line, sizeof(line), "ete-range 0 %lx %lx 1",
			 (unsigned long)brb_workload + 4,
			 (unsigned long)brb_ind);
		if (hwtest_ctl(line))
			ok = 0;
	}
	/* ARMTRACE_CONFIGR: TRCCONFIGR in hex (e.g. 40: CONTEXTID). */
	snprintf(line, sizeof(line), "ete-start 256 %s 1",
		 getenv("ARMTRACE_CONFIGR") ? getenv("ARMTRACE_CONFIGR") : "0");
	if (hwtest_ctl(line))
		ok = 0;
	if (argc > 1) {
		sum = run(argv + 1);
		ok &= sum == 0;
	} else {
		for (i = 0; i < 200; i++)
			brb_workload_fn();
		sum = touch(pages, PAGES);
	}
	if (hwtest_ctl("ete-stop"))
		ok = 0;

	f = fopen(HWTEST_DIR "status", "r");
	while (f && fgets(line, sizeof(line), f))
		printf("STATUS %s", line);
	if (f)
		fclose(f);
	fd = open(HWTEST_DIR "trace", O_RDONLY);
	while (fd >= 0 && len < sizeof(buf)) {
		ssize_t n = read(fd, buf + len, sizeof(buf) - len);

		if (n <= 0)
			break;
		len += n;
	}
	if (fd >= 0)
		close(fd);
	for (i = 0; i < len; i++)
		printf("%s%02x%s", i % 64 ? "" : "TRACEHEX ", buf[i],
		       i % 64 == 63 || i + 1 == len ? "\n" : "");
	printf("TRACEEND %zu\n", len);
	printf("PIDS %d %d\n", (int)getpid(), (int)child);
	printf("%sok 1 - hw_ete_dump: traced %zu bytes (%s %ld)\n",
	       ok && len ? "" : "not ", len,
	       argc > 1 ? "exit status" : "page sum", sum);
	return !(ok && len);
}
