/* sp_args.c - command line of sp-sp and sp-sp-check, parsed the same way by
 * both so that a manifest's {args} mean one grid to each. */
#include <math.h>

#include "cli_size.h"
#include "sp_spec.h"

#define MAX_N 1000L
/* Iterations when none are given: the error shrinks about sixfold every
 * ten iterations whatever the grid, so 150 reach rounding error. */
#define DEFAULT_ITERS 150

void sp_parse_args(int argc, char **argv, int with_output, struct sp_args *a)
{
	unsigned long long iters = DEFAULT_ITERS;
	long by_mb;
	struct cli_size s = {
		.usage = "{-n N | --mb M} [-i ITERS] [-s SEED]",
		.count = { 'n', "N", 6, MAX_N },
		.seed_max = UINT64_MAX,
		.more = { { 'i', NULL, "iterations", 1, 1000000, &iters } },
	};

	cli_size_parse(&s, argc, argv, with_output);
	by_mb = (long)cbrt((double)s.mb * 1048576.0 /
			   (SP_DOUBLES_PER_POINT * 8.0));
	a->n = (long)cli_size_count(&s, by_mb);
	a->iters = (long)iters;
	a->seed = s.seed;
	a->path = s.path;
}
