/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside the model backend: hw_model.c (the register file) and
 * hw_model_irq.c (its TRBE interrupt, polled or through the doorbell).
 */
#ifndef ARMTRACE_HW_MODEL_H
#define ARMTRACE_HW_MODEL_H

#include <linux/interrupt.h>
#include <linux/types.h>

/* TRBSR_EL1.IRQ of the calling CPU's TRBE (preemption off). */
bool model_trbe_irq_pending(void);

/* The backend's trbe_irq_* operations (hw.h). */
int model_irq_request(int irq, irq_handler_t fn, void __percpu *dev);
void model_irq_free(int irq, void __percpu *dev);
void model_irq_enable(int irq);
void model_irq_disable(int irq);

/* The doorbell's PCI driver and the counters, for the backend's life. */
void model_irq_init(void);
void model_irq_exit(void);

#endif /* ARMTRACE_HW_MODEL_H */
