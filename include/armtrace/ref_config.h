/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reference configuration: the ID register values of the ETE, TRBE
 * and BRBE that the QEMU hardware model (selftests/hwmodel/) implements,
 * defined once for the model and for the tools and tests that need "the
 * model's trace unit" without reading it from a guest (perf-ete's raw
 * defaults, benchmarks).  Values are in the range real ETE 1.0
 * implementations report; every field is one the architecture defines,
 * with no reserved bit set.
 *
 *   TRCIDR0  RES1, branch broadcast, cycle counting, return stack,
 *            4 events, 64-bit timestamps, commit mode 1
 *   TRCIDR1  ETE's fixed 0xff architecture nibbles, designer 'A'
 *   TRCIDR2  64-bit addresses, 32-bit CONTEXTID and VMID, VMIDOPT 0b10
 *            (TRCCONFIGR.VMIDOPT selects CONTEXTIDR_EL2 as the VMID, as
 *            Linux does under VHE: perf cs_etm's contextid2), 20-bit
 *            cycle counter
 *   TRCIDR3  CCITMIN 4, TRCERR; EXLEVEL_NS/EXLEVEL_S depend on the ELs
 *            the CPU has (REF_TRCIDR3() below)
 *   TRCIDR4  2 address comparator pairs, 8 resource selector pairs, one
 *            each of single-shot, CONTEXTID and VMID comparators
 *   TRCIDR5  7-bit trace ID, 4 sequencer states, 2 counters
 *   TRCIDR8  0: no speculation
 *   TRCDEVARCH ARCHITECT Arm (0x23b), PRESENT, ETE (ARCHVER 5, 0xa13)
 *   TRCAUTHSTATUS Non-secure invasive and non-invasive debug
 *            implemented and enabled
 *   TRCCONFIGR no option (RES1 only), what a tool assumes when not told
 *
 * REF_Q_TRCIDR0 below is the one variant, for Q elements, which the
 * model does not implement but the decoder and encoder must handle.
 */
#ifndef ARMTRACE_REF_CONFIG_H
#define ARMTRACE_REF_CONFIG_H

#include "ete_regs.h"

#define REF_TRCIDR0		0x28000ea1u
#define REF_TRCIDR1		0x4100fff0u
#define REF_TRCIDR2		0x50001088u
#define REF_TRCIDR3_BASE	0x01000004u	/* CCITMIN 4, TRCERR */
#define REF_TRCIDR4		0x11170002u
#define REF_TRCIDR5		0x28070000u
#define REF_TRCIDR8		0x00000000u
#define REF_TRCDEVARCH		0x47705a13u
#define REF_TRCAUTHSTATUS	0x000000ccu
#define REF_TRCCONFIGR		TRCCONFIGR_RES1

/* REF_TRCDEVARCH at ETE minor version @minor (TRCDEVARCH.REVISION). */
#define REF_TRCDEVARCH_MINOR(minor)	\
	((REF_TRCDEVARCH & ~TRCDEVARCH_REVISION) |			\
	 FIELD_PREP(TRCDEVARCH_REVISION, minor))

/*
 * The one variant, REF_Q_TRCIDR0: the reference unit with Q elements
 * (TRCIDR0.QFILT, QSUPP 0b11), which the model does not implement, for
 * the encoder and decoder tests that trace them.  It is TRCIDR0 of the
 * ETE captures in the reference snapshots (0x2801cea1); those also set
 * TRCIDR2.WFXMODE, which no variant here does: libete's encoder walks
 * WFI/WFE as plain instructions (ete_path), as the model runs them.
 */
#define REF_Q_TRCIDR0		(REF_TRCIDR0 | TRCIDR0_QFILT | TRCIDR0_QSUPP)

/*
 * TRCIDR3 for a CPU with the given ELs (Arm ARM, ETE TRCIDR3):
 * EXLEVEL_NS (bits 23:20) has a bit for Non-secure EL0, EL1 and, when
 * EL2 is implemented, EL2 (bit 23 is RES0: EL3 is never Non-secure);
 * EXLEVEL_S (bits 19:16) is 0 without EL3 (no Secure state: QEMU's virt
 * machine without secure=on), else Secure EL0, EL1 and EL3 (Secure EL2
 * is not claimed).
 */
#define REF_TRCIDR3_NS(el2)	(0x3u | ((el2) ? 0x4u : 0u))
#define REF_TRCIDR3_S(el3)	((el3) ? 0xbu : 0u)
#define REF_TRCIDR3(el2, el3)	(REF_TRCIDR3_BASE |			\
				 REF_TRCIDR3_NS(el2) << 20 |		\
				 REF_TRCIDR3_S(el3) << 16)

#endif /* ARMTRACE_REF_CONFIG_H */
