/* child.c - fork/exec of the measured command with a start pipe (so counters
 * can be attached before exec) and a close-on-exec error pipe (so exec
 * failures are told apart from the command's own exit status 127). */
#include "child.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t forward_pid;
static const int forwarded[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
#define NFORWARDED ((int)(sizeof(forwarded) / sizeof(forwarded[0])))

static void forward(int sig)
{
	if (forward_pid > 0)
		kill(forward_pid, sig);
}

uint64_t clock_ns(clockid_t clock)
{
	struct timespec t;

	clock_gettime(clock, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

uint64_t monotonic_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

double child_wall_s(const struct child *c)
{
	return (double)(c->t_end.tv_sec - c->t_start.tv_sec) +
	       (double)(c->t_end.tv_nsec - c->t_start.tv_nsec) / 1e9;
}

struct failure {
	int step;	/* 0: prctl, 1: exec */
	int err;
};

static void write_all(int fd, const void *buf, size_t len)
{
	while (len > 0) {
		ssize_t w = write(fd, buf, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		buf = (const char *)buf + w;
		len -= (size_t)w;
	}
}

static void run_child(int start_rfd, int err_wfd, char *const argv[],
		      bool thp_disable, const sigset_t *old_mask)
{
	struct failure f = { 0, 0 };
	char go;
	ssize_t r;

	for (int i = 0; i < NFORWARDED; i++)
		signal(forwarded[i], SIG_DFL);
	sigprocmask(SIG_SETMASK, old_mask, NULL);
	do
		r = read(start_rfd, &go, 1);
	while (r < 0 && errno == EINTR);
	if (r != 1)
		_exit(125);	/* spstat gave up before starting us */
	close(start_rfd);
	if (thp_disable && prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0) != 0) {
		f.err = errno;
		write_all(err_wfd, &f, sizeof(f));
		_exit(127);
	}
	execvp(argv[0], argv);
	f.step = 1;
	f.err = errno;
	write_all(err_wfd, &f, sizeof(f));
	_exit(127);
}

int child_spawn(struct child *c, char *const argv[], bool thp_disable)
{
	int start[2], err[2];
	sigset_t block, old;
	struct sigaction sa;

	memset(c, 0, sizeof(*c));
	c->pid = -1;
	c->thp_disable = thp_disable;
	if (pipe2(start, O_CLOEXEC) != 0)
		return -1;
	if (pipe2(err, O_CLOEXEC) != 0) {
		close(start[0]);
		close(start[1]);
		return -1;
	}
	/* Signals wait until the handlers know whom to forward to. */
	sigemptyset(&block);
	for (int i = 0; i < NFORWARDED; i++)
		sigaddset(&block, forwarded[i]);
	sigprocmask(SIG_BLOCK, &block, &old);

	c->pid = fork();
	if (c->pid == 0) {
		close(start[1]);
		close(err[0]);
		run_child(start[0], err[1], argv, thp_disable, &old);
	}
	close(start[0]);
	close(err[1]);
	if (c->pid < 0) {
		int e = errno;

		close(start[1]);
		close(err[0]);
		sigprocmask(SIG_SETMASK, &old, NULL);
		errno = e;
		return -1;
	}
	c->start_fd = start[1];
	c->err_fd = err[0];

	forward_pid = c->pid;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = forward;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < NFORWARDED; i++)
		sigaction(forwarded[i], &sa, NULL);
	sigprocmask(SIG_SETMASK, &old, NULL);
	return 0;
}

int child_start(struct child *c)
{
	struct failure f;
	ssize_t r;
	char go = 1;
	sigset_t pipe_sig, old;
	struct timespec now = { 0, 0 };

	/* A signal forwarded before exec ends the child: the write then meets
	 * a closed pipe, and SIGPIPE must not end spstat before its record. */
	sigemptyset(&pipe_sig);
	sigaddset(&pipe_sig, SIGPIPE);
	sigprocmask(SIG_BLOCK, &pipe_sig, &old);
	clock_gettime(CLOCK_MONOTONIC, &c->t_start);
	write_all(c->start_fd, &go, 1);
	if (!sigismember(&old, SIGPIPE)) {
		sigset_t pending;

		sigpending(&pending);
		if (sigismember(&pending, SIGPIPE))
			sigtimedwait(&pipe_sig, NULL, &now);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(c->start_fd);
	c->start_fd = -1;
	do
		r = read(c->err_fd, &f, sizeof(f));
	while (r < 0 && errno == EINTR);
	close(c->err_fd);
	c->err_fd = -1;
	if (r == (ssize_t)sizeof(f)) {
		c->exec_errno = f.err;
		c->failed_step = f.step ? "exec" : "prctl(PR_SET_THP_DISABLE)";
		return -1;
	}
	return 0;
}

static int reap(struct child *c, int flags)
{
	pid_t r;

	do
		r = wait4(c->pid, &c->status, flags, &c->ru);
	while (r < 0 && errno == EINTR);
	if (r == c->pid) {
		clock_gettime(CLOCK_MONOTONIC, &c->t_end);
		c->reaped = true;
		forward_pid = 0;
	}
	return r < 0 ? -1 : (int)r;
}

static int poll_ms(uint64_t deadline_ns, unsigned int interval_ms)
{
	uint64_t now;

	if (!interval_ms)
		return -1;
	now = monotonic_ns();
	return deadline_ns > now ? (int)((deadline_ns - now + 999999) / 1000000)
				 : 0;
}

int child_wait(struct child *c, unsigned int interval_ms, child_tick_fn tick,
	       void *arg)
{
	uint64_t step = (uint64_t)interval_ms * 1000000u;
	uint64_t next = monotonic_ns() + step;
	int pidfd = (int)syscall(SYS_pidfd_open, c->pid, 0);

	if (!tick)
		interval_ms = 0;
	while (!c->reaped) {
		int n;

		if (pidfd >= 0) {
			struct pollfd p = { .fd = pidfd, .events = POLLIN };

			n = poll(&p, 1, poll_ms(next, interval_ms));
			if (n < 0 && errno != EINTR)
				break;
			if (n > 0 && reap(c, 0) < 0)
				break;
		} else {
			/* No pidfd (kernel < 5.3): check every 10 ms. */
			struct timespec ts = { 0, 10000000 };

			if (reap(c, WNOHANG) < 0)
				break;
			n = c->reaped;
			if (!n && (!interval_ms || monotonic_ns() < next))
				nanosleep(&ts, NULL);
		}
		if (!c->reaped && interval_ms && monotonic_ns() >= next) {
			uint64_t now = monotonic_ns();

			tick(arg, c->pid, now);
			next += step;
			if (next <= now)	/* the tick overran: skip ahead */
				next = now + step;
		}
	}
	if (pidfd >= 0)
		close(pidfd);
	if (!c->reaped)
		return reap(c, 0) < 0 ? -1 : 0;
	return 0;
}
