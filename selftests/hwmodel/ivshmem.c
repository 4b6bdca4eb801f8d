// SPDX-License-Identifier: GPL-2.0
/*
 * The ivshmem protocol, server and client (ivshmem.h).  Written from the
 * specification (QEMU docs/specs/ivshmem-spec.rst) for the hardware
 * model's doorbell; it serves the few peers of one test run.
 */
#define _GNU_SOURCE
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include "ivshmem.h"

int ivs_send(int sock, int64_t val, int fd)
{
	uint64_t le = htole64((uint64_t)val);
	struct iovec iov = { .iov_base = &le, .iov_len = sizeof(le) };
	union {
		struct cmsghdr h;
		char buf[CMSG_SPACE(sizeof(int))];
	} cm;
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	ssize_t n;

	if (fd >= 0) {
		memset(&cm, 0, sizeof(cm));
		msg.msg_control = cm.buf;
		msg.msg_controllen = sizeof(cm.buf);
		cm.h.cmsg_level = SOL_SOCKET;
		cm.h.cmsg_type = SCM_RIGHTS;
		cm.h.cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(&cm.h), &fd, sizeof(int));
	}
	/* A peer that went away must not kill the server (SIGPIPE). */
	do
		n = sendmsg(sock, &msg, MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	if (n == (ssize_t)sizeof(le))
		return 0;
	if (n >= 0)
		errno = EIO;
	return -1;
}

int ivs_recv(int sock, int64_t *val, int *fd)
{
	uint64_t le;
	struct iovec iov = { .iov_base = &le, .iov_len = sizeof(le) };
	union {
		struct cmsghdr h;
		char buf[CMSG_SPACE(sizeof(int))];
	} cm;
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cm.buf, .msg_controllen = sizeof(cm.buf),
	};
	struct cmsghdr *h;
	ssize_t n;

	*fd = -1;
	/* Each message was one sendmsg(): 8 bytes come whole or not at all. */
	do
		n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC | MSG_WAITALL);
	while (n < 0 && errno == EINTR);
	for (h = n > 0 ? CMSG_FIRSTHDR(&msg) : NULL; h; h = CMSG_NXTHDR(&msg, h)) {
		if (h->cmsg_level == SOL_SOCKET && h->cmsg_type == SCM_RIGHTS &&
		    h->cmsg_len == CMSG_LEN(sizeof(int)) && *fd < 0)
			memcpy(fd, CMSG_DATA(h), sizeof(int));
	}
	if (n < 0)
		return -1;
	if (n == 0)
		return 0;
	if (n != (ssize_t)sizeof(le) || (msg.msg_flags & MSG_CTRUNC)) {
		if (*fd >= 0)
			close(*fd);
		*fd = -1;
		errno = EPROTO;
		return -1;
	}
	*val = (int64_t)le64toh(le);
	return 1;
}

/* Server */

static void peer_close(struct ivs_server *s, struct ivs_peer *p)
{
	unsigned int v;

	close(p->sock);
	for (v = 0; v < s->vectors; v++)
		if (p->efd[v] >= 0)
			close(p->efd[v]);
}

int ivs_server_open(struct ivs_server *s, const char *path,
		    unsigned int vectors, uint64_t shm_size)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };

	memset(s, 0, sizeof(*s));
	s->listen = s->shm = -1;
	if (!vectors || vectors > IVS_MAX_VECTORS || !shm_size ||
	    (shm_size & (shm_size - 1)) || strlen(path) >= sizeof(sa.sun_path)) {
		errno = EINVAL;
		return -1;
	}
	s->vectors = vectors;
	s->shm = memfd_create("armtrace-ivshmem", MFD_CLOEXEC);
	if (s->shm < 0 || ftruncate(s->shm, (off_t)shm_size))
		goto err;
	strcpy(sa.sun_path, path);
	s->listen = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (s->listen < 0 ||
	    bind(s->listen, (struct sockaddr *)&sa, sizeof(sa)) ||
	    listen(s->listen, 8))
		goto err;
	return 0;
err:
	ivs_server_close(s);
	return -1;
}

/*
 * Tell every peer about @id: its eventfds, or NULL: gone.  A
 * peer that cannot be told is shut down; the poll loop then drops it
 * and tells the others, one notice each.
 */
static void tell_others(struct ivs_server *s, int64_t id, const int *efd)
{
	unsigned int i, v;

	for (i = 0; i < s->n_peers; i++) {
		struct ivs_peer *p = &s->peers[i];
		int bad = 0;

		if (!efd)
			bad = ivs_send(p->sock, id, -1);
		for (v = 0; efd && v < s->vectors && !bad; v++)
			bad = ivs_send(p->sock, id, efd[v]);
		if (bad)
			shutdown(p->sock, SHUT_RDWR);
	}
}

static void drop_peer(struct ivs_server *s, unsigned int i)
{
	struct ivs_peer gone = s->peers[i];

	s->peers[i] = s->peers[--s->n_peers];
	peer_close(s, &gone);
	tell_others(s, gone.id, NULL);
}

static int64_t free_id(const struct ivs_server *s)
{
	int64_t id;
	unsigned int i;

	/* Fresh ids first (the first peer gets 0), then reuse. */
	for (id = s->next_id; id <= IVS_MAX_ID; id++) {
		for (i = 0; i < s->n_peers && s->peers[i].id != id; i++)
			;
		if (i == s->n_peers)
			return id;
	}
	for (id = 0; id < s->next_id; id++) {
		for (i = 0; i < s->n_peers && s->peers[i].id != id; i++)
			;
		if (i == s->n_peers)
			return id;
	}
	return -1;
}

static int accept_peer(struct ivs_server *s)
{
	struct ivs_peer p;
	unsigned int i, v;
	int bad;

	memset(&p, 0, sizeof(p));
	p.sock = accept4(s->listen, NULL, NULL, SOCK_CLOEXEC);
	if (p.sock < 0)
		return errno == EINTR || errno == ECONNABORTED ? 0 : -1;
	for (v = 0; v < IVS_MAX_VECTORS; v++)
		p.efd[v] = -1;
	p.id = free_id(s);
	if (s->n_peers == s->max_peers) {
		unsigned int n = s->max_peers ? 2 * s->max_peers : 4;
		struct ivs_peer *np = realloc(s->peers, n * sizeof(*np));

		if (!np) {
			close(p.sock);
			return 0;
		}
		s->peers = np;
		s->max_peers = n;
	}
	if (p.id < 0) {
		close(p.sock);		/* 65536 peers: no id left */
		return 0;
	}
	s->next_id = p.id + 1;
	for (v = 0; v < s->vectors; v++) {
		p.efd[v] = eventfd(0, EFD_CLOEXEC);
		if (p.efd[v] < 0) {
			peer_close(s, &p);
			return 0;
		}
	}
	bad = ivs_send(p.sock, IVS_VERSION, -1) || ivs_send(p.sock, p.id, -1) ||
	      ivs_send(p.sock, -1, s->shm);
	for (i = 0; i < s->n_peers && !bad; i++)
		for (v = 0; v < s->vectors && !bad; v++)
			bad = ivs_send(p.sock, s->peers[i].id,
				       s->peers[i].efd[v]);
	for (v = 0; v < s->vectors && !bad; v++)
		bad = ivs_send(p.sock, p.id, p.efd[v]);
	if (bad) {
		peer_close(s, &p);
		return 0;
	}
	tell_others(s, p.id, p.efd);
	s->peers[s->n_peers++] = p;
	return 0;
}

int ivs_server_run(struct ivs_server *s, int stop_fd)
{
	for (;;) {
		unsigned int n = s->n_peers, i;
		struct pollfd *pf = calloc(n + 2, sizeof(*pf));
		int r;

		if (!pf)
			return -1;
		pf[0] = (struct pollfd){ .fd = stop_fd, .events = POLLIN };
		pf[1] = (struct pollfd){ .fd = s->listen, .events = POLLIN };
		for (i = 0; i < n; i++)
			pf[2 + i] = (struct pollfd){ .fd = s->peers[i].sock,
						     .events = POLLIN };
		r = poll(pf, n + 2, -1);
		if (r < 0) {
			free(pf);
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (pf[0].revents) {
			free(pf);
			return 0;
		}
		/*
		 * Peers never send: readable means closed (or junk, which
		 * the protocol has no room for).  Walk backwards: a drop
		 * moves the last peer into the hole.
		 */
		for (i = n; i-- > 0;)
			if (pf[2 + i].revents && i < s->n_peers &&
			    s->peers[i].sock == pf[2 + i].fd)
				drop_peer(s, i);
		r = pf[1].revents ? accept_peer(s) : 0;
		free(pf);
		if (r)
			return -1;
	}
}

void ivs_server_close(struct ivs_server *s)
{
	unsigned int i;

	for (i = 0; i < s->n_peers; i++)
		peer_close(s, &s->peers[i]);
	free(s->peers);
	s->peers = NULL;
	s->n_peers = s->max_peers = 0;
	if (s->listen >= 0)
		close(s->listen);
	if (s->shm >= 0)
		close(s->shm);
	s->listen = s->shm = -1;
}

/* Client */

int ivs_client_connect(struct ivs_client *c, const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };

	memset(c, 0, sizeof(*c));
	c->self = -1;
	c->shm = -1;
	c->sock = -1;
	if (strlen(path) >= sizeof(sa.sun_path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	strcpy(sa.sun_path, path);
	c->sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (c->sock < 0)
		return -1;
	if (connect(c->sock, (struct sockaddr *)&sa, sizeof(sa))) {
		close(c->sock);
		c->sock = -1;
		return -1;
	}
	/* version and id come first: -2 says the version is still due */
	c->self = -2;
	return 0;
}

struct ivs_known *ivs_client_peer(struct ivs_client *c, int64_t id)
{
	unsigned int i;

	for (i = 0; i < c->n_known; i++)
		if (c->known[i].id == id)
			return &c->known[i];
	return NULL;
}

static int proto_error(int fd)
{
	if (fd >= 0)
		close(fd);
	errno = EPROTO;
	return -1;
}

int ivs_client_step(struct ivs_client *c)
{
	struct ivs_known *k;
	int64_t v;
	int fd, r = ivs_recv(c->sock, &v, &fd);

	if (r <= 0)
		return r;
	if (c->self == -2) {		/* the version */
		if (v != IVS_VERSION)
			return proto_error(fd);
		c->self = -3;
		if (fd >= 0)
			close(fd);
		return 1;
	}
	if (c->self == -3) {		/* our id */
		if (v < 0 || v > IVS_MAX_ID)
			return proto_error(fd);
		c->self = v;
		if (fd >= 0)
			close(fd);
		return 1;
	}
	if (c->self < 0)
		return proto_error(fd);
	if (v == -1) {			/* the shared memory, once */
		if (fd < 0 || c->shm >= 0)
			return proto_error(fd);
		c->shm = fd;
		return 1;
	}
	if (v < 0 || v > IVS_MAX_ID)
		return proto_error(fd);
	if (v == c->self) {
		if (fd < 0 || c->nself == IVS_MAX_VECTORS)
			return proto_error(fd);
		c->self_efd[c->nself++] = fd;
		return 1;
	}
	k = ivs_client_peer(c, v);
	if (fd < 0) {			/* peer v went away */
		unsigned int i;

		if (!k)
			return 1;
		for (i = 0; i < k->nfd; i++)
			close(k->efd[i]);
		*k = c->known[--c->n_known];
		return 1;
	}
	if (!k) {
		if (c->n_known == sizeof(c->known) / sizeof(c->known[0]))
			return proto_error(fd);
		k = &c->known[c->n_known++];
		k->id = v;
		k->nfd = 0;
	}
	if (k->nfd == IVS_MAX_VECTORS)
		return proto_error(fd);
	k->efd[k->nfd++] = fd;
	return 1;
}

void ivs_client_close(struct ivs_client *c)
{
	unsigned int i, j;

	if (c->sock >= 0)
		close(c->sock);
	if (c->shm >= 0)
		close(c->shm);
	for (i = 0; i < c->nself; i++)
		close(c->self_efd[i]);
	for (i = 0; i < c->n_known; i++)
		for (j = 0; j < c->known[i].nfd; j++)
			close(c->known[i].efd[j]);
	c->sock = c->shm = -1;
	c->nself = c->n_known = 0;
}
