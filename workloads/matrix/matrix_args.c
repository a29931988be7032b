/* matrix_args.c - command line of sp-matrix and sp-matrix-check, parsed the
 * same way by both so that a manifest's {args} mean one size to each. */
#include <math.h>

#include "cli_size.h"
#include "matrix_spec.h"

#define MAX_N 100000L
/*
 * Default repeats: about this many element copies in total, so that a
 * cache-resident matrix (ref on a host with a small TLB) still runs for
 * seconds and a process's start and exit stay a small share of its time.
 */
#define DEFAULT_COPIES (1L << 32)

void matrix_parse_args(int argc, char **argv, int with_output,
		       struct matrix_args *a)
{
	unsigned long long reps = 0;
	long by_mb;
	struct cli_size s = {
		.usage = "{-n N | --mb M} [-r REPS]",
		.count = { 'n', "N", 1, MAX_N },
		.more = { { 'r', NULL, "repeat count", 1, 1 << 30, &reps } },
	};

	cli_size_parse(&s, argc, argv, with_output);
	/* Two n x n matrices of 8-byte doubles in mb MiB. */
	by_mb = (long)sqrt((double)s.mb * 1048576.0 / 16.0);
	a->n = (long)cli_size_count(&s, by_mb);
	a->reps = (long)reps;
	a->path = s.path;
	if (!a->reps) {
		a->reps = DEFAULT_COPIES / (a->n * a->n);
		if (a->reps < 1)
			a->reps = 1;
	}
}
