// What a read of an empty socket costs on this machine, untraced: `recv(MSG_DONTWAIT)` of 100
// bytes from an empty AF_UNIX stream socket and from an empty loopback TCP socket (EAGAIN: the
// system call's entry and exit and the read path's pass that finds nothing), pinned to CPU 0.
// Prints one line per repetition, ns per call.
//
// usage: sockets [CALLS] [REPETITIONS]
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv)
{
	int calls = argc > 1 ? atoi(argv[1]) : 1000000;
	int reps = argc > 2 ? atoi(argv[2]) : 5;
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof set, &set))
		abort();
	int u[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, u))
		abort();
	int l = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t al = sizeof a;
	if (bind(l, (void *)&a, sizeof a) || listen(l, 1) || getsockname(l, (void *)&a, &al))
		abort();
	int c = socket(AF_INET, SOCK_STREAM, 0);
	if (connect(c, (void *)&a, sizeof a))
		abort();
	int s = accept(l, 0, 0);
	if (s < 0)
		abort();
	char buf[100];
	printf("unix_read_empty_ns tcp_read_empty_ns\n");
	for (int r = 0; r < reps; r++) {
		long long t0 = now_ns();
		for (int i = 0; i < calls; i++)
			if (recv(u[0], buf, sizeof buf, MSG_DONTWAIT) != -1)
				abort();
		long long t1 = now_ns();
		for (int i = 0; i < calls; i++)
			if (recv(s, buf, sizeof buf, MSG_DONTWAIT) != -1)
				abort();
		long long t2 = now_ns();
		printf("%.0f %.0f\n", (double)(t1 - t0) / calls, (double)(t2 - t1) / calls);
	}
	return 0;
}
