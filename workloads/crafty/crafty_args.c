/* crafty_args.c - command line of sp-crafty-gen, sp-crafty-search and
 * sp-crafty-check, parsed the same way by all three so that a manifest's
 * {args} mean one search to each. */
#include "cli_size.h"
#include "crafty_spec.h"

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct crafty_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->fens = arg;
}

void crafty_parse_args(int argc, char **argv, int form,
		       struct crafty_args *a)
{
	unsigned long long positions = 0, depth = 0;
	struct cli_size s = {
		.usage = form == 2 ?
			"{-m HASH_MB | --mb M} -p POSITIONS -d DEPTH [-s SEED] -i FENS" :
			"{-m HASH_MB | --mb M} -p POSITIONS -d DEPTH [-s SEED]",
		.output = form == 1 ? "-o DIR" : "-o FILE",
		.operand = "RESULT",
		.count = { 'm', "hash size", 1, 1024 },
		.mb_max = 1024,
		.seed_max = UINT64_MAX,
		.more = { { 'p', NULL, "position count", 1, 10000, &positions },
			  { 'd', NULL, "depth", 1, 40, &depth },
			  { form == 2 ? 'i' : 0, NULL, "positions", 0, 0,
			    NULL } },
		.option = option,
		.ctx = a,
	};

	a->fens = NULL;
	cli_size_parse(&s, argc, argv, form != 0);
	/* --mb M: the hash is the part of crafty's memory that scales */
	a->hash_mb = (long)cli_size_count(&s, (long long)s.mb);
	a->positions = (long)positions;
	a->depth = (long)depth;
	a->seed = s.seed;
	a->path = s.path;
	if (!a->positions || !a->depth)
		cli_fail(&s.cli, "give -p and -d");
	if (form == 2 && !a->fens)
		cli_fail(&s.cli, "give the positions with -i FENS");
}
