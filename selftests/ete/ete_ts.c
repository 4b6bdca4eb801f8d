// SPDX-License-Identifier: GPL-2.0
/*
 * Trace timestamps are the counter perf's clock comes from.  perf converts
 * trace timestamps with the conversion the kernel publishes for CNTVCT_EL0
 * (the user page's time_zero/mult/shift), so the `ete` PMU selects the
 * virtual counter for trace (TRFCR_ELx.TS 0b01, Arm ARM D3.3 table D3-2).
 * Virtual and physical time differ by CNTVOFF_EL2: under a hypervisor,
 * which the model plays with cntvoff=N, physical time is N ahead.
 *
 * A traced stretch of this task, with timestamps on: every Timestamp
 * packet must lie between CNTVCT_EL0 read before the enable and after the
 * disable (give or take a millisecond: the model estimates the counter
 * between its syncs), and there must be some.
 */
#include "ete_util.h"

static unsigned long long cntvct(void)
{
	unsigned long long v;

	asm volatile("isb; mrs %0, cntvct_el0" : "=r"(v) :: "memory");
	return v;
}

static unsigned long long cntfrq(void)
{
	unsigned long long v;

	asm volatile("mrs %0, cntfrq_el0" : "=r"(v));
	return v;
}

int main(void)
{
	static uint8_t copy[16 * PG];
	struct perf_event_attr a = ete_attr();
	unsigned long long v0, v1, slack;
	struct ete_recs *rs;
	struct ete_scan sc;
	struct ete_ring r;
	int fd, i;

	printf("TAP version 13\n");
	rs = calloc(1, sizeof(*rs));
	if (!rs || pin_cpu(0)) {
		tap(0, "setup (CPU 0)");
		return 1;
	}
	rs->copy = copy;
	rs->copy_cap = sizeof(copy);
	a.config |= ETE_CFG_TIMESTAMP;
	fd = ete_open(&a, 0, -1);
	if (!tap(fd >= 0, "per-task event with timestamps opened (%d)", fd))
		return 1;
	if (!tap(!ete_map(&r, fd, 8, 16, PROT_READ | PROT_WRITE),
		 "ring and 16-page AUX buffer mapped"))
		return 1;
	v0 = cntvct();
	if (ioctl(fd, PERF_EVENT_IOC_ENABLE, 0))
		tap(0, "enable: %s", strerror(errno));
	/* sleeps in between: switches, so Trace On and its timestamp */
	for (i = 0; i < 4; i++) {
		int j;

		for (j = 0; j < 50; j++)
			brb_workload_fn();
		usleep(1000);
	}
	if (ioctl(fd, PERF_EVENT_IOC_DISABLE, 0))
		tap(0, "disable: %s", strerror(errno));
	v1 = cntvct();
	ete_read_records(&r, rs);
	ete_print_records(rs);
	ete_scan(copy, rs->bytes, ete_configr_of(a.config), -1, &sc);
	slack = cntfrq() / 1000;
	printf("# CNTVCT_EL0 %#llx .. %#llx, timestamps %#llx .. %#llx (%u), slack %#llx\n",
	       v0, v1, sc.ts_min, sc.ts_max, sc.tss, slack);
	tap(rs->n >= 1 && !sc.errors && sc.tss >= 1,
	    "the trace decodes and holds timestamps (%u records, %llu bytes, %u Timestamp packets)",
	    rs->n, rs->bytes, sc.tss);
	tap(sc.tss && sc.ts_min + slack >= v0 && sc.ts_max <= v1 + slack,
	    "every timestamp is the virtual counter of the traced stretch (%+lld .. %+lld ticks from its ends)",
	    (long long)(sc.ts_min - v0), (long long)(sc.ts_max - v1));
	ete_unmap(&r);
	close(fd);
	printf("1..%d\n", tap_n);
	return tap_fail != 0;
}
