/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libete CoreSight frame deformatter: 16-byte formatted frames (as written
 * by a TMC/ETB/ETR in formatter mode) -> per-trace-ID byte runs.
 *
 * Each frame carries up to 15 data bytes and trace-ID changes; the
 * deformatter turns one frame into a few runs of consecutive bytes for one
 * ID, each with the trace index OpenCSD assigns to it (the frame offset for
 * the first run, the offset of the ID byte for a run that an ID change
 * starts; bytes of a run are numbered consecutively from there).  Feed the
 * runs to one packet decoder per trace ID.
 */
#ifndef _ETE_DFMT_H
#define _ETE_DFMT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ETE_DFMT_FRAME_SIZE	16
#define ETE_DFMT_MAX_RUNS	8	/* ID changes in one frame + 1 */
#define ETE_DFMT_ID_NONE	0xff	/* no ID seen yet */

/**
 * struct ete_dfmt_run - bytes of one trace ID from one frame
 * @index: trace index of data[0]; data[i] has index + i
 * @id: trace ID (%ETE_DFMT_ID_NONE before the first ID in the stream)
 * @len: number of bytes in @data
 * @data: the bytes
 */
struct ete_dfmt_run {
	uint64_t index;
	uint8_t id;
	uint8_t len;
	uint8_t data[ETE_DFMT_FRAME_SIZE - 1];
};

/**
 * struct ete_dfmt - deformatter state (caller-owned)
 * @cur_id: trace ID of the bytes that follow (an ID change lasts across
 *	frames), %ETE_DFMT_ID_NONE before the first
 * @part_len: bytes of an incomplete frame held in @part
 * @part: the incomplete frame, completed by the next call
 * @part_index: trace index of @part[0]
 * @frames: frames unpacked
 * @pad_frames: frames skipped as FSYNC padding
 *
 * Only @frames and @pad_frames are for the caller to read; set up the rest
 * with ete_dfmt_init().
 */
struct ete_dfmt {
	uint8_t cur_id;
	uint8_t part_len;
	uint8_t part[ETE_DFMT_FRAME_SIZE];
	uint64_t part_index;
	uint64_t frames;
	uint64_t pad_frames;
};

/**
 * ete_dfmt_init() - reset a deformatter to the start of a buffer
 * @f: deformatter
 */
void ete_dfmt_init(struct ete_dfmt *f);

/**
 * ete_dfmt_decode() - consume bytes up to the end of the next frame
 * @f: deformatter
 * @buf: formatted bytes
 * @len: bytes at @buf
 * @index: trace index of @buf[0]
 * @used: set to the bytes consumed
 * @runs: filled with the runs of a completed frame
 *
 * Frames are 16-byte aligned from the first byte fed after
 * ete_dfmt_init().  A frame split across calls is completed by later calls.
 *
 * Return: the number of runs in @runs (0 if no frame was completed or the
 * frame held no data).
 */
int ete_dfmt_decode(struct ete_dfmt *f, const uint8_t *buf, size_t len,
		    uint64_t index, size_t *used,
		    struct ete_dfmt_run runs[ETE_DFMT_MAX_RUNS]);

/**
 * ete_dfmt_pending() - bytes of an incomplete frame held at end of data
 * @f: deformatter
 *
 * Return: 0 when the data ended on a frame boundary.
 */
unsigned int ete_dfmt_pending(const struct ete_dfmt *f);

#ifdef __cplusplus
}
#endif

#endif /* _ETE_DFMT_H */
