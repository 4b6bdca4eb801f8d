/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CoreSight snapshot directories (the format OpenCSD's test programs read):
 * snapshot.ini lists device .ini files and the trace metadata file, the
 * trace metadata names the buffers and which source feeds which buffer.
 */
#ifndef _PERF_ETE_SNAPSHOT_H
#define _PERF_ETE_SNAPSHOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ete/pkt.h>

struct ss_dump {
	char *file;
	uint64_t address;
	uint64_t length;
};

struct ss_device {
	char *name;
	char *cls;		/* "core", "trace_source", ... */
	char *type;		/* "ETE", "ARM-AA64", ... */
	bool is_ete;
	struct ete_pkt_config ete;	/* registers, for ETE sources */
	struct ss_dump *dumps;
	size_t ndumps;
};

struct ss_buffer {
	char *name;
	char *file;
	char *format;		/* "source_data" or "coresight" */
};

struct ss_link {
	char *from;
	char *to;
};

struct ss_snapshot {
	char *dir;
	struct ss_device *dev;
	size_t ndev;
	struct ss_buffer *buf;	/* in the order of their sections */
	size_t nbuf;
	struct ss_link *src_buf;	/* source -> buffer name */
	size_t nsrc_buf;
	struct ss_link *core_src;	/* core -> source */
	size_t ncore_src;
};

int ss_load(const char *dir, struct ss_snapshot *ss, char *err, size_t errlen);
void ss_free(struct ss_snapshot *ss);
const struct ss_device *ss_device(const struct ss_snapshot *ss,
				  const char *name);
/* ETE sources feeding buffer @b, in source_buffers order; returns count. */
size_t ss_buffer_sources(const struct ss_snapshot *ss,
			 const struct ss_buffer *b,
			 const struct ss_device **out, size_t max);
bool ss_buffer_is_formatted(const struct ss_buffer *b);
/* Read "dir/name" whole into a malloc'd buffer. */
int ss_read(const char *dir, const char *name, uint8_t **data, size_t *len);

#endif
