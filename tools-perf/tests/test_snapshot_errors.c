// SPDX-License-Identifier: GPL-2.0
/*
 * Snapshot directories that are not what they should be: ss_load() must
 * refuse each with a message naming the file, the line or the section,
 * and the value at fault - never decode with a register it could not read
 * as if it were 0.  A well-formed snapshot built the same way loads, with
 * the values it gives, so that each failure is down to its one defect.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "util/snapshot.h"

static char dir[] = "/tmp/ss_errors.XXXXXX";
static const char *const files[] = {
	"snapshot.ini", "cpu_0.ini", "ETE_0.ini", "trace.ini", "session.bin",
	"mem.bin"
};

static const char snapshot_ini[] =
	"[snapshot]\nversion=1.0\n\n"
	"[device_list]\ndevice0=cpu_0.ini\ndevice1=ETE_0.ini\n\n"
	"[trace]\nmetadata=trace.ini\n";
static const char cpu_ini[] =
	"[device]\nname=cpu_0\nclass=core\ntype=ARM-AA64\n\n"
	"[regs]\nPC(size:64)=0x1000\n\n"
	"[dump1]\nfile=mem.bin\naddress=0xffff000000001000\nlength=0x10\n";
static const char ete_ini[] =
	"; an ETE 1.0 as the reference snapshots have it\n"
	"[device]\nname=ETE_0\nclass=trace_source\ntype=ETE\n\n"
	"[regs]\nTRCIDR0=0x28000EA1\nTRCIDR1=0x4100FFF0\n"
	"TRCIDR2(0x1e8)=0xD0001088\nTRCIDR8=0x0\nTRCCONFIGR=0x1\n"
	"TRCDEVARCH=0x47705A13\nTRCTRACEIDR=0x10\n";
static const char trace_ini[] =
	"[trace_buffers]\nbuffers=buffer0\n\n"
	"[buffer0]\nname=ETB_0\nfile=session.bin\nformat=source_data\n\n"
	"[source_buffers]\nETE_0=ETB_0\n\n"
	"[core_trace_sources]\ncpu_0=ETE_0\n";

static void put(const char *name, const char *text, size_t len)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(text, 1, len, f) != len) {
		tap_diag("cannot write %s", path);
		exit(1);
	}
	fclose(f);
}

static void put_s(const char *name, const char *text)
{
	put(name, text, strlen(text));
}

/* the well-formed snapshot, then @file replaced by @text */
static void build(const char *file, const char *text)
{
	put_s("snapshot.ini", snapshot_ini);
	put_s("cpu_0.ini", cpu_ini);
	put_s("ETE_0.ini", ete_ini);
	put_s("trace.ini", trace_ini);
	put("session.bin", "\0\0\0\0\0\0\0\0\0\0\0\x80", 12);
	put("mem.bin", "\x1f\x20\x03\xd5\x1f\x20\x03\xd5\x1f\x20\x03\xd5"
	    "\xc0\x03\x5f\xd6", 16);
	if (file)
		put_s(file, text);
}

/*
 * The snapshot with @file as @text (none: without @file) must fail to
 * load, saying @want, where "%s" stands for the directory.
 */
static void refused(const char *what, const char *file, const char *text,
		    const char *want)
{
	struct ss_snapshot ss;
	char err[512], full[512], path[256];
	int r;

	build(text ? file : NULL, text);
	if (!text) {
		snprintf(path, sizeof(path), "%s/%s", dir, file);
		unlink(path);
	}
	memset(err, 0, sizeof(err));
	r = ss_load(dir, &ss, err, sizeof(err));
	snprintf(full, sizeof(full), want, dir);
	if (!r)
		ss_free(&ss);
	if (!tap_ok(r && !strcmp(err, full), "refused: %s", what))
		tap_diag("ss_load %d, said '%s', want '%s'", r, err, full);
}

/* The snapshot with @file as @text must load. */
static void loads(const char *what, const char *file, const char *text)
{
	struct ss_snapshot ss;
	char err[512] = "";
	int r;

	build(file, text);
	r = ss_load(dir, &ss, err, sizeof(err));
	if (!r)
		ss_free(&ss);
	if (!tap_ok(!r, "loads: %s", what))
		tap_diag("%s", err);
}

/* Replace the first @from of @base by @to (static buffer). */
static const char *edit(const char *base, const char *from, const char *to)
{
	static char out[4096];
	const char *at = strstr(base, from);

	if (!at) {
		tap_diag("'%s' is not in the template", from);
		exit(1);
	}
	snprintf(out, sizeof(out), "%.*s%s%s", (int)(at - base), base, to,
		 at + strlen(from));
	return out;
}

static void well_formed(void)
{
	const struct ss_device *src[1];
	struct ss_snapshot ss;
	char err[512] = "";
	bool ok;

	build(NULL, NULL);
	ok = !ss_load(dir, &ss, err, sizeof(err));
	if (!tap_ok(ok, "the well-formed snapshot loads")) {
		tap_diag("%s", err);
		return;
	}
	ok = ss.nbuf == 1 && ss.ndev == 2 &&
		ss_buffer_sources(&ss, &ss.buf[0], src, 1) == 1 &&
		src[0]->ete.trcidr0 == 0x28000ea1 &&
		src[0]->ete.trcidr2 == 0xd0001088 &&
		src[0]->ete.trctraceidr == 0x10 &&
		ss.dev[0].ndumps == 1 &&
		ss.dev[0].dumps[0].address == 0xffff000000001000ull &&
		ss.dev[0].dumps[0].length == 0x10;
	tap_ok(ok, "its registers, buffer, sources and dump are as written");
	ss_free(&ss);
}

/* The well-formed text of @file. */
static const char *template_of(const char *file)
{
	return !strcmp(file, "snapshot.ini") ? snapshot_ini :
		!strcmp(file, "cpu_0.ini") ? cpu_ini :
		!strcmp(file, "ETE_0.ini") ? ete_ini : trace_ini;
}

/*
 * One defect each: in @file, @from becomes @to (no @from: @file is @to
 * whole, or is not there if @to is NULL); "%s" in @want is the directory.
 */
static const struct defect {
	const char *what, *file, *from, *to, *want;
} defects[] = {
	/* registers: whole 32-bit numbers or nothing */
	{ "a register that is not a number", "ETE_0.ini",
	  "TRCIDR0=0x28000EA1", "TRCIDR0=zz",
	  "%s/ETE_0.ini: [regs] TRCIDR0=zz is not a 32-bit value" },
	{ "a register with trailing text", "ETE_0.ini",
	  "TRCCONFIGR=0x1", "TRCCONFIGR=0x1g",
	  "%s/ETE_0.ini: [regs] TRCCONFIGR=0x1g is not a 32-bit value" },
	{ "a register over 32 bits", "ETE_0.ini",
	  "TRCIDR8=0x0", "TRCIDR8=0x100000000",
	  "%s/ETE_0.ini: [regs] TRCIDR8=0x100000000 is not a 32-bit value" },
	{ "a negative register", "ETE_0.ini",
	  "TRCTRACEIDR=0x10", "TRCTRACEIDR=-1",
	  "%s/ETE_0.ini: [regs] TRCTRACEIDR=-1 is not a 32-bit value" },
	{ "an empty register", "ETE_0.ini",
	  "TRCIDR1=0x4100FFF0", "TRCIDR1=",
	  "%s/ETE_0.ini: [regs] TRCIDR1= is not a 32-bit value" },
	/* memory dumps */
	{ "a dump without an address", "cpu_0.ini",
	  "address=0xffff000000001000\n", "",
	  "%s/cpu_0.ini: [dump1] needs a file and an address" },
	{ "a dump without a file", "cpu_0.ini", "file=mem.bin\n", "",
	  "%s/cpu_0.ini: [dump1] needs a file and an address" },
	{ "a dump address that is not a number", "cpu_0.ini",
	  "address=0xffff000000001000", "address=0xffff00000000100q",
	  "%s/cpu_0.ini: [dump1] address=0xffff00000000100q length=0x10: "
	  "not a number" },
	{ "a dump address over 64 bits", "cpu_0.ini",
	  "address=0xffff000000001000", "address=0x1ffff000000001000",
	  "%s/cpu_0.ini: [dump1] address=0x1ffff000000001000 length=0x10: "
	  "not a number" },
	{ "a dump length that is not a number", "cpu_0.ini",
	  "length=0x10", "length=16 bytes",
	  "%s/cpu_0.ini: [dump1] address=0xffff000000001000 "
	  "length=16 bytes: not a number" },
	/* the .ini syntax, with the line at fault */
	{ "a line that is not key=value", "snapshot.ini",
	  "version=1.0", "version 1.0",
	  "%s/snapshot.ini:2: neither [section] nor key=value" },
	{ "a section header without its bracket", "trace.ini",
	  "[buffer0]", "[buffer0", "%s/trace.ini:4: bad section header" },
	{ "text after a section header", "trace.ini",
	  "[buffer0]", "[buffer0] x", "%s/trace.ini:4: bad section header" },
	{ "a key before any section", "ETE_0.ini",
	  "; an ETE", "name=x\n; an ETE",
	  "%s/ETE_0.ini:1: text before the first [section]" },
	{ "an empty key", "cpu_0.ini", "class=core", "=core",
	  "%s/cpu_0.ini:3: neither [section] nor key=value" },
	{ "binary junk for an .ini", "cpu_0.ini", NULL,
	  "\x7f" "ELF\x02\x01\x01\n\x90\x91=\n",
	  "%s/cpu_0.ini:1: text before the first [section]" },
	/* what the files name */
	{ "a buffer without a file", "trace.ini", "file=session.bin\n", "",
	  "%s/trace.ini: [buffer0] names no file" },
	{ "a device file that is not there", "snapshot.ini",
	  "device1=ETE_0.ini", "device1=ETE_9.ini",
	  "cannot read %s/ETE_9.ini" },
	{ "no trace metadata file", "trace.ini", NULL, NULL,
	  "cannot read %s/trace.ini" },
	{ "no snapshot.ini", "snapshot.ini", NULL, NULL,
	  "cannot read %s/snapshot.ini" },
};

int main(void)
{
	char long_line[1100];

	if (!mkdtemp(dir)) {
		tap_ok(false, "mkdtemp");
		return tap_exit();
	}
	well_formed();

	for (size_t i = 0; i < sizeof(defects) / sizeof(defects[0]); i++) {
		const struct defect *x = &defects[i];
		const char *text = x->to;

		if (x->from)
			text = edit(template_of(x->file), x->from, x->to);
		refused(x->what, x->file, text, x->want);
	}
	/* the longest line the reader takes is 1022 bytes and its newline */
	memset(long_line, 'x', 1022);
	long_line[1022] = 0;
	memcpy(long_line, "description=", 12);
	loads("a line of 1022 bytes", "snapshot.ini",
	      edit(snapshot_ini, "version=1.0", long_line));
	/* ... or 1023 bytes at the end of the file, with no newline */
	memset(long_line, ' ', 1023);
	long_line[1023] = 0;
	memcpy(long_line, "cpu_0=ETE_0", 11);
	loads("a last line of 1023 bytes, no newline", "trace.ini",
	      edit(trace_ini, "cpu_0=ETE_0\n", long_line));
	memset(long_line, 'x', 1023);
	long_line[1023] = 0;
	memcpy(long_line, "description=", 12);
	refused("a line longer than the reader's", "snapshot.ini",
		edit(snapshot_ini, "version=1.0", long_line),
		"%s/snapshot.ini:2: line longer than 1022 bytes");
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char p[256];

		snprintf(p, sizeof(p), "%s/%s", dir, files[i]);
		unlink(p);
	}
	if (rmdir(dir))
		tap_diag("could not remove %s", dir);
	return tap_exit();
}
