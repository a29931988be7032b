/* perlbmk_args.c - command line of sp-perlbmk-gen and sp-perlbmk-check,
 * parsed the same way by both so that a manifest's {args} mean one
 * mailbox to each. */
#include "cli_size.h"
#include "perlbmk_spec.h"

#define MAX_MESSAGES 10000000L

void perlbmk_parse_args(int argc, char **argv, int gen,
			struct perlbmk_args *a)
{
	struct cli_size s = {
		.usage = "{-n MESSAGES | --mb M} [-s SEED]",
		.output = "-o DIR",
		.operand = "REPORT",
		.what = "report",
		.count = { 'n', "message count", 1, MAX_MESSAGES },
		.seed_max = UINT64_MAX,
	};

	cli_size_parse(&s, argc, argv, gen);
	a->messages = (long)cli_size_count(&s, (long long)((double)s.mb *
			1048576.0 / PERLBMK_BYTES_PER_MESSAGE));
	a->seed = s.seed;
	a->path = s.path;
}
