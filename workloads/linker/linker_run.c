/* linker_run.c - sp-linker-run: the measured command of the linker
 * workload.  ld links once a process, and a link of the paper's size
 * takes under a second, too short to measure well; so the run links the
 * same objects into the same file -r LINKS times in one process.  It
 * checks that INPUT_DIR/link.rsp is of these arguments' size, then execs
 * ld.bfd with sp-linker-again.so (beside this program) preloaded: after
 * each link that succeeds, that library execs ld.bfd again with the same
 * arguments, until LINKS links are done.  The process is ld.bfd
 * throughout, holding one link's memory at a time (each exec starts it
 * afresh, as the paper's single link started).
 * Usage: sp-linker-run {-n UNITS | --mb M} [-r LINKS] -i DIR -o FILE */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "linker_spec.h"

#define LD "/usr/bin/ld.bfd"
#define PROG "sp-linker-run"

static _Noreturn void die(const char *fmt, const char *what)
{
	fprintf(stderr, PROG ": ");
	fprintf(stderr, fmt, what);
	fputc('\n', stderr);
	exit(1);
}

/* The units link.rsp links: its u*.o lines. */
static long units_of(const char *rsp)
{
	char line[PATH_MAX + 64];
	long n = 0;
	FILE *f = fopen(rsp, "r");

	if (!f)
		die("%s: cannot open (run the prepare step first)", rsp);
	while (fgets(line, sizeof(line), f)) {
		const char *base = strrchr(line, '/');

		if (base && base[1] == 'u' && strstr(base, ".o\n"))
			n++;
	}
	fclose(f);
	return n;
}

int main(int argc, char **argv)
{
	static char self[PATH_MAX], lib[PATH_MAX + 32], rsp[PATH_MAX + 16];
	static char preload[2 * PATH_MAX + 64];
	struct linker_args a;
	const char *old = getenv("LD_PRELOAD");
	char links[24], *slash;
	ssize_t n;
	long units;

	linker_parse_args(argc, argv, LINKER_RUN, &a);
	snprintf(rsp, sizeof(rsp), "%s/link.rsp", a.input);
	units = units_of(rsp);
	if (units != a.units) {
		fprintf(stderr, PROG ": %s links %ld units, the arguments say "
			"%ld: it was made for other arguments\n", rsp, units,
			a.units);
		return 1;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n < 0 || !(slash = strrchr((self[n] = '\0', self), '/')))
		die("cannot find %s", "/proc/self/exe");
	snprintf(lib, sizeof(lib), "%.*s/sp-linker-again.so",
		 (int)(slash - self), self);
	if (access(lib, R_OK))
		die("cannot find %s", lib);
	snprintf(preload, sizeof(preload), "%s%s%s", old && *old ? old : "",
		 old && *old ? ":" : "", lib);
	snprintf(links, sizeof(links), "%ld", a.links);
	if (setenv("LD_PRELOAD", preload, 1) ||
	    setenv("SP_LINKER_LINKS", links, 1))
		die("cannot set the environment: %s", strerror(errno));
	snprintf(rsp, sizeof(rsp), "@%s/link.rsp", a.input);
	execl(LD, LD, rsp, "-o", a.path, (char *)NULL);
	die("cannot run " LD ": %s", strerror(errno));
}
