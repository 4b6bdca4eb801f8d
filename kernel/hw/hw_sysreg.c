// SPDX-License-Identifier: GPL-2.0
/*
 * `sysreg` backend: the trace registers as system registers of the local
 * CPU.  Callers have checked ID_AA64DFR0_EL1 (TraceVer, TraceBuffer, BRBE)
 * before touching a feature: an absent register is UNDEFINED.
 */
#include <linux/bug.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/kernel.h>
#include <asm/barrier.h>
#include <asm/cputype.h>
#include <asm/sysreg.h>

#include "hw.h"

/*
 * The encoding is part of the instruction: one accessor per register,
 * generated from include/armtrace/hw_reg_list.h, in tables indexed by
 * enum hw_reg.  Read-only registers get no writer, write-only ones no
 * reader.
 */
#define HW_SYSREG_READER(name, op0, op1, crn, crm, op2)			\
static u64 sysreg_read_##name(void)					\
{									\
	return read_sysreg_s(HW_SYS_REG(op0, op1, crn, crm, op2));	\
}

#define HW_REG_RW HW_SYSREG_READER
#define HW_REG_WO(name, op0, op1, crn, crm, op2)
#define HW_REG_RO HW_SYSREG_READER
#include <armtrace/hw_reg_list.h>
#undef HW_REG_RW
#undef HW_REG_WO
#undef HW_REG_RO

#define HW_SYSREG_WRITER(name, op0, op1, crn, crm, op2)			\
static void sysreg_write_##name(u64 val)				\
{									\
	write_sysreg_s(val, HW_SYS_REG(op0, op1, crn, crm, op2));	\
}

#define HW_REG_RW HW_SYSREG_WRITER
#define HW_REG_WO HW_SYSREG_WRITER
#define HW_REG_RO(name, op0, op1, crn, crm, op2)
#include <armtrace/hw_reg_list.h>
#undef HW_REG_RW
#undef HW_REG_WO
#undef HW_REG_RO

/* Write-only registers get no reader: their slots stay NULL. */
static u64 (*const sysreg_readers[HW_NR_REGS])(void) = {
#define HW_REG_RW(name, op0, op1, crn, crm, op2) \
	[HW_##name] = sysreg_read_##name,
#define HW_REG_WO(name, op0, op1, crn, crm, op2)
#define HW_REG_RO(name, op0, op1, crn, crm, op2) \
	[HW_##name] = sysreg_read_##name,
#include <armtrace/hw_reg_list.h>
#undef HW_REG_RW
#undef HW_REG_WO
#undef HW_REG_RO
};

static void (*const sysreg_writers[HW_FIRST_RO_REG])(u64 val) = {
#define HW_REG_RW(name, op0, op1, crn, crm, op2) \
	[HW_##name] = sysreg_write_##name,
#define HW_REG_WO(name, op0, op1, crn, crm, op2) \
	[HW_##name] = sysreg_write_##name,
#define HW_REG_RO(name, op0, op1, crn, crm, op2)
#include <armtrace/hw_reg_list.h>
#undef HW_REG_RW
#undef HW_REG_WO
#undef HW_REG_RO
};

static u64 sysreg_read(enum hw_reg reg)
{
	if (WARN_ON_ONCE(reg >= HW_NR_REGS || !sysreg_readers[reg]))
		return 0;
	return sysreg_readers[reg]();
}

static void sysreg_write(enum hw_reg reg, u64 val)
{
	if (WARN_ON_ONCE(reg >= HW_FIRST_RO_REG))
		return;
	sysreg_writers[reg](val);
}

static void sysreg_sync(void)
{
	/* Register writes must be visible to the trace unit from here on. */
	isb();
}

/*
 * BRBINF/BRBSRC/BRBTGT<n>_EL1 of the bank BRBFCR_EL1.BANK selects.  The
 * record number and the field are part of the encoding: three readers
 * per record, in a table indexed by field and record.
 */
#define HW_BRB(n, crm, hi)						\
static u64 sysreg_brbinf_##n(void)					\
{									\
	return read_sysreg_s(HW_SYS_REG(2, 1, 8, crm, (hi) << 2 | 0));	\
}

#include "brb_list.h"
#undef HW_BRB
#define HW_BRB(n, crm, hi)						\
static u64 sysreg_brbsrc_##n(void)					\
{									\
	return read_sysreg_s(HW_SYS_REG(2, 1, 8, crm, (hi) << 2 | 1));	\
}

#include "brb_list.h"
#undef HW_BRB
#define HW_BRB(n, crm, hi)						\
static u64 sysreg_brbtgt_##n(void)					\
{									\
	return read_sysreg_s(HW_SYS_REG(2, 1, 8, crm, (hi) << 2 | 2));	\
}

#include "brb_list.h"
#undef HW_BRB

static u64 (*const sysreg_brb_readers[3][HW_BRB_PER_BANK])(void) = {
	[HW_BRB_INF] = {
#define HW_BRB(n, crm, hi) \
	[n] = sysreg_brbinf_##n,
#include "brb_list.h"
#undef HW_BRB
	},
	[HW_BRB_SRC] = {
#define HW_BRB(n, crm, hi) \
	[n] = sysreg_brbsrc_##n,
#include "brb_list.h"
#undef HW_BRB
	},
	[HW_BRB_TGT] = {
#define HW_BRB(n, crm, hi) \
	[n] = sysreg_brbtgt_##n,
#include "brb_list.h"
#undef HW_BRB
	},
};

static u64 sysreg_brb_read(unsigned int n, enum hw_brb_field f)
{
	return sysreg_brb_readers[f][n % HW_BRB_PER_BANK]();
}

static void sysreg_brb_iall(void)
{
	/* BRB IALL: SYS #1, C7, C2, #4 */
	asm volatile(".inst 0xd509729f" ::: "memory");
	isb();
}

static void sysreg_brb_inj(void)
{
	/* BRB INJ: SYS #1, C7, C2, #5 */
	asm volatile(".inst 0xd50972bf" ::: "memory");
	isb();
}

static int sysreg_buf_publish(int cpu, void *va, unsigned int npages)
{
	return 0;
}

static void sysreg_buf_unpublish(int cpu)
{
}

static int sysreg_buf_map(struct hw_buf *b, void *va, unsigned int npages)
{
	b->va = va;
	b->npages = npages;
	b->pages = NULL;
	return 0;
}

static void sysreg_buf_unmap(struct hw_buf *b)
{
}

static void sysreg_buf_attach(const struct hw_buf *b)
{
}

static void sysreg_nop(void)
{
}

static int sysreg_irq_request(int irq, irq_handler_t fn, void __percpu *dev)
{
	return request_percpu_irq(irq, fn, "armtrace-trbe", dev);
}

static void sysreg_irq_free(int irq, void __percpu *dev)
{
	free_percpu_irq(irq, dev);
}

static void sysreg_irq_enable(int irq)
{
	enable_percpu_irq(irq, IRQ_TYPE_NONE);
}

static void sysreg_irq_disable(int irq)
{
	disable_percpu_irq(irq);
}

/* Silicon's errata are the kernel's cpucaps: nothing to add here. */
static u32 sysreg_trbe_errata(u64 *midr)
{
	*midr = read_cpuid_id();
	return 0;
}

const struct hw_backend hw_sysreg_backend = {
	.name		= "sysreg",
	.read		= sysreg_read,
	.write		= sysreg_write,
	.sync		= sysreg_sync,
	.brb_read	= sysreg_brb_read,
	.brb_iall	= sysreg_brb_iall,
	.brb_inj	= sysreg_brb_inj,
	.buf_publish	= sysreg_buf_publish,
	.buf_unpublish	= sysreg_buf_unpublish,
	.buf_map	= sysreg_buf_map,
	.buf_unmap	= sysreg_buf_unmap,
	.buf_attach	= sysreg_buf_attach,
	.buf_detach	= sysreg_nop,
	.pmu_overflow	= sysreg_nop,
	.trbe_irq_request = sysreg_irq_request,
	.trbe_irq_free	= sysreg_irq_free,
	.trbe_irq_enable = sysreg_irq_enable,
	.trbe_irq_disable = sysreg_irq_disable,
	.trbe_errata	= sysreg_trbe_errata,
};
