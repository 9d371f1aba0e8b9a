// A token ring of N tasks (threads or processes) joined by pipes, all pinned to one CPU:
// each hop is a 100-byte pipe write that wakes the next task, the writer's read that blocks,
// a context switch and the woken task's read that returns. With N = 2 it is `perf bench
// sched pipe` pinned (recordings/switch-cost). Prints ns per hop: how a switch's cost grows
// with the number of tasks that ran on the CPU since the incoming one last ran (N - 1), and
// counts each task's blocks and preemptions (getrusage: voluntary / involuntary switches).
//
// usage: ring MODE N HOPS CPU   (MODE: thread | process)
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MSG 100
static int n, cpu;
static long hops;
static int (*fds)[2];
// per task: voluntary switches (blocks) and involuntary ones (preemptions), from getrusage
static long (*counts)[2];

static void pin(void) {
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(cpu, &s);
    if (sched_setaffinity(0, sizeof s, &s)) { perror("sched_setaffinity"); exit(1); }
}

// task i reads fds[i] and writes fds[(i+1)%n]; task 0 injects the token and counts laps
static void member(int i) {
    char buf[MSG];
    long laps = hops / n;
    pin();
    for (long l = 0; l < laps; l++) {
        if (i == 0 && l == 0) {
            memset(buf, 1, MSG);
        } else if (read(fds[i][0], buf, MSG) != MSG) { perror("read"); exit(1); }
        if (write(fds[(i + 1) % n][1], buf, MSG) != MSG) { perror("write"); exit(1); }
    }
    if (i == 0 && read(fds[0][0], buf, MSG) != MSG) { perror("read"); exit(1); }
    struct rusage u;
    getrusage(RUSAGE_THREAD, &u);
    counts[i][0] = u.ru_nvcsw;
    counts[i][1] = u.ru_nivcsw;
}

static void *thread_main(void *arg) { member((int)(long)arg); return NULL; }

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: ring thread|process N HOPS CPU\n"); return 2; }
    int threads = !strcmp(argv[1], "thread");
    n = atoi(argv[2]); hops = atol(argv[3]); cpu = atoi(argv[4]);
    if (n < 2 || hops < n) { fprintf(stderr, "N >= 2, HOPS >= N\n"); return 2; }
    hops -= hops % n;
    fds = calloc(n, sizeof *fds);
    for (int i = 0; i < n; i++) if (pipe(fds[i])) { perror("pipe"); return 1; }
    counts = mmap(NULL, n * sizeof *counts, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (counts == MAP_FAILED) { perror("mmap"); return 1; }
    pin();
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    if (threads) {
        pthread_t *t = calloc(n, sizeof *t);
        for (int i = 1; i < n; i++) pthread_create(&t[i], NULL, thread_main, (void *)(long)i);
        member(0);
        for (int i = 1; i < n; i++) pthread_join(t[i], NULL);
    } else {
        for (int i = 1; i < n; i++) if (fork() == 0) { member(i); _exit(0); }
        member(0);
        while (wait(NULL) > 0) {}
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
    long blocks = 0, preempted = 0;
    for (int i = 0; i < n; i++) { blocks += counts[i][0]; preempted += counts[i][1]; }
    // every block is ended by a wake-up; switches = blocks + preemptions
    printf("%s n=%d hops=%ld ns_per_hop=%.1f blocks_per_hop=%.3f preempted_per_hop=%.3f\n",
           argv[1], n, hops, ns / hops, (double)blocks / hops, (double)preempted / hops);
    return 0;
}
