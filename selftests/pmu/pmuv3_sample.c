// SPDX-License-Identifier: GPL-2.0
/*
 * Overflow-interrupt sampling on `pmuv3`, with CPU_CYCLES (QEMU raises
 * INST_RETIRED overflows only at exception-level changes; cycles equal
 * instructions at icount shift=0).  Counting starts at enable, so a run
 * of C cycles with period P gives exactly floor(C / P) samples, and with
 * the loop making up all but a few instructions every sample lands in it.
 */
#include <sys/mman.h>
#include "kselftest_harness.h"
#include "pmuv3_util.h"

#define PERIOD	100000ULL
#define LOOPS	1000000ULL	/* 2e6 + a few cycles: 20 samples */
#define PAGES	16

struct ring {
	struct perf_event_mmap_page *meta;
	size_t size;
};

static int open_sampler(struct ring *r)
{
	struct perf_event_attr a;
	long pg = sysconf(_SC_PAGESIZE);
	int fd;

	pmuv3_attr(&a, PMU_EVT_CPU_CYCLES, 0, 0);
	a.exclude_kernel = a.exclude_hv = 1;
	a.sample_period = PERIOD;
	a.sample_type = PERF_SAMPLE_IP;
	a.wakeup_events = 1;
	fd = perf_open(&a, -1, -1);
	if (fd < 0)
		return fd;
	r->size = (PAGES + 1) * pg;
	r->meta = mmap(NULL, r->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		       0);
	return r->meta == MAP_FAILED ? -1 : fd;
}

/* Count PERF_RECORD_SAMPLEs; *outside gets those not in spin_loop. */
static int read_samples(struct ring *r, int *outside)
{
	char *data = (char *)r->meta + r->meta->data_offset;
	uint64_t head = __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = r->meta->data_tail, size = r->meta->data_size;
	int n = 0;

	*outside = 0;
	while (tail < head) {
		struct perf_event_header *h = (void *)(data + tail % size);

		if (h->type == PERF_RECORD_SAMPLE) {
			uint64_t ip = *(uint64_t *)(h + 1);

			n++;
			if (ip < (uintptr_t)spin_loop ||
			    ip >= (uintptr_t)spin_loop_end)
				(*outside)++;
		}
		tail += h->size;
	}
	r->meta->data_tail = tail;
	return n;
}

/*
 * QEMU 7.2 signals event-counter overflows (CPU_CYCLES included) only at
 * exception-level changes; only PMCCNTR overflows on time.  The event
 * counter run therefore makes a system call every 2000 instructions, and
 * its sample IPs are wherever the interrupt was taken, not checked.
 */
static void workload(int syscalls)
{
	int i;

	if (!syscalls) {
		spin_loop(LOOPS);
		return;
	}
	for (i = 0; i < 1000; i++) {
		spin_loop(LOOPS / 1000);
		syscall(__NR_getppid);
	}
}

static void sample_run(struct __test_metadata *_metadata, int with_busy_pmccntr)
{
	struct ring r;
	struct perf_event_attr a;
	int fd, busy = -1, outside, n;
	uint64_t count;

	if (with_busy_pmccntr) {
		/* Hold PMCCNTR so the sampler gets an event counter. */
		pmuv3_attr(&a, PMU_EVT_CPU_CYCLES, 0, 0);
		a.disabled = 0;
		a.pinned = 1;
		busy = perf_open(&a, -1, -1);
		ASSERT_LE(0, busy);
	}
	fd = open_sampler(&r);
	ASSERT_LE(0, fd);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	workload(with_busy_pmccntr);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ASSERT_EQ(sizeof(count), read(fd, &count, sizeof(count)));
	n = read_samples(&r, &outside);
	TH_LOG("%llu cycles, %d samples, %d outside spin_loop",
	       (unsigned long long)count, n, outside);
	ASSERT_LE(2 * LOOPS, count);
	ASSERT_EQ(count / PERIOD, n);
	ASSERT_EQ(2 * LOOPS / PERIOD, n);
	if (!with_busy_pmccntr)
		ASSERT_EQ(0, outside);
	munmap(r.meta, r.size);
	close(fd);
	if (busy >= 0)
		close(busy);
}

TEST(cycles_samples_in_cycle_counter)
{
	sample_run(_metadata, 0);
}

TEST(cycles_samples_in_event_counter)
{
	sample_run(_metadata, 1);
}

/*
 * Frequency mode (perf record -F): the perf core changes the period at
 * every overflow, so each sample must carry the period that ran out.
 * Then the periods of the samples add up to the cycles counted up to the
 * last overflow: no more than the count, and short of it by less than
 * the period running at the end.
 */
TEST(frequency_mode_periods_add_up_to_the_count)
{
	struct perf_event_attr a;
	uint64_t count, sum = 0, last = 0, head, tail, size;
	long pg = sysconf(_SC_PAGESIZE);
	struct ring r;
	char *data;
	int fd, n = 0, lost = 0;

	pmuv3_attr(&a, PMU_EVT_CPU_CYCLES, 0, 0);
	a.exclude_kernel = a.exclude_hv = 1;
	a.freq = 1;
	a.sample_freq = 20000;
	a.sample_type = PERF_SAMPLE_PERIOD;
	fd = perf_open(&a, -1, -1);
	ASSERT_LE(0, fd);
	r.size = (64 + 1) * pg;
	r.meta = mmap(NULL, r.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ASSERT_NE(MAP_FAILED, r.meta);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	spin_loop(10 * LOOPS);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ASSERT_EQ(sizeof(count), read(fd, &count, sizeof(count)));
	data = (char *)r.meta + r.meta->data_offset;
	head = __atomic_load_n(&r.meta->data_head, __ATOMIC_ACQUIRE);
	size = r.meta->data_size;
	for (tail = r.meta->data_tail; tail < head;) {
		struct perf_event_header *h = (void *)(data + tail % size);

		if (h->type == PERF_RECORD_SAMPLE) {
			last = *(uint64_t *)(h + 1);
			sum += last;
			n++;
		}
		lost += h->type == PERF_RECORD_LOST;
		tail += h->size;
	}
	TH_LOG("%llu cycles, %d samples, periods add up to %llu, last %llu",
	       (unsigned long long)count, n, (unsigned long long)sum,
	       (unsigned long long)last);
	ASSERT_LT(10, n);
	ASSERT_EQ(0, lost);
	ASSERT_LE(sum, count);
	/* What ran after the last overflow is less than the next period. */
	ASSERT_GT(4 * last + 1000, count - sum);
	munmap(r.meta, r.size);
	close(fd);
}

/* Stock perf record + perf script over the spin program. */
TEST(perf_record_samples_in_loop)
{
	char line[256];
	int total = 0, in_loop = 0;
	FILE *p;

	ASSERT_EQ(0, system("perf record -q -o /tmp/rec.data -e pmuv3/cpu_cycles/u -c 100000 -- ./spin 1000000 >/tmp/rec.log 2>&1"));
	p = popen("perf script -i /tmp/rec.data -F ip,sym 2>/dev/null", "r");
	ASSERT_NE(NULL, p);
	while (fgets(line, sizeof(line), p)) {
		total++;
		if (strstr(line, " spin_loop"))
			in_loop++;
	}
	pclose(p);
	TH_LOG("perf script: %d samples, %d in spin_loop", total, in_loop);
	/* 2e6 loop cycles + static start-up well under one period. */
	ASSERT_EQ(20, total);
	ASSERT_EQ(total, in_loop);
}

TEST_HARNESS_MAIN
