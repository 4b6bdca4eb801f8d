/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The QEMU hardware model of ETE + TRBE + BRBE: state shared by its parts.
 *
 *   plugin.c  QEMU glue: arguments, guest memory, per-TB instrumentation
 *   path.c    the executed path of each vCPU: branches, exceptions
 *   regs.c    the register file: reset values, the sync instruction
 *   ete.c     the trace unit (libete's encoder), wired to the TRBE sink
 *   trbe.c    the TRBE sink: staging, TSB CSYNC, programming rules
 *   brbe.c    BRBE records; a64.c opcodes
 *   vi.c      ViewInst address range comparators
 *   truth.c   the ground-truth log
 *   doorbell.c the TRBE interrupt rung as a real one (doorbell=), a peer
 *             of ivshmem.c's server (ivshmem_server.c runs it)
 */
#ifndef HWM_H
#define HWM_H

#include <stdint.h>
#include <stdio.h>
#include <armtrace/ete_pkt.h>
#include <armtrace/hwmodel_abi.h>
#include <ete/enc.h>
#include "a64.h"
#include "brbe.h"
#include "trbe.h"
#include "vi.h"

/* One translated block, as the translation callback saw it. */
struct hwm_tb {
	uint64_t vaddr;
	uint64_t target;	/* direct branch target of the last insn */
	uint16_t n;		/* instructions */
	uint8_t kernel;		/* in the TTBR1 half */
	uint8_t vec;		/* kernel, 0x80-aligned: may be a vector slot */
	uint8_t kinds[];	/* enum hwm_kind of each instruction */
};

/* A sync instruction: its block and index. */
struct hwm_site {
	const struct hwm_tb *tb;
	unsigned int idx;
};

/* The exceptions the model takes, as ETE types (BRBINF_TYPE_EXCEPTION | type). */
enum hwm_exc {
	HWM_EXC_CALL = ETE_EXC_TYPE_CALL,
	HWM_EXC_TRAP = ETE_EXC_TYPE_TRAP,
	HWM_EXC_SERROR = ETE_EXC_TYPE_SERROR,
	HWM_EXC_INSN_DEBUG = ETE_EXC_TYPE_INSN_DEBUG,
	HWM_EXC_INSN_FAULT = ETE_EXC_TYPE_INSN_FAULT,
	HWM_EXC_DATA_FAULT = ETE_EXC_TYPE_DATA_FAULT,
	HWM_EXC_IRQ = ETE_EXC_TYPE_IRQ,
	HWM_EXC_FIQ = ETE_EXC_TYPE_FIQ,
};

/* Vector classes, from the vector offset (bits 8:7). */
enum hwm_vec {
	HWM_VEC_SYNC = 0,
	HWM_VEC_IRQ,
	HWM_VEC_FIQ,
	HWM_VEC_SERROR,
	HWM_VEC_UNKNOWN,
};

#define HWM_ETE_PROG_REGS	(HW_TRCCIDCCTLR0 - HW_TRCCONFIGR + 1)

struct hwm_vcpu {
	unsigned int idx;
	struct hwm_cpu *shm;		/* register file in guest memory */

	/* the path: the last block of an observed EL, not yet resolved */
	const struct hwm_tb *prev;
	unsigned int prev_from;		/* first instruction on the path */
	uint64_t last_reached;		/* instructions of the last block reached */
	uint8_t prev_el;
	/* blocks ran at an EL that is not observed since the last observed one */
	uint8_t unobs_valid;
	uint8_t unobs_el;		/* the highest such EL */
	/* the kernel EL's vector table (VBAR_ELx), once an entry showed it */
	uint8_t vbar_known;
	uint64_t vbar;
	/* an exception from an observed EL into one that is not */
	struct {
		uint8_t valid;
		uint8_t vec;		/* enum hwm_vec */
		uint8_t el_to;
		uint8_t el_from;
		const struct hwm_tb *tb;
		unsigned int from;
		uint64_t reached;
		uint64_t vector;
		uint64_t cid;
		/*
		 * the guest's user_ret and its PID at the first sync after
		 * the exception, the nearest to its entry (before a signal
		 * frame or an emulated instruction moves the task's PC)
		 */
		uint8_t ret_latched;
		uint64_t user_ret;
		uint64_t user_ret_pid;
	} pend;

	uint64_t insns;			/* instructions the model saw */
	/*
	 * every instruction of every block entered, observed or not: the
	 * time between syncs (a block an exception cut short counts whole)
	 */
	uint64_t all_insns;
	uint64_t cntvct;		/* guest counter at the last sync */
	uint64_t insns_at_cntvct;	/* all_insns then */
	uint64_t ts_last;		/* the last timestamp traced */
	uint64_t cid;			/* CONTEXTIDR the guest published */

	/* what is watched: bit n = ELn */
	uint8_t ete_mask;
	uint8_t brbe_mask;
	uint8_t obs_mask;

	/* ETE + TRBE */
	struct {
		uint8_t enabled;	/* TRCPRGCTLR.EN, OS Lock unlocked */
		uint8_t stopping;	/* disabled, not idle for this many syncs */
		uint8_t collecting;	/* TRBE takes bytes */
		uint8_t in_run;		/* trace on (PE in a traced EL) */
		uint8_t started;	/* encoder initialised */
		uint8_t cci;
		uint8_t ts;
		uint8_t bb;		/* branch broadcast, in bb_vi's region */
		struct hwm_vi bb_vi;	/* TRCBBCTLR's ranges, latched */
		uint64_t run_start;	/* first insn not yet in an element */
		uint64_t cc_insns;	/* insns at the last cycle count */
		uint32_t cc_threshold;
		/* ViewInst ranges: the sequential run being executed */
		struct hwm_vi vi;	/* latched at enable */
		uint64_t blk;		/* first insn of the run, not yet judged */
		uint8_t blk_el;
		uint8_t blk_ok;		/* blk is where the PE went on from */
		/* ViewInst start/stop points (latched) and the logic's state */
		struct hwm_ss ss;
		uint8_t ss_on;
		/* the programming registers while not idle (hw_reg_ete_prog) */
		uint64_t held[HWM_ETE_PROG_REGS];
		uint64_t ignored;	/* writes to them while not idle */
		struct ete_enc enc;
	} ete;
	struct hwm_trbe trbe;		/* the sink: trbe.c */
	uint8_t trbe_warned;		/* TM/nVM logged once */

	/* BRBE */
	struct {
		struct hwm_brb buf;
		uint64_t last_insns;	/* insns at the last record */
		uint8_t ccu;		/* next record's count is unknown */
		unsigned int nr_cond;	/* conditional branches (mispredict=) */
		/* the buffer before the last IRQ, until its return */
		struct {
			uint8_t valid;
			uint8_t ccu;
			uint64_t last_insns;
			struct hwm_brb buf;
		} irq;
	} brbe;
};

struct hwm_model {
	struct hwm_global *global;
	uint8_t *ram;			/* guest RAM, PA ram_base = offset 0 */
	uint64_t ram_base;
	uint64_t ram_size;
	unsigned int nr_vcpus;
	struct hwm_vcpu *vcpus;
	unsigned int brbe_nrec;
	unsigned int brbe_nrec_cpu[HWM_MAX_CPUS];	/* brbeN=, 0: brbe= */
	unsigned int trbe_align;	/* TRBIDR_EL1.Align (trbe_align=) */
	int trbe_p;			/* TRBIDR_EL1.P (trbe_p=) */
	uint32_t errata[HWM_MAX_CPUS];	/* TRBE_WA_* played (errata=) */
	int el2, el3;			/* the CPU has EL2, EL3 (el2=, el3=) */
	uint8_t notrace[HWM_MAX_CPUS];	/* no ETE, no TRBE (traceN=off) */
	int ete_min;			/* no optional ETE parts (ete_min=) */
	int dirty;			/* trace left enabled (dirty=) */
	int ete_busy;			/* syncs a disabled unit is busy (ete_busy=) */
	uint64_t cntvoff;		/* CNTVOFF_EL2 for trace timestamps (cntvoff=) */
	unsigned int mispredict;	/* every Nth conditional branch (mispredict=) */
	int exact;			/* icount: one thread, reached counts */
	FILE *truth;
	FILE *code;			/* kernel code as translated (code=) */
	FILE *log;			/* -d plugin messages, NULL if quiet */
	uint64_t stat_syncs, stat_tbs, stat_bytes;
	/*
	 * Called with a CPU's index when its TRBE raises TRBSR_EL1.IRQ
	 * (0 to 1), to interrupt the guest; NULL: the guest polls
	 * (doorbell=, doorbell.c).
	 */
	void (*trbe_irq)(unsigned int cpu);
};

extern struct hwm_model hwm;

/* the doorbell (doorbell.c): the TRBE interrupt as a real one */
int hwm_doorbell_open(const char *path);
void hwm_doorbell_ring(unsigned int cpu);
void hwm_doorbell_report(void);

/* guest memory */
void *hwm_guest_pa(uint64_t pa, uint64_t len);

/* EL of an address: the kernel's EL in the TTBR1 half, else 0. */
static inline unsigned int hwm_kernel_el(void)
{
	unsigned int el = hwm.global->kernel_el;

	return el == 2 ? 2 : 1;
}

/* regs.c */
void hwm_regs_reset(struct hwm_cpu *shm, unsigned int nrec,
		    unsigned int trbe_align, int trbe_p);
void hwm_regs_variant(struct hwm_cpu *shm, int notrace, int ete_min,
		      int dirty);
void hwm_regs_errata(struct hwm_cpu *shm, uint32_t errata);
int hwm_errata_parse(const char *list, uint32_t *errata);
uint64_t hwm_trace_ts(uint64_t vct, uint64_t trfcr_el1, uint64_t trfcr_el2,
		      uint64_t cntvoff);
void hwm_sync(struct hwm_vcpu *c, const struct hwm_tb *tb, unsigned int idx);

/* path.c */
void hwm_path_tb(struct hwm_vcpu *c, const struct hwm_tb *t, uint64_t reached);
void hwm_path_restart(struct hwm_vcpu *c, const struct hwm_tb *tb,
		      unsigned int from);
/*
 * A sync: report what is pending now.  @ret_hint: where an exception the
 * PE is in will return to, when the guest said (0: not known).
 */
void hwm_path_stop(struct hwm_vcpu *c, uint64_t ret_hint, int hint_is_task);

/* ete.c */
void hwm_ete_update(struct hwm_vcpu *c, const struct hwm_tb *tb,
		    unsigned int idx);
void hwm_ete_branch(struct hwm_vcpu *c, unsigned int kind, uint64_t src,
		    int taken, uint64_t next, unsigned int el_to);
void hwm_ete_exception(struct hwm_vcpu *c, unsigned int type, uint64_t src,
		       uint64_t ret, uint64_t vector, unsigned int el_to);
void hwm_ete_at(struct hwm_vcpu *c, uint64_t addr, unsigned int el);
void hwm_ete_init(struct hwm_vcpu *c);
int hwm_ete_enable_wanted(const struct hwm_cpu *shm);
void hwm_ete_regs_sync(struct hwm_vcpu *c);
void hwm_ete_power_down(struct hwm_vcpu *c);
void hwm_ete_tsb(struct hwm_vcpu *c);
uint8_t hwm_ete_el_mask(const struct hwm_cpu *shm);
int hwm_ete_vi_event(uint64_t victlr);
int hwm_ete_vi_started(uint64_t victlr);
void hwm_ete_ctx(const struct hwm_cpu *shm, unsigned int el,
		 struct ete_enc_ctx *ctx);

/* brbe (regs.c side) */
void hwm_brbe_update(struct hwm_vcpu *c);
int hwm_brbe_mispredicted(struct hwm_vcpu *c, unsigned int kind);
void hwm_brbe_branch(struct hwm_vcpu *c, unsigned int kind, uint64_t src,
		     uint64_t tgt, unsigned int el_from, unsigned int el_to,
		     int mpred);
void hwm_brbe_return(struct hwm_vcpu *c, uint64_t tgt, unsigned int el_from,
		     unsigned int el_to);
void hwm_brbe_exception(struct hwm_vcpu *c, unsigned int type, uint64_t ret,
			uint64_t tgt, unsigned int el_from, unsigned int el_to);
void hwm_brbe_publish(struct hwm_vcpu *c);

/* truth.c */
void hwm_truth_branch(struct hwm_vcpu *c, unsigned int kind, uint64_t src,
		      uint64_t tgt, int taken, unsigned int el_from,
		      unsigned int el_to);
void hwm_truth_exception(struct hwm_vcpu *c, unsigned int type, uint64_t src,
			 uint64_t ret, uint64_t vector, unsigned int el_from,
			 unsigned int el_to);
void hwm_truth_note(struct hwm_vcpu *c, const char *what, uint64_t arg);

void hwm_logf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* HWM_H */
