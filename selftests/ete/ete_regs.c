// SPDX-License-Identifier: GPL-2.0
/*
 * Every attr bit and filter case of the `ete` PMU, in the registers the
 * trace unit holds: a per-task event on this process, enabled, and the
 * unit's registers read back from the hardware model while it runs
 * (armtrace_hwtest's debugfs ete_regs, read on this CPU; the test
 * loads armtrace_hwtest for itself if it is not loaded, and unloads it).  The host test
 * ete_config_test holds the attr -> register mapping to the Arm ARM; this
 * one shows the values reach the unit, with the rest of the programming
 * (trace ID, sync period, buffer mode, comparators) around them.
 *
 * Expected values are literals from the Arm ARM (TRCCONFIGR, TRCVICTLR,
 * TRFCR_ELx, TRCACATRn, TRCVIIECTLR, TRCVISSCTLR), not the driver's
 * macros.  ARMTRACE_EL=1|2 is the EL the boot runs the kernel at.  TAP.
 */
#include "ete_util.h"

#define REGS	"/sys/kernel/debug/armtrace_hwtest/ete_regs"
#define ANY	(~0ull)

/* TRCVICTLR: EVENT TRUE, SSSTATUS, no Secure EL; EXLEVEL_NS bit n: ELn off */
#define VI_BASE		0x000f0201ull
#define VI_NS(m)	((unsigned long long)(m) << 20)
#define VI_STOPPED	0x200ull	/* SSSTATUS */
/* TRFCR_ELx: E0TRE/E0HTRE 1 << 0, E1TRE/E2TRE 1 << 1, CX 1 << 3, TS virtual */
#define TRF_TS		0x20ull
/* TRCACATRn: instruction address, every NS EL, no Secure EL */
#define ATR		0xf00ull

static int el = 1;

enum { R_PRG, R_CFG, R_TID, R_VI, R_VIIE, R_VISS, R_AC0, R_AC1, R_AC2,
       R_AC3, R_AT0, R_AT1, R_AT2, R_AT3, R_CCC, R_SYNC, R_TRF, R_LIM, R_N };

static const char *const names[R_N] = {
	"trcprgctlr", "trcconfigr", "trctraceidr", "trcvictlr", "trcviiectlr",
	"trcvissctlr", "trcacvr0", "trcacvr1", "trcacvr2", "trcacvr3",
	"trcacatr0", "trcacatr1", "trcacatr2", "trcacatr3", "trcccctlr",
	"trcsyncpr", "trfcr", "trblimitr",
};

struct want {
	unsigned long long v[R_N];	/* ANY: not compared */
};

/* The registers of this CPU's unit now; the CPU, or -1. */
static int read_regs(unsigned long long *v)
{
	char key[32];
	unsigned long long x;
	int cpu = -1, i, n = 0;
	FILE *f = fopen(REGS, "r");

	if (!f)
		return -1;
	if (fscanf(f, "cpu %d", &cpu) != 1)
		cpu = -1;
	while (fscanf(f, "%31s %llx", key, &x) == 2)
		for (i = 0; i < R_N; i++)
			if (!strcmp(key, names[i])) {
				v[i] = x;
				n++;
			}
	fclose(f);
	return n == R_N ? cpu : -1;
}

/* Defaults of every case: what the driver programs around the attr. */
static struct want base(void)
{
	struct want w;
	int i;

	for (i = 0; i < R_N; i++)
		w.v[i] = ANY;
	w.v[R_PRG] = 1;			/* EN */
	w.v[R_TID] = 0x10;		/* 0x10 + 2 * cpu, CPU 0 */
	w.v[R_SYNC] = 12;		/* every 4 KiB */
	w.v[R_CFG] = 0;
	w.v[R_CCC] = 0;
	w.v[R_VIIE] = 0;
	w.v[R_VISS] = 0;
	/* ete//u: EL0 only; EL2 off at EL1, EL1 (guest kernels) at EL2 */
	w.v[R_VI] = VI_BASE | VI_NS(0xe);
	w.v[R_TRF] = TRF_TS | 0x1;
	return w;
}

static void run(const char *name, struct perf_event_attr a, const char *filter,
		struct want w)
{
	unsigned long long v[R_N];
	struct ete_ring r;
	int fd = ete_open(&a, 0, -1), cpu = -1, good, i, err = 0;

	if (fd < 0) {
		printf("# %s: open: %s\n", name, strerror(-fd));
		tap(0, "%s", name);
		return;
	}
	if (filter && ioctl(fd, PERF_EVENT_IOC_SET_FILTER, filter))
		err = -errno;
	if (!err)
		err = ete_map(&r, fd, 8, 4, PROT_READ | PROT_WRITE);
	if (!err) {
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		cpu = read_regs(v);
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		ete_unmap(&r);
	}
	close(fd);
	good = !err && cpu == 0;
	/* TRBLIMITR_EL1: E (bit 0), fill mode (FM bits 2:1 0) */
	good = good && (v[R_LIM] & 0x7) == 1;
	for (i = 0; good && i < R_N; i++)
		good = w.v[i] == ANY || v[i] == w.v[i];
	if (!good) {
		printf("# %s: err %d cpu %d trblimitr %#llx\n", name, err, cpu,
		       cpu >= 0 ? v[R_LIM] : 0);
		for (i = 0; !err && cpu >= 0 && i < R_N; i++)
			if (w.v[i] != ANY && v[i] != w.v[i])
				printf("#   %s %#llx, want %#llx\n", names[i],
				       v[i], w.v[i]);
	}
	tap(good, "%s", name);
}

static void attrs(void)
{
	struct perf_event_attr a = ete_attr();
	struct want w = base();
	unsigned long long kel = 1ull << el;	/* the kernel's EL */

	run("ete//u: TRCCONFIGR 0, EL0 in TRCVICTLR and TRFCR, trace ID, sync, fill mode",
	    a, NULL, w);

	a.config = 0x100;		/* branch_broadcast */
	w.v[R_CFG] = 0x8;		/* BB */
	run("branch_broadcast: TRCCONFIGR.BB", a, NULL, w);

	a.config = 0x1000;		/* cycacc */
	w.v[R_CFG] = 0x10;		/* CCI */
	w.v[R_CCC] = 4;			/* TRCIDR3.CCITMIN */
	run("cycacc: TRCCONFIGR.CCI, TRCCCCTLR at CCITMIN (4)", a, NULL, w);
	a.config1 = 0x100;		/* cc_threshold */
	w.v[R_CCC] = 0x100;
	run("cycacc,cc_threshold=256: TRCCCCTLR 0x100", a, NULL, w);
	a.config1 = 0;
	w.v[R_CCC] = 0;

	a.config = el == 2 ? 0x8000 : 0x4000;	/* contextid2 / contextid1 */
	w.v[R_CFG] = el == 2 ? 0x8080 : 0x40;	/* VMID+VMIDOPT / CID */
	w.v[R_TRF] = TRF_TS | 0x1 | (el == 2 ? 0x8 : 0);	/* CX at EL2 */
	run(el == 2 ? "contextid2: TRCCONFIGR.VMID+VMIDOPT, TRFCR.CX" :
		      "contextid1: TRCCONFIGR.CID", a, NULL, w);
	w.v[R_TRF] = TRF_TS | 0x1;

	a.config = 0x10000000;		/* timestamp */
	w.v[R_CFG] = 0x800;		/* TS */
	run("timestamp: TRCCONFIGR.TS", a, NULL, w);

	a.config = 0x20000000;		/* retstack */
	w.v[R_CFG] = 0x1000;		/* RS */
	run("retstack: TRCCONFIGR.RS", a, NULL, w);
	a.config = 0;
	w.v[R_CFG] = 0;

	a.exclude_kernel = 0;
	w.v[R_VI] = VI_BASE | VI_NS(0xe & ~kel);
	w.v[R_TRF] = TRF_TS | 0x3;
	run("exclude_kernel=0: the kernel's EL in TRCVICTLR and TRFCR too", a,
	    NULL, w);
	a.exclude_user = 1;
	w.v[R_VI] = VI_BASE | VI_NS(0xf & ~kel);
	w.v[R_TRF] = TRF_TS | 0x2;
	run("exclude_user=1: the kernel's EL only", a, NULL, w);
}

/* Start points the test runs through (noipa: two functions, not one). */
static __attribute__((noipa)) void mark_a(void)
{
}

static __attribute__((noipa)) void mark_b(void)
{
}

/* TRCVICTLR.SSSTATUS the unit was last started with, or -1. */
static int ssstatus_now(void)
{
	unsigned long long v[R_N];

	return read_regs(v) == 0 ? !!(v[R_VI] & VI_STOPPED) : -1;
}

/*
 * The start/stop logic's state belongs to the event: a start point run
 * leaves it started over a disable and enable (TRCVICTLR.SSSTATUS saved
 * at the stop, written at the start); a new filter set, even of the same
 * kinds, begins stopped again.
 */
static void ss_state(void)
{
	struct perf_event_attr a = ete_attr();
	char exe[256], f[1024];
	long oa = file_offset((void *)mark_a, exe, sizeof(exe));
	long ob = file_offset((void *)mark_b, exe, sizeof(exe));
	int fd = ete_open(&a, 0, -1), s0 = -1, s1 = -1, s2 = -1;
	struct ete_ring r;

	if (fd < 0 || oa < 0 || ob < 0) {
		tap(0, "start/stop state: the event and its points");
		if (fd >= 0)
			close(fd);
		return;
	}
	snprintf(f, sizeof(f), "start %#lx@%s", oa, exe);
	if (!ioctl(fd, PERF_EVENT_IOC_SET_FILTER, f) &&
	    !ete_map(&r, fd, 8, 4, PROT_READ | PROT_WRITE)) {
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		s0 = ssstatus_now();
		mark_a();		/* the start point runs */
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		s1 = ssstatus_now();
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		snprintf(f, sizeof(f), "start %#lx@%s", ob, exe);
		if (!ioctl(fd, PERF_EVENT_IOC_SET_FILTER, f)) {
			ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
			s2 = ssstatus_now();
			ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		}
		ete_unmap(&r);
	}
	close(fd);
	tap(s0 == 0 && s1 == 1 && s2 == 0,
	    "start/stop state: stopped at first (%d), started after its start point ran, over a disable (%d), stopped again with a new set of the same kind (%d)",
	    s0, s1, s2);
}

static void filters(void)
{
	struct perf_event_attr a = ete_attr();
	struct want w = base();
	char exe[256], f[1024];
	unsigned long lo = (unsigned long)attrs, hi = (unsigned long)run;
	long olo = file_offset((void *)lo, exe, sizeof(exe));
	long ohi = file_offset((void *)hi, exe, sizeof(exe));

	if (olo < 0 || ohi < 0) {
		tap(0, "the test's own text in /proc/self/maps");
		return;
	}
	snprintf(f, sizeof(f), "filter %#lx/0x40@%s", olo, exe);
	w.v[R_AC0] = lo;
	w.v[R_AC1] = lo + 0x3f;
	w.v[R_AT0] = ATR;
	w.v[R_AT1] = ATR;
	w.v[R_VIIE] = 0x1;		/* INCLUDE[0] */
	run("filter: an include range on comparator pair 0", a, f, w);

	snprintf(f, sizeof(f), "start %#lx@%s stop %#lx@%s", olo, exe, ohi, exe);
	w.v[R_AC1] = hi;
	w.v[R_VIIE] = 0;
	w.v[R_VISS] = 0x20001;		/* START[0], STOP[1] */
	w.v[R_VI] &= ~VI_STOPPED;	/* with a start point: stopped */
	run("start, stop: comparators 0 and 1 in TRCVISSCTLR, the logic stopped", a,
	    f, w);

	snprintf(f, sizeof(f), "stop %#lx@%s", ohi, exe);
	w = base();
	w.v[R_AC0] = hi;
	w.v[R_AT0] = ATR;
	w.v[R_VISS] = 0x10000;		/* STOP[0] */
	run("stop alone: TRCVISSCTLR STOP[0], the logic started", a, f, w);

	snprintf(f, sizeof(f), "filter %#lx/0x40@%s start %#lx@%s", olo, exe,
		 ohi, exe);
	w = base();
	w.v[R_AC0] = hi;
	w.v[R_AT0] = ATR;
	w.v[R_AC2] = lo;
	w.v[R_AC3] = lo + 0x3f;
	w.v[R_AT2] = ATR;
	w.v[R_AT3] = ATR;
	w.v[R_VIIE] = 0x2;		/* INCLUDE[1] */
	w.v[R_VISS] = 0x1;		/* START[0] */
	w.v[R_VI] &= ~VI_STOPPED;
	run("a range and a start: the point on comparator 0, the range on pair 1", a,
	    f, w);
}

int main(void)
{
	const char *el_s = getenv("ARMTRACE_EL");
	int loaded;

	el = el_s ? atoi(el_s) : 1;
	if (ete_type() == (__u32)~0u) {
		tap(0, "the ete PMU is registered");
		return 1;
	}
	if (pin_cpu(0))
		return 1;
	/* The test driver for the read-back, for this test only. */
	loaded = access(REGS, R_OK) && !system("insmod ./armtrace_hwtest.ko");
	if (access(REGS, R_OK)) {
		tap(0, "armtrace_hwtest's %s", REGS);
		return 1;
	}
	printf("# kernel at EL%d\n", el);
	attrs();
	filters();
	ss_state();
	if (loaded && system("rmmod armtrace_hwtest"))
		tap(0, "rmmod armtrace_hwtest");
	return tap_fail;
}
