/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the `ete` PMU's guest tests share: TAP, perf_event_open() of an
 * ete event, its ring buffer and AUX area mapped as perf maps them, the
 * PERF_RECORD_AUX records read back, the driver's debugfs loss counters
 * and a libete packet scan of the trace.
 */
#ifndef ETE_UTIL_H
#define ETE_UTIL_H

#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <armtrace/ete_abi.h>
#include <armtrace/ete_regs.h>
#include <ete/pkt.h>
#include "../hw/hwtest_util.h"

#define ETE_PMU_DIR	"/sys/bus/event_source/devices/ete/"
#define ETE_LOSS	"/sys/kernel/debug/armtrace_ete/loss"
#define PG		4096ul
#define KERNEL_VA	0xffff000000000000ull

static int tap_n, tap_fail;

static inline int tap(int ok, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline int tap(int ok, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", ok ? "" : "not ", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	tap_fail |= !ok;
	return ok;
}

static inline unsigned long long sysfs_ull(const char *path)
{
	unsigned long long v = ~0ull;
	FILE *f = fopen(path, "r");

	if (f) {
		if (fscanf(f, "%lli", &v) != 1)
			v = ~0ull;
		fclose(f);
	}
	return v;
}

static inline int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY), ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

/* The kernel log has a line containing @what. */
static inline int dmesg_has(const char *what)
{
	char line[512];
	int found = 0;
	FILE *f = popen("dmesg", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		found |= !!strstr(line, what);
	pclose(f);
	return found;
}

/* read() of an event with PERF_FORMAT_TOTAL_TIME_ENABLED | _RUNNING */
struct ete_times {
	unsigned long long value, enabled, running;
};

static inline int ete_read_times(int fd, struct ete_times *t)
{
	return read(fd, t, sizeof(*t)) == sizeof(*t) ? 0 : -1;
}

static inline __u32 ete_type(void)
{
	return (__u32)sysfs_ull(ETE_PMU_DIR "type");
}

/* The file offset of @addr in this executable's text mapping. */
static inline long file_offset(const void *addr, char *exe, size_t n)
{
	unsigned long lo, hi, off, a = (unsigned long)addr;
	char line[512], perm[8], path[256];
	long ret = -1;
	FILE *f = fopen("/proc/self/maps", "r");
	ssize_t l = readlink("/proc/self/exe", exe, n - 1);

	if (!f || l < 0) {
		if (f)
			fclose(f);
		return -1;
	}
	exe[l] = 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %7s %lx %*s %*s %255s", &lo, &hi, perm,
			   &off, path) == 5 && a >= lo && a < hi &&
		    !strcmp(path, exe))
			ret = a - lo + off;
	}
	fclose(f);
	return ret;
}

/* An attr as perf record sets one up for ete//u. */
static inline struct perf_event_attr ete_attr(void)
{
	struct perf_event_attr a = { .size = sizeof(a) };

	a.type = ete_type();
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	a.disabled = 1;
	a.sample_period = 1;
	return a;
}

/* perf_event_open(): the fd, or -errno. */
static inline int ete_open(const struct perf_event_attr *a, pid_t pid, int cpu)
{
	int fd = syscall(SYS_perf_event_open, a, pid, cpu, -1, 0);

	return fd < 0 ? -errno : fd;
}

struct ete_ring {
	int fd;
	unsigned long data_pages, aux_pages;
	uint8_t *data, *aux;
	struct perf_event_mmap_page *mp;
	unsigned long long tail;	/* data ring read position */
};

/* Map @data_pages (a power of two) and @aux_pages as perf does; -errno. */
static inline int ete_map(struct ete_ring *r, int fd, unsigned long data_pages,
			  unsigned long aux_pages, int aux_prot)
{
	memset(r, 0, sizeof(*r));
	r->fd = fd;
	r->data_pages = data_pages;
	r->aux_pages = aux_pages;
	r->data = mmap(NULL, (1 + data_pages) * PG, PROT_READ | PROT_WRITE,
		       MAP_SHARED, fd, 0);
	if (r->data == MAP_FAILED)
		return -errno;
	r->mp = (void *)r->data;
	r->mp->aux_offset = (1 + data_pages) * PG;
	r->mp->aux_size = aux_pages * PG;
	r->aux = mmap(NULL, aux_pages * PG, aux_prot, MAP_SHARED, fd,
		      r->mp->aux_offset);
	if (r->aux == MAP_FAILED) {
		int err = -errno;

		munmap(r->data, (1 + data_pages) * PG);
		r->aux = NULL;
		r->data = NULL;
		return err;
	}
	return 0;
}

static inline void ete_unmap(struct ete_ring *r)
{
	if (r->aux)
		munmap(r->aux, r->aux_pages * PG);
	if (r->data)
		munmap(r->data, (1 + r->data_pages) * PG);
	r->aux = NULL;
	r->data = NULL;
}

struct ete_rec {
	unsigned long long off, size, flags;
};

struct ete_recs {
	struct ete_rec v[4096];
	unsigned int n, lost;		/* records; PERF_RECORD_LOST seen */
	unsigned long long bytes;	/* sum of sizes */
	unsigned int raw, collision, truncated, partial, other_flags;
	unsigned int gaps;		/* records not starting where the last ended */
	uint8_t *copy;			/* the bytes of each record, in order */
	unsigned long long copy_cap;
};

/*
 * Read the data ring from where the last call left off, append the AUX
 * records to @rs (copying their bytes out when @rs->copy is set), and
 * hand the ring back (data_tail).  Returns the number of new records.
 */
static inline unsigned int ete_read_records(struct ete_ring *r,
					    struct ete_recs *rs)
{
	unsigned long long head = __atomic_load_n(&r->mp->data_head,
						  __ATOMIC_ACQUIRE);
	unsigned long size = r->data_pages * PG;
	unsigned int n0 = rs->n;

	while (r->tail < head) {
		uint8_t hbuf[256];
		struct perf_event_header *h = (void *)hbuf;
		unsigned long k, len;

		for (k = 0; k < sizeof(*h); k++)
			hbuf[k] = r->data[PG + (r->tail + k) % size];
		len = h->size < sizeof(hbuf) ? h->size : sizeof(hbuf);
		for (k = 0; k < len; k++)
			hbuf[k] = r->data[PG + (r->tail + k) % size];
		if (h->type == PERF_RECORD_AUX && rs->n < 4096) {
			struct { struct perf_event_header h;
				 __u64 off, size, flags; } *a = (void *)hbuf;
			struct ete_rec *e = &rs->v[rs->n];
			unsigned long long last_end = rs->n ?
				rs->v[rs->n - 1].off + rs->v[rs->n - 1].size : 0;

			e->off = a->off;
			e->size = a->size;
			e->flags = a->flags;
			if (rs->n && e->off != last_end)
				rs->gaps++;
			rs->raw += !!(e->flags & PERF_AUX_FLAG_CORESIGHT_FORMAT_RAW);
			rs->collision += !!(e->flags & PERF_AUX_FLAG_COLLISION);
			rs->truncated += !!(e->flags & PERF_AUX_FLAG_TRUNCATED);
			rs->partial += !!(e->flags & PERF_AUX_FLAG_PARTIAL);
			rs->other_flags += !!(e->flags &
				~(unsigned long long)(PERF_AUX_FLAG_CORESIGHT_FORMAT_RAW |
				  PERF_AUX_FLAG_COLLISION | PERF_AUX_FLAG_TRUNCATED));
			if (rs->copy && rs->bytes + e->size <= rs->copy_cap)
				for (k = 0; k < e->size; k++)
					rs->copy[rs->bytes + k] =
						r->aux[(e->off + k) % (r->aux_pages * PG)];
			rs->bytes += e->size;
			rs->n++;
		} else if (h->type == PERF_RECORD_LOST) {
			rs->lost++;
		}
		if (!h->size)
			break;
		r->tail += h->size;
	}
	__atomic_store_n(&r->mp->data_tail, r->tail, __ATOMIC_RELEASE);
	return rs->n - n0;
}

static inline void ete_print_records(const struct ete_recs *rs)
{
	unsigned int i;

	for (i = 0; i < rs->n && i < 64; i++)
		printf("# AUX record %u: offset %llu size %llu flags %#llx\n",
		       i, rs->v[i].off, rs->v[i].size, rs->v[i].flags);
	if (rs->n > 64)
		printf("# ... %u records\n", rs->n);
}

/* One CPU's line of the driver's debugfs loss file. */
struct ete_loss {
	unsigned long long truncated, collisions, irqs;
};

static inline int ete_loss_read(int cpu, struct ete_loss *l)
{
	char line[128];
	FILE *f = fopen(ETE_LOSS, "r");
	int c, found = -1;
	struct ete_loss x;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%d %llu %llu %llu", &c, &x.truncated,
			   &x.collisions, &x.irqs) == 4 && c == cpu) {
			*l = x;
			found = 0;
		}
	fclose(f);
	return found;
}

/* What a packet scan of a trace (from its start) finds. */
struct ete_scan {
	unsigned int pkts, errors, asyncs, addrs, kernel_addrs;
	unsigned int ctxs, cid_other;	/* context packets; CONTEXTID != want */
	unsigned int tss;		/* Timestamp packets, */
	unsigned long long ts_min, ts_max;	/* and the values they made */
	int truncated;
};

/* Scan @len bytes decoded as cpu0's unit with @configr; CONTEXTIDs vs @cid. */
static inline void ete_scan(const uint8_t *buf, size_t len,
			    unsigned int configr, int cid, struct ete_scan *s)
{
	struct ete_pkt_config cfg = { 0 };
	struct ete_pkt_decoder dec;
	struct ete_pkt pkt;
	size_t off = 0;

	memset(s, 0, sizeof(*s));
	cfg.trcidr0 = sysfs_ull(ETE_PMU_DIR "cpu0/trcidr/trcidr0");
	cfg.trcidr1 = sysfs_ull(ETE_PMU_DIR "cpu0/trcidr/trcidr1");
	cfg.trcidr2 = sysfs_ull(ETE_PMU_DIR "cpu0/trcidr/trcidr2");
	cfg.trcidr8 = sysfs_ull(ETE_PMU_DIR "cpu0/trcidr/trcidr8");
	cfg.trcdevarch = sysfs_ull(ETE_PMU_DIR "cpu0/mgmt/trcdevarch");
	cfg.trcconfigr = configr;
	cfg.trctraceidr = ETE_TRACE_ID(0);
	if (ete_pkt_decoder_init(&dec, &cfg)) {
		s->errors++;
		return;
	}
	for (;;) {
		size_t used = 0;
		int st = ete_pkt_decode(&dec, buf + off, len - off, off, &used,
					&pkt);

		off += used;
		if (st == ETE_PKT_MORE) {
			st = ete_pkt_flush(&dec, &pkt);
			s->truncated = st == ETE_PKT_ERR_TRUNCATED;
			break;
		}
		if (st < 0) {
			s->errors++;
			continue;
		}
		if (st != ETE_PKT_OK)
			break;
		s->pkts++;
		s->asyncs += pkt.type == ETE_PKT_T_ASYNC;
		if (pkt.type >= ETE_PKT_T_ADDR_CTXT_L_32IS0 &&
		    pkt.type <= ETE_PKT_T_ADDR_L_64IS1) {
			s->addrs++;
			s->kernel_addrs += pkt.addr.val >= KERNEL_VA;
		}
		if (pkt.type >= ETE_PKT_T_CTXT &&
		    pkt.type <= ETE_PKT_T_ADDR_CTXT_L_64IS1 &&
		    pkt.ctx.cid_updated) {
			s->ctxs++;
			s->cid_other += cid >= 0 && pkt.ctx.cid != (uint32_t)cid;
		}
		if (pkt.type == ETE_PKT_T_TIMESTAMP) {
			if (!s->tss++ || pkt.ts < s->ts_min)
				s->ts_min = pkt.ts;
			if (pkt.ts > s->ts_max)
				s->ts_max = pkt.ts;
		}
	}
}

/* TRCCONFIGR as perf derives it from config (tools/perf cs-etm.c). */
static inline unsigned int ete_configr_of(unsigned long long config)
{
	unsigned int c = 0;

	if (config & ETE_CFG_BRANCH_BROADCAST)
		c |= TRCCONFIGR_BB;
	if (config & ETE_CFG_CYCACC)
		c |= TRCCONFIGR_CCI;
	if (config & ETE_CFG_CONTEXTID1)
		c |= TRCCONFIGR_CID;
	if (config & ETE_CFG_CONTEXTID2)
		c |= TRCCONFIGR_VMID | TRCCONFIGR_VMIDOPT;
	if (config & ETE_CFG_TIMESTAMP)
		c |= TRCCONFIGR_TS;
	if (config & ETE_CFG_RETSTACK)
		c |= TRCCONFIGR_RS;
	return c;
}

static inline int pin_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/*
 * A child that waits for a byte on @go, then runs brb_workload @loops
 * times (or execs @argv), then exits 0.  The fd to write is returned in
 * *go_w.
 */
static inline pid_t spawn_waiting(int loops, char **argv, int *go_w)
{
	int go[2];
	pid_t pid;
	char c;

	*go_w = -1;
	if (pipe(go))
		return -1;
	pid = fork();
	if (pid == 0) {
		close(go[1]);
		if (read(go[0], &c, 1) != 1)
			_exit(126);
		if (argv) {
			execv(argv[0], argv);
			_exit(127);
		}
		while (loops-- > 0)
			brb_workload_fn();
		_exit(0);
	}
	close(go[0]);
	*go_w = go[1];
	return pid;
}

static inline int go_and_wait(pid_t pid, int go_w)
{
	int status = -1;

	if (write(go_w, "g", 1) != 1)
		return -1;
	close(go_w);
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

#endif /* ETE_UTIL_H */
