/* specinvoke.c - sp-specinvoke: runs one SPEC CPU2000 benchmark's reference
 * invocations one after another, as SPEC's own specinvoke does, but in a
 * fresh work folder so that the user's SPEC tree is only read.  It is the
 * process spstat measures (with --sample-leaf, spstat samples the invocation
 * running at each moment); counters and rusage take in every invocation.
 *
 *   sp-specinvoke [-x NAME]... RUNDIR WORKDIR -- INVOCATION [; INVOCATION]...
 *   INVOCATION: [-i FILE] [-o FILE] [-e FILE] PROGRAM [ARG]...
 *
 * Every entry of RUNDIR but the -x names is linked into WORKDIR; each
 * invocation runs there with its stdin, stdout and stderr from -i, -o and
 * -e (stdin /dev/null when no -i); a relative PROGRAM with a '/' is taken
 * relative to RUNDIR.  The first invocation that fails ends the run with
 * its status (128+N when killed by signal N); SIGTERM, SIGINT and SIGHUP
 * are passed to the running invocation. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_EXCLUDE 64

static const char *usage =
	"usage: sp-specinvoke [-x NAME]... RUNDIR WORKDIR -- "
	"[-i F] [-o F] [-e F] PROGRAM [ARG]... [; ...]";
static volatile sig_atomic_t running, stop_sig;

static void fail(const char *what, const char *arg)
{
	fprintf(stderr, "sp-specinvoke: %s%s%s\n", what, arg ? ": " : "",
		arg ? arg : "");
	exit(2);
}

static void forward(int sig)
{
	stop_sig = sig;
	if (running > 0)
		kill((pid_t)running, sig);
}

static int excluded(const char *name, char **ex, int nex)
{
	for (int i = 0; i < nex; i++)
		if (!strcmp(name, ex[i]))
			return 1;
	return 0;
}

static void link_inputs(const char *rundir, const char *workdir, char **ex,
			int nex)
{
	char from[PATH_MAX], to[PATH_MAX];
	struct dirent *d;
	DIR *dir = opendir(rundir);

	if (!dir)
		fail("cannot read the run folder", rundir);
	while ((d = readdir(dir))) {
		if (d->d_name[0] == '.' && (!d->d_name[1] ||
		    (d->d_name[1] == '.' && !d->d_name[2])))
			continue;
		if (excluded(d->d_name, ex, nex))
			continue;
		snprintf(from, sizeof(from), "%s/%s", rundir, d->d_name);
		snprintf(to, sizeof(to), "%s/%s", workdir, d->d_name);
		if (symlink(from, to) < 0 && errno != EEXIST)
			fail("cannot link an input into the work folder", to);
	}
	closedir(dir);
}

static void redirect(const char *path, int fd, int flags)
{
	int f = open(path, flags, 0644);

	if (f < 0 || dup2(f, fd) < 0) {
		fprintf(stderr, "sp-specinvoke: %s: %s\n", path, strerror(errno));
		_exit(127);
	}
	close(f);
}

/* Runs argv[0..n) as one invocation; returns its status as an exit code. */
static int invoke(const char *rundir, char **argv, int n, int index)
{
	const char *in = "/dev/null", *out = NULL, *err = NULL;
	char prog[PATH_MAX];
	int i = 0, status;
	pid_t pid;

	for (; i + 1 < n && argv[i][0] == '-' && strlen(argv[i]) == 2; i += 2) {
		switch (argv[i][1]) {
		case 'i': in = argv[i + 1]; break;
		case 'o': out = argv[i + 1]; break;
		case 'e': err = argv[i + 1]; break;
		default: fail("unknown invocation option", argv[i]);
		}
	}
	if (i >= n)
		fail("an invocation without a program", NULL);
	argv[n] = NULL;
	if (argv[i][0] != '/' && strchr(argv[i], '/'))
		snprintf(prog, sizeof(prog), "%s/%s", rundir, argv[i]);
	else
		snprintf(prog, sizeof(prog), "%s", argv[i]);
	pid = fork();
	if (pid < 0)
		fail("fork", strerror(errno));
	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		redirect(in, 0, O_RDONLY);
		if (out)
			redirect(out, 1, O_WRONLY | O_CREAT | O_TRUNC);
		if (err)
			redirect(err, 2, O_WRONLY | O_CREAT | O_TRUNC);
		execvp(prog, argv + i);
		fprintf(stderr, "sp-specinvoke: cannot run '%s': %s\n", prog,
			strerror(errno));
		_exit(127);
	}
	running = pid;
	if (stop_sig)
		kill(pid, stop_sig);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			fail("waitpid", strerror(errno));
	running = 0;
	if (WIFSIGNALED(status)) {
		fprintf(stderr, "sp-specinvoke: invocation %d (%s) killed by signal %d\n",
			index, argv[i], WTERMSIG(status));
		return 128 + WTERMSIG(status);
	}
	if (WEXITSTATUS(status))
		fprintf(stderr, "sp-specinvoke: invocation %d (%s) exited %d\n",
			index, argv[i], WEXITSTATUS(status));
	return WEXITSTATUS(status);
}

int main(int argc, char **argv)
{
	char *ex[MAX_EXCLUDE];
	int nex = 0, i = 1, start, rc, index = 1;
	struct sigaction sa = { .sa_handler = forward };
	const char *rundir, *workdir;

	for (; i + 1 < argc && !strcmp(argv[i], "-x"); i += 2) {
		if (nex == MAX_EXCLUDE)
			fail("too many -x names", NULL);
		ex[nex++] = argv[i + 1];
	}
	if (argc - i < 4 || strcmp(argv[i + 2], "--"))
		fail(usage, NULL);
	rundir = argv[i];
	workdir = argv[i + 1];
	link_inputs(rundir, workdir, ex, nex);
	if (chdir(workdir) < 0)
		fail("cannot enter the work folder", workdir);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	for (start = i + 3; start < argc; index++) {
		int end = start;

		while (end < argc && strcmp(argv[end], ";"))
			end++;
		rc = invoke(rundir, argv + start, end - start, index);
		if (rc)
			return rc;
		if (stop_sig)
			return 128 + stop_sig;
		start = end + 1;
	}
	return 0;
}
