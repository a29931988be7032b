/* vortex_args.c - command line of sp-vortex-gen, sp-vortex and
 * sp-vortex-check, parsed the same way by all three so that a manifest's
 * {args} mean one operation log to each. */
#include "cli_size.h"
#include "vortex_spec.h"

#define MAX_OBJECTS 100000000L

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct vortex_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->ops = arg;
}

void vortex_parse_args(int argc, char **argv, int form,
		       struct vortex_args *a)
{
	struct cli_size s = {
		.usage = form != 1 ? "{-n OBJECTS | --mb M} [-s SEED] -i LOG" :
				     "{-n OBJECTS | --mb M} [-s SEED]",
		.output = form == 1 ? "-o DIR" : "-o FILE",
		.operand = "RESULT",
		.count = { 'n', "object count", 1, MAX_OBJECTS },
		.seed_max = UINT64_MAX,
		.more = { { form != 1 ? 'i' : 0, NULL, "log", 0, 0, NULL } },
		.option = option,
		.ctx = a,
	};

	a->ops = NULL;
	cli_size_parse(&s, argc, argv, form != 0);
	a->objects = (long)cli_size_count(&s, (long long)((double)s.mb *
			1048576.0 / VORTEX_BYTES_PER_OBJECT));
	a->seed = s.seed;
	a->path = s.path;
	if (form != 1 && !a->ops)
		cli_fail(&s.cli, "give the operation log with -i LOG");
}
