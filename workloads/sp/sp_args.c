/* sp_args.c - command line of sp-sp and sp-sp-check, parsed the same way by
 * both so that a manifest's {args} mean one grid to each. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "sp_spec.h"

#define MAX_N 1000L
#define MAX_MB (1L << 20)
/* Iterations when none are given: the error shrinks about sixfold every
 * ten iterations whatever the grid, so 150 reach rounding error. */
#define DEFAULT_ITERS 150

static void usage_fail(const char *prog, int with_output, const char *what)
{
	fprintf(stderr,
		"%s: %s (usage: %s {-n N | --mb M} [-i ITERS] [-s SEED] %s)\n",
		prog, what, prog, with_output ? "-o FILE" : "FILE");
	exit(2);
}

static unsigned long long parse_num(const char *prog, int with_output,
				    const char *s, unsigned long long min,
				    unsigned long long max, const char *name)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *end || *s == '-' || v < min || v > max) {
		char msg[160];

		snprintf(msg, sizeof(msg), "bad %s '%s' (%llu..%llu)", name, s,
			 min, max);
		usage_fail(prog, with_output, msg);
	}
	return v;
}

void sp_parse_args(int argc, char **argv, int with_output, struct sp_args *a)
{
	static const struct option longopts[] = {
		{ "mb", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	const char *prog = argv[0];
	long mb = 0;
	int c;

	a->n = 0;
	a->iters = 0;
	a->seed = 42;
	a->path = NULL;
	opterr = 0;
	while ((c = getopt_long(argc, argv,
				with_output ? ":n:i:s:o:" : ":n:i:s:",
				longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			a->n = (long)parse_num(prog, with_output, optarg, 6,
					       MAX_N, "N");
			break;
		case 'm':
			mb = (long)parse_num(prog, with_output, optarg, 1,
					     MAX_MB, "MB");
			break;
		case 'i':
			a->iters = (long)parse_num(prog, with_output, optarg, 1,
						   1000000, "iterations");
			break;
		case 's':
			a->seed = parse_num(prog, with_output, optarg, 0,
					    UINT64_MAX, "seed");
			break;
		case 'o':
			a->path = optarg;
			break;
		case ':':
			usage_fail(prog, with_output, "option needs a value");
			break;
		default:
			usage_fail(prog, with_output, "unknown option");
		}
	}
	if (!with_output) {
		if (optind != argc - 1)
			usage_fail(prog, with_output, "need one result file");
		a->path = argv[optind];
	} else if (optind != argc) {
		usage_fail(prog, with_output, "unexpected argument");
	} else if (!a->path) {
		usage_fail(prog, with_output, "missing -o FILE");
	}
	if (!!a->n == !!mb)
		usage_fail(prog, with_output, "give exactly one of -n and --mb");
	if (mb) {
		a->n = (long)cbrt((double)mb * 1048576.0 /
				  (SP_DOUBLES_PER_POINT * 8.0));
		if (a->n < 6 || a->n > MAX_N)
			usage_fail(prog, with_output, "--mb gives no usable N");
	}
	if (!a->iters)
		a->iters = DEFAULT_ITERS;
}
