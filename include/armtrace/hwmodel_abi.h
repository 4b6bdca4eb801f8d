/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared-memory ABI between the kernel's `model` register backend
 * (kernel/hw/) and the QEMU TCG plugin that emulates ETE, TRBE and BRBE
 * (selftests/hwmodel/).
 *
 * The guest's RAM is a shared memory-backend-file that the plugin maps too.
 * A /reserved-memory no-map region with compatible "armtrace,hwmodel"
 * holds one page of global state, then HWM_CPU_PAGES pages per CPU.
 *
 *   +-----------------+ region base
 *   | hwm_global      | magic, ABI version, handshake
 *   +-----------------+ + HWM_PAGE
 *   | hwm_cpu[0]      | register file, branch records, mailbox
 *   +-----------------+ + HWM_PAGE * (1 + HWM_CPU_PAGES)
 *   | hwm_cpu[1] ...  |
 *   +-----------------+
 *
 * Register writes and commands take effect when the guest executes the
 * sync instruction HWM_SYNC_INSN (an unallocated, NOP-compatible HINT that
 * the plugin instruments): the plugin then acts on the new register values
 * at once and writes back what the hardware would update (TRCSTATR,
 * TRBSR, TRBPTR, ...) before the guest's next instruction.  State the
 * hardware changes on its own (TRBPTR advancing, TRBSR on a full buffer)
 * is written to the register file as it happens; the guest reads it there.
 */
#ifndef ARMTRACE_HWMODEL_ABI_H
#define ARMTRACE_HWMODEL_ABI_H

#include "bits.h"
#include "hw_regs.h"

#include <linux/types.h>	/* __u64, __u32: kernel and user space alike */

#define HWM_COMPATIBLE		"armtrace,hwmodel"
#define HWM_MAGIC		0x4c45444f4d485441ULL	/* "ATHMODEL" */
#define HWM_ABI_VERSION		9
#define HWM_PAGE		4096
#define HWM_CPU_PAGES		2
#define HWM_MAX_CPUS		8
#define HWM_REGION_SIZE		(HWM_PAGE * (1 + HWM_CPU_PAGES * HWM_MAX_CPUS))

/* HINT #HWM_SYNC_HINT: executes as NOP on any Arm CPU. */
#define HWM_SYNC_HINT		0x6e
#define HWM_SYNC_INSN		(0xd503201fu | (HWM_SYNC_HINT << 5))
/* TSB CSYNC (HINT #18): the model drains its trace buffer unit there. */
#define HWM_TSB_CSYNC_INSN	0xd503225fu

/* hwm_global.features: what the plugin emulates */
#define HWM_F_ETE		BIT_ULL(0)
#define HWM_F_TRBE		BIT_ULL(1)
#define HWM_F_BRBE		BIT_ULL(2)

/* hwm_cpu.cmd: one-shot operations, done at the next sync */
#define HWM_CMD_NONE		0
#define HWM_CMD_BRB_IALL	1	/* BRB IALL: invalidate all records */
#define HWM_CMD_BRB_INJ		2	/* BRB INJ: inject BRB*INJ_EL1 */
#define HWM_CMD_PMU_OVERFLOW	3	/* a PMU overflow: BRBE freezes (FZP) */
#define HWM_CMD_POWER_DOWN	4	/* the CPU powers down and up again */

struct hwm_global {
	__u64 magic;			/* plugin writes HWM_MAGIC */
	__u32 abi_version;		/* plugin writes HWM_ABI_VERSION */
	__u32 nr_cpus;		/* plugin: vCPUs modelled */
	__u32 features;		/* plugin: HWM_F_* */
	__u32 guest_attached;		/* guest: 1 once its backend runs */
	__u32 kernel_el;		/* guest: 1, or 2 under VHE */
	__u32 reserved;
	__u64 kernel_va_start;	/* guest: lowest kernel (TTBR1) VA */
	__u64 cntfrq;			/* guest: generic timer frequency */
};

struct hwm_cpu {
	__u64 regs[HW_NR_REGS];	/* indexed by enum hw_reg */
	__u64 brb_inf[HW_BRB_MAX];	/* records 0..63 across banks */
	__u64 brb_src[HW_BRB_MAX];
	__u64 brb_tgt[HW_BRB_MAX];
	__u32 cmd;			/* guest: HWM_CMD_*, plugin clears */
	__u32 syncs;			/* plugin: syncs handled */
	/*
	 * The trace buffer as the MMU would see it: the guest publishes the
	 * guest-physical address of every 4 KiB page of the virtual range
	 * [buf_va, buf_va + 4096 * buf_npages), which TRBBASER..TRBLIMITR
	 * must lie in, as an array of u64 at buf_pages_pa.
	 */
	__u64 buf_va;
	__u64 buf_pages_pa;
	__u64 buf_npages;
	/* What the PE knows that addresses do not say. */
	/*
	 * guest: the PID Linux writes at each switch with the CONTEXTIDR_EL1
	 * encoding, which is CONTEXTIDR_EL2 under VHE (kernel_el 2): the
	 * model traces it as CONTEXTID at EL1, as the VMID with
	 * TRCCONFIGR.VMIDOPT under VHE
	 */
	__u64 contextidr;
	__u64 vmid;			/* guest: VTTBR_EL2.VMID */
	__u64 cntvct;			/* guest: counter value at last sync */
	/*
	 * guest: with HWM_CMD_PMU_OVERFLOW from an interrupt handler, the
	 * interrupted PC (the IRQ's preferred return address, ELR_EL1),
	 * else 0: where the branch before the IRQ went, which the model
	 * otherwise learns only at the return
	 */
	__u64 irq_ret;
	/*
	 * guest, at every sync: the current task's EL0 return address (the
	 * preferred return address of the exception that took it from EL0,
	 * ELR_EL1 then), 0 in a kernel thread, and that task's PID (which
	 * contextidr already no longer is between the switch probe and the
	 * switch).  Where trace stops before that return, it is the only
	 * way the model learns where the branch before the exception went;
	 * silicon knows it at the entry.
	 */
	__u64 user_ret;
	__u64 user_ret_pid;
	__u64 icount_at_cntvct;	/* plugin: its insn count then */
	__u64 insns;			/* plugin: instructions executed */
	/* plugin: what a driver did that silicon would punish (tests) */
	__u64 trbe_lost;		/* staged trace bytes a disable dropped */
	__u64 trbe_ignored;		/* TRBE register writes ignored */
	__u64 trbe_unaligned;		/* TRBPTR below TRBIDR_EL1.Align */
	/*
	 * plugin: the part the model plays (errata= option).  MIDR_EL1 of an
	 * affected core, for the log; the errata it has as TRBE_WA_* bits
	 * (include/armtrace/trbe_errata.h), which silicon reports through
	 * the kernel's cpucaps instead.
	 */
	__u64 midr;
	__u64 trbe_errata;
	__u64 trbe_errata_bytes;	/* plugin: bytes an erratum misplaced */
	/*
	 * plugin: trace bytes the trace unit made while its TRBE was
	 * disabled or stopped (a fill waiting for its interrupt), which
	 * silicon cannot count: for tests that every loss is flagged
	 */
	__u64 trbe_discarded;
	/*
	 * plugin: HWM_F_* of this CPU, a subset of hwm_global.features (the
	 * traceN=off option: a CPU of a mixed system without ETE and TRBE,
	 * whose ID_AA64DFR0_EL1 says so and whose trace registers are all
	 * absent)
	 */
	__u32 features;
	__u32 reserved;
};

#endif /* ARMTRACE_HWMODEL_ABI_H */
