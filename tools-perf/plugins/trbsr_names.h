/* SPDX-License-Identifier: GPL-2.0 */
/*
 * TRBSR_EL1 in words (Arm ARM, TRBSR_EL1): the flags set, the event
 * class, and the buffer status or fault status it qualifies.
 */
#ifndef ARMTRACE_TRBSR_NAMES_H
#define ARMTRACE_TRBSR_NAMES_H

#include <stdint.h>
#include <stdio.h>
#include <armtrace/trbe_regs.h>

static inline void armtrace_trbsr_names(char *buf, size_t n, uint64_t trbsr)
{
	static const struct { uint64_t bit; const char *name; } flags[] = {
		{ TRBSR_EL1_IRQ, "IRQ" }, { TRBSR_EL1_TRG, "TRG" },
		{ TRBSR_EL1_WRAP, "WRAP" }, { TRBSR_EL1_EA, "EA" },
		{ TRBSR_EL1_S, "S" },
	};
	unsigned int ec = FIELD_GET(TRBSR_EL1_EC, trbsr);
	unsigned int mss = FIELD_GET(TRBSR_EL1_BSC, trbsr);
	size_t len = 0, i;
	const char *sep = "";

	buf[0] = 0;
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		if (!(trbsr & flags[i].bit) || len >= n)
			continue;
		len += snprintf(buf + len, n - len, "%s%s", sep, flags[i].name);
		sep = "|";
	}
	if (len >= n)
		return;
	switch (ec) {
	case TRBSR_EC_OTHERS:
		snprintf(buf + len, n - len, "%sbuffer-management %s",
			 len ? " " : "",
			 mss == TRBSR_BSC_NOT_STOPPED ? "not-stopped" :
			 mss == TRBSR_BSC_FILLED ? "filled" :
			 mss == TRBSR_BSC_TRIGGERED ? "triggered" : "reserved-bsc");
		break;
	case TRBSR_EC_STAGE1_ABORT:
	case TRBSR_EC_STAGE2_ABORT:
	case TRBSR_EC_GPC_FAULT:
		snprintf(buf + len, n - len, "%s%s FSC=%#04x", len ? " " : "",
			 ec == TRBSR_EC_STAGE1_ABORT ? "stage1-abort" :
			 ec == TRBSR_EC_STAGE2_ABORT ? "stage2-abort" :
			 "gpc-fault", mss);
		break;
	default:
		snprintf(buf + len, n - len, "%sEC=%#04x", len ? " " : "", ec);
		break;
	}
}

#endif /* ARMTRACE_TRBSR_NAMES_H */
