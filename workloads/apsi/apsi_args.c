/* apsi_args.c - command line of sp-apsi-gen, sp-apsi and sp-apsi-check,
 * parsed the same way by all three so that a manifest's {args} mean one
 * model run to each. */
#include <stdint.h>

#include "apsi_spec.h"
#include "cli_size.h"

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct apsi_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->input = arg;
}

/* --mb M: the largest N whose APSI_ARRAYS arrays of N x N x NZ doubles
 * fit in M MB (at least the smallest N). */
static long by_mb(unsigned long long mb)
{
	double want = (double)mb * 1048576.0;
	long n = APSI_N_MIN;

	while (n < APSI_N_MAX && 8.0 * APSI_ARRAYS * (double)(n + 1) *
	       (double)(n + 1) * (double)APSI_NZ(n + 1) <= want)
		n++;
	return n;
}

void apsi_parse_args(int argc, char **argv, int form, struct apsi_args *a)
{
	unsigned long long steps = 0;
	struct cli_size s = {
		.usage = form != 1 ?
			"{-n N | --mb M} -t STEPS [-s SEED] -i INPUT" :
			"{-n N | --mb M} -t STEPS [-s SEED]",
		.output = form == 1 ? "-o DIR" : "-o FILE",
		.operand = "RESULT",
		.count = { 'n', "horizontal order", APSI_N_MIN, APSI_N_MAX },
		.seed_max = UINT64_MAX,
		.more = { { 't', NULL, "step count", 1, APSI_STEPS_MAX,
			    &steps },
			  { form != 1 ? 'i' : 0, NULL, "input", 0, 0, NULL } },
		.option = option,
		.ctx = a,
	};

	a->input = NULL;
	cli_size_parse(&s, argc, argv, form != 0);
	a->n = (long)cli_size_count(&s, s.mb ? by_mb(s.mb) : 0);
	a->steps = (long)steps;
	a->seed = s.seed;
	a->path = s.path;
	if (!a->steps)
		cli_fail(&s.cli, "give the step count with -t STEPS");
	if (form != 1 && !a->input)
		cli_fail(&s.cli, "give the input with -i INPUT");
}
