/* test_cli_size.c - cli_size_parse and cli_size_count on concrete command
 * lines: what they accept and what it yields, and the one usage line (exit
 * 2) of each way to get them wrong.  Each line is parsed in a child, since
 * a usage error exits. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli_size.h"
#include "tap.h"

enum form { PROGRAM, CHECK, NO_COUNT };

static void other(const struct cli *c, int opt, const char *arg, void *ctx)
{
	char *seen = ctx;

	(void)c;
	snprintf(seen + strlen(seen), 64 - strlen(seen), " %c=%s", opt, arg);
}

/* Prints what the command line gave: "n N mb M seed S iters I path P"
 * and the options handed to other(). */
static void parse(enum form form, int argc, char **argv)
{
	unsigned long long iters = 0, n;
	char seen[64] = "";
	struct cli_size s = {
		.usage = "{-n N | --mb M} [-i ITERS] [-s SEED]",
		.count = { 'n', "N", 6, 1000 },
		.seed_max = UINT64_MAX,
		.more = { { 'i', NULL, "iterations", 1, 1000000, &iters },
			  { .opt = 'p' }, { .opt = 'a', .longname = "alloc" } },
		.option = other,
		.ctx = seen,
	};
	struct cli_size bare = {
		.usage = "--mb M",
		.output = "-o DIR",
		.mb_min = 11,
		.mb_max = 1 << 17,
	};

	if (form == NO_COUNT) {
		cli_size_parse(&bare, argc, argv, 1);
		printf("mb %llu seed %llu path %s\n", bare.mb, bare.seed,
		       bare.path);
		return;
	}
	cli_size_parse(&s, argc, argv, form == PROGRAM);
	n = cli_size_count(&s, (long long)s.mb * 10);
	printf("n %llu mb %llu seed %llu iters %llu path %s%s\n", n, s.mb,
	       s.seed, iters, s.path, seen);
}

/* Parses "prog ARGS..." (NULL-terminated) in a child; its stdout and
 * stderr together must be want and a line, its exit 2 when want is a
 * usage error ("prog: ...") and 0 otherwise. */
static void expect(enum form form, const char *want, ...)
{
	char *argv[16] = { "prog" }, shown[160] = "", got[512];
	int argc = 1, fds[2], status;
	size_t len = 0;
	ssize_t r;
	va_list ap;
	pid_t pid;

	va_start(ap, want);
	while ((argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	for (int i = 1; i < argc; i++)
		snprintf(shown + strlen(shown), sizeof(shown) - strlen(shown),
			 "%s'%s'", i > 1 ? " " : "", argv[i]);
	fflush(stdout);
	if (pipe(fds) || (pid = fork()) < 0) {
		TAP_CHECK(0, "pipe and fork for %s", shown);
		return;
	}
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		close(fds[1]);
		parse(form, argc, argv);
		fflush(stdout);
		_exit(0);
	}
	close(fds[1]);
	while (len < sizeof(got) - 1 &&
	       (r = read(fds[0], got + len, sizeof(got) - 1 - len)) > 0)
		len += (size_t)r;
	got[len] = '\0';
	close(fds[0]);
	waitpid(pid, &status, 0);
	TAP_CHECK(WIFEXITED(status) &&
		  WEXITSTATUS(status) == (strncmp(want, "prog: ", 6) ? 0 : 2) &&
		  len && got[len - 1] == '\n' && !strchr(got, '\n')[1] &&
		  !strncmp(got, want, len - 1) && strlen(want) == len - 1,
		  "%s%s: %s", form == CHECK ? "check " : "", shown, want);
	if (strncmp(got, want, strlen(want)))
		printf("#   got: %s", got);
}

#define USAGE(what) "prog: " what " (usage: prog {-n N | --mb M} " \
	"[-i ITERS] [-s SEED] -o FILE)"
#define CHECK_USAGE(what) "prog: " what " (usage: prog {-n N | --mb M} " \
	"[-i ITERS] [-s SEED] FILE)"

static void accepted(void)
{
	expect(PROGRAM, "n 24 mb 0 seed 42 iters 0 path f",
	       "-n", "24", "-o", "f", NULL);
	expect(PROGRAM, "n 30 mb 3 seed 7 iters 9 path f",
	       "--mb", "3", "-s", "7", "-i", "9", "-o", "f", NULL);
	expect(PROGRAM, "n 1000 mb 0 seed 18446744073709551615 iters 0 path f",
	       "-o", "f", "-n", "1000", "-s", "18446744073709551615", NULL);
	expect(PROGRAM, "n 6 mb 0 seed 0 iters 0 path f",
	       "-n6", "-s0", "-of", NULL);
	expect(PROGRAM, "n 24 mb 0 seed 42 iters 0 path f p=777 a=pool",
	       "-p", "777", "--alloc", "pool", "-n", "24", "-o", "f", NULL);
	expect(CHECK, "n 24 mb 0 seed 42 iters 0 path r.txt",
	       "-n", "24", "r.txt", NULL);
	expect(CHECK, "n 100 mb 10 seed 42 iters 0 path r.txt",
	       "r.txt", "--mb", "10", NULL);
	expect(NO_COUNT, "mb 11 seed 42 path d", "--mb", "11", "-o", "d",
	       NULL);
	expect(NO_COUNT, "mb 0 seed 42 path d", "-o", "d", NULL);
}

static void numbers_refused(void)
{
	expect(PROGRAM, USAGE("bad N '5' (6..1000)"), "-n", "5", "-o", "f",
	       NULL);
	expect(PROGRAM, USAGE("bad N '1001' (6..1000)"), "-n", "1001", "-o",
	       "f", NULL);
	expect(PROGRAM, USAGE("bad N '0x10' (6..1000)"), "-n", "0x10", "-o",
	       "f", NULL);
	expect(PROGRAM, USAGE("bad N '2e1' (6..1000)"), "-n", "2e1", "-o",
	       "f", NULL);
	expect(PROGRAM, USAGE("bad N '-24' (6..1000)"), "-n", "-24", "-o",
	       "f", NULL);
	expect(PROGRAM, USAGE("bad N '24 ' (6..1000)"), "-n", "24 ", "-o",
	       "f", NULL);
	expect(PROGRAM, USAGE("bad N '' (6..1000)"), "-n", "", "-o", "f",
	       NULL);
	expect(PROGRAM, USAGE("bad MB '0' (1..1048576)"), "--mb", "0", "-o",
	       "f", NULL);
	expect(PROGRAM, USAGE("bad MB '1048577' (1..1048576)"), "--mb",
	       "1048577", "-o", "f", NULL);
	expect(PROGRAM, USAGE("bad seed '18446744073709551616' "
			      "(0..18446744073709551615)"),
	       "-s", "18446744073709551616", "-n", "24", "-o", "f", NULL);
	expect(PROGRAM, USAGE("bad iterations '0' (1..1000000)"), "-i", "0",
	       "-n", "24", "-o", "f", NULL);
	expect(NO_COUNT, "prog: bad MB '10' (11..131072) (usage: prog --mb M "
	       "-o DIR)", "--mb", "10", "-o", "d", NULL);
}

static void size_refused(void)
{
	expect(PROGRAM, USAGE("give exactly one of -n and --mb"), "-n", "24",
	       "--mb", "3", "-o", "f", NULL);
	expect(PROGRAM, USAGE("give exactly one of -n and --mb"), "-o", "f",
	       NULL);
	expect(PROGRAM, USAGE("--mb gives no usable N"), "--mb", "101", "-o",
	       "f", NULL);
}

static void options_refused(void)
{
	expect(PROGRAM, USAGE("option needs a value"), "-n", NULL);
	expect(PROGRAM, USAGE("option needs a value"), "-n", "24", "-o", NULL);
	expect(PROGRAM, USAGE("option needs a value"), "-n", "24", "--mb",
	       NULL);
	expect(PROGRAM, USAGE("unknown option"), "-x", "-n", "24", "-o", "f",
	       NULL);
	expect(PROGRAM, USAGE("unknown option"), "--mbb", "3", "-o", "f",
	       NULL);
	expect(PROGRAM, USAGE("unknown option"), "-a", "pool", "-n", "24",
	       "-o", "f", NULL);
	expect(NO_COUNT, "prog: unknown option (usage: prog --mb M -o DIR)",
	       "-n", "3", "-o", "d", NULL);
	expect(NO_COUNT, "prog: unknown option (usage: prog --mb M -o DIR)",
	       "-s", "3", "-o", "d", NULL);
}

static void files_refused(void)
{
	expect(PROGRAM, USAGE("missing -o FILE"), "-n", "24", NULL);
	expect(PROGRAM, USAGE("unexpected argument"), "-n", "24", "-o", "f",
	       "g", NULL);
	expect(CHECK, CHECK_USAGE("need one result file"), "-n", "24", NULL);
	expect(CHECK, CHECK_USAGE("need one result file"), "-n", "24", "a",
	       "b", NULL);
	expect(CHECK, CHECK_USAGE("unknown option"), "-n", "24", "-o", "f",
	       "r.txt", NULL);
}

int main(void)
{
	accepted();
	numbers_refused();
	size_refused();
	options_refused();
	files_refused();
	return tap_done();
}
