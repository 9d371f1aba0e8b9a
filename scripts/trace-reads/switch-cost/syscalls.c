// What the pipe system calls of a token hop cost on this machine, untraced, without a second
// task: a null system call (getppid), a 100-byte read of an empty O_NONBLOCK pipe (EAGAIN: the
// syscall entry and exit and pipe_read's pass that finds nothing), a 100-byte write into a pipe
// nobody waits on, and a 100-byte read that finds data. Pinned to CPU 0. Writes and reads are
// timed in batches of 500 (50 000 bytes: the pipe's 64 KB never fills, the reads never find it
// empty). Prints one line per repetition, ns per call.
//
// usage: syscalls [CALLS_PER_KIND] [REPETITIONS]
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
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
	enum { BATCH = 500 };
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof set, &set))
		abort();
	int p[2];
	if (pipe2(p, O_NONBLOCK))
		abort();
	char buf[100] = { 0 };
	calls -= calls % BATCH;
	printf("null_ns read_empty_ns write_ns read_ns\n");
	for (int rep = 0; rep < reps; rep++) {
		long long t0 = now_ns();
		for (int i = 0; i < calls; i++)
			syscall(SYS_getppid);
		long long null_ns = now_ns() - t0;
		t0 = now_ns();
		for (int i = 0; i < calls; i++)
			if (read(p[0], buf, sizeof buf) != -1 || errno != EAGAIN)
				abort();
		long long empty_ns = now_ns() - t0;
		long long write_ns = 0, read_ns = 0;
		for (int b = 0; b < calls / BATCH; b++) {
			t0 = now_ns();
			for (int i = 0; i < BATCH; i++)
				if (write(p[1], buf, sizeof buf) != sizeof buf)
					abort();
			long long t1 = now_ns();
			for (int i = 0; i < BATCH; i++)
				if (read(p[0], buf, sizeof buf) != sizeof buf)
					abort();
			read_ns += now_ns() - t1;
			write_ns += t1 - t0;
		}
		printf("%.0f %.0f %.0f %.0f\n", (double)null_ns / calls, (double)empty_ns / calls,
		       (double)write_ns / calls, (double)read_ns / calls);
	}
	return 0;
}
