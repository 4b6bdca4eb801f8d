// SPDX-License-Identifier: GPL-2.0
/*
 * Lifecycle of `ete` events, one mode per call (ete_lifecycle.sh drives
 * the module around them):
 *
 *   hold FILE   open a per-task event on itself with an AUX area, enable
 *               it, create FILE, wait for SIGTERM (rmmod must be refused
 *               meanwhile); exit 0
 *   once        trace a child's workload into a 4-page AUX area; exit 0
 *               when records with trace came back (quiet otherwise)
 *   hotplug     -smp 2: a CPU-wide event on cpu1 while a child runs there;
 *               cpu1 goes offline with the event live: the record so far
 *               is kept, untruncated, and decodes; a CPU-wide event on the
 *               offline CPU is refused with perf core's ENODEV, a per-task
 *               one bound to it accepted; back online, cpu1 traces again
 *   threads     -smp 2: two threads, one per CPU, each with its own
 *               per-thread event (contextid1): each trace holds its own
 *               thread's CONTEXTID only
 *   forkexec    per-task events with inherit, one per CPU as perf opens
 *               them, on a child that forks a grandchild which execs
 *               busybox: the CONTEXTIDs are exactly the two processes,
 *               and the trace has busybox's and this program's code
 *
 * TAP out (hold and once: exit status only).
 */
#include "ete_util.h"
#include <pthread.h>
#include <signal.h>

#define CPU1_ONLINE	"/sys/devices/system/cpu/cpu1/online"
#define BUSYBOX_LO	0x400000ull	/* static busybox's text */
#define SELF_LO		0x10000000ull	/* -Ttext-segment of these tests */

static volatile sig_atomic_t stop;

static void on_term(int sig)
{
	stop = 1;
}

static int hold(const char *file)
{
	struct perf_event_attr a = ete_attr();
	struct ete_ring r;
	int fd, f;

	signal(SIGTERM, on_term);
	fd = ete_open(&a, 0, -1);
	if (fd < 0 || ete_map(&r, fd, 4, 4, PROT_READ | PROT_WRITE))
		return 1;
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	f = open(file, O_CREAT | O_WRONLY, 0644);
	if (f < 0)
		return 1;
	close(f);
	while (!stop)
		usleep(10000);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ete_unmap(&r);
	close(fd);
	return 0;
}

static int once(void)
{
	struct perf_event_attr a = ete_attr();
	struct ete_recs *rs = calloc(1, sizeof(*rs));
	struct ete_ring r;
	int fd, go, st;
	pid_t pid;

	if (!rs)
		return 1;
	pid = spawn_waiting(5, NULL, &go);
	fd = ete_open(&a, pid, -1);
	if (fd < 0 || ete_map(&r, fd, 4, 4, PROT_READ | PROT_WRITE)) {
		printf("# once: open/map failed (%d)\n", fd);
		go_and_wait(pid, go);
		return 1;
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	st = go_and_wait(pid, go);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ete_read_records(&r, rs);
	ete_unmap(&r);
	close(fd);
	if (st || !rs->n || !rs->bytes || rs->truncated || rs->raw != rs->n) {
		printf("# once: child %d, %u records, %llu bytes\n", st, rs->n,
		       rs->bytes);
		return 1;
	}
	return 0;
}

/*
 * A child pinned to @cpu that runs the workload every millisecond until
 * killed: about 24 KB/s of trace, so 16 pages never fill here.
 */
static pid_t spinner(int cpu)
{
	pid_t pid = fork();

	if (pid == 0) {
		if (pin_cpu(cpu))
			_exit(1);
		for (;;) {
			brb_workload_fn();
			usleep(1000);
		}
	}
	return pid;
}

/*
 * Trace cpu1 CPU-wide (a CPU-wide event stays on its CPU whichever task
 * runs) while a spinner runs there; take cpu1 offline midway if asked.
 */
static int cpu1_trace(struct ete_recs *rs, int offline_midway)
{
	struct perf_event_attr a = ete_attr();
	struct ete_ring r;
	pid_t pid;
	int fd, e;

	memset(rs, 0, sizeof(*rs));
	rs->copy = malloc(16 * PG);
	rs->copy_cap = 16 * PG;
	fd = ete_open(&a, -1, 1);
	if (fd < 0)
		return fd;
	e = ete_map(&r, fd, 8, 16, PROT_READ | PROT_WRITE);
	if (e) {
		close(fd);
		return e;
	}
	pid = spinner(1);
	usleep(20000);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	usleep(20000);
	if (offline_midway) {
		e = write_file(CPU1_ONLINE, "0");
		if (e)
			printf("# cpu1 offline: %d\n", e);
		usleep(20000);
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	ete_read_records(&r, rs);
	ete_print_records(rs);
	ete_unmap(&r);
	close(fd);
	return e;
}

static int hotplug(void)
{
	struct ete_recs *rs = calloc(1, sizeof(*rs));
	struct perf_event_attr a = ete_attr();
	struct ete_scan s;
	int e;

	if (!rs || pin_cpu(0))
		return 1;
	e = cpu1_trace(rs, 1);
	tap(!e, "cpu1 goes offline with a live CPU-wide event on it (%d)", e);
	tap(rs->n >= 1 && rs->bytes > 0 && rs->raw == rs->n && !rs->truncated &&
	    !rs->collision && !rs->gaps && !rs->lost,
	    "the record written before the offline is kept: %u records, %llu bytes, no loss flag, contiguous",
	    rs->n, rs->bytes);
	ete_scan(rs->copy, rs->bytes < rs->copy_cap ? rs->bytes : rs->copy_cap,
		 ete_configr_of(0), -1, &s);
	tap(s.pkts && s.asyncs && !s.errors && !s.kernel_addrs,
	    "it decodes from its start (%u packets, %u errors)", s.pkts, s.errors);
	e = ete_open(&a, -1, 1);
	tap(e == -ENODEV,
	    "a CPU-wide event on the offline cpu1: ENODEV, as perf core says (got %d)", e);
	if (e >= 0)
		close(e);
	e = ete_open(&a, 0, 1);
	tap(e >= 0, "a per-task event bound to the offline cpu1: accepted (got %d)", e);
	if (e >= 0)
		close(e);
	e = write_file(CPU1_ONLINE, "1");
	tap(!e, "cpu1 back online (%d)", e);
	free(rs->copy);
	e = cpu1_trace(rs, 0);
	tap(!e && rs->n >= 1 && rs->bytes > 0 && !rs->truncated,
	    "cpu1 traces again once online (%d, %u records, %llu bytes)", e,
	    rs->n, rs->bytes);
	free(rs->copy);
	free(rs);
	return tap_fail;
}

struct thr {
	int cpu;
	pid_t tid;
	pthread_barrier_t *go;
};

static void *thr_main(void *p)
{
	struct thr *t = p;
	int i;

	pin_cpu(t->cpu);
	t->tid = gettid();
	pthread_barrier_wait(t->go);	/* tid published */
	pthread_barrier_wait(t->go);	/* events open */
	for (i = 0; i < 300; i++)
		brb_workload_fn();
	return NULL;
}

static int threads(void)
{
	struct perf_event_attr a = ete_attr();
	pthread_barrier_t go;
	struct thr t[2] = { { 0, 0, &go }, { 1, 0, &go } };
	pthread_t th[2];
	struct ete_ring r[2];
	struct ete_recs *rs[2];
	int fd[2], i;

	a.config = ETE_CFG_CONTEXTID1;
	pthread_barrier_init(&go, NULL, 3);
	for (i = 0; i < 2; i++)
		pthread_create(&th[i], NULL, thr_main, &t[i]);
	pthread_barrier_wait(&go);
	for (i = 0; i < 2; i++) {
		rs[i] = calloc(1, sizeof(*rs[i]));
		rs[i]->copy = malloc(64 * PG);
		rs[i]->copy_cap = 64 * PG;
		fd[i] = ete_open(&a, t[i].tid, -1);
		tap(fd[i] >= 0 && !ete_map(&r[i], fd[i], 8, 64, PROT_READ | PROT_WRITE),
		    "per-thread event on thread %d (tid %d, cpu%d)", i, t[i].tid, t[i].cpu);
		ioctl(fd[i], PERF_EVENT_IOC_ENABLE, 0);
	}
	pthread_barrier_wait(&go);
	for (i = 0; i < 2; i++)
		pthread_join(th[i], NULL);
	for (i = 0; i < 2; i++) {
		struct ete_scan s;

		ioctl(fd[i], PERF_EVENT_IOC_DISABLE, 0);
		ete_read_records(&r[i], rs[i]);
		ete_scan(rs[i]->copy, rs[i]->bytes, ete_configr_of(a.config),
			 t[i].tid, &s);
		tap(rs[i]->n && rs[i]->bytes < rs[i]->copy_cap &&
		    !rs[i]->truncated && !rs[i]->gaps && rs[i]->raw == rs[i]->n,
		    "thread %d: %u records, %llu bytes, untruncated", i, rs[i]->n,
		    rs[i]->bytes);
		tap(s.pkts && !s.errors && s.ctxs && !s.cid_other && !s.kernel_addrs,
		    "thread %d: every CONTEXTID is its tid %d (%u context packets, %u others, %u errors)",
		    i, t[i].tid, s.ctxs, s.cid_other, s.errors);
		ete_unmap(&r[i]);
		close(fd[i]);
	}
	return tap_fail;
}

/* Which CONTEXTIDs and which code ranges a trace shows. */
struct fe_scan {
	unsigned int pkts, errors, busybox, self, kernel, cid_a, cid_b, cid_other;
};

static void fe_scan(const uint8_t *buf, size_t len, unsigned int configr,
		    pid_t a, pid_t b, struct fe_scan *f)
{
	struct ete_pkt_config cfg = { 0 };
	struct ete_pkt_decoder dec;
	struct ete_pkt pkt;
	size_t off = 0;

	cfg.trcidr0 = sysfs_ull(ETE_PMU_DIR "cpu0/trcidr/trcidr0");
	cfg.trcidr1 = sysfs_ull(ETE_PMU_DIR "cpu0/trcidr/trcidr1");
	cfg.trcidr2 = sysfs_ull(ETE_PMU_DIR "cpu0/trcidr/trcidr2");
	cfg.trcidr8 = sysfs_ull(ETE_PMU_DIR "cpu0/trcidr/trcidr8");
	cfg.trcdevarch = sysfs_ull(ETE_PMU_DIR "cpu0/mgmt/trcdevarch");
	cfg.trcconfigr = configr;
	if (ete_pkt_decoder_init(&dec, &cfg)) {
		f->errors++;
		return;
	}
	for (;;) {
		size_t used = 0;
		int st = ete_pkt_decode(&dec, buf + off, len - off, off, &used,
					&pkt);

		off += used;
		if (st == ETE_PKT_MORE || (st >= 0 && st != ETE_PKT_OK))
			break;
		if (st < 0) {
			f->errors++;
			continue;
		}
		f->pkts++;
		if (pkt.type >= ETE_PKT_T_ADDR_CTXT_L_32IS0 &&
		    pkt.type <= ETE_PKT_T_ADDR_L_64IS1) {
			f->kernel += pkt.addr.val >= KERNEL_VA;
			f->self += pkt.addr.val >= SELF_LO && pkt.addr.val < KERNEL_VA;
			f->busybox += pkt.addr.val >= BUSYBOX_LO && pkt.addr.val < SELF_LO;
		}
		if (pkt.type >= ETE_PKT_T_CTXT &&
		    pkt.type <= ETE_PKT_T_ADDR_CTXT_L_64IS1 && pkt.ctx.cid_updated) {
			if (pkt.ctx.cid == (uint32_t)a)
				f->cid_a++;
			else if (pkt.ctx.cid == (uint32_t)b)
				f->cid_b++;
			else
				f->cid_other++;
		}
	}
}

static int forkexec(void)
{
	struct perf_event_attr a = ete_attr();
	int ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN), fd[2], i, go[2], rp[2];
	struct ete_ring r[2];
	struct ete_recs *rs[2];
	struct fe_scan f = { 0 };
	pid_t child, grand = 0;
	int st = -1;
	char c;

	if (ncpus > 2)
		ncpus = 2;
	if (pipe(go) || pipe(rp))
		return 1;
	child = fork();
	if (child == 0) {
		char *argv[] = { "/bin/busybox", "true", NULL };
		pid_t g;
		int s;

		if (read(go[0], &c, 1) != 1)
			_exit(126);
		g = fork();
		if (g == 0) {
			execv(argv[0], argv);
			_exit(127);
		}
		if (write(rp[1], &g, sizeof(g)) != sizeof(g))
			_exit(125);
		waitpid(g, &s, 0);
		for (i = 0; i < 20; i++)
			brb_workload_fn();
		_exit(WIFEXITED(s) && !WEXITSTATUS(s) ? 0 : 1);
	}
	a.config = ETE_CFG_CONTEXTID1;
	a.inherit = 1;
	for (i = 0; i < ncpus; i++) {
		rs[i] = calloc(1, sizeof(*rs[i]));
		rs[i]->copy = malloc(256 * PG);
		rs[i]->copy_cap = 256 * PG;
		fd[i] = ete_open(&a, child, i);
		tap(fd[i] >= 0 && !ete_map(&r[i], fd[i], 8, 256, PROT_READ | PROT_WRITE),
		    "inherited per-task event of the child on cpu%d", i);
		ioctl(fd[i], PERF_EVENT_IOC_ENABLE, 0);
	}
	if (write(go[1], "g", 1) != 1 || read(rp[0], &grand, sizeof(grand)) != sizeof(grand))
		return 1;
	waitpid(child, &st, 0);
	tap(WIFEXITED(st) && !WEXITSTATUS(st), "fork + exec of busybox true ran");
	for (i = 0; i < ncpus; i++) {
		ioctl(fd[i], PERF_EVENT_IOC_DISABLE, 0);
		ete_read_records(&r[i], rs[i]);
		printf("# cpu%d: %u records, %llu bytes\n", i, rs[i]->n, rs[i]->bytes);
		tap(!rs[i]->truncated && !rs[i]->gaps && rs[i]->raw == rs[i]->n &&
		    rs[i]->bytes < rs[i]->copy_cap,
		    "cpu%d: records untruncated, contiguous, RAW", i);
		fe_scan(rs[i]->copy, rs[i]->bytes, ete_configr_of(a.config),
			child, grand, &f);
		ete_unmap(&r[i]);
		close(fd[i]);
	}
	printf("# child %d grandchild %d: %u packets, %u errors, CONTEXTIDs %u/%u/%u other, addresses %u busybox %u self %u kernel\n",
	       child, grand, f.pkts, f.errors, f.cid_a, f.cid_b, f.cid_other,
	       f.busybox, f.self, f.kernel);
	tap(f.cid_a && f.cid_b && !f.cid_other,
	    "the CONTEXTIDs are the child's and the grandchild's, no other");
	tap(f.busybox && f.self && !f.kernel,
	    "the trace has busybox's code (after exec) and this program's, no kernel address");
	tap(!f.errors, "the traces decode without packet errors");
	return tap_fail;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	if (ete_type() == (__u32)~0u) {
		tap(0, "the ete PMU is registered");
		return 1;
	}
	if (!strcmp(argv[1], "hold") && argc > 2)
		return hold(argv[2]);
	if (!strcmp(argv[1], "once"))
		return once();
	if (!strcmp(argv[1], "hotplug"))
		return hotplug();
	if (!strcmp(argv[1], "threads"))
		return threads();
	if (!strcmp(argv[1], "forkexec"))
		return forkexec();
	return 2;
}
