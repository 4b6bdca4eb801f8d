// SPDX-License-Identifier: GPL-2.0
/*
 * perf_fuzz: a seeded perf_event_open fuzzer for armtrace's PMUs.
 *
 *   perf_fuzz -s SEED [-n ITERS] [-t SECONDS] [-u UID] [-H] [-v] [-W] [-P PMU]
 *             [-S]
 *
 * Opens events of the `pmuv3` and `ete` PMUs (their types read from sysfs;
 * other PMUs' bugs are not ours to find) with random config words, every
 * attr flag, sample/branch/read formats and periods, on random pid, cpu and
 * group; then runs a random sequence of ioctl, read, mmap (ring buffer and
 * AUX area), munmap, close, poll, fcntl, prctl, fork (+exec) and busy work
 * on them.  -u drops to that uid/gid after setup, so the same seed runs the
 * unprivileged paths; -H (as root) adds CPU hotplug to the mix.  -P PMU
 * gives pmuv3's share of the events to another PMU (its sysfs name, such
 * as the built-in armv8_pmuv3 of a device-tree boot), to tell our driver's
 * bugs from the perf core's under the same seed.
 *
 * -S (storm) asks whether any user can starve a CPU through our PMUs'
 * interrupts: one fuzzer per CPU, pinned there, opens mostly sampling
 * events with periods from 1 (pmuv3's overflow interrupt, the ete PMU's
 * TRBE interrupt with small AUX areas) and plays ioctl, read, mmap and
 * busy work on them, without fork or hotplug (whose task-context
 * bookkeeping is perf core's, see Documentation/test-rig.rst), while the
 * first process sleeps 10 ms at a time on each CPU in turn: it exits 3 if
 * a wake-up came more than STORM_GAP seconds late.
 *
 * Every choice comes from one xorshift generator seeded by SEED, so a seed
 * replays the same call sequence as long as the kernel answers the same
 * (-v prints each call).  The fuzzer judges nothing the kernel returns:
 * the run passes when it ends by itself, and the kernel log, read by the
 * host (scripts/qemu-run.sh), holds no report.  It exits 0 after its
 * iterations or time, 1 on a usage error, 2 with -W when the kernel
 * warned (its taint gained W: the -v log then ends at the calls that
 * led to the warning); a signal or the alarm ends it
 * otherwise.  The last line is "perf_fuzz: seed S: N iterations in T s",
 * with how many events the kernel accepted and how many rings and AUX
 * areas it mapped (the parent's own, not its children's).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/perf_event.h>

#include <armtrace/ete_abi.h>
#include <armtrace/pmuv3_abi.h>

#define MAX_FDS		48
#define MAX_KIDS	4
#define PAGE		4096UL
/*
 * -S: the longest a 10 ms sleep may take.  Without icount guest time is
 * host time on a shared 2-core host, so this bound only catches
 * starvation: seconds, as before an RCU stall (21 s) or soft lockup (20 s).
 */
#define STORM_GAP	3.0

static uint64_t rng;
static int verbose;
static int storm;
static int pmuv3_type = -1, ete_type = -1;
static int ncpus = 1;
static pid_t target = -1;	/* a child that spins: events on another task */

struct slot {
	int fd;
	void *ring;		/* user page + data pages, or NULL */
	size_t ring_len;
	void *aux;
	size_t aux_len;
	int ete;		/* an ete event: its ring can take an AUX area */
};

static struct slot slots[MAX_FDS];
/* What the kernel accepted, so a run shows how deep it got. */
static unsigned long n_pmuv3, n_ete, n_other, n_ring, n_aux;
static pid_t kids[MAX_KIDS];

static uint64_t next(void)
{
	/* xorshift64*: small, and the same on every libc */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

/* A number in [0, n). */
static uint64_t below(uint64_t n)
{
	return n ? next() % n : 0;
}

/* True one time in n. */
static int one_in(unsigned int n)
{
	return below(n) == 0;
}

static void vlog(const char *fmt, ...)
{
	va_list ap;

	if (!verbose)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

static long read_long(const char *path)
{
	char buf[32] = "";
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	return buf[0] ? strtol(buf, NULL, 10) : -1;
}

/* Sparse random bits: each of @mask's bits set one time in @n. */
static uint64_t some_bits(uint64_t mask, unsigned int n)
{
	uint64_t v = 0;
	int b;

	for (b = 0; b < 64; b++)
		if ((mask & (1ULL << b)) && one_in(n))
			v |= 1ULL << b;
	return v;
}

/* Mostly sane values with the odd wild one, as fuzzers find bugs at edges. */
static uint64_t interesting(void)
{
	static const uint64_t edge[] = {
		0, 1, 2, 3, 7, 8, 0xff, 0x100, 0xffff, 0x10000, 0x7fffffff,
		0x80000000, 0xffffffff, 0x100000000ULL, 0x7fffffffffffffffULL,
		0x8000000000000000ULL, ~0ULL, ~0ULL - 1,
	};

	switch (below(4)) {
	case 0:
		return edge[below(sizeof(edge) / sizeof(edge[0]))];
	case 1:
		return below(4096);
	case 2:
		return 1ULL << below(64);
	default:
		return next();
	}
}

static void pmuv3_config(struct perf_event_attr *a)
{
	switch (below(8)) {
	case 0:
		a->config = interesting();
		break;
	case 1:
		a->config = below(0x10000);
		break;
	default:
		/* the architected common events, CPU_CYCLES most */
		a->config = one_in(3) ? 0x11 : below(0x40);
		break;
	}
	switch (below(6)) {
	case 0:
		a->config1 = interesting();
		break;
	case 1:
	case 2:
		a->config1 = PMUV3_CFG1_FILTER |
			     some_bits(PMUV3_CFG1_RAW_FILTERS, 3);
		break;
	default:
		break;
	}
	if (one_in(4))
		a->config2 = one_in(2) ? interesting() :
			     some_bits(PMUV3_CFG2_TH | PMUV3_CFG2_TC, 3);
}

static void ete_config(struct perf_event_attr *a)
{
	a->config = one_in(6) ? interesting() : some_bits(ETE_CFG_KNOWN, 2);
	if (one_in(3))
		a->config1 = one_in(2) ? interesting() : below(4096);
	if (one_in(6))
		a->config2 = interesting();
}

static int pick_type(struct perf_event_attr *a)
{
	unsigned int r = below(100);

	if (r < 55 || (ete_type < 0 && r < 80)) {
		a->type = pmuv3_type;
		pmuv3_config(a);
	} else if (r < 80) {
		a->type = ete_type;
		ete_config(a);
	} else if (r < 88) {
		/* RAW and HARDWARE reach pmuv3 too when it is the CPU PMU */
		a->type = one_in(2) ? PERF_TYPE_RAW : PERF_TYPE_HARDWARE;
		a->config = a->type == PERF_TYPE_RAW ? below(0x40) : below(12);
	} else if (r < 96) {
		/* software leaders make mixed groups */
		a->type = PERF_TYPE_SOFTWARE;
		a->config = one_in(2) ? PERF_COUNT_SW_CPU_CLOCK :
					PERF_COUNT_SW_DUMMY;
	} else {
		a->type = (uint32_t)interesting();
		a->config = interesting();
	}
	return a->type;
}

/*
 * Tame the flags that the perf core refuses on their own, so that most
 * opens reach the PMU's event_init and most events get scheduled: a
 * fuzzer whose every attr is refused tests the refusals only.
 */
static void tame(struct perf_event_attr *a)
{
	a->precise_ip = one_in(10) ? 1 : 0;
	a->sample_type &= PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			  PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_CPU |
			  PERF_SAMPLE_PERIOD | PERF_SAMPLE_STREAM_ID |
			  PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_BRANCH_STACK;
	if (a->sample_type & PERF_SAMPLE_BRANCH_STACK)
		a->branch_sample_type = (one_in(2) ? PERF_SAMPLE_BRANCH_USER : 0) |
			(one_in(4) ? PERF_SAMPLE_BRANCH_KERNEL : 0) |
			(1ULL << (3 + below(4)));	/* ANY .. IND_CALL */
	a->read_format &= PERF_FORMAT_TOTAL_TIME_ENABLED |
			  PERF_FORMAT_TOTAL_TIME_RUNNING | PERF_FORMAT_ID;
	a->sigtrap = a->sigtrap && a->remove_on_exec;
	a->aux_output = 0;
	a->build_id = 0;
	a->use_clockid = 0;
	a->cgroup = 0;
	a->exclusive = a->exclusive && one_in(2);
	a->sample_regs_user = 0;
	a->sample_stack_user = 0;
	a->aux_sample_size = 0;
	a->sample_max_stack = 0;
	a->clockid = 0;
	a->size = sizeof(*a);
	if (a->freq)
		a->sample_freq = 1 + below(4000);
	else if (a->sample_period >> 31)
		a->sample_period = 10000 + below(1000000);
	/*
	 * An ete event that the driver takes, three times in four: no branch
	 * stack, known config bits, no cc_threshold, user or kernel (not
	 * neither), counting or period 1 as perf records it.  Left wild, the
	 * four runs of a debug-kernel make check opened no ete event at all,
	 * so no AUX area was ever mapped.
	 */
	if (a->type == (uint32_t)ete_type && !one_in(4)) {
		a->sample_type &= ~(uint64_t)PERF_SAMPLE_BRANCH_STACK;
		a->config &= ETE_CFG_KNOWN;
		a->config1 = 0;
		a->config2 = 0;
		if (a->exclude_user)
			a->exclude_kernel = 0;
		a->freq = 0;
		a->sample_period = below(2);
	}
	/* the events QEMU's PMU has: SW_INCR, INST_RETIRED, CPU_CYCLES */
	if (a->type == (uint32_t)pmuv3_type && !one_in(4)) {
		static const uint64_t ev[] = { 0x00, 0x08, 0x11, 0x11 };

		a->config = ev[below(4)];
		a->config1 = a->config2 = 0;
	}
}

static void random_flags(struct perf_event_attr *a)
{
	a->disabled = one_in(2);
	a->inherit = one_in(4);
	a->pinned = one_in(8);
	a->exclusive = one_in(8);
	a->exclude_user = one_in(4);
	a->exclude_kernel = !one_in(3);	/* unprivileged opens need it */
	a->exclude_hv = one_in(3);
	a->exclude_idle = one_in(8);
	a->mmap = one_in(4);
	a->comm = one_in(4);
	a->freq = one_in(4);
	a->inherit_stat = one_in(8);
	a->enable_on_exec = one_in(6);
	a->task = one_in(6);
	a->watermark = one_in(6);
	a->precise_ip = below(4);
	a->mmap_data = one_in(8);
	a->sample_id_all = one_in(3);
	a->exclude_host = one_in(8);
	a->exclude_guest = one_in(3);
	a->exclude_callchain_kernel = one_in(8);
	a->exclude_callchain_user = one_in(8);
	a->mmap2 = one_in(6);
	a->comm_exec = one_in(8);
	a->use_clockid = one_in(8);
	a->context_switch = one_in(6);
	a->write_backward = one_in(8);
	a->namespaces = one_in(12);
	a->ksymbol = one_in(12);
	a->bpf_event = one_in(12);
	a->aux_output = one_in(12);
	a->cgroup = one_in(12);
	a->text_poke = one_in(12);
	a->build_id = one_in(12);
	a->inherit_thread = one_in(8);
	a->remove_on_exec = one_in(8);
	a->sigtrap = one_in(12);
}

static void random_attr(struct perf_event_attr *a)
{
	static const uint32_t sizes[] = {
		PERF_ATTR_SIZE_VER0, PERF_ATTR_SIZE_VER1, PERF_ATTR_SIZE_VER2,
		PERF_ATTR_SIZE_VER3, PERF_ATTR_SIZE_VER4, PERF_ATTR_SIZE_VER5,
		PERF_ATTR_SIZE_VER6, PERF_ATTR_SIZE_VER7,
	};

	memset(a, 0, sizeof(*a));
	pick_type(a);
	a->size = sizeof(*a);
	if (one_in(10))
		a->size = one_in(4) ? (uint32_t)below(256) :
			  sizes[below(sizeof(sizes) / sizeof(sizes[0]))];
	random_flags(a);
	switch (below(5)) {
	case 0:
		break;		/* counting */
	case 1:
		a->sample_period = interesting();
		break;
	case 2:
		/* small enough to interrupt often, not to storm */
		a->sample_period = 1000 + below(200000);
		break;
	default:
		a->sample_period = a->freq ? 1 + below(10000) :
					     10000 + below(10000000);
		break;
	}
	a->sample_type = one_in(4) ? interesting() :
			 some_bits(PERF_SAMPLE_MAX - 1, 4);
	if (one_in(2))
		a->sample_type |= PERF_SAMPLE_BRANCH_STACK;
	a->branch_sample_type = one_in(5) ? interesting() :
				some_bits(PERF_SAMPLE_BRANCH_MAX - 1, 3);
	a->read_format = some_bits(0x1f, 3);
	a->wakeup_events = one_in(3) ? (uint32_t)below(8) : 0;
	if (one_in(8))
		a->clockid = (int32_t)below(12);
	if (one_in(8))
		a->sample_regs_user = interesting();
	if (one_in(8))
		a->sample_stack_user = (uint32_t)interesting();
	if (one_in(6))
		a->aux_watermark = (uint32_t)interesting();
	if (one_in(8))
		a->sample_max_stack = (uint16_t)below(256);
	if (one_in(10))
		a->aux_sample_size = (uint32_t)interesting();
	/* three in four attrs are tamed, the rest stay wild */
	if (!one_in(4))
		tame(a);
	/* -S: sampling, and mostly with periods that interrupt at once */
	if (storm && !one_in(8)) {
		a->freq = 0;
		a->sample_period = one_in(2) ? 1 + below(16) : 1 + below(5000);
	}
}

static struct slot *free_slot(void)
{
	int i;

	for (i = 0; i < MAX_FDS; i++)
		if (slots[i].fd < 0)
			return &slots[i];
	return NULL;
}

/* An open slot, fair over the open ones (ete ones only if @ete). */
static struct slot *pick_slot(int ete)
{
	int i, n = 0;
	struct slot *pick = NULL;

	/* reservoir choice: one draw each */
	for (i = 0; i < MAX_FDS; i++)
		if (slots[i].fd >= 0 && (!ete || slots[i].ete) &&
		    below(++n) == 0)
			pick = &slots[i];
	return pick;
}

static struct slot *any_slot(void)
{
	return pick_slot(0);
}

static void unmap_slot(struct slot *s)
{
	if (s->aux)
		munmap(s->aux, s->aux_len);
	if (s->ring)
		munmap(s->ring, s->ring_len);
	s->aux = s->ring = NULL;
}

static void op_open(void)
{
	struct perf_event_attr a;
	struct slot *s = free_slot(), *g;
	unsigned long flags = 0;
	int pid, cpu, group = -1, fd;

	if (!s)
		return;
	random_attr(&a);
	switch (below(6)) {
	case 0:
		pid = -1;
		break;
	case 1:
		pid = target;
		break;
	case 2:
		pid = one_in(4) ? (int)interesting() : 1;
		break;
	default:
		pid = 0;
		break;
	}
	cpu = one_in(2) ? -1 : (int)below(ncpus + 1);
	if (pid == -1 && cpu == -1)
		cpu = 0;
	if (one_in(3)) {
		g = any_slot();
		if (g)
			group = g->fd;
	}
	if (one_in(3))
		flags |= PERF_FLAG_FD_CLOEXEC;
	if (one_in(10))
		flags |= PERF_FLAG_FD_OUTPUT;
	if (one_in(10))
		flags |= PERF_FLAG_FD_NO_GROUP;
	fd = (int)syscall(__NR_perf_event_open, &a, pid, cpu, group, flags);
	vlog("open type %u config %#llx/%#llx/%#llx pid %d cpu %d group %d = %d (%d)\n",
	     a.type, (unsigned long long)a.config,
	     (unsigned long long)a.config1, (unsigned long long)a.config2,
	     pid, cpu, group, fd, fd < 0 ? errno : 0);
	if (fd < 0)
		return;
	s->fd = fd;
	s->ete = a.type == (uint32_t)ete_type;
	if (a.type == (uint32_t)pmuv3_type)
		n_pmuv3++;
	else if (a.type == (uint32_t)ete_type)
		n_ete++;
	else
		n_other++;
}

static void op_close(void)
{
	struct slot *s = any_slot();

	if (!s)
		return;
	vlog("close %d\n", s->fd);
	/* sometimes the mapping outlives the fd, as perf core allows */
	if (!one_in(3))
		unmap_slot(s);
	close(s->fd);
	s->fd = -1;
}

static void op_ioctl(void)
{
	static const unsigned long cmds[] = {
		PERF_EVENT_IOC_ENABLE, PERF_EVENT_IOC_DISABLE,
		PERF_EVENT_IOC_RESET, PERF_EVENT_IOC_REFRESH,
		PERF_EVENT_IOC_PERIOD, PERF_EVENT_IOC_SET_OUTPUT,
		PERF_EVENT_IOC_SET_FILTER, PERF_EVENT_IOC_ID,
		PERF_EVENT_IOC_PAUSE_OUTPUT, PERF_EVENT_IOC_MODIFY_ATTRIBUTES,
	};
	static const char *const filters[] = {
		"", "filter 0x1000/0x1000", "start 0x400000", "stop 0x400000",
		"filter 0x10000000/0x100000@/armtrace/perf_fuzz",
		"filter 0/0", "garbage", "filter 0xffffffffffff0000/0x10000",
	};
	struct slot *s = any_slot(), *o;
	unsigned long cmd;
	uint64_t v = interesting();
	struct perf_event_attr a;
	long r;

	if (!s)
		return;
	cmd = cmds[below(sizeof(cmds) / sizeof(cmds[0]))];
	switch (cmd) {
	case PERF_EVENT_IOC_PERIOD:
		v = one_in(3) ? interesting() : 1000 + below(1000000);
		r = ioctl(s->fd, cmd, &v);
		break;
	case PERF_EVENT_IOC_ID:
		r = ioctl(s->fd, cmd, &v);
		break;
	case PERF_EVENT_IOC_SET_OUTPUT:
		o = one_in(4) ? NULL : any_slot();
		r = ioctl(s->fd, cmd, o ? o->fd : -1);
		break;
	case PERF_EVENT_IOC_SET_FILTER:
		r = ioctl(s->fd, cmd,
			  filters[below(sizeof(filters) / sizeof(filters[0]))]);
		break;
	case PERF_EVENT_IOC_MODIFY_ATTRIBUTES:
		random_attr(&a);
		r = ioctl(s->fd, cmd, &a);
		break;
	case PERF_EVENT_IOC_REFRESH:
		r = ioctl(s->fd, cmd, (unsigned long)below(4));
		break;
	default:
		r = ioctl(s->fd, cmd, one_in(3) ? PERF_IOC_FLAG_GROUP : 0);
		break;
	}
	vlog("ioctl %d %#lx = %ld (%d)\n", s->fd, cmd, r, r < 0 ? errno : 0);
}

static void op_read(void)
{
	static uint64_t buf[512];
	struct slot *s = any_slot();
	size_t len = one_in(2) ? sizeof(buf) : 8 * below(16);
	ssize_t r;

	if (!s)
		return;
	r = read(s->fd, buf, len);
	vlog("read %d %zu = %zd\n", s->fd, len, r);
}

static void op_mmap(void)
{
	/*
	 * Mostly an ete event's ring, when there is one: only those take an
	 * AUX area, and a fair pick among mostly-pmuv3 events almost never
	 * reached the trace buffer code (0 AUX areas in a 1000-step run).
	 */
	struct slot *s = one_in(3) ? any_slot() : pick_slot(1);
	struct perf_event_mmap_page *pc;
	size_t data = PAGE << below(5), aux;
	int prot = one_in(4) ? PROT_READ : PROT_READ | PROT_WRITE;
	void *p;

	if (!s)
		s = any_slot();
	if (!s || s->ring)
		return;
	s->ring_len = one_in(8) ? PAGE * (1 + below(6)) : PAGE + data;
	p = mmap(NULL, s->ring_len, prot, MAP_SHARED, s->fd, 0);
	vlog("mmap %d %zu = %p\n", s->fd, s->ring_len, p);
	if (p == MAP_FAILED)
		return;
	s->ring = p;
	n_ring++;
	pc = p;
	if (prot & PROT_WRITE)
		pc->data_tail = pc->data_head;
	if (!(prot & PROT_WRITE) || (!s->ete && one_in(3)))
		return;
	/* the AUX area: the ete PMU's trace buffer (size a power of 2) */
	aux = PAGE << below(5);
	if (one_in(8))
		aux = PAGE * (1 + below(7));
	pc->aux_offset = s->ring_len + (one_in(10) ? PAGE * below(3) : 0);
	pc->aux_size = aux;
	p = mmap(NULL, aux, one_in(3) ? PROT_READ : PROT_READ | PROT_WRITE,
		 MAP_SHARED, s->fd, (off_t)pc->aux_offset);
	vlog("mmap aux %d %zu = %p\n", s->fd, aux, p);
	if (p == MAP_FAILED)
		return;
	s->aux = p;
	s->aux_len = aux;
	n_aux++;
}

static void op_munmap(void)
{
	struct slot *s = any_slot();

	if (!s || !s->ring)
		return;
	vlog("munmap %d\n", s->fd);
	if (s->aux && one_in(2)) {
		munmap(s->aux, s->aux_len);
		s->aux = NULL;
		return;
	}
	unmap_slot(s);
}

/* Work that counters count and that overflows them: loops and syscalls. */
static void busy(unsigned long n)
{
	volatile unsigned long x = 0;
	unsigned long i;

	for (i = 0; i < n; i++) {
		x += i;
		if (!(i & 0x3ff))
			getppid();
	}
}

static void op_misc(void)
{
	struct slot *s = any_slot();
	struct pollfd pfd;

	switch (below(5)) {
	case 0:
		if (!s)
			return;
		pfd.fd = s->fd;
		pfd.events = POLLIN | POLLHUP;
		poll(&pfd, 1, 0);
		break;
	case 1:
		if (!s)
			return;
		/* SIGIO on wakeups: the fasync path */
		fcntl(s->fd, F_SETOWN, getpid());
		fcntl(s->fd, F_SETFL, one_in(2) ? O_ASYNC : 0);
		break;
	case 2:
		prctl(one_in(2) ? PR_TASK_PERF_EVENTS_DISABLE :
				  PR_TASK_PERF_EVENTS_ENABLE, 0, 0, 0, 0);
		break;
	case 3:
		sched_yield();
		break;
	default:
		busy(below(200000));
		break;
	}
}

static void reap(int block)
{
	int i, st;

	for (i = 0; i < MAX_KIDS; i++) {
		if (kids[i] <= 0)
			continue;
		if (waitpid(kids[i], &st, block ? 0 : WNOHANG) == kids[i])
			kids[i] = 0;
	}
}

static void op_fork(void)
{
	uint64_t seed = next();
	int i, n;
	pid_t p;

	reap(0);
	for (i = 0; i < MAX_KIDS && kids[i] > 0; i++)
		;
	if (i == MAX_KIDS)
		return;
	p = fork();
	if (p < 0)
		return;
	if (p) {
		vlog("fork = %d\n", p);
		kids[i] = p;
		return;
	}
	/* The child inherits events (inherit=1) and plays with its copies. */
	rng = seed | 1;
	memset(kids, 0, sizeof(kids));
	if (one_in(4)) {
		/* enable_on_exec and remove_on_exec happen at exec */
		execl("/bin/true", "true", (char *)NULL);
		_exit(0);
	}
	for (n = (int)below(20); n > 0; n--) {
		switch (below(4)) {
		case 0:
			op_ioctl();
			break;
		case 1:
			op_read();
			break;
		case 2:
			op_close();
			break;
		default:
			busy(below(100000));
			break;
		}
	}
	_exit(0);
}

/* Take CPU 1 away and back: the PMUs' hotplug callbacks with live events. */
static void op_hotplug(void)
{
	const char *path = "/sys/devices/system/cpu/cpu1/online";
	int fd = open(path, O_WRONLY);

	if (fd < 0)
		return;
	vlog("hotplug cpu1\n");
	if (write(fd, "0", 1) < 0)
		vlog("offline: %d\n", errno);
	busy(below(100000));
	if (write(fd, "1", 1) < 0)
		vlog("online: %d\n", errno);
	close(fd);
}

static void spin_target(void)
{
	for (;;) {
		busy(100000);
		usleep(1000);
	}
}

static void on_signal(int sig)
{
	(void)sig;	/* SIGTRAP from sigtrap events, SIGIO from O_ASYNC */
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Has the kernel warned (TAINT_WARN, bit 9) since @taint0 was read? */
static int warned_since(long taint0)
{
	long t = read_long("/proc/sys/kernel/tainted");

	return t >= 0 && taint0 >= 0 && ((t & ~taint0) & (1L << 9));
}

/*
 * The fuzzer proper: @iters random calls, or @limit seconds; with
 * @stop_at_warn it stops at the first kernel warning and sets *@warned.
 * Closes what it opened.  Returns the iterations done.
 */
static unsigned long long run_ops(unsigned long long iters, double limit,
				  int stop_at_warn, int hotplug, int *warned)
{
	long taint0 = read_long("/proc/sys/kernel/tainted");
	double start = now();
	unsigned long long done;
	int i;

	for (done = 0; done < iters; done++) {
		unsigned int r = below(100);

		/*
		 * -W: stop at the first kernel warning, so that the last
		 * calls in the -v log are the ones that led to it.
		 */
		if (stop_at_warn && warned_since(taint0)) {
			fprintf(stderr, "perf_fuzz: the kernel warned before iteration %llu\n",
				done);
			*warned = 1;
			break;
		}
		if (limit > 0 && now() - start > limit)
			break;
		if (r < 30)
			op_open();
		else if (r < 40)
			op_close();
		else if (r < 60)
			op_ioctl();
		else if (r < 70)
			op_read();
		else if (r < 78)
			op_mmap();
		else if (r < 83)
			op_munmap();
		else if (r < 95 || storm)
			op_misc();
		else if (r < 99 || !hotplug)
			op_fork();
		else
			op_hotplug();
	}
	for (i = 0; i < MAX_FDS; i++) {
		if (slots[i].fd < 0)
			continue;
		unmap_slot(&slots[i]);
		close(slots[i].fd);
		slots[i].fd = -1;
	}
	reap(1);
	return done;
}

/* xorshift's state must not be 0; splitmix the seed into it */
static void seed_rng(unsigned long long seed)
{
	rng = (seed + 0x9e3779b97f4a7c15ULL) * 0xbf58476d1ce4e5b9ULL;
	rng = (rng ^ (rng >> 31)) | 1;
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

/*
 * -S: a fuzzer pinned on each CPU (seeded SEED, then from SEED and its
 * CPU), and this process sleeping 10 ms at a time on each CPU in turn
 * until they end.  0, 2 if a fuzzer saw the kernel warn (-W), 3 if a
 * wake-up came more than STORM_GAP late, 4 if a fuzzer died.
 */
static int storm_run(unsigned long long seed, unsigned long long iters,
		     double limit, int stop_at_warn)
{
	int n = (int)sysconf(_SC_NPROCESSORS_ONLN), left = 0, ret = 0, c, st;
	pid_t w[64];
	double start, prev, gap = 0, t;
	long wakeups = 0;

	if (n > 64)
		n = 64;
	fflush(NULL);
	for (c = 0; c < n; c++) {
		w[c] = fork();
		if (w[c] == 0) {
			unsigned long long done;
			int warned = 0;

			pin(c);
			seed_rng(seed + ((unsigned long long)c << 32));
			done = run_ops(iters, limit, stop_at_warn, 0, &warned);
			printf("perf_fuzz: seed %llu cpu %d: %llu iterations; opened %lu pmuv3, %lu ete, %lu other; mapped %lu rings, %lu AUX areas%s\n",
			       seed, c, done, n_pmuv3, n_ete, n_other, n_ring,
			       n_aux, warned ? "; the kernel warned" : "");
			fflush(NULL);
			_exit(warned ? 2 : 0);
		}
		left += w[c] > 0;
	}
	start = prev = now();
	while (left) {
		t = now();
		if (t - prev > gap)
			gap = t - prev;
		prev = t;
		pin((int)(wakeups % n));
		usleep(10000);
		wakeups++;
		for (c = 0; c < n; c++) {
			if (w[c] <= 0 || waitpid(w[c], &st, WNOHANG) != w[c])
				continue;
			w[c] = 0;
			left--;
			if (!ret && (!WIFEXITED(st) || WEXITSTATUS(st)))
				ret = WIFEXITED(st) ? WEXITSTATUS(st) : 4;
		}
	}
	kill(target, SIGKILL);
	waitpid(target, NULL, 0);
	printf("perf_fuzz: seed %llu: storm on %d CPUs: %ld wake-ups in %.2f s, longest gap %.3f s%s\n",
	       seed, n, wakeups, now() - start, gap,
	       gap > STORM_GAP ? ": starved" : "");
	return gap > STORM_GAP ? 3 : ret;
}

int main(int argc, char **argv)
{
	unsigned long long seed = 0, iters = 1000, done = 0;
	double limit = 0, start;
	int uid = -1, hotplug = 0, have_seed = 0, stop_at_warn = 0, opt, i;
	int warned = 0;
	const char *cpu_pmu = "pmuv3";
	char path[256];

	while ((opt = getopt(argc, argv, "s:n:t:u:HvWP:S")) != -1) {
		switch (opt) {
		case 's':
			seed = strtoull(optarg, NULL, 0);
			have_seed = 1;
			break;
		case 'n':
			iters = strtoull(optarg, NULL, 0);
			break;
		case 't':
			limit = strtod(optarg, NULL);
			break;
		case 'u':
			uid = atoi(optarg);
			break;
		case 'H':
			hotplug = 1;
			break;
		case 'v':
			verbose = 1;
			break;
		case 'W':
			stop_at_warn = 1;
			break;
		case 'P':
			cpu_pmu = optarg;
			break;
		case 'S':
			storm = 1;
			break;
		default:
			goto usage;
		}
	}
	if (!have_seed || optind != argc)
		goto usage;
	seed_rng(seed);

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type",
		 cpu_pmu);
	pmuv3_type = (int)read_long(path);
	if (pmuv3_type < 0 && strcmp(cpu_pmu, "pmuv3")) {
		fprintf(stderr, "perf_fuzz: no PMU %s\n", cpu_pmu);
		return 1;
	}
	ete_type = (int)read_long("/sys/bus/event_source/devices/ete/type");
	ncpus = (int)sysconf(_SC_NPROCESSORS_CONF);
	if (pmuv3_type < 0 && ete_type < 0) {
		fprintf(stderr, "perf_fuzz: neither pmuv3 nor ete is registered\n");
		return 1;
	}
	if (pmuv3_type < 0)
		pmuv3_type = ete_type;
	signal(SIGTRAP, on_signal);
	signal(SIGIO, on_signal);
	signal(SIGPIPE, SIG_IGN);
	for (i = 0; i < MAX_FDS; i++)
		slots[i].fd = -1;

	if (uid >= 0 && (setgid(uid) || setuid(uid))) {
		perror("perf_fuzz: setuid");
		return 1;
	}
	if (uid >= 0)
		hotplug = 0;
	/* forked after the uid drop: the fuzzer may attach to it */
	target = fork();
	if (target == 0)
		spin_target();

	if (storm)
		return storm_run(seed, iters, limit, stop_at_warn);
	start = now();
	done = run_ops(iters, limit, stop_at_warn, hotplug, &warned);
	kill(target, SIGKILL);
	waitpid(target, NULL, 0);
	printf("perf_fuzz: seed %llu: %llu iterations in %.2f s; opened %lu pmuv3, %lu ete, %lu other; mapped %lu rings, %lu AUX areas%s\n",
	       seed, done, now() - start, n_pmuv3, n_ete, n_other, n_ring,
	       n_aux, warned ? "; the kernel warned" : "");
	return warned ? 2 : 0;

usage:
	fprintf(stderr, "usage: perf_fuzz -s SEED [-n ITERS] [-t SECONDS] [-u UID] [-H] [-v] [-W] [-P PMU] [-S]\n");
	return 1;
}
