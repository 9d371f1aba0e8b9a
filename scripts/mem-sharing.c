// What a busy neighbour CPU costs: per-iteration time of a dependent ALU loop and of random
// pointer chases over W bytes on CPU 0, (a) alone, (b) with CPU 1 running the same loop, and
// (c) with CPU 1 streaming over 64 MiB (an LLC and memory-bandwidth thrasher). Built and run
// by scripts/measure-mem-sharing.sh; results in recordings/host-2vcpu/mem-sharing.json.
// Timing only: it needs no PMU (this host has none). Tells whether two CPUs share a core
// (SMT: the ALU loop slows), and what a neighbour does to L2-, LLC- and DRAM-resident work.
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ns(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

enum kind { ALU, CHASE, STREAM };
struct arg {
	int cpu;
	enum kind kind;
	size_t bytes;
	double ns;
	volatile int *go, *stop;
};

static void pin(int c) {
	cpu_set_t s;
	CPU_ZERO(&s);
	CPU_SET(c, &s);
	pthread_setaffinity_np(pthread_self(), sizeof s, &s);
}

static uint64_t *chain(size_t n, unsigned seed) {
	uint64_t *buf = aligned_alloc(64, n * 64);
	size_t *perm = malloc(n * sizeof *perm);
	for (size_t i = 0; i < n; i++) perm[i] = i;
	srand(seed);
	for (size_t i = n - 1; i > 0; i--) {
		size_t j = (size_t)rand() % (i + 1), t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	for (size_t i = 0; i < n; i++) buf[perm[i] * 8] = (uint64_t)&buf[perm[(i + 1) % n] * 8];
	free(perm);
	return buf;
}

static void *work(void *p) {
	struct arg *a = p;
	pin(a->cpu);
	size_t n = a->bytes / 64;
	uint64_t *buf = a->kind == CHASE ? chain(n, a->cpu + 1) : a->kind == STREAM ? aligned_alloc(64, a->bytes) : NULL;
	if (a->kind == STREAM)
		for (size_t i = 0; i < a->bytes / 8; i++) buf[i] = i;
	while (!*a->go) {}
	double t0 = now_ns();
	long iters = 0;
	if (a->kind == CHASE) {
		uint64_t *q = (uint64_t *)buf[0];
		iters = 20000000;
		for (long i = 0; i < iters; i++) q = (uint64_t *)*q;
		if (!q) puts("");
	} else if (a->kind == ALU) {
		uint64_t x = 1, y = 3;
		iters = 400000000;
		for (long i = 0; i < iters; i++) { x = x * y + i; y ^= x >> 7; }
		if (x == 42) puts("");
	} else {
		uint64_t s = 0;
		while (!*a->stop) {
			for (size_t i = 0; i < a->bytes / 8; i += 8) { s += buf[i]; buf[i + 1] = s; }
			iters++;
		}
		if (s == 42) puts("");
	}
	a->ns = (now_ns() - t0) / (iters ? iters : 1);
	return NULL;
}

int main(int argc, char **argv) {
	if (argc != 4) {
		fprintf(stderr, "usage: %s alu|chase KiB alone|same|stream\n", argv[0]);
		return 2;
	}
	enum kind kind = argv[1][0] == 'a' ? ALU : CHASE;
	size_t kib = (size_t)atol(argv[2]);
	char mode = argv[3][1]; /* l(alone) a(same) t(stream) */
	volatile int go = 0, stop = 0;
	struct arg a = {0, kind, kib * 1024, 0, &go, &stop};
	struct arg b = {1, mode == 't' ? STREAM : kind, mode == 't' ? (size_t)64 << 20 : kib * 1024, 0, &go, &stop};
	pthread_t ta, tb;
	pthread_create(&ta, 0, work, &a);
	if (mode != 'l') pthread_create(&tb, 0, work, &b);
	struct timespec d = {0, 300000000};
	nanosleep(&d, 0);
	go = 1;
	pthread_join(ta, 0);
	stop = 1;
	if (mode != 'l') pthread_join(tb, 0);
	printf("%.2f\n", a.ns);
	return 0;
}
