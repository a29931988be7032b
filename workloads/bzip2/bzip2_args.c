/* bzip2_args.c - command line of sp-bzip2-gen, sp-bzip2 and sp-bzip2-check,
 * parsed the same way by all three so that {args} mean one input to each. */
#include "cli_size.h"
#include "bzip2_spec.h"

#define MAX_KB 4000000ULL	/* libbz2 sizes its buffers in unsigned ints */

static void input_option(const struct cli *c, int opt, const char *arg,
			 void *ctx)
{
	(void)opt;
	if (!ctx)
		cli_fail(c, "-i is the run's option only");
	*(const char **)ctx = arg;
}

void bzip2_parse_args(int argc, char **argv, enum bzip2_mode mode,
		      struct bzip2_args *a)
{
	const char *usages[] = {
		[BZIP2_GEN] = "{-n KB | --mb M} [-s SEED]",
		[BZIP2_RUN] = "{-n KB | --mb M} -i CORPUS",
		[BZIP2_CHECK] = "{-n KB | --mb M} [-s SEED]",
	};
	struct cli_size s = {
		.usage = usages[mode],
		.operand = "OUT.BZ2",
		.what = "compressed file",
		.count = { 'n', "input KB", 1, MAX_KB },
		.seed_max = UINT64_MAX,
		.more = { { 'i', NULL, NULL, 0, 0, NULL } },
		.option = input_option,
		.ctx = mode == BZIP2_RUN ? &a->input : NULL,
	};
	unsigned long long kb;

	a->input = NULL;
	cli_size_parse(&s, argc, argv, mode != BZIP2_CHECK);
	kb = cli_size_count(&s, (long long)((double)s.mb * 1024.0 /
					    BZIP2_FOOTPRINT_PER_BYTE));
	if (mode == BZIP2_RUN && !a->input)
		cli_fail(&s.cli, "-i CORPUS is required");
	a->bytes = (uint64_t)kb * 1024;
	a->seed = s.seed;
	a->path = s.path;
}
