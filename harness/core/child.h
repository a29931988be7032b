/* child.h - runs the measured command: fork, hold it before exec until its
 * counters are open, release it, poll its pidfd (calling a sampler every N
 * ms) and reap it with its rusage. */
#ifndef SP_CHILD_H
#define SP_CHILD_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <time.h>

struct child {
	pid_t pid;
	int start_fd;		/* write end: one byte releases the child */
	int err_fd;		/* read end: closed by a successful exec */
	bool thp_disable;
	int exec_errno;		/* why exec (or the prctl before it) failed */
	const char *failed_step;	/* "exec" or "prctl(PR_SET_THP_DISABLE)" */
	bool reaped;
	int status;		/* wait status */
	struct rusage ru;
	struct timespec t_start, t_end;	/* CLOCK_MONOTONIC */
};

/* Forks; the child waits for child_start().  Returns 0, or -1 with errno.
 * SIGINT, SIGTERM, SIGHUP and SIGQUIT received by this process from now on
 * are forwarded to the child. */
int child_spawn(struct child *c, char *const argv[], bool thp_disable);

/* Releases the child and waits for its exec.  Returns 0 when exec
 * succeeded, -1 when it failed (exec_errno, failed_step set; the child
 * exits 127). */
int child_start(struct child *c);

/* Called every interval while the child runs. */
typedef void (*child_tick_fn)(void *arg, pid_t pid, uint64_t now_ns);

/* Waits for the child to exit, calling tick every interval_ms (0: never),
 * and reaps it.  Returns 0, or -1 with errno. */
int child_wait(struct child *c, unsigned int interval_ms, child_tick_fn tick,
	       void *arg);

double child_wall_s(const struct child *c);
uint64_t clock_ns(clockid_t clock);
uint64_t monotonic_ns(void);

#endif
