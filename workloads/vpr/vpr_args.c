/* vpr_args.c - command line of sp-vpr-gen, sp-vpr-route and sp-vpr-check,
 * parsed the same way by all three so that a manifest's {args} mean one
 * design on one device to each. */
#include "cli_size.h"
#include "vpr_spec.h"

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct vpr_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->input = arg;
}

void vpr_parse_args(int argc, char **argv, int form, struct vpr_args *a)
{
	struct cli_size s = {
		.usage = form == 2 ? "{-n CELLS | --mb M} [-s SEED] -i DIR" :
				     "{-n CELLS | --mb M} [-s SEED]",
		.output = "-o DIR",
		.operand = "ASC",
		.what = "bitstream",
		.count = { 'n', "cell count", 2, VPR_MAX_CELLS },
		.mb_max = 1 << 20,
		/* nextpnr's --seed is an int */
		.seed_max = 0x7fffffff,
		.more = { { form == 2 ? 'i' : 0, NULL, "input folder", 0, 0,
			    NULL } },
		.option = option,
		.ctx = a,
	};

	a->input = NULL;
	cli_size_parse(&s, argc, argv, form != 0);
	a->cells = (long)cli_size_count(&s, vpr_cells_by_mb(s.mb));
	a->dev = vpr_device_for(a->cells);
	a->seed = s.seed;
	a->path = s.path;
	if (form == 2 && !a->input)
		cli_fail(&s.cli, "give the prepared folder with -i DIR");
}
