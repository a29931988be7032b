/* gcc_args.c - command line of sp-gcc-gen and sp-gcc-check, parsed the
 * same way by both so that {args} mean one program to each. */
#include "cli_size.h"
#include "gcc_spec.h"

#define MAX_FUNCS 10000000L

void gcc_parse_args(int argc, char **argv, int gen, struct gcc_args *a)
{
	struct cli_size s = {
		.usage = "{-n FUNCS | --mb M} [-s SEED]",
		.operand = "BIG.S",
		.what = "assembly file",
		.count = { 'n', "function count", 1, MAX_FUNCS },
		.seed_max = UINT64_MAX,
	};

	cli_size_parse(&s, argc, argv, gen);
	a->funcs = (long)cli_size_count(&s, (long long)(s.mb * 1048576ULL /
							GCC_BYTES_PER_FUNC));
	a->seed = s.seed;
	a->path = s.path;
}
