/* mcf_args.c - command line of sp-mcf-gen, sp-mcf and sp-mcf-check, parsed
 * the same way by all three so that {args} mean one instance to each. */
#include "cli_size.h"
#include "mcf_spec.h"

#define MAX_TRIPS 10000000L

static void instance_option(const struct cli *c, int opt, const char *arg,
			    void *ctx)
{
	(void)opt;
	if (!ctx)
		cli_fail(c, "-i is not an option of the generator");
	*(const char **)ctx = arg;
}

void mcf_parse_args(int argc, char **argv, enum mcf_mode mode,
		    struct mcf_args *a)
{
	struct cli_size s = {
		.usage = mode == MCF_GEN ? "{-n TRIPS | --mb M} [-s SEED]" :
			 "{-n TRIPS | --mb M} -i INSTANCE",
		.operand = "SOLUTION",
		.what = "solution file",
		.count = { 'n', "trip count", 2, MAX_TRIPS },
		.seed_max = UINT64_MAX,
		.more = { { 'i', NULL, NULL, 0, 0, NULL } },
		.option = instance_option,
		.ctx = mode == MCF_GEN ? NULL : &a->instance,
	};

	a->instance = NULL;
	cli_size_parse(&s, argc, argv, mode != MCF_CHECK);
	a->trips = (long)cli_size_count(&s, (long long)(s.mb * 1048576ULL /
							MCF_BYTES_PER_TRIP));
	if (mode != MCF_GEN && !a->instance)
		cli_fail(&s.cli, "-i INSTANCE is required");
	a->seed = s.seed;
	a->path = s.path;
}
