// SPDX-License-Identifier: GPL-2.0
/*
 * CoreSight snapshot reader.  Buffers are kept in the order their
 * [bufferN] sections appear in the trace metadata, which is the order
 * OpenCSD's snapshot reader offers them (its listings use the first).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <armtrace/ete_regs.h>
#include "ini.h"
#include "num.h"
#include "snapshot.h"

static char *dup_or_empty(const char *s)
{
	return strdup(s ? s : "");
}

static char *path_join(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = malloc(n);

	if (p)
		snprintf(p, n, "%s/%s", dir, name);
	return p;
}

/* "TRCIDR0(0x078)" -> matches "TRCIDR0" */
static bool reg_is(const char *key, const char *reg)
{
	size_t n = strlen(reg);

	return !strncasecmp(key, reg, n) && (key[n] == 0 || key[n] == '(');
}

static int load_regs(struct ss_device *d, const struct ini *ini,
		     const char *path, char *err, size_t errlen)
{
	static const struct {
		const char *name;
		size_t off;
	} regs[] = {
		{ "TRCIDR0", offsetof(struct ete_pkt_config, trcidr0) },
		{ "TRCIDR1", offsetof(struct ete_pkt_config, trcidr1) },
		{ "TRCIDR2", offsetof(struct ete_pkt_config, trcidr2) },
		{ "TRCIDR8", offsetof(struct ete_pkt_config, trcidr8) },
		{ "TRCCONFIGR", offsetof(struct ete_pkt_config, trcconfigr) },
		{ "TRCDEVARCH", offsetof(struct ete_pkt_config, trcdevarch) },
		{ "TRCTRACEIDR", offsetof(struct ete_pkt_config, trctraceidr) },
	};

	for (size_t i = 0; i < ini->n; i++) {
		const struct ini_entry *e = &ini->e[i];

		if (strcmp(e->section, "regs"))
			continue;
		for (size_t r = 0; r < sizeof(regs) / sizeof(regs[0]); r++) {
			uint64_t v;

			if (!reg_is(e->key, regs[r].name))
				continue;
			if (parse_u64(e->value, UINT32_MAX, &v)) {
				snprintf(err, errlen, "%s: [regs] %s=%s is not "
					 "a 32-bit value", path, e->key,
					 e->value);
				return -1;
			}
			*(uint32_t *)((char *)&d->ete + regs[r].off) =
				(uint32_t)v;
		}
	}
	return 0;
}

/* Memory dumps: a file and an address each, a length if not all of it. */
static int load_dumps(struct ss_device *d, const struct ini *ini,
		      const char *path, char *err, size_t errlen)
{
	for (size_t s = 0; s < ini->nsections; s++) {
		const char *sec = ini->sections[s], *file, *addr, *len;
		uint64_t a, n = 0;
		struct ss_dump *p;

		if (strncmp(sec, "dump", 4))
			continue;
		file = ini_get(ini, sec, "file");
		addr = ini_get(ini, sec, "address");
		len = ini_get(ini, sec, "length");
		if (!file || !*file || !addr) {
			snprintf(err, errlen, "%s: [%s] needs a file and an "
				 "address", path, sec);
			return -1;
		}
		if (parse_u64(addr, UINT64_MAX, &a) ||
		    (len && parse_u64(len, UINT64_MAX, &n))) {
			snprintf(err, errlen, "%s: [%s] address=%s length=%s: "
				 "not a number", path, sec, addr,
				 len ? len : "(none)");
			return -1;
		}
		p = realloc(d->dumps, (d->ndumps + 1) * sizeof(*p));
		if (!p)
			return -1;
		d->dumps = p;
		p = &d->dumps[d->ndumps++];
		p->file = strdup(file);
		p->address = a;
		p->length = n;
		if (!p->file)
			return -1;
	}
	return 0;
}

static int load_device(struct ss_snapshot *ss, const char *file, char *err,
		       size_t errlen)
{
	char *path = path_join(ss->dir, file);
	struct ss_device *d;
	struct ini ini;
	int ret = -1;

	if (!path)
		return -1;
	if (ini_load(path, &ini, err, errlen)) {
		free(path);
		return -1;
	}
	d = realloc(ss->dev, (ss->ndev + 1) * sizeof(*d));
	if (!d)
		goto out;
	ss->dev = d;
	d = &ss->dev[ss->ndev++];
	memset(d, 0, sizeof(*d));
	d->name = dup_or_empty(ini_get(&ini, "device", "name"));
	d->cls = dup_or_empty(ini_get(&ini, "device", "class"));
	d->type = dup_or_empty(ini_get(&ini, "device", "type"));
	d->is_ete = !strcmp(d->cls, "trace_source") &&
		!strcasecmp(d->type, "ETE");
	ret = d->is_ete ? load_regs(d, &ini, path, err, errlen) : 0;
	if (!ret)
		ret = load_dumps(d, &ini, path, err, errlen);
out:
	ini_free(&ini);
	free(path);
	return ret;
}

static int add_link(struct ss_link **arr, size_t *n, const char *from,
		    const char *to)
{
	struct ss_link *p = realloc(*arr, (*n + 1) * sizeof(*p));

	if (!p)
		return -1;
	*arr = p;
	p[*n].from = strdup(from);
	p[*n].to = strdup(to);
	(*n)++;
	return 0;
}

static int load_trace(struct ss_snapshot *ss, const char *file, char *err,
		      size_t errlen)
{
	char *path = path_join(ss->dir, file);
	struct ini ini;
	int ret = 0;

	if (!path)
		return -1;
	if (ini_load(path, &ini, err, errlen)) {
		free(path);
		return -1;
	}
	for (size_t s = 0; s < ini.nsections && !ret; s++) {
		const char *sec = ini.sections[s];
		struct ss_buffer *b;

		if (strncmp(sec, "buffer", 6))
			continue;
		if (!ini_get(&ini, sec, "file") ||
		    !*ini_get(&ini, sec, "file")) {
			snprintf(err, errlen, "%s: [%s] names no file", path,
				 sec);
			ret = -1;
			break;
		}
		b = realloc(ss->buf, (ss->nbuf + 1) * sizeof(*b));
		if (!b) {
			ret = -1;
			break;
		}
		ss->buf = b;
		b = &ss->buf[ss->nbuf++];
		b->name = dup_or_empty(ini_get(&ini, sec, "name"));
		b->file = dup_or_empty(ini_get(&ini, sec, "file"));
		b->format = dup_or_empty(ini_get(&ini, sec, "format"));
	}
	for (size_t i = 0; i < ini.n && !ret; i++) {
		if (!strcmp(ini.e[i].section, "source_buffers"))
			ret = add_link(&ss->src_buf, &ss->nsrc_buf,
				       ini.e[i].key, ini.e[i].value);
		else if (!strcmp(ini.e[i].section, "core_trace_sources"))
			ret = add_link(&ss->core_src, &ss->ncore_src,
				       ini.e[i].key, ini.e[i].value);
	}
	ini_free(&ini);
	free(path);
	return ret;
}

int ss_load(const char *dir, struct ss_snapshot *ss, char *err, size_t errlen)
{
	char *path;
	struct ini ini;
	const char *meta;
	int ret = 0;

	memset(ss, 0, sizeof(*ss));
	ss->dir = strdup(dir);
	path = path_join(dir, "snapshot.ini");
	if (!ss->dir || !path || ini_load(path, &ini, err, errlen)) {
		if (!ss->dir || !path)
			snprintf(err, errlen, "out of memory");
		free(path);
		free(ss->dir);
		ss->dir = NULL;
		return -1;
	}
	free(path);
	for (size_t i = 0; i < ini.n && !ret; i++)
		if (!strcmp(ini.e[i].section, "device_list"))
			ret = load_device(ss, ini.e[i].value, err, errlen);
	meta = ini_get(&ini, "trace", "metadata");
	if (!ret && !meta) {
		snprintf(err, errlen, "%s/snapshot.ini names no trace metadata",
			 dir);
		ret = -1;
	}
	if (!ret)
		ret = load_trace(ss, meta, err, errlen);
	ini_free(&ini);
	if (!ret && !ss->nbuf) {
		snprintf(err, errlen, "%s: no trace buffers", dir);
		ret = -1;
	}
	if (ret)
		ss_free(ss);
	return ret;
}

void ss_free(struct ss_snapshot *ss)
{
	for (size_t i = 0; i < ss->ndev; i++) {
		for (size_t k = 0; k < ss->dev[i].ndumps; k++)
			free(ss->dev[i].dumps[k].file);
		free(ss->dev[i].dumps);
		free(ss->dev[i].name);
		free(ss->dev[i].cls);
		free(ss->dev[i].type);
	}
	for (size_t i = 0; i < ss->nbuf; i++) {
		free(ss->buf[i].name);
		free(ss->buf[i].file);
		free(ss->buf[i].format);
	}
	for (size_t i = 0; i < ss->nsrc_buf; i++) {
		free(ss->src_buf[i].from);
		free(ss->src_buf[i].to);
	}
	for (size_t i = 0; i < ss->ncore_src; i++) {
		free(ss->core_src[i].from);
		free(ss->core_src[i].to);
	}
	free(ss->dev);
	free(ss->buf);
	free(ss->src_buf);
	free(ss->core_src);
	free(ss->dir);
	memset(ss, 0, sizeof(*ss));
}

const struct ss_device *ss_device(const struct ss_snapshot *ss,
				  const char *name)
{
	for (size_t i = 0; i < ss->ndev; i++)
		if (!strcmp(ss->dev[i].name, name))
			return &ss->dev[i];
	return NULL;
}

size_t ss_buffer_sources(const struct ss_snapshot *ss,
			 const struct ss_buffer *b,
			 const struct ss_device **out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < ss->nsrc_buf; i++) {
		const struct ss_device *d;

		if (strcmp(ss->src_buf[i].to, b->name))
			continue;
		d = ss_device(ss, ss->src_buf[i].from);
		if (d && d->is_ete && n < max)
			out[n++] = d;
	}
	return n;
}

bool ss_buffer_is_formatted(const struct ss_buffer *b)
{
	return !strcmp(b->format, "coresight");
}

int ss_read(const char *dir, const char *name, uint8_t **data, size_t *len)
{
	char *path = path_join(dir, name);
	FILE *f;
	long n;

	*data = NULL;
	*len = 0;
	if (!path)
		return -1;
	f = fopen(path, "rb");
	free(path);
	if (!f)
		return -1;
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET)) {
		fclose(f);
		return -1;
	}
	*data = malloc(n ? (size_t)n : 1);
	if (!*data || fread(*data, 1, (size_t)n, f) != (size_t)n) {
		free(*data);
		*data = NULL;
		fclose(f);
		return -1;
	}
	*len = (size_t)n;
	fclose(f);
	return 0;
}
