/* linker_again.c - sp-linker-again.so, which sp-linker-run preloads into
 * ld.bfd so that one process links SP_LINKER_LINKS times.  ld ends every
 * link with exit(); this exit(), on status 0 with links left, execs ld
 * again with the arguments it was started with (argv[0], an absolute path
 * as sp-linker-run gives it) and one link fewer in SP_LINKER_LINKS.  So
 * each link is the whole of ld's work in a fresh image (the same pid, the
 * memory of one link at a time); the files ld left open are closed first,
 * its output is complete (ld closed it before exit).  A link that fails
 * exits at once with its status, as ld alone would. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char **args;

/* glibc gives a library's constructors the program's arguments. */
__attribute__((constructor)) static void save_args(int argc, char **argv,
						   char **envp)
{
	(void)argc;
	(void)envp;
	args = argv;
}

void exit(int status)
{
	const char *left = getenv("SP_LINKER_LINKS");
	long n = left ? strtol(left, NULL, 10) : 1;
	void (*real_exit)(int);

	if (status == 0 && n > 1 && args && args[0] && args[0][0] == '/') {
		char next[24];

		snprintf(next, sizeof(next), "%ld", n - 1);
		if (!setenv("SP_LINKER_LINKS", next, 1)) {
			fflush(NULL);
			close_range(3, ~0U, 0);
			execv(args[0], args);
		}
		fprintf(stderr, "sp-linker-again: cannot run %s again\n",
			args[0]);
		status = 1;
	}
	real_exit = (void (*)(int))dlsym(RTLD_NEXT, "exit");
	if (real_exit)
		real_exit(status);
	_exit(status);
}
