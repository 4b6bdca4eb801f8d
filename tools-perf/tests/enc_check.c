// SPDX-License-Identifier: GPL-2.0
/*
 * Encoder test helpers (see enc_check.h).  The packet check is written
 * from the path's side: it knows which packets the path requires and in
 * which order, and accepts the encoder's only freedom, re-sending the
 * current address (with context) after a synchronisation.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <armtrace/ete_regs.h>
#include <ete/dec.h>
#include <ete/pkt.h>
#include "enc_check.h"

static int fail(char *why, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (why && len)
		vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return -1;
}

/* Append the @sz bytes at @x to the array *@p of *@n, growing it. */
static int push(void **p, size_t *n, size_t *cap, const void *x, size_t sz)
{
	if (*n == *cap) {
		size_t nc = *cap ? *cap * 2 : 1024;
		void *np = realloc(*p, nc * sz);

		if (!np)
			return -1;
		*p = np;
		*cap = nc;
	}
	memcpy((char *)*p + *n * sz, x, sz);
	++*n;
	return 0;
}

int enc_events_push(struct enc_events *l, const struct ete_enc_event *ev)
{
	return push((void **)&l->ev, &l->n, &l->cap, ev, sizeof(*ev));
}

void enc_events_free(struct enc_events *l)
{
	free(l->ev);
	memset(l, 0, sizeof(*l));
}

int enc_els_push(struct enc_els *l, const struct enc_el *el)
{
	return push((void **)&l->e, &l->n, &l->cap, el, sizeof(*el));
}

void enc_els_free(struct enc_els *l)
{
	free(l->e);
	memset(l, 0, sizeof(*l));
}

static size_t bytes_sink(void *priv, const uint8_t *buf, size_t len)
{
	struct enc_bytes *o = priv;

	while (o->n + len > o->cap) {
		size_t nc = o->cap ? o->cap * 2 : 65536;
		uint8_t *nb = realloc(o->b, nc);

		if (!nb)
			return 0;
		o->b = nb;
		o->cap = nc;
	}
	memcpy(o->b + o->n, buf, len);
	o->n += len;
	return len;
}

int enc_run_path(const struct ete_enc_config *cfg,
		 const struct ete_path_image *img, uint64_t entry,
		 const struct ete_enc_ctx *ctx,
		 const struct ete_path_opts *opts, size_t nev,
		 struct enc_events *evs, struct enc_bytes *out,
		 char *why, size_t whylen)
{
	struct ete_enc e;
	struct ete_path p;
	struct ete_enc_event ev;
	int st;

	st = ete_enc_init(&e, cfg, ctx);
	if (st)
		return fail(why, whylen, "enc init %d", st);
	st = ete_path_init(&p, img, entry, ctx, opts);
	if (st)
		return fail(why, whylen, "path init %d", st);
	ete_enc_set_sink(&e, bytes_sink, out);
	for (size_t i = 0; i < nev; i++) {
		st = ete_path_next(&p, &ev);
		if (st)
			return fail(why, whylen, "path next %d at %zu", st, i);
		st = ete_enc_event(&e, &ev);
		if (st == ETE_ENC_ERR_STATE &&
		    (ev.type == ETE_EV_CYCLES || ev.type == ETE_EV_ITE))
			continue;
		if (st)
			return fail(why, whylen, "event %zu type %u: %s", i,
				    ev.type, ete_enc_status_name(st));
		if (enc_events_push(evs, &ev))
			return fail(why, whylen, "out of memory");
	}
	st = ete_enc_finish(&e);
	if (st)
		return fail(why, whylen, "finish: %s", ete_enc_status_name(st));
	if (ete_enc_bytes(&e) != out->n)
		return fail(why, whylen, "byte count %llu != %zu",
			    (unsigned long long)ete_enc_bytes(&e), out->n);
	return 0;
}

int enc_run_events(const struct ete_enc_config *cfg,
		   const struct ete_enc_ctx *ctx, const struct enc_events *evs,
		   struct enc_bytes *out, char *why, size_t whylen)
{
	struct ete_enc e;
	int st;

	st = ete_enc_init(&e, cfg, ctx);
	if (st)
		return fail(why, whylen, "enc init %d", st);
	ete_enc_set_sink(&e, bytes_sink, out);
	for (size_t i = 0; i < evs->n; i++) {
		st = ete_enc_event(&e, &evs->ev[i]);
		if (st)
			return fail(why, whylen, "event %zu type %u: %s", i,
				    evs->ev[i].type, ete_enc_status_name(st));
	}
	st = ete_enc_finish(&e);
	if (st)
		return fail(why, whylen, "finish: %s", ete_enc_status_name(st));
	return 0;
}

/* Traced context fields under @cfg. */
struct traced {
	bool vmid, cid, ts, cci;
	bool ts_marker;		/* ETE 1.1+: a marker before each timestamp */
	uint32_t cc_mask;
};

static struct traced traced_of(const struct ete_enc_config *cfg)
{
	const struct ete_pkt_config *r = &cfg->regs;
	struct traced t;

	uint32_t vs = ETE_FIELD_GET(TRCIDR2_VMIDSIZE, r->trcidr2);

	t.vmid = (r->trcconfigr & TRCCONFIGR_VMID) &&
		(vs == TRCIDR2_VMIDSIZE_8 || vs == TRCIDR2_VMIDSIZE_16 ||
		 vs == TRCIDR2_VMIDSIZE_32);
	t.cid = (r->trcconfigr & TRCCONFIGR_CID) &&
		ETE_FIELD_GET(TRCIDR2_CIDSIZE, r->trcidr2) ==
		TRCIDR2_CIDSIZE_32;
	t.ts = !!(r->trcconfigr & TRCCONFIGR_TS);
	t.ts_marker = t.ts &&
		ETE_FIELD_GET(TRCDEVARCH_REVISION, r->trcdevarch) >= 1;
	t.cci = (r->trcconfigr & TRCCONFIGR_CCI) &&
		(r->trcidr0 & TRCIDR0_TRCCCI);
	t.cc_mask = (uint32_t)((1ull << (ETE_FIELD_GET(TRCIDR2_CCSIZE,
				r->trcidr2) + TRCIDR2_CCSIZE_BASE)) - 1);
	return t;
}

static uint32_t vmid_mask(const struct ete_enc_config *cfg)
{
	switch (ETE_FIELD_GET(TRCIDR2_VMIDSIZE, cfg->regs.trcidr2)) {
	case TRCIDR2_VMIDSIZE_8: return 0xff;
	case TRCIDR2_VMIDSIZE_16: return 0xffff;
	default: return 0xffffffff;
	}
}

static bool ctx_same(const struct ete_enc_config *cfg, const struct traced *t,
		     const struct ete_enc_ctx *a, const struct ete_enc_ctx *b)
{
	return a->el == b->el && a->ns == b->ns && a->nse == b->nse &&
		a->sf == b->sf &&
		(!t->vmid || ((a->vmid ^ b->vmid) & vmid_mask(cfg)) == 0) &&
		(!t->cid || a->cid == b->cid);
}

/* The path, as the sequence of packet-level items it must produce. */
enum item_type {
	IT_ATOM, IT_EXC, IT_TRON, IT_TS, IT_CC, IT_ITE, IT_TXS, IT_TXC,
	IT_TXF, IT_OVF,
};

struct item {
	uint8_t type;
	uint8_t taken;
	uint8_t indirect;
	uint8_t link;		/* v: its return address */
	uint8_t bcast;		/* a direct branch, its target traced */
	uint16_t exc;
	uint64_t a, next, v;
	uint32_t cc;
	struct ete_enc_ctx ctx;
};

static int items_of(const struct traced *t, const struct ete_enc_ctx *ctx0,
		    const struct enc_events *evs, struct item **out,
		    size_t *nout)
{
	struct item *it = calloc(evs->n + 1, sizeof(*it));
	struct ete_enc_ctx ctx = *ctx0;
	size_t n = 0;

	if (!it)
		return -1;
	bool on = true;

	for (size_t i = 0; i < evs->n; i++) {
		const struct ete_enc_event *ev = &evs->ev[i];
		struct item *x = &it[n];

		memset(x, 0, sizeof(*x));
		x->ctx = ctx;
		/* while trace is off only context changes matter */
		if (ev->type == ETE_EV_TRACE_OFF)
			on = false;
		else if (ev->type == ETE_EV_TRACE_ON)
			on = true;
		else if (!on && ev->type != ETE_EV_CONTEXT &&
			 ev->type != ETE_EV_OVERFLOW)
			continue;
		switch (ev->type) {
		case ETE_EV_BRANCH:
			x->type = IT_ATOM;
			x->taken = ev->flags & ETE_ENC_TAKEN;
			x->indirect = x->taken &&
				(ev->flags & ETE_ENC_INDIRECT);
			x->bcast = x->taken && !x->indirect &&
				(ev->flags & ETE_ENC_BROADCAST);
			x->link = x->taken && (ev->flags & ETE_ENC_LINK);
			x->v = ev->value;
			x->a = ev->start;
			x->next = ev->next;
			n++;
			break;
		case ETE_EV_EXCEPTION:
			x->type = IT_EXC;
			x->exc = ev->exc;
			x->a = ev->start;
			x->next = ev->next;
			if (ev->flags)
				ctx = ev->ctx;
			n++;
			break;
		case ETE_EV_CONTEXT:
			ctx = ev->ctx;
			break;
		case ETE_EV_TRACE_ON:
			x->type = IT_TRON;
			x->next = ev->next;
			n++;
			break;
		case ETE_EV_TIMESTAMP:
			if (!t->ts)
				break;
			x->type = IT_TS;
			x->v = ev->value;
			x->cc = ev->cc & t->cc_mask;
			n++;
			break;
		case ETE_EV_CYCLES:
			x->type = IT_CC;
			x->cc = ev->cc;
			n++;
			break;
		case ETE_EV_ITE:
			x->type = IT_ITE;
			x->exc = ev->exc;
			x->v = ev->value;
			n++;
			break;
		case ETE_EV_TX_START:
			x->type = IT_TXS;
			n++;
			break;
		case ETE_EV_TX_COMMIT:
			x->type = IT_TXC;
			n++;
			break;
		case ETE_EV_TX_FAIL:
			x->type = IT_TXF;
			x->next = ev->next;
			n++;
			break;
		case ETE_EV_OVERFLOW:
			x->type = IT_OVF;
			n++;
			break;
		default:
			break;
		}
	}
	*out = it;
	*nout = n;
	return 0;
}

struct pchk {
	const struct ete_enc_config *cfg;
	struct traced t;
	struct item *it;
	size_t nit, i;
	uint64_t need[2];
	unsigned int nneed;
	uint64_t pc;
	bool ctx_valid, started;
	bool marker;		/* a TS marker wants its timestamp next */
	/*
	 * The return stack (TRCCONFIGR.RS), ETE "Return stack": a taken
	 * branch with link pushes its return address, a taken indirect
	 * branch to the newest one pops it and has no address packet; it
	 * empties at Trace Info and Trace On; the oldest entry goes when
	 * it is full.  The pop takes effect at the next P0 element (atom
	 * or exception); an address before that (a transaction failure's)
	 * cancels it.
	 */
	bool rs_on;
	uint64_t rs[ETE_ENC_RET_STACK];
	unsigned int rs_n;
	bool rs_popped;		/* by the last atom, not yet taken */
	struct ete_enc_ctx ctx;
	char *why;
	size_t whylen;
};

static const struct item *expect(struct pchk *c, uint8_t type,
				 const struct ete_pkt *p)
{
	const struct item *x;

	if (c->i >= c->nit) {
		fail(c->why, c->whylen, "@%llu %s: path has no more items",
		     (unsigned long long)p->offset,
		     ete_pkt_type_name(p->type));
		return NULL;
	}
	x = &c->it[c->i];
	if (x->type != type) {
		fail(c->why, c->whylen,
		     "@%llu %s: path wants item type %u (item %zu)",
		     (unsigned long long)p->offset,
		     ete_pkt_type_name(p->type), x->type, c->i);
		return NULL;
	}
	c->i++;
	return x;
}

static int p0_ready(struct pchk *c, const struct item *x,
		    const struct ete_pkt *p)
{
	if (c->nneed)
		return fail(c->why, c->whylen,
			    "@%llu P0 before address %#llx was traced",
			    (unsigned long long)p->offset,
			    (unsigned long long)c->need[0]);
	if (!c->ctx_valid || !ctx_same(c->cfg, &c->t, &c->ctx, &x->ctx))
		return fail(c->why, c->whylen,
			    "@%llu context EL%u ns%u nse%u vmid %#x cid %#x, path EL%u ns%u nse%u vmid %#x cid %#x",
			    (unsigned long long)p->offset, c->ctx.el,
			    c->ctx.ns, c->ctx.nse, c->ctx.vmid, c->ctx.cid,
			    x->ctx.el, x->ctx.ns, x->ctx.nse, x->ctx.vmid,
			    x->ctx.cid);
	return 0;
}

static void take_ctx(struct pchk *c, const struct ete_pkt *p)
{
	c->ctx_valid = true;
	c->ctx.el = p->ctx.el;
	c->ctx.ns = p->ctx.ns;
	c->ctx.nse = p->ctx.nse;
	c->ctx.sf = p->ctx.sf;
	c->ctx.vmid = p->ctx.vmid;
	c->ctx.cid = p->ctx.cid;
}

static int check_pkt(struct pchk *c, const struct ete_pkt *p)
{
	const struct item *x;

	if (c->marker && p->type != ETE_PKT_T_TIMESTAMP)
		return fail(c->why, c->whylen,
			    "@%llu %s after a TS marker, not a timestamp",
			    (unsigned long long)p->offset,
			    ete_pkt_type_name(p->type));
	switch (p->type) {
	case ETE_PKT_T_TRACE_INFO:
		c->rs_n = 0;
		c->rs_popped = false;
		return 0;
	case ETE_PKT_T_ASYNC:
	case ETE_PKT_T_COMMIT:
		return 0;
	case ETE_PKT_T_CTXT:
		take_ctx(c, p);
		return 0;
	case ETE_PKT_T_ADDR_CTXT_L_32IS0:
	case ETE_PKT_T_ADDR_CTXT_L_32IS1:
	case ETE_PKT_T_ADDR_CTXT_L_64IS0:
	case ETE_PKT_T_ADDR_CTXT_L_64IS1:
		take_ctx(c, p);
		/* fall through */
	case ETE_PKT_T_ADDR_MATCH:
	case ETE_PKT_T_ADDR_S_IS0:
	case ETE_PKT_T_ADDR_S_IS1:
	case ETE_PKT_T_ADDR_L_32IS0:
	case ETE_PKT_T_ADDR_L_32IS1:
	case ETE_PKT_T_ADDR_L_64IS0:
	case ETE_PKT_T_ADDR_L_64IS1: {
		uint64_t want = c->nneed ? c->need[0] : c->pc;

		if (p->addr.val != want)
			return fail(c->why, c->whylen,
				    "@%llu %s: address %#llx, path %#llx",
				    (unsigned long long)p->offset,
				    ete_pkt_type_name(p->type),
				    (unsigned long long)p->addr.val,
				    (unsigned long long)want);
		if (c->nneed) {
			c->need[0] = c->need[1];
			c->nneed--;
		}
		return 0;
	}
	case ETE_PKT_T_ATOM_F1:
	case ETE_PKT_T_ATOM_F2:
	case ETE_PKT_T_ATOM_F3:
	case ETE_PKT_T_ATOM_F4:
	case ETE_PKT_T_ATOM_F5:
	case ETE_PKT_T_ATOM_F6:
		for (unsigned int k = 0; k < p->atom_num; k++) {
			x = expect(c, IT_ATOM, p);
			if (!x || p0_ready(c, x, p))
				return -1;
			c->rs_popped = false;
			if (((p->atom_bits >> k) & 1) != x->taken)
				return fail(c->why, c->whylen,
					    "@%llu atom %u is %c, path %c",
					    (unsigned long long)p->offset, k,
					    (p->atom_bits >> k) & 1 ? 'E' : 'N',
					    x->taken ? 'E' : 'N');
			c->pc = x->next;
			if (x->link && c->rs_on) {
				if (c->rs_n == ETE_ENC_RET_STACK)
					memmove(c->rs, c->rs + 1,
						--c->rs_n * sizeof(c->rs[0]));
				c->rs[c->rs_n++] = x->v;
			}
			if (x->indirect && c->rs_on && c->rs_n &&
			    c->rs[c->rs_n - 1] == x->next) {
				c->rs_n--;
				c->rs_popped = true;
			} else if (x->indirect || x->bcast) {
				c->need[0] = x->next;
				c->nneed = 1;
			}
		}
		return 0;
	case ETE_PKT_T_EXCEPT:
		x = expect(c, IT_EXC, p);
		if (!x || p0_ready(c, x, p))
			return -1;
		c->rs_popped = false;
		if (p->exc.type != x->exc)
			return fail(c->why, c->whylen,
				    "@%llu exception type %#x, path %#x",
				    (unsigned long long)p->offset,
				    p->exc.type, x->exc);
		c->need[0] = x->a;
		c->need[1] = x->next;
		c->nneed = 2;
		c->pc = x->next;
		return 0;
	case ETE_PKT_T_TRACE_ON:
		if (!c->started && (c->i >= c->nit ||
				    c->it[c->i].type != IT_TRON)) {
			/* start of trace: Trace On before the first P0 */
			c->started = true;
			return 0;
		}
		c->started = true;
		c->rs_n = 0;
		c->rs_popped = false;
		x = expect(c, IT_TRON, p);
		if (!x)
			return -1;
		c->need[0] = x->next;
		c->nneed = 1;
		c->pc = x->next;
		return 0;
	case ETE_PKT_T_TS_MARKER:
		if (!c->t.ts_marker)
			return fail(c->why, c->whylen,
				    "@%llu TS marker before ETE 1.1 or without TS",
				    (unsigned long long)p->offset);
		c->marker = true;
		return 0;
	case ETE_PKT_T_TIMESTAMP:
		if (c->t.ts_marker && !c->marker)
			return fail(c->why, c->whylen,
				    "@%llu timestamp without its TS marker",
				    (unsigned long long)p->offset);
		c->marker = false;
		x = expect(c, IT_TS, p);
		if (!x)
			return -1;
		if (p->ts != x->v || (c->t.cci && p->cc != x->cc) ||
		    (!c->t.cci && p->cc_valid))
			return fail(c->why, c->whylen,
				    "@%llu timestamp %#llx cc %u, path %#llx cc %u",
				    (unsigned long long)p->offset,
				    (unsigned long long)p->ts, p->cc,
				    (unsigned long long)x->v, x->cc);
		return 0;
	case ETE_PKT_T_CCNT_F1:
	case ETE_PKT_T_CCNT_F2:
	case ETE_PKT_T_CCNT_F3:
		x = expect(c, IT_CC, p);
		if (!x)
			return -1;
		if (p->cc != x->cc || (p->commit_valid && p->commit))
			return fail(c->why, c->whylen,
				    "@%llu cycle count %u commit %u, path %u",
				    (unsigned long long)p->offset, p->cc,
				    p->commit, x->cc);
		return 0;
	case ETE_PKT_T_ITE:
		x = expect(c, IT_ITE, p);
		if (!x)
			return -1;
		if (p->ite.el != x->exc || p->ite.value != x->v)
			return fail(c->why, c->whylen, "@%llu ITE differs",
				    (unsigned long long)p->offset);
		return 0;
	case ETE_PKT_T_TRANS_ST:
		return expect(c, IT_TXS, p) ? 0 : -1;
	case ETE_PKT_T_TRANS_COMMIT:
		return expect(c, IT_TXC, p) ? 0 : -1;
	case ETE_PKT_T_TRANS_FAIL:
		x = expect(c, IT_TXF, p);
		if (!x)
			return -1;
		if (c->rs_popped)
			c->rs_n++;	/* the entry is still there */
		c->rs_popped = false;
		c->need[0] = x->next;
		c->nneed = 1;
		c->pc = x->next;
		return 0;
	case ETE_PKT_T_OVERFLOW:
		return expect(c, IT_OVF, p) ? 0 : -1;
	default:
		return fail(c->why, c->whylen, "@%llu unexpected packet %s",
			    (unsigned long long)p->offset,
			    ete_pkt_type_name(p->type));
	}
}

int enc_check_packets(const struct ete_enc_config *cfg,
		      const struct ete_enc_ctx *ctx,
		      const struct enc_events *evs, const uint8_t *bytes,
		      size_t len, size_t chunk, char *why, size_t whylen)
{
	struct ete_pkt_decoder d;
	struct ete_pkt pkt;
	struct pchk c = { .cfg = cfg, .why = why, .whylen = whylen };
	size_t off = 0;
	int st, ret = -1;

	c.t = traced_of(cfg);
	c.rs_on = !!(cfg->regs.trcconfigr & TRCCONFIGR_RS);
	if (items_of(&c.t, ctx, evs, &c.it, &c.nit))
		return fail(why, whylen, "out of memory");
	/* before any address the PE is where the first P0 starts */
	for (size_t k = 0; k < c.nit; k++) {
		if (c.it[k].type == IT_ATOM || c.it[k].type == IT_EXC) {
			c.pc = c.it[k].a;
			break;
		}
		if (c.it[k].type == IT_TRON)
			break;
	}
	if (ete_pkt_decoder_init(&d, &cfg->regs)) {
		fail(why, whylen, "decoder init");
		goto out;
	}
	if (!chunk)
		chunk = len ? len : 1;
	while (off < len) {
		size_t n = len - off < chunk ? len - off : chunk, used;

		st = ete_pkt_decode(&d, bytes + off, n, off, &used, &pkt);
		off += used;
		if (st == ETE_PKT_MORE)
			continue;
		if (st != ETE_PKT_OK) {
			fail(why, whylen, "@%llu decode error %s (%s)",
			     (unsigned long long)pkt.offset,
			     ete_pkt_status_name(st),
			     ete_pkt_type_name(pkt.err_type));
			goto out;
		}
		if (pkt.type == ETE_PKT_T_NOT_SYNC) {
			fail(why, whylen, "stream does not start with A-Sync");
			goto out;
		}
		if (check_pkt(&c, &pkt))
			goto out;
	}
	if (ete_pkt_flush(&d, &pkt) != ETE_PKT_EOT) {
		fail(why, whylen, "stream ends inside a packet");
		goto out;
	}
	if (c.i != c.nit) {
		fail(why, whylen, "%zu of %zu path items not in the trace",
		     c.nit - c.i, c.nit);
		goto out;
	}
	ret = 0;
out:
	free(c.it);
	return ret;
}

static uint32_t rd32(const struct ete_path_image *img, uint64_t a)
{
	const uint8_t *b;

	if (a < img->base || a - img->base + 4 > img->len)
		return 0;
	b = img->data + (a - img->base);
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
		(uint32_t)b[3] << 24;
}

int enc_expected_elems(const struct ete_enc_config *cfg,
		       const struct ete_enc_ctx *ctx0,
		       const struct enc_events *evs,
		       const struct ete_path_image *img, struct enc_els *out)
{
	struct traced t = traced_of(cfg);
	struct ete_enc_ctx ctx = *ctx0, shown;
	bool shown_valid = false, pc_valid = false, on = true;
	uint64_t pc = 0;
	struct enc_el el;

	/* a context element precedes the first P0 after it changed */
#define SHOW_CTX() do {							\
		if (!shown_valid || !ctx_same(cfg, &t, &shown, &ctx)) {	\
			memset(&el, 0, sizeof(el));			\
			el.type = EL_CTX;				\
			el.ctx = ctx;					\
			if (enc_els_push(out, &el))			\
				return -1;				\
			shown = ctx;					\
			shown_valid = true;				\
		}							\
	} while (0)

	for (size_t i = 0; i < evs->n; i++) {
		const struct ete_enc_event *ev = &evs->ev[i];

		memset(&el, 0, sizeof(el));
		if (!on && ev->type != ETE_EV_TRACE_ON &&
		    ev->type != ETE_EV_CONTEXT)
			continue;
		switch (ev->type) {
		case ETE_EV_BRANCH:
			SHOW_CTX();
			el.type = EL_RANGE;
			el.a = ev->start;
			el.b = ev->end + 4;
			el.n = (uint32_t)((el.b - el.a) / 4);
			el.taken = ev->flags & ETE_ENC_TAKEN;
			if (enc_els_push(out, &el))
				return -1;
			if (img && el.taken &&
			    rd32(img, ev->end) == 0xd69f03e0u) {
				memset(&el, 0, sizeof(el));
				el.type = EL_ERET;
				if (enc_els_push(out, &el))
					return -1;
			}
			pc = ev->next;
			pc_valid = true;
			break;
		case ETE_EV_EXCEPTION:
			SHOW_CTX();
			if (pc_valid && pc != ev->start) {
				el.type = EL_RANGE;
				el.a = pc;
				el.b = ev->start;
				el.n = (uint32_t)((el.b - el.a) / 4);
				el.taken = 1;
				if (enc_els_push(out, &el))
					return -1;
				memset(&el, 0, sizeof(el));
			}
			el.type = EL_EXC;
			el.a = ev->start;
			el.exc = ev->exc;
			if (enc_els_push(out, &el))
				return -1;
			if (ev->flags)
				ctx = ev->ctx;
			pc = ev->next;
			pc_valid = true;
			break;
		case ETE_EV_CONTEXT:
			ctx = ev->ctx;
			break;
		case ETE_EV_TRACE_OFF:
			on = false;
			pc_valid = false;
			break;
		case ETE_EV_TRACE_ON:
			on = true;
			pc = ev->next;
			pc_valid = true;
			el.type = EL_TRACE_ON;
			if (enc_els_push(out, &el))
				return -1;
			break;
		case ETE_EV_TIMESTAMP:
			if (!t.ts || !on)
				break;
			if (t.ts_marker) {
				el.type = EL_MARKER;
				if (enc_els_push(out, &el))
					return -1;
				memset(&el, 0, sizeof(el));
			}
			el.type = EL_TS;
			el.v = ev->value;
			if (enc_els_push(out, &el))
				return -1;
			break;
		case ETE_EV_CYCLES:
			el.type = EL_CC;
			el.v = ev->cc;
			if (enc_els_push(out, &el))
				return -1;
			break;
		case ETE_EV_ITE:
			el.type = EL_ITE;
			el.exc = ev->exc;
			el.v = ev->value;
			if (enc_els_push(out, &el))
				return -1;
			break;
		case ETE_EV_TX_START:
		case ETE_EV_TX_COMMIT:
		case ETE_EV_TX_FAIL:
			el.type = EL_TX;
			el.v = ev->type == ETE_EV_TX_START ? 0 :
				ev->type == ETE_EV_TX_COMMIT ? 1 : 2;
			if (enc_els_push(out, &el))
				return -1;
			if (ev->type == ETE_EV_TX_FAIL) {
				pc = ev->next;
				pc_valid = true;
			}
			break;
		default:
			break;
		}
	}
#undef SHOW_CTX
	return 0;
}

void enc_el_format(const struct enc_el *el, char *buf, size_t len)
{
	switch (el->type) {
	case EL_RANGE:
		snprintf(buf, len, "RANGE %#llx-%#llx n%u %c",
			 (unsigned long long)el->a, (unsigned long long)el->b,
			 el->n, el->taken ? 'E' : 'N');
		break;
	case EL_EXC:
		snprintf(buf, len, "EXCEPTION ret %#llx type %#x",
			 (unsigned long long)el->a, el->exc);
		break;
	case EL_CTX:
		snprintf(buf, len, "CONTEXT EL%u ns%u nse%u sf%u vmid %#x cid %#x",
			 el->ctx.el, el->ctx.ns, el->ctx.nse, el->ctx.sf,
			 el->ctx.vmid, el->ctx.cid);
		break;
	case EL_TS:
		snprintf(buf, len, "TIMESTAMP %#llx",
			 (unsigned long long)el->v);
		break;
	case EL_CC:
		snprintf(buf, len, "CYCLES %llu", (unsigned long long)el->v);
		break;
	case EL_ITE:
		snprintf(buf, len, "ITE EL%u %#llx", el->exc,
			 (unsigned long long)el->v);
		break;
	case EL_TX:
		snprintf(buf, len, "TX %llu", (unsigned long long)el->v);
		break;
	case EL_TRACE_ON:
		snprintf(buf, len, "TRACE_ON");
		break;
	case EL_ERET:
		snprintf(buf, len, "ERET");
		break;
	case EL_MARKER:
		snprintf(buf, len, "TS_MARKER");
		break;
	case EL_EVENT:
		snprintf(buf, len, "EVENT %llu", (unsigned long long)el->v);
		break;
	case EL_NO_SYNC:
		snprintf(buf, len, "NO_SYNC");
		break;
	default:
		snprintf(buf, len, "?%u", el->type);
	}
}

static bool el_eq(const struct ete_enc_config *cfg, const struct traced *t,
		  const struct enc_el *a, const struct enc_el *b)
{
	if (a->type != b->type)
		return false;
	switch (a->type) {
	case EL_RANGE:
		return a->a == b->a && a->b == b->b && a->n == b->n &&
			a->taken == b->taken;
	case EL_EXC:
		return a->a == b->a && a->exc == b->exc;
	case EL_CTX:
		return ctx_same(cfg, t, &a->ctx, &b->ctx);
	case EL_ITE:
		return a->exc == b->exc && a->v == b->v;
	case EL_TS:
	case EL_CC:
	case EL_TX:
	case EL_EVENT:
		return a->v == b->v;
	default:
		return true;
	}
}

/* Next element of a kind in @mask at or after *@i; contexts deduplicated. */
static const struct enc_el *next_el(const struct ete_enc_config *cfg,
				    const struct traced *t,
				    const struct enc_els *l, size_t *i,
				    unsigned int mask,
				    struct ete_enc_ctx *last, bool *last_valid)
{
	while (*i < l->n) {
		const struct enc_el *el = &l->e[(*i)++];

		if (!(mask & (1u << el->type)))
			continue;
		if (el->type == EL_CTX) {
			if (*last_valid && ctx_same(cfg, t, last, &el->ctx))
				continue;
			*last = el->ctx;
			*last_valid = true;
		}
		return el;
	}
	return NULL;
}

int enc_els_compare(const struct ete_enc_config *cfg,
		    const struct enc_els *want, const struct enc_els *got,
		    unsigned int mask, char *why, size_t whylen)
{
	struct traced t = traced_of(cfg);
	struct ete_enc_ctx lw = { 0 }, lg = { 0 };
	bool lwv = false, lgv = false;
	size_t i = 0, j = 0, k = 0;
	char a[160], b[160];

	for (;; k++) {
		const struct enc_el *w = next_el(cfg, &t, want, &i, mask,
						 &lw, &lwv);
		const struct enc_el *g = next_el(cfg, &t, got, &j, mask,
						 &lg, &lgv);

		if (!w && !g)
			return 0;
		if (!w || !g || !el_eq(cfg, &t, w, g)) {
			if (w)
				enc_el_format(w, a, sizeof(a));
			else
				snprintf(a, sizeof(a), "(end)");
			if (g)
				enc_el_format(g, b, sizeof(b));
			else
				snprintf(b, sizeof(b), "(end)");
			return fail(why, whylen,
				    "element %zu: want %s, got %s", k, a, b);
		}
	}
}

int enc_el_from_ete(const struct ete_elem *e, struct enc_el *el)
{
	memset(el, 0, sizeof(*el));
	switch (e->type) {
	case ETE_ELEM_INSTR_RANGE:
		el->type = EL_RANGE;
		el->a = e->start;
		el->b = e->end;
		el->n = e->ninsn;
		el->taken = e->exec;
		break;
	case ETE_ELEM_EXCEPTION:
		el->type = EL_EXC;
		el->a = e->end;
		el->exc = (uint16_t)e->num;
		break;
	case ETE_ELEM_EXCEPTION_RET:
		el->type = EL_ERET;
		break;
	case ETE_ELEM_PE_CONTEXT:
		el->type = EL_CTX;
		el->ctx.el = e->ctx.el;
		el->ctx.ns = e->ctx.sec == ETE_SEC_NONSECURE ||
			e->ctx.sec == ETE_SEC_REALM;
		el->ctx.nse = e->ctx.sec == ETE_SEC_ROOT ||
			e->ctx.sec == ETE_SEC_REALM;
		el->ctx.sf = e->ctx.sf;
		el->ctx.vmid = e->ctx.vmid;
		el->ctx.cid = e->ctx.cid;
		break;
	case ETE_ELEM_TIMESTAMP:
		el->type = EL_TS;
		el->v = e->ts;
		break;
	case ETE_ELEM_SYNC_MARKER:
		el->type = EL_MARKER;
		break;
	case ETE_ELEM_CYCLE_COUNT:
		el->type = EL_CC;
		el->v = e->cc;
		break;
	case ETE_ELEM_INSTRUMENTATION:
		el->type = EL_ITE;
		el->exc = e->ctx.el;
		el->v = e->ts;
		break;
	case ETE_ELEM_MEMTRANS:
		if (e->reason == ETE_MEMTRANS_INIT)
			return 0;
		el->type = EL_TX;
		el->v = e->reason - ETE_MEMTRANS_START;
		break;
	case ETE_ELEM_TRACE_ON:
		el->type = EL_TRACE_ON;
		break;
	case ETE_ELEM_EVENT:
		el->type = EL_EVENT;
		el->v = e->num;
		break;
	default:
		return 0;
	}
	return 1;
}
