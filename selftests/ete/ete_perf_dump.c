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
 * ARMTRACE_SNAPSHOT=1 maps the AUX area read-only (overwrite mode, as
 * perf record -S does) and prints the records' parts of the newest
 * buffer's worth of trace, with "SNAPSHOT <aux_head>";
 * ARMTRACE_RANGE=workload sets a perf address filter (ioctl
 * PERF_EVENT_IOC_SET_FILTER, "filter OFF/SIZE@FILE") over brb_workload
 * from its second instruction to its BR, both inside blocks, and prints
 * the range as the ViewInst registers truth_check applies to the truth;
 * ARMTRACE_STARTSTOP=1 sets start/stop filters ("start OFF@FILE",
 * "stop OFF@FILE") on two marker functions: the trace runs from the start
 * marker to the stop marker's first instruction in each iteration, across
 * a sleep (a switch out and in) inside that stretch and one outside it,
 * and prints the points for truth_check as "STATUS ss_start/ss_stop";
 * ARMTRACE_CPU_PM=1 has the child ask armtrace_hwtest for a CPU PM
 * enter/exit (what idle does around a power-down) every 50 iterations:
 * the event must stop and restart around each, with no trace lost (with
 * ARMTRACE_STARTSTOP, one more inside the traced stretch);
 * ARMTRACE_LOSS=1 expects a buffer too small for the run, never read
 * while it runs: the first window fills (COLLISION), and once no window
 * fits the last record says TRUNCATED with nothing in it; prints only the
 * first record's trace with "PREFIX 1" (what follows a fill is not the
 * start of a stream).  ARMTRACE_WARMUP=1 (with ARMTRACE_LOSS) makes the
 * child run brb_workload 20 times and wait; the runner copies that first
 * record and consumes it (aux_tail), so the rest of the run's windows
 * start at an offset and the free space wraps past the buffer's end; the
 * warm-up record is the prefix printed, the loss checks apply to the
 * records after it.
 */
#include "ete_util.h"

#define PMU_DIR		ETE_PMU_DIR
#define DATA_PAGES	16
#define PAGE		4096ul

/* Each first touch faults in the middle of the loop body's block. */
static __attribute__((noinline)) long touch(volatile char *p, int pages)
{
	long sum = 0;
	int i;

	for (i = 0; i < pages; i++)
		sum += p[(long)i * 4096] + i;
	return sum;
}

/*
 * The start/stop filters' points: the trace starts at ss_start_here()'s
 * only instruction and stops after ss_stop_here()'s.  noipa: two
 * functions, not one (identical code folding).
 */
static __attribute__((noipa)) void ss_start_here(void)
{
}

static __attribute__((noipa)) void ss_stop_here(void)
{
}

/* One iteration under start/stop filters: see ARMTRACE_STARTSTOP. */
static void ss_iteration(int i, int cpu_pm)
{
	ss_start_here();
	brb_workload_fn();
	if (i % 50 == 20)
		usleep(2000);		/* switched out while started */
	if (cpu_pm && i % 50 == 30 && hwtest_ctl("cpu-pm"))
		_exit(125);		/* powered down while started */
	ss_stop_here();
	if (i % 50 == 40)
		usleep(2000);		/* switched out while stopped */
}

int main(int argc, char **argv)
{
	const char *cfg_s = getenv("ARMTRACE_CONFIG");
	const char *pages_s = getenv("ARMTRACE_AUX_PAGES");
	unsigned long aux_pages = pages_s ? strtoul(pages_s, NULL, 0) : 64;
	struct perf_event_attr attr = { .size = sizeof(attr) };
	struct perf_event_mmap_page *mp;
	unsigned long long type, head, tail, total = 0, truncated = 0;
	unsigned int nrec = 0, raw = 0, overwrite = 0, collision = 0;
	unsigned long long first = 0, first_flags = 0, last_flags = 0;
	unsigned long long last_size = 0;
	int snapshot, loss = !!getenv("ARMTRACE_LOSS");
	int go[2], go2[2], fd, status, i;
	int warmup = !!getenv("ARMTRACE_WARMUP");
	unsigned long long copied = 0;
	uint8_t *data, *aux, *out;
	char c = 0;
	pid_t pid;

	if (hwtest_pin_cpu0() || pipe(go) || pipe(go2))
		return 1;
	type = sysfs_ull(PMU_DIR "type");
	if (type == ~0ull) {
		tap(0, "ete_perf_dump: the ete PMU is registered");
		return 1;
	}
	pid = fork();
	if (pid == 0) {
		volatile char *p = mmap(NULL, 16 * PAGE, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (read(go[0], &c, 1) != 1 || p == MAP_FAILED)
			_exit(126);
		if (warmup) {
			for (i = 0; i < 20; i++)
				brb_workload_fn();
			/* Switched out: the event stops, its record ends. */
			if (read(go2[0], &c, 1) != 1)
				_exit(126);
		}
		if (argc > 1) {
			execv(argv[1], argv + 1);
			_exit(127);
		}
		for (i = 0; i < 200; i++) {
			if (getenv("ARMTRACE_CPU_PM") && i % 50 == 49 &&
			    hwtest_ctl("cpu-pm"))
				_exit(125);
			if (getenv("ARMTRACE_STARTSTOP"))
				ss_iteration(i, !!getenv("ARMTRACE_CPU_PM"));
			brb_workload_fn();
		}
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
		tap(0, "ete_perf_dump: perf_event_open of a per-task ete event");
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
	snapshot = !!getenv("ARMTRACE_SNAPSHOT");
	/* A read-only AUX mapping asks the kernel for overwrite mode. */
	aux = mmap(NULL, mp->aux_size, snapshot ? PROT_READ :
		   PROT_READ | PROT_WRITE, MAP_SHARED, fd, mp->aux_offset);
	if (aux == MAP_FAILED) {
		printf("# AUX mmap of %lu pages: %s\n", aux_pages, strerror(errno));
		tap(0, "ete_perf_dump: the AUX area maps");
		return 1;
	}
	if (getenv("ARMTRACE_RANGE")) {
		unsigned long lo = (unsigned long)brb_workload + 4;
		unsigned long hi = (unsigned long)brb_ind + 3;
		char exe[256], filter[512];
		long off = file_offset((void *)lo, exe, sizeof(exe));

		snprintf(filter, sizeof(filter), "filter %#lx/%#lx@%s", off,
			 hi + 1 - lo, exe);
		printf("# %s\n", filter);
		tap(off >= 0 && !ioctl(fd, PERF_EVENT_IOC_SET_FILTER, filter),
		    "ete_perf_dump: an address range filter on the traced binary");
		printf("STATUS trcviiectlr 0x1\nSTATUS trcacvr0 %#lx\n"
		       "STATUS trcacvr1 %#lx\n", lo, hi);
	}
	if (getenv("ARMTRACE_STARTSTOP")) {
		char exe[256], filter[1024];
		long on = file_offset((void *)ss_start_here, exe, sizeof(exe));
		long off = file_offset((void *)ss_stop_here, exe, sizeof(exe));

		snprintf(filter, sizeof(filter), "start %#lx@%s stop %#lx@%s",
			 on, exe, off, exe);
		printf("# %s\n", filter);
		tap(on >= 0 && off >= 0 &&
		    !ioctl(fd, PERF_EVENT_IOC_SET_FILTER, filter),
		    "ete_perf_dump: start/stop filters on the traced binary");
		printf("STATUS ss_start %#lx\nSTATUS ss_stop %#lx\n",
		       (unsigned long)ss_start_here, (unsigned long)ss_stop_here);
	}
	out = malloc(mp->aux_size + 1);
	if (!out)
		return 1;
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	if (write(go[1], &c, 1) != 1)
		return 1;
	if (warmup) {
		struct { struct perf_event_header h;
			 __u64 off, size, flags; } *r = NULL;
		unsigned long long k;

		/* The child's warm-up record: read it, then consume it. */
		for (i = 0; i < 10000 && !r; i++) {
			head = __atomic_load_n(&mp->data_head, __ATOMIC_ACQUIRE);
			for (tail = 0; tail < head && !r;) {
				struct perf_event_header *h = (void *)(data + PAGE + tail);

				if (h->type == PERF_RECORD_AUX)
					r = (void *)h;
				tail += h->size;
			}
			if (!r)
				usleep(1000);
		}
		tap(r && r->size, "a warm-up record before the run");
		if (!r)
			return 1;
		for (k = 0; k < r->size && k <= mp->aux_size; k++)
			out[k] = aux[(r->off + k) % mp->aux_size];
		copied = r->size;
		__atomic_store_n(&mp->aux_tail, mp->aux_head, __ATOMIC_RELEASE);
		if (write(go2[1], &c, 1) != 1)
			return 1;
	}
	if (waitpid(pid, &status, 0) != pid)
		return 1;
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);

	/* The trace unit's registers, where perf's cs_etm reads them. */
	printf("STATUS trcidr0 %#llx\n", sysfs_ull(PMU_DIR "cpu0/trcidr/trcidr0"));
	printf("STATUS trcidr1 %#llx\n", sysfs_ull(PMU_DIR "cpu0/trcidr/trcidr1"));
	printf("STATUS trcidr2 %#llx\n", sysfs_ull(PMU_DIR "cpu0/trcidr/trcidr2"));
	printf("STATUS trcidr8 %#llx\n", sysfs_ull(PMU_DIR "cpu0/trcidr/trcidr8"));
	printf("STATUS trcdevarch %#llx\n",
	       sysfs_ull(PMU_DIR "cpu0/mgmt/trcdevarch"));
	printf("STATUS trcconfigr %#x\n", ete_configr_of(attr.config));
	printf("STATUS trctraceidr %#x\n", ETE_TRACE_ID(0));

	/* Walk the ring: each AUX record names a stretch of the AUX area. */
	head = __atomic_load_n(&mp->data_head, __ATOMIC_ACQUIRE);
	total = copied;
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
			raw += !!(r->flags & PERF_AUX_FLAG_CORESIGHT_FORMAT_RAW);
			if (warmup && !nrec) {
				nrec++;
				/* Copied before it was consumed; not a loss. */
				printf("# warm-up record\n");
				tail += h->size;
				continue;
			}
			overwrite += !!(r->flags & PERF_AUX_FLAG_OVERWRITE);
			collision += !!(r->flags & PERF_AUX_FLAG_COLLISION);
			if (nrec == (unsigned int)warmup) {
				first = r->size;
				first_flags = r->flags;
			}
			last_flags = r->flags;
			last_size = r->size;
			truncated += !!(r->flags & PERF_AUX_FLAG_TRUNCATED);
			if (total + r->size <= mp->aux_size) {
				unsigned long long k;

				for (k = 0; k < r->size; k++)
					out[total + k] =
						aux[(r->off + k) % mp->aux_size];
			}
			total += r->size;
			nrec++;
		}
		tail += h->size;
	}
	if (snapshot) {
		/*
		 * The newest aux_size bytes end at aux_head (mod the size),
		 * and hold each record's newest part, in order: in overwrite
		 * mode a record is the size bytes before its offset (the
		 * head).  The kernel's windows go on from each other, so
		 * every byte is some record's.  A COLLISION record is a
		 * first lap that filled: trace was lost after it (TRACEGAP,
		 * where the trace goes on after the loss).
		 */
		unsigned long long ah = mp->aux_head, lo, s, k;
		int gaps = 0;

		lo = ah < mp->aux_size ? 0 : ah - mp->aux_size;
		total = 0;
		for (tail = mp->data_tail; tail < head;) {
			struct perf_event_header *h =
				(void *)(data + PAGE + tail % (DATA_PAGES * PAGE));
			struct { struct perf_event_header h;
				 __u64 off, size, flags; } *r = (void *)h;

			tail += h->size;
			if (h->type != PERF_RECORD_AUX || r->off > ah)
				continue;
			s = r->off - (r->size < r->off ? r->size : r->off);
			/* (records that overlap: more than the buffer, counted) */
			for (k = s > lo ? s : lo; k < r->off; k++, total++)
				if (total < mp->aux_size)
					out[total] = aux[k % mp->aux_size];
			if ((r->flags & PERF_AUX_FLAG_COLLISION) && r->off > lo) {
				printf("TRACEGAP %llu\n", total);
				gaps++;
			}
		}
		printf("SNAPSHOT %llu\n", ah);
		printf("# snapshot: %llu bytes in records, %d gaps\n", total, gaps);
		tap(ah > mp->aux_size, "ete_perf_dump: the snapshot buffer wrapped");
		tap(total == mp->aux_size,
		    "ete_perf_dump: every byte of the snapshot is in a record");
		tap(overwrite == nrec, "ete_perf_dump: every AUX record says OVERWRITE");
	}
	if (getenv("ARMTRACE_CPU_PM"))
		tap(nrec >= 5, "ete_perf_dump: a record closed at each CPU PM enter (4)");
	if (loss) {
		tap(nrec > 1u + warmup && (first_flags & PERF_AUX_FLAG_COLLISION),
		    "ete_perf_dump: the window that filled says COLLISION");
		tap((last_flags & PERF_AUX_FLAG_TRUNCATED) && !last_size &&
		    truncated == 1 && collision == nrec - 1 - warmup,
		    "ete_perf_dump: the record with no room says TRUNCATED, once, empty");
		tap(total < mp->aux_size, "ete_perf_dump: no byte written past the free space");
		total = warmup ? copied : first;
		printf("PREFIX 1\n");
	}
	for (i = 0; i < (int)total && total <= mp->aux_size; i++)
		printf("%s%02x%s", i % 64 ? "" : "TRACEHEX ", out[i],
		       i % 64 == 63 || i + 1 == (int)total ? "\n" : "");
	printf("TRACEEND %llu\n", total);
	/* One traced process: its CONTEXTIDs must all be the child's PID. */
	printf("PIDS %d 0\n", (int)pid);

	tap(WIFEXITED(status) && !WEXITSTATUS(status), "ete_perf_dump: the child ran");
	tap(nrec > 0 && total > 0, "ete_perf_dump: AUX records with trace");
	tap(raw == nrec, "ete_perf_dump: every AUX record says CORESIGHT_FORMAT_RAW");
	if (!loss)
		tap(total <= mp->aux_size && !truncated,
		    "ete_perf_dump: nothing truncated %s",
		    snapshot ? "in overwrite mode" : "in a buffer large enough");
	printf("# %u AUX records, %llu bytes\n", nrec, total);
	return tap_fail;
}
