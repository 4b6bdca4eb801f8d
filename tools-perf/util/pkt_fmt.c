// SPDX-License-Identifier: GPL-2.0
/*
 * Packet listing printer.  Field texts follow OpenCSD's packet printer
 * (trc_pkt_elem_etmv4i.cpp), one field per ';'-separated part there.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <armtrace/ete_pkt.h>
#include "pkt_fmt.h"
#include "fmt_out.h"

/*
 * Address as OpenCSD prints it: 16 hex digits, '?' for unknown digits and
 * "(n:0)" when not all bits are known, then "~[0x...]" with the bits this
 * packet supplied when @update is non-zero.
 */
static void put_addr(struct fmt_out *o, const struct ete_pkt_addr *a,
		     unsigned int update)
{
	unsigned int valid = a->valid_bits, digits = (valid + 3) / 4;

	fmt_put(o, "\tAddr=0x");
	for (unsigned int i = digits; i < 16; i++)
		fmt_put(o, "?");
	if (valid > 32)
		fmt_put(o, "%0*" PRIX64, (int)digits, a->val);
	else
		fmt_put(o, "%0*" PRIX32, (int)digits, (uint32_t)a->val);
	if (valid < 64)
		fmt_put(o, " (%u:0)", valid ? valid - 1 : 0);
	if (update)
		fmt_put(o, " ~[0x%" PRIX64 "]", update >= 64 ? a->val :
			a->val & (((uint64_t)1 << update) - 1));
}

static void put_ctxt(struct fmt_out *o, const struct ete_pkt_ctx *c)
{
	static const char *const state[2][2] = {
		{ "S", "NS" },		/* NSE = 0 */
		{ "Root", "Realm" },	/* NSE = 1 (FEAT_RME) */
	};

	if (!c->valid)
		return;
	if (!c->updated) {
		fmt_put(o, "\tCtxt: Same");
		return;
	}
	fmt_put(o, "\tCtxt: %sEL%u, %s", c->sf ? "AArch64," : "AArch32, ",
	    c->el, state[c->nse][c->ns]);
	if (c->cid_updated)
		fmt_put(o, "\tCID=0x%08" PRIx32, c->cid);
	if (c->vmid_updated)
		fmt_put(o, "\tVMID=0x%04" PRIx32, c->vmid);
}

static void put_atoms(struct fmt_out *o, uint32_t bits, unsigned int num)
{
	for (unsigned int i = 0; i < num; i++)
		fmt_put(o, "%c", (bits >> i) & 1 ? 'E' : 'N');
}

static void put_fields(struct fmt_out *o, const struct ete_pkt *p)
{
	switch (p->type) {
	case ETE_PKT_T_BAD_SEQUENCE:
	case ETE_PKT_T_INCOMPLETE_EOT:
	case ETE_PKT_T_RESERVED_CFG:
		fmt_put(o, "\t[%s]", ete_pkt_type_name(p->err_type));
		break;
	case ETE_PKT_T_ADDR_CTXT_L_32IS0:
	case ETE_PKT_T_ADDR_CTXT_L_32IS1:
		put_addr(o, &p->addr, p->addr.pkt_bits < 32 ?
			 p->addr.pkt_bits : 0);
		put_ctxt(o, &p->ctx);
		break;
	case ETE_PKT_T_ADDR_CTXT_L_64IS0:
	case ETE_PKT_T_ADDR_CTXT_L_64IS1:
		put_addr(o, &p->addr, p->addr.pkt_bits < 64 ?
			 p->addr.pkt_bits : 0);
		put_ctxt(o, &p->ctx);
		break;
	case ETE_PKT_T_ADDR_L_32IS0:
	case ETE_PKT_T_ADDR_L_32IS1:
	case ETE_PKT_T_SRC_ADDR_L_32IS0:
	case ETE_PKT_T_SRC_ADDR_L_32IS1:
		put_addr(o, &p->addr, p->addr.pkt_bits < 32 ?
			 p->addr.pkt_bits : 0);
		break;
	case ETE_PKT_T_ADDR_L_64IS0:
	case ETE_PKT_T_ADDR_L_64IS1:
	case ETE_PKT_T_SRC_ADDR_L_64IS0:
	case ETE_PKT_T_SRC_ADDR_L_64IS1:
		put_addr(o, &p->addr, p->addr.pkt_bits < 64 ?
			 p->addr.pkt_bits : 0);
		break;
	case ETE_PKT_T_CTXT:
		put_ctxt(o, &p->ctx);
		break;
	case ETE_PKT_T_ADDR_S_IS0:
	case ETE_PKT_T_ADDR_S_IS1:
	case ETE_PKT_T_SRC_ADDR_S_IS0:
	case ETE_PKT_T_SRC_ADDR_S_IS1:
		put_addr(o, &p->addr, p->addr.pkt_bits);
		break;
	case ETE_PKT_T_ADDR_MATCH:
	case ETE_PKT_T_SRC_ADDR_MATCH:
		fmt_put(o, "\t[%u]", p->match_idx);
		put_addr(o, &p->addr, 0);
		break;
	case ETE_PKT_T_ATOM_F1:
	case ETE_PKT_T_ATOM_F2:
	case ETE_PKT_T_ATOM_F3:
	case ETE_PKT_T_ATOM_F4:
	case ETE_PKT_T_ATOM_F5:
	case ETE_PKT_T_ATOM_F6:
		if (p->atom_num) {
			fmt_put(o, "\t");
			put_atoms(o, p->atom_bits, p->atom_num);
		}
		break;
	case ETE_PKT_T_EXCEPT:
		fmt_put(o, "\t%s", ete_pkt_exception_name(p->exc.type));
		if (p->exc.addr_interp == 1)
			fmt_put(o, "\tRet Addr Follows");
		else if (p->exc.addr_interp == 2)
			fmt_put(o, "\tRet Addr Follows, Match Prev");
		break;
	case ETE_PKT_T_TIMESTAMP:
		fmt_put(o, "\tUpdated val = 0x%" PRIx64, p->ts);
		if (p->cc_valid)
			fmt_put(o, "\tCC=0x%" PRIx32, p->cc);
		break;
	case ETE_PKT_T_TRACE_INFO:
		fmt_put(o, "\tINFO=0x%" PRIx32 " { CC.%u, TSTATE.%u }",
		    p->tinfo.info & ETE_TINFO_INFO_PRINTED,
		    !!(p->tinfo.info & ETE_TINFO_INFO_CC),
		    !!(p->tinfo.info & ETE_TINFO_INFO_TSTATE));
		if (p->tinfo.info & ETE_TINFO_INFO_CC)
			fmt_put(o, "\tCC_THRESHOLD=0x%" PRIx32, p->cc_threshold);
		if (p->tinfo.initial &&
		    (p->tinfo.sections & ETE_TINFO_SECT_SPEC))
			fmt_put(o, "\tINIT SPEC DEPTH=%" PRIu32, p->tinfo.spec);
		if (p->tinfo.initial)
			fmt_put(o, "\tDecoder Sync point TINFO");
		break;
	case ETE_PKT_T_CCNT_F1:
	case ETE_PKT_T_CCNT_F2:
	case ETE_PKT_T_CCNT_F3:
		fmt_put(o, "\tCount=0x%" PRIx32, p->cc);
		if (p->commit_valid)
			fmt_put(o, "\tCommit(%" PRIu32 ")", p->commit);
		break;
	case ETE_PKT_T_CANCEL_F1:
		fmt_put(o, "\tCancel(%" PRIu32 ")", p->cancel);
		break;
	case ETE_PKT_T_CANCEL_F1_MISPRED:
		fmt_put(o, "\tCancel(%" PRIu32 "), Mispredict", p->cancel);
		break;
	case ETE_PKT_T_MISPREDICT:
	case ETE_PKT_T_CANCEL_F2:
	case ETE_PKT_T_CANCEL_F3:
		fmt_put(o, "\t");
		if (p->atom_num) {
			fmt_put(o, "Atom: ");
			put_atoms(o, p->atom_bits, p->atom_num);
			fmt_put(o, ", ");
		}
		if (p->type == ETE_PKT_T_MISPREDICT)
			fmt_put(o, "Mispredict");
		else
			fmt_put(o, "Cancel(%" PRIu32 "), Mispredict", p->cancel);
		break;
	case ETE_PKT_T_COMMIT:
		fmt_put(o, "\tCommit(%" PRIu32 ")", p->commit);
		break;
	case ETE_PKT_T_Q:
		if (p->q.count_present)
			fmt_put(o, "\tCount(%" PRIu32 ")", p->q.count);
		else
			fmt_put(o, "\tCount(Unknown)");
		if (p->q.addr_match)
			fmt_put(o, "\t[%u]", p->match_idx);
		if (p->q.addr_present || p->q.addr_match)
			put_addr(o, &p->addr, p->addr.pkt_bits < 64 ?
				 p->addr.pkt_bits : 0);
		break;
	case ETE_PKT_T_ITE:
		fmt_put(o, "\tEL%u\tPayload=0x%" PRIx64, p->ite.el, p->ite.value);
		break;
	default:
		break;
	}
}

int ete_pkt_status_logged(int status)
{
	return status == ETE_PKT_ERR_HEADER;
}

size_t ete_pkt_format(char *buf, size_t size, unsigned int id, int status,
		      const struct ete_pkt *pkt)
{
	struct fmt_out o = { buf, size, 0 };

	if (size)
		buf[0] = 0;
	if (ete_pkt_status_logged(status))
		fmt_put(&o, "%" PRIu64 "\t%x\tERROR\t%s\n", pkt->offset, id,
		    ete_pkt_status_name(status));
	fmt_put(&o, "%" PRIu64 "\t%x\t%s", pkt->offset, id,
	    ete_pkt_type_name(pkt->type));
	put_fields(&o, pkt);
	fmt_put(&o, "\n");
	return o.len;
}
