/* linker_args.c - command line of sp-linker-gen, sp-linker-run and
 * sp-linker-check, parsed the same way by all three so that {args} mean
 * one program to each.  -r LINKS, how many times the run links it, means
 * nothing to the generator and the check: every link makes the same
 * program. */
#include "cli_size.h"
#include "linker_spec.h"

#define MAX_UNITS 100000L

static void input_option(const struct cli *c, int opt, const char *arg,
			 void *ctx)
{
	(void)c;
	(void)opt;
	*(const char **)ctx = arg;
}

void linker_parse_args(int argc, char **argv, enum linker_form form,
		       struct linker_args *a)
{
	unsigned long long links = 1;
	long by_mb;
	struct cli_size s = {
		.usage = form == LINKER_RUN ?
			 "{-n UNITS | --mb M} [-r LINKS] -i DIR" :
			 "{-n UNITS | --mb M} [-r LINKS] [-s SEED]",
		.output = form == LINKER_RUN ? "-o FILE" : "-o DIR",
		.operand = "A.OUT",
		.what = "program to check",
		.count = { 'n', "unit count", 1, MAX_UNITS },
		.seed_max = form == LINKER_RUN ? 0 : UINT64_MAX,
		.more = { { 'r', NULL, "link count", 1, LINKER_MAX_LINKS,
			    &links },
			  { form == LINKER_RUN ? 'i' : 0, NULL, NULL, 0, 0,
			    NULL } },
		.option = input_option,
		.ctx = &a->input,
	};

	a->input = NULL;
	cli_size_parse(&s, argc, argv, form != LINKER_CHECK);
	by_mb = (long)((double)s.mb * 1048576.0 /
		       (LINKER_FUNCS * (double)LINKER_BYTES_PER_FUNC));
	a->units = (long)cli_size_count(&s, by_mb);
	a->links = (long)links;
	a->seed = s.seed;
	a->path = s.path;
	if (form == LINKER_RUN && !a->input)
		cli_fail(&s.cli, "missing -i DIR");
}
