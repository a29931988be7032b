/* sp_args.c - command line of sp-sp and sp-sp-check, parsed the same way by
 * both so that a manifest's {args} mean one grid to each. */
#include <getopt.h>
#include <math.h>
#include <stddef.h>

#include "cli.h"
#include "sp_spec.h"

#define MAX_N 1000L
#define MAX_MB (1L << 20)
/* Iterations when none are given: the error shrinks about sixfold every
 * ten iterations whatever the grid, so 150 reach rounding error. */
#define DEFAULT_ITERS 150

void sp_parse_args(int argc, char **argv, int with_output, struct sp_args *a)
{
	static const struct option longopts[] = {
		{ "mb", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cli cli = { argv[0],
				 "{-n N | --mb M} [-i ITERS] [-s SEED]",
				 with_output ? "-o FILE" : "FILE" };
	const char *out = NULL;
	long mb = 0;
	int c;

	a->n = 0;
	a->iters = 0;
	a->seed = 42;
	opterr = 0;
	while ((c = getopt_long(argc, argv,
				with_output ? ":n:i:s:o:" : ":n:i:s:",
				longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			a->n = (long)cli_number(&cli, optarg, 6, MAX_N, "N");
			break;
		case 'm':
			mb = (long)cli_number(&cli, optarg, 1, MAX_MB, "MB");
			break;
		case 'i':
			a->iters = (long)cli_number(&cli, optarg, 1, 1000000,
						    "iterations");
			break;
		case 's':
			a->seed = cli_number(&cli, optarg, 0, UINT64_MAX,
					     "seed");
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
		a->n = (long)cbrt((double)mb * 1048576.0 /
				  (SP_DOUBLES_PER_POINT * 8.0));
		if (a->n < 6 || a->n > MAX_N)
			cli_fail(&cli, "--mb gives no usable N");
	}
	if (!a->iters)
		a->iters = DEFAULT_ITERS;
}
