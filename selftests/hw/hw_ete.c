// SPDX-License-Identifier: GPL-2.0
/*
 * ETE + TRBE through kernel/hw/ and the hardware model, without perf:
 * trace brb_workload (branches.S) and decode the buffer in the guest with
 * libete's packet layer, built for aarch64.  Checks that the trace is
 * legal ETE, that EL filtering keeps kernel addresses out of an EL0 trace
 * (and in an EL1 one), and that fill mode stops at the limit with the
 * status the architecture defines and an interrupt.
 */
#define _GNU_SOURCE
#include "kselftest_harness.h"
#include "hwtest_util.h"

#include <armtrace/trbe_regs.h>
#include <ete/pkt.h>

#define KERNEL_VA 0xffff000000000000ULL


struct run {
	uint8_t *buf;
	size_t len;
	unsigned int pkts, errors, truncated, asyncs, tinfos, atoms;
	unsigned int addrs, kernel_addrs, workload_addrs;
};

static int is_addr(enum ete_pkt_type t)
{
	return t >= ETE_PKT_T_ADDR_CTXT_L_32IS0 && t <= ETE_PKT_T_ADDR_L_64IS1;
}

/* Trace @loops runs of the workload at the ELs in @el_mask; decode. */
static int trace(unsigned int kib, unsigned int el_mask, unsigned int loops,
		 struct run *r)
{
	struct ete_pkt_config cfg = { 0 };
	struct ete_pkt_decoder dec;
	struct ete_pkt pkt;
	char cmd[64];
	unsigned int i;
	size_t off = 0;
	int fd, st;

	memset(r, 0, sizeof(*r));
	snprintf(cmd, sizeof(cmd), "ete-start %u 0 %x", kib, el_mask);
	if (hwtest_ctl(cmd))
		return -1;
	for (i = 0; i < loops; i++)
		brb_workload_fn();
	if (hwtest_ctl("ete-stop"))
		return -1;

	r->buf = malloc(kib * 1024);
	fd = open(HWTEST_DIR "trace", O_RDONLY);
	if (fd < 0 || !r->buf)
		return -1;
	for (;;) {
		ssize_t n = read(fd, r->buf + r->len, kib * 1024 - r->len);

		if (n <= 0)
			break;
		r->len += n;
	}
	close(fd);

	cfg.trcidr0 = hwtest_status("trcidr0");
	cfg.trcidr1 = hwtest_status("trcidr1");
	cfg.trcidr2 = hwtest_status("trcidr2");
	cfg.trcidr8 = hwtest_status("trcidr8");
	cfg.trcdevarch = hwtest_status("trcdevarch");
	cfg.trcconfigr = hwtest_status("trcconfigr");
	cfg.trctraceidr = hwtest_status("trctraceidr");
	if (ete_pkt_decoder_init(&dec, &cfg))
		return -1;
	for (;;) {
		size_t used = 0;

		st = ete_pkt_decode(&dec, r->buf + off, r->len - off, off,
				    &used, &pkt);
		off += used;
		if (st == ETE_PKT_MORE) {
			st = ete_pkt_flush(&dec, &pkt);
			if (st == ETE_PKT_EOT)
				break;
			r->truncated += st == ETE_PKT_ERR_TRUNCATED;
			break;
		}
		if (st < 0) {
			r->errors++;
			continue;
		}
		if (st != ETE_PKT_OK)
			break;
		r->pkts++;
		r->asyncs += pkt.type == ETE_PKT_T_ASYNC;
		r->tinfos += pkt.type == ETE_PKT_T_TRACE_INFO;
		if (pkt.type >= ETE_PKT_T_ATOM_F1 && pkt.type <= ETE_PKT_T_ATOM_F6)
			r->atoms += pkt.atom_num;
		if (is_addr(pkt.type)) {
			r->addrs++;
			r->kernel_addrs += pkt.addr.val >= KERNEL_VA;
			r->workload_addrs +=
				pkt.addr.val >= (uintptr_t)brb_workload &&
				pkt.addr.val <= (uintptr_t)brb_leaf;
		}
	}
	return 0;
}

FIXTURE(ete) {
	struct run r;
};

FIXTURE_SETUP(ete)
{
	ASSERT_EQ(0, hwtest_pin_cpu0());
}

FIXTURE_TEARDOWN(ete)
{
	free(self->r.buf);
}

TEST_F(ete, el0_trace_is_legal_and_has_no_kernel_addresses)
{
	struct run *r = &self->r;
	uint64_t trbsr;

	ASSERT_EQ(0, trace(64, 1, 100, r));
	TH_LOG("%zu bytes, %u packets, %u atoms, %u addresses (%u in the workload)",
	       r->len, r->pkts, r->atoms, r->addrs, r->workload_addrs);
	ASSERT_LT(0, r->len);
	ASSERT_EQ(0, r->errors);
	ASSERT_EQ(0, r->truncated);
	ASSERT_LE(1, r->asyncs);
	ASSERT_LE(1, r->tinfos);
	ASSERT_EQ(0, r->kernel_addrs);
	/* blr/br/ret x3 per run leave addresses; b.ne/bl/b leave atoms. */
	ASSERT_LE(100, r->workload_addrs);
	ASSERT_LE(100 * 5, r->atoms);
	trbsr = hwtest_status("trbsr");
	ASSERT_EQ(0, trbsr & (TRBSR_EL1_S | TRBSR_EL1_IRQ));
	ASSERT_EQ(0, hwtest_status("irqs"));
}

TEST_F(ete, el1_trace_has_only_kernel_addresses)
{
	struct run *r = &self->r;

	ASSERT_EQ(0, trace(64, 2, 10, r));
	TH_LOG("%zu bytes, %u packets, %u addresses, %u kernel",
	       r->len, r->pkts, r->addrs, r->kernel_addrs);
	ASSERT_EQ(0, r->errors);
	ASSERT_LT(0, r->addrs);
	ASSERT_EQ(r->addrs, r->kernel_addrs);
}

TEST_F(ete, fill_mode_stops_at_the_limit)
{
	struct run *r = &self->r;
	uint64_t trbsr, irq_trbsr;

	ASSERT_EQ(0, trace(4, 1, 20000, r));
	trbsr = hwtest_status("trbsr");
	irq_trbsr = hwtest_status("irq_trbsr");
	TH_LOG("%zu bytes, trbsr %#llx, %llu interrupts (trbsr then %#llx)",
	       r->len, (unsigned long long)trbsr,
	       (unsigned long long)hwtest_status("irqs"),
	       (unsigned long long)irq_trbsr);
	ASSERT_EQ(4096, r->len);
	ASSERT_EQ(4096, hwtest_status("used"));
	/* Arm ARM D10, BSC FILLED: the pointer wrapped to the base */
	ASSERT_EQ(0, hwtest_status("trbptr_off"));
	ASSERT_NE(0, trbsr & TRBSR_EL1_WRAP);
	ASSERT_NE(0, trbsr & TRBSR_EL1_S);
	ASSERT_EQ(TRBSR_EC_OTHERS, FIELD_GET(TRBSR_EL1_EC, trbsr));
	ASSERT_EQ(TRBSR_BSC_FILLED, FIELD_GET(TRBSR_EL1_BSC, trbsr));
	ASSERT_LE(1, hwtest_status("irqs"));
	ASSERT_NE(0, irq_trbsr & TRBSR_EL1_IRQ);
	ASSERT_NE(0, irq_trbsr & TRBSR_EL1_S);
	/* Cut at a byte, not at a packet: at most the last one is partial. */
	ASSERT_EQ(0, r->errors);
	ASSERT_LE(r->truncated, 1);
}

TEST_HARNESS_MAIN
