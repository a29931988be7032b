/* sixtrack_args.c - command line of sp-sixtrack-gen, sp-sixtrack and
 * sp-sixtrack-check, parsed the same way by all three so that a manifest's
 * {args} mean one ring, one beam and one run to each. */
#include <math.h>
#include <string.h>

#include "cli_size.h"
#include "sixtrack_spec.h"

struct parsed {
	struct sixtrack_args *a;
};

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct parsed *p = ctx;

	if (opt == 'i') {
		p->a->input = arg;
	} else if (opt == 'l') {
		if (!strcmp(arg, "full"))
			p->a->linear = 0;
		else if (!strcmp(arg, "linear"))
			p->a->linear = 1;
		else
			cli_fail(c, "the lattice is full or linear");
	}
}

void sixtrack_parse_args(int argc, char **argv, int form,
			 struct sixtrack_args *a)
{
	unsigned long long turns = 0, particles = SIXTRACK_PARTICLES;
	struct parsed p = { .a = a };
	struct cli_size s = {
		.usage = form != 1 ?
			"{-n CELLS | --mb M} -t TURNS [-p PARTICLES] "
			"[-l full|linear] [-s SEED] -i INPUT" :
			"{-n CELLS | --mb M} -t TURNS [-p PARTICLES] "
			"[-l full|linear] [-s SEED]",
		.output = form == 1 ? "-o DIR" : "-o FILE",
		.operand = "RESULT",
		.count = { 'n', "cell count", 1, SIXTRACK_CELLS_MAX },
		.seed_max = INT64_MAX,	/* Fortran reads it as a signed integer */
		.more = { { 't', NULL, "turn count", 1, SIXTRACK_TURNS_MAX,
			    &turns },
			  { 'p', NULL, "particle count", SIXTRACK_PARTICLES_MIN,
			    SIXTRACK_PARTICLES_MAX, &particles },
			  { 'l', NULL, "lattice", 0, 0, NULL },
			  { form != 1 ? 'i' : 0, NULL, "input", 0, 0, NULL } },
		.option = option,
		.ctx = &p,
	};
	double by_mb;

	a->input = NULL;
	a->linear = 0;
	cli_size_parse(&s, argc, argv, form != 0);
	/* --mb M: the most cells whose table and the runtimes fit in M MB */
	by_mb = floor(((double)s.mb * 1048576.0 - SIXTRACK_BASE_BYTES) /
		      SIXTRACK_CELL_BYTES);
	a->cells = (long)cli_size_count(&s, by_mb < 0 ? -1 : (long long)by_mb);
	a->turns = (long)turns;
	a->particles = (long)particles;
	a->seed = s.seed;
	a->path = s.path;
	if (!a->turns)
		cli_fail(&s.cli, "give the turn count with -t TURNS");
	if (form != 1 && !a->input)
		cli_fail(&s.cli, "give the input with -i INPUT");
}
