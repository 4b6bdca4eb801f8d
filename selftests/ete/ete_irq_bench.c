// SPDX-License-Identifier: GPL-2.0
/*
 * What the TRBE interrupt path costs per MB of trace, in kernel
 * instructions (exact under QEMU's -icount; `make bench` boots it), and
 * whether that stays flat as AUX buffers grow.
 *
 * A child pinned to CPU 0 runs brb_workload ITERS times under a per-task
 * ete event (EL0); nothing reads the AUX buffer until it exits, and the
 * buffer holds the whole run, so every window ends at the wakeup
 * watermark (aux_watermark) with a fill interrupt and the next one
 * starts in the interrupt path.  pmuv3's inst_retired counts CPU 0's
 * kernel instructions (exclude_user) over the child's run:
 *
 *   anchor   the same run, no event
 *   traced   the event, AUX buffers of 8, 32 and 64 MiB with a 16 KiB
 *            watermark, and 32 MiB with a 64 KiB one
 *
 * Each window fills to its watermark and is flagged COLLISION, as
 * upstream's TRBE driver flags it: the trace unit runs on while the
 * filled buffer waits for the interrupt, and that trace is lost -- on
 * the model until the backend's next poll of TRBSR_EL1 (100 us, 100k
 * instructions), so the bytes kept, not the bytes made, are what the
 * interrupts handled.  Least of three runs each.  Prints, per case, the trace's bytes, its AUX
 * records (one per interrupt, plus the last at exit) and the kernel
 * instructions over the anchor per MB and per record: a cost that grows
 * with the buffer would show in the first three; the fourth splits the
 * cost per interrupt from the cost per byte.
 */
#define _GNU_SOURCE
#include "ete_util.h"

#include <sched.h>
#include <sys/wait.h>

#define ITERS		1000000
#define RUNS		3
#define DATA_PAGES	16

struct result {
	long long insns;		/* CPU 0's kernel instructions */
	unsigned long long bytes;	/* trace in the AUX records */
	unsigned int recs;		/* AUX records */
	unsigned int coll, trunc;	/* flagged COLLISION, TRUNCATED */
};

static long pmu_type;

/* One child run; @aux_mib 0: no ete event (the anchor). */
static int one_run(unsigned long aux_mib, unsigned long wm, struct result *res)
{
	struct perf_event_attr cnt = { .size = sizeof(cnt) };
	struct perf_event_attr a = ete_attr();
	struct ete_ring r = { 0 };
	int go[2], fd = -1, fd_cnt, i, ok = -1;
	unsigned long long head, tail = 0;
	char c = 0;
	pid_t pid;

	memset(res, 0, sizeof(*res));
	if (pipe(go))
		return -1;
	pid = fork();
	if (pid == 0) {
		if (read(go[0], &c, 1) != 1)
			_exit(1);
		for (i = 0; i < ITERS; i++)
			brb_workload_fn();
		_exit(0);
	}
	if (aux_mib) {
		a.aux_watermark = (__u32)wm;
		fd = ete_open(&a, pid, -1);
		if (fd < 0 || ete_map(&r, fd, DATA_PAGES, aux_mib << 8,
				      PROT_READ | PROT_WRITE))
			goto out;
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	}
	cnt.type = (__u32)pmu_type;
	cnt.config = 0x0008;		/* INST_RETIRED */
	cnt.exclude_user = 1;
	cnt.disabled = 1;
	fd_cnt = ete_open(&cnt, -1, 0);
	if (fd_cnt < 0)
		goto out;
	ioctl(fd_cnt, PERF_EVENT_IOC_ENABLE, 0);
	if (write(go[1], &c, 1) != 1)
		goto out;
	waitpid(pid, NULL, 0);
	pid = 0;
	ioctl(fd_cnt, PERF_EVENT_IOC_DISABLE, 0);
	if (read(fd_cnt, &res->insns, sizeof(res->insns)) != sizeof(res->insns))
		goto out;
	close(fd_cnt);
	ok = 0;
	if (!aux_mib)
		goto out;
	head = __atomic_load_n(&r.mp->data_head, __ATOMIC_ACQUIRE);
	while (tail < head) {
		struct perf_event_header *h = (void *)(r.data + PG +
						       tail % (DATA_PAGES * PG));

		if (h->type == PERF_RECORD_AUX) {
			struct { struct perf_event_header h;
				 __u64 off, size, flags; } *x = (void *)h;

			res->recs++;
			res->bytes += x->size;
			res->coll += !!(x->flags & PERF_AUX_FLAG_COLLISION);
			res->trunc += !!(x->flags & PERF_AUX_FLAG_TRUNCATED);
		}
		if (!h->size)
			break;
		tail += h->size;
	}
out:
	if (pid > 0) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
	ete_unmap(&r);
	if (fd >= 0)
		close(fd);
	close(go[0]);
	close(go[1]);
	return ok;
}

static int best_of(unsigned long aux_mib, unsigned long wm, struct result *b)
{
	struct result x;
	int k;

	b->insns = -1;
	for (k = 0; k < RUNS; k++) {
		if (one_run(aux_mib, wm, &x))
			return -1;
		if (b->insns < 0 || x.insns < b->insns)
			*b = x;
	}
	return 0;
}

int main(void)
{
	static const struct { unsigned long mib, wm; } cases[] = {
		{ 8, 16 << 10 }, { 32, 16 << 10 }, { 64, 16 << 10 },
		{ 32, 64 << 10 },
	};
	struct result anchor, t;
	size_t i;

	pmu_type = (long)sysfs_ull("/sys/bus/event_source/devices/pmuv3/type");
	if (ete_type() == (__u32)~0u || pmu_type < 0 || pin_cpu(0)) {
		tap(0, "ete_irq_bench: ete and pmuv3 PMUs present, CPU 0");
		return 1;
	}
	if (best_of(0, 0, &anchor)) {
		tap(0, "ete_irq_bench: the anchor run was counted");
		return 1;
	}
	printf("BENCH trbe-irq anchor: %d x brb_workload, %lld kernel instructions\n",
	       ITERS, anchor.insns);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		double mb, extra;

		if (best_of(cases[i].mib, cases[i].wm, &t) || !t.recs ||
		    t.trunc || !t.bytes) {
			tap(0, "ete_irq_bench: %lu MiB, watermark %lu KiB: traced, never out of room (%u records, %u TRUNCATED)",
			    cases[i].mib, cases[i].wm >> 10, t.recs, t.trunc);
			continue;
		}
		mb = t.bytes / 1048576.0;
		extra = (double)(t.insns - anchor.insns);
		printf("BENCH trbe-irq aux %lu MiB watermark %lu KiB: %llu bytes, %u records (%u COLLISION); kernel instructions over the anchor %.0f: %.0f per MB, %.0f per record\n",
		       cases[i].mib, cases[i].wm >> 10, t.bytes, t.recs, t.coll,
		       extra, extra / mb, extra / t.recs);
	}
	tap(1, "ete_irq_bench: measured");
	return tap_fail;
}
