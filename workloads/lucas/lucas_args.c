/* lucas_args.c - command line of sp-lucas-gen, sp-lucas and
 * sp-lucas-check, parsed the same way by all three so that a manifest's
 * {args} mean one set of Lucas-Lehmer runs to each. */
#include <inttypes.h>
#include <stdio.h>

#include "cli_size.h"
#include "lucas_spec.h"

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct lucas_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->input = arg;
}

/* The longest transform length whose run fits in mb MiB, or -1. */
static long long length_of_mb(unsigned long long mb)
{
	uint64_t n = LUCAS_LENGTH_MAX;

	if (!mb)
		return -1;
	while (n >= (uint64_t)LUCAS_LENGTH_MIN &&
	       (double)n * LUCAS_BYTES_PER_WORD > (double)mb * 1048576.0)
		n = lucas_length_below(n);
	return n >= (uint64_t)LUCAS_LENGTH_MIN ? (long long)n : -1;
}

void lucas_parse_args(int argc, char **argv, int form, struct lucas_args *a)
{
	unsigned long long iters = 0, at = 0, full = 0;
	struct cli_size s = {
		.usage = form != 1 ?
			"{-n LENGTH | --mb M} -r ITERS -k AT [-f PMAX] [-s SEED] -i INPUT" :
			"{-n LENGTH | --mb M} -r ITERS -k AT [-f PMAX] [-s SEED]",
		.output = form == 1 ? "-o DIR" : "-o FILE",
		.operand = "RESULT",
		.count = { 'n', "transform length", LUCAS_LENGTH_MIN,
			   LUCAS_LENGTH_MAX },
		.seed_max = UINT64_MAX,
		.more = { { 'r', NULL, "iteration count", 1, LUCAS_ITERS_MAX,
			    &iters },
			  { 'k', NULL, "reported iteration", 1,
			    LUCAS_ITERS_MAX, &at },
			  { 'f', NULL, "full-test bound", 0, LUCAS_FULL_MAX,
			    &full },
			  { form != 1 ? 'i' : 0, NULL, "input", 0, 0, NULL } },
		.option = option,
		.ctx = a,
	};

	a->input = NULL;
	cli_size_parse(&s, argc, argv, form != 0);
	a->length = (long)cli_size_count(&s, length_of_mb(s.mb));
	a->iters = (long)iters;
	a->at = (long)at;
	a->full = (long)full;
	a->seed = s.seed;
	a->path = s.path;
	if (!lucas_length_ok((uint64_t)a->length))
		cli_fail(&s.cli,
			 "the transform length must be m 2^e, m = 4..7");
	if (!a->iters || !a->at)
		cli_fail(&s.cli, "give -r and -k");
	if (a->at > a->iters)
		cli_fail(&s.cli, "-k must not exceed -r");
	if (form != 1 && !a->input)
		cli_fail(&s.cli, "give the input with -i INPUT");
}

void lucas_args_line(const struct lucas_args *a, char *buf, size_t size)
{
	snprintf(buf, size, "-n %ld -r %ld -k %ld -f %ld -s %" PRIu64,
		 a->length, a->iters, a->at, a->full, a->seed);
}
