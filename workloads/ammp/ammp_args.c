/* ammp_args.c - command line of sp-ammp-gen, sp-ammp and sp-ammp-check,
 * parsed the same way by all three so that a manifest's {args} mean one
 * system and one run length to each. */
#include "ammp_spec.h"
#include "cli_size.h"

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct ammp_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->input = arg;
}

void ammp_parse_args(int argc, char **argv, int form, struct ammp_args *a)
{
	unsigned long long steps = 0;
	struct cli_size s = {
		.usage = form != 1 ?
			"{-n ATOMS | --mb M} -t STEPS [-s SEED] -i AMMP.IN" :
			"{-n ATOMS | --mb M} -t STEPS [-s SEED]",
		.output = form == 1 ? "-o DIR" : "-o FILE",
		.operand = "RESULT",
		.count = { 'n', "atom count", AMMP_MIN_ATOMS, AMMP_MAX_ATOMS },
		.seed_max = UINT64_MAX,
		.more = {
			{ 't', NULL, "step count", 1, AMMP_MAX_STEPS, &steps },
			{ form != 1 ? 'i' : 0, NULL, "input", 0, 0, NULL },
		},
		.option = option,
		.ctx = a,
	};

	a->input = NULL;
	cli_size_parse(&s, argc, argv, form != 0);
	a->atoms = (long)cli_size_count(&s, (long long)((double)s.mb *
			1048576.0 / AMMP_BYTES_PER_ATOM));
	if (!steps)
		cli_fail(&s.cli, "give the step count with -t STEPS");
	a->steps = steps;
	a->seed = s.seed;
	a->path = s.path;
	if (form != 1 && !a->input)
		cli_fail(&s.cli, "give the input with -i AMMP.IN");
}
