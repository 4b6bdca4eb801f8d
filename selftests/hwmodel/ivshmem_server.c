// SPDX-License-Identifier: GPL-2.0
/*
 * ivshmem-server for the hardware model's doorbell (Debian 12 packages no
 * ivshmem server):
 *
 *   ivshmem-server -S SOCKET -n VECTORS [-l SHM_BYTES] [-r READY_FILE]
 *
 * Serves QEMU's ivshmem-doorbell device and the plugin (ivshmem.h) until
 * SIGTERM or SIGINT, then removes SOCKET.  READY_FILE is created once the
 * socket listens, so that a script starts QEMU only then.  Runs in the
 * foreground: the script that starts it owns it and kills it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>
#include "ivshmem.h"

static int usage(void)
{
	fprintf(stderr, "usage: ivshmem-server -S SOCKET -n VECTORS [-l SHM_BYTES] [-r READY_FILE]\n");
	return 2;
}

int main(int argc, char **argv)
{
	const char *path = NULL, *ready = NULL;
	unsigned long vectors = 0;
	unsigned long long size = 4096;
	struct ivs_server s;
	sigset_t sigs;
	int opt, sfd, r, fd;

	while ((opt = getopt(argc, argv, "S:n:l:r:")) != -1) {
		switch (opt) {
		case 'S':
			path = optarg;
			break;
		case 'n':
			vectors = strtoul(optarg, NULL, 0);
			break;
		case 'l':
			size = strtoull(optarg, NULL, 0);
			break;
		case 'r':
			ready = optarg;
			break;
		default:
			return usage();
		}
	}
	if (!path || optind != argc || !vectors || vectors > IVS_MAX_VECTORS)
		return usage();
	/* The signals become readable on an fd the poll loop watches. */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGHUP);
	if (sigprocmask(SIG_BLOCK, &sigs, NULL)) {
		perror("ivshmem-server: sigprocmask");
		return 1;
	}
	sfd = signalfd(-1, &sigs, SFD_CLOEXEC);
	if (sfd < 0) {
		perror("ivshmem-server: signalfd");
		return 1;
	}
	if (ivs_server_open(&s, path, (unsigned int)vectors, size)) {
		fprintf(stderr, "ivshmem-server: %s: %s\n", path, strerror(errno));
		close(sfd);
		return 1;
	}
	if (ready) {
		fd = open(ready, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
		if (fd < 0) {
			fprintf(stderr, "ivshmem-server: %s: %s\n", ready,
				strerror(errno));
			ivs_server_close(&s);
			unlink(path);
			close(sfd);
			return 1;
		}
		close(fd);
	}
	r = ivs_server_run(&s, sfd);
	if (r)
		perror("ivshmem-server");
	ivs_server_close(&s);
	unlink(path);
	close(sfd);
	return r ? 1 : 0;
}
