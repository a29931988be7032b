/* art_args.c - command line of sp-art-gen, sp-art and sp-art-check,
 * parsed the same way by all three so that a manifest's {args} mean one
 * scene and one scan to each. */
#include <math.h>

#include "cli_size.h"
#include "art_spec.h"

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct art_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->input = arg;
}

void art_parse_args(int argc, char **argv, int form, struct art_args *a)
{
	unsigned long long regions = 0;
	struct cli_size s = {
		.usage = form != 1 ?
			"{-n SIDE | --mb M} -r REGIONS [-s SEED] -i DIR" :
			"{-n SIDE | --mb M} -r REGIONS [-s SEED]",
		.output = form == 1 ? "-o DIR" : "-o FILE",
		.operand = "RESULT",
		.count = { 'n', "object side", ART_SIDE_MIN, ART_SIDE_MAX },
		.seed_max = UINT64_MAX,
		.more = { { 'r', NULL, "region count", 1, ART_REGIONS_MAX,
			    &regions },
			  { form != 1 ? 'i' : 0, NULL, "input", 0, 0, NULL } },
		.option = option,
		.ctx = a,
	};

	a->input = NULL;
	cli_size_parse(&s, argc, argv, form != 0);
	/* --mb M: the F1 layer and its weights are what scale */
	a->side = (long)cli_size_count(&s, (long long)floor(sqrt((double)s.mb *
			1048576.0 / ART_BYTES_PER_INPUT)));
	a->regions = (long)regions;
	a->seed = s.seed;
	a->path = s.path;
	if (!a->regions)
		cli_fail(&s.cli, "give -r");
	if (form != 1 && !a->input)
		cli_fail(&s.cli, "give the input folder with -i DIR");
}
