// SPDX-License-Identifier: GPL-2.0
/*
 * The `ete` PMU's refusals, each with its errno, on the hardware model's
 * trace unit (every optional feature present: TRCIDR0 BB, CCI, RETSTACK,
 * 64-bit TS; TRCIDR2 32-bit CONTEXTID/VMID, VMIDOPT 0b10; CCITMIN 4):
 *
 *   kernel/ete/ete_config.c: unknown config/config1/config2 bits EINVAL,
 *   cc_threshold without cycacc or below CCITMIN EINVAL, exclude_user +
 *   exclude_kernel EINVAL, contextid2 with the kernel at EL1 EOPNOTSUPP
 *   (accepted under VHE), branch stacks EOPNOTSUPP;
 *   perf core: a CPU number >= nr_cpu_ids EINVAL; the exclusive-PMU rule
 *   (kernel/events/core.c exclusive_event_init/installable): per-task and
 *   CPU-wide events never coexist, two events on one CPU context or one
 *   task never coexist, EBUSY;
 *   address filters (PERF_EVENT_IOC_SET_FILTER, kernel/ete/ete_filter.c,
 *   two comparator pairs): nr_addr_filters 4; two ranges, four start/stop
 *   points, or two points and a range accepted; a third range, a range
 *   and three points, or a start with a size EOPNOTSUPP; a start at an
 *   address not 4-byte aligned EINVAL;
 *   AUX mmap: 1 page refused by setup_aux (ENOMEM from rb_alloc_aux),
 *   a non-power-of-two refused by the core (EINVAL), overwrite (snapshot)
 *   accepted (TRBE's circular mode), 2 pages .. 64 MiB accepted and traced.
 *
 * ARMTRACE_EL=1|2 is the EL the boot runs the kernel at.  TAP out.
 */
#include "ete_util.h"

static int el = 1, ncpus = 1;

/* errno of opening @a per task on the caller (0: opened and closed). */
static int try_open(const struct perf_event_attr *a, pid_t pid, int cpu)
{
	int fd = ete_open(a, pid, cpu);

	if (fd < 0)
		return fd;
	close(fd);
	return 0;
}

static const char *ename(int e)
{
	return e ? strerror(-e) : "success";
}

#define EXPECT(want, got, ...)						\
	do {								\
		int g_ = (got), w_ = (want);				\
		if (!tap(g_ == w_, __VA_ARGS__))			\
			printf("#   got %d (%s), want %d (%s)\n", g_,	\
			       ename(g_), w_, ename(w_));		\
	} while (0)

static void format_alias(void)
{
	char buf[64] = "";
	FILE *f = fopen(ETE_PMU_DIR "format/contextid", "r");

	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = 0;
		fclose(f);
	}
	buf[strcspn(buf, "\n")] = 0;
	tap(!strcmp(buf, el == 2 ? "config:15" : "config:14"),
	    "format/contextid is %s with the kernel at EL%d (read '%s')",
	    el == 2 ? "config:15" : "config:14", el, buf);
}

static void config_bits(void)
{
	struct perf_event_attr a = ete_attr();
	int bit, bad = 0, e;

	for (bit = 0; bit < 64; bit++) {
		a.config = 1ull << bit;
		if (ETE_CFG_KNOWN & a.config)
			continue;
		e = try_open(&a, 0, -1);
		if (e != -EINVAL) {
			printf("#   config bit %d: %d\n", bit, e);
			bad++;
		}
	}
	tap(!bad, "each of the 58 unknown config bits: EINVAL");
	a.config = 0;
	bad = 0;
	for (bit = 12; bit < 64; bit++) {
		a.config = ETE_CFG_CYCACC;
		a.config1 = 1ull << bit;
		e = try_open(&a, 0, -1);
		if (e != -EINVAL) {
			printf("#   config1 bit %d: %d\n", bit, e);
			bad++;
		}
	}
	tap(!bad, "config1 bits 12..63 (beyond cc_threshold): EINVAL");
	a.config = 0;
	a.config1 = 0;
	bad = 0;
	for (bit = 0; bit < 64; bit++) {
		a.config2 = 1ull << bit;
		e = try_open(&a, 0, -1);
		if (e != -EINVAL) {
			printf("#   config2 bit %d: %d\n", bit, e);
			bad++;
		}
	}
	tap(!bad, "each config2 bit: EINVAL");
}

static void fields(void)
{
	static const struct { const char *name; unsigned long long cfg; } f[] = {
		{ "branch_broadcast", ETE_CFG_BRANCH_BROADCAST },
		{ "cycacc", ETE_CFG_CYCACC },
		{ "contextid1", ETE_CFG_CONTEXTID1 },
		{ "timestamp", ETE_CFG_TIMESTAMP },
		{ "retstack", ETE_CFG_RETSTACK },
	};
	struct perf_event_attr a = ete_attr();
	unsigned int i;

	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		a.config = f[i].cfg;
		EXPECT(0, try_open(&a, 0, -1),
		       "%s: accepted (the model's unit has it)", f[i].name);
	}
	a.config = ETE_CFG_CONTEXTID2;
	if (el == 2)
		EXPECT(0, try_open(&a, 0, -1),
		       "contextid2 with the kernel at EL2 (VHE): accepted");
	else
		EXPECT(-EOPNOTSUPP, try_open(&a, 0, -1),
		       "contextid2 with the kernel at EL1: EOPNOTSUPP");
	a.config = ETE_CFG_KNOWN & ~(el == 2 ? 0 : ETE_CFG_CONTEXTID2);
	EXPECT(0, try_open(&a, 0, -1), "every field the EL allows at once: accepted");

	a = ete_attr();
	a.config1 = 8;
	EXPECT(-EINVAL, try_open(&a, 0, -1), "cc_threshold 8 without cycacc: EINVAL");
	a.config = ETE_CFG_CYCACC;
	a.config1 = 3;
	EXPECT(-EINVAL, try_open(&a, 0, -1), "cycacc, cc_threshold 3 < TRCIDR3.CCITMIN 4: EINVAL");
	a.config1 = 4;
	EXPECT(0, try_open(&a, 0, -1), "cycacc, cc_threshold 4 = CCITMIN: accepted");
	a.config1 = 0xfff;
	EXPECT(0, try_open(&a, 0, -1), "cycacc, cc_threshold 0xfff: accepted");

	a = ete_attr();
	a.exclude_user = 1;
	a.exclude_kernel = 1;
	EXPECT(-EINVAL, try_open(&a, 0, -1), "exclude_user + exclude_kernel: EINVAL");
	a.exclude_user = 1;
	a.exclude_kernel = 0;
	EXPECT(0, try_open(&a, 0, -1), "exclude_user alone (kernel only, as root): accepted");

	a = ete_attr();
	a.sample_type = PERF_SAMPLE_BRANCH_STACK;
	a.branch_sample_type = PERF_SAMPLE_BRANCH_ANY;
	EXPECT(-EOPNOTSUPP, try_open(&a, 0, -1), "a branch stack: EOPNOTSUPP");
}

static void cpus(void)
{
	struct perf_event_attr a = ete_attr();
	int c;

	EXPECT(-EINVAL, try_open(&a, -1, ncpus),
	       "CPU-wide on cpu%d (= nr_cpu_ids, no such CPU): EINVAL", ncpus);
	EXPECT(-EINVAL, try_open(&a, -1, 4096), "CPU-wide on cpu4096: EINVAL");
	EXPECT(-EINVAL, try_open(&a, 0, ncpus),
	       "per-task on cpu%d (no such CPU): EINVAL", ncpus);
	for (c = 0; c < ncpus; c++)
		EXPECT(0, try_open(&a, -1, c), "CPU-wide on cpu%d: accepted", c);
}

/* errno of setting @filter on a per-task event of the caller. */
static int try_filter(const char *filter)
{
	struct perf_event_attr a = ete_attr();
	int fd = ete_open(&a, 0, -1), r = 0;

	if (fd < 0)
		return fd;
	if (ioctl(fd, PERF_EVENT_IOC_SET_FILTER, filter))
		r = -errno;
	close(fd);
	return r;
}

/* What fits the model's two comparator pairs, and what does not. */
static void filters(void)
{
	char exe[256], f[2048];
	ssize_t l = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	unsigned long long nr = sysfs_ull(ETE_PMU_DIR "nr_addr_filters");

	if (l <= 0) {
		tap(0, "address filters: /proc/self/exe");
		return;
	}
	exe[l] = 0;
	tap(nr == 4, "nr_addr_filters: 4 (two ranges, or four points; got %llu)", nr);
#define R(o)	"filter " o "/0x40@%s "
#define S(o)	"start " o "@%s "
#define T(o)	"stop " o "@%s "
	snprintf(f, sizeof(f), R("0x100") R("0x200"), exe, exe);
	EXPECT(0, try_filter(f), "two ranges: accepted");
	snprintf(f, sizeof(f), R("0x100") R("0x200") R("0x300"), exe, exe, exe);
	EXPECT(-EOPNOTSUPP, try_filter(f), "three ranges: EOPNOTSUPP");
	snprintf(f, sizeof(f), S("0x100") T("0x200") S("0x300") T("0x400"),
		 exe, exe, exe, exe);
	EXPECT(0, try_filter(f), "four start/stop points: accepted");
	snprintf(f, sizeof(f), S("0x100") T("0x200") R("0x300"), exe, exe, exe);
	EXPECT(0, try_filter(f), "two points and a range: accepted");
	snprintf(f, sizeof(f), S("0x100") T("0x200") S("0x300") R("0x400"),
		 exe, exe, exe, exe);
	EXPECT(-EOPNOTSUPP, try_filter(f), "three points and a range: EOPNOTSUPP");
	snprintf(f, sizeof(f), "start 0x102@%s", exe);
	EXPECT(-EINVAL, try_filter(f),
	       "a start address where no A64 instruction is (0x102): EINVAL");
	snprintf(f, sizeof(f), "start 0x100/0x10@%s", exe);
	EXPECT(-EOPNOTSUPP, try_filter(f),
	       "a start with a size (no comparator matches a range): EOPNOTSUPP");
#undef R
#undef S
#undef T
}

/* The exclusive-PMU rule of kernel/events/core.c. */
static void exclusive(void)
{
	struct perf_event_attr a = ete_attr();
	int fd0, fd1, fdt, go, st;
	pid_t other;

	fd0 = ete_open(&a, -1, 0);
	tap(fd0 >= 0, "CPU-wide event on cpu0 opens");
	EXPECT(-EBUSY, try_open(&a, -1, 0), "a second CPU-wide event on cpu0: EBUSY");
	EXPECT(-EBUSY, try_open(&a, 0, -1), "a per-task event while a CPU-wide one exists: EBUSY");
	EXPECT(-EBUSY, try_open(&a, 0, 0), "a per-task event on cpu0 while a CPU-wide one exists: EBUSY");
	if (ncpus > 1) {
		fd1 = ete_open(&a, -1, 1);
		tap(fd1 >= 0, "a CPU-wide event on cpu1 beside cpu0's opens");
		if (fd1 >= 0)
			close(fd1);
	}
	if (fd0 >= 0)
		close(fd0);

	other = spawn_waiting(1, NULL, &go);
	fdt = ete_open(&a, 0, -1);
	tap(fdt >= 0, "per-task event on the caller opens once the CPU-wide one is closed");
	EXPECT(-EBUSY, try_open(&a, -1, 0), "a CPU-wide event while a per-task one exists: EBUSY");
	EXPECT(-EBUSY, try_open(&a, 0, -1), "a second per-task event on the same task: EBUSY");
	EXPECT(-EBUSY, try_open(&a, 0, 0),
	       "a per-task event on cpu0 of a task with an any-CPU one: EBUSY");
	EXPECT(0, try_open(&a, other, -1), "a per-task event on another task: accepted");
	if (fdt >= 0)
		close(fdt);
	st = go_and_wait(other, go);
	tap(st == 0, "the other task ran");

	fdt = ete_open(&a, 0, 0);
	if (ncpus > 1) {
		EXPECT(0, try_open(&a, 0, 1),
		       "per-task events of one task on cpu0 and on cpu1: accepted");
	}
	if (fdt >= 0)
		close(fdt);
	EXPECT(0, try_open(&a, -1, 0),
	       "with every event closed a CPU-wide event opens again");
}

/* Trace @loops workloads into an AUX area of @pages; 0 or -errno of mmap. */
static int trace_aux(unsigned long pages, int prot, struct ete_recs *rs)
{
	struct perf_event_attr a = ete_attr();
	struct ete_ring r;
	int fd, go, ret, st;
	pid_t pid;

	memset(rs, 0, sizeof(*rs));
	pid = spawn_waiting(20, NULL, &go);
	fd = ete_open(&a, pid, -1);
	if (fd < 0) {
		go_and_wait(pid, go);
		return fd;
	}
	ret = ete_map(&r, fd, 8, pages, prot);
	if (!ret) {
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		st = go_and_wait(pid, go);
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		ete_read_records(&r, rs);
		ete_unmap(&r);
		if (st)
			ret = -ECHILD;
	} else {
		go_and_wait(pid, go);
	}
	close(fd);
	return ret;
}

static void aux_sizes(void)
{
	struct ete_recs *rs = calloc(1, sizeof(*rs));
	unsigned long pages;
	int bad = 0;

	if (!rs)
		return;
	EXPECT(-ENOMEM, trace_aux(1, PROT_READ | PROT_WRITE, rs),
	       "AUX area of 1 page: refused (setup_aux: TRBE needs 2), ENOMEM");
	EXPECT(-EINVAL, trace_aux(3, PROT_READ | PROT_WRITE, rs),
	       "AUX area of 3 pages (not a power of two): EINVAL");
	EXPECT(0, trace_aux(4, PROT_READ, rs),
	       "AUX area in overwrite (snapshot) mode: accepted (circular TRBE)");
	for (pages = 2; pages <= 16384; pages *= 2) {
		int e = trace_aux(pages, PROT_READ | PROT_WRITE, rs);

		if (e || !rs->n || !rs->bytes || rs->raw != rs->n ||
		    rs->truncated || rs->gaps || rs->lost) {
			printf("#   %lu pages: %d, %u records, %llu bytes, %u raw, %u truncated, %u gaps\n",
			       pages, e, rs->n, rs->bytes, rs->raw,
			       rs->truncated, rs->gaps);
			bad++;
		}
		if (pages == 2 || pages == 16384)
			printf("#   %lu pages: %u records, %llu bytes\n", pages,
			       rs->n, rs->bytes);
	}
	tap(!bad, "AUX areas of 2 pages to 64 MiB map and hold the trace (raw, contiguous, untruncated)");
	free(rs);
}

int main(void)
{
	const char *el_s = getenv("ARMTRACE_EL");

	el = el_s ? atoi(el_s) : 1;
	ncpus = (int)sysconf(_SC_NPROCESSORS_CONF);
	if (ete_type() == (__u32)~0u) {
		tap(0, "the ete PMU is registered");
		return 1;
	}
	if (pin_cpu(0))
		return 1;
	printf("# kernel at EL%d, %d CPUs\n", el, ncpus);
	format_alias();
	config_bits();
	fields();
	cpus();
	filters();
	exclusive();
	aux_sizes();
	return tap_fail;
}
