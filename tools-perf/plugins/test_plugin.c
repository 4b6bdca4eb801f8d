// SPDX-License-Identifier: GPL-2.0
/*
 * test_plugin CONSOLE PLUGIN: parse the armtrace event formats a guest
 * printed (TPFORMAT <event> <line>, selftests/ete/run-ete.sh), load the
 * plugin as libtraceevent does (its tep_plugin_loader), and check what it
 * prints for trbe_irq records built field by field from those formats.
 * TAP out.
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <event-parse.h>

static int n_test, n_fail;

static void ok(int cond, const char *what, const char *got)
{
	n_test++;
	n_fail += !cond;
	printf("%sok %d - plugin_armtrace: %s\n", cond ? "" : "not ", n_test,
	       what);
	if (!cond && got)
		printf("#   got: %s\n", got);
}

static void put(struct tep_event *ev, uint8_t *data, const char *name,
		uint64_t v)
{
	struct tep_format_field *f = tep_find_any_field(ev, name);

	if (f)
		memcpy(data + f->offset, &v, f->size);	/* little endian */
}

int main(int argc, char **argv)
{
	static char fmt[8192];
	char line[512], ev[64];
	struct tep_handle *tep;
	struct tep_event *e;
	size_t len = 0;
	int (*loader)(struct tep_handle *);
	void *so;
	FILE *f;
	static const struct {
		uint64_t trbsr, off, act, bytes;
		const char *want;
	} cases[] = {
		{ 0x520001, 0, 1, 4096, "cpu=0 trbsr=0x520001 [IRQ|WRAP|S buffer-management filled] ptr=0x0 action=wrap-full bytes=4096" },
		{ 0x90420007, 0x1000, 3, 512, "cpu=0 trbsr=0x90420007 [IRQ|S stage1-abort FSC=0x07] ptr=0x1000 action=fatal bytes=512" },
		{ 0, 0x840, 0, 2112, "cpu=0 trbsr=0x0 [buffer-management not-stopped] ptr=0x840 action=done bytes=2112" },
		{ 0x440000, 0x840, 2, 0, "cpu=0 trbsr=0x440000 [IRQ|EA buffer-management not-stopped] ptr=0x840 action=spurious bytes=0" },
	};
	unsigned int i;

	if (argc != 3)
		return 2;
	f = fopen(argv[1], "r");
	if (!f)
		return 2;
	while (fgets(line, sizeof(line), f)) {
		size_t l;

		if (sscanf(line, "TPFORMAT %63s ", ev) != 1 ||
		    strcmp(ev, "trbe_irq"))
			continue;
		l = strlen(line) - strlen("TPFORMAT trbe_irq ");
		if (len + l >= sizeof(fmt))
			break;
		memcpy(fmt + len, line + strlen("TPFORMAT trbe_irq "), l);
		len += l;
	}
	fclose(f);
	ok(len > 0, "the guest printed the trbe_irq format", NULL);
	tep = tep_alloc();
	tep_set_long_size(tep, 8);
	tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);
	ok(!tep_parse_event(tep, fmt, len, "armtrace"),
	   "libtraceevent parses the format", NULL);
	e = tep_find_event_by_name(tep, "armtrace", "trbe_irq");
	so = dlopen(argv[2], RTLD_NOW);
	loader = so ? (int (*)(struct tep_handle *))dlsym(so, TEP_PLUGIN_LOADER_NAME) : NULL;
	ok(e && loader && !loader(tep), "the plugin loads and registers", dlerror());
	if (!e || !loader)
		goto out;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint8_t data[64] = { 0 };
		struct tep_record rec = { .data = data, .size = sizeof(data) };
		struct trace_seq s;

		put(e, data, "common_type", e->id);
		put(e, data, "cpu", 0);
		put(e, data, "trbsr", cases[i].trbsr);
		put(e, data, "offset", cases[i].off);
		put(e, data, "action", cases[i].act);
		put(e, data, "bytes", cases[i].bytes);
		trace_seq_init(&s);
		tep_print_event(tep, &s, &rec, "%s", TEP_PRINT_INFO);
		trace_seq_terminate(&s);
		ok(!strcmp(s.buffer, cases[i].want), cases[i].want, s.buffer);
		trace_seq_destroy(&s);
	}
out:
	tep_free(tep);
	printf("1..%d\n", n_test);
	return n_fail ? 1 : 0;
}
