/* matrix_args.c - command line of sp-matrix and sp-matrix-check, parsed the
 * same way by both so that a manifest's {args} mean one size to each. */
#include <getopt.h>
#include <math.h>
#include <stddef.h>

#include "cli.h"
#include "matrix_spec.h"

#define MAX_N 100000L
#define MAX_MB (1L << 20)
/*
 * Default repeats: about this many element copies in total, so that a
 * cache-resident matrix (ref on a host with a small TLB) still runs for
 * seconds and a process's start and exit stay a small share of its time.
 */
#define DEFAULT_COPIES (1L << 32)

void matrix_parse_args(int argc, char **argv, int with_output,
		       struct matrix_args *a)
{
	static const struct option longopts[] = {
		{ "mb", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cli cli = { argv[0], "{-n N | --mb M} [-r REPS]",
				 with_output ? "-o FILE" : "FILE" };
	const char *out = NULL;
	long mb = 0;
	int c;

	a->n = 0;
	a->reps = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, with_output ? ":n:r:o:" : ":n:r:",
				longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			a->n = (long)cli_number(&cli, optarg, 1, MAX_N, "N");
			break;
		case 'm':
			mb = (long)cli_number(&cli, optarg, 1, MAX_MB, "MB");
			break;
		case 'r':
			a->reps = (long)cli_number(&cli, optarg, 1, 1L << 30,
						   "repeat count");
			break;
		case 'o':
			out = optarg;
			break;
		default:
			cli_bad_option(&cli, c);
		}
	}
	a->path = cli_file(&cli, argc, argv, with_output, out, "result file");
	if (!!a->n == !!mb)
		cli_fail(&cli, "give exactly one of -n and --mb");
	if (mb) {
		/* Two n x n matrices of 8-byte doubles in mb MiB. */
		a->n = (long)sqrt((double)mb * 1048576.0 / 16.0);
		if (a->n < 1 || a->n > MAX_N)
			cli_fail(&cli, "--mb gives no usable N");
	}
	if (!a->reps) {
		a->reps = DEFAULT_COPIES / (a->n * a->n);
		if (a->reps < 1)
			a->reps = 1;
	}
}
