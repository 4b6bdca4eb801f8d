// SPDX-License-Identifier: GPL-2.0
/*
 * QEMU TCG plugin: the armtrace hardware model of ETE + TRBE + BRBE.
 *
 *   -plugin libarmtrace-hwmodel.so,mem=FILE,region=ADDR[,OPT=VAL...]
 *
 *   mem=FILE      the guest RAM's memory-backend-file (share=on)
 *   region=ADDR   guest PA of the "armtrace,hwmodel" reserved-memory node
 *   ram=ADDR      guest PA of the first RAM byte (default 0x40000000)
 *   truth=FILE    write the ground-truth log there
 *   brbe=32|64    BRBE records (default 32)
 *   brbeN=32|64   CPU N's, as in a system whose CPUs differ
 *   exact=on|off  per-instruction counters for exact fault positions;
 *                 needs -icount (all vCPUs on one thread); default off
 *   code=FILE     write the bytes of every kernel block translated
 *   kernel=on|off instrument kernel blocks (default on; off: only EL0
 *                 can be traced, at no cost in kernel code)
 *   trbe_align=N  TRBIDR_EL1.Align: TRBPTR in blocks of 2^N bytes,
 *                 N 0..11 (default 0)
 *   trbe_p=0|1    TRBIDR_EL1.P: the TRBE may not be programmed (default 0)
 *   el2=on|off    the CPU implements EL2 (-M virt,virtualization=on)
 *   el3=on|off    the CPU implements EL3 (-M virt,secure=on)
 *   mispredict=N  every Nth conditional branch is mispredicted (BRBE
 *                 MPRED); default 0, none
 *   errata=LIST   TRBE errata every CPU reports and plays, ':'-separated:
 *                 overwrite_fill, write_out_of_range, tsb_flush,
 *                 drain_after_disable, isb_after_enable, unusable
 *   errataN=LIST  the same for CPU N only (added to errata=)
 *   traceN=off    CPU N has neither ETE nor TRBE (hwm_regs_variant())
 *   ete_min=on    the trace unit has none of its optional parts
 *   dirty=on      the TRBE starts enabled, as a previous owner left it
 *   ete_busy=N    syncs a disabled trace unit stays busy emptying
 *                 (default 2); never: it does not go idle again
 *   cntvoff=N     CNTVOFF_EL2 as a hypervisor would set it for a kernel
 *                 at EL1: the physical count is the guest's virtual one
 *                 plus N, and trace timestamps take the counter
 *                 TRFCR_ELx.TS selects (default 0: the two agree)
 *   doorbell=SOCK raise the TRBE interrupt through the guest's
 *                 ivshmem-doorbell device, a peer of the ivshmem server
 *                 at SOCK (doorbell.c); default: the guest polls
 *
 * Documentation/hwmodel.rst says what is modelled and how.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "hwm.h"
#include "qemu_api.h"

HWM_EXPORT int qemu_plugin_version = 1;

struct hwm_model hwm;

static int kernel_blocks = 1;
/* exact mode: one instruction counter, all vCPUs on one thread */
static uint64_t insn_count, insn_mark;
static struct hwm_vcpu *insn_last;

void hwm_logf(const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	qemu_plugin_outs(buf);
}

void *hwm_guest_pa(uint64_t pa, uint64_t len)
{
	if (pa < hwm.ram_base || pa - hwm.ram_base > hwm.ram_size ||
	    len > hwm.ram_size - (pa - hwm.ram_base))
		return NULL;
	return hwm.ram + (pa - hwm.ram_base);
}

static void tb_exec(unsigned int vcpu, void *udata)
{
	struct hwm_vcpu *c = &hwm.vcpus[vcpu];
	const struct hwm_tb *t = udata;

	/* the generic counter runs whatever the trace unit observes */
	c->all_insns += t->n;

	if (hwm.exact) {
		/* What ran since the last block callback was that block. */
		if (insn_last)
			insn_last->last_reached = insn_count - insn_mark;
		insn_mark = insn_count;
		insn_last = c;
	}
	if (!c->obs_mask) {
		c->prev = NULL;
		return;
	}
	hwm.stat_tbs++;
	hwm_path_tb(c, udata, hwm.exact ? c->last_reached : 0);
}

static void sync_exec(unsigned int vcpu, void *udata)
{
	const struct hwm_site *s = udata;

	if (vcpu < hwm.nr_vcpus)
		hwm_sync(&hwm.vcpus[vcpu], s->tb, s->idx);
}

static void tsb_exec(unsigned int vcpu, void *udata)
{
	(void)udata;
	if (vcpu < hwm.nr_vcpus)
		hwm_ete_tsb(&hwm.vcpus[vcpu]);
}

/*
 * code=FILE: the bytes of every kernel block as QEMU translated it, so a
 * host decoder has the running kernel's text (alternatives, static keys
 * and modules as patched) for kernel-EL trace:  K <vaddr> <hex bytes>
 */
static void code_dump(const struct qemu_plugin_tb *qtb, uint64_t vaddr,
		      size_t n)
{
	size_t i, j;

	fprintf(hwm.code, "K %#llx ", (unsigned long long)vaddr);
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(qtb, i);
		const uint8_t *b = qemu_plugin_insn_data(insn);

		for (j = 0; j < qemu_plugin_insn_size(insn); j++)
			fprintf(hwm.code, "%02x", b[j]);
	}
	fputc('\n', hwm.code);
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *qtb)
{
	size_t n = qemu_plugin_tb_n_insns(qtb), i;
	uint64_t vaddr = qemu_plugin_tb_vaddr(qtb), tgt;
	struct hwm_tb *t;
	int instrument;

	(void)id;
	if (!n || n > 0xffff)
		return;
	t = calloc(1, sizeof(*t) + n);
	if (!t)
		return;
	t->vaddr = vaddr;
	t->n = n;
	t->kernel = (vaddr >> 55) & 1;
	t->vec = t->kernel && !(vaddr & 0x7f);
	if (hwm.code && t->kernel)
		code_dump(qtb, vaddr, n);
	instrument = !t->kernel || kernel_blocks;
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(qtb, i);
		uint32_t op = 0;

		if (qemu_plugin_insn_size(insn) == 4)
			memcpy(&op, qemu_plugin_insn_data(insn), 4);
		t->kinds[i] = hwm_a64_classify(op, qemu_plugin_insn_vaddr(insn),
					       &tgt);
		if (i == n - 1)
			t->target = tgt;
		if (t->kinds[i] == HWM_K_SYNC) {
			struct hwm_site *s = malloc(sizeof(*s));

			if (s) {
				s->tb = t;
				s->idx = i;
				qemu_plugin_register_vcpu_insn_exec_cb(insn,
					sync_exec, QEMU_PLUGIN_CB_NO_REGS, s);
			}
		}
		if (t->kinds[i] == HWM_K_TSB)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, tsb_exec,
				QEMU_PLUGIN_CB_NO_REGS, NULL);
		if (instrument && hwm.exact)
			qemu_plugin_register_vcpu_insn_exec_inline(insn,
				QEMU_PLUGIN_INLINE_ADD_U64, &insn_count, 1);
	}
	if (instrument)
		qemu_plugin_register_vcpu_tb_exec_cb(qtb, tb_exec,
						     QEMU_PLUGIN_CB_NO_REGS, t);
}

static void at_exit(qemu_plugin_id_t id, void *udata)
{
	char buf[256];
	unsigned int i;

	(void)id;
	(void)udata;
	for (i = 0; i < hwm.nr_vcpus; i++) {
		struct hwm_vcpu *c = &hwm.vcpus[i];

		if (c->ete.started)
			ete_enc_finish(&c->ete.enc);
		snprintf(buf, sizeof(buf),
			 "hwmodel: cpu%u trbe: %llu written, %llu lost, %llu writes ignored, %llu unaligned, %llu misplaced by errata\n",
			 i, (unsigned long long)c->trbe.written,
			 (unsigned long long)c->trbe.lost,
			 (unsigned long long)c->trbe.ignored,
			 (unsigned long long)c->trbe.unaligned,
			 (unsigned long long)c->trbe.misplaced);
		qemu_plugin_outs(buf);
	}
	snprintf(buf, sizeof(buf),
		 "hwmodel: %llu syncs, %llu observed blocks, %llu trace bytes\n",
		 (unsigned long long)hwm.stat_syncs,
		 (unsigned long long)hwm.stat_tbs,
		 (unsigned long long)hwm.stat_bytes);
	qemu_plugin_outs(buf);
	if (hwm.trbe_irq)
		hwm_doorbell_report();
	if (hwm.truth)
		fclose(hwm.truth);
	hwm.truth = NULL;
	if (hwm.code)
		fclose(hwm.code);
	hwm.code = NULL;
}


static int map_ram(const char *path, uint64_t region)
{
	struct stat st;
	void *p;
	int fd;

	fd = open(path, O_RDWR);
	if (fd < 0) {
		hwm_logf("hwmodel: %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) || st.st_size <= 0) {
		hwm_logf("hwmodel: %s: empty (create it with the RAM size)\n",
			 path);
		close(fd);
		return -1;
	}
	p = mmap(NULL, st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (p == MAP_FAILED) {
		hwm_logf("hwmodel: mmap %s: %s\n", path, strerror(errno));
		return -1;
	}
	hwm.ram = p;
	hwm.ram_size = st.st_size;
	hwm.global = hwm_guest_pa(region, HWM_REGION_SIZE);
	if (!hwm.global) {
		hwm_logf("hwmodel: region %#llx is not in RAM\n",
			 (unsigned long long)region);
		return -1;
	}
	return 0;
}

static int on(const char *v)
{
	return !strcmp(v, "on") || !strcmp(v, "1") || !strcmp(v, "true");
}

HWM_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
				   int argc, char **argv)
{
	const char *mem = NULL, *truth = NULL, *code = NULL, *doorbell = NULL;
	uint64_t region = 0;
	unsigned int i, ncpu, nrec;
	int a;

	hwm.ram_base = 0x40000000;
	hwm.brbe_nrec = 32;
	hwm.ete_busy = 2;
	for (a = 0; a < argc; a++) {
		char *eq = strchr(argv[a], '=');
		const char *v = eq ? eq + 1 : "";
		size_t klen = eq ? (size_t)(eq - argv[a]) : strlen(argv[a]);

#define KEY(k) (klen == sizeof(k) - 1 && !strncmp(argv[a], k, klen))
		if (KEY("mem"))
			mem = v;
		else if (KEY("region"))
			region = strtoull(v, NULL, 0);
		else if (KEY("ram"))
			hwm.ram_base = strtoull(v, NULL, 0);
		else if (KEY("truth"))
			truth = v;
		else if (KEY("code"))
			code = v;
		else if (KEY("doorbell"))
			doorbell = v;
		else if (KEY("brbe"))
			hwm.brbe_nrec = strtoul(v, NULL, 0) == 64 ? 64 : 32;
		else if (klen > 4 && !strncmp(argv[a], "brbe", 4)) {
			char *end;
			unsigned long cpu = strtoul(argv[a] + 4, &end, 10);
			unsigned long n = strtoul(v, NULL, 0);

			if (end != eq || cpu >= HWM_MAX_CPUS ||
			    (n != 32 && n != 64)) {
				hwm_logf("hwmodel: %s: brbeN=32|64, N < %u\n",
					 argv[a], HWM_MAX_CPUS);
				return -1;
			}
			hwm.brbe_nrec_cpu[cpu] = (unsigned int)n;
		}
		else if (KEY("exact"))
			hwm.exact = on(v);
		else if (KEY("kernel"))
			kernel_blocks = on(v);
		else if (KEY("trbe_align")) {
			hwm.trbe_align = strtoul(v, NULL, 0);
			if (hwm.trbe_align > HWM_TRBE_ALIGN_MAX) {
				hwm_logf("hwmodel: trbe_align=%u: at most %u\n",
					 hwm.trbe_align, HWM_TRBE_ALIGN_MAX);
				return -1;
			}
		} else if (KEY("trbe_p"))
			hwm.trbe_p = on(v);
		else if (KEY("el2"))
			hwm.el2 = on(v);
		else if (KEY("el3"))
			hwm.el3 = on(v);
		else if (KEY("mispredict"))
			hwm.mispredict = strtoul(v, NULL, 0);
		else if (KEY("ete_min"))
			hwm.ete_min = on(v);
		else if (KEY("dirty"))
			hwm.dirty = on(v);
		else if (KEY("cntvoff")) {
			char *end;

			errno = 0;
			hwm.cntvoff = strtoull(v, &end, 0);
			if (!*v || *end || errno) {
				hwm_logf("hwmodel: cntvoff=%s: a number\n", v);
				return -1;
			}
		} else if (KEY("ete_busy")) {
			char *end;
			unsigned long n = strtoul(v, &end, 0);

			if (!strcmp(v, "never")) {
				hwm.ete_busy = -1;	/* busy until enabled again */
			} else if (*v && !*end && n <= 100) {
				hwm.ete_busy = n;
			} else {
				hwm_logf("hwmodel: ete_busy=%s: 0..100 or never\n", v);
				return -1;
			}
		}
		else if (klen > 5 && !strncmp(argv[a], "trace", 5)) {
			char *end;
			unsigned long cpu = strtoul(argv[a] + 5, &end, 10);

			if (end != eq || cpu >= HWM_MAX_CPUS ||
			    (strcmp(v, "off") && strcmp(v, "on"))) {
				hwm_logf("hwmodel: %s: traceN=on|off, N < %u\n",
					 argv[a], HWM_MAX_CPUS);
				return -1;
			}
			hwm.notrace[cpu] = !on(v);
		}
		else if (klen >= 6 && !strncmp(argv[a], "errata", 6)) {
			char *end;
			unsigned long cpu = strtoul(argv[a] + 6, &end, 10);
			uint32_t e = 0;

			if (hwm_errata_parse(v, &e) || end != eq ||
			    (klen > 6 && cpu >= HWM_MAX_CPUS)) {
				hwm_logf("hwmodel: %s: errata[N]=NAME[:NAME...], N < %u, names: overwrite_fill write_out_of_range tsb_flush drain_after_disable isb_after_enable unusable\n",
					 argv[a], HWM_MAX_CPUS);
				return -1;
			}
			for (i = 0; i < HWM_MAX_CPUS; i++)
				if (klen == 6 || i == cpu)
					hwm.errata[i] |= e;
		} else {
			hwm_logf("hwmodel: unknown option %s\n", argv[a]);
			return -1;
		}
#undef KEY
	}
	if (!info->system_emulation || !mem || !region) {
		hwm_logf("hwmodel: needs system emulation, mem=FILE and region=ADDR\n");
		return -1;
	}
	if (map_ram(mem, region))
		return -1;
	ncpu = info->system.max_vcpus;
	if (ncpu > HWM_MAX_CPUS) {
		hwm_logf("hwmodel: %u vCPUs, the model has room for %u\n",
			 ncpu, HWM_MAX_CPUS);
		return -1;
	}
	if (truth) {
		hwm.truth = fopen(truth, "w");
		if (!hwm.truth) {
			hwm_logf("hwmodel: %s: %s\n", truth, strerror(errno));
			return -1;
		}
		setvbuf(hwm.truth, NULL, _IOFBF, 1 << 20);
		fprintf(hwm.truth, "# armtrace hwmodel truth 1\n");
	}
	if (code) {
		hwm.code = fopen(code, "w");
		if (!hwm.code) {
			hwm_logf("hwmodel: %s: %s\n", code, strerror(errno));
			return -1;
		}
		setvbuf(hwm.code, NULL, _IOFBF, 1 << 20);
	}
	if (doorbell) {
		if (hwm_doorbell_open(doorbell))
			return -1;
		hwm.trbe_irq = hwm_doorbell_ring;
	}
	hwm.nr_vcpus = ncpu;
	hwm.vcpus = calloc(ncpu, sizeof(*hwm.vcpus));
	if (!hwm.vcpus)
		return -1;
	memset(hwm.global, 0, HWM_REGION_SIZE);
	for (i = 0; i < ncpu; i++) {
		struct hwm_vcpu *c = &hwm.vcpus[i];

		c->idx = i;
		c->shm = (struct hwm_cpu *)((uint8_t *)hwm.global +
					    HWM_PAGE * (1 + HWM_CPU_PAGES * i));
		nrec = hwm.brbe_nrec_cpu[i] ? hwm.brbe_nrec_cpu[i] :
			hwm.brbe_nrec;
		hwm_regs_reset(c->shm, nrec, hwm.trbe_align, hwm.trbe_p);
		hwm_regs_errata(c->shm, hwm.errata[i]);
		hwm_regs_variant(c->shm, hwm.notrace[i], hwm.ete_min,
				 hwm.dirty);
		hwm_brb_reset(&c->brbe.buf, nrec);
		hwm_ete_init(c);
	}
	hwm.global->abi_version = HWM_ABI_VERSION;
	hwm.global->nr_cpus = ncpu;
	hwm.global->features = HWM_F_ETE | HWM_F_TRBE | HWM_F_BRBE;
	hwm.global->kernel_el = 1;
	/* Magic last: the guest trusts the page once it sees it. */
	__atomic_store_n(&hwm.global->magic, HWM_MAGIC, __ATOMIC_RELEASE);

	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
