/* twolf_gen.c - sp-twolf-gen: the twolf workload's input.  Writes the
 * seeded netlist as DIR/design.cel with its DIR/design.par, then runs
 * graywolf's front end there as its driver would (syntax, Mincut,
 * TimberWolfMC, genrows; their output in DIR/frontend.log), which leaves
 * what TimberWolfSC reads: design.scel (the cells), design.blk (the rows)
 * and design.stat (the design's statistics). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "atomic_file.h"
#include "twolf_spec.h"

#define PROG "sp-twolf-gen"

/* Writes DIR/design.EXT whole: the netlist d as the .cel file, or without
 * d the .par file of a; 0, or -1 after one line. */
static int write_file(const char *dir, const char *ext,
		      const struct twolf_design *d, const struct twolf_args *a)
{
	static char path[PATH_MAX];
	struct atomic_file af;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.%s", dir, TWOLF_DESIGN, ext);
	f = atomic_file_open(&af, PROG, path);
	if (!f)
		return -1;
	if (d)
		twolf_write_cel(f, d);
	else
		twolf_write_par(f, a);
	return atomic_file_commit(&af);
}

/* Runs TWOLF_LIBEXEC/prog [-n] design in the current folder, its output
 * appended to log: 0, or -1 after one line. */
static int step(const char *prog, int no_graphics, int log)
{
	char path[PATH_MAX];
	int status;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/%s", TWOLF_LIBEXEC, prog);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, PROG ": cannot fork: %s\n", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		dup2(log, 1);
		dup2(log, 2);
		if (no_graphics)
			execl(path, path, "-n", TWOLF_DESIGN, (char *)NULL);
		else
			execl(path, path, TWOLF_DESIGN, (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fprintf(stderr, PROG ": %s failed (see frontend.log)\n", path);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const char *const made[] = { "scel", "blk", "stat" };
	struct twolf_design d;
	struct twolf_args a;
	struct stat st;
	char path[64];
	int log, rc;

	twolf_parse_args(argc, argv, TWOLF_GEN, &a);
	if (atomic_file_dir(PROG, a.path))
		return 1;
	if (twolf_design_make(&d, a.cells, a.seed)) {
		fprintf(stderr, PROG ": out of memory\n");
		return 1;
	}
	rc = write_file(a.path, "cel", &d, &a) ||
	     write_file(a.path, "par", NULL, &a);
	twolf_design_free(&d);
	if (rc)
		return 1;
	if (chdir(a.path)) {
		fprintf(stderr, PROG ": cannot enter %s: %s\n", a.path,
			strerror(errno));
		return 1;
	}
	log = open("frontend.log", O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (log < 0) {
		fprintf(stderr, PROG ": cannot write frontend.log: %s\n",
			strerror(errno));
		return 1;
	}
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s.%s", TWOLF_DESIGN, made[i]);
		unlink(path);
	}
	if (step("syntax", 0, log) || step("Mincut", 0, log) ||
	    step("TimberWolfMC", 1, log) || step("genrows", 1, log))
		return 1;
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s.%s", TWOLF_DESIGN, made[i]);
		if (stat(path, &st) || !st.st_size) {
			fprintf(stderr, PROG ": graywolf's front end made no "
				"%s (see frontend.log)\n", path);
			return 1;
		}
	}
	close(log);
	return 0;
}
