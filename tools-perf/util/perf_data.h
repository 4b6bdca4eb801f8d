/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A perf.data writer for ETE trace: what `perf record -e ete//u` writes
 * for one thread traced on one CPU, with the trace given by the caller.
 * For benchmarks and decoder tests of perf that need no guest.
 */
#ifndef _ETE_UTIL_PERF_DATA_H
#define _ETE_UTIL_PERF_DATA_H

#include <stddef.h>
#include <stdint.h>
#include <ete/pkt.h>

/**
 * struct perf_data_ete - what goes into the file
 * @regs: the trace unit's registers (the AUXTRACE_INFO metadata)
 * @pmu_type: perf_event_attr.type of the ETE event
 * @pid: the traced process (its only thread has the same ID)
 * @comm: its name
 * @code_path: the file mapped at @code_base (an MMAP record), whose bytes
 *	perf reads as the program's code
 * @code_base: where it is mapped
 * @code_len: how many bytes
 * @trace: the trace bytes
 * @trace_len: how many
 * @aux_len: size of each AUXTRACE buffer (a multiple of 8); each gets an
 *	AUX record with PERF_AUX_FLAG_CORESIGHT_FORMAT_RAW
 * @snapshot_len: 0, or the file is what perf record -S writes: the AUX
 *	records of @aux_len bytes each flagged PERF_AUX_FLAG_OVERWRITE too,
 *	their aux_offset where they end, and one snapshot taken at the end
 *	of the trace, an AUXTRACE event of its last @snapshot_len bytes
 *	(padded to 8 bytes, as perf pads it)
 * @aux_sizes: with @naux, the AUX records' sizes in place of @aux_len
 *	chunks (a TRBE window each: each must start at a synchronisation
 *	point); they add up to @trace_len
 * @aux_flags: with @naux, PERF_AUX_FLAG_* each record has besides
 *	CORESIGHT_FORMAT_RAW (TRUNCATED, COLLISION: trace lost after it)
 * @naux: 0, or how many records @aux_sizes gives (not with @snapshot_len)
 */
struct perf_data_ete {
	struct ete_pkt_config regs;
	uint32_t pmu_type;
	uint32_t pid;
	const char *comm;
	const char *code_path;
	uint64_t code_base;
	uint64_t code_len;
	const uint8_t *trace;
	size_t trace_len;
	size_t aux_len;
	size_t snapshot_len;
	const size_t *aux_sizes;
	const uint64_t *aux_flags;
	size_t naux;
};

/**
 * perf_data_write_ete() - write @d as a perf.data file at @path
 * Return: 0, or -1 with errno set.
 */
int perf_data_write_ete(const char *path, const struct perf_data_ete *d);

#endif
