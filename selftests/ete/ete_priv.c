// SPDX-License-Identifier: GPL-2.0
/*
 * An unprivileged user and the `ete` PMU, with perf_event_paranoid 2:
 * the perf core's rules (kernel/events/core.c perf_event_open:
 * perf_allow_kernel(), perf_allow_cpu(), the ptrace check of the target
 * task), each EACCES, and the trace an allowed event gives contains no
 * kernel address (libete's packet layer, every address packet).
 *
 * Runs as root; a child drops to uid/gid 65534 (nobody) with
 * setresuid() before its perf_event_open() calls.  TAP out.
 */
#include "ete_util.h"
#include <grp.h>

#define PARANOID	"/proc/sys/kernel/perf_event_paranoid"

static int as_nobody(void)
{
	gid_t g = 65534;

	return setgroups(1, &g) || setresgid(65534, 65534, 65534) ||
	       setresuid(65534, 65534, 65534);
}

/* In the unprivileged child: its tests, TAP numbering continued. */
static int child(int first, int *count)
{
	struct perf_event_attr a = ete_attr();
	struct ete_recs *rs = calloc(1, sizeof(*rs));
	struct ete_scan s;
	struct ete_ring r;
	int fd, e, i;

	tap_n = first;
	*count = 0;
	if (!rs || as_nobody())
		return 2;
	tap(geteuid() == 65534, "running as uid 65534");

	a.exclude_kernel = 0;
	e = ete_open(&a, 0, -1);
	tap(e == -EACCES, "unprivileged, exclude_kernel=0 on itself: EACCES (got %d)", e);
	if (e >= 0)
		close(e);
	a.exclude_kernel = 1;
	e = ete_open(&a, 1, -1);
	tap(e == -EACCES, "unprivileged, per-task on init (root's task): EACCES (got %d)", e);
	if (e >= 0)
		close(e);
	e = ete_open(&a, -1, 0);
	tap(e == -EACCES, "unprivileged, CPU-wide on cpu0: EACCES (got %d)", e);
	if (e >= 0)
		close(e);

	fd = ete_open(&a, 0, -1);
	if (!tap(fd >= 0, "unprivileged, exclude_kernel=1 on itself: opens (%d)", fd))
		goto out;
	e = ete_map(&r, fd, 4, 16, PROT_READ | PROT_WRITE);
	if (!tap(!e, "unprivileged: a 16-page AUX area maps (%d)", e))
		goto out;
	rs->copy = malloc(16 * PG);
	rs->copy_cap = 16 * PG;
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < 50; i++) {
		brb_workload_fn();
		/* into the kernel and back: an exception the trace may show */
		getppid();
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ete_read_records(&r, rs);
	ete_print_records(rs);
	tap(rs->n && rs->bytes && !rs->truncated && rs->raw == rs->n,
	    "unprivileged: trace recorded (%llu bytes)", rs->bytes);
	ete_scan(rs->copy, rs->bytes, ete_configr_of(0), -1, &s);
	tap(s.pkts && s.addrs && !s.errors && !s.kernel_addrs,
	    "unprivileged: %u packets, %u addresses, %u kernel addresses, %u errors",
	    s.pkts, s.addrs, s.kernel_addrs, s.errors);
	ete_unmap(&r);
	close(fd);
out:
	*count = tap_n;
	return tap_fail;
}

int main(void)
{
	int *count = mmap(NULL, PG, PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	char old[16] = "";
	int st, fd;
	pid_t pid;
	ssize_t n;

	if (ete_type() == (__u32)~0u || pin_cpu(0)) {
		tap(0, "the ete PMU is registered");
		return 1;
	}
	fd = open(PARANOID, O_RDONLY);
	n = fd >= 0 ? read(fd, old, sizeof(old) - 1) : -1;
	if (fd >= 0)
		close(fd);
	if (n <= 0 || write_file(PARANOID, "2")) {
		tap(0, "perf_event_paranoid set to 2");
		return 1;
	}
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(child(tap_n, count));
	waitpid(pid, &st, 0);
	tap_n = count[0];
	write_file(PARANOID, old);
	tap(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	    "the unprivileged child passed all its checks");
	return tap_fail;
}
