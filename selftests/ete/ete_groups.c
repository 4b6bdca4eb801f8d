// SPDX-License-Identifier: GPL-2.0
/*
 * Groups across armtrace's two PMUs: a pmuv3 event cannot join a group
 * led by another hardware PMU's event (ete here), as arm_pmu's
 * validate_group() refuses; software events join pmuv3 groups.  An ete
 * event joins groups led by software events only: in a pmuv3 group it
 * would live in pmuv3's context, where perf core's one-event-per-context
 * rule for an exclusive PMU does not see the ete events of this PMU's
 * own context -- two CPU-wide events on one trace unit, the second
 * taking over the first's AUX handle (found by the fuzzer: perf then
 * warns in perf_mmap_close()).  A software group a pmuv3 event joined
 * has moved to pmuv3's context: refused there too.  TAP.
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

static int open_on(long type, unsigned long long config, int group,
		   int pid, int cpu)
{
	struct perf_event_attr a = { .size = sizeof(a) };

	a.type = type;
	a.config = config;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	a.disabled = 1;
	return syscall(SYS_perf_event_open, &a, pid, cpu, group, 0);
}

static int open_ev(long type, unsigned long long config, int group)
{
	return open_on(type, config, group, 0, -1);
}

/* @fd must be -1 with errno @want; closes what opened anyway. */
static int refused(int fd, int want, const char *what)
{
	int e = errno;

	if (fd >= 0 || e != want)
		printf("# %s: fd %d, %s\n", what, fd, fd >= 0 ? "opened" : strerror(e));
	if (fd >= 0)
		close(fd);
	return fd < 0 && e == want;
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
	tap(refused(open_ev(ete, 0, lead), EINVAL, "ete sibling of pmuv3"),
	    "an ete event may not join a pmuv3 event's group: EINVAL");
	if (sib >= 0)
		close(sib);
	close(lead);

	lead = open_ev(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY, -1);
	sib = open_ev(ete, 0, lead);
	tap(lead >= 0 && sib >= 0, "an ete event joins a software event's group");
	if (sib >= 0)
		close(sib);
	/* a pmuv3 event moves the dummy's group into pmuv3's context */
	sib = open_ev(pmu, 0x11, lead);
	tap(sib >= 0, "a pmuv3 event joins the software group (it moves)");
	tap(refused(open_ev(ete, 0, lead), EINVAL, "ete in a moved group"),
	    "an ete event may not join the moved group: EINVAL");
	if (sib >= 0)
		close(sib);
	if (lead >= 0)
		close(lead);

	/* What the fuzzer did: a second CPU-wide event on cpu0's unit. */
	e = open_on(ete, 0, -1, -1, 0);
	tap(e >= 0, "a CPU-wide ete event on cpu0 (as root)");
	lead = open_on(pmu, 0x11, -1, -1, 0);
	tap(refused(open_on(ete, 0, lead, -1, 0), EINVAL,
		    "second CPU-wide ete event, in a pmuv3 group"),
	    "a second one on cpu0, in a CPU-wide pmuv3 group: EINVAL");
	if (lead >= 0)
		close(lead);
	if (e >= 0)
		close(e);
	printf("1..%d\n", n);
	return fail;
}
