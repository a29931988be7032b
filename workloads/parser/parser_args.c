/* parser_args.c - command line of sp-parser-gen and sp-parser-check, parsed
 * the same way by both so that a manifest's {args} mean one text to each. */
#include "cli_size.h"
#include "parser_spec.h"

#define MAX_SENTENCES 10000000L

void parser_parse_args(int argc, char **argv, int gen, struct parser_args *a)
{
	long long by_mb;
	struct cli_size s = {
		.usage = "{-n SENTENCES | --mb M} [-s SEED]",
		.output = "-o DIR",
		.operand = "PARSES",
		.what = "parse output",
		.count = { 'n', "sentence count", 1, MAX_SENTENCES },
		.seed_max = UINT64_MAX,
	};

	cli_size_parse(&s, argc, argv, gen);
	by_mb = (long long)s.mb * PARSER_SENTENCES_PER_MB;
	a->sentences = (long)cli_size_count(&s, by_mb);
	a->seed = s.seed;
	a->path = s.path;
}
