// SPDX-License-Identifier: GPL-2.0
/*
 * A trace unit that never goes idle again: the model's ete_busy=never,
 * where TRCSTATR.IDLE stays 0 once TRCPRGCTLR.EN is cleared.  ETE
 * "Programming the trace unit": a driver waits for IDLE before it reads
 * the unit's state or programs it, and that wait must be bounded.
 *
 * The `ete` PMU must give up on such a unit without hanging:
 *   - the first stop (a switch out of the traced task) times out; the
 *     trace the unit still held is lost, so that record is flagged
 *     TRUNCATED, which disables the event, and the kernel says why;
 *   - an enable after that finds the unit still busy: it programs
 *     nothing (the model counts programming writes to a busy unit, and
 *     the run's truth log fails on one) and ends with another TRUNCATED
 *     record, empty, disabling the event again;
 *   - the debugfs loss count follows the flags.
 */
#include "ete_util.h"

#include <sched.h>

/* Traced work, then a sleep: a switch out of this task, so a stop. */
static void work_and_sleep(void)
{
	int i;

	for (i = 0; i < 200; i++)
		brb_workload_fn();
	usleep(2000);
}

int main(void)
{
	static uint8_t copy[16 * PG];
	struct perf_event_attr a = ete_attr();
	struct ete_loss l0, l1;
	struct ete_recs *rs;
	struct ete_times t0, t1;
	struct ete_scan sc;
	struct ete_ring r;
	unsigned int n1;
	int fd, rd;

	printf("TAP version 13\n");
	rs = calloc(1, sizeof(*rs));
	if (!rs || pin_cpu(0) || ete_loss_read(0, &l0)) {
		tap(0, "setup (CPU 0, the loss counters)");
		return 1;
	}
	rs->copy = copy;
	rs->copy_cap = sizeof(copy);
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			PERF_FORMAT_TOTAL_TIME_RUNNING;
	fd = ete_open(&a, 0, -1);
	if (!tap(fd >= 0, "per-task event opened (%d)", fd))
		return 1;
	if (!tap(!ete_map(&r, fd, 8, 16, PROT_READ | PROT_WRITE),
		 "ring and 16-page AUX buffer mapped"))
		return 1;

	/* First run: traced until the first stop, which cannot finish. */
	if (ioctl(fd, PERF_EVENT_IOC_ENABLE, 0))
		tap(0, "enable: %s", strerror(errno));
	work_and_sleep();
	work_and_sleep();
	rd = ete_read_times(fd, &t0);
	work_and_sleep();
	rd |= ete_read_times(fd, &t1);
	tap(!rd && t0.enabled && t1.enabled == t0.enabled,
	    "the event is disabled after the stop that timed out (enabled %llu then %llu ns)",
	    t0.enabled, t1.enabled);
	ete_read_records(&r, rs);
	ete_print_records(rs);
	tap(rs->n == 1 && rs->truncated == 1 && rs->v[0].size > 0,
	    "one record, flagged TRUNCATED, with the trace written before the stop (%u records, %u truncated, %llu bytes)",
	    rs->n, rs->truncated, rs->n ? rs->v[0].size : 0);
	ete_scan(copy, rs->bytes, ete_configr_of(a.config), -1, &sc);
	tap(sc.asyncs >= 1 && sc.addrs >= 1 && !sc.kernel_addrs && !sc.errors,
	    "its trace is ETE from the unit's start: %u packets, %u A-Sync, %u addresses, no kernel address, no error",
	    sc.pkts, sc.asyncs, sc.addrs);
	tap(dmesg_has("trace unit not idle after"),
	    "the kernel log says the trace unit did not go idle");
	n1 = rs->n;

	/* Second run: the unit is still busy; nothing may be programmed. */
	if (ioctl(fd, PERF_EVENT_IOC_ENABLE, 0))
		tap(0, "enable again: %s", strerror(errno));
	work_and_sleep();
	rd = ete_read_times(fd, &t0);
	work_and_sleep();
	rd |= ete_read_times(fd, &t1);
	tap(!rd && t1.enabled == t0.enabled,
	    "enabled again on the busy unit: disabled again (enabled %llu then %llu ns)",
	    t0.enabled, t1.enabled);
	ete_read_records(&r, rs);
	ete_print_records(rs);
	tap(n1 == 1 && rs->n == n1 + 1 && rs->truncated == 2 &&
	    rs->v[1].size == 0 && rs->v[1].off == rs->v[0].size,
	    "the start that found the unit busy: one more record, TRUNCATED and empty, where the first ended (%u records)",
	    rs->n);
	tap(rs->other_flags == 0 && rs->collision == 0 && rs->lost == 0 &&
	    rs->gaps == 0, "no other flag, no collision, no lost record, no gap");
	if (!ete_loss_read(0, &l1))
		tap(l1.truncated - l0.truncated == rs->truncated,
		    "debugfs counts each truncated record once (%llu, %u records)",
		    l1.truncated - l0.truncated, rs->truncated);
	else
		tap(0, "debugfs loss counters read back");

	ete_unmap(&r);
	close(fd);
	free(rs);
	printf("1..%d\n", tap_n);
	return tap_fail;
}
