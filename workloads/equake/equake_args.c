/* equake_args.c - command line of sp-equake-gen, sp-equake and
 * sp-equake-check, parsed the same way by all three so that a manifest's
 * {args} mean one mesh and one number of steps to each. */
#include "cli_size.h"
#include "equake_spec.h"

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct equake_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->input = arg;
}

void equake_parse_args(int argc, char **argv, int form,
		       struct equake_args *a)
{
	unsigned long long steps = 0;
	struct cli_size s = {
		.usage = form != 1 ?
			"{-n NODES | --mb M} -t STEPS [-s SEED] -i INPUT" :
			"{-n NODES | --mb M} -t STEPS [-s SEED]",
		.output = "-o DIR",
		.operand = "OUTDIR",
		.what = "output folder",
		.count = { 'n', "node count", EQ_MIN_NODES, EQ_MAX_NODES },
		.seed_max = UINT64_MAX,
		.more = { { 't', NULL, "step count", 1, EQ_MAX_STEPS, &steps },
			  { form != 1 ? 'i' : 0, NULL, "input", 0, 0, NULL } },
		.option = option,
		.ctx = a,
	};

	a->input = NULL;
	cli_size_parse(&s, argc, argv, form != 0);
	a->nodes = (long)cli_size_count(&s, (long long)((double)s.mb *
			1048576.0 / EQ_BYTES_PER_NODE));
	a->steps = (long)steps;
	a->seed = s.seed;
	a->path = s.path;
	if (!a->steps)
		cli_fail(&s.cli, "give the step count with -t STEPS");
	if (form != 1 && !a->input)
		cli_fail(&s.cli, "give the input with -i INPUT");
}
