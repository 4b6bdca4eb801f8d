/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libete memory image: the program the trace was taken of, and a block
 * cache over it.
 *
 * The image is a set of regions (caller-owned buffers, or files read at
 * set-up) and/or a read callback for addresses no region covers.  Regions
 * are looked up by address; they must not overlap.
 *
 * The block cache makes following a range cost O(1) per branch: for a
 * start address (and instruction set) it keeps the result of walking the
 * image to the next waypoint - the address after it, how many instructions
 * were walked, and the waypoint's classification (see ete/a64.h).  A walk
 * that runs off the image ends "not accessible" at the first address that
 * cannot be read.  The cache is a fixed-size direct-mapped table allocated
 * once by ete_img_init(): memory does not depend on trace or image size.
 */
#ifndef _ETE_IMG_H
#define _ETE_IMG_H

#include <stddef.h>
#include <stdint.h>
#include <ete/a64.h>

#ifdef __cplusplus
extern "C" {
#endif

enum ete_img_status {
	ETE_IMG_OK = 0,
	ETE_IMG_ERR_NOMEM = -1,
	ETE_IMG_ERR_OVERLAP = -2,
	ETE_IMG_ERR_IO = -3,
	ETE_IMG_ERR_INVAL = -4,
	ETE_IMG_ERR_NOSUPPORT = -5,
};

/**
 * typedef ete_img_read_fn - read callback for addresses no region covers
 * @ctx: the caller's pointer given to ete_img_set_callback()
 * @addr: first address to read
 * @buf: where to copy the bytes
 * @len: room at @buf
 *
 * Return: how many bytes could be read (0: @addr is not accessible).
 */
typedef size_t (*ete_img_read_fn)(void *ctx, uint64_t addr, void *buf,
				  size_t len);

struct ete_img_region {
	uint64_t start;
	uint64_t end;			/* exclusive */
	const uint8_t *data;
	uint8_t *owned;			/* freed by ete_img_free() */
	struct img_wp *wp;		/* A64 waypoint map (img_wp.c) */
	uint8_t wp_state;		/* none yet, ready, no memory */
};

/* How a block walk ended. */
enum ete_blk_stop {
	ETE_BLK_WAYPOINT = 0,	/* last instruction is a waypoint */
	ETE_BLK_NACC,		/* could not read the instruction at @end */
};

/**
 * struct ete_blk - a cached walk from @start to the next waypoint
 * @start: first instruction
 * @end: address after the waypoint, or the inaccessible address (NACC)
 * @last: classification of the last instruction walked (the waypoint)
 * @last_addr: address of that instruction
 * @ninsn: instructions walked, waypoint included
 * @stop: &enum ete_blk_stop
 * @key: instruction set and decode flags the walk was made with (private)
 */
struct ete_blk {
	uint64_t start;
	uint64_t end;
	uint64_t last_addr;
	struct ete_insn last;
	uint32_t ninsn;
	uint8_t stop;
	uint8_t key;
};

/**
 * struct ete_img - memory image (caller-owned; fields private)
 */
struct ete_img {
	/* private: */
	struct ete_img_region *reg;	/* sorted by start */
	size_t nreg;
	size_t last;			/* region of the last lookup */
	ete_img_read_fn read;
	void *read_ctx;
	struct ete_blk *cache;
	struct ete_blk map_blk;		/* a block read off a waypoint map */
	struct img_wp *hot;		/* map of the region of the last walk */
	uint32_t wp_last;		/* its waypoint that ended the last block */
	uint64_t wp_fall;		/* the address after that waypoint */
	uint64_t wp_taken;		/* its branch target (else wp_fall) */
	uint32_t cache_mask;
	uint64_t hits;
	uint64_t misses;
};

/* Blocks in the cache (a power of two). */
#define ETE_IMG_CACHE_BLOCKS	8192

/**
 * ete_img_init() - empty image with a block cache
 * @img: image to set up; release it with ete_img_free()
 *
 * Return: %ETE_IMG_OK or %ETE_IMG_ERR_NOMEM.
 */
int ete_img_init(struct ete_img *img);

/**
 * ete_img_free() - free regions read from files and the cache
 * @img: image; set it up again with ete_img_init() before further use
 */
void ete_img_free(struct ete_img *img);

/**
 * ete_img_add_buffer() - map @len bytes at @data to address @addr
 * @img: image
 * @addr: address of @data[0]
 * @data: the bytes; they stay owned by the caller and must outlive @img
 * @len: bytes at @data
 *
 * Return: %ETE_IMG_OK, or a negative &enum ete_img_status:
 * %ETE_IMG_ERR_OVERLAP when the range overlaps a region already mapped.
 */
int ete_img_add_buffer(struct ete_img *img, uint64_t addr, const void *data,
		       size_t len);

/**
 * ete_img_add_file() - map @len bytes of file @path from @offset at @addr
 * @img: image
 * @addr: address the byte at @offset gets
 * @path: file to read
 * @offset: first byte of the file to map
 * @len: bytes to map; 0 (or more than the file holds) for "to the end of
 *	the file"
 *
 * The bytes are read into memory owned by the image.
 *
 * Return: %ETE_IMG_OK or a negative &enum ete_img_status (%ETE_IMG_ERR_IO
 * when @path cannot be read or @offset is past its end).
 */
int ete_img_add_file(struct ete_img *img, uint64_t addr, const char *path,
		     uint64_t offset, uint64_t len);

/**
 * ete_img_add_elf() - map the PT_LOAD segments of an ELF file
 * @img: image
 * @path: the ELF file
 * @bias: added to every segment's virtual address
 *
 * Needs libete built with libelf (HAVE_LIBELF).
 *
 * Return: %ETE_IMG_OK or a negative &enum ete_img_status;
 * %ETE_IMG_ERR_NOSUPPORT without libelf.
 */
int ete_img_add_elf(struct ete_img *img, const char *path, uint64_t bias);

/**
 * ete_img_set_callback() - read addresses no region covers through @fn
 * @img: image
 * @fn: the read callback (&ete_img_read_fn); NULL for none
 * @ctx: passed to @fn
 *
 * Blocks walked through the callback are cached like any others; call
 * ete_img_invalidate() if what it returns changes.
 */
void ete_img_set_callback(struct ete_img *img, ete_img_read_fn fn, void *ctx);

/**
 * ete_img_invalidate() - drop all cached blocks
 * @img: image
 */
void ete_img_invalidate(struct ete_img *img);

/**
 * ete_img_read() - read up to @len bytes at @addr (from one region)
 * @img: image
 * @addr: first address to read
 * @buf: filled with the bytes
 * @len: room at @buf
 *
 * A read stops at the end of the region holding @addr; without a region,
 * it goes to the callback.
 *
 * Return: the number of bytes read, 0 if @addr is not accessible.
 */
size_t ete_img_read(struct ete_img *img, uint64_t addr, void *buf,
		    size_t len);

/**
 * ete_img_insn() - read and classify the instruction at @addr
 * @img: image
 * @addr: address of the instruction
 * @isa: &enum ete_isa
 * @flags: ETE_INSN_F_* options
 * @out: filled with the classification
 *
 * Return: 0, or -1 if the instruction cannot be read.
 */
int ete_img_insn(struct ete_img *img, uint64_t addr, unsigned int isa,
		 unsigned int flags, struct ete_insn *out);

/**
 * ete_img_block() - the block starting at @addr (from a region's waypoint
 *	map, the cache, or walked)
 * @img: image
 * @addr: first instruction of the block
 * @isa: &enum ete_isa of the walk
 * @flags: ETE_INSN_F_* options (which instructions are waypoints)
 *
 * Return: the block, valid until the next call on @img.  A block whose
 * first instruction cannot be read has &struct ete_blk.stop
 * %ETE_BLK_NACC and no instructions.
 */
const struct ete_blk *ete_img_block(struct ete_img *img, uint64_t addr,
				    unsigned int isa, unsigned int flags);

#ifdef __cplusplus
}
#endif

#endif /* _ETE_IMG_H */
