/* mgrid_args.c - command line of sp-mgrid-gen, sp-mgrid and
 * sp-mgrid-check, parsed the same way by all three so that a manifest's
 * {args} mean one problem to each. */
#include <math.h>

#include "cli_size.h"
#include "mgrid_spec.h"

#define MAX_N 1024
#define MAX_CYCLES 100000

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct mgrid_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->input = arg;
	else if (opt == 'u')
		a->field = arg;
}

/* n is 2^k or 3 x 2^k, at least 4: the shapes whose levels halve evenly
 * down to 2 or 3 points a side. */
static int good_n(long n)
{
	if (n % 3 == 0)
		n /= 3;
	return n >= 2 && !(n & (n - 1));
}

/* The grid whose peak memory is nearest to mb MiB (by ratio). */
static long by_mb(unsigned long long mb)
{
	double want = (double)mb * 1048576.0, best_miss = INFINITY;
	long best = 0;

	for (long n = 4; n <= MAX_N; n++) {
		double miss;

		if (!good_n(n))
			continue;
		miss = fabs(log((mgrid_array_bytes(n) + MGRID_BASE_BYTES) /
				want));
		if (miss < best_miss) {
			best_miss = miss;
			best = n;
		}
	}
	return best;
}

void mgrid_parse_args(int argc, char **argv, int form, struct mgrid_args *a)
{
	unsigned long long cycles = MGRID_CYCLES;
	struct cli_size s = {
		.usage = form == 2 ?
			"{-n N | --mb M} [-c CYCLES] [-s SEED] -i INPUT -u FIELD" :
			form == 0 ?
			"{-n N | --mb M} [-c CYCLES] [-s SEED] -u FIELD" :
			"{-n N | --mb M} [-c CYCLES] [-s SEED]",
		.output = form == 1 ? "-o DIR" : "-o FILE",
		.operand = "RESULT",
		.count = { 'n', "N", 4, MAX_N },
		.seed_max = UINT64_MAX,
		.more = { { 'c', NULL, "cycles", 1, MAX_CYCLES, &cycles } },
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
	a->cycles = (long)cycles;
	a->seed = s.seed;
	a->path = s.path;
	if (!good_n(a->n))
		cli_fail(&s.cli, "N must be 2^k or 3 x 2^k");
	if (form == 2 && !a->input)
		cli_fail(&s.cli, "give the input file with -i INPUT");
	if (form != 1 && !a->field)
		cli_fail(&s.cli, "give the field file with -u FIELD");
}
