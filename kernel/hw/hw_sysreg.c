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
#include <asm/sysreg.h>

#include "hw.h"

/* The encoding is part of the instruction: one case per register. */
static u64 sysreg_read(enum hw_reg reg)
{
	switch (reg) {
	case HW_TRCPRGCTLR:
		return read_sysreg_s(HW_ENC_TRCPRGCTLR);
	case HW_TRCSTATR:
		return read_sysreg_s(HW_ENC_TRCSTATR);
	case HW_TRCCONFIGR:
		return read_sysreg_s(HW_ENC_TRCCONFIGR);
	case HW_TRCAUXCTLR:
		return read_sysreg_s(HW_ENC_TRCAUXCTLR);
	case HW_TRCEVENTCTL0R:
		return read_sysreg_s(HW_ENC_TRCEVENTCTL0R);
	case HW_TRCEVENTCTL1R:
		return read_sysreg_s(HW_ENC_TRCEVENTCTL1R);
	case HW_TRCRSR:
		return read_sysreg_s(HW_ENC_TRCRSR);
	case HW_TRCSTALLCTLR:
		return read_sysreg_s(HW_ENC_TRCSTALLCTLR);
	case HW_TRCTSCTLR:
		return read_sysreg_s(HW_ENC_TRCTSCTLR);
	case HW_TRCSYNCPR:
		return read_sysreg_s(HW_ENC_TRCSYNCPR);
	case HW_TRCCCCTLR:
		return read_sysreg_s(HW_ENC_TRCCCCTLR);
	case HW_TRCBBCTLR:
		return read_sysreg_s(HW_ENC_TRCBBCTLR);
	case HW_TRCTRACEIDR:
		return read_sysreg_s(HW_ENC_TRCTRACEIDR);
	case HW_TRCQCTLR:
		return read_sysreg_s(HW_ENC_TRCQCTLR);
	case HW_TRCVICTLR:
		return read_sysreg_s(HW_ENC_TRCVICTLR);
	case HW_TRCVIIECTLR:
		return read_sysreg_s(HW_ENC_TRCVIIECTLR);
	case HW_TRCVISSCTLR:
		return read_sysreg_s(HW_ENC_TRCVISSCTLR);
	case HW_TRCVIPCSSCTLR:
		return read_sysreg_s(HW_ENC_TRCVIPCSSCTLR);
	case HW_TRCIDR8:
		return read_sysreg_s(HW_ENC_TRCIDR8);
	case HW_TRCIDR9:
		return read_sysreg_s(HW_ENC_TRCIDR9);
	case HW_TRCIDR10:
		return read_sysreg_s(HW_ENC_TRCIDR10);
	case HW_TRCIDR11:
		return read_sysreg_s(HW_ENC_TRCIDR11);
	case HW_TRCIDR12:
		return read_sysreg_s(HW_ENC_TRCIDR12);
	case HW_TRCIDR13:
		return read_sysreg_s(HW_ENC_TRCIDR13);
	case HW_TRCIDR0:
		return read_sysreg_s(HW_ENC_TRCIDR0);
	case HW_TRCIDR1:
		return read_sysreg_s(HW_ENC_TRCIDR1);
	case HW_TRCIDR2:
		return read_sysreg_s(HW_ENC_TRCIDR2);
	case HW_TRCIDR3:
		return read_sysreg_s(HW_ENC_TRCIDR3);
	case HW_TRCIDR4:
		return read_sysreg_s(HW_ENC_TRCIDR4);
	case HW_TRCIDR5:
		return read_sysreg_s(HW_ENC_TRCIDR5);
	case HW_TRCACVR0:
		return read_sysreg_s(HW_ENC_TRCACVR0);
	case HW_TRCACVR1:
		return read_sysreg_s(HW_ENC_TRCACVR1);
	case HW_TRCACVR2:
		return read_sysreg_s(HW_ENC_TRCACVR2);
	case HW_TRCACVR3:
		return read_sysreg_s(HW_ENC_TRCACVR3);
	case HW_TRCACATR0:
		return read_sysreg_s(HW_ENC_TRCACATR0);
	case HW_TRCACATR1:
		return read_sysreg_s(HW_ENC_TRCACATR1);
	case HW_TRCACATR2:
		return read_sysreg_s(HW_ENC_TRCACATR2);
	case HW_TRCACATR3:
		return read_sysreg_s(HW_ENC_TRCACATR3);
	case HW_TRCCIDCVR0:
		return read_sysreg_s(HW_ENC_TRCCIDCVR0);
	case HW_TRCVMIDCVR0:
		return read_sysreg_s(HW_ENC_TRCVMIDCVR0);
	case HW_TRCCIDCCTLR0:
		return read_sysreg_s(HW_ENC_TRCCIDCCTLR0);
	case HW_TRCAUTHSTATUS:
		return read_sysreg_s(HW_ENC_TRCAUTHSTATUS);
	case HW_TRCDEVARCH:
		return read_sysreg_s(HW_ENC_TRCDEVARCH);
	case HW_TRBLIMITR_EL1:
		return read_sysreg_s(HW_ENC_TRBLIMITR_EL1);
	case HW_TRBPTR_EL1:
		return read_sysreg_s(HW_ENC_TRBPTR_EL1);
	case HW_TRBBASER_EL1:
		return read_sysreg_s(HW_ENC_TRBBASER_EL1);
	case HW_TRBSR_EL1:
		return read_sysreg_s(HW_ENC_TRBSR_EL1);
	case HW_TRBMAR_EL1:
		return read_sysreg_s(HW_ENC_TRBMAR_EL1);
	case HW_TRBTRG_EL1:
		return read_sysreg_s(HW_ENC_TRBTRG_EL1);
	case HW_TRBIDR_EL1:
		return read_sysreg_s(HW_ENC_TRBIDR_EL1);
	case HW_TRFCR_EL1:
		return read_sysreg_s(HW_ENC_TRFCR_EL1);
	case HW_TRFCR_EL2:
		return read_sysreg_s(HW_ENC_TRFCR_EL2);
	case HW_BRBCR_EL1:
		return read_sysreg_s(HW_ENC_BRBCR_EL1);
	case HW_BRBCR_EL2:
		return read_sysreg_s(HW_ENC_BRBCR_EL2);
	case HW_BRBFCR_EL1:
		return read_sysreg_s(HW_ENC_BRBFCR_EL1);
	case HW_BRBTS_EL1:
		return read_sysreg_s(HW_ENC_BRBTS_EL1);
	case HW_BRBINFINJ_EL1:
		return read_sysreg_s(HW_ENC_BRBINFINJ_EL1);
	case HW_BRBSRCINJ_EL1:
		return read_sysreg_s(HW_ENC_BRBSRCINJ_EL1);
	case HW_BRBTGTINJ_EL1:
		return read_sysreg_s(HW_ENC_BRBTGTINJ_EL1);
	case HW_BRBIDR0_EL1:
		return read_sysreg_s(HW_ENC_BRBIDR0_EL1);
	default:
		WARN_ON_ONCE(1);
		return 0;
	}
}

static void sysreg_write(enum hw_reg reg, u64 val)
{
	switch (reg) {
	case HW_TRCPRGCTLR:
		write_sysreg_s(val, HW_ENC_TRCPRGCTLR);
		break;
	case HW_TRCSTATR:
		write_sysreg_s(val, HW_ENC_TRCSTATR);
		break;
	case HW_TRCCONFIGR:
		write_sysreg_s(val, HW_ENC_TRCCONFIGR);
		break;
	case HW_TRCAUXCTLR:
		write_sysreg_s(val, HW_ENC_TRCAUXCTLR);
		break;
	case HW_TRCEVENTCTL0R:
		write_sysreg_s(val, HW_ENC_TRCEVENTCTL0R);
		break;
	case HW_TRCEVENTCTL1R:
		write_sysreg_s(val, HW_ENC_TRCEVENTCTL1R);
		break;
	case HW_TRCRSR:
		write_sysreg_s(val, HW_ENC_TRCRSR);
		break;
	case HW_TRCSTALLCTLR:
		write_sysreg_s(val, HW_ENC_TRCSTALLCTLR);
		break;
	case HW_TRCTSCTLR:
		write_sysreg_s(val, HW_ENC_TRCTSCTLR);
		break;
	case HW_TRCSYNCPR:
		write_sysreg_s(val, HW_ENC_TRCSYNCPR);
		break;
	case HW_TRCCCCTLR:
		write_sysreg_s(val, HW_ENC_TRCCCCTLR);
		break;
	case HW_TRCBBCTLR:
		write_sysreg_s(val, HW_ENC_TRCBBCTLR);
		break;
	case HW_TRCTRACEIDR:
		write_sysreg_s(val, HW_ENC_TRCTRACEIDR);
		break;
	case HW_TRCQCTLR:
		write_sysreg_s(val, HW_ENC_TRCQCTLR);
		break;
	case HW_TRCVICTLR:
		write_sysreg_s(val, HW_ENC_TRCVICTLR);
		break;
	case HW_TRCVIIECTLR:
		write_sysreg_s(val, HW_ENC_TRCVIIECTLR);
		break;
	case HW_TRCVISSCTLR:
		write_sysreg_s(val, HW_ENC_TRCVISSCTLR);
		break;
	case HW_TRCVIPCSSCTLR:
		write_sysreg_s(val, HW_ENC_TRCVIPCSSCTLR);
		break;
	case HW_TRCIDR8:
		write_sysreg_s(val, HW_ENC_TRCIDR8);
		break;
	case HW_TRCIDR9:
		write_sysreg_s(val, HW_ENC_TRCIDR9);
		break;
	case HW_TRCIDR10:
		write_sysreg_s(val, HW_ENC_TRCIDR10);
		break;
	case HW_TRCIDR11:
		write_sysreg_s(val, HW_ENC_TRCIDR11);
		break;
	case HW_TRCIDR12:
		write_sysreg_s(val, HW_ENC_TRCIDR12);
		break;
	case HW_TRCIDR13:
		write_sysreg_s(val, HW_ENC_TRCIDR13);
		break;
	case HW_TRCIDR0:
		write_sysreg_s(val, HW_ENC_TRCIDR0);
		break;
	case HW_TRCIDR1:
		write_sysreg_s(val, HW_ENC_TRCIDR1);
		break;
	case HW_TRCIDR2:
		write_sysreg_s(val, HW_ENC_TRCIDR2);
		break;
	case HW_TRCIDR3:
		write_sysreg_s(val, HW_ENC_TRCIDR3);
		break;
	case HW_TRCIDR4:
		write_sysreg_s(val, HW_ENC_TRCIDR4);
		break;
	case HW_TRCIDR5:
		write_sysreg_s(val, HW_ENC_TRCIDR5);
		break;
	case HW_TRCACVR0:
		write_sysreg_s(val, HW_ENC_TRCACVR0);
		break;
	case HW_TRCACVR1:
		write_sysreg_s(val, HW_ENC_TRCACVR1);
		break;
	case HW_TRCACVR2:
		write_sysreg_s(val, HW_ENC_TRCACVR2);
		break;
	case HW_TRCACVR3:
		write_sysreg_s(val, HW_ENC_TRCACVR3);
		break;
	case HW_TRCACATR0:
		write_sysreg_s(val, HW_ENC_TRCACATR0);
		break;
	case HW_TRCACATR1:
		write_sysreg_s(val, HW_ENC_TRCACATR1);
		break;
	case HW_TRCACATR2:
		write_sysreg_s(val, HW_ENC_TRCACATR2);
		break;
	case HW_TRCACATR3:
		write_sysreg_s(val, HW_ENC_TRCACATR3);
		break;
	case HW_TRCCIDCVR0:
		write_sysreg_s(val, HW_ENC_TRCCIDCVR0);
		break;
	case HW_TRCVMIDCVR0:
		write_sysreg_s(val, HW_ENC_TRCVMIDCVR0);
		break;
	case HW_TRCCIDCCTLR0:
		write_sysreg_s(val, HW_ENC_TRCCIDCCTLR0);
		break;
	case HW_TRCAUTHSTATUS:
		write_sysreg_s(val, HW_ENC_TRCAUTHSTATUS);
		break;
	case HW_TRCDEVARCH:
		write_sysreg_s(val, HW_ENC_TRCDEVARCH);
		break;
	case HW_TRBLIMITR_EL1:
		write_sysreg_s(val, HW_ENC_TRBLIMITR_EL1);
		break;
	case HW_TRBPTR_EL1:
		write_sysreg_s(val, HW_ENC_TRBPTR_EL1);
		break;
	case HW_TRBBASER_EL1:
		write_sysreg_s(val, HW_ENC_TRBBASER_EL1);
		break;
	case HW_TRBSR_EL1:
		write_sysreg_s(val, HW_ENC_TRBSR_EL1);
		break;
	case HW_TRBMAR_EL1:
		write_sysreg_s(val, HW_ENC_TRBMAR_EL1);
		break;
	case HW_TRBTRG_EL1:
		write_sysreg_s(val, HW_ENC_TRBTRG_EL1);
		break;
	case HW_TRBIDR_EL1:
		write_sysreg_s(val, HW_ENC_TRBIDR_EL1);
		break;
	case HW_TRFCR_EL1:
		write_sysreg_s(val, HW_ENC_TRFCR_EL1);
		break;
	case HW_TRFCR_EL2:
		write_sysreg_s(val, HW_ENC_TRFCR_EL2);
		break;
	case HW_BRBCR_EL1:
		write_sysreg_s(val, HW_ENC_BRBCR_EL1);
		break;
	case HW_BRBCR_EL2:
		write_sysreg_s(val, HW_ENC_BRBCR_EL2);
		break;
	case HW_BRBFCR_EL1:
		write_sysreg_s(val, HW_ENC_BRBFCR_EL1);
		break;
	case HW_BRBTS_EL1:
		write_sysreg_s(val, HW_ENC_BRBTS_EL1);
		break;
	case HW_BRBINFINJ_EL1:
		write_sysreg_s(val, HW_ENC_BRBINFINJ_EL1);
		break;
	case HW_BRBSRCINJ_EL1:
		write_sysreg_s(val, HW_ENC_BRBSRCINJ_EL1);
		break;
	case HW_BRBTGTINJ_EL1:
		write_sysreg_s(val, HW_ENC_BRBTGTINJ_EL1);
		break;
	case HW_BRBIDR0_EL1:
		write_sysreg_s(val, HW_ENC_BRBIDR0_EL1);
		break;
	default:
		WARN_ON_ONCE(1);
	}
}

static void sysreg_sync(void)
{
	/* Register writes must be visible to the trace unit from here on. */
	isb();
}

/* BRBINF/BRBSRC/BRBTGT<n>_EL1 of the bank BRBFCR_EL1.BANK selects. */
static u64 sysreg_brb_inf(unsigned int n)
{
	switch (n) {
	case 0:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 0, 0));
	case 1:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 1, 0));
	case 2:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 2, 0));
	case 3:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 3, 0));
	case 4:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 4, 0));
	case 5:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 5, 0));
	case 6:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 6, 0));
	case 7:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 7, 0));
	case 8:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 8, 0));
	case 9:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 9, 0));
	case 10:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 10, 0));
	case 11:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 11, 0));
	case 12:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 12, 0));
	case 13:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 13, 0));
	case 14:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 14, 0));
	case 15:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 15, 0));
	case 16:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 0, 4));
	case 17:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 1, 4));
	case 18:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 2, 4));
	case 19:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 3, 4));
	case 20:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 4, 4));
	case 21:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 5, 4));
	case 22:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 6, 4));
	case 23:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 7, 4));
	case 24:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 8, 4));
	case 25:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 9, 4));
	case 26:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 10, 4));
	case 27:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 11, 4));
	case 28:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 12, 4));
	case 29:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 13, 4));
	case 30:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 14, 4));
	case 31:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 15, 4));
	}
	return 0;
}

static u64 sysreg_brb_src(unsigned int n)
{
	switch (n) {
	case 0:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 0, 1));
	case 1:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 1, 1));
	case 2:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 2, 1));
	case 3:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 3, 1));
	case 4:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 4, 1));
	case 5:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 5, 1));
	case 6:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 6, 1));
	case 7:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 7, 1));
	case 8:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 8, 1));
	case 9:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 9, 1));
	case 10:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 10, 1));
	case 11:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 11, 1));
	case 12:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 12, 1));
	case 13:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 13, 1));
	case 14:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 14, 1));
	case 15:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 15, 1));
	case 16:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 0, 5));
	case 17:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 1, 5));
	case 18:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 2, 5));
	case 19:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 3, 5));
	case 20:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 4, 5));
	case 21:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 5, 5));
	case 22:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 6, 5));
	case 23:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 7, 5));
	case 24:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 8, 5));
	case 25:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 9, 5));
	case 26:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 10, 5));
	case 27:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 11, 5));
	case 28:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 12, 5));
	case 29:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 13, 5));
	case 30:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 14, 5));
	case 31:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 15, 5));
	}
	return 0;
}

static u64 sysreg_brb_tgt(unsigned int n)
{
	switch (n) {
	case 0:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 0, 2));
	case 1:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 1, 2));
	case 2:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 2, 2));
	case 3:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 3, 2));
	case 4:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 4, 2));
	case 5:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 5, 2));
	case 6:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 6, 2));
	case 7:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 7, 2));
	case 8:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 8, 2));
	case 9:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 9, 2));
	case 10:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 10, 2));
	case 11:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 11, 2));
	case 12:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 12, 2));
	case 13:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 13, 2));
	case 14:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 14, 2));
	case 15:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 15, 2));
	case 16:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 0, 6));
	case 17:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 1, 6));
	case 18:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 2, 6));
	case 19:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 3, 6));
	case 20:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 4, 6));
	case 21:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 5, 6));
	case 22:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 6, 6));
	case 23:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 7, 6));
	case 24:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 8, 6));
	case 25:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 9, 6));
	case 26:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 10, 6));
	case 27:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 11, 6));
	case 28:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 12, 6));
	case 29:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 13, 6));
	case 30:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 14, 6));
	case 31:
		return read_sysreg_s(HW_SYS_REG(2, 1, 8, 15, 6));
	}
	return 0;
}

static u64 sysreg_brb_read(unsigned int n, enum hw_brb_field f)
{
	n %= HW_BRB_PER_BANK;
	switch (f) {
	case HW_BRB_INF:
		return sysreg_brb_inf(n);
	case HW_BRB_SRC:
		return sysreg_brb_src(n);
	default:
		return sysreg_brb_tgt(n);
	}
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
	.pmu_overflow	= sysreg_nop,
	.trbe_irq_request = sysreg_irq_request,
	.trbe_irq_free	= sysreg_irq_free,
	.trbe_irq_enable = sysreg_irq_enable,
	.trbe_irq_disable = sysreg_irq_disable,
};
