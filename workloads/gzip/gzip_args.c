/* gzip_args.c - command line of sp-gzip-gen, sp-gzip and sp-gzip-check,
 * parsed the same way by all three so that {args} mean one input to each. */
#include "cli_size.h"
#include "gzip_spec.h"

#define MAX_KB 4000000ULL	/* zlib sizes one call's buffers in uInts */

static void input_option(const struct cli *c, int opt, const char *arg,
			 void *ctx)
{
	(void)opt;
	if (!ctx)
		cli_fail(c, "-i is the run's option only");
	*(const char **)ctx = arg;
}

void gzip_parse_args(int argc, char **argv, enum gzip_mode mode,
		     struct gzip_args *a)
{
	const char *usages[] = {
		[GZIP_GEN] = "{-n KB | --mb M} [-s SEED]",
		[GZIP_RUN] = "{-n KB | --mb M} -i CORPUS",
		[GZIP_CHECK] = "{-n KB | --mb M} [-s SEED]",
	};
	struct cli_size s = {
		.usage = usages[mode],
		.operand = "OUT.GZ",
		.what = "compressed file",
		.count = { 'n', "input KB", 1, MAX_KB },
		.seed_max = UINT64_MAX,
		.more = { { 'i', NULL, NULL, 0, 0, NULL } },
		.option = input_option,
		.ctx = mode == GZIP_RUN ? &a->input : NULL,
	};
	unsigned long long kb;

	a->input = NULL;
	cli_size_parse(&s, argc, argv, mode != GZIP_CHECK);
	kb = cli_size_count(&s, (long long)((double)s.mb * 1024.0 /
					    GZIP_FOOTPRINT_PER_BYTE));
	if (mode == GZIP_RUN && !a->input)
		cli_fail(&s.cli, "-i CORPUS is required");
	a->bytes = (uint64_t)kb * 1024;
	a->seed = s.seed;
	a->path = s.path;
}
