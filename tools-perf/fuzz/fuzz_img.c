// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the memory image layer: regions, the block cache,
 * the A64 waypoint map with its links, read callbacks and ELF loading.
 * Every block ete_img_block() gives must be the one a plain walk gives,
 * one instruction at a time through ete_img_insn(), whichever way it was
 * found (walked, cached, read off the map, followed through a link).
 *
 * Input:
 *   byte 0   bits 1:0 instruction set (A32, T32, A64; 3 is A64 again),
 *            bit 2 a second region right after the first (walks cross
 *            into it), bit 3 a read callback serving the code again
 *            above the regions, bits 5:4 the decode flags (WFx, DSB/DMB
 *            as waypoints), bit 6 invalidate between the passes, bit 7
 *            load the rest as an ELF file instead
 *   byte 1   where the walks start (4 times it, into the code)
 *   2-9      which branches the walks take (a bit each)
 *   the rest the code (or the ELF file)
 *
 * Each of two passes follows up to 64 blocks from the start, each to its
 * successor (the target or the next instruction), so that the second pass
 * meets what the first left in the cache and the map.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <ete/img.h>

#define BASE		0x10000ull
#define CB_BASE		0x40000000ull	/* what the callback serves */
#define MAX_BLOCKS	64
#define MAX_WALK	(1u << 20)	/* instructions: no image is larger */

struct cb {
	const uint8_t *code;
	size_t len;
};

static size_t cb_read(void *ctx, uint64_t addr, void *buf, size_t len)
{
	const struct cb *c = ctx;
	uint64_t off = addr - CB_BASE;

	if (addr < CB_BASE || off >= c->len)
		return 0;
	if (len > c->len - off)
		len = c->len - off;
	memcpy(buf, c->code + off, len);
	return len;
}

/* The block from @addr, one instruction at a time. */
static void ref_block(struct ete_img *img, uint64_t addr, unsigned int isa,
		      unsigned int flags, struct ete_blk *b)
{
	uint64_t a = addr;

	memset(b, 0, sizeof(*b));
	b->start = addr;
	b->last_addr = addr;
	b->stop = ETE_BLK_NACC;
	while (b->ninsn < MAX_WALK) {
		struct ete_insn in;

		if (ete_img_insn(img, a, isa, flags, &in))
			break;
		b->last_addr = a;
		b->last = in;
		a += in.size;
		b->ninsn++;
		if (in.cls != ETE_INSN_OTHER) {
			b->stop = ETE_BLK_WAYPOINT;
			break;
		}
	}
	b->end = a;
}

static int same_insn(const struct ete_insn *x, const struct ete_insn *y)
{
	return x->target == y->target && x->cls == y->cls &&
		x->sub == y->sub && x->cond == y->cond &&
		x->link == y->link && x->size == y->size &&
		x->next_isa == y->next_isa;
}

static void check(const struct ete_blk *got, const struct ete_blk *want)
{
	if (got->start != want->start || got->end != want->end ||
	    got->ninsn != want->ninsn || got->stop != want->stop ||
	    got->last_addr != want->last_addr ||
	    (want->stop == ETE_BLK_WAYPOINT &&
	     !same_insn(&got->last, &want->last))) {
		fprintf(stderr, "block at %#llx: got end %#llx n %u stop %u "
			"last %#llx cls %u, want end %#llx n %u stop %u last "
			"%#llx cls %u\n", (unsigned long long)want->start,
			(unsigned long long)got->end, got->ninsn, got->stop,
			(unsigned long long)got->last_addr, got->last.cls,
			(unsigned long long)want->end, want->ninsn, want->stop,
			(unsigned long long)want->last_addr, want->last.cls);
		abort();
	}
}

static void walks(struct ete_img *img, uint64_t start, unsigned int isa,
		  unsigned int flags, uint64_t take, int invalidate)
{
	for (int pass = 0; pass < 2; pass++) {
		uint64_t addr = start;
		unsigned int is = isa;

		for (unsigned int k = 0; k < MAX_BLOCKS; k++) {
			const struct ete_blk *b = ete_img_block(img, addr, is,
								flags);
			struct ete_blk want;

			ref_block(img, addr, is, flags, &want);
			check(b, &want);
			if (b->stop != ETE_BLK_WAYPOINT)
				break;
			addr = b->end;
			if (take >> (k % 64) & 1) {
				if (b->last.cls == ETE_INSN_BR)
					addr = b->last.target;
				else if (b->last.cls == ETE_INSN_BR_INDIRECT)
					addr = start + 4 * k;
				is = b->last.next_isa;
			}
		}
		if (invalidate)
			ete_img_invalidate(img);
	}
}

/* Map @data (an ELF file, maybe not) through a memfd; 0 if it loaded. */
static int add_elf(struct ete_img *img, const uint8_t *data, size_t size)
{
	char path[64];
	int fd = memfd_create("fuzz_img", 0), ret = -1;

	if (fd < 0)
		return -1;
	if (write(fd, data, size) == (ssize_t)size) {
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		ret = ete_img_add_elf(img, path, 0);
	}
	close(fd);
	return ret;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const unsigned int isas[] = {
		ETE_ISA_A32, ETE_ISA_T32, ETE_ISA_A64, ETE_ISA_A64
	};
	struct ete_img img;
	struct cb cb;
	unsigned int isa, flags;
	uint64_t take = 0, start;
	uint8_t sel;

	if (size < 10)
		return 0;
	sel = data[0];
	isa = isas[sel & 3];
	flags = (sel >> 4) & 3;
	start = BASE + 4 * (uint64_t)data[1];
	for (int i = 0; i < 8; i++)
		take |= (uint64_t)data[2 + i] << (8 * i);
	data += 10;
	size -= 10;
	if (ete_img_init(&img))
		return 0;
	if (sel & 0x80) {
		if (!add_elf(&img, data, size) && img.nreg)
			walks(&img, img.reg[0].start, isa, flags, take,
			      sel & 0x40);
		ete_img_free(&img);
		return 0;
	}
	ete_img_add_buffer(&img, BASE, data, size);
	if (sel & 4)
		ete_img_add_buffer(&img, BASE + size, data, size);
	if (sel & 8) {
		cb.code = data;
		cb.len = size;
		ete_img_set_callback(&img, cb_read, &cb);
		walks(&img, CB_BASE + (start - BASE), isa, flags, take, 0);
	}
	walks(&img, start, isa, flags, take, sel & 0x40);
	ete_img_free(&img);
	return 0;
}
