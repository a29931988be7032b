/* gcc_check.c - sp-gcc-check: assembles cc1's output with as, links it
 * with gcc, runs the program and compares the number it prints with the
 * one computed here from the seeded description (gcc_spec.h), evaluated
 * directly, with no compiler involved. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "gcc_spec.h"

static uint64_t eval(long f, uint64_t x, const void *ctx)
{
	const struct gcc_args *a = ctx;
	long n = gcc_nops(a, f);

	for (long i = 0; i < n; i++) {
		struct gcc_op op = gcc_op(a, f, i);

		x = gcc_apply(&op, x, eval, ctx);
	}
	return x;
}

static uint64_t expected(const struct gcc_args *a)
{
	uint64_t s = a->seed;

	for (long k = 0; k < a->funcs; k++)
		s = s * GCC_GOLDEN + eval(k, s ^ (uint64_t)k, a);
	return s;
}

/* Runs argv; its standard output (up to len - 1 bytes) into out, if out.
 * Its exit status, or -1. */
static int run(char *const argv[], char *out, size_t len)
{
	int fd, status;
	size_t got = 0;
	ssize_t r;
	pid_t pid;

	fd = check_spawn(argv, &pid);
	while ((r = read(fd, out ? out + got : (char[64]){ 0 },
			 out ? len - 1 - got : 64)) > 0)
		if (out && (got += (size_t)r) == len - 1)
			break;
	if (out)
		out[got] = '\0';
	close(fd);
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

int main(int argc, char **argv)
{
	char dir[] = "/tmp/sp-gcc-check.XXXXXX", obj[PATH_MAX], prog[PATH_MAX];
	char out[128], want[64];
	struct gcc_args a;
	int rc;

	gcc_parse_args(argc, argv, 0, &a);
	check_begin("sp-gcc-check", a.path);
	if (access(a.path, R_OK))
		check_fail("cannot read: %s", strerror(errno));
	if (!mkdtemp(dir))
		check_fail("cannot make a temporary folder: %s",
			   strerror(errno));
	snprintf(obj, sizeof(obj), "%s/big.o", dir);
	snprintf(prog, sizeof(prog), "%s/big", dir);
	{
		char *as[] = { "/usr/bin/as", "--64", "-o", obj,
			       (char *)a.path, NULL };
		char *ld[] = { "/usr/bin/gcc", "-o", prog, obj, NULL };
		char *exe[] = { prog, NULL };

		rc = run(as, NULL, 0);
		if (!rc)
			rc = run(ld, NULL, 0) ? -2 : run(exe, out, sizeof(out));
	}
	unlink(prog);
	unlink(obj);
	rmdir(dir);
	if (rc == -2)
		check_fail("the assembled object does not link");
	if (rc)
		check_fail("does not assemble, or its program fails "
			   "(status %d)", rc);
	snprintf(want, sizeof(want), "%" PRIu64 "\n", expected(&a));
	if (strcmp(out, want))
		check_fail("the compiled program prints %.40s, expected %s",
			   strtok(out, "\n") ? out : "nothing",
			   strtok(want, "\n"));
	printf("sp-gcc-check: ok (%ld functions)\n", a.funcs);
	return 0;
}
