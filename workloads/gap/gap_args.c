/* gap_args.c - command line of sp-gap-gen, sp-gap-run and sp-gap-check,
 * parsed the same way by all three so that a manifest's {args} mean one
 * script and one workspace to each. */
#include <string.h>

#include "cli_size.h"
#include "gap_spec.h"

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct gap_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->script = arg;
}

void gap_parse_args(int argc, char **argv, int form, struct gap_args *a)
{
	unsigned long long rounds = 0;
	struct cli_size s = {
		.usage = form == 2 ?
			"{-m WORKSPACE_MB | --mb M} -n ROUNDS [-s SEED] -i SCRIPT" :
			"{-m WORKSPACE_MB | --mb M} -n ROUNDS [-s SEED]",
		.output = form == 1 ? "-o DIR" : "-o FILE",
		.operand = "RESULT",
		.count = { 'm', "workspace", GAP_WORKSPACE_MIN,
			   GAP_WORKSPACE_MAX },
		.mb_max = GAP_WORKSPACE_MAX + GAP_OVERHEAD_MB,
		.seed_max = UINT64_MAX,
		.more = { { 'n', NULL, "round count", 1, GAP_ROUNDS_MAX,
			    &rounds },
			  { form == 2 ? 'i' : 0, NULL, "script", 0, 0, NULL } },
		.option = option,
		.ctx = a,
	};

	a->script = NULL;
	cli_size_parse(&s, argc, argv, form != 0);
	/* --mb M: the workspace is what scales GAP's memory */
	a->workspace_mb = (long)cli_size_count(&s, (long long)s.mb -
					       GAP_OVERHEAD_MB);
	a->rounds = (long)rounds;
	a->seed = s.seed;
	a->path = s.path;
	if (!a->rounds)
		cli_fail(&s.cli, "give -n");
	if (form == 2 && !a->script)
		cli_fail(&s.cli, "give the script with -i SCRIPT");
	/* sp-gap-run hands the result file to GAP as a string literal */
	if (form == 2 && strpbrk(a->path, "\"\\\n"))
		cli_fail(&s.cli, "the result file's name may hold no quote, "
			 "backslash or newline");
}
