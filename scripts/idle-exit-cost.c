// What an exit from idle costs on one given CPU (recordings/observer, "Which vCPU pays it"):
// thread P, pinned to POLL_CPU, never sleeps; it writes one byte into a pipe, which wakes
// thread S, asleep in read() on SLEEP_CPU (so SLEEP_CPU leaves idle for it), and spins until S
// has stored the round's number; then P spins GAP_US more, so that S has blocked again and
// SLEEP_CPU is idle before the next write. Prints the mean and the median wake latency (write
// to the store seen by P), ns. Run it with and without a tracepoint enabled to see what the
// tracepoint adds to SLEEP_CPU's exits from idle alone.
// Usage: idle-exit-cost POLL_CPU SLEEP_CPU ROUNDS GAP_US   (cc -O2 -pthread)
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static int fds[2];
static long rounds;
static _Atomic long seen = -1;

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static void pin(int cpu) {
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(cpu, &s);
    if (pthread_setaffinity_np(pthread_self(), sizeof s, &s)) {
        perror("pin");
        exit(1);
    }
}

static void *sleeper(void *arg) {
    pin(*(int *)arg);
    char c;
    for (long r = 0; r < rounds; r++) {
        if (read(fds[0], &c, 1) != 1) {
            perror("read");
            exit(1);
        }
        atomic_store_explicit(&seen, r, memory_order_release);
    }
    return NULL;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s POLL_CPU SLEEP_CPU ROUNDS GAP_US\n", argv[0]);
        return 2;
    }
    int poll_cpu = atoi(argv[1]), sleep_cpu = atoi(argv[2]);
    rounds = atol(argv[3]);
    double gap = atof(argv[4]) * 1000.0;
    double *lat = malloc(sizeof(double) * rounds);
    if (pipe(fds)) {
        perror("pipe");
        return 1;
    }
    pthread_t t;
    pthread_create(&t, NULL, sleeper, &sleep_cpu);
    pin(poll_cpu);
    double until = now_ns() + 10e6; // let S block first
    while (now_ns() < until)
        ;
    for (long r = 0; r < rounds; r++) {
        double t0 = now_ns();
        if (write(fds[1], "x", 1) != 1) {
            perror("write");
            return 1;
        }
        while (atomic_load_explicit(&seen, memory_order_acquire) != r)
            ;
        double t1 = now_ns();
        lat[r] = t1 - t0;
        until = t1 + gap;
        while (now_ns() < until)
            ;
    }
    pthread_join(t, NULL);
    double sum = 0;
    for (long r = 0; r < rounds; r++)
        sum += lat[r];
    qsort(lat, rounds, sizeof(double), cmp);
    printf("{\"poll_cpu\": %d, \"sleep_cpu\": %d, \"rounds\": %ld, \"gap_us\": %s, "
           "\"mean_ns\": %.1f, \"median_ns\": %.1f}\n",
           poll_cpu, sleep_cpu, rounds, argv[4], sum / rounds, lat[rounds / 2]);
    return 0;
}
