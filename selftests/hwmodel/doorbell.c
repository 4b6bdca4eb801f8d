// SPDX-License-Identifier: GPL-2.0
/*
 * The TRBE interrupt as a real one (plugin option doorbell=SOCKET): the
 * plugin is a peer of the run's ivshmem server (ivshmem.h) and rings the
 * guest's ivshmem-doorbell device, vector n for CPU n, when CPU n's TRBE
 * raises TRBSR_EL1.IRQ.  QEMU turns the ring into MSI-X vector n; the
 * guest's model backend steers that vector to CPU n.
 *
 * QEMU connects its chardev before it loads plugins, but only reads the
 * server's messages once the device is realized, after the plugin's
 * install: the plugin connects at install (a server that is not there
 * fails the run at once) and a thread of its own reads the server from
 * then on, so peers that come and go later are learnt whenever they do,
 * and no vCPU thread ever waits on the socket.  A ring before the guest's
 * device is known is lost and counted; the guest's poll fallback does
 * not run with the doorbell, so such a loss would show as a TRBE that
 * never restarts.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "hwm.h"
#include "ivshmem.h"

static struct ivs_client db;
static pthread_mutex_t db_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_t db_thread;
static uint64_t db_rings, db_lost;

static void *db_reader(void *arg)
{
	(void)arg;
	for (;;) {
		struct pollfd pf = { .fd = db.sock, .events = POLLIN };
		int r;

		if (poll(&pf, 1, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		pthread_mutex_lock(&db_lock);
		r = ivs_client_step(&db);
		pthread_mutex_unlock(&db_lock);
		if (r <= 0) {
			hwm_logf("hwmodel: doorbell: the ivshmem server %s\n",
				 r ? strerror(errno) : "went away");
			break;
		}
	}
	return NULL;
}

int hwm_doorbell_open(const char *path)
{
	if (ivs_client_connect(&db, path)) {
		hwm_logf("hwmodel: doorbell=%s: %s\n", path, strerror(errno));
		return -1;
	}
	if (pthread_create(&db_thread, NULL, db_reader, NULL)) {
		hwm_logf("hwmodel: doorbell: no reader thread\n");
		ivs_client_close(&db);
		return -1;
	}
	pthread_detach(db_thread);
	return 0;
}

/*
 * CPU @cpu's TRBE interrupt: vector @cpu of every other peer, which in a
 * run's own server is the guest alone.
 */
void hwm_doorbell_ring(unsigned int cpu)
{
	const uint64_t one = 1;
	unsigned int i, rung = 0;

	pthread_mutex_lock(&db_lock);
	for (i = 0; i < db.n_known; i++) {
		if (cpu >= db.known[i].nfd)
			continue;
		if (write(db.known[i].efd[cpu], &one, sizeof(one)) ==
		    (ssize_t)sizeof(one))
			rung++;
	}
	if (rung)
		db_rings++;
	else
		db_lost++;
	pthread_mutex_unlock(&db_lock);
}

void hwm_doorbell_report(void)
{
	pthread_mutex_lock(&db_lock);
	hwm_logf("hwmodel: doorbell: peer %lld, %llu rings, %llu lost (no guest peer)\n",
		 (long long)db.self, (unsigned long long)db_rings,
		 (unsigned long long)db_lost);
	pthread_mutex_unlock(&db_lock);
}
