// SPDX-License-Identifier: GPL-2.0
/*
 * End-to-end run of the `ete` PMU, without perf(1): open a per-task ete
 * event on a child process with perf_event_open(), map its ring buffer and
 * AUX area as perf does, let the child run brb_workload (or exec the
 * command given), then print the AUX records and the trace they cover in
 * the format of selftests/hw/hw_ete_dump.c, for truth_check on the host:
 *
 *   STATUS <key> <value>     trace unit registers (from the PMU's sysfs)
 *   AUXREC <offset> <size> <flags>   each PERF_RECORD_AUX, in order
 *   TRACEHEX <hex>           the records' bytes, in order
 *   TRACEEND <bytes>
 *   PIDS <runner> <child>
 *   ok/not ok lines for what the records must say
 *
 * Environment: ARMTRACE_CONFIG (perf config, hex: e.g. 4000 for
 * contextid1), ARMTRACE_AUX_PAGES (power of two, default 64),
 * ARMTRACE_KERNEL=1 traces the kernel too (exclude_kernel=0),
 * ARMTRACE_FIRST_WINDOW=1: the buffer is expected to fill (nobody reads
 * it), and TRACEHEX holds the first record only, a whole TRBE window
 * from the stream's start, for truth_check's prefix mode.
 */
#define _GNU_SOURCE
#include <errno.h>
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
#include "../hw/hwtest_util.h"

#define PMU_DIR		"/sys/bus/event_source/devices/ete/"
#define DATA_PAGES	16
#define PAGE		4096ul

static unsigned long long sysfs_u64(const char *path)
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

/* TRCCONFIGR as perf derives it from config (tools/perf cs-etm.c). */
static unsigned int configr_of(unsigned long long config)
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

/* Each first touch faults in the middle of the loop body's block. */
static __attribute__((noinline)) long touch(volatile char *p, int pages)
{
	long sum = 0;
	int i;

	for (i = 0; i < pages; i++)
		sum += p[(long)i * 4096] + i;
	return sum;
}

static int tap_n, tap_fail;

static void tap(int ok, const char *what)
{
	printf("%sok %d - ete_perf_dump: %s\n", ok ? "" : "not ", ++tap_n, what);
	tap_fail |= !ok;
}

int main(int argc, char **argv)
{
	const char *cfg_s = getenv("ARMTRACE_CONFIG");
	const char *pages_s = getenv("ARMTRACE_AUX_PAGES");
	unsigned long aux_pages = pages_s ? strtoul(pages_s, NULL, 0) : 64;
	struct perf_event_attr attr = { .size = sizeof(attr) };
	struct perf_event_mmap_page *mp;
	unsigned long long type, head, tail, total = 0, truncated = 0;
	unsigned int nrec = 0, raw = 0, first_coll = 0;
	int first_window = !!getenv("ARMTRACE_FIRST_WINDOW");
	int go[2], fd, status, i;
	uint8_t *data, *aux, *out;
	char c = 0;
	pid_t pid;

	if (hwtest_pin_cpu0() || pipe(go))
		return 1;
	type = sysfs_u64(PMU_DIR "type");
	if (type == ~0ull) {
		tap(0, "the ete PMU is registered");
		return 1;
	}
	pid = fork();
	if (pid == 0) {
		volatile char *p = mmap(NULL, 16 * PAGE, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (read(go[0], &c, 1) != 1 || p == MAP_FAILED)
			_exit(126);
		if (argc > 1) {
			execv(argv[1], argv + 1);
			_exit(127);
		}
		for (i = 0; i < 200; i++)
			brb_workload_fn();
		_exit(touch(p, 16) == 16 * 15 / 2 ? 0 : 1);
	}

	attr.type = type;
	attr.config = cfg_s ? strtoull(cfg_s, NULL, 16) : 0;
	attr.exclude_kernel = !getenv("ARMTRACE_KERNEL");
	attr.exclude_hv = 1;
	attr.disabled = 1;
	attr.sample_period = 1;		/* as perf record sets it for cs_etm */
	fd = syscall(SYS_perf_event_open, &attr, pid, -1, -1, 0);
	if (fd < 0) {
		printf("# perf_event_open: %s\n", strerror(errno));
		tap(0, "perf_event_open of a per-task ete event");
		kill(pid, 9);
		return 1;
	}
	data = mmap(NULL, (1 + DATA_PAGES) * PAGE, PROT_READ | PROT_WRITE,
		    MAP_SHARED, fd, 0);
	if (data == MAP_FAILED)
		return 1;
	mp = (void *)data;
	mp->aux_offset = (1 + DATA_PAGES) * PAGE;
	mp->aux_size = aux_pages * PAGE;
	aux = mmap(NULL, mp->aux_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		   mp->aux_offset);
	if (aux == MAP_FAILED) {
		printf("# AUX mmap of %lu pages: %s\n", aux_pages, strerror(errno));
		tap(0, "the AUX area maps");
		return 1;
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	if (write(go[1], &c, 1) != 1 || waitpid(pid, &status, 0) != pid)
		return 1;
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);

	/* The trace unit's registers, where perf's cs_etm reads them. */
	printf("STATUS trcidr0 %#llx\n", sysfs_u64(PMU_DIR "cpu0/trcidr/trcidr0"));
	printf("STATUS trcidr1 %#llx\n", sysfs_u64(PMU_DIR "cpu0/trcidr/trcidr1"));
	printf("STATUS trcidr2 %#llx\n", sysfs_u64(PMU_DIR "cpu0/trcidr/trcidr2"));
	printf("STATUS trcidr8 %#llx\n", sysfs_u64(PMU_DIR "cpu0/trcidr/trcidr8"));
	printf("STATUS trcdevarch %#llx\n",
	       sysfs_u64(PMU_DIR "cpu0/mgmt/trcdevarch"));
	printf("STATUS trcconfigr %#x\n", configr_of(attr.config));
	printf("STATUS trctraceidr %#x\n", ETE_TRACE_ID(0));

	/* Walk the ring: each AUX record names a stretch of the AUX area. */
	head = __atomic_load_n(&mp->data_head, __ATOMIC_ACQUIRE);
	out = malloc(mp->aux_size + 1);
	if (!out)
		return 1;
	for (tail = mp->data_tail; tail < head;) {
		struct perf_event_header *h =
			(void *)(data + PAGE + tail % (DATA_PAGES * PAGE));

		if (h->type == PERF_RECORD_AUX) {
			struct { struct perf_event_header h;
				 __u64 off, size, flags; } *r = (void *)h;

			printf("AUXREC %llu %llu %#llx\n",
			       (unsigned long long)r->off,
			       (unsigned long long)r->size,
			       (unsigned long long)r->flags);
			nrec++;
			raw += !!(r->flags & PERF_AUX_FLAG_CORESIGHT_FORMAT_RAW);
			truncated += !!(r->flags & PERF_AUX_FLAG_TRUNCATED);
			if (nrec == 1)
				first_coll = !!(r->flags & PERF_AUX_FLAG_COLLISION);
			if (first_window && nrec > 1)
				goto next;
			if (total + r->size <= mp->aux_size) {
				unsigned long long k;

				for (k = 0; k < r->size; k++)
					out[total + k] =
						aux[(r->off + k) % mp->aux_size];
			}
			total += r->size;
		}
next:
		tail += h->size;
	}
	for (i = 0; i < (int)total && total <= mp->aux_size; i++)
		printf("%s%02x%s", i % 64 ? "" : "TRACEHEX ", out[i],
		       i % 64 == 63 || i + 1 == (int)total ? "\n" : "");
	printf("TRACEEND %llu\n", total);
	/* One traced process: its CONTEXTIDs must all be the child's PID. */
	printf("PIDS %d 0\n", (int)pid);

	tap(WIFEXITED(status) && !WEXITSTATUS(status), "the child ran");
	tap(nrec > 0 && total > 0, "AUX records with trace");
	tap(raw == nrec, "every AUX record says CORESIGHT_FORMAT_RAW");
	if (first_window)
		tap(first_coll, "the first record is a filled window (COLLISION)");
	else
		tap(total <= mp->aux_size && !truncated,
		    "nothing truncated in a buffer large enough");
	printf("# %u AUX records, %llu bytes\n", nrec, total);
	return tap_fail;
}
