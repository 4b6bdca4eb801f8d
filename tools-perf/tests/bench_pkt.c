// SPDX-License-Identifier: GPL-2.0
/*
 * Packet-layer throughput: decode every raw reference trace repeatedly
 * (about 256 MiB in all) and report bytes and packets per second.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "util/snapshot.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	const char *snaps = argc > 1 ? argv[1] : "../../shared/testdata/ete/snapshots";
	uint64_t bytes = 0, pkts = 0;
	double t = 0;
	struct dirent *de;
	DIR *d = opendir(snaps);

	if (!d) {
		fprintf(stderr, "bench-pkt: no snapshots in %s\n", snaps);
		return 1;
	}
	while ((de = readdir(d))) {
		const struct ss_device *src[1];
		struct ete_pkt_decoder dec;
		struct ss_snapshot ss;
		char dir[4096], err[256];
		uint8_t *data;
		size_t len;

		if (de->d_name[0] == '.')
			continue;
		snprintf(dir, sizeof(dir), "%s/%s", snaps, de->d_name);
		if (ss_load(dir, &ss, err, sizeof(err)))
			continue;
		if (ss_buffer_is_formatted(&ss.buf[0]) ||
		    !ss_buffer_sources(&ss, &ss.buf[0], src, 1) ||
		    ss_read(dir, ss.buf[0].file, &data, &len)) {
			ss_free(&ss);
			continue;
		}
		for (unsigned int rep = 0; rep < (16u << 20) / len + 1; rep++) {
			struct ete_pkt pkt;
			size_t off = 0;
			double t0;

			ete_pkt_decoder_init(&dec, &src[0]->ete);
			t0 = now();
			while (off < len) {
				size_t used;

				if (ete_pkt_decode(&dec, data + off, len - off,
						   off, &used, &pkt) != ETE_PKT_MORE)
					pkts++;
				off += used;
			}
			t += now() - t0;
			bytes += len;
		}
		free(data);
		ss_free(&ss);
	}
	closedir(d);
	printf("packet layer: %.1f MB/s, %.1f Mpackets/s (%llu bytes, "
	       "%llu packets)\n", bytes / t / 1e6, pkts / t / 1e6,
	       (unsigned long long)bytes, (unsigned long long)pkts);
	return 0;
}
