// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit test of the ivshmem server and client (ivshmem.h): peers
 * connect to a server run in a thread and see what the protocol promises
 * -- version, id, the shared memory, every peer's eventfds, disconnect
 * notices -- and the eventfds they get are the same objects (a ring one
 * peer sends is the other's to read).  Then the server binary itself
 * (IVSHMEM_SERVER): started, served, stopped by SIGTERM, its socket
 * gone.  Prints TAP.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "ivshmem.h"

#define VECTORS 3

static unsigned int n_test, n_fail;

static void ok(int cond, const char *name)
{
	n_test++;
	if (!cond)
		n_fail++;
	printf("%sok %u - %s\n", cond ? "" : "not ", n_test, name);
}

/* Read messages until @done holds; 0 when it does, -1 on an error or 5 s. */
static int step_until(struct ivs_client *c, int (*done)(struct ivs_client *))
{
	while (!done(c)) {
		struct pollfd pf = { .fd = c->sock, .events = POLLIN };

		if (poll(&pf, 1, 5000) != 1 || ivs_client_step(c) != 1)
			return -1;
	}
	return 0;
}

static int setup_done(struct ivs_client *c)
{
	return c->shm >= 0 && c->nself == VECTORS;
}

static int knows_one(struct ivs_client *c)
{
	return c->n_known == 1 && c->known[0].nfd == VECTORS;
}

static int knows_none(struct ivs_client *c)
{
	return c->n_known == 0;
}

/* One ring on @tx, read back from @rx (nonblocking: it must be there). */
static int rings_through(int tx, int rx)
{
	uint64_t one = 1, got = 0;
	struct pollfd pf = { .fd = rx, .events = POLLIN };

	if (write(tx, &one, sizeof(one)) != sizeof(one))
		return 0;
	if (poll(&pf, 1, 1000) != 1)
		return 0;
	return read(rx, &got, sizeof(got)) == sizeof(got) && got == 1;
}

struct srv_thread {
	struct ivs_server s;
	int stop[2];
	int rc;
};

static void *serve(void *arg)
{
	struct srv_thread *t = arg;

	t->rc = ivs_server_run(&t->s, t->stop[0]);
	return NULL;
}

static void test_protocol(const char *dir)
{
	struct ivs_client a, b, c;
	struct srv_thread t;
	struct stat st;
	char path[256];
	pthread_t th;
	int r;

	snprintf(path, sizeof(path), "%s/ivs.sock", dir);
	ok(ivs_server_open(&t.s, path, 0, 4096) && errno == EINVAL,
	   "server: 0 vectors refused");
	ok(ivs_server_open(&t.s, path, VECTORS, 3000) && errno == EINVAL,
	   "server: a memory size not a power of two refused");
	r = ivs_server_open(&t.s, path, VECTORS, 1 << 16);
	ok(!r, "server: listens");
	if (r || pipe(t.stop))
		return;
	pthread_create(&th, NULL, serve, &t);

	r = ivs_client_connect(&a, path) || step_until(&a, setup_done);
	ok(!r, "peer A: version 0, its id, shared memory, its own eventfds");
	ok(a.self == 0, "peer A: the first peer's id is 0");
	ok(!fstat(a.shm, &st) && st.st_size == 1 << 16,
	   "peer A: the shared memory has the size asked for");
	ok(a.n_known == 0, "peer A: no other peer yet");

	r = ivs_client_connect(&b, path) || step_until(&b, setup_done) ||
	    step_until(&b, knows_one);
	ok(!r && b.self == 1, "peer B: id 1, set up");
	ok(b.n_known == 1 && b.known[0].id == 0 && b.known[0].nfd == VECTORS,
	   "peer B: got A's eventfds, one per vector");
	ok(!step_until(&a, knows_one) && a.known[0].id == 1,
	   "peer A: told of B with one eventfd per vector");
	ok(rings_through(b.known[0].efd[2], a.self_efd[2]),
	   "B rings A's vector 2: A's own eventfd 2 has it");
	ok(rings_through(a.known[0].efd[0], b.self_efd[0]),
	   "A rings B's vector 0: B's own eventfd 0 has it");
	{
		struct pollfd pf = { .fd = a.self_efd[0], .events = POLLIN };

		ok(poll(&pf, 1, 0) == 0, "nothing rang A's vector 0");
	}

	ivs_client_close(&b);
	ok(!step_until(&a, knows_none),
	   "peer A: B's disconnect is its id without an fd");

	r = ivs_client_connect(&c, path) || step_until(&c, setup_done) ||
	    step_until(&c, knows_one);
	ok(!r && c.self == 2 && c.known[0].id == 0,
	   "peer C after B left: a fresh id, 2, and only A known");
	ok(!step_until(&a, knows_one) && a.known[0].id == 2,
	   "peer A: told of C");
	ivs_client_close(&c);
	ivs_client_close(&a);

	if (write(t.stop[1], "x", 1) != 1)
		t.rc = -1;
	pthread_join(th, NULL);
	ok(t.rc == 0, "server: stops when told");
	ivs_server_close(&t.s);
	unlink(path);
	close(t.stop[0]);
	close(t.stop[1]);
}

static int wait_file(const char *f)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	int i;

	for (i = 0; i < 500; i++) {
		if (!access(f, F_OK))
			return 0;
		nanosleep(&ts, NULL);
	}
	return -1;
}

static int run_status(pid_t pid)
{
	int st;

	if (waitpid(pid, &st, 0) != pid)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static void test_binary(const char *bin, const char *dir)
{
	char path[256], ready[256];
	struct ivs_client a;
	pid_t pid;
	int r;

	snprintf(path, sizeof(path), "%s/bin.sock", dir);
	snprintf(ready, sizeof(ready), "%s/ready", dir);
	pid = fork();
	if (pid == 0) {
		/* its usage message is expected: not for the TAP reader */
		if (!freopen("/dev/null", "w", stderr))
			_exit(126);
		execl(bin, bin, "-n", "0", "-S", path, (char *)NULL);
		_exit(127);
	}
	ok(run_status(pid) == 2, "ivshmem-server -n 0: usage, status 2");

	pid = fork();
	if (pid == 0) {
		execl(bin, bin, "-S", path, "-n", "2", "-r", ready, (char *)NULL);
		_exit(127);
	}
	r = wait_file(ready);
	ok(!r, "ivshmem-server: ready file once listening");
	r = r || ivs_client_connect(&a, path) || step_until(&a, knows_none);
	if (!r) {
		while (a.nself < 2 && !r) {
			struct pollfd pf = { .fd = a.sock, .events = POLLIN };

			r = poll(&pf, 1, 5000) != 1 || ivs_client_step(&a) != 1;
		}
	}
	ok(!r && a.self == 0 && a.shm >= 0 && a.nself == 2,
	   "ivshmem-server: serves a peer");
	if (!r)
		ivs_client_close(&a);
	kill(pid, SIGTERM);
	ok(run_status(pid) == 0, "ivshmem-server: SIGTERM ends it, status 0");
	ok(access(path, F_OK) && errno == ENOENT,
	   "ivshmem-server: its socket is removed at exit");
	unlink(ready);
}

int main(int argc, char **argv)
{
	char dir[] = "/tmp/armtrace-ivs-XXXXXX";

	printf("TAP version 13\n");
	if (argc != 2 || !mkdtemp(dir)) {
		printf("not ok 1 - usage: ivshmem_test SERVER_BINARY\n");
		return 1;
	}
	signal(SIGPIPE, SIG_IGN);
	test_protocol(dir);
	test_binary(argv[1], dir);
	rmdir(dir);
	printf("1..%u\n", n_test);
	return n_fail ? 1 : 0;
}
