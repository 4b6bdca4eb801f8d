// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit test of kernel/ete/ete_config.c: perf_event_attr -> the ETE
 * registers the `ete` PMU programs, and the errno of every attr it
 * refuses, for trace units QEMU's model cannot be (features missing,
 * other CCITMIN, other VMIDOPT) as well as the model's own.
 *
 * The expected register values are literals from the Arm ARM (ETE
 * TRCCONFIGR, TRCVICTLR, TRFCR_ELx), not the driver's macros, and the
 * TRCCONFIGR of each config field is checked against perf 6.1's own
 * mapping: cs_etmv4_get_config() of tools/perf/arch/arm/util/cs-etm.c,
 * copied below with the constants of perf's coresight-pmu.h, so that the
 * TRCCONFIGR perf writes into AUXTRACE_INFO is the one the unit runs.
 * One TAP point per case.
 */
#include <stdio.h>
#include <string.h>

#include "ete_config.h"
#include <armtrace/ete_abi.h>
#include <armtrace/ref_config.h>
/* From Debian's linux-source-6.1: tools/include/linux/coresight-pmu.h */
#include "coresight-pmu.h"

#ifndef BIT
#define BIT(n)	(1ULL << (n))
#endif

/* perf 6.1, tools/perf/arch/arm/util/cs-etm.c, cs_etmv4_get_config() */
static u64 perf_cs_etmv4_config(u64 config_opts)
{
	u64 config = 0;

	if (config_opts & BIT(ETM_OPT_CYCACC))
		config |= BIT(ETM4_CFG_BIT_CYCACC);
	if (config_opts & BIT(ETM_OPT_CTXTID))
		config |= BIT(ETM4_CFG_BIT_CTXTID);
	if (config_opts & BIT(ETM_OPT_TS))
		config |= BIT(ETM4_CFG_BIT_TS);
	if (config_opts & BIT(ETM_OPT_RETSTK))
		config |= BIT(ETM4_CFG_BIT_RETSTK);
	if (config_opts & BIT(ETM_OPT_CTXTID2))
		config |= BIT(ETM4_CFG_BIT_VMID) |
			  BIT(ETM4_CFG_BIT_VMID_OPT);
	if (config_opts & BIT(ETM_OPT_BRANCH_BROADCAST))
		config |= BIT(ETM4_CFG_BIT_BB);
	return config;
}

/* Register values from the Arm ARM, independent of include/armtrace. */
#define CFGR_BB		0x00000008u	/* TRCCONFIGR bit 3 */
#define CFGR_CCI	0x00000010u	/* bit 4 */
#define CFGR_CID	0x00000040u	/* bit 6 */
#define CFGR_VMID	0x00000080u	/* bit 7 */
#define CFGR_TS		0x00000800u	/* bit 11 */
#define CFGR_RS		0x00001000u	/* bit 12 */
#define CFGR_VMIDOPT	0x00008000u	/* bit 15 */
/* TRCVICTLR: EVENT = resource 1 (TRUE), SSSTATUS, no Secure EL */
#define VI_BASE		(0x1u | 0x200u | 0xf0000u)
#define VI_NS(el)	(0x100000u << (el))	/* EXLEVEL_NS: no trace at ELn */
/* TRFCR_ELx: E0TRE/E0HTRE 0, E1TRE/E2TRE 1, CX 3, TS 6:5 = 0b01 virtual */
#define TRF_E0		0x1u
#define TRF_EK		0x2u
#define TRF_CX		0x8u
#define TRF_TS		0x20u

/* The model's trace unit (include/armtrace/ref_config.h), kernel at EL1 */
static struct ete_caps ref_caps(bool vhe)
{
	struct ete_caps c = { .trcdevarch = REF_TRCDEVARCH,
			      .trcauthstatus = REF_TRCAUTHSTATUS,
			      .trbidr = 0x20, .kernel_at_el2 = vhe };

	c.trcidr[0] = REF_TRCIDR0;
	c.trcidr[1] = REF_TRCIDR1;
	c.trcidr[2] = REF_TRCIDR2;
	c.trcidr[3] = REF_TRCIDR3(vhe, 0);
	c.trcidr[4] = REF_TRCIDR4;
	c.trcidr[5] = REF_TRCIDR5;
	return c;
}

static unsigned int n_test, n_fail;

static void ok(int cond, const char *fmt, const char *name)
{
	n_test++;
	if (!cond)
		n_fail++;
	printf("%sok %u - ete config: ", cond ? "" : "not ", n_test);
	printf(fmt, name);
	printf("\n");
}

/*
 * Run one attr; compare errno and, on success, every register.  A field
 * of @want that is ~0 is not compared.
 */
struct want {
	int err;
	u32 configr, victlr, ccctlr;
	u64 trfcr;
};
#define ANY	(~0u)

static int check(const char *name, const struct perf_event_attr *attr,
		 const struct ete_caps *caps, unsigned int rights,
		 struct want w)
{
	struct ete_hwcfg hc;
	int ret, good;

	memset(&hc, 0xa5, sizeof(hc));
	ret = ete_config_from_attr(attr, caps, rights, &hc);
	good = ret == w.err;
	if (good && !ret)
		good = (w.configr == ANY || hc.trcconfigr == w.configr) &&
		       (w.victlr == ANY || hc.trcvictlr == w.victlr) &&
		       (w.ccctlr == ANY || hc.trcccctlr == w.ccctlr) &&
		       (w.trfcr == ANY || hc.trfcr == w.trfcr) &&
		       hc.trcsyncpr == 12;
	if (!good)
		printf("# %s: ret %d configr %#x victlr %#x ccctlr %#x trfcr %#llx syncpr %#x\n",
		       name, ret, hc.trcconfigr, hc.trcvictlr, hc.trcccctlr,
		       (unsigned long long)hc.trfcr, hc.trcsyncpr);
	return good;
}

#define MAY	ETE_CFG_MAY_CONTEXTID

/* Each config field alone on the model's unit: its TRCCONFIGR is perf's. */
static void fields(void)
{
	static const struct { const char *name; unsigned int bit; bool vhe; } f[] = {
		{ "branch_broadcast (config:8) = perf's TRCCONFIGR", 8, false },
		{ "cycacc (config:12) = perf's TRCCONFIGR", 12, false },
		{ "contextid1 (config:14) = perf's TRCCONFIGR", 14, false },
		{ "contextid2 (config:15, VHE) = perf's TRCCONFIGR", 15, true },
		{ "timestamp (config:28) = perf's TRCCONFIGR", 28, false },
		{ "retstack (config:29) = perf's TRCCONFIGR", 29, false },
	};
	u32 lit[] = { CFGR_BB, CFGR_CCI, CFGR_CID, CFGR_VMID | CFGR_VMIDOPT,
		      CFGR_TS, CFGR_RS };
	u64 all = 0;
	size_t i;

	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		struct ete_caps c = ref_caps(f[i].vhe);
		struct perf_event_attr a = { .config = 1ULL << f[i].bit };
		u64 perf = perf_cs_etmv4_config(a.config);

		ok(perf == lit[i] &&
		   check(f[i].name, &a, &c, MAY,
			 (struct want){ 0, (u32)perf, ANY, ANY, ANY }),
		   "%s", f[i].name);
		all |= a.config;
	}
	{
		struct ete_caps c = ref_caps(true);
		struct perf_event_attr a = { .config = all };

		ok(check("all fields", &a, &c, MAY,
			 (struct want){ 0, (u32)perf_cs_etmv4_config(all),
					ANY, ANY, ANY }),
		   "%s", "all six fields at once (VHE) = perf's TRCCONFIGR");
	}
	{
		struct ete_caps c = ref_caps(false);
		struct perf_event_attr a = { 0 };

		ok(check("no fields", &a, &c, 0,
			 (struct want){ 0, 0, VI_BASE | VI_NS(2) | VI_NS(3),
					0, TRF_TS | TRF_E0 | TRF_EK }),
		   "%s", "config 0 at EL1: TRCCONFIGR 0, EL0+EL1 traced, TRCCCCTLR 0");
	}
}

/* Every bit outside the six fields, in config, config1 and config2. */
static void unknown_bits(void)
{
	struct ete_caps c = ref_caps(true);
	int bad = 0, bit;

	for (bit = 0; bit < 64; bit++) {
		struct perf_event_attr a = { .config = 1ULL << bit };
		struct ete_hwcfg hc;
		int ret = ete_config_from_attr(&a, &c, MAY, &hc);
		int want;

		if (bit == 8 || bit == 12 || bit == 14 || bit == 15 ||
		    bit == 28 || bit == 29)
			want = 0;
		else
			want = -EINVAL;
		if (ret != want) {
			printf("# config bit %d: %d, want %d\n", bit, ret, want);
			bad = 1;
		}
	}
	ok(!bad, "%s", "each of the 58 unknown config bits alone: EINVAL");

	bad = 0;
	for (bit = 0; bit < 64; bit++) {
		/* cycacc so that a threshold is legal; CCITMIN is 4 */
		struct perf_event_attr a = { .config = 1ULL << 12,
					     .config1 = 1ULL << bit };
		struct ete_hwcfg hc;
		int ret = ete_config_from_attr(&a, &c, 0, &hc);
		int want = bit < 2 ? -EINVAL : bit < 12 ? 0 : -EINVAL;

		if (ret != want || (!ret && hc.trcccctlr != 1u << bit)) {
			printf("# config1 bit %d: %d, want %d\n", bit, ret, want);
			bad = 1;
		}
	}
	ok(!bad, "%s", "config1: bits 2..11 are cc_threshold (TRCCCCTLR), 0, 1 below CCITMIN and 12..63 EINVAL");

	bad = 0;
	for (bit = 0; bit < 64; bit++) {
		struct perf_event_attr a = { .config2 = 1ULL << bit };
		struct ete_hwcfg hc;

		if (ete_config_from_attr(&a, &c, MAY, &hc) != -EINVAL) {
			printf("# config2 bit %d accepted\n", bit);
			bad = 1;
		}
	}
	ok(!bad, "%s", "each config2 bit: EINVAL");
}

/* Feature present / absent in the ID registers. */
static void features(void)
{
	struct caps_case {
		const char *name;
		u64 config;
		int idr;		/* TRCIDR<n> to change */
		u32 clear, set;
		bool vhe;
		int err;
	} cases[] = {
		{ "branch_broadcast without TRCIDR0.TRCBB: EOPNOTSUPP", 1ULL << 8, 0, 0x20, 0, false, -EOPNOTSUPP },
		{ "cycacc without TRCIDR0.TRCCCI: EOPNOTSUPP", 1ULL << 12, 0, 0x80, 0, false, -EOPNOTSUPP },
		{ "retstack without TRCIDR0.RETSTACK: EOPNOTSUPP", 1ULL << 29, 0, 0x200, 0, false, -EOPNOTSUPP },
		{ "timestamp with TRCIDR0.TSSIZE 0: EOPNOTSUPP", 1ULL << 28, 0, 0x1f000000, 0, false, -EOPNOTSUPP },
		{ "timestamp with TSSIZE 0b00110 (48-bit): accepted", 1ULL << 28, 0, 0x1f000000, 0x06000000, false, 0 },
		{ "contextid1 with TRCIDR2.CIDSIZE 0: EOPNOTSUPP", 1ULL << 14, 2, 0x3e0, 0, false, -EOPNOTSUPP },
		{ "contextid2 with TRCIDR2.VMIDSIZE 0 (VHE): EOPNOTSUPP", 1ULL << 15, 2, 0x7c00, 0, true, -EOPNOTSUPP },
		{ "contextid2 with TRCIDR2.VMIDOPT 0b00 (VHE): EOPNOTSUPP", 1ULL << 15, 2, 0x60000000, 0, true, -EOPNOTSUPP },
		{ "contextid2 with VMIDSIZE 8-bit (VHE): accepted", 1ULL << 15, 2, 0x7c00, 0x400, true, 0 },
		{ "contextid2, kernel at EL1: EOPNOTSUPP", 1ULL << 15, 2, 0, 0, false, -EOPNOTSUPP },
		{ "contextid1, kernel at EL2: accepted", 1ULL << 14, 2, 0, 0, true, 0 },
		{ "nothing asked: a unit with no option still traces", 0, 0, 0x1f0002a0, 0, false, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct ete_caps c = ref_caps(cases[i].vhe);
		struct perf_event_attr a = { .config = cases[i].config };

		c.trcidr[cases[i].idr] &= ~cases[i].clear;
		c.trcidr[cases[i].idr] |= cases[i].set;
		ok(check(cases[i].name, &a, &c, MAY,
			 (struct want){ cases[i].err,
					(u32)perf_cs_etmv4_config(a.config),
					ANY, ANY, ANY }),
		   "%s", cases[i].name);
	}
}

/* cc_threshold: needs cycacc, at least TRCIDR3.CCITMIN, 0 = the minimum. */
static void threshold(void)
{
	struct tc {
		const char *name;
		u32 ccitmin;
		u64 config, thr;
		int err;
		u32 ccctlr;
	} cases[] = {
		{ "cycacc, threshold 0, CCITMIN 4: TRCCCCTLR = 4", 4, 1ULL << 12, 0, 0, 4 },
		{ "cycacc, threshold 4 = CCITMIN: TRCCCCTLR = 4", 4, 1ULL << 12, 4, 0, 4 },
		{ "cycacc, threshold 3 < CCITMIN 4: EINVAL", 4, 1ULL << 12, 3, -EINVAL, 0 },
		{ "cycacc, threshold 1 < CCITMIN 4: EINVAL", 4, 1ULL << 12, 1, -EINVAL, 0 },
		{ "cycacc, threshold 0xfff: TRCCCCTLR = 0xfff", 4, 1ULL << 12, 0xfff, 0, 0xfff },
		{ "cycacc, threshold 0x1000 (config1 bit 12): EINVAL", 4, 1ULL << 12, 0x1000, -EINVAL, 0 },
		{ "cycacc, threshold 0, CCITMIN 0: TRCCCCTLR = 1", 0, 1ULL << 12, 0, 0, 1 },
		{ "cycacc, threshold 1, CCITMIN 0: TRCCCCTLR = 1", 0, 1ULL << 12, 1, 0, 1 },
		{ "cycacc, threshold 0, CCITMIN 0x100: TRCCCCTLR = 0x100", 0x100, 1ULL << 12, 0, 0, 0x100 },
		{ "cycacc, threshold 0xff < CCITMIN 0x100: EINVAL", 0x100, 1ULL << 12, 0xff, -EINVAL, 0 },
		{ "threshold 8 without cycacc: EINVAL", 4, 0, 8, -EINVAL, 0 },
		{ "no cycacc, no threshold: TRCCCCTLR = 0", 4, 1ULL << 28, 0, 0, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct ete_caps c = ref_caps(false);
		struct perf_event_attr a = { .config = cases[i].config,
					     .config1 = cases[i].thr };

		c.trcidr[3] = (c.trcidr[3] & ~0xfffu) | cases[i].ccitmin;
		ok(check(cases[i].name, &a, &c, 0,
			 (struct want){ cases[i].err,
					(u32)perf_cs_etmv4_config(a.config),
					ANY, cases[i].ccctlr, ANY }),
		   "%s", cases[i].name);
	}
}

/* exclude_user/kernel/hv -> TRCVICTLR.EXLEVEL_NS and TRFCR, EL1 and EL2. */
static void exclude(void)
{
	struct ec {
		const char *name;
		bool vhe;
		int eu, ek, eh;
		int err;
		u32 victlr;
		u64 trfcr;
	} cases[] = {
		{ "EL1: user+kernel: NS EL2/EL3 off; TRFCR_EL1 E0TRE E1TRE", false, 0, 0, 0, 0,
		  VI_BASE | VI_NS(2) | VI_NS(3), TRF_TS | TRF_E0 | TRF_EK },
		{ "EL1: exclude_kernel: NS EL1 off too; TRFCR_EL1 E0TRE", false, 0, 1, 0, 0,
		  VI_BASE | VI_NS(1) | VI_NS(2) | VI_NS(3), TRF_TS | TRF_E0 },
		{ "EL1: exclude_user: NS EL0 off; TRFCR_EL1 E1TRE", false, 1, 0, 0, 0,
		  VI_BASE | VI_NS(0) | VI_NS(2) | VI_NS(3), TRF_TS | TRF_EK },
		{ "EL1: exclude_user+exclude_kernel: EINVAL", false, 1, 1, 0, -EINVAL, 0, 0 },
		{ "EL1: exclude_hv changes nothing", false, 0, 1, 1, 0,
		  VI_BASE | VI_NS(1) | VI_NS(2) | VI_NS(3), TRF_TS | TRF_E0 },
		{ "VHE: user+kernel: NS EL1/EL3 off; TRFCR_EL2 E0HTRE E2TRE", true, 0, 0, 0, 0,
		  VI_BASE | VI_NS(1) | VI_NS(3), TRF_TS | TRF_E0 | TRF_EK },
		{ "VHE: exclude_kernel: NS EL2 off too; TRFCR_EL2 E0HTRE", true, 0, 1, 0, 0,
		  VI_BASE | VI_NS(1) | VI_NS(2) | VI_NS(3), TRF_TS | TRF_E0 },
		{ "VHE: exclude_user: NS EL0 off; TRFCR_EL2 E2TRE", true, 1, 0, 0, 0,
		  VI_BASE | VI_NS(0) | VI_NS(1) | VI_NS(3), TRF_TS | TRF_EK },
		{ "VHE: exclude_user+exclude_kernel: EINVAL", true, 1, 1, 1, -EINVAL, 0, 0 },
		{ "VHE: exclude_hv with the kernel at EL2 changes nothing", true, 1, 0, 1, 0,
		  VI_BASE | VI_NS(0) | VI_NS(1) | VI_NS(3), TRF_TS | TRF_EK },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct ete_caps c = ref_caps(cases[i].vhe);
		struct perf_event_attr a = { .exclude_user = cases[i].eu,
					     .exclude_kernel = cases[i].ek,
					     .exclude_hv = cases[i].eh };

		ok(check(cases[i].name, &a, &c, 0,
			 (struct want){ cases[i].err, 0, cases[i].victlr, 0,
					cases[i].trfcr }),
		   "%s", cases[i].name);
	}
	{
		struct ete_caps c = ref_caps(true);
		struct perf_event_attr a = { .config = 1ULL << 15,
					     .exclude_kernel = 1 };

		ok(check("cx", &a, &c, MAY,
			 (struct want){ 0, CFGR_VMID | CFGR_VMIDOPT,
					VI_BASE | VI_NS(1) | VI_NS(2) | VI_NS(3),
					0, TRF_TS | TRF_E0 | TRF_CX }),
		   "%s", "VHE contextid2: TRFCR_EL2.CX set");
	}
	{
		struct ete_caps c = ref_caps(true);
		struct perf_event_attr a = { .config = 1ULL << 14,
					     .exclude_kernel = 1 };

		ok(check("no cx", &a, &c, MAY,
			 (struct want){ 0, CFGR_CID, ANY, 0, TRF_TS | TRF_E0 }),
		   "%s", "VHE contextid1: no TRFCR_EL2.CX");
	}
}

/* CONTEXTIDR tracing needs the initial PID namespace. */
static void rights(void)
{
	struct ete_caps el1 = ref_caps(false), vhe = ref_caps(true);
	struct perf_event_attr cid1 = { .config = 1ULL << 14 };
	struct perf_event_attr cid2 = { .config = 1ULL << 15 };
	struct perf_event_attr other = { .config = (1ULL << 28) | (1ULL << 29) |
						   (1ULL << 8) | (1ULL << 12) };

	ok(check("cid1 norights", &cid1, &el1, 0, (struct want){ .err = -EACCES }),
	   "%s", "contextid1 outside the initial PID namespace: EACCES");
	ok(check("cid2 norights", &cid2, &vhe, 0, (struct want){ .err = -EACCES }),
	   "%s", "contextid2 (VHE) outside the initial PID namespace: EACCES");
	ok(check("other norights", &other, &el1, 0,
		 (struct want){ 0, CFGR_TS | CFGR_RS | CFGR_BB | CFGR_CCI,
				ANY, 4, ANY }),
	   "%s", "the other fields need no rights");
}

static void usable(void)
{
	struct ete_caps c = ref_caps(false);

	ok(ete_caps_usable(&c) == 0, "%s", "the model's unit is usable");
	c.trcdevarch = 0x47704a13;	/* ETMv4.x */
	ok(ete_caps_usable(&c) == -ENODEV, "%s", "an ETMv4 (ARCHVER 4): ENODEV");
	c = ref_caps(false);
	c.trcdevarch &= ~0x00100000u;
	ok(ete_caps_usable(&c) == -ENODEV, "%s", "TRCDEVARCH.PRESENT 0: ENODEV");
	c = ref_caps(false);
	c.trbidr |= 0x10;
	ok(ete_caps_usable(&c) == -EACCES, "%s", "TRBIDR_EL1.P (owned by a higher EL): EACCES");
}

int main(void)
{
	fields();
	unknown_bits();
	features();
	threshold();
	exclude();
	rights();
	usable();
	printf("1..%u\n", n_test);
	return n_fail ? 1 : 0;
}
