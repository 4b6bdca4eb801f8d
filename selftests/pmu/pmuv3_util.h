/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the pmuv3 guest tests: opening events on the `pmuv3`
 * PMU and a loop whose instruction count is known exactly.
 */
#ifndef PMUV3_UTIL_H
#define PMUV3_UTIL_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>

#include <armtrace/pmuv3_abi.h>

#define PMUV3_SYSFS "/sys/bus/event_source/devices/pmuv3"

/*
 * spin_loop(n): exactly 2n + 1 instructions from its first instruction to
 * its return (subs + b.ne per iteration, then ret).  n must be >= 1.
 */
void spin_loop(uint64_t n);
extern const char spin_loop_end[];
/* spin_loop_wide(n): exactly 32n + 1 instructions (30 nops a turn). */
void spin_loop_wide(uint64_t n);

static inline long sysfs_read_long(const char *path, int base)
{
	char buf[64] = "";
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	return strtol(buf, NULL, base);
}

static inline int pmuv3_type(void)
{
	return (int)sysfs_read_long(PMUV3_SYSFS "/type", 10);
}

static inline long pmuv3_cap(const char *name)
{
	char path[256];

	snprintf(path, sizeof(path), PMUV3_SYSFS "/caps/%s", name);
	return sysfs_read_long(path, 0);
}

static inline void pmuv3_attr(struct perf_event_attr *a, uint64_t event,
			      uint64_t config1, uint64_t config2)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->type = pmuv3_type();
	a->config = event;
	a->config1 = config1;
	a->config2 = config2;
	a->disabled = 1;
}

static inline int perf_open(struct perf_event_attr *a, int cpu, int group)
{
	return (int)syscall(__NR_perf_event_open, a, cpu == -1 ? 0 : -1,
			    cpu, group, 0);
}

/* errno of a perf_event_open that is expected to fail, 0 if it did not. */
static inline int open_errno(struct perf_event_attr *a)
{
	int fd = perf_open(a, -1, -1);

	if (fd >= 0) {
		close(fd);
		return 0;
	}
	return errno;
}

/* One count of @loop(n) with an opened, disabled event. */
static inline uint64_t count_loop_once(int fd, void (*loop)(uint64_t),
				       uint64_t n)
{
	uint64_t v = ~0ULL;

	ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	loop(n);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	if (read(fd, &v, sizeof(v)) != sizeof(v))
		return ~0ULL;
	return v;
}

static inline uint64_t count_spin_once(int fd, uint64_t n)
{
	return count_loop_once(fd, spin_loop, n);
}

/*
 * The count of @loop(n): the least of three runs.  QEMU 7.2 counts one
 * EL0 instruction too many when an asynchronous interrupt (console output,
 * typically) or a first-touch page fault lands on an exception-level
 * boundary of the counted window, and the minimum filters that out.
 */
static inline uint64_t count_loop(int fd, void (*loop)(uint64_t), uint64_t n)
{
	uint64_t best = ~0ULL, v;
	int i;

	for (i = 0; i < 3; i++) {
		v = count_loop_once(fd, loop, n);
		if (v < best)
			best = v;
	}
	return best;
}

static inline uint64_t count_spin(int fd, uint64_t n)
{
	return count_loop(fd, spin_loop, n);
}

/*
 * Open @a on this task (the caller sets it up: an EL0-only count,
 * disabled) and count spin_loop(100000) against spin_loop(1): how far the
 * count is from the 2 * 99999 instructions between them (0 when exact);
 * INT64_MIN when @a does not open.
 */
static inline int64_t spin_count_error(struct perf_event_attr *a)
{
	uint64_t base, v;
	int fd = perf_open(a, -1, -1);

	if (fd < 0)
		return INT64_MIN;
	base = count_spin(fd, 1);
	v = count_spin(fd, 100000);
	close(fd);
	return (int64_t)(v - base - 2 * 99999);
}

#endif /* PMUV3_UTIL_H */
