// SPDX-License-Identifier: GPL-2.0
/*
 * Memory image regions and lookups.  Regions are kept sorted by start
 * address; a lookup first tries the region of the previous lookup (trace
 * mostly stays in one binary), then bisects.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ete/img.h>
#include "img_internal.h"

int ete_img_init(struct ete_img *img)
{
	memset(img, 0, sizeof(*img));
	img->cache = calloc(ETE_IMG_CACHE_BLOCKS, sizeof(*img->cache));
	if (!img->cache)
		return ETE_IMG_ERR_NOMEM;
	img->cache_mask = ETE_IMG_CACHE_BLOCKS - 1;
	ete_img_invalidate(img);
	return ETE_IMG_OK;
}

void ete_img_free(struct ete_img *img)
{
	for (size_t i = 0; i < img->nreg; i++) {
		free(img->reg[i].owned);
		img_wp_free(&img->reg[i]);
	}
	free(img->reg);
	free(img->cache);
	memset(img, 0, sizeof(*img));
}

void ete_img_invalidate(struct ete_img *img)
{
	for (size_t i = 0; i < img->nreg; i++)
		img_wp_forget(&img->reg[i]);
	img->wp_last = 0;	/* its links went with the maps */
	if (!img->cache)
		return;
	for (uint32_t i = 0; i <= img->cache_mask; i++)
		img->cache[i].key = IMG_KEY_INVALID;
}

void ete_img_set_callback(struct ete_img *img, ete_img_read_fn fn, void *ctx)
{
	img->read = fn;
	img->read_ctx = ctx;
	ete_img_invalidate(img);
}

int img_add_region(struct ete_img *img, uint64_t addr, const uint8_t *data,
		   size_t len, uint8_t *owned)
{
	struct ete_img_region *r;
	size_t i;

	if (!len || addr + len < addr)
		return ETE_IMG_ERR_INVAL;
	for (i = 0; i < img->nreg; i++) {
		if (addr < img->reg[i].end && img->reg[i].start < addr + len)
			return ETE_IMG_ERR_OVERLAP;
		if (img->reg[i].start > addr)
			break;
	}
	r = realloc(img->reg, (img->nreg + 1) * sizeof(*r));
	if (!r)
		return ETE_IMG_ERR_NOMEM;
	img->reg = r;
	memmove(&r[i + 1], &r[i], (img->nreg - i) * sizeof(*r));
	r[i].start = addr;
	r[i].end = addr + len;
	r[i].data = data;
	r[i].owned = owned;
	r[i].wp = NULL;
	r[i].wp_state = IMG_WP_NONE;
	img->nreg++;
	img->last = 0;
	ete_img_invalidate(img);
	return ETE_IMG_OK;
}

int ete_img_add_buffer(struct ete_img *img, uint64_t addr, const void *data,
		       size_t len)
{
	return img_add_region(img, addr, data, len, NULL);
}

int ete_img_add_file(struct ete_img *img, uint64_t addr, const char *path,
		     uint64_t offset, uint64_t len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	long size;
	int ret;

	if (!f)
		return ETE_IMG_ERR_IO;
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 ||
	    offset > (uint64_t)size) {
		fclose(f);
		return ETE_IMG_ERR_IO;
	}
	if (!len || len > (uint64_t)size - offset)
		len = (uint64_t)size - offset;
	if (!len) {
		fclose(f);
		return ETE_IMG_ERR_INVAL;
	}
	buf = malloc(len);
	if (!buf || fseek(f, (long)offset, SEEK_SET) ||
	    fread(buf, 1, len, f) != len) {
		free(buf);
		fclose(f);
		return buf ? ETE_IMG_ERR_IO : ETE_IMG_ERR_NOMEM;
	}
	fclose(f);
	ret = img_add_region(img, addr, buf, len, buf);
	if (ret)
		free(buf);
	return ret;
}

struct ete_img_region *img_region(struct ete_img *img, uint64_t addr)
{
	size_t lo = 0, hi = img->nreg;

	if (img->last < img->nreg && addr >= img->reg[img->last].start &&
	    addr < img->reg[img->last].end)
		return &img->reg[img->last];
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (addr < img->reg[mid].start)
			hi = mid;
		else if (addr >= img->reg[mid].end)
			lo = mid + 1;
		else {
			img->last = mid;
			return &img->reg[mid];
		}
	}
	return NULL;
}

size_t ete_img_read(struct ete_img *img, uint64_t addr, void *buf, size_t len)
{
	const struct ete_img_region *r = img_region(img, addr);

	if (r) {
		uint64_t avail = r->end - addr;

		if (len > avail)
			len = (size_t)avail;
		memcpy(buf, r->data + (addr - r->start), len);
		return len;
	}
	if (img->read)
		return img->read(img->read_ctx, addr, buf, len);
	return 0;
}

int ete_img_insn(struct ete_img *img, uint64_t addr, unsigned int isa,
		 unsigned int flags, struct ete_insn *out)
{
	uint8_t b[4];
	size_t n = ete_img_read(img, addr, b, 4);
	uint32_t w = 0;

	for (size_t i = 0; i < n; i++)
		w |= (uint32_t)b[i] << (8 * i);
	switch (isa) {
	case ETE_ISA_A64:
		if (n < 4)
			return -1;
		ete_a64_classify(w, addr, flags, out);
		return 0;
	case ETE_ISA_A32:
		if (n < 4)
			return -1;
		ete_a32_classify(w, addr, flags, out);
		return 0;
	case ETE_ISA_T32:
		if (n < 2 || (n < 4 && ete_t32_is_wide((uint16_t)w)))
			return -1;
		ete_t32_classify(w, addr, flags, out);
		return 0;
	}
	return -1;
}

#ifndef HAVE_LIBELF
int ete_img_add_elf(struct ete_img *img, const char *path, uint64_t bias)
{
	(void)img;
	(void)path;
	(void)bias;
	return ETE_IMG_ERR_NOSUPPORT;
}
#endif
