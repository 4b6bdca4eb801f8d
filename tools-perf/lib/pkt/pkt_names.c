// SPDX-License-Identifier: GPL-2.0
/*
 * Names of packet types, statuses and exceptions.  Packet names are the
 * ones OpenCSD prints (including its "I_SCR_ADDR_L_32IS0" spelling), so
 * listings can be compared with OpenCSD's trc_pkt_lister output.
 */
#include "pkt_internal.h"

static const char *const type_names[ETE_PKT_T_COUNT] = {
	[ETE_PKT_T_NONE] = "I_NONE",
	[ETE_PKT_T_NOT_SYNC] = "I_NOT_SYNC",
	[ETE_PKT_T_INCOMPLETE_EOT] = "I_INCOMPLETE_EOT",
	[ETE_PKT_T_BAD_SEQUENCE] = "I_BAD_SEQUENCE",
	[ETE_PKT_T_RESERVED] = "I_RESERVED",
	[ETE_PKT_T_RESERVED_CFG] = "I_RESERVED_CFG",
	[ETE_PKT_T_EXTENSION] = "I_EXTENSION",
	[ETE_PKT_T_ASYNC] = "I_ASYNC",
	[ETE_PKT_T_DISCARD] = "I_DISCARD",
	[ETE_PKT_T_OVERFLOW] = "I_OVERFLOW",
	[ETE_PKT_T_TRACE_INFO] = "I_TRACE_INFO",
	[ETE_PKT_T_TRACE_ON] = "I_TRACE_ON",
	[ETE_PKT_T_TIMESTAMP] = "I_TIMESTAMP",
	[ETE_PKT_T_TS_MARKER] = "I_TS_MARKER",
	[ETE_PKT_T_EXCEPT] = "I_EXCEPT",
	[ETE_PKT_T_PE_RESET] = "I_PE_RESET",
	[ETE_PKT_T_TRANS_FAIL] = "I_TRANS_FAIL",
	[ETE_PKT_T_TRANS_ST] = "I_TRANS_ST",
	[ETE_PKT_T_TRANS_COMMIT] = "I_TRANS_COMMIT",
	[ETE_PKT_T_ITE] = "I_ITE",
	[ETE_PKT_T_CCNT_F1] = "I_CCNT_F1",
	[ETE_PKT_T_CCNT_F2] = "I_CCNT_F2",
	[ETE_PKT_T_CCNT_F3] = "I_CCNT_F3",
	[ETE_PKT_T_COMMIT] = "I_COMMIT",
	[ETE_PKT_T_CANCEL_F1] = "I_CANCEL_F1",
	[ETE_PKT_T_CANCEL_F1_MISPRED] = "I_CANCEL_F1_MISPRED",
	[ETE_PKT_T_CANCEL_F2] = "I_CANCEL_F2",
	[ETE_PKT_T_CANCEL_F3] = "I_CANCEL_F3",
	[ETE_PKT_T_MISPREDICT] = "I_MISPREDICT",
	[ETE_PKT_T_IGNORE] = "I_IGNORE",
	[ETE_PKT_T_EVENT] = "I_EVENT",
	[ETE_PKT_T_CTXT] = "I_CTXT",
	[ETE_PKT_T_ADDR_CTXT_L_32IS0] = "I_ADDR_CTXT_L_32IS0",
	[ETE_PKT_T_ADDR_CTXT_L_32IS1] = "I_ADDR_CTXT_L_32IS1",
	[ETE_PKT_T_ADDR_CTXT_L_64IS0] = "I_ADDR_CTXT_L_64IS0",
	[ETE_PKT_T_ADDR_CTXT_L_64IS1] = "I_ADDR_CTXT_L_64IS1",
	[ETE_PKT_T_ADDR_MATCH] = "I_ADDR_MATCH",
	[ETE_PKT_T_ADDR_S_IS0] = "I_ADDR_S_IS0",
	[ETE_PKT_T_ADDR_S_IS1] = "I_ADDR_S_IS1",
	[ETE_PKT_T_ADDR_L_32IS0] = "I_ADDR_L_32IS0",
	[ETE_PKT_T_ADDR_L_32IS1] = "I_ADDR_L_32IS1",
	[ETE_PKT_T_ADDR_L_64IS0] = "I_ADDR_L_64IS0",
	[ETE_PKT_T_ADDR_L_64IS1] = "I_ADDR_L_64IS1",
	[ETE_PKT_T_Q] = "I_Q",
	[ETE_PKT_T_SRC_ADDR_MATCH] = "I_SRC_ADDR_MATCH",
	[ETE_PKT_T_SRC_ADDR_S_IS0] = "I_SRC_ADDR_S_IS0",
	[ETE_PKT_T_SRC_ADDR_S_IS1] = "I_SRC_ADDR_S_IS1",
	[ETE_PKT_T_SRC_ADDR_L_32IS0] = "I_SCR_ADDR_L_32IS0",
	[ETE_PKT_T_SRC_ADDR_L_32IS1] = "I_SRC_ADDR_L_32IS1",
	[ETE_PKT_T_SRC_ADDR_L_64IS0] = "I_SRC_ADDR_L_64IS0",
	[ETE_PKT_T_SRC_ADDR_L_64IS1] = "I_SRC_ADDR_L_64IS1",
	[ETE_PKT_T_ATOM_F1] = "I_ATOM_F1",
	[ETE_PKT_T_ATOM_F2] = "I_ATOM_F2",
	[ETE_PKT_T_ATOM_F3] = "I_ATOM_F3",
	[ETE_PKT_T_ATOM_F4] = "I_ATOM_F4",
	[ETE_PKT_T_ATOM_F5] = "I_ATOM_F5",
	[ETE_PKT_T_ATOM_F6] = "I_ATOM_F6",
	[ETE_PKT_T_FUNC_RET] = "I_FUNC_RET",
	[ETE_PKT_T_EXCEPT_RTN] = "I_EXCEPT_RTN",
	[ETE_PKT_T_NUM_DS_MKR] = "I_NUM_DS_MKR",
	[ETE_PKT_T_UNNUM_DS_MKR] = "I_UNNUM_DS_MKR",
	[ETE_PKT_T_COND_I_F1] = "I_COND_I_F1",
	[ETE_PKT_T_COND_I_F2] = "I_COND_I_F2",
	[ETE_PKT_T_COND_I_F3] = "I_COND_I_F3",
	[ETE_PKT_T_COND_FLUSH] = "I_COND_FLUSH",
	[ETE_PKT_T_COND_RES_F1] = "I_COND_RES_F1",
	[ETE_PKT_T_COND_RES_F2] = "I_COND_RES_F2",
	[ETE_PKT_T_COND_RES_F3] = "I_COND_RES_F3",
	[ETE_PKT_T_COND_RES_F4] = "I_COND_RES_F4",
};

const char *ete_pkt_type_name(enum ete_pkt_type type)
{
	if ((unsigned int)type >= ETE_PKT_T_COUNT || !type_names[type])
		return "I_UNKNOWN";
	return type_names[type];
}

const char *ete_pkt_status_name(int status)
{
	switch (status) {
	case ETE_PKT_OK:
		return "ETE_PKT_OK";
	case ETE_PKT_MORE:
		return "ETE_PKT_MORE";
	case ETE_PKT_EOT:
		return "ETE_PKT_EOT";
	case ETE_PKT_ERR_HEADER:
		return "ETE_PKT_ERR_HEADER";
	case ETE_PKT_ERR_SEQUENCE:
		return "ETE_PKT_ERR_SEQUENCE";
	case ETE_PKT_ERR_TRUNCATED:
		return "ETE_PKT_ERR_TRUNCATED";
	case ETE_PKT_ERR_INVAL:
		return "ETE_PKT_ERR_INVAL";
	default:
		return "ETE_PKT_ERR_UNKNOWN";
	}
}

/* A-profile exception numbers (ETE "Exception packet", type field). */
static const char *const exc_names[16] = {
	"PE Reset", "Debug Halt", "Call", "Trap",
	"System Error", "Reserved", "Inst Debug", "Data Debug",
	"Reserved", "Reserved", "Alignment", "Inst Fault",
	"Data Fault", "Reserved", "IRQ", "FIQ",
};

const char *ete_pkt_exception_name(unsigned int type)
{
	return type < 16 ? exc_names[type] : "Reserved";
}
