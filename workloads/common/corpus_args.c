/* corpus_args.c - command line of the compression workloads' programs
 * (corpus_args.h), parsed the same way by all of them so that {args} mean
 * one input to each. */
#include "cli_size.h"
#include "corpus_args.h"

/* zlib sizes one call's buffers in uInts, libbz2 in unsigned ints. */
#define MAX_KB 4000000ULL

static void input_option(const struct cli *c, int opt, const char *arg,
			 void *ctx)
{
	(void)opt;
	if (!ctx)
		cli_fail(c, "-i is the run's option only");
	*(const char **)ctx = arg;
}

void corpus_parse_args(int argc, char **argv, enum corpus_mode mode,
		       const char *operand, double footprint_per_byte,
		       struct corpus_args *a)
{
	const char *usages[] = {
		[CORPUS_GEN] = "{-n KB | --mb M} [-s SEED]",
		[CORPUS_RUN] = "{-n KB | --mb M} -i CORPUS",
		[CORPUS_CHECK] = "{-n KB | --mb M} [-s SEED]",
	};
	struct cli_size s = {
		.usage = usages[mode],
		.operand = operand,
		.what = "compressed file",
		.count = { 'n', "input KB", 1, MAX_KB },
		.seed_max = UINT64_MAX,
		.more = { { 'i', NULL, NULL, 0, 0, NULL } },
		.option = input_option,
		.ctx = mode == CORPUS_RUN ? &a->input : NULL,
	};
	unsigned long long kb;

	a->input = NULL;
	cli_size_parse(&s, argc, argv, mode != CORPUS_CHECK);
	kb = cli_size_count(&s, (long long)((double)s.mb * 1024.0 /
					    footprint_per_byte));
	if (mode == CORPUS_RUN && !a->input)
		cli_fail(&s.cli, "-i CORPUS is required");
	a->bytes = (uint64_t)kb * 1024;
	a->seed = s.seed;
	a->path = s.path;
}
