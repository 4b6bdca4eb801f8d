// SPDX-License-Identifier: GPL-2.0
/*
 * Groups across armtrace's two PMUs: a pmuv3 event cannot join a group
 * led by another hardware PMU's event (ete here), as arm_pmu's
 * validate_group() refuses; software events join pmuv3 groups.  TAP.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>

static int n, fail;

static void tap(int ok, const char *what)
{
	printf("%sok %d - ete_groups: %s\n", ok ? "" : "not ", ++n, what);
	fail |= !ok;
}

static long type_of(const char *pmu)
{
	char path[128];
	long t = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type",
		 pmu);
	f = fopen(path, "r");
	if (f) {
		if (fscanf(f, "%ld", &t) != 1)
			t = -1;
		fclose(f);
	}
	return t;
}

static int open_ev(long type, unsigned long long config, int group)
{
	struct perf_event_attr a = { .size = sizeof(a) };

	a.type = type;
	a.config = config;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	a.disabled = 1;
	return syscall(SYS_perf_event_open, &a, 0, -1, group, 0);
}

int main(void)
{
	long ete = type_of("ete"), pmu = type_of("pmuv3");
	int lead, sib, e;

	tap(ete >= 0 && pmu >= 0, "both PMUs are registered");
	lead = open_ev(ete, 0, -1);
	tap(lead >= 0, "an ete event leads a group");
	sib = open_ev(pmu, 0x11, lead);
	e = errno;
	if (sib >= 0 || e != EINVAL)
		printf("# pmuv3 sibling: fd %d, %s\n", sib, strerror(e));
	tap(sib < 0 && e == EINVAL, "a pmuv3 event may not join it: EINVAL");
	if (sib >= 0)
		close(sib);
	close(lead);

	lead = open_ev(pmu, 0x11, -1);
	tap(lead >= 0, "a pmuv3 event leads a group");
	sib = open_ev(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, lead);
	tap(sib >= 0, "a software event joins it");
	e = open_ev(pmu, 0x08, lead);
	tap(e >= 0, "a second pmuv3 event joins it too");
	if (e >= 0)
		close(e);
	if (sib >= 0)
		close(sib);
	close(lead);
	printf("1..%d\n", n);
	return fail;
}
