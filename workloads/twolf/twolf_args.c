/* twolf_args.c - command line of sp-twolf-gen, sp-twolf-place and
 * sp-twolf-check, parsed the same way by all three so that a manifest's
 * {args} mean one design and one annealing schedule to each. */
#include "cli_size.h"
#include "twolf_spec.h"

static void input_option(const struct cli *c, int opt, const char *arg,
			 void *ctx)
{
	(void)opt;
	if (!ctx)
		cli_fail(c, "-i is not an option of the generator");
	*(const char **)ctx = arg;
}

void twolf_parse_args(int argc, char **argv, enum twolf_mode mode,
		      struct twolf_args *a)
{
	unsigned long long times = 1;
	long long by_mb;
	struct cli_size s = {
		.usage = mode == TWOLF_GEN ?
			"{-n CELLS | --mb M} [-t TIMES] [-s SEED]" :
			"{-n CELLS | --mb M} [-t TIMES] [-s SEED] -i DIR",
		.output = "-o DIR",
		.operand = "DIR",
		.what = "output folder",
		.count = { 'n', "cell count", TWOLF_MIN_CELLS,
			   TWOLF_MAX_CELLS },
		.seed_max = UINT64_MAX,
		.more = { { 't', NULL, "times", 1, 1000, &times },
			  { 'i', NULL, NULL, 0, 0, NULL } },
		.option = input_option,
		.ctx = mode == TWOLF_GEN ? NULL : &a->input,
	};

	a->input = NULL;
	cli_size_parse(&s, argc, argv, mode != TWOLF_CHECK);
	/* --mb M: the placer's peak memory, past its fixed part, in cells */
	by_mb = ((long long)s.mb * 1048576LL - TWOLF_BASE_BYTES) /
		TWOLF_BYTES_PER_CELL;
	a->cells = (long)cli_size_count(&s, by_mb);
	a->times = (long)times;
	a->seed = s.seed;
	a->path = s.path;
	if (mode != TWOLF_GEN && !a->input)
		cli_fail(&s.cli, "give the prepared folder with -i DIR");
}
