// SPDX-License-Identifier: GPL-2.0
/*
 * ELF files as memory images, through libelf (built only with HAVE_LIBELF;
 * img.c has the ETE_IMG_ERR_NOSUPPORT stub otherwise).
 *
 * An ELF executable, shared object or kernel image says where its bytes
 * live in memory in its program headers: each PT_LOAD segment puts
 * p_filesz bytes from file offset p_offset at virtual address p_vaddr
 * (p_memsz - p_filesz more bytes are zero-filled: .bss, never code, and
 * not mapped here).  Sections are not needed and not read, so stripped
 * binaries work.  The file is read once; the image owns a copy of each
 * segment, like ete_img_add_file().
 *
 * Every segment is checked (inside the file, no address wrap, no overlap
 * with the image or with another segment) before the first is mapped, so
 * a bad file maps nothing; only running out of memory half-way leaves
 * the segments mapped so far.
 */
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <ete/img.h>
#include "img_internal.h"

struct seg {
	uint64_t addr;
	uint64_t off;
	uint64_t len;
};

static int overlaps(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
	return a < b + blen && b < a + alen;
}

/* Collect the PT_LOAD segments with file contents into @segs (malloc'd). */
static int load_segments(Elf *elf, size_t fsize, uint64_t bias,
			 struct seg **segs, size_t *nseg)
{
	size_t nph;
	struct seg *s;

	*segs = NULL;
	*nseg = 0;
	if (elf_kind(elf) != ELF_K_ELF || elf_getphdrnum(elf, &nph) || !nph)
		return ETE_IMG_ERR_INVAL;
	s = calloc(nph, sizeof(*s));
	if (!s)
		return ETE_IMG_ERR_NOMEM;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		uint64_t addr;

		if (!gelf_getphdr(elf, (int)i, &ph)) {
			free(s);
			return ETE_IMG_ERR_INVAL;
		}
		if (ph.p_type != PT_LOAD || !ph.p_filesz)
			continue;
		addr = ph.p_vaddr + bias;
		if (ph.p_offset > fsize || ph.p_filesz > fsize - ph.p_offset ||
		    addr + ph.p_filesz < addr) {
			free(s);
			return ETE_IMG_ERR_INVAL;
		}
		s[*nseg].addr = addr;
		s[*nseg].off = ph.p_offset;
		s[*nseg].len = ph.p_filesz;
		(*nseg)++;
	}
	if (!*nseg) {
		free(s);
		return ETE_IMG_ERR_INVAL;
	}
	*segs = s;
	return ETE_IMG_OK;
}

static int check_free(const struct ete_img *img, const struct seg *s,
		      size_t n)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < i; k++)
			if (overlaps(s[i].addr, s[i].len, s[k].addr, s[k].len))
				return ETE_IMG_ERR_OVERLAP;
		for (size_t r = 0; r < img->nreg; r++)
			if (overlaps(s[i].addr, s[i].len, img->reg[r].start,
				     img->reg[r].end - img->reg[r].start))
				return ETE_IMG_ERR_OVERLAP;
	}
	return ETE_IMG_OK;
}

/*
 * Map a copy of @len bytes at @addr and hand it to the image, which frees
 * it in ete_img_free() (the region's owned pointer, as for files).
 */
static int map_copy(struct ete_img *img, uint64_t addr, const char *src,
		    uint64_t len)
{
	uint8_t *buf = malloc(len);
	int ret;

	if (!buf)
		return ETE_IMG_ERR_NOMEM;
	memcpy(buf, src, len);
	ret = img_add_region(img, addr, buf, len, buf);
	if (ret)
		free(buf);
	return ret;
}

int ete_img_add_elf(struct ete_img *img, const char *path, uint64_t bias)
{
	struct seg *segs = NULL;
	size_t nseg = 0, fsize = 0;
	const char *raw;
	Elf *elf;
	int fd, ret;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return ETE_IMG_ERR_NOSUPPORT;
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return ETE_IMG_ERR_IO;
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf) {
		close(fd);
		return ETE_IMG_ERR_IO;
	}
	raw = elf_rawfile(elf, &fsize);
	ret = raw ? load_segments(elf, fsize, bias, &segs, &nseg) :
		ETE_IMG_ERR_IO;
	if (!ret)
		ret = check_free(img, segs, nseg);
	for (size_t i = 0; i < nseg && !ret; i++)
		ret = map_copy(img, segs[i].addr, raw + segs[i].off,
			       segs[i].len);
	free(segs);
	elf_end(elf);
	close(fd);
	return ret;
}
