/* SPDX-License-Identifier: GPL-2.0 */
/*
 * TRBE (Trace Buffer Extension) and trace filter register fields
 * (Arm ARM D24.8 "Trace Buffer Extension registers").
 */
#ifndef ARMTRACE_TRBE_REGS_H
#define ARMTRACE_TRBE_REGS_H

#include "bits.h"

/* TRBLIMITR_EL1 */
#define TRBLIMITR_EL1_E		BIT_ULL(0)		/* buffer enable */
#define TRBLIMITR_EL1_FM	GENMASK_ULL(2, 1)	/* fill mode */
#define TRBLIMITR_EL1_TM	GENMASK_ULL(4, 3)	/* trigger mode */
#define TRBLIMITR_EL1_NVM	BIT_ULL(5)		/* virtual/physical */
#define TRBLIMITR_EL1_LIMIT	GENMASK_ULL(63, 12)	/* limit >> 12 */
#define TRBLIMITR_FM_FILL	0x0	/* stop at the limit */
#define TRBLIMITR_FM_WRAP	0x1	/* wrap, event at the limit */
#define TRBLIMITR_FM_CBUF	0x3	/* circular buffer */
#define TRBLIMITR_TM_STOP	0x0	/* stop on trigger */
#define TRBLIMITR_TM_IRQ	0x1	/* interrupt on trigger */
#define TRBLIMITR_TM_IGNORE	0x3

/* TRBBASER_EL1 */
#define TRBBASER_EL1_BASE	GENMASK_ULL(63, 12)

/* TRBSR_EL1 */
#define TRBSR_EL1_MSS		GENMASK_ULL(15, 0)	/* syndrome */
#define TRBSR_EL1_BSC		GENMASK_ULL(5, 0)	/* buffer status, EC 0 */
#define TRBSR_EL1_FSC		GENMASK_ULL(5, 0)	/* fault status, aborts */
#define TRBSR_EL1_S		BIT_ULL(17)		/* collection stopped */
#define TRBSR_EL1_EA		BIT_ULL(18)		/* external abort */
#define TRBSR_EL1_WRAP		BIT_ULL(20)		/* pointer wrapped */
#define TRBSR_EL1_TRG		BIT_ULL(21)		/* trigger seen */
#define TRBSR_EL1_IRQ		BIT_ULL(22)		/* interrupt asserted */
#define TRBSR_EL1_EC		GENMASK_ULL(31, 26)	/* event class */
#define TRBSR_EC_OTHERS		0x00	/* buffer management event */
#define TRBSR_EC_GPC_FAULT	0x1e	/* granule protection check */
#define TRBSR_EC_STAGE1_ABORT	0x24
#define TRBSR_EC_STAGE2_ABORT	0x25
#define TRBSR_BSC_NOT_STOPPED	0x00
#define TRBSR_BSC_FILLED	0x01	/* fill mode reached the limit */
#define TRBSR_BSC_TRIGGERED	0x02	/* stopped on trigger */

/* TRBMAR_EL1 */
#define TRBMAR_EL1_ATTR		GENMASK_ULL(7, 0)
#define TRBMAR_EL1_SH		GENMASK_ULL(9, 8)

/* TRBIDR_EL1 */
#define TRBIDR_EL1_ALIGN	GENMASK_ULL(3, 0)	/* log2 pointer alignment */
#define TRBIDR_EL1_P		BIT_ULL(4)	/* owned by a higher EL */
#define TRBIDR_EL1_F		BIT_ULL(5)	/* flag updates supported */
#define TRBIDR_EL1_EA		GENMASK_ULL(11, 8)

/* TRFCR_EL1 / TRFCR_EL2: which ELs a self-hosted trace unit may trace */
#define TRFCR_ELX_E0TRE		BIT_ULL(0)	/* EL0 (E0HTRE at EL2) */
#define TRFCR_ELX_E1TRE		BIT_ULL(1)	/* EL1 (E2TRE at EL2) */
#define TRFCR_ELX_CX		BIT_ULL(3)	/* EL2 only: CONTEXTIDR_EL2 allowed */
#define TRFCR_ELX_TS		GENMASK_ULL(6, 5)	/* timestamp source */
#define TRFCR_TS_VIRTUAL	0x1	/* the virtual counter (CNTVCT) */

#endif /* ARMTRACE_TRBE_REGS_H */
