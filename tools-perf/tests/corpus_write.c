// SPDX-License-Identifier: GPL-2.0
/*
 * corpus-write DIR: write the project's own corpus (corpus.h) as snapshot
 * directories DIR/NAME, the layout of the reference snapshots, for the
 * tests that read snapshot directories, perf-ete dump, make bench and
 * make demo.  Deterministic: the same tree writes the same bytes.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "corpus.h"

int main(int argc, char **argv)
{
	char dir[4096], why[512];

	if (argc != 2) {
		fprintf(stderr, "usage: corpus-write DIR\n");
		return 2;
	}
	if (mkdir(argv[1], 0777) && errno != EEXIST) {
		fprintf(stderr, "corpus-write: %s: %s\n", argv[1],
			strerror(errno));
		return 1;
	}
	for (size_t i = 0; i < corpus_count(); i++) {
		struct corpus_trace t;
		int r;

		if (corpus_make(i, &t, why, sizeof(why))) {
			fprintf(stderr, "corpus-write: trace %zu: %s\n", i, why);
			return 1;
		}
		snprintf(dir, sizeof(dir), "%s/%s", argv[1], t.name);
		r = corpus_write(&t, dir);
		if (r)
			fprintf(stderr, "corpus-write: cannot write %s\n", dir);
		corpus_free(&t);
		if (r)
			return 1;
	}
	return 0;
}
