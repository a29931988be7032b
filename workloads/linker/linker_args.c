/* linker_args.c - command line of sp-linker-gen and sp-linker-check,
 * parsed the same way by both so that {args} mean one program to each. */
#include "cli_size.h"
#include "linker_spec.h"

#define MAX_UNITS 100000L

void linker_parse_args(int argc, char **argv, int gen, struct linker_args *a)
{
	long by_mb;
	struct cli_size s = {
		.usage = "{-n UNITS | --mb M} [-s SEED]",
		.output = "-o DIR",
		.operand = "A.OUT",
		.what = "program to check",
		.count = { 'n', "unit count", 1, MAX_UNITS },
		.seed_max = UINT64_MAX,
	};

	cli_size_parse(&s, argc, argv, gen);
	by_mb = (long)((double)s.mb * 1048576.0 /
		       (LINKER_FUNCS * (double)LINKER_BYTES_PER_FUNC));
	a->units = (long)cli_size_count(&s, by_mb);
	a->seed = s.seed;
	a->path = s.path;
}
