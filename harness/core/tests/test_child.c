/* test_child.c - the measured child's start: a child killed before it is
 * released (a signal forwarded while spstat still prepares) is reported as
 * killed, and releasing it does not end the parent with SIGPIPE. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "child.h"
#include "tap.h"

/* Until pid is a zombie, so its end of the start pipe is closed. */
static int wait_zombie(pid_t pid)
{
	struct timespec tick = { 0, 10000000 };
	char path[64], stat[256];

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	for (int i = 0; i < 1000; i++) {
		FILE *f = fopen(path, "r");
		size_t n = f ? fread(stat, 1, sizeof(stat) - 1, f) : 0;
		char *end;

		if (f)
			fclose(f);
		stat[n] = '\0';
		end = strrchr(stat, ')');
		if (end && end[1] == ' ' && end[2] == 'Z')
			return 0;
		nanosleep(&tick, NULL);
	}
	return -1;
}

static void test_killed_before_start(void)
{
	char *argv[] = { "/bin/true", NULL };
	struct child c;
	sigset_t mask;

	sigprocmask(SIG_SETMASK, NULL, &mask);
	TAP_CHECK(child_spawn(&c, argv, false) == 0, "spawn");
	kill(c.pid, SIGKILL);
	TAP_CHECK(wait_zombie(c.pid) == 0, "the child died before its start");
	TAP_CHECK(child_start(&c) == 0, "releasing it returns (no SIGPIPE)");
	TAP_CHECK(child_wait(&c, 0, NULL, NULL) == 0 && c.reaped &&
		  WIFSIGNALED(c.status) && WTERMSIG(c.status) == SIGKILL,
		  "reported as killed by its signal");
	{
		sigset_t now, pending;

		sigprocmask(SIG_SETMASK, NULL, &now);
		sigpending(&pending);
		TAP_CHECK(sigismember(&now, SIGPIPE) ==
			  sigismember(&mask, SIGPIPE) &&
			  !sigismember(&pending, SIGPIPE),
			  "signal mask as before, no SIGPIPE left pending");
	}
}

static void test_normal_start(void)
{
	char *argv[] = { "/bin/sh", "-c", "exit 7", NULL };
	struct child c;

	TAP_CHECK(child_spawn(&c, argv, false) == 0 && child_start(&c) == 0 &&
		  child_wait(&c, 0, NULL, NULL) == 0 && WIFEXITED(c.status) &&
		  WEXITSTATUS(c.status) == 7, "a started child runs: exit 7");
}

int main(void)
{
	test_normal_start();
	test_killed_before_start();
	return tap_done();
}
