/* cli.c - the command-line helpers every workload shares (cli.h). */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

void cli_fail(const struct cli *c, const char *what)
{
	fprintf(stderr, "%s: %s (usage: %s %s%s%s)\n", c->prog, what, c->prog,
		c->usage, c->file ? " " : "", c->file ? c->file : "");
	exit(2);
}

void cli_bad_option(const struct cli *c, int opt)
{
	cli_fail(c, opt == ':' ? "option needs a value" : "unknown option");
}

unsigned long long cli_number(const struct cli *c, const char *s,
			      unsigned long long min, unsigned long long max,
			      const char *name)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *end || *s == '-' || v < min || v > max) {
		char msg[160];

		snprintf(msg, sizeof(msg), "bad %s '%.40s' (%llu..%llu)", name,
			 s, min, max);
		cli_fail(c, msg);
	}
	return v;
}

const char *cli_file(const struct cli *c, int argc, char **argv,
		     int with_output, const char *out, const char *what)
{
	char msg[80];

	if (!with_output) {
		if (optind != argc - 1) {
			snprintf(msg, sizeof(msg), "need one %s", what);
			cli_fail(c, msg);
		}
		return argv[optind];
	}
	if (optind != argc)
		cli_fail(c, "unexpected argument");
	if (!out) {
		snprintf(msg, sizeof(msg), "missing %s", c->file);
		cli_fail(c, msg);
	}
	return out;
}
