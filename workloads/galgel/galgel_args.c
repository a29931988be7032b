/* galgel_args.c - command line of sp-galgel-gen, sp-galgel and
 * sp-galgel-check, parsed the same way by all three so that a manifest's
 * {args} mean one Galerkin system and one Grashof sweep to each. */
#include <math.h>
#include <stdint.h>

#include "cli_size.h"
#include "galgel_spec.h"

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct galgel_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->input = arg;
}

/* The NX whose run's footprint is nearest mb MB (the footprint grows as
 * NX^6, so the next one up or down can be far). */
static long by_mb(unsigned long long mb)
{
	double want = (double)mb * 1048576.0;
	long best = GALGEL_NX_MIN;

	for (long nx = GALGEL_NX_MIN + 1; nx <= GALGEL_NX_MAX; nx++)
		if (fabs(galgel_bytes(nx) - want) <
		    fabs(galgel_bytes(best) - want))
			best = nx;
	return best;
}

void galgel_parse_args(int argc, char **argv, int form,
		       struct galgel_args *a)
{
	unsigned long long steps = 0;
	struct cli_size s = {
		.usage = form != 1 ?
			"{-n NX | --mb M} -t STEPS [-s SEED] -i INPUT" :
			"{-n NX | --mb M} -t STEPS [-s SEED]",
		.output = form == 1 ? "-o DIR" : "-o FILE",
		.operand = "RESULT",
		.count = { 'n', "basis size", GALGEL_NX_MIN, GALGEL_NX_MAX },
		.seed_max = UINT64_MAX,
		.more = { { 't', NULL, "step count", GALGEL_STEPS_MIN,
			    GALGEL_STEPS_MAX, &steps },
			  { form != 1 ? 'i' : 0, NULL, "input", 0, 0, NULL } },
		.option = option,
		.ctx = a,
	};

	a->input = NULL;
	cli_size_parse(&s, argc, argv, form != 0);
	a->nx = (long)cli_size_count(&s, s.mb ? by_mb(s.mb) : 0);
	a->steps = (long)steps;
	a->seed = s.seed;
	a->path = s.path;
	if (!a->steps)
		cli_fail(&s.cli, "give the step count with -t STEPS");
	if (form != 1 && !a->input)
		cli_fail(&s.cli, "give the input with -i INPUT");
}
