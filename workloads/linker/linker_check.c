/* linker_check.c - sp-linker-check: runs the program ld linked and compares
 * the line it prints with the function count and checksum computed here
 * from the same seeded description, without the generated code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "linker_spec.h"

static uint64_t expected_checksum(const struct linker_args *a)
{
	uint64_t s = 0;

	for (long u = 0; u < a->units; u++)
		for (long i = 0; i < LINKER_FUNCS; i++) {
			struct linker_func fn = linker_func(a, u, i);
			uint64_t y = ((s ^ fn.c) ^ linker_helper(a, fn.a)) *
				     LINKER_GOLDEN +
				     linker_data(a, fn.b, (int)(s & 7));

			s += y ^ (y >> fn.r);
		}
	return s;
}

int main(int argc, char **argv)
{
	struct linker_args a;
	unsigned long long sum;
	char line[256], extra;
	long funcs;
	int fds[2], status;
	FILE *f;
	pid_t pid;

	check_begin("sp-linker-check", NULL);
	linker_parse_args(argc, argv, LINKER_CHECK, &a);
	if (access(a.path, X_OK))
		check_fail("%s is not an executable file", a.path);
	if (pipe(fds))
		check_fail("cannot make a pipe");
	pid = fork();
	if (pid < 0)
		check_fail("cannot fork");
	if (pid == 0) {
		dup2(fds[1], 1);
		close(fds[0]);
		close(fds[1]);
		execl(a.path, a.path, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	f = fdopen(fds[0], "r");
	if (!f || !fgets(line, sizeof(line), f))
		line[0] = 0;
	while (f && fgetc(f) != EOF)
		;
	if (waitpid(pid, &status, 0) < 0)
		check_fail("cannot wait for %s", a.path);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		check_fail("%s failed (status %d)", a.path, status);
	if (sscanf(line, "functions %ld checksum %llu%c", &funcs, &sum,
		   &extra) != 3 || extra != '\n')
		check_fail("%s printed '%.60s', not a count and checksum",
			   a.path, line);
	if (funcs != a.units * LINKER_FUNCS)
		check_fail("program has %ld functions, should have %ld", funcs,
			   a.units * LINKER_FUNCS);
	if (sum != expected_checksum(&a))
		check_fail("checksum %llu, should be %llu", sum,
			   (unsigned long long)expected_checksum(&a));
	return 0;
}
