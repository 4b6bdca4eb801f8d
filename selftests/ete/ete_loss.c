// SPDX-License-Identifier: GPL-2.0
/*
 * Loss in the `ete` PMU's AUX buffer is never silent, with upstream's
 * semantics (coresight-trbe.c, perf's AUX ring):
 *
 * no reader: a 4-page buffer that nobody consumes.  Each TRBE window
 *   that fills ends a record flagged COLLISION at a page boundary (the
 *   trace between the fill and the restart is gone); when perf's ring
 *   leaves no page to program the record flagged TRUNCATED ends the
 *   event, so it is the last one, although the workload runs on and is
 *   scheduled out and in again (it sleeps now and then).  The
 *   records are contiguous from offset 0 and stay inside the buffer; the
 *   driver's debugfs counters move by exactly the flags the records carry.
 *   The first window, from offset 0, decodes without a packet error.
 *
 * a reader: the same buffer, consumed (aux_tail, data_tail) by a loop on
 *   cpu1 while the traced child (on cpu0) runs 30000 workloads, sleeping
 *   after every 1000 (6 KB of trace, more than a window: the model's
 *   fill interrupt, polled every 100 us, comes while it runs; sleeping,
 *   its vCPU idles and the reader's runs), with a wakeup every page
 *   (aux_watermark) and an 8-page buffer: the reader keeps up.  (After
 *   every 500, 3 KB, most windows ended at the switch out before they
 *   filled: 1 or 2 of ~40 fills came through the interrupt, and on a
 *   loaded host none; after every 2000, with 4 pages, a reader held
 *   back by a loaded host let the buffer fill.)
 *   The
 *   fill interrupt path runs (debugfs irqs), nothing is TRUNCATED, every
 *   byte perf's aux_head passed is in a record and the records are
 *   contiguous.  The model's truth log must hold no trbe-lost or
 *   trbe-ignored note (checked on the host by scripts/guest-tests.sh).
 *
 * TAP out.
 */
#include "ete_util.h"

#define AUX_PAGES	4
/* the reader's: slack for a reader whose vCPU a loaded host holds back */
#define READER_AUX_PAGES	8

static unsigned int configr;

/*
 * The traced child: @loops workloads, sleeping 100 us after every @every,
 * or exec @argv (stdout off).
 */
static pid_t spawn(int cpu, int loops, int every, char **argv, int *go_w)
{
	int go[2];
	pid_t pid;
	char c;

	if (pipe(go))
		return -1;
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		close(go[1]);
		if (pin_cpu(cpu) || null < 0 || dup2(null, 1) < 0 ||
		    read(go[0], &c, 1) != 1)
			_exit(126);
		if (argv) {
			execv(argv[0], argv);
			_exit(127);
		}
		/* sleeping now and then: the event is scheduled out and in */
		while (loops-- > 0) {
			brb_workload_fn();
			if (loops % every == 0)
				usleep(100);
		}
		_exit(0);
	}
	close(go[0]);
	*go_w = go[1];
	return pid;
}

static void no_reader(void)
{
	struct perf_event_attr a = ete_attr();
	struct ete_recs *rs = calloc(1, sizeof(*rs));
	struct ete_loss l0, l1;
	struct ete_scan s;
	struct ete_ring r;
	unsigned int i, coll_at_page = 0;
	int fd, go, st;
	pid_t pid;

	if (!rs)
		return;
	rs->copy = malloc(AUX_PAGES * PG);
	rs->copy_cap = AUX_PAGES * PG;
	pid = spawn(0, 20000, 1000, NULL, &go);
	fd = ete_open(&a, pid, -1);
	if (!tap(fd >= 0 && !ete_map(&r, fd, 8, AUX_PAGES, PROT_READ | PROT_WRITE),
		 "no reader: per-task event with a %d-page AUX area", AUX_PAGES)) {
		go_and_wait(pid, go);
		return;
	}
	ete_loss_read(0, &l0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	st = go_and_wait(pid, go);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ete_loss_read(0, &l1);
	ete_read_records(&r, rs);
	ete_print_records(rs);
	printf("# loss delta: truncated %llu collisions %llu irqs %llu; aux_head %llu\n",
	       l1.truncated - l0.truncated, l1.collisions - l0.collisions,
	       l1.irqs - l0.irqs, (unsigned long long)r.mp->aux_head);
	for (i = 0; i < rs->n; i++)
		coll_at_page += (rs->v[i].flags & PERF_AUX_FLAG_COLLISION) &&
				(rs->v[i].off + rs->v[i].size) % PG == 0;

	tap(st == 0, "no reader: the child ran");
	tap(rs->n >= 2 && rs->raw == rs->n,
	    "no reader: records, every one CORESIGHT_FORMAT_RAW");
	tap(rs->n && rs->v[0].off == 0 && !rs->gaps,
	    "no reader: the records are contiguous from offset 0");
	tap(rs->collision >= 1 && coll_at_page == rs->collision,
	    "no reader: a filled window ends a COLLISION record at a page boundary (%u)",
	    rs->collision);
	tap(rs->truncated == 1 && rs->n &&
	    (rs->v[rs->n - 1].flags & PERF_AUX_FLAG_TRUNCATED),
	    "no reader: one TRUNCATED record, the last: the event stopped");
	tap(!rs->partial && !rs->other_flags, "no reader: no PARTIAL, no other flag");
	tap(rs->bytes < AUX_PAGES * PG && r.mp->aux_head == rs->bytes,
	    "no reader: nothing written past the unconsumed tail (%llu < %lu), aux_head = bytes in records",
	    rs->bytes, AUX_PAGES * PG);
	tap(l1.collisions - l0.collisions == rs->collision &&
	    l1.truncated - l0.truncated == rs->truncated,
	    "no reader: debugfs loss counts = the records' flags");
	if (rs->n && rs->copy) {
		ete_scan(rs->copy, rs->v[0].size, configr, -1, &s);
		tap(s.pkts && s.asyncs && !s.errors && !s.kernel_addrs,
		    "no reader: the first window decodes from offset 0 (%u packets, %u A-Sync, %u errors, %u kernel addresses)",
		    s.pkts, s.asyncs, s.errors, s.kernel_addrs);
	}
	ete_unmap(&r);
	close(fd);
	free(rs->copy);
	free(rs);
}

static void reader(void)
{
	struct perf_event_attr a = ete_attr();
	struct ete_recs *rs = calloc(1, sizeof(*rs));
	struct ete_loss l0, l1;
	struct ete_ring r;
	int fd, go, st = -1, done = 0;
	unsigned long polls = 0;
	pid_t pid;

	if (!rs)
		return;
	if (pin_cpu(1)) {
		tap(0, "reader: the reader runs on cpu1 (needs -smp 2)");
		return;
	}
	pid = spawn(0, 30000, 1000, NULL, &go);
	/* A window per page: the reader has two windows' time to consume. */
	a.aux_watermark = PG;
	fd = ete_open(&a, pid, -1);
	if (!tap(fd >= 0 && !ete_map(&r, fd, 8, READER_AUX_PAGES,
				     PROT_READ | PROT_WRITE),
		 "reader: per-task event with a %d-page AUX area",
		 READER_AUX_PAGES)) {
		go_and_wait(pid, go);
		return;
	}
	ete_loss_read(0, &l0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	if (write(go, "g", 1) != 1)
		return;
	close(go);
	while (!done) {
		done = waitpid(pid, &st, WNOHANG) == pid;
		ete_read_records(&r, rs);
		/* Hand back what the records cover: the reader is done with it. */
		if (rs->n) {
			const struct ete_rec *e = &rs->v[rs->n - 1];

			__atomic_store_n(&r.mp->aux_tail, e->off + e->size,
					 __ATOMIC_RELEASE);
		}
		polls++;
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ete_read_records(&r, rs);
	ete_loss_read(0, &l1);
	ete_print_records(rs);
	printf("# %lu polls; loss delta: truncated %llu collisions %llu irqs %llu; %llu bytes, aux_head %llu\n",
	       polls, l1.truncated - l0.truncated, l1.collisions - l0.collisions,
	       l1.irqs - l0.irqs, rs->bytes, (unsigned long long)r.mp->aux_head);
	tap(WIFEXITED(st) && !WEXITSTATUS(st), "reader: the child ran");
	tap(l1.irqs - l0.irqs > 0, "reader: the TRBE fill interrupt path ran (irqs %llu)",
	    l1.irqs - l0.irqs);
	tap(rs->n > 1 && rs->raw == rs->n && !rs->truncated && !rs->partial &&
	    !rs->other_flags && !rs->lost,
	    "reader: records, all RAW, none TRUNCATED, no lost records");
	tap(rs->bytes > 4 * READER_AUX_PAGES * PG,
	    "reader: 4 times the buffer's size went through it (%llu bytes)",
	    rs->bytes);
	tap(rs->v[0].off == 0 && !rs->gaps && r.mp->aux_head == rs->bytes,
	    "reader: every byte aux_head passed is in a record, contiguously");
	tap(l1.collisions - l0.collisions == rs->collision && !(l1.truncated - l0.truncated),
	    "reader: debugfs collisions = COLLISION records (%u)", rs->collision);
	ete_unmap(&r);
	close(fd);
	free(rs);
	pin_cpu(0);
}

int main(void)
{
	if (ete_type() == (__u32)~0u) {
		tap(0, "the ete PMU is registered");
		return 1;
	}
	configr = ete_configr_of(0);
	no_reader();
	if (sysconf(_SC_NPROCESSORS_ONLN) > 1)
		reader();
	else
		printf("ok %d - # SKIP reader: needs -smp 2\n", ++tap_n);
	return tap_fail;
}
