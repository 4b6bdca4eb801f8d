/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ivshmem client-server protocol (QEMU's docs/specs/ivshmem-spec.rst),
 * both ends: the server ivshmem-server runs (Debian 12 ships none), and the
 * peer the hardware model plugin is, so that it can ring the guest's
 * ivshmem-doorbell device: a real MSI-X interrupt in the guest.
 *
 * A message is one little-endian int64, with or without one file
 * descriptor (SCM_RIGHTS).  On connect a peer gets: version 0, its id,
 * -1 with the shared memory, then for every other peer its id once per
 * vector with that vector's eventfd (to interrupt it), then its own id
 * once per vector with its own eventfds (to be interrupted).  Later: a
 * peer's id with an fd (one per vector) when it connects, without one
 * when it goes.
 */
#ifndef HWM_IVSHMEM_H
#define HWM_IVSHMEM_H

#include <stdint.h>

#define IVS_VERSION		0
#define IVS_MAX_VECTORS		64
#define IVS_MAX_ID		65535

/* One message; @fd is -1 when none came with it. */
int ivs_send(int sock, int64_t val, int fd);
/* 1: a message, 0: the other end closed, -1: error (errno) */
int ivs_recv(int sock, int64_t *val, int *fd);

/* The server: one listening socket, its peers, one memfd. */
struct ivs_peer {
	int sock;
	int64_t id;
	int efd[IVS_MAX_VECTORS];
};

struct ivs_server {
	int listen;
	int shm;
	unsigned int vectors;
	int64_t next_id;
	unsigned int n_peers, max_peers;
	struct ivs_peer *peers;
};

/*
 * Listen at @path (which must not exist) for peers with @vectors vectors
 * (1..IVS_MAX_VECTORS), sharing a memfd of @shm_size bytes, a power of two
 * (QEMU maps it as a PCI BAR).  0 or -1 (errno).
 */
int ivs_server_open(struct ivs_server *s, const char *path,
		    unsigned int vectors, uint64_t shm_size);
/*
 * Serve until @stop_fd is readable or polling fails; each accepted peer
 * and each disconnect is handled in turn.  0 on a stop, -1 on error.
 */
int ivs_server_run(struct ivs_server *s, int stop_fd);
void ivs_server_close(struct ivs_server *s);

/* The client side: what a peer knows of the others. */
struct ivs_known {
	int64_t id;
	unsigned int nfd;
	int efd[IVS_MAX_VECTORS];
};

struct ivs_client {
	int sock;
	int64_t self;			/* -1 until the server said */
	int shm;			/* -1 until it came */
	unsigned int nself;		/* own eventfds received */
	int self_efd[IVS_MAX_VECTORS];
	unsigned int n_known;
	struct ivs_known known[8];	/* the server's other peers */
};

/* Connect to the server at @path; 0 or -1 (errno). */
int ivs_client_connect(struct ivs_client *c, const char *path);
/*
 * Read and apply one message.  1: applied; 0: the server went away; -1:
 * a protocol or system error (errno; EPROTO for a message that breaks
 * the protocol).
 */
int ivs_client_step(struct ivs_client *c);
/* The peer @id as known, or NULL. */
struct ivs_known *ivs_client_peer(struct ivs_client *c, int64_t id);
void ivs_client_close(struct ivs_client *c);

#endif /* HWM_IVSHMEM_H */
