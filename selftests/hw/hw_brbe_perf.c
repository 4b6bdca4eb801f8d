// SPDX-License-Identifier: GPL-2.0
/*
 * Branch stacks through perf on the `pmuv3` PMU with the hardware model's
 * BRBE: perf_event_open of CPU_CYCLES (the cycle counter, which QEMU
 * overflows on time) with PERF_SAMPLE_BRANCH_STACK over brb_workload
 * (branches.S), whose every branch is known.
 *
 * In the guest: caps, every errno of Documentation/pmuv3.rst's branch
 * table, the privilege rule, and each sample's stack against the
 * workload's known branches (addresses, types, cycles between adjacent
 * records, which filters keep).  Every sample is also printed
 * ("# BRBE-SAMPLE", "# BRBE-ENTRY") for selftests/hw/host/brbe_check.c,
 * which compares it with the model's ground-truth log.
 *
 * Not proven here: mispredictions (the model predicts every branch
 * correctly unless told otherwise, so predicted is always 1) and the
 * freeze point of silicon (the model freezes when the driver reports the
 * overflow, at the interrupt's entry).
 *
 * Environment: ARMTRACE_NUMREC (records, default 32), ARMTRACE_EL (1, or
 * 2 under VHE), ARMTRACE_BRBE_QUICK (the fixture's tests but any_user
 * skipped: SKIP_IF_REFUSED_OR_QUICK()).
 */
#define _GNU_SOURCE
#include "kselftest_harness.h"
#include "hwtest_util.h"

#include <pwd.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "../pmu/pmuv3_util.h"

#define PAGES		64
#define PERIOD		20011
#define ITERS		20000
#define MIN_SAMPLES	10	/* what each run() needs to judge a filter */
#define MAX_ROUNDS	8
#define PARANOID	"/proc/sys/kernel/perf_event_paranoid"

struct ring {
	struct perf_event_mmap_page *meta;
	size_t size;
};

/*
 * The record at @tail, whole.  One that runs past the end of the data
 * area goes on at its start: copied out here, as perf's own reader does
 * (read in place, its last entries would come from past the mapping).
 */
static struct perf_event_header *ring_record(const struct ring *r,
					     uint64_t tail)
{
	static uint64_t copy[65536 / sizeof(uint64_t)];
	char *base = (char *)r->meta + r->meta->data_offset;
	uint64_t dsize = r->meta->data_size, off = tail % dsize;
	struct perf_event_header *h = (void *)(base + off);
	uint64_t first;

	if (off + h->size <= dsize)
		return h;
	first = dsize - off;
	memcpy(copy, base + off, first);
	memcpy((char *)copy + first, base, h->size - first);
	return (struct perf_event_header *)copy;
}

static int env_int(const char *name, int def)
{
	const char *v = getenv(name);

	return v && *v ? atoi(v) : def;
}

static uint64_t period = PERIOD;
static int iters = ITERS;
static int syscall_every = 64;

static void brbe_attr(struct perf_event_attr *a, uint64_t bst)
{
	pmuv3_attr(a, PMU_EVT_CPU_CYCLES, 0, 0);
	a->exclude_kernel = a->exclude_hv = 1;
	a->sample_period = period;
	a->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK;
	a->branch_sample_type = bst;
}

static int open_ring(struct perf_event_attr *a, struct ring *r)
{
	long pg = sysconf(_SC_PAGESIZE);
	int fd = perf_open(a, -1, -1);

	if (fd < 0)
		return -errno;
	r->size = (PAGES + 1) * pg;
	r->meta = mmap(NULL, r->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (r->meta == MAP_FAILED) {
		close(fd);
		return -ENOMEM;
	}
	return fd;
}

static void workload(void)
{
	int i;

	for (i = 0; i < iters; i++) {
		brb_workload_fn();
		/* QEMU raises event-counter overflows at EL changes only. */
		if (i % syscall_every == 0)
			syscall(__NR_getppid);
	}
}

/* The branch every record of the workload must be, by source address. */
static const struct known {
	const char *src;
	const char *tgt;	/* NULL: the caller's return address */
	int type;
} known[] = {
	{ brb_call1, brb_leaf, PERF_BR_CALL },
	{ brb_call2, brb_leaf, PERF_BR_IND_CALL },
	{ brb_cond, brb_loop, PERF_BR_COND },
	{ brb_jump, brb_tail, PERF_BR_UNCOND },
	{ brb_ind, brb_tail2, PERF_BR_IND },
	{ brb_ret, NULL, PERF_BR_RET },
	{ brb_leaf_ret, NULL, PERF_BR_RET },
};

struct stats {
	int samples, entries, known, bad, full, types_seen;
	/* short stacks of a sample at the last sample's IP, and that IP */
	int short_repeats;
	uint64_t last_ip;
	int cycles_checked, cycles_known;
	int throttled, lost, rounds;	/* what the ring said besides samples */
};

/* Check one entry against the workload; returns 0 when it is wrong. */
static int check_entry(const struct perf_branch_entry *e, struct stats *st)
{
	size_t i;

	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		if (e->from != (uintptr_t)known[i].src)
			continue;
		st->known++;
		if (e->type != known[i].type)
			return 0;
		if (known[i].tgt && e->to != (uintptr_t)known[i].tgt)
			return 0;
		if (known[i].src == brb_leaf_ret &&
		    e->to != (uintptr_t)brb_after1 && e->to != (uintptr_t)brb_after2)
			return 0;
	}
	/* User branches only, with the prediction flag the model gives. */
	return e->priv == PERF_BR_PRIV_USER && e->from && e->to &&
	       e->from < (1ULL << 48) && e->to < (1ULL << 48) &&
	       e->predicted == 1 && e->mispred == 0 && e->spec == 0 &&
	       e->in_tx == 0 && e->abort == 0 && e->new_type == 0;
}

/* One sample in the host check's format (selftests/hw/host/brbe_check.c). */
static void print_sample(uint64_t ip, uint64_t nr,
			 const struct perf_branch_entry *e)
{
	uint64_t i;

	printf("# BRBE-SAMPLE %#llx %llu\n", (unsigned long long)ip,
	       (unsigned long long)nr);
	for (i = 0; i < nr; i++)
		printf("# BRBE-ENTRY %#llx %#llx %u %u %u %u %u\n",
		       (unsigned long long)e[i].from,
		       (unsigned long long)e[i].to, e[i].type, e[i].cycles,
		       e[i].mispred, e[i].predicted, e[i].priv);
}

/*
 * Read every sample: print it for the host check, count what it holds,
 * and check each entry against the workload (type_mask: the perf types
 * the filter keeps; 0 keeps all).
 */
static void read_samples(struct ring *r, unsigned int type_mask,
			 struct stats *st, int numrec)
{
	uint64_t head = __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = r->meta->data_tail;

	while (tail < head) {
		struct perf_event_header *h = ring_record(r, tail);
		uint64_t *p = (uint64_t *)(h + 1), ip, nr, i;
		struct perf_branch_entry *e;

		if (h->type != PERF_RECORD_SAMPLE) {
			st->throttled += h->type == PERF_RECORD_THROTTLE;
			st->lost += h->type == PERF_RECORD_LOST;
			/* what follows a loss repeats nothing we saw */
			if (h->type == PERF_RECORD_LOST)
				st->last_ip = 0;
			tail += h->size;
			continue;
		}
		ip = p[0];
		nr = p[1];
		e = (void *)&p[2];
		st->samples++;
		st->full += nr == (uint64_t)numrec;
		st->short_repeats += nr != (uint64_t)numrec &&
				     st->samples > 1 && ip == st->last_ip;
		st->last_ip = ip;
		print_sample(ip, nr, e);
		for (i = 0; i < nr; i++) {
			st->entries++;
			st->types_seen |= 1u << e[i].type;
			if (!check_entry(&e[i], st) ||
			    (type_mask && !(type_mask & (1u << e[i].type))))
				st->bad++;
			/*
			 * Cycles: the instructions since the older record,
			 * straight-line within the loop (subs; b.ne), or 0
			 * (unknown) when an interrupt came between.
			 */
			if (i + 1 < nr && e[i].from == (uintptr_t)brb_cond &&
			    e[i + 1].from == (uintptr_t)brb_cond && !type_mask) {
				st->cycles_checked++;
				st->cycles_known += e[i].cycles == 2;
				if (e[i].cycles != 2 && e[i].cycles != 0)
					st->bad++;
			}
		}
		tail += h->size;
	}
	__atomic_store_n(&r->meta->data_tail, tail, __ATOMIC_RELEASE);
}

static int run(uint64_t bst, const char *name, const char *kinds,
	       unsigned int type_mask, int want, struct stats *st)
{
	struct perf_event_attr a;
	struct ring r = { 0 };
	int fd, round;

	memset(st, 0, sizeof(*st));
	brbe_attr(&a, bst);
	/*
	 * Held to the model's ground truth ("# BRBE-RUN"): the event goes
	 * without a history (brbe_history).  The host check ends a stack
	 * where the driver invalidated BRBE, and cannot tell whose records
	 * a history joined across a switch (history_across_switches tests
	 * those on its own).
	 */
	if (hwtest_brbe_history(0))
		return -errno;
	fd = open_ring(&a, &r);
	hwtest_brbe_history(1);
	if (fd < 0)
		return fd;
	printf("# BRBE-RUN %s %s\n", name, kinds);
	fflush(stdout);
	/*
	 * Samples come only at EL changes, so how many one pass of the
	 * workload yields depends on how the host paces the guest: run
	 * passes, disabled while the ring is read, until there are @want.
	 */
	for (round = 0; round < MAX_ROUNDS && st->samples < want;
	     round++) {
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		workload();
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		read_samples(&r, type_mask, st,
			     env_int("ARMTRACE_NUMREC", 32));
		st->rounds++;
	}
	printf("# BRBE-END %s\n", name);
	fflush(stdout);
	munmap(r.meta, r.size);
	close(fd);
	return 0;
}

FIXTURE(brbe_perf) {
	struct stats st;
};

FIXTURE_SETUP(brbe_perf)
{
	ASSERT_EQ(0, hwtest_pin_cpu0());
}

/* ARMTRACE_NUMREC=0: a boot where BRBE must be refused (nVHE). */
#define SKIP_IF_REFUSED()						\
	do {								\
		if (!env_int("ARMTRACE_NUMREC", 32))			\
			SKIP(return, "BRBE refused on this boot");	\
	} while (0)

/*
 * ARMTRACE_BRBE_QUICK=1 (the secure boot modes): the decision to use
 * BRBE, the errnos and one sampling run (any_user); the fixture's other
 * tests are the same code as on the other boots, which run them all.  In
 * the body: the 6.1 harness runs a test's body after a SKIP in its setup.
 */
#define SKIP_IF_REFUSED_OR_QUICK()					\
	do {								\
		SKIP_IF_REFUSED();					\
		if (getenv("ARMTRACE_BRBE_QUICK"))			\
			SKIP(return, "quick run: decision, errnos, any_user only"); \
	} while (0)

FIXTURE_TEARDOWN(brbe_perf)
{
	/* brbe_history as the module loads, whatever a test left */
	hwtest_brbe_history(1);
}

TEST(caps_show_the_model)
{
	ASSERT_EQ(env_int("ARMTRACE_NUMREC", 32), pmuv3_cap("branches"));
	ASSERT_EQ(5, pmuv3_cap("brbe_cc"));
	ASSERT_EQ(0, pmuv3_cap("brbe_format"));
}

static int bst_errno(uint64_t bst)
{
	struct perf_event_attr a;

	brbe_attr(&a, bst);
	return open_errno(&a);
}

#define ANY_U	(PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_USER)

TEST(errnos)
{
	SKIP_IF_REFUSED();
	ASSERT_EQ(0, bst_errno(ANY_U));
	ASSERT_EQ(EOPNOTSUPP, bst_errno(ANY_U | PERF_SAMPLE_BRANCH_ABORT_TX));
	ASSERT_EQ(EOPNOTSUPP, bst_errno(ANY_U | PERF_SAMPLE_BRANCH_IN_TX));
	ASSERT_EQ(EOPNOTSUPP, bst_errno(ANY_U | PERF_SAMPLE_BRANCH_NO_TX));
	ASSERT_EQ(EOPNOTSUPP, bst_errno(PERF_SAMPLE_BRANCH_CALL_STACK |
					PERF_SAMPLE_BRANCH_USER));
	ASSERT_EQ(EINVAL, bst_errno(PERF_SAMPLE_BRANCH_USER |
				    PERF_SAMPLE_BRANCH_NO_CYCLES));
	/* The perf core's: no type at all, a bit it does not define. */
	ASSERT_EQ(EINVAL, bst_errno(PERF_SAMPLE_BRANCH_USER));
	ASSERT_EQ(EINVAL, bst_errno(ANY_U | PERF_SAMPLE_BRANCH_MAX));
	/* hv alone: the kernel itself under VHE, unrecordable EL2 at EL1. */
	ASSERT_EQ(env_int("ARMTRACE_EL", 1) == 2 ? 0 : EOPNOTSUPP,
		  bst_errno(PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_HV));
}

/* Kernel branches: root may, an unprivileged user is refused by perf. */
TEST(kernel_branches_need_privilege)
{
	char old[16] = "";

	SKIP_IF_REFUSED();
	FILE *f = fopen(PARANOID, "r");
	int status = -1;
	pid_t pid;

	ASSERT_NE(NULL, f);
	ASSERT_NE(NULL, fgets(old, sizeof(old), f));
	fclose(f);
	ASSERT_EQ(0, bst_errno(PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_KERNEL));
	f = fopen(PARANOID, "w");
	ASSERT_NE(NULL, f);
	fputs("2\n", f);
	fclose(f);
	pid = fork();
	if (pid == 0) {
		if (setgid(65534) || setuid(65534))
			_exit(10);
		if (bst_errno(ANY_U))
			_exit(11);
		if (bst_errno(PERF_SAMPLE_BRANCH_ANY |
			      PERF_SAMPLE_BRANCH_KERNEL) != EACCES)
			_exit(12);
		if (bst_errno(PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_USER |
			      PERF_SAMPLE_BRANCH_HV) != EACCES)
			_exit(13);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	f = fopen(PARANOID, "w");
	ASSERT_NE(NULL, f);
	fputs(old, f);
	fclose(f);
	ASSERT_TRUE(WIFEXITED(status));
	ASSERT_EQ(0, WEXITSTATUS(status));
}

/*
 * Where BRBE must not be touched (a kernel at EL1 under its own nVHE
 * hypervisor), the PMU says so and refuses branch stacks.
 */
TEST(refused_without_usable_brbe)
{
	char line[512];
	int found = 0;
	FILE *f;

	if (env_int("ARMTRACE_NUMREC", 32))
		SKIP(return, "BRBE is usable on this boot");
	ASSERT_EQ(0, pmuv3_cap("branches"));
	ASSERT_EQ(EOPNOTSUPP, bst_errno(ANY_U));
	ASSERT_EQ(EOPNOTSUPP, bst_errno(PERF_SAMPLE_BRANCH_ANY_CALL |
					PERF_SAMPLE_BRANCH_USER));
	f = popen("dmesg", "r");
	ASSERT_NE(NULL, f);
	while (fgets(line, sizeof(line), f))
		found |= !!strstr(line, "armtrace-pmuv3: BRBE not used: the kernel runs at EL1 on a CPU with EL2 (nVHE)");
	pclose(f);
	ASSERT_TRUE(found);
}

/* Is @ip (EL0) the instruction after an SVC? */
static int after_svc(uint64_t ip)
{
	/* SVC #imm16: 0xd4000001 | imm16 << 5 */
	return ip >= 4 && ip < (1ULL << 48) &&
	       (*(const uint32_t *)(uintptr_t)(ip - 4) & 0xffe0001f) == 0xd4000001;
}

/*
 * Kernel branches, as root: with `any,k` only, every address is the
 * kernel's (user halves of system-call records are hidden); with
 * `any,u,k` exception returns are there with their targets' privilege,
 * and with `any_call,u,k` the workload's system calls as SYSCALL records
 * from after the SVC into the kernel.
 *
 * @late counts samples taken at EL0 whose newest record does not land at
 * EL0: with every branch kept (`any,u,k`) the newest record of such a
 * sample is the last branch before the overflow, at EL0, because BRBE
 * froze at the overflow (FZP), before the interrupt and its handler.
 * Not counted: a sample taken right after an SVC.  There the interrupt
 * may have come as the system call returned, before the first EL0
 * instruction, and the model, which sees instructions execute, sees the
 * ERET go straight into the vector (Documentation/hwmodel.rst); silicon
 * records the ERET to EL0 there too.  A late sample at the same IP as the
 * sample before it counts in @repeats instead: a counter that overflowed
 * again inside the handler of its last overflow (see the test).
 */
static void kernel_run(struct __test_metadata *_metadata, uint64_t bst,
		       const char *name, const char *kinds,
		       int *user, int *kernel, int *syscalls, int *erets,
		       int *bad, int *late, int *repeats, int *samples)
{
	uint64_t last_ip = 0;
	struct perf_event_attr a;
	struct ring r = { 0 };
	uint64_t head, tail;
	int fd;

	*user = *kernel = *syscalls = *erets = *bad = *late = *repeats = 0;
	*samples = 0;
	brbe_attr(&a, bst);
	/* held to the ground truth: without a history, as in run() */
	ASSERT_EQ(0, hwtest_brbe_history(0));
	fd = open_ring(&a, &r);
	ASSERT_EQ(0, hwtest_brbe_history(1));
	ASSERT_LE(0, fd);
	printf("# BRBE-RUN %s %s\n", name, kinds);
	fflush(stdout);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	workload();
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	head = __atomic_load_n(&r.meta->data_head, __ATOMIC_ACQUIRE);
	tail = r.meta->data_tail;
	while (tail < head) {
		struct perf_event_header *h = ring_record(&r, tail);
		uint64_t *p = (uint64_t *)(h + 1), nr, k;
		struct perf_branch_entry *e = (void *)&p[2];

		tail += h->size;
		if (h->type != PERF_RECORD_SAMPLE)
			continue;
		nr = p[1];
		print_sample(p[0], nr, e);
		(*samples)++;
		if (!(p[0] >> 55 & 1) && !after_svc(p[0]) &&
		    (!nr || e[0].to >> 55 & 1)) {
			if (*samples > 1 && p[0] == last_ip)
				(*repeats)++;
			else
				(*late)++;
		}
		last_ip = p[0];
		for (k = 0; k < nr; k++) {
			int kf = e[k].from >> 55 & 1, kt = e[k].to >> 55 & 1;

			*user += (e[k].from && !kf) || (e[k].to && !kt);
			*kernel += (e[k].from && kf) || (e[k].to && kt);
			if (e[k].type == PERF_BR_SYSCALL) {
				(*syscalls)++;
				/* Into the kernel's vector: target EL1/EL2. */
				*bad += !kt || e[k].priv != PERF_BR_PRIV_KERNEL;
			}
			if (e[k].type == PERF_BR_ERET && e[k].to) {
				(*erets)++;
				*bad += e[k].priv != (kt ? PERF_BR_PRIV_KERNEL :
						      PERF_BR_PRIV_USER);
			}
			/* Neither address of an entry is missing both. */
			*bad += !e[k].from && !e[k].to;
		}
	}
	printf("# BRBE-END %s\n", name);
	fflush(stdout);
	munmap(r.meta, r.size);
	close(fd);
}

/*
 * The kinds each kernel run's records hold, for the host check: with
 * `any` or `any_call` and the kernel, exceptions (exc: BRBCR EXCEPTION),
 * with `any` exception returns too (eret: ERTN); "k" or "uk" the ELs.
 */
#define KINDS_ALL	"b,bl,cond,br,blr,ret,eret,exc"

TEST_F(brbe_perf, kernel_branches_as_root)
{
	int user, kernel, syscalls, erets, bad, late, repeats, samples;

	SKIP_IF_REFUSED_OR_QUICK();
	/*
	 * A system call per iteration: stacks reach back into them; a
	 * shorter period for enough samples to hold to the truth.
	 */
	syscall_every = 1;
	iters = 4000;
	period = 7001;
	kernel_run(_metadata, PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_KERNEL,
		   "any_k", KINDS_ALL " k",
		   &user, &kernel, &syscalls, &erets, &bad, &late, &repeats,
		   &samples);
	TH_LOG("any,k: %d user, %d kernel, %d syscalls, %d erets, %d bad",
	       user, kernel, syscalls, erets, bad);
	ASSERT_EQ(0, user);
	ASSERT_LT(0, kernel);
	ASSERT_EQ(0, bad);
	kernel_run(_metadata, PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_KERNEL |
		   PERF_SAMPLE_BRANCH_USER, "any_uk", KINDS_ALL " uk",
		   &user, &kernel, &syscalls, &erets, &bad, &late, &repeats,
		   &samples);
	TH_LOG("any,u,k: %d samples: %d user, %d kernel, %d syscalls, %d erets, %d bad, %d late, %d late at the last sample's IP",
	       samples, user, kernel, syscalls, erets, bad, late, repeats);
	/*
	 * On -smp 2 (ARMTRACE_SMP2) one instruction counter drives both
	 * vCPUs, and CPU_CYCLES with it: a counter can overflow again while
	 * the handler of its last overflow runs, and that sample's newest
	 * record is the branch into the handler, as on silicon with a period
	 * shorter than the handler (seen: 2 of 29 samples, each a repeat of
	 * the sample before it at the same EL0 address).  Up to one sample
	 * in eight is tolerated there as such a repeat, and (as before) one
	 * other late sample, seen once in CI (CI-24: an interrupt from the
	 * other vCPU landing on an exception return into EL0); none on one
	 * CPU.
	 */
	ASSERT_GE(getenv("ARMTRACE_SMP2") ? 1 : 0, late);
	ASSERT_GE(getenv("ARMTRACE_SMP2") ? samples / 8 : 0, repeats);
	ASSERT_LT(0, user);
	ASSERT_LT(0, kernel);
	ASSERT_LT(0, erets);
	ASSERT_EQ(0, bad);
	/*
	 * The kernel's system-call path has more branches than a stack
	 * holds; its calls fit: any_call,u,k keeps calls and exceptions.
	 */
	kernel_run(_metadata, PERF_SAMPLE_BRANCH_ANY_CALL | PERF_SAMPLE_BRANCH_KERNEL |
		   PERF_SAMPLE_BRANCH_USER, "any_call_uk", "bl,blr,exc uk",
		   &user, &kernel, &syscalls, &erets, &bad, &late, &repeats,
		   &samples);
	syscall_every = 64;
	iters = ITERS;
	period = PERIOD;
	TH_LOG("any_call,u,k: %d user, %d kernel, %d syscalls, %d erets, %d bad",
	       user, kernel, syscalls, erets, bad);
	ASSERT_LT(0, syscalls);
	ASSERT_EQ(0, erets);
	ASSERT_EQ(0, bad);
}

TEST_F(brbe_perf, any_user)
{
	int numrec = env_int("ARMTRACE_NUMREC", 32);

	SKIP_IF_REFUSED();
	ASSERT_EQ(0, run(ANY_U, "any", "b,bl,cond,br,blr,ret", 0, 20, &self->st));
	TH_LOG("%d samples, %d full, %d entries, %d known, %d cycles checked, %d bad",
	       self->st.samples, self->st.full, self->st.entries,
	       self->st.known, self->st.cycles_checked, self->st.bad);
	ASSERT_LE(20, self->st.samples);
	/*
	 * Every stack is full: each period runs far more than numrec
	 * branches.  On -smp 2 (ARMTRACE_SMP2) one may not be: BRBE is
	 * invalidated at every add, and a task the other CPU woke may run on
	 * CPU 0 just before an overflow (one empty stack in one make check;
	 * not traced to its cause).  None on one CPU.
	 */
	ASSERT_GE(getenv("ARMTRACE_SMP2") ? 1 : 0,
		  self->st.samples - self->st.full);
	ASSERT_LE(self->st.full * numrec, self->st.entries);
	ASSERT_GE(self->st.samples * numrec, self->st.entries);
	ASSERT_LE(self->st.entries / 2, self->st.known);
	ASSERT_LE(self->st.samples, self->st.cycles_checked);
	/* Interrupts between the two loop branches are rare. */
	ASSERT_LE(self->st.cycles_checked * 9 / 10, self->st.cycles_known);
	ASSERT_EQ(0, self->st.bad);
	/* All six kinds of the workload's branches were seen. */
	ASSERT_EQ((1u << PERF_BR_COND) | (1u << PERF_BR_UNCOND) |
		  (1u << PERF_BR_IND) | (1u << PERF_BR_CALL) |
		  (1u << PERF_BR_IND_CALL) | (1u << PERF_BR_RET),
		  self->st.types_seen);
}

/*
 * A period shorter than NUMREC branches: each stack holds only what ran
 * since the previous sample (the records are invalidated after each
 * read), so it is never full and the host check finds its exact length.
 */
TEST_F(brbe_perf, short_period_stacks_start_at_the_last_sample)
{
	SKIP_IF_REFUSED_OR_QUICK();
	period = 29;
	iters = 200;
	ASSERT_EQ(0, run(ANY_U, "any_short", "b,bl,cond,br,blr,ret", 0, 50,
			 &self->st));
	period = PERIOD;
	iters = ITERS;
	TH_LOG("%d samples, %d full, %d entries, %d bad", self->st.samples,
	       self->st.full, self->st.entries, self->st.bad);
	ASSERT_LE(50, self->st.samples);
	ASSERT_EQ(0, self->st.full);
	ASSERT_LT(self->st.samples, self->st.entries);
	ASSERT_EQ(0, self->st.bad);
}

/*
 * @r's samples: how many hold entries, and the entries' addresses in the
 * user and in the kernel half.
 */
static void count_halves(struct ring *r, int *stacks, int *user, int *kernel)
{
	uint64_t head = __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = r->meta->data_tail;

	*stacks = *user = *kernel = 0;
	while (tail < head) {
		struct perf_event_header *h = ring_record(r, tail);
		uint64_t *p = (uint64_t *)(h + 1), nr, k;
		struct perf_branch_entry *e = (void *)&p[2];

		tail += h->size;
		if (h->type != PERF_RECORD_SAMPLE)
			continue;
		nr = p[1];
		*stacks += nr > 0;
		for (k = 0; k < nr; k++) {
			int kf = e[k].from >> 55 & 1, kt = e[k].to >> 55 & 1;

			*user += (e[k].from && !kf) + (e[k].to && !kt);
			*kernel += (e[k].from && kf) + (e[k].to && kt);
		}
	}
}

/*
 * Two events on CPU 0 at once, one asking for EL0's branches (any,u),
 * the other for the kernel's (any,k): BRBE records both ELs for them,
 * and each sample keeps only what its own event asked for (brbe_map.c's
 * software filter): no kernel address in the first one's stacks, no user
 * address in the second one's, though each CPU's records hold both.
 */
TEST_F(brbe_perf, user_and_kernel_events_share_the_cpu)
{
	struct perf_event_attr a, b;
	struct ring ra = { 0 }, rb = { 0 };
	int fa, fb, sa, ua, ka, sb, ub, kb;

	SKIP_IF_REFUSED_OR_QUICK();
	brbe_attr(&a, ANY_U);
	brbe_attr(&b, PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_KERNEL);
	b.sample_period = 5003;
	fa = open_ring(&a, &ra);
	ASSERT_LE(0, fa);
	fb = open_ring(&b, &rb);
	ASSERT_LE(0, fb);
	syscall_every = 1;
	iters = 3000;
	ioctl(fa, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(fb, PERF_EVENT_IOC_ENABLE, 0);
	workload();
	ioctl(fb, PERF_EVENT_IOC_DISABLE, 0);
	ioctl(fa, PERF_EVENT_IOC_DISABLE, 0);
	syscall_every = 64;
	iters = ITERS;
	count_halves(&ra, &sa, &ua, &ka);
	count_halves(&rb, &sb, &ub, &kb);
	TH_LOG("any,u: %d stacks, %d user, %d kernel addresses; any,k: %d stacks, %d user, %d kernel",
	       sa, ua, ka, sb, ub, kb);
	munmap(ra.meta, ra.size);
	munmap(rb.meta, rb.size);
	close(fa);
	close(fb);
	ASSERT_LT(0, sa);
	ASSERT_LT(0, sb);
	ASSERT_LT(0, ua);
	ASSERT_EQ(0, ka);
	ASSERT_LT(0, kb);
	ASSERT_EQ(0, ub);
}

void brb_other(uint64_t n);
extern char brb_other_end[];

static int in_range(uint64_t a, const char *lo, const char *hi)
{
	return a >= (uintptr_t)lo && a < (uintptr_t)hi;
}

/*
 * Two tasks alternate on CPU 0 under one CPU-wide branch-stack event (so
 * BRBE records both): no sample of one holds a branch of the other's own
 * code.  The records go at every switch (the sched_switch hook); without
 * that, the stack of the first sample after a switch reaches back into
 * the other task.
 */
TEST_F(brbe_perf, cpu_wide_tasks_never_see_each_other)
{
	struct perf_event_attr a;
	struct ring r = { 0 };
	int fd, i, mine = 0, theirs = 0, bad = 0, crossed = 0;
	uint64_t head, tail;
	pid_t me = getpid(), other;
	long pg = sysconf(_SC_PAGESIZE);

	SKIP_IF_REFUSED_OR_QUICK();
	other = fork();
	if (other == 0) {
		for (;;) {
			brb_other(20);
			sched_yield();
		}
	}
	ASSERT_LT(0, other);
	brbe_attr(&a, ANY_U);
	a.sample_type |= PERF_SAMPLE_TID;
	a.sample_period = 997;
	fd = perf_open(&a, 0, -1);
	ASSERT_LE(0, fd);
	r.size = (PAGES + 1) * pg;
	r.meta = mmap(NULL, r.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ASSERT_NE(MAP_FAILED, r.meta);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < 3000; i++) {
		brb_workload_fn();
		sched_yield();
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	kill(other, SIGKILL);
	waitpid(other, NULL, 0);

	head = __atomic_load_n(&r.meta->data_head, __ATOMIC_ACQUIRE);
	tail = r.meta->data_tail;
	for (; tail < head; ) {
		struct perf_event_header *h = ring_record(&r, tail);
		uint64_t *p = (uint64_t *)(h + 1), nr, k;
		uint32_t pid = (uint32_t)p[1];
		struct perf_branch_entry *e = (void *)&p[3];
		int a_seen = 0, b_seen = 0;

		tail += h->size;
		if (h->type != PERF_RECORD_SAMPLE)
			continue;
		nr = p[2];
		for (k = 0; k < nr; k++) {
			a_seen |= in_range(e[k].from, brb_workload, brb_leaf_ret + 4);
			b_seen |= in_range(e[k].from, (char *)brb_other, brb_other_end);
		}
		if (pid == (uint32_t)me) {
			mine++;
			bad += b_seen;
			/* A stack that holds the libc call around a switch. */
			crossed += a_seen;
		} else if (pid == (uint32_t)other) {
			theirs++;
			bad += a_seen;
		}
	}
	TH_LOG("%d samples of this task, %d of the other, %d bad", mine,
	       theirs, bad);
	munmap(r.meta, r.size);
	close(fd);
	ASSERT_LE(5, mine);
	ASSERT_LE(5, theirs);
	ASSERT_LE(5, crossed);
	ASSERT_EQ(0, bad);
}

/*
 * The samples in @r, and how many of them hold a branch from [lo, hi):
 * code the sampled task never runs.
 */
static int foreign_samples(struct ring *r, const char *lo, const char *hi,
			   int *samples)
{
	uint64_t head = __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = r->meta->data_tail;
	int bad = 0;

	*samples = 0;
	while (tail < head) {
		struct perf_event_header *h = ring_record(r, tail);
		uint64_t *p = (uint64_t *)(h + 1), nr, k;
		struct perf_branch_entry *e = (void *)&p[2];
		int seen = 0;

		tail += h->size;
		if (h->type != PERF_RECORD_SAMPLE)
			continue;
		nr = p[1];
		for (k = 0; k < nr; k++)
			seen |= in_range(e[k].from, lo, hi) || in_range(e[k].to, lo, hi);
		(*samples)++;
		bad += seen;
	}
	return bad;
}

/*
 * Two tasks alternate on CPU 0, each with a per-task branch-stack event
 * of its own: no sample of one holds a branch of the other's code.  Each
 * switch schedules one event out and the other in on the same BRBE; the
 * records go at every switch (the sched_switch hook), or the first stack
 * after a switch would reach back into the other task.  The child checks
 * its own samples and says how it went in its exit status.
 */
TEST_F(brbe_perf, per_task_events_never_see_each_other)
{
	struct perf_event_attr a;
	struct ring r = { 0 };
	int fd, i, status = -1, n = 0, bad;
	pid_t other;

	SKIP_IF_REFUSED_OR_QUICK();
	brbe_attr(&a, ANY_U);
	a.sample_period = 997;
	other = fork();
	if (other == 0) {
		int cn = 0, cbad;

		fd = open_ring(&a, &r);
		if (fd < 0)
			_exit(10);
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		for (i = 0; i < 3000; i++) {
			brb_other(20);
			sched_yield();
		}
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		cbad = foreign_samples(&r, brb_workload, brb_leaf_ret + 4, &cn);
		printf("# other task: %d samples, %d with this task's branches\n",
		       cn, cbad);
		fflush(stdout);
		_exit(cbad ? 11 : cn < 5 ? 12 : 0);
	}
	ASSERT_LT(0, other);
	fd = open_ring(&a, &r);
	ASSERT_LE(0, fd);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < 3000; i++) {
		brb_workload_fn();
		sched_yield();
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	bad = foreign_samples(&r, (char *)brb_other, brb_other_end, &n);
	waitpid(other, &status, 0);
	TH_LOG("%d samples of this task, %d with the other's branches", n, bad);
	munmap(r.meta, r.size);
	close(fd);
	ASSERT_LE(5, n);
	ASSERT_EQ(0, bad);
	ASSERT_TRUE(WIFEXITED(status));
	ASSERT_EQ(0, WEXITSTATUS(status));
}

long brb_pingpong(int wfd, int rfd, char *buf);
long brb_pingpong_b(int wfd, int rfd, char *buf);
extern char brb_pingpong_ret[], brb_pingpong_b_ret[];

/* The known order of brb_workload's records: is @newer one after @older? */
static int workload_step(const struct perf_branch_entry *older,
			 const struct perf_branch_entry *newer)
{
	static const struct { const char *from, *to; } seq[] = {
		{ brb_call1, brb_leaf }, { brb_leaf_ret, brb_after1 },
		{ brb_call2, brb_leaf }, { brb_leaf_ret, brb_after2 },
		{ brb_cond, brb_loop }, { brb_cond, brb_loop },
		{ brb_jump, brb_tail }, { brb_ind, brb_tail2 },
	};
	size_t n = sizeof(seq) / sizeof(seq[0]), i;
	int known = 0;

	for (i = 0; i + 1 < n; i++) {
		if (older->from != (uintptr_t)seq[i].from ||
		    older->to != (uintptr_t)seq[i].to)
			continue;
		known = 1;
		if (newer->from == (uintptr_t)seq[i + 1].from &&
		    newer->to == (uintptr_t)seq[i + 1].to)
			return 1;
	}
	return known ? 0 : -1;	/* -1: the older one ends it, not judged */
}

struct history_run {
	int samples, spans, foreign, bad_pairs, bad_order;
	int not_full;		/* after the first: fewer than NUMREC */
};

/*
 * This task's samples in @r.  brb_pingpong's return is always right
 * after (newer than) the call into it: nothing is recorded at EL0
 * between them, however many switches its system calls made.  A sample
 * "spans" a switch when it holds both: every brb_pingpong blocks until
 * the other task, on the same CPU, has run, so without a history the
 * call's record went at that switch.  Where the pair is there, it must
 * be exact, and so must the workload's order.  Samples of one event come
 * many round trips apart: but for the first, each stack is full with a
 * history.
 */
static void history_samples(struct ring *r, struct history_run *h)
{
	uint64_t head = __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = r->meta->data_tail;

	memset(h, 0, sizeof(*h));
	while (tail < head) {
		struct perf_event_header *hd = ring_record(r, tail);
		uint64_t *p = (uint64_t *)(hd + 1), nr, k;
		struct perf_branch_entry *e = (void *)&p[2];
		int span = 0, foreign = 0;
		uintptr_t last_fn = 0;

		tail += hd->size;
		if (hd->type != PERF_RECORD_SAMPLE)
			continue;
		nr = p[1];
		for (k = 0; k < nr; k++) {
			foreign |= in_range(e[k].from, (char *)brb_other,
					    brb_other_end) ||
				   in_range(e[k].to, (char *)brb_other,
					    brb_other_end);
			if (k + 1 == nr)
				continue;
			if (e[k].from == (uintptr_t)brb_pingpong_ret ||
			    e[k].from == (uintptr_t)brb_pingpong_b_ret) {
				uintptr_t fn = e[k].from ==
					(uintptr_t)brb_pingpong_ret ?
					(uintptr_t)brb_pingpong :
					(uintptr_t)brb_pingpong_b;

				if (e[k + 1].to == fn &&
				    e[k + 1].from + 4 == e[k].to)
					span = 1;
				else
					h->bad_pairs++;
				/* round trips alternate a and b */
				h->bad_order += last_fn == fn;
				last_fn = fn;
			}
			h->bad_order += workload_step(&e[k + 1], &e[k]) == 0;
		}
		if (h->samples++)
			h->not_full += nr != (uint64_t)env_int("ARMTRACE_NUMREC", 32);
		h->spans += span;
		h->foreign += foreign;
	}
}


/*
 * One run of history_across_switches: this task, with two per-task
 * events of different periods (a sample of one must not cut the other's
 * history off from its live records), and a child with one of its own
 * take turns on CPU 0 through two pipes.  @h sums both events.
 */
static void history_run(struct __test_metadata *_metadata, int on,
			struct history_run *h)
{
	struct perf_event_attr a;
	struct ring r[2] = { { 0 } };
	struct history_run one[2];
	int fd[2], i, j, status = -1, ab[2], ba[2];
	int numrec = env_int("ARMTRACE_NUMREC", 32);
	char c = 0;
	pid_t other;

	ASSERT_EQ(0, hwtest_brbe_history(on));
	ASSERT_EQ(0, pipe(ab));
	ASSERT_EQ(0, pipe(ba));
	brbe_attr(&a, ANY_U);
	/*
	 * A round trip is ~40 cycles at EL0 and 13 records: a sample every
	 * 6 * NUMREC cycles comes after more than NUMREC records.
	 */
	a.sample_period = 6 * numrec + 1;
	other = fork();
	if (other == 0) {
		int n, bad;

		close(ab[1]);
		close(ba[0]);
		fd[0] = open_ring(&a, &r[0]);
		if (fd[0] < 0)
			_exit(10);
		ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
		while (read(ab[0], &c, 1) == 1) {
			brb_other(20);
			if (write(ba[1], &c, 1) != 1)
				break;
		}
		ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
		/* the child's samples must not hold the parent's code */
		bad = foreign_samples(&r[0], brb_workload, brb_leaf_ret + 4, &n);
		_exit(bad ? 11 : n < 5 ? 12 : 0);
	}
	ASSERT_LT(0, other);
	close(ab[0]);
	close(ba[1]);
	fd[0] = open_ring(&a, &r[0]);
	ASSERT_LE(0, fd[0]);
	a.sample_period = 7 * numrec + 3;
	fd[1] = open_ring(&a, &r[1]);
	ASSERT_LE(0, fd[1]);
	for (j = 0; j < 2; j++)
		ioctl(fd[j], PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < 150; i++) {
		brb_workload_fn();
		if ((i & 1 ? brb_pingpong_b : brb_pingpong)(ab[1], ba[0], &c) != 1)
			break;
	}
	for (j = 0; j < 2; j++)
		ioctl(fd[j], PERF_EVENT_IOC_DISABLE, 0);
	close(ab[1]);
	close(ba[0]);
	waitpid(other, &status, 0);
	memset(h, 0, sizeof(*h));
	for (j = 0; j < 2; j++) {
		history_samples(&r[j], &one[j]);
		h->samples += one[j].samples;
		h->spans += one[j].spans;
		h->foreign += one[j].foreign;
		h->bad_pairs += one[j].bad_pairs;
		h->bad_order += one[j].bad_order;
		h->not_full += one[j].not_full;
		munmap(r[j].meta, r[j].size);
		close(fd[j]);
	}
	TH_LOG("history %s: %d samples (%d, %d), %d span a switch, %d foreign, %d calls and returns of brb_pingpong not paired, %d out of order, %d not full",
	       on ? "on" : "off", h->samples, one[0].samples, one[1].samples,
	       h->spans, h->foreign, h->bad_pairs, h->bad_order, h->not_full);
	ASSERT_EQ(150, i);
	ASSERT_TRUE(WIFEXITED(status));
	ASSERT_EQ(0, WEXITSTATUS(status));
}

/*
 * A per-task event keeps its task's records across context switches
 * (Documentation/pmuv3.rst, "Context switches"): with brbe_history on,
 * samples reach back past the switches, to the task's own records only,
 * joined exactly where the task was switched out, in order; with it off,
 * the records go at every switch, so no sample spans one.
 */
TEST_F(brbe_perf, history_across_switches)
{
	struct history_run off, on;

	SKIP_IF_REFUSED_OR_QUICK();
	history_run(_metadata, 0, &off);
	history_run(_metadata, 1, &on);
	ASSERT_LE(20, on.samples);
	ASSERT_LE(20, off.samples);
	ASSERT_EQ(0, on.foreign);
	ASSERT_EQ(0, off.foreign);
	ASSERT_EQ(0, on.bad_pairs);
	ASSERT_EQ(0, off.bad_pairs);
	ASSERT_EQ(0, on.bad_order);
	ASSERT_EQ(0, off.bad_order);
	ASSERT_EQ(0, off.spans);
	ASSERT_LT(0, on.spans);
	/*
	 * On -smp 2 (ARMTRACE_SMP2) the cycle counter does not follow the
	 * instructions: samples may come less than NUMREC records apart.
	 */
	if (getenv("ARMTRACE_SMP2"))
		return;
	ASSERT_EQ(0, on.not_full);
	/* every sample but each event's first */
	ASSERT_LE(on.samples - 2, on.spans);
}

static int pin_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

static int cpu1_online(int on)
{
	return hwtest_write_bool("/sys/devices/system/cpu/cpu1/online", on);
}

/*
 * CPU hotplug with a live per-task branch-stack event: the task runs on
 * CPU 1, CPU 1 goes away (the task and its event move to CPU 0), comes
 * back (its BRBE probed and reset again) and the task returns to it.
 * Every stack stays right, and each of the three stretches has full ones.
 */
TEST_F(brbe_perf, hotplug_with_live_event)
{
	int numrec = env_int("ARMTRACE_NUMREC", 32);
	struct stats phase[3] = { { 0 } };
	struct perf_event_attr a;
	struct ring r = { 0 };
	int fd, i, samples = 0, full = 0;

	SKIP_IF_REFUSED_OR_QUICK();
	if (sysconf(_SC_NPROCESSORS_CONF) < 2)
		SKIP(return, "one CPU");
	ASSERT_EQ(0, pin_cpu(1));
	brbe_attr(&a, ANY_U);
	fd = open_ring(&a, &r);
	ASSERT_LE(0, fd);
	iters = ITERS / 4;
	/*
	 * Live across the move to CPU 0, CPU 1's removal and return and the
	 * move back; disabled only while each stretch's samples are read,
	 * so that the reader's own branches are not sampled.
	 */
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	workload();
	ASSERT_EQ(0, pin_cpu(0));
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	read_samples(&r, 0, &phase[0], numrec);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, cpu1_online(0));
	workload();
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	read_samples(&r, 0, &phase[1], numrec);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, cpu1_online(1));
	ASSERT_EQ(0, pin_cpu(1));
	workload();
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	iters = ITERS;
	read_samples(&r, 0, &phase[2], numrec);
	munmap(r.meta, r.size);
	close(fd);
	ASSERT_EQ(0, pin_cpu(0));
	for (i = 0; i < 3; i++) {
		TH_LOG("CPU %d: %d samples, %d full, %d short at the last sample's IP, %d bad",
		       i == 1 ? 0 : 1, phase[i].samples, phase[i].full,
		       phase[i].short_repeats, phase[i].bad);
		ASSERT_EQ(0, phase[i].bad);
		ASSERT_LE(3, phase[i].full);
		/* a short stack that is no repeat is a BRBE not restarted */
		ASSERT_EQ(phase[i].samples - phase[i].full,
			  phase[i].short_repeats);
		samples += phase[i].samples;
		full += phase[i].full;
	}
	/*
	 * On one CPU every period holds more than NUMREC records.  On
	 * -smp 2 (ARMTRACE_SMP2) the cycle counter follows the virtual
	 * clock, which both vCPUs' instructions drive in turn: while the
	 * other one runs, this one's EL0 cycles count with no instruction
	 * of its own, so an overflow can come again before the next branch
	 * and that sample's stack is rightly short (seen in CI: two samples
	 * at one address, the second empty).  Rare, not the rule, and
	 * only such a repeat (checked above).
	 */
	ASSERT_LE(samples - full, getenv("ARMTRACE_SMP2") ? samples / 8 : 0);
}

/* Each filter keeps its branch types, and only those. */
static void filter_run(struct __test_metadata *_metadata, struct stats *st,
		       uint64_t bst, const char *name, const char *kinds,
		       unsigned int types)
{
	ASSERT_EQ(0, run(bst | PERF_SAMPLE_BRANCH_USER, name, kinds, types,
			 MIN_SAMPLES, st));
	TH_LOG("%s: %d samples in %d rounds, %d entries, %d bad, %d throttled, %d lost",
	       name, st->samples, st->rounds, st->entries, st->bad,
	       st->throttled, st->lost);
	ASSERT_LE(MIN_SAMPLES, st->samples);
	ASSERT_LT(0, st->entries);
	ASSERT_EQ(0, st->bad);
	ASSERT_EQ(types, st->types_seen);
}

TEST_F(brbe_perf, filter_any_ret)
{
	SKIP_IF_REFUSED_OR_QUICK();
	filter_run(_metadata, &self->st, PERF_SAMPLE_BRANCH_ANY_RETURN,
		   "any_ret", "ret", 1u << PERF_BR_RET);
}

TEST_F(brbe_perf, filter_any_call)
{
	SKIP_IF_REFUSED_OR_QUICK();
	filter_run(_metadata, &self->st, PERF_SAMPLE_BRANCH_ANY_CALL,
		   "any_call", "bl,blr", 1u << PERF_BR_CALL | 1u << PERF_BR_IND_CALL);
}

TEST_F(brbe_perf, filter_call)
{
	SKIP_IF_REFUSED_OR_QUICK();
	filter_run(_metadata, &self->st, PERF_SAMPLE_BRANCH_CALL, "call", "bl",
		   1u << PERF_BR_CALL);
}

TEST_F(brbe_perf, filter_ind_call)
{
	SKIP_IF_REFUSED_OR_QUICK();
	filter_run(_metadata, &self->st, PERF_SAMPLE_BRANCH_IND_CALL,
		   "ind_call", "blr", 1u << PERF_BR_IND_CALL);
}

TEST_F(brbe_perf, filter_cond)
{
	SKIP_IF_REFUSED_OR_QUICK();
	filter_run(_metadata, &self->st, PERF_SAMPLE_BRANCH_COND, "cond",
		   "cond", 1u << PERF_BR_COND);
}

TEST_F(brbe_perf, filter_ind_jmp)
{
	SKIP_IF_REFUSED_OR_QUICK();
	filter_run(_metadata, &self->st, PERF_SAMPLE_BRANCH_IND_JUMP,
		   "ind_jmp", "br", 1u << PERF_BR_IND);
}

TEST_HARNESS_MAIN
