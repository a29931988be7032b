/* twolf_place.c - sp-twolf-place: starts the twolf workload's placement.
 * In the output folder DIR it links the prepared design.scel, design.blk
 * and design.stat, writes design.par (the run's seed and annealing effort)
 * and sends standard output and error to DIR/twsc.log; then, from DIR, it
 * execs graywolf's placer, "TimberWolfSC -n design", which writes the
 * placement to design.pl1 and its report to design.out there.  It execs,
 * so the measured process is the placer. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "twolf_spec.h"

#define PROG "sp-twolf-place"

static _Noreturn void fail(const char *what, const char *path)
{
	fprintf(stderr, PROG ": %s %s: %s\n", what, path, strerror(errno));
	exit(1);
}

int main(int argc, char **argv)
{
	static const char *const linked[] = { "scel", "blk", "stat" };
	static char input[PATH_MAX], from[PATH_MAX + 64];
	char to[64];
	struct twolf_args a;
	FILE *par;
	int fd;

	twolf_parse_args(argc, argv, TWOLF_PLACE, &a);
	if (!realpath(a.input, input))
		fail("cannot find", a.input);
	if (mkdir(a.path, 0777) && errno != EEXIST)
		fail("cannot create", a.path);
	if (chdir(a.path))
		fail("cannot enter", a.path);
	for (int i = 0; i < 3; i++) {
		snprintf(from, sizeof(from), "%s/%s.%s", input, TWOLF_DESIGN,
			 linked[i]);
		snprintf(to, sizeof(to), "%s.%s", TWOLF_DESIGN, linked[i]);
		if (access(from, R_OK))
			fail("cannot read", from);
		unlink(to);
		if (symlink(from, to))
			fail("cannot link", to);
	}
	par = fopen(TWOLF_DESIGN ".par", "w");
	if (!par)
		fail("cannot write", TWOLF_DESIGN ".par");
	twolf_write_par(par, &a);
	if (fclose(par))
		fail("cannot write", TWOLF_DESIGN ".par");
	fd = open(TWOLF_LOG, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd < 0)
		fail("cannot write", TWOLF_LOG);
	fflush(stderr);
	if (dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
		fail("cannot redirect to", TWOLF_LOG);
	close(fd);
	execl(TWOLF_PLACER, TWOLF_PLACER, "-n", TWOLF_DESIGN, (char *)NULL);
	/* stderr is the log now: say it there and on the exit */
	fprintf(stderr, PROG ": cannot run %s: %s\n", TWOLF_PLACER,
		strerror(errno));
	return 127;
}
