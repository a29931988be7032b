/* test_proctree.c - proctree_leaf finds, below a launcher, the grandchild
 * it started last, against the pids fork() returned; a childless process
 * is its own leaf. */
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "proctree.h"
#include "tap.h"

static void nap_ms(long ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000 };

	nanosleep(&t, NULL);
}

/* A launcher: forks an older child, then (after a tick, so that start times
 * differ) a newer child that itself forks a grandchild; reports the
 * grandchild's pid through fd, then waits to be killed. */
static void launcher(int fd)
{
	pid_t older = fork(), newer, grand;
	int p[2];

	if (older == 0) {
		pause();
		_exit(0);
	}
	nap_ms(30);
	if (pipe(p) < 0)
		_exit(1);
	newer = fork();
	if (newer == 0) {
		grand = fork();
		if (grand == 0) {
			pause();
			_exit(0);
		}
		if (write(p[1], &grand, sizeof(grand)) != sizeof(grand))
			_exit(1);
		pause();
		_exit(0);
	}
	if (read(p[0], &grand, sizeof(grand)) != sizeof(grand) ||
	    write(fd, &grand, sizeof(grand)) != sizeof(grand))
		_exit(1);
	pause();
	_exit(0);
}

int main(void)
{
	pid_t root, grand = 0;
	int p[2];

	tap_plan(3);
	TAP_CHECK(proctree_leaf(getpid()) == getpid(),
		  "a process with no child is its own leaf");
	if (pipe(p) < 0)
		return 1;
	root = fork();
	if (root == 0) {
		setpgid(0, 0);
		launcher(p[1]);
	}
	setpgid(root, root);
	TAP_CHECK(read(p[0], &grand, sizeof(grand)) == sizeof(grand),
		  "the launcher reports its grandchild");
	TAP_CHECK(proctree_leaf(root) == grand,
		  "the leaf is the newest child's child (%d), not the older child",
		  (int)grand);
	kill(-root, SIGKILL);
	waitpid(root, NULL, 0);
	return tap_done();
}
