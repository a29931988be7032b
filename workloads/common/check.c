/* check.c - the output-check helpers every workload shares (check.h). */
#include "check.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *check_prog = "check", *check_file;

void check_begin(const char *prog, const char *file)
{
	check_prog = prog;
	check_file = file;
}

void check_fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", check_prog);
	if (check_file)
		fprintf(stderr, "%s: ", check_file);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

void check_read_keys(const char *const keys[], int n,
		     char values[][CHECK_VALUE_MAX])
{
	char line[256], key[64], val[CHECK_VALUE_MAX], extra[2];
	FILE *f = fopen(check_file, "r");
	int k = 0;

	if (!f)
		check_fail("cannot open: %s", strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		if (!strchr(line, '\n'))
			check_fail("a line is too long or unterminated");
		*strchr(line, '\n') = '\0';
		if (sscanf(line, "%63s %63s %1s", key, val, extra) != 2)
			check_fail("malformed line: %s", line);
		if (k == n)
			check_fail("unexpected extra line: %s", key);
		if (strcmp(key, keys[k]))
			check_fail("expected key '%s'", keys[k]);
		strcpy(values[k++], val);
	}
	fclose(f);
	if (k < n)
		check_fail("truncated: missing '%s'", keys[k]);
}

void check_expect(const char *what, const char *got, const char *want)
{
	if (strcmp(got, want))
		check_fail("%s is %.64s, expected %.64s", what, got, want);
}

int check_spawn(char *const argv[], pid_t *pid)
{
	int fds[2];

	if (pipe(fds))
		check_fail("cannot make a pipe: %s", strerror(errno));
	*pid = fork();
	if (*pid < 0)
		check_fail("cannot fork: %s", strerror(errno));
	if (*pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		dup2(fds[1], 1);
		if (null >= 0)
			dup2(null, 2);
		close(fds[0]);
		close(fds[1]);
		execv(argv[0], argv);
		_exit(127);
	}
	close(fds[1]);
	return fds[0];
}
