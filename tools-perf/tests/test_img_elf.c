// SPDX-License-Identifier: GPL-2.0
/*
 * ete_img_add_elf(): ELF files as memory images.
 *
 * Built with libelf: the host compiler's ELF of tests/img_elf_sample.c
 * ($O/img_elf_sample, made by make check) reads back at its symbols'
 * addresses, with and without a bias, .bss is not mapped, bad files and
 * overlaps map nothing.  Then an AArch64 ELF is written here around the
 * memory dumps of a snapshot - the own corpus's enc-exceptions (three
 * mappings of its program), and ete_ip's eight when ../shared has it: it
 * must map the same bytes as the dumps, and perf-ete dump --raw --elf
 * must decode the snapshot's trace to the same elements as the snapshot
 * itself.
 *
 * Built without libelf: ete_img_add_elf() says ETE_IMG_ERR_NOSUPPORT.
 */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ete/img.h>
#include "tap.h"
#include "util/snapshot.h"

#ifndef HAVE_LIBELF
int main(void)
{
	struct ete_img img;

	tap_ok(!ete_img_init(&img) &&
	       ete_img_add_elf(&img, "/bin/sh", 0) == ETE_IMG_ERR_NOSUPPORT,
	       "test_img_elf: built without libelf, ETE_IMG_ERR_NOSUPPORT");
	ete_img_free(&img);
	return tap_exit();
}
#else
#include <gelf.h>
#include <fcntl.h>
#include <unistd.h>

/* ete_ip's summary (tests/run-tests.sh checks the snapshot gives it) */
#define IP_SUMMARY	"# bytes 578 packets 308 errors 0 elements 724 " \
			"instructions 15742"
#define IP_BIAS		0x40000000ull

/* Address of symbol @name in ELF @path (0: not found). */
static uint64_t sym_addr(const char *path, const char *name)
{
	int fd = open(path, O_RDONLY);
	Elf_Scn *scn = NULL;
	uint64_t addr = 0;
	Elf *elf;

	if (fd < 0)
		return 0;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	while (elf && !addr && (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB ||
		    !sh.sh_entsize || !(d = elf_getdata(scn, NULL)))
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym s;
			const char *n;

			if (!gelf_getsym(d, (int)i, &s))
				break;
			n = elf_strptr(elf, sh.sh_link, s.st_name);
			if (n && !strcmp(n, name)) {
				addr = s.st_value;
				break;
			}
		}
	}
	elf_end(elf);
	close(fd);
	return addr;
}

static const uint8_t magic_head[16] = {
	0x45, 0x54, 0x45, 0x21, 0x00, 0xff, 0x11, 0xee,
	0x22, 0xdd, 0x33, 0xcc, 0x44, 0xbb, 0x55, 0xaa,
};

static bool reads_magic(struct ete_img *img, uint64_t a)
{
	uint8_t b[64];

	return a && ete_img_read(img, a, b, 64) == 64 &&
		!memcmp(b, magic_head, 16) && b[16] == 1 && b[31] == 16 &&
		b[32] == 0xa5 && b[63] == 0x7f;
}

static void host_elf(const char *o)
{
	char path[4096], junk[4096];
	struct ete_img img, img2;
	uint64_t magic, fn, bss;
	size_t nreg;
	uint8_t b[4];
	FILE *f;
	int r;

	snprintf(path, sizeof(path), "%s/img_elf_sample", o);
	magic = sym_addr(path, "img_elf_magic");
	fn = sym_addr(path, "main");
	bss = sym_addr(path, "img_elf_bss");
	if (!tap_ok(magic && fn && bss, "host ELF %s has its symbols", path))
		return;
	ete_img_init(&img);
	ete_img_init(&img2);
	r = ete_img_add_elf(&img, path, 0);
	tap_ok(!r, "host ELF maps (%d)", r);
	tap_ok(reads_magic(&img, magic),
	       "host ELF: .rodata reads back at img_elf_magic 0x%llx",
	       (unsigned long long)magic);
	tap_ok(ete_img_read(&img, fn, b, 4) == 4, "host ELF: main is mapped");
	tap_ok(!ete_img_read(&img, bss + 4096, b, 1),
	       "host ELF: .bss is not mapped (no file bytes)");
	r = ete_img_add_elf(&img2, path, 0x10000000000ull);
	tap_ok(!r && reads_magic(&img2, magic + 0x10000000000ull) &&
	       !ete_img_read(&img2, magic, b, 1),
	       "host ELF with a bias maps at vaddr + bias");

	nreg = img.nreg;
	r = ete_img_add_elf(&img, path, 0);
	tap_ok(r == ETE_IMG_ERR_OVERLAP && img.nreg == nreg,
	       "the same ELF again: ETE_IMG_ERR_OVERLAP, nothing mapped (%d)",
	       r);
	snprintf(junk, sizeof(junk), "%s/img_elf_junk", o);
	f = fopen(junk, "wb");
	if (f) {
		fputs("\177ELF but not really an ELF file", f);
		fclose(f);
	}
	r = ete_img_add_elf(&img, junk, 0);
	tap_ok(r == ETE_IMG_ERR_INVAL && img.nreg == nreg,
	       "not an ELF: ETE_IMG_ERR_INVAL (%d)", r);
	snprintf(junk, sizeof(junk), "%s/img_elf_missing/none", o);
	r = ete_img_add_elf(&img, junk, 0);
	tap_ok(r == ETE_IMG_ERR_IO, "missing file: ETE_IMG_ERR_IO (%d)", r);
	ete_img_free(&img);
	ete_img_free(&img2);
}

/*
 * Write an AArch64 executable whose PT_LOAD segments are the snapshot's
 * dumps, at their addresses minus @unbias.  Return 0 on success.
 */
static int write_elf(const char *out, const struct ss_snapshot *ss,
		     uint64_t unbias)
{
	const struct ss_dump *d[16];
	Elf64_Ehdr eh;
	Elf64_Phdr ph[16];
	uint64_t off;
	size_t n = 0;
	FILE *f;
	int ret = 0;

	for (size_t i = 0; i < ss->ndev; i++)
		for (size_t k = 0; k < ss->dev[i].ndumps && n < 16; k++)
			d[n++] = &ss->dev[i].dumps[k];
	memset(&eh, 0, sizeof(eh));
	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS64;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_VERSION] = EV_CURRENT;
	eh.e_type = ET_EXEC;
	eh.e_machine = EM_AARCH64;
	eh.e_version = EV_CURRENT;
	eh.e_phoff = sizeof(eh);
	eh.e_ehsize = sizeof(eh);
	eh.e_phentsize = sizeof(ph[0]);
	eh.e_phnum = (Elf64_Half)n;
	off = sizeof(eh) + n * sizeof(ph[0]);
	for (size_t i = 0; i < n; i++) {
		memset(&ph[i], 0, sizeof(ph[i]));
		ph[i].p_type = PT_LOAD;
		ph[i].p_flags = PF_R | PF_X;
		ph[i].p_offset = off;
		ph[i].p_vaddr = d[i]->address - unbias;
		ph[i].p_paddr = ph[i].p_vaddr;
		ph[i].p_filesz = d[i]->length;
		ph[i].p_memsz = d[i]->length + 0x1000;	/* a .bss tail */
		ph[i].p_align = 4;
		off += d[i]->length;
	}
	f = fopen(out, "wb");
	if (!f)
		return -1;
	if (fwrite(&eh, sizeof(eh), 1, f) != 1 ||
	    fwrite(ph, sizeof(ph[0]), n, f) != n)
		ret = -1;
	for (size_t i = 0; i < n && !ret; i++) {
		uint8_t *data;
		size_t len;

		if (ss_read(ss->dir, d[i]->file, &data, &len) ||
		    len < d[i]->length) {
			ret = -1;
			break;
		}
		if (fwrite(data, 1, d[i]->length, f) != d[i]->length)
			ret = -1;
		free(data);
	}
	if (fclose(f))
		ret = -1;
	return ret;
}

/* Run perf-ete, return its last line in @last. */
static int last_line(const char *cmd, char *last, size_t len)
{
	char line[4096];
	FILE *p = popen(cmd, "r");

	if (!p)
		return -1;
	last[0] = 0;
	while (fgets(line, sizeof(line), p)) {
		line[strcspn(line, "\n")] = 0;
		snprintf(last, len, "%.200s", line);
	}
	return pclose(p);
}

/*
 * The dumps of snapshot @dir (called @name) as an ELF file: it maps the
 * same regions, and perf-ete dump --raw with it (registers @regs) gives
 * @summary, the summary the snapshot gives with its dumps.
 */
static void snapshot_elf(const char *o, const char *dir, const char *name,
			 const char *regs, const char *summary)
{
	char elf[4096], elf2[4096], cmd[16384], last[256];
	struct ete_img a, b;
	struct ss_snapshot ss;
	char err[256];
	bool same = true;
	size_t n = 0;
	int r;

	if (!tap_ok(!ss_load(dir, &ss, err, sizeof(err)),
		    "%s snapshot loads (%s)", name, dir))
		return;
	snprintf(elf, sizeof(elf), "%s/img_elf_%s.elf", o, name);
	snprintf(elf2, sizeof(elf2), "%s/img_elf_%s_biased.elf", o, name);
	r = write_elf(elf, &ss, 0) || write_elf(elf2, &ss, IP_BIAS);
	tap_ok(!r, "AArch64 ELF of the %s dumps written", name);

	ete_img_init(&a);
	ete_img_init(&b);
	r = ete_img_add_elf(&b, elf, 0);
	for (size_t i = 0; i < ss.ndev; i++) {
		for (size_t k = 0; k < ss.dev[i].ndumps; k++) {
			const struct ss_dump *m = &ss.dev[i].dumps[k];
			char path[8192];

			snprintf(path, sizeof(path), "%s/%s", dir, m->file);
			if (ete_img_add_file(&a, m->address, path, 0,
					     m->length))
				same = false;
			n++;
		}
	}
	for (size_t i = 0; i < a.nreg && same; i++) {
		const struct ete_img_region *g = &a.reg[i];
		uint64_t len = g->end - g->start;
		uint8_t *buf = malloc(len + 1);

		same = buf && ete_img_read(&b, g->start, buf, len + 1) == len &&
			!memcmp(buf, g->data, len) &&
			!ete_img_read(&b, g->end, buf, 1);
		free(buf);
	}
	tap_ok(!r && same && a.nreg == n && b.nreg == n,
	       "%s: ELF maps the same %zu regions as the dumps (%d)", name, n,
	       r);
	ete_img_free(&a);
	ete_img_free(&b);
	ss_free(&ss);

	snprintf(cmd, sizeof(cmd), "'%s/perf-ete' dump --raw "
		 "'%s/session1.bin' %s --elf '%s'", o, dir, regs, elf);
	r = last_line(cmd, last, sizeof(last));
	if (!tap_ok(!r && !strcmp(last, summary),
		    "perf-ete dump --raw --elf %s: the snapshot's elements",
		    name))
		tap_diag("got: %s, want: %s", last, summary);
	snprintf(cmd, sizeof(cmd), "'%s/perf-ete' dump --raw "
		 "'%s/session1.bin' %s --elf '%s@%#llx'", o, dir, regs, elf2,
		 (unsigned long long)IP_BIAS);
	r = last_line(cmd, last, sizeof(last));
	if (!tap_ok(!r && !strcmp(last, summary),
		    "perf-ete dump --raw --elf FILE@BIAS %s", name))
		tap_diag("got: %s, want: %s", last, summary);
}

/*
 * An own-corpus snapshot: its registers given by hand to --raw, and the
 * summary perf-ete dump gives on the snapshot itself, which must have
 * decoded instructions without errors.
 */
static void corpus_elf(const char *o, const char *corpus, const char *name)
{
	char dir[4096], regs[512], cmd[8192], summary[256];
	const struct ss_device *src[1];
	struct ss_snapshot ss;
	unsigned long long insns = 0;
	unsigned int errors = ~0u;
	char err[256];

	snprintf(dir, sizeof(dir), "%s/%s", corpus, name);
	if (ss_load(dir, &ss, err, sizeof(err)) ||
	    !ss_buffer_sources(&ss, &ss.buf[0], src, 1)) {
		tap_ok(false, "%s snapshot loads (%s)", name, err);
		return;
	}
	snprintf(regs, sizeof(regs), "--trcidr0 %#x --trcidr1 %#x "
		 "--trcidr2 %#x --trcidr8 %#x --trcconfigr %#x "
		 "--trcdevarch %#x", src[0]->ete.trcidr0, src[0]->ete.trcidr1,
		 src[0]->ete.trcidr2, src[0]->ete.trcidr8,
		 src[0]->ete.trcconfigr, src[0]->ete.trcdevarch);
	ss_free(&ss);
	snprintf(cmd, sizeof(cmd), "'%s/perf-ete' dump '%s'", o, dir);
	if (last_line(cmd, summary, sizeof(summary)) ||
	    sscanf(summary, "# bytes %*u packets %*u errors %u elements %*u "
		   "instructions %llu", &errors, &insns) != 2 ||
	    errors || !insns) {
		tap_ok(false, "perf-ete dump %s: %s", name, summary);
		return;
	}
	snapshot_elf(o, dir, name, regs, summary);
}

int main(void)
{
	const char *o = getenv("O");

	if (!tap_ok(o != NULL, "test_img_elf: O (the build directory) is set"))
		return tap_exit();
	host_elf(o);
	if (tap_ok(tap_corpus() != NULL, "CORPUS names the own corpus"))
		corpus_elf(o, tap_corpus(), "enc-exceptions");
	if (!tap_testdata_absent("ELF image of the ete_ip dumps")) {
		char dir[4096];

		snprintf(dir, sizeof(dir), "%s/snapshots/ete_ip",
			 tap_testdata());
		snapshot_elf(o, dir, "ete_ip", "--trcidr0 0x2801cea1",
			     IP_SUMMARY);
	}
	return tap_exit();
}
#endif
