/* web_run.c - sp-web-run: the measured command of the web workload.  It
 * becomes the server: after a fork it execs merecat (a thttpd descendant)
 * on 127.0.0.1, a free port, the generated document tree, so that spstat's
 * direct child is the server for the whole trace.  The forked controller
 * waits for the port to answer, runs httperf over the trace, checks its
 * report, and stops the server: SIGTERM when every request was served
 * (merecat then exits 0), SIGKILL with one line on stderr when not, so a
 * failed trace never ends in exit 0 and never leaves a server behind
 * (a signal to the controller stops both; only SIGKILL of the controller
 * itself would leave the server running).  Where pidfd_open is missing
 * (under Valgrind 3.19, which sptlb runs on), the controller watches the
 * server as its parent and httperf as its child instead.
 * Usage: sp-web-run -i INPUT_DIR -o OUT_DIR [--timeout S]
 *        [--merecat PATH] [--httperf PATH] */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "web_report.h"
#include "web_server.h"

struct options {
	const char *input, *out, *merecat, *httperf;
	long timeout_s;
};

static const char *prog = "sp-web-run";
static int server_fd = -1;	/* pidfd of the server, in the controller */
static pid_t server_pid;	/* the controller's parent while it lives */
static pid_t httperf_pid;
static int httperf_status = -1;	/* once reaped without a pidfd */
static volatile sig_atomic_t stop_signal;

static void parse_args(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{ "timeout", required_argument, NULL, 't' },
		{ "merecat", required_argument, NULL, 'm' },
		{ "httperf", required_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cli cli = { argv[0], "-i INPUT_DIR -o OUT_DIR "
				 "[--timeout S] [--merecat PATH] "
				 "[--httperf PATH]", NULL };
	int c;

	o->input = o->out = NULL;
	o->merecat = "/usr/sbin/merecat";
	o->httperf = "/usr/bin/httperf";
	o->timeout_s = 3600;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":i:o:", longopts, NULL)) != -1) {
		switch (c) {
		case 'i':
			o->input = optarg;
			break;
		case 'o':
			o->out = optarg;
			break;
		case 't':
			o->timeout_s = (long)cli_number(&cli, optarg, 1, 86400,
							"timeout");
			break;
		case 'm':
			o->merecat = optarg;
			break;
		case 'h':
			o->httperf = optarg;
			break;
		default:
			cli_bad_option(&cli, c);
		}
	}
	if (optind != argc)
		cli_fail(&cli, "unexpected argument");
	if (!o->input || !o->out)
		cli_fail(&cli, "give -i and -o");
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* By pidfd, or by pid only while the server is still this process's
 * parent, so that a recycled pid is never signalled. */
static int signal_server(int sig)
{
	if (server_fd >= 0)
		return (int)syscall(SYS_pidfd_send_signal, server_fd, sig,
				    NULL, 0);
	if (server_pid <= 0 || getppid() != server_pid) {
		errno = ESRCH;
		return -1;
	}
	return kill(server_pid, sig);
}

/* In the controller: stop httperf and kill the server, say why, exit. */
static void fail(const char *fmt, ...)
{
	va_list ap;

	if (httperf_pid > 0)
		kill(httperf_pid, SIGKILL);
	signal_server(SIGKILL);
	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	_exit(1);
}

static void on_signal(int sig)
{
	stop_signal = sig;
}

/* Whether the process watched by fds[i] has exited, for a slot without a
 * pidfd (fd -1, which poll ignores). */
static int exited_without_pidfd(int i)
{
	if (i == 0)
		return getppid() != server_pid;
	if (httperf_status < 0) {
		int status;

		if (waitpid(httperf_pid, &status, WNOHANG) != httperf_pid)
			return 0;
		httperf_status = status;
	}
	return 1;
}

/* Waits for fds[0] (the server) or fds[1] (httperf) to exit, for at most
 * ms milliseconds; returns the index that exited, or -1. */
static int wait_exit(struct pollfd *fds, int n, long ms)
{
	long deadline = now_ms() + ms;

	for (;;) {
		long left = deadline - now_ms();
		int r;

		if (stop_signal)
			fail("stopped by signal %d", (int)stop_signal);
		if (left <= 0)
			return -1;
		r = poll(fds, (nfds_t)n, left > 100 ? 100 : (int)left);
		if (r < 0 && errno != EINTR)
			fail("poll: %s", strerror(errno));
		for (int i = 0; i < n; i++)
			if (fds[i].fd >= 0 ? r > 0 && fds[i].revents :
			    exited_without_pidfd(i))
				return i;
	}
}

static void start_httperf(const struct options *o, int port,
			  const struct web_expect *e)
{
	char report[4200], wlog[4200], ports[16], conns[32];
	pid_t parent = getpid();
	int fd;

	snprintf(report, sizeof(report), "%s/httperf.txt", o->out);
	snprintf(wlog, sizeof(wlog), "n,%s/trace.wlog", o->input);
	snprintf(ports, sizeof(ports), "%d", port);
	snprintf(conns, sizeof(conns), "%ld", e->requests);
	fd = open(report, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		fail("cannot create %s: %s", report, strerror(errno));
	httperf_pid = fork();
	if (httperf_pid < 0)
		fail("fork: %s", strerror(errno));
	if (httperf_pid == 0) {
		/* Dies with the controller, whatever kills it. */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(1);
		dup2(fd, STDOUT_FILENO);
		/* One request a connection (the server closes after each),
		 * one at a time, in the trace's order. */
		execl(o->httperf, o->httperf, "--server", "127.0.0.1",
		      "--port", ports, "--wlog", wlog, "--num-conns", conns,
		      "--num-calls", "1", "--timeout", "60", (char *)NULL);
		fprintf(stderr, "%s: cannot run %s: %s\n", prog, o->httperf,
			strerror(errno));
		_exit(127);
	}
	close(fd);
}

/* Runs in the forked child with the stop signals blocked since before the
 * fork, so none can kill it before it can stop the server. */
static void controller(const struct options *o, pid_t server, int port,
		       const struct web_expect *e, const sigset_t *old_mask)
{
	struct pollfd fds[2] = { { .events = POLLIN }, { .events = POLLIN } };
	struct sigaction sa = { .sa_handler = on_signal };
	char report[4200], err[600];
	int status, hfd;
	long start;

	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigprocmask(SIG_SETMASK, old_mask, NULL);
	server_pid = server;
	server_fd = (int)syscall(SYS_pidfd_open, server, 0);
	if ((server_fd < 0 && errno != ENOSYS) || getppid() != server)
		fail("the server is gone before it started");
	fds[0].fd = server_fd;
	start = now_ms();
	while (!web_answers(port)) {
		if (wait_exit(fds, 1, 10) == 0)
			fail("the server exited at start (see %s/server.log)",
			     o->out);
		if (now_ms() - start > WEB_READY_MS)
			fail("the server did not answer on port %d within "
			     "%d s", port, WEB_READY_MS / 1000);
	}
	start_httperf(o, port, e);
	hfd = (int)syscall(SYS_pidfd_open, httperf_pid, 0);
	if (hfd < 0 && errno != ENOSYS)
		fail("pidfd_open: %s", strerror(errno));
	fds[1].fd = hfd;
	switch (wait_exit(fds, 2, o->timeout_s * 1000)) {
	case 0:
		fail("the server exited during the trace (see %s/server.log)",
		     o->out);
		break;
	case -1:
		fail("the trace took longer than %ld s", o->timeout_s);
		break;
	}
	if (httperf_status >= 0)
		status = httperf_status;
	else if (waitpid(httperf_pid, &status, 0) != httperf_pid)
		fail("waitpid: %s", strerror(errno));
	httperf_pid = 0;
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		fail("httperf failed (status 0x%x)", status);
	snprintf(report, sizeof(report), "%s/httperf.txt", o->out);
	if (web_check_report(report, e, err, sizeof(err)))
		fail("%s", err);
	if (signal_server(SIGTERM))
		fail("cannot stop the server: %s", strerror(errno));
	_exit(0);
}

int main(int argc, char **argv)
{
	char conf[4200], log[4200], pidf[4200], docs[4200], err[600];
	struct options o;
	struct web_expect e;
	sigset_t stops, old_mask;
	pid_t server = getpid(), pid;
	int port, logfd, errfd;

	parse_args(argc, argv, &o);
	if (web_read_expect(o.input, &e, err, sizeof(err))) {
		fprintf(stderr, "%s: %s\n", prog, err);
		return 1;
	}
	port = web_pick_port();
	if (port < 0) {
		fprintf(stderr, "%s: no free port on 127.0.0.1: %s\n", prog,
			strerror(errno));
		return 1;
	}
	snprintf(conf, sizeof(conf), "%s/merecat.conf", o.out);
	snprintf(log, sizeof(log), "%s/server.log", o.out);
	snprintf(pidf, sizeof(pidf), "%s/merecat.pid", o.out);
	snprintf(docs, sizeof(docs), "%s/docs", o.input);
	if (web_write_config(conf, port, err, sizeof(err))) {
		fprintf(stderr, "%s: %s\n", prog, err);
		return 1;
	}
	logfd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	errfd = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
	if (logfd < 0 || errfd < 0) {
		fprintf(stderr, "%s: cannot create %s: %s\n", prog, log,
			strerror(errno));
		return 1;
	}
	sigemptyset(&stops);
	sigaddset(&stops, SIGTERM);
	sigaddset(&stops, SIGINT);
	sigaddset(&stops, SIGHUP);
	sigprocmask(SIG_BLOCK, &stops, &old_mask);
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "%s: fork: %s\n", prog, strerror(errno));
		return 1;
	}
	if (pid == 0) {
		close(logfd);
		close(errfd);
		controller(&o, server, port, &e, &old_mask);
	}
	sigprocmask(SIG_SETMASK, &old_mask, NULL);
	dup2(logfd, STDOUT_FILENO);
	dup2(logfd, STDERR_FILENO);
	web_exec_server(o.merecat, conf, pidf, docs);
	dprintf(errfd, "%s: cannot run %s: %s\n", prog, o.merecat,
		strerror(errno));
	return 1;
}
