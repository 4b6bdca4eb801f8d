/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Register access for the trace hardware (ETE, TRBE, BRBE), one small
 * layer with two backends chosen at probe time:
 *
 *   sysreg  msr/mrs on the local CPU, for silicon;
 *   model   the register file of the QEMU hardware model
 *           (include/armtrace/hwmodel_abi.h), when its DT node exists.
 *
 * Everything above this layer is identical for both.  All calls act on
 * the calling CPU's registers: call with preemption disabled.  Writes take
 * effect at hw_sync(), the point where silicon code needs an isb.
 */
#ifndef ARMTRACE_HW_H
#define ARMTRACE_HW_H

#include <linux/build_bug.h>
#include <linux/bug.h>
#include <linux/interrupt.h>
#include <linux/mm_types.h>
#include <linux/types.h>
#include <asm/barrier.h>
#include <asm/cpufeature.h>
#include <asm/virt.h>
#include <armtrace/brbe_regs.h>
#include <armtrace/hw_regs.h>

/*
 * A trace buffer as the trace buffer unit sees it.  On silicon the MMU
 * translates TRBPTR_EL1; the model is told the physical page of each
 * virtual page (hw_backend.buf_map).
 */
struct hw_buf {
	void *va;
	unsigned int npages;
	u64 *pages;			/* model: page physical addresses */
};

/* Which of BRBINF/BRBSRC/BRBTGT<n>_EL1 hw_brb_read() reads. */
enum hw_brb_field { HW_BRB_INF, HW_BRB_SRC, HW_BRB_TGT };

struct hw_backend {
	const char *name;
	u64 (*read)(enum hw_reg reg);
	void (*write)(enum hw_reg reg, u64 val);
	void (*sync)(void);
	u64 (*brb_read)(unsigned int n, enum hw_brb_field f);
	void (*brb_iall)(void);
	void (*brb_inj)(void);
	/*
	 * Tell @cpu's trace buffer unit which physical pages back the
	 * vmalloc'ed buffer at @va: a no-op on silicon, where the MMU does
	 * it.  Process context; the buffer must stay mapped until unpublish.
	 */
	int (*buf_publish)(int cpu, void *va, unsigned int npages);
	void (*buf_unpublish)(int cpu);
	/*
	 * The same for buffers that move between CPUs (perf AUX buffers of
	 * per-task events): map once in process context, attach on the
	 * local CPU before the TRBE is enabled, detach after it is
	 * disabled, unmap when no CPU has it attached.
	 */
	int (*buf_map)(struct hw_buf *b, void *va, unsigned int npages);
	void (*buf_unmap)(struct hw_buf *b);
	void (*buf_attach)(const struct hw_buf *b);
	void (*buf_detach)(void);
	/* PMU overflow seen (BRBE freeze on silicon is done by hardware). */
	void (*pmu_overflow)(void);
	/*
	 * The TRBE interrupt: the PPI @irq on silicon; on the model
	 * (hw_model_irq.c) a per-CPU timer that polls TRBSR_EL1.IRQ and
	 * calls @fn in hard interrupt context while it is set, as a
	 * level-triggered PPI would (deterministic under icount), or, with
	 * the model's doorbell device, one MSI-X vector per CPU.
	 * Enable/disable run on each CPU (CPU hotplug callbacks); disable
	 * does not wait for a running handler.
	 */
	int (*trbe_irq_request)(int irq, irq_handler_t fn, void __percpu *dev);
	void (*trbe_irq_free)(int irq, void __percpu *dev);
	void (*trbe_irq_enable)(int irq);
	void (*trbe_irq_disable)(int irq);
	/*
	 * TRBE errata of the calling CPU the backend knows of, as
	 * TRBE_WA_* bits (include/armtrace/trbe_errata.h): what the model
	 * was told to play; 0 on silicon, whose errata are the kernel's
	 * cpucaps (kernel/ete/ete_errata.c reads those).
	 */
	u32 (*trbe_errata)(u64 *midr);
	/*
	 * Trace bytes @cpu's trace unit made while its TRBE could not take
	 * them, since boot: what the model knows and silicon cannot count
	 * (NULL there).
	 */
	u64 (*trbe_discarded)(int cpu);
	/* HW_HAS_* of the calling CPU; NULL: its ID_AA64DFR0_EL1 says. */
	unsigned int (*local_features)(void);
	void (*release)(void);
	/* A context switch to @next on this CPU (the model's CONTEXTIDR). */
	void (*switch_to)(struct task_struct *next);
};

extern const struct hw_backend *hw;

/* What the hardware has, probed once (ID_AA64DFR0_EL1, or the model). */
#define HW_HAS_ETE	BIT(0)
#define HW_HAS_TRBE	BIT(1)
#define HW_HAS_BRBE	BIT(2)
extern unsigned int hw_features;

int hw_probe(void);
void hw_release(void);
/* HW_HAS_* of the calling CPU (preemption off). */
unsigned int hw_local_features(void);

/*
 * The one subscriber to context switches (BRBE's invalidation), called
 * on the switching CPU from the layer's sched_switch probe; NULL removes
 * it and waits until no CPU runs it.  -ENODEV when the kernel's
 * sched_switch tracepoint was not found.
 */
int hw_on_switch(void (*fn)(void));

/*
 * Read a register.  Reading a write-only register (a lock) is UNDEFINED
 * on silicon: for a constant @reg the build fails, and at run time the
 * read is refused.
 */
static __always_inline u64 hw_read(enum hw_reg reg)
{
	BUILD_BUG_ON_MSG(__builtin_constant_p(reg) && !HW_REG_READABLE(reg),
			 "read of a write-only register");
	if (WARN_ON_ONCE(!HW_REG_READABLE(reg)))
		return 0;
	return hw->read(reg);
}

/*
 * Write a register.  Writing an identification or status register is
 * UNDEFINED on silicon: for a constant @reg (every call site but indexed
 * comparators) the build fails, and at run time the write is refused.
 */
static __always_inline void hw_write(enum hw_reg reg, u64 val)
{
	BUILD_BUG_ON_MSG(__builtin_constant_p(reg) && !HW_REG_WRITABLE(reg),
			 "write to a read-only register");
	if (WARN_ON_ONCE(!HW_REG_WRITABLE(reg)))
		return;
	hw->write(reg, val);
}

static inline void hw_sync(void)
{
	hw->sync();
}

/*
 * Make the trace the unit has generated visible in memory: TSB CSYNC
 * orders the trace unit's writes before later ones (Arm ARM D10.3.3,
 * "Synchronization and the Trace Buffer Unit"), and the DSB completes
 * them.  Required after trace is stopped and before TRBPTR_EL1 is read or
 * the buffer handed on.  The kernel's tsb_csync() issues the second TSB
 * that erratum 2054223/2067961 needs.  The hardware model acts on the same
 * instruction, so a missing drain loses data there as on silicon.
 */
static inline void hw_drain(void)
{
	tsb_csync();
	/* Complete the trace buffer unit's writes before reading TRBPTR. */
	dsb(nsh);
}

static inline u64 hw_brb_read(unsigned int n, enum hw_brb_field f)
{
	return hw->brb_read(n, f);
}

/*
 * Program BRBE's controls for the kernel's EL.  BRBCR_EL1's encoding is
 * BRBCR_EL2 under VHE (E1BRE is E2BRE there), but a host's counters are
 * all below MDCR_EL2.HPMN, and their overflow freezes BRBE by BRBCR_EL1.FZP
 * (Arm ARM, BRBCR_EL2.FZP): under VHE the kernel reaches that one as
 * BRBCR_EL12, and gives it the same CC/MPRED/FZP with no EL recorded, as
 * upstream arm_brbe does.  Takes effect at hw_sync().
 */
static inline void hw_brbcr_write(u64 brbcr)
{
	if (is_kernel_in_hyp_mode())
		hw_write(HW_BRBCR_EL12,
			 brbcr & ~(BRBCR_ELX_E0BRE | BRBCR_ELX_E1BRE));
	hw_write(HW_BRBCR_EL1, brbcr);
}

/* Backends (hw_sysreg.c, hw_model.c); model_probe fails when absent. */
extern const struct hw_backend hw_sysreg_backend;
int hw_model_probe(const struct hw_backend **out, unsigned int *features);

#endif /* ARMTRACE_HW_H */
