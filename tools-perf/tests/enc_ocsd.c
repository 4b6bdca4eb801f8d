// SPDX-License-Identifier: GPL-2.0
/*
 * OpenCSD (C API) as the reference decoder for the encoder tests: a
 * decode tree for one raw ETE source, the program image as buffer memory
 * accessors, generic trace elements collected into an element list.
 */
#include <stdio.h>
#include <string.h>
#include <opencsd/c_api/opencsd_c_api.h>
#include <opencsd/ete/trc_pkt_types_ete.h>
#include "enc_ocsd.h"

struct ocsd_ctx {
	struct enc_els *out;
	struct enc_ocsd_stats *st;
	unsigned int nosync_seen;
	uint32_t vmid, cid;
	int err;
};

static ocsd_datapath_resp_t elem_in(const void *priv, ocsd_trc_index_t idx,
				    uint8_t chan,
				    const ocsd_generic_trace_elem *e)
{
	struct ocsd_ctx *c = (struct ocsd_ctx *)priv;
	struct enc_el el;

	(void)idx;
	(void)chan;
	memset(&el, 0, sizeof(el));
	switch (e->elem_type) {
	case OCSD_GEN_TRC_ELEM_INSTR_RANGE:
		el.type = EL_RANGE;
		el.a = e->st_addr;
		el.b = e->en_addr;
		el.n = e->num_instr_range;
		el.taken = e->last_instr_exec;
		break;
	case OCSD_GEN_TRC_ELEM_EXCEPTION:
		el.type = EL_EXC;
		el.a = e->en_addr;
		el.exc = (uint16_t)e->exception_number;
		break;
	case OCSD_GEN_TRC_ELEM_EXCEPTION_RET:
		el.type = EL_ERET;
		break;
	case OCSD_GEN_TRC_ELEM_PE_CONTEXT:
		el.type = EL_CTX;
		el.ctx.el = e->context.el_valid ?
			(uint8_t)e->context.exception_level : 0;
		switch (e->context.security_level) {
		case ocsd_sec_secure:
			break;
		case ocsd_sec_nonsecure:
			el.ctx.ns = 1;
			break;
		case ocsd_sec_root:
			el.ctx.nse = 1;
			break;
		default:
			el.ctx.ns = 1;
			el.ctx.nse = 1;
			break;
		}
		el.ctx.sf = e->context.bits64;
		if (e->context.vmid_valid)
			c->vmid = e->context.vmid;
		if (e->context.ctxt_id_valid)
			c->cid = e->context.context_id;
		el.ctx.vmid = c->vmid;
		el.ctx.cid = c->cid;
		break;
	case OCSD_GEN_TRC_ELEM_TIMESTAMP:
		el.type = EL_TS;
		el.v = e->timestamp;
		break;
	case OCSD_GEN_TRC_ELEM_CYCLE_COUNT:
		el.type = EL_CC;
		el.v = e->cycle_count;
		break;
	case OCSD_GEN_TRC_ELEM_MEMTRANS:
		if (e->mem_trans == OCSD_MEM_TRANS_TRACE_INIT)
			return OCSD_RESP_CONT;
		el.type = EL_TX;
		el.v = e->mem_trans == OCSD_MEM_TRANS_START ? 0 :
			e->mem_trans == OCSD_MEM_TRANS_COMMIT ? 1 : 2;
		break;
	case OCSD_GEN_TRC_ELEM_TRACE_ON:
		el.type = EL_TRACE_ON;
		break;
	case OCSD_GEN_TRC_ELEM_NO_SYNC:
		if (!c->nosync_seen++)
			return OCSD_RESP_CONT;
		c->st->no_sync++;
		el.type = EL_NO_SYNC;
		break;
	case OCSD_GEN_TRC_ELEM_EVENT:
		el.type = EL_EVENT;
		el.v = e->trace_event.ev_number;
		break;
	case OCSD_GEN_TRC_ELEM_EO_TRACE:
		c->st->eot++;
		return OCSD_RESP_CONT;
	case OCSD_GEN_TRC_ELEM_ADDR_NACC:
	case OCSD_GEN_TRC_ELEM_ADDR_UNKNOWN:
	case OCSD_GEN_TRC_ELEM_I_RANGE_NOPATH:
		c->st->nacc++;
		return OCSD_RESP_CONT;
	default:
		return OCSD_RESP_CONT;
	}
	if (enc_els_push(c->out, &el))
		c->err = -1;
	return OCSD_RESP_CONT;
}

int enc_ocsd_decode(const struct ete_pkt_config *regs,
		    const struct enc_mem *mem, size_t nmem,
		    const uint8_t *trace, size_t len, struct enc_els *out,
		    struct enc_ocsd_stats *st)
{
	struct ocsd_ctx c = { .out = out, .st = st };
	ocsd_ete_cfg cfg;
	dcd_tree_handle_t t;
	unsigned char csid;
	ocsd_decode_stats_t *stats = NULL;
	ocsd_trc_index_t eidx;
	uint8_t echan;
	size_t off = 0;
	int ret = -1;

	memset(st, 0, sizeof(*st));
	memset(&cfg, 0, sizeof(cfg));
	cfg.reg_idr0 = regs->trcidr0;
	cfg.reg_idr1 = regs->trcidr1;
	cfg.reg_idr2 = regs->trcidr2;
	cfg.reg_idr8 = regs->trcidr8;
	cfg.reg_devarch = regs->trcdevarch;
	cfg.reg_configr = regs->trcconfigr;
	cfg.reg_traceidr = regs->trctraceidr;
	cfg.arch_ver = ARCH_AA64;
	cfg.core_prof = profile_CortexA;

	ocsd_def_errlog_init(OCSD_ERR_SEV_ERROR, 0);
	t = ocsd_create_dcd_tree(OCSD_TRC_SRC_SINGLE, 0);
	if (!t)
		return -1;
	if (ocsd_dt_create_decoder(t, OCSD_BUILTIN_DCD_ETE,
				   OCSD_CREATE_FLG_FULL_DECODER, &cfg, &csid))
		goto out;
	if (ocsd_dt_set_gen_elem_outfn(t, elem_in, &c))
		goto out;
	for (size_t i = 0; i < nmem; i++)
		if (ocsd_dt_add_buffer_mem_acc(t, mem[i].base,
					       OCSD_MEM_SPACE_ANY,
					       mem[i].data,
					       (uint32_t)mem[i].len))
			goto out;
	while (off < len) {
		uint32_t used = 0;
		uint32_t n = len - off > 0x100000 ? 0x100000 :
			(uint32_t)(len - off);
		ocsd_datapath_resp_t r;

		r = ocsd_dt_process_data(t, OCSD_OP_DATA, off, n,
					 trace + off, &used);
		if (!OCSD_DATA_RESP_IS_CONT(r) || OCSD_DATA_RESP_IS_ERR(r) ||
		    OCSD_DATA_RESP_IS_FATAL(r)) {
			st->errors++;
			if (OCSD_DATA_RESP_IS_FATAL(r) || !used)
				break;
		}
		off += used;
	}
	ocsd_dt_process_data(t, OCSD_OP_EOT, 0, 0, NULL, NULL);
	if (!ocsd_dt_get_decode_stats(t, csid, &stats) && stats) {
		st->bad_headers = stats->bad_header_errs;
		st->bad_sequences = stats->bad_sequence_errs;
	}
	if (ocsd_get_last_err(&eidx, &echan, st->last_err,
			      sizeof(st->last_err)))
		st->last_err[0] = 0;
	ret = c.err;
out:
	ocsd_destroy_dcd_tree(t);
	return ret;
}

/*
 * Debian's OpenCSD 1.3.3 leaks the wrapper ocsd_dt_set_gen_elem_outfn()
 * allocates; not ours to fix.  LeakSanitizer reads this hook at exit.
 */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:ocsd_dt_set_gen_elem_outfn\n";
}
