// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data writer for ETE trace (util/perf_data.h).
 *
 * The layout is perf's (tools/perf/util/header.c, "PERFILE2"): the file
 * header, one event attribute, the data section, then the feature
 * sections.  The events are those perf record writes for an ETE session
 * that cs-etm.c needs to decode it:
 *
 *   AUXTRACE_INFO  cs_etm header v1 + the ETE metadata of CPU 0
 *   COMM, MMAP     the thread and its code, as perf reads it
 *   per buffer:    AUX (flags: raw, unformatted trace) then AUXTRACE
 *                  and the buffer's bytes
 *
 * or, in snapshot mode, the AUX records (flagged overwrite too, each at
 * its end: the head, as the kernel reports it in that mode), then one
 * AUXTRACE of the trace's last bytes, as perf record -S writes them;
 *
 * and the features HEADER_ARCH, HEADER_NRCPUS and HEADER_AUXTRACE (the
 * index of the AUXTRACE events, without which cs-etm.c cannot tell
 * unformatted trace from formatted).  The attribute samples TID and CPU
 * but not TIME: the trace has no timestamps perf could order, so perf
 * decodes it timeless, as for a per-thread recording.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>
#include <armtrace/ref_config.h>
#include "util/perf_data.h"

/* perf's user record types (tools/lib/perf/include/perf/event.h) */
#define REC_AUXTRACE_INFO	70
#define REC_AUXTRACE		71
/* enum auxtrace_type */
#define AUXTRACE_CS_ETM		3
/* perf's feature bits (tools/perf/util/header.h) */
#define FEAT_ARCH		6
#define FEAT_NRCPUS		7
#define FEAT_AUXTRACE		18
/* cs-etm.h: the ETE block and its magic */
#define CS_ETE_MAGIC		0x5050505050505050ull
#define CS_ETE_NR_PARAMS	8

struct file_section {
	uint64_t offset;
	uint64_t size;
};

struct file_header {
	uint64_t magic;
	uint64_t size;
	uint64_t attr_size;
	struct file_section attrs;
	struct file_section data;
	struct file_section event_types;
	uint64_t features[4];
};

struct file_attr {
	struct perf_event_attr attr;
	struct file_section ids;
};

/*
 * sample_id_all trailer for PERF_SAMPLE_TID | PERF_SAMPLE_CPU |
 * PERF_SAMPLE_IDENTIFIER: perf finds the event of a record by its ID once
 * cs-etm.c has added the events it synthesizes.
 */
struct sample_id {
	uint32_t pid, tid;
	uint32_t cpu, res;
	uint64_t id;
};

#define EVENT_ID	1

struct out {
	FILE *f;
	uint64_t pos;
	int err;
};

static void put(struct out *o, const void *p, size_t n)
{
	if (!o->err && n && fwrite(p, 1, n, o->f) != n)
		o->err = errno ? errno : EIO;
	o->pos += n;
}

static void put_zeros(struct out *o, size_t n)
{
	static const uint8_t z[64];

	while (n) {
		size_t k = n < sizeof(z) ? n : sizeof(z);

		put(o, z, k);
		n -= k;
	}
}

static void put_header(struct out *o, uint32_t type, uint16_t misc,
		       size_t size)
{
	struct perf_event_header h = {
		.type = type, .misc = misc, .size = (uint16_t)size,
	};

	put(o, &h, sizeof(h));
}

static void put_id(struct out *o, const struct perf_data_ete *d)
{
	struct sample_id id = {
		.pid = d->pid, .tid = d->pid, .cpu = 0, .id = EVENT_ID,
	};

	put(o, &id, sizeof(id));
}

static void put_auxtrace_info(struct out *o, const struct perf_data_ete *d)
{
	uint64_t priv[3 + 3 + CS_ETE_NR_PARAMS] = {
		1,				/* CS_HEADER_VERSION */
		(uint64_t)d->pmu_type << 32 | 1,	/* PMU type, 1 CPU */
		d->snapshot_len != 0,		/* snapshot mode */
		CS_ETE_MAGIC, 0, CS_ETE_NR_PARAMS,
		d->regs.trcconfigr, d->regs.trctraceidr,
		d->regs.trcidr0, d->regs.trcidr1, d->regs.trcidr2,
		d->regs.trcidr8, REF_TRCAUTHSTATUS, d->regs.trcdevarch,
	};
	uint32_t type[2] = { AUXTRACE_CS_ETM, 0 };

	put_header(o, REC_AUXTRACE_INFO, 0,
		   sizeof(struct perf_event_header) + sizeof(type) +
		   sizeof(priv));
	put(o, type, sizeof(type));
	put(o, priv, sizeof(priv));
}

static void put_comm(struct out *o, const struct perf_data_ete *d)
{
	uint32_t ids[2] = { d->pid, d->pid };
	char comm[16] = "";

	strncpy(comm, d->comm, sizeof(comm) - 1);
	put_header(o, PERF_RECORD_COMM, 0, sizeof(struct perf_event_header) +
		   sizeof(ids) + sizeof(comm) + sizeof(struct sample_id));
	put(o, ids, sizeof(ids));
	put(o, comm, sizeof(comm));
	put_id(o, d);
}

static void put_mmap(struct out *o, const struct perf_data_ete *d)
{
	uint32_t ids[2] = { d->pid, d->pid };
	uint64_t where[3] = { d->code_base, d->code_len, 0 };
	size_t name = strlen(d->code_path) + 1;
	size_t padded = (name + 7) & ~(size_t)7;

	put_header(o, PERF_RECORD_MMAP, PERF_RECORD_MISC_USER,
		   sizeof(struct perf_event_header) + sizeof(ids) +
		   sizeof(where) + padded + sizeof(struct sample_id));
	put(o, ids, sizeof(ids));
	put(o, where, sizeof(where));
	put(o, d->code_path, name);
	put_zeros(o, padded - name);
	put_id(o, d);
}

static void put_aux(struct out *o, const struct perf_data_ete *d,
		    uint64_t offset, uint64_t size, uint64_t flags)
{
	uint64_t aux[3] = { offset, size,
			    PERF_AUX_FLAG_CORESIGHT_FORMAT_RAW | flags };

	if (d->snapshot_len) {
		aux[0] = offset + size;
		aux[2] |= PERF_AUX_FLAG_OVERWRITE;
	}

	put_header(o, PERF_RECORD_AUX, 0, sizeof(struct perf_event_header) +
		   sizeof(aux) + sizeof(struct sample_id));
	put(o, aux, sizeof(aux));
	put_id(o, d);
}

/* Returns the file offset of the AUXTRACE event (for the index). */
static uint64_t put_auxtrace(struct out *o, const struct perf_data_ete *d,
			     uint64_t offset, const uint8_t *p, size_t n)
{
	size_t padded = (n + 7) & ~(size_t)7;
	uint64_t at = o->pos;
	struct {
		uint64_t size, offset, reference;
		uint32_t idx, tid, cpu, res;
	} ev = { .size = padded, .offset = offset, .tid = d->pid };

	put_header(o, REC_AUXTRACE, 0,
		   sizeof(struct perf_event_header) + sizeof(ev));
	put(o, &ev, sizeof(ev));
	put(o, p, n);
	put_zeros(o, padded - n);
	return at;
}

static void put_string(struct out *o, const char *s)
{
	uint32_t len = (uint32_t)((strlen(s) + 1 + 63) & ~63ul);

	put(o, &len, sizeof(len));
	put(o, s, strlen(s));
	put_zeros(o, len - strlen(s));
}

int perf_data_write_ete(const char *path, const struct perf_data_ete *d)
{
	struct file_header h;
	struct file_attr a;
	struct file_section feat[3];
	uint64_t *index = NULL, nbuf, i, off;
	uint32_t ncpus[2] = { 1, 1 };
	uint64_t event_id = EVENT_ID;
	struct out o = { 0 };

	if (!d->aux_len || d->aux_len % 8 || !d->trace_len ||
	    d->snapshot_len > d->trace_len ||
	    (d->naux && (d->snapshot_len || !d->aux_sizes || !d->aux_flags))) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0, off = 0; i < d->naux; i++)
		off += d->aux_sizes[i];
	if (d->naux && off != d->trace_len) {
		errno = EINVAL;
		return -1;
	}
	nbuf = d->naux ? d->naux : (d->trace_len + d->aux_len - 1) / d->aux_len;
	index = calloc(nbuf, sizeof(*index));
	o.f = fopen(path, "wb");
	if (!index || !o.f) {
		free(index);
		if (o.f)
			fclose(o.f);
		return -1;
	}

	memset(&h, 0, sizeof(h));
	put(&o, &h, sizeof(h));		/* written again at the end */

	memset(&a, 0, sizeof(a));
	a.attr.type = d->pmu_type;
	a.attr.size = sizeof(a.attr);
	a.attr.sample_type = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP |
		PERF_SAMPLE_TID | PERF_SAMPLE_CPU;
	a.attr.sample_period = 1;
	a.attr.exclude_kernel = 1;
	a.attr.exclude_hv = 1;
	a.attr.sample_id_all = 1;
	a.attr.comm = 1;
	a.attr.mmap = 1;
	a.attr.disabled = 1;
	a.attr.enable_on_exec = 1;
	/* the event's ID (perf's cs-etm.c numbers its own events from it) */
	a.ids.offset = o.pos;
	a.ids.size = sizeof(event_id);
	put(&o, &event_id, sizeof(event_id));
	h.attrs.offset = o.pos;
	h.attrs.size = sizeof(a);
	put(&o, &a, sizeof(a));

	h.data.offset = o.pos;
	put_auxtrace_info(&o, d);
	put_comm(&o, d);
	put_mmap(&o, d);
	for (i = 0, off = 0; i < nbuf; i++) {
		size_t n = d->trace_len - off < d->aux_len ?
			d->trace_len - off : d->aux_len;

		if (d->naux)
			n = d->aux_sizes[i];
		put_aux(&o, d, off, n, d->naux ? d->aux_flags[i] : 0);
		if (!d->snapshot_len)
			index[i] = put_auxtrace(&o, d, off, d->trace + off, n);
		off += n;
	}
	if (d->snapshot_len) {
		off = d->trace_len - d->snapshot_len;

		index[0] = put_auxtrace(&o, d, off, d->trace + off,
					d->snapshot_len);
		nbuf = 1;
	}
	h.data.size = o.pos - h.data.offset;

	/* features: the section table, then each feature's bytes */
	memset(feat, 0, sizeof(feat));
	put(&o, feat, sizeof(feat));
	feat[0].offset = o.pos;
	put_string(&o, "aarch64");
	feat[0].size = o.pos - feat[0].offset;
	feat[1].offset = o.pos;
	put(&o, ncpus, sizeof(ncpus));
	feat[1].size = o.pos - feat[1].offset;
	feat[2].offset = o.pos;
	put(&o, &nbuf, sizeof(nbuf));
	for (i = 0; i < nbuf; i++) {
		uint64_t ent[2] = {
			index[i],
			sizeof(struct perf_event_header) + 40,
		};

		put(&o, ent, sizeof(ent));
	}
	feat[2].size = o.pos - feat[2].offset;

	memcpy(&h.magic, "PERFILE2", 8);
	h.size = sizeof(h);
	h.attr_size = sizeof(a);
	h.features[0] = 1ull << FEAT_ARCH | 1ull << FEAT_NRCPUS |
		1ull << FEAT_AUXTRACE;
	if (!o.err && (fseek(o.f, 0, SEEK_SET) ||
		       fwrite(&h, sizeof(h), 1, o.f) != 1 ||
		       fseek(o.f, (long)(h.data.offset + h.data.size),
			     SEEK_SET) ||
		       fwrite(feat, sizeof(feat), 1, o.f) != 1))
		o.err = errno ? errno : EIO;
	free(index);
	if (fclose(o.f) && !o.err)
		o.err = errno ? errno : EIO;
	if (o.err) {
		errno = o.err;
		return -1;
	}
	return 0;
}
