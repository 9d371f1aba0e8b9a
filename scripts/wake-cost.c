// Cross-CPU wake-up cost on this machine (issue 19): two threads ping-pong a message of SIZE
// bytes over two pipes (each write wakes the other thread's read: WF_SYNC, as hackbench's
// pipes), both pinned to one CPU ("packed") or one on each CPU ("split"). Prints, per round
// trip (two wake-ups): the wall time and each thread's own CPU time
// (CLOCK_THREAD_CPUTIME_ID: user + system, including the wake-ups it issues and the copies it
// makes, not the other CPU's idle loop). What the split costs beyond the packed run is what a
// wake-up to another CPU (IPI, the target's idle exit, cache lines moving) costs each side.
// Usage: wake-cost CPU_A CPU_B SIZE ROUNDS   (build: cc -O2 -pthread -o wake-cost wake-cost.c)
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int ab[2], ba[2];
static long rounds;
static size_t size;
static double cpu_ns[2];

static double ns(clockid_t c) {
    struct timespec t;
    clock_gettime(c, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static void pin(int cpu) {
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(cpu, &s);
    if (pthread_setaffinity_np(pthread_self(), sizeof s, &s)) { perror("affinity"); exit(1); }
}

static void xfer(int fd, char *buf, int out) {
    size_t done = 0;
    while (done < size) {
        ssize_t n = out ? write(fd, buf + done, size - done) : read(fd, buf + done, size - done);
        if (n <= 0) { perror(out ? "write" : "read"); exit(1); }
        done += n;
    }
}

struct arg { int cpu, side; };

static void *run(void *p) {
    struct arg *a = p;
    char *buf = calloc(1, size);
    pin(a->cpu);
    double t0 = ns(CLOCK_THREAD_CPUTIME_ID);
    for (long i = 0; i < rounds; i++) {
        if (a->side == 0) { xfer(ab[1], buf, 1); xfer(ba[0], buf, 0); }
        else { xfer(ab[0], buf, 0); xfer(ba[1], buf, 1); }
    }
    cpu_ns[a->side] = ns(CLOCK_THREAD_CPUTIME_ID) - t0;
    free(buf);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: %s CPU_A CPU_B SIZE ROUNDS\n", argv[0]); return 2; }
    int ca = atoi(argv[1]), cb = atoi(argv[2]);
    size = strtoul(argv[3], 0, 10);
    rounds = atol(argv[4]);
    if (pipe(ab) || pipe(ba)) { perror("pipe"); return 1; }
    pthread_t ta, tb;
    struct arg a = {ca, 0}, b = {cb, 1};
    double w0 = ns(CLOCK_MONOTONIC);
    pthread_create(&tb, 0, run, &b);
    pthread_create(&ta, 0, run, &a);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    double wall = ns(CLOCK_MONOTONIC) - w0;
    printf("{\"cpu_a\": %d, \"cpu_b\": %d, \"bytes\": %zu, \"rounds\": %ld, "
           "\"wall_ns_per_round\": %.1f, \"cpu_a_ns_per_round\": %.1f, \"cpu_b_ns_per_round\": %.1f}\n",
           ca, cb, size, rounds, wall / rounds, cpu_ns[0] / rounds, cpu_ns[1] / rounds);
    return 0;
}
