/* facerec_args.c - command line of sp-facerec-gen, sp-facerec and
 * sp-facerec-check, parsed the same way by all three so that a manifest's
 * {args} mean one album, one set of probes and one image size to each. */
#include "cli_size.h"
#include "facerec_spec.h"

static void option(const struct cli *c, int opt, const char *arg, void *ctx)
{
	struct facerec_args *a = ctx;

	(void)c;
	if (opt == 'i')
		a->input = arg;
}

/* The side --mb M gives: the largest multiple of 8 whose run fits in M
 * MB with the album of `persons`; -1 when none does. */
static long long side_by_mb(unsigned long long mb, unsigned long long persons)
{
	double room = (double)mb * 1048576.0 - FACEREC_BASE_BYTES -
		      (double)persons * FACEREC_BYTES_PER_PERSON;

	if (!mb || room <= 0)
		return -1;
	return (long long)sqrt(room / FACEREC_BYTES_PER_PIXEL) / 8 * 8;
}

void facerec_parse_args(int argc, char **argv, int form,
			struct facerec_args *a)
{
	unsigned long long persons = 0, probes = 0;
	struct cli_size s = {
		.usage = form != 1 ?
			"{-n SIDE | --mb M} -g PERSONS -p PROBES [-s SEED] "
			"-i FACEREC.IN" :
			"{-n SIDE | --mb M} -g PERSONS -p PROBES [-s SEED]",
		.output = form == 1 ? "-o DIR" : "-o FILE",
		.operand = "RESULT",
		.count = { 'n', "image side", FACEREC_MIN_SIDE,
			   FACEREC_MAX_SIDE },
		.seed_max = UINT64_MAX,
		.more = {
			{ 'g', NULL, "album persons", 2, FACEREC_MAX_PERSONS,
			  &persons },
			{ 'p', NULL, "probe count", 1, FACEREC_MAX_PROBES,
			  &probes },
			{ form != 1 ? 'i' : 0, NULL, "input", 0, 0, NULL },
		},
		.option = option,
		.ctx = a,
	};

	a->input = NULL;
	cli_size_parse(&s, argc, argv, form != 0);
	cli_size_one(&s);
	if (!persons)
		cli_fail(&s.cli, "give the album's size with -g PERSONS");
	if (!probes)
		cli_fail(&s.cli, "give the probe count with -p PROBES");
	a->side = (long)cli_size_count(&s, side_by_mb(s.mb, persons));
	a->persons = persons;
	a->probes = probes;
	a->seed = s.seed;
	a->path = s.path;
	if (form != 1 && !a->input)
		cli_fail(&s.cli, "give the input with -i FACEREC.IN");
}
