/* fma3d_args.c - command line of sp-fma3d-gen, sp-fma3d and
 * sp-fma3d-check, parsed the same way by all three so that a manifest's
 * {args} mean one simulation to each. */
#include <math.h>
#include <stdint.h>

#include "cli_size.h"
#include "fma3d_spec.h"

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct fma3d_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->input = arg;
}

void fma3d_parse_args(int argc, char **argv, int form, struct fma3d_args *a)
{
	unsigned long long steps = 0;
	struct cli_size s = {
		.usage = form != 1 ?
			"{-n N | --mb M} -t STEPS [-s SEED] -i INPUT" :
			"{-n N | --mb M} -t STEPS [-s SEED]",
		.output = form == 1 ? "-o DIR" : "-o FILE",
		.operand = "STATE",
		.what = "state file",
		.count = { 'n', "plate size", FMA3D_N_MIN, FMA3D_N_MAX },
		.seed_max = INT64_MAX,	/* Fortran reads it as a signed integer */
		.more = { { 't', NULL, "step count", 1, FMA3D_STEPS_MAX,
			    &steps },
			  { form != 1 ? 'i' : 0, NULL, "input", 0, 0, NULL } },
		.option = option,
		.ctx = a,
	};

	a->input = NULL;
	cli_size_parse(&s, argc, argv, form != 0);
	/* --mb M: the largest N whose N x N columns fit in M MB */
	a->n = (long)cli_size_count(&s, (long long)floor(sqrt((double)s.mb *
			1048576.0 / FMA3D_COLUMN_BYTES)));
	a->steps = (long)steps;
	a->seed = s.seed;
	a->path = s.path;
	if (!a->steps)
		cli_fail(&s.cli, "give the step count with -t STEPS");
	if (form != 1 && !a->input)
		cli_fail(&s.cli, "give the input with -i INPUT");
}
