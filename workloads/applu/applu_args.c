/* applu_args.c - command line of sp-applu-gen, sp-applu and
 * sp-applu-check, parsed the same way by all three so that a manifest's
 * {args} mean one problem to each. */
#include <math.h>

#include "applu_spec.h"
#include "cli_size.h"

#define APPLU_ITERS 120		/* -t when not given: the paper size's */

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct applu_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->input = arg;
	else if (opt == 'u')
		a->field = arg;
}

/* The grid whose peak memory is nearest to mb MiB (by ratio). */
static long by_mb(unsigned long long mb)
{
	double want = (double)mb * 1048576.0, best_miss = INFINITY;
	long best = 0;

	for (long n = APPLU_MIN_N; n <= APPLU_MAX_N; n++) {
		double miss = fabs(log((applu_array_bytes(n) +
					APPLU_BASE_BYTES) / want));

		if (miss < best_miss) {
			best_miss = miss;
			best = n;
		}
	}
	return best;
}

void applu_parse_args(int argc, char **argv, int form, struct applu_args *a)
{
	unsigned long long iters = APPLU_ITERS;
	struct cli_size s = {
		.usage = form == 2 ?
			"{-n N | --mb M} [-t ITERS] [-s SEED] -i INPUT -u FIELD" :
			form == 0 ?
			"{-n N | --mb M} [-t ITERS] [-s SEED] -u FIELD" :
			"{-n N | --mb M} [-t ITERS] [-s SEED]",
		.output = form == 1 ? "-o DIR" : "-o FILE",
		.operand = "RESULT",
		.count = { 'n', "N", APPLU_MIN_N, APPLU_MAX_N },
		.seed_max = UINT64_MAX,
		.more = { { 't', NULL, "ITERS", 1, APPLU_MAX_ITERS, &iters } },
		.option = option,
		.ctx = a,
	};
	int k = 1;

	if (form == 2)
		s.more[k++] = (struct cli_opt){ 'i', NULL, "input", 0, 0, NULL };
	if (form != 1)
		s.more[k++] = (struct cli_opt){ 'u', NULL, "field", 0, 0, NULL };
	a->input = a->field = NULL;
	cli_size_parse(&s, argc, argv, form != 0);
	a->n = (long)cli_size_count(&s, s.mb ? by_mb(s.mb) : 0);
	a->iters = (long)iters;
	a->seed = s.seed;
	a->path = s.path;
	if (form == 2 && !a->input)
		cli_fail(&s.cli, "give the input file with -i INPUT");
	if (form != 1 && !a->field)
		cli_fail(&s.cli, "give the field file with -u FIELD");
}
