/* matrix_args.c - command line of sp-matrix and sp-matrix-check, parsed the
 * same way by both so that a manifest's {args} mean one size to each. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "matrix_spec.h"

#define MAX_N 100000L
#define MAX_MB (1L << 20)
/* Default repeats: about this many element copies in total. */
#define DEFAULT_COPIES (512L << 20)

static void usage_fail(const char *prog, int with_output, const char *what)
{
	fprintf(stderr, "%s: %s (usage: %s {-n N | --mb M} [-r REPS] %s)\n",
		prog, what, prog, with_output ? "-o FILE" : "FILE");
	exit(2);
}

static long parse_pos(const char *prog, int with_output, const char *s,
		      long max, const char *name)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < 1 || v > max) {
		char msg[128];

		snprintf(msg, sizeof(msg), "bad %s '%s' (1..%ld)", name, s, max);
		usage_fail(prog, with_output, msg);
	}
	return v;
}

void matrix_parse_args(int argc, char **argv, int with_output,
		       struct matrix_args *a)
{
	static const struct option longopts[] = {
		{ "mb", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	const char *prog = argv[0];
	long mb = 0;
	int c;

	a->n = 0;
	a->reps = 0;
	a->path = NULL;
	opterr = 0;
	while ((c = getopt_long(argc, argv, with_output ? ":n:r:o:" : ":n:r:",
				longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			a->n = parse_pos(prog, with_output, optarg, MAX_N, "N");
			break;
		case 'm':
			mb = parse_pos(prog, with_output, optarg, MAX_MB, "MB");
			break;
		case 'r':
			a->reps = parse_pos(prog, with_output, optarg,
					    1L << 30, "repeat count");
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
		/* Two n x n matrices of 8-byte doubles in mb MiB. */
		a->n = (long)sqrt((double)mb * 1048576.0 / 16.0);
		if (a->n < 1 || a->n > MAX_N)
			usage_fail(prog, with_output, "--mb gives no usable N");
	}
	if (!a->reps) {
		a->reps = DEFAULT_COPIES / (a->n * a->n);
		if (a->reps < 1)
			a->reps = 1;
	}
}
