/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the kernel/hw guest tests share: the armtrace_hwtest debugfs
 * interface, CPU pinning and the labels of branches.S.
 */
#ifndef HWTEST_UTIL_H
#define HWTEST_UTIL_H

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define HWTEST_DIR "/sys/kernel/debug/armtrace_hwtest/"

extern char brb_workload[], brb_call1[], brb_after1[], brb_call2[];
extern char brb_after2[], brb_loop[], brb_cond[], brb_jump[], brb_tail[];
extern char brb_ind[], brb_tail2[], brb_ret[], brb_leaf[], brb_leaf_ret[];
void brb_workload_fn(void) __asm__("brb_workload");
void brb_leaf_fn(void) __asm__("brb_leaf");

/* Send one command to armtrace_hwtest; 0 or -errno. */
static inline int hwtest_ctl(const char *cmd)
{
	int fd = open(HWTEST_DIR "ctl", O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, cmd, strlen(cmd));
	close(fd);
	return n < 0 ? -errno : 0;
}

/* Write "1\n" or "0\n" to a sysfs file (a parameter, a CPU's online); 0 or -1. */
static inline int hwtest_write_bool(const char *path, int on)
{
	FILE *f = fopen(path, "w");
	int ret;

	if (!f)
		return -1;
	ret = fputs(on ? "1\n" : "0\n", f) < 0;
	return fclose(f) || ret ? -1 : 0;
}

/* pmuv3's brbe_history for the events created from now on; 0 or -1. */
static inline int hwtest_brbe_history(int on)
{
	return hwtest_write_bool("/sys/module/armtrace/parameters/brbe_history",
				 on);
}

/* A value from the status file (~0 when absent). */
static inline uint64_t hwtest_status(const char *key)
{
	char line[128], k[64];
	unsigned long long v = ~0ULL, x;
	FILE *f = fopen(HWTEST_DIR "status", "r");

	if (!f)
		return ~0ULL;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%63s %lli", k, &x) == 2 && !strcmp(k, key))
			v = x;
	fclose(f);
	return v;
}

/* The hardware is per CPU: the tests run on CPU 0. */
static inline int hwtest_pin_cpu0(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

#endif /* HWTEST_UTIL_H */
