// SPDX-License-Identifier: GPL-2.0
/*
 * perf_event_attr -> ETE/TRBE register values for the `ete` PMU.
 *
 * perf writes the TRCCONFIGR it puts into AUXTRACE_INFO from the event's
 * config by itself (tools/perf/arch/arm/util/cs-etm.c), so the bits this
 * function sets for each config field must be exactly perf's: BB, CCI,
 * CID, VMID+VMIDOPT, TS, RS.  Anything else the trace unit needs is
 * outside TRCCONFIGR.
 *
 * Errors, as documented in Documentation/ete.rst:
 *   -EINVAL      unknown config/config1/config2 bits, cc_threshold without
 *                cycacc or below TRCIDR3.CCITMIN, nothing left to trace
 *                (exclude_user and exclude_kernel)
 *   -EOPNOTSUPP  a feature this trace unit lacks (TRCIDR0/2), contextid2
 *                without the kernel at EL2
 *   -EACCES      contextid1/2 outside the initial PID namespace: the PIDs
 *                in the trace would be another namespace's
 */
#ifdef __KERNEL__
#include <linux/bitfield.h>
#include <linux/errno.h>
#endif

#include <armtrace/ete_abi.h>
#include <armtrace/ete_regs.h>
#include <armtrace/trbe_regs.h>
#include "ete_config.h"

/* A-Sync and Trace Info every 2^12 bytes, as upstream's etm4x. */
#define ETE_SYNC_PERIOD		12

int ete_caps_usable(const struct ete_caps *caps)
{
	if (FIELD_GET(TRCDEVARCH_ARCHVER, caps->trcdevarch) !=
	    TRCDEVARCH_ARCHVER_ETE ||
	    FIELD_GET(TRCDEVARCH_ARCHPART, caps->trcdevarch) !=
	    TRCDEVARCH_ARCHPART_ETE ||
	    !(caps->trcdevarch & TRCDEVARCH_PRESENT))
		return -ENODEV;
	/* TRBIDR_EL1.P: a higher EL owns the buffer; we may not program it. */
	if (caps->trbidr & TRBIDR_EL1_P)
		return -EACCES;
	return 0;
}

int ete_config_from_attr(const struct perf_event_attr *attr,
			 const struct ete_caps *caps, unsigned int rights,
			 struct ete_hwcfg *out)
{
	u32 idr0 = caps->trcidr[0], idr2 = caps->trcidr[2];
	u32 ccitmin = ETE_FIELD_GET(TRCIDR3_CCITMIN, caps->trcidr[3]);
	u64 cfg = attr->config, thr;
	unsigned int kel = caps->kernel_at_el2 ? 2 : 1;
	u32 excl_ns;

	if ((cfg & ~ETE_CFG_KNOWN) ||
	    (attr->config1 & ~ETE_CFG1_CC_THRESHOLD) || attr->config2)
		return -EINVAL;
	if (attr->exclude_user && attr->exclude_kernel)
		return -EINVAL;

	*out = (struct ete_hwcfg){ 0 };
	if (cfg & ETE_CFG_BRANCH_BROADCAST) {
		if (!(idr0 & TRCIDR0_TRCBB))
			return -EOPNOTSUPP;
		out->trcconfigr |= TRCCONFIGR_BB;
	}
	thr = FIELD_GET(ETE_CFG1_CC_THRESHOLD, attr->config1);
	if (cfg & ETE_CFG_CYCACC) {
		if (!(idr0 & TRCIDR0_TRCCCI))
			return -EOPNOTSUPP;
		if (thr && thr < ccitmin)
			return -EINVAL;
		out->trcconfigr |= TRCCONFIGR_CCI;
		out->trcccctlr = thr ? thr : (ccitmin ? ccitmin : 1);
	} else if (thr) {
		return -EINVAL;
	}
	if (cfg & (ETE_CFG_CONTEXTID1 | ETE_CFG_CONTEXTID2)) {
		if (!(rights & ETE_CFG_MAY_CONTEXTID))
			return -EACCES;
	}
	if (cfg & ETE_CFG_CONTEXTID1) {
		if (!ETE_FIELD_GET(TRCIDR2_CIDSIZE, idr2))
			return -EOPNOTSUPP;
		out->trcconfigr |= TRCCONFIGR_CID;
	}
	if (cfg & ETE_CFG_CONTEXTID2) {
		/* CONTEXTIDR_EL2 traced as the VMID: VMIDOPT must allow it. */
		if (!caps->kernel_at_el2 ||
		    !ETE_FIELD_GET(TRCIDR2_VMIDSIZE, idr2) ||
		    ETE_FIELD_GET(TRCIDR2_VMIDOPT, idr2) != TRCIDR2_VMIDOPT_SEL)
			return -EOPNOTSUPP;
		out->trcconfigr |= TRCCONFIGR_VMID | TRCCONFIGR_VMIDOPT;
	}
	if (cfg & ETE_CFG_TIMESTAMP) {
		if (!ETE_FIELD_GET(TRCIDR0_TSSIZE, idr0))
			return -EOPNOTSUPP;
		out->trcconfigr |= TRCCONFIGR_TS;
	}
	if (cfg & ETE_CFG_RETSTACK) {
		if (!(idr0 & TRCIDR0_RETSTACK))
			return -EOPNOTSUPP;
		out->trcconfigr |= TRCCONFIGR_RS;
	}

	/*
	 * ViewInst: always on (event = resource 1, TRUE; start/stop logic
	 * started until address filters say otherwise), in the Non-secure
	 * ELs the attr asks for.  Secure ELs and
	 * EL1 under VHE (guest kernels) are never traced; neither is EL2 when
	 * the kernel runs at EL1 (the hypervisor's, not ours).
	 */
	excl_ns = 0xf & ~(1u << 0) & ~(1u << kel);
	if (attr->exclude_user)
		excl_ns |= 1u << 0;
	if (attr->exclude_kernel)
		excl_ns |= 1u << kel;
	out->trcvictlr = TRCVICTLR_EVENT_TRUE | TRCVICTLR_SSSTATUS |
			 TRCVICTLR_EXLEVEL_S |
			 FIELD_PREP(TRCVICTLR_EXLEVEL_NS, excl_ns);
	out->ss_started = true;

	/*
	 * The trace filter: the same ELs (E0HTRE/E2TRE at EL2), timestamps
	 * from the virtual counter perf's clock conversion uses.
	 */
	out->trfcr = FIELD_PREP(TRFCR_ELX_TS, TRFCR_TS_VIRTUAL);
	if (!attr->exclude_user)
		out->trfcr |= TRFCR_ELX_E0TRE;
	if (!attr->exclude_kernel)
		out->trfcr |= TRFCR_ELX_E1TRE;
	/* CONTEXTIDR_EL2 reaches the trace only with TRFCR_EL2.CX. */
	if (cfg & ETE_CFG_CONTEXTID2)
		out->trfcr |= TRFCR_ELX_CX;
	out->trcsyncpr = ETE_SYNC_PERIOD;
	return 0;
}
