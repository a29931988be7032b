/* linker_args.c - command line of sp-linker-gen and sp-linker-check,
 * parsed the same way by both so that {args} mean one program to each. */
#include <getopt.h>
#include <stddef.h>

#include "cli.h"
#include "linker_spec.h"

#define MAX_UNITS 100000L
#define MAX_MB (1L << 20)

/* what: "-o DIR" for the generator, "A.OUT" (positional) for the check. */
void linker_parse_args(int argc, char **argv, const char *what,
		       struct linker_args *a)
{
	static const struct option longopts[] = {
		{ "mb", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	int with_output = what[0] == '-';
	const struct cli cli = { argv[0], "{-n UNITS | --mb M} [-s SEED]",
				 what };
	const char *out = NULL;
	long mb = 0;
	int c;

	a->units = 0;
	a->seed = 42;
	opterr = 0;
	while ((c = getopt_long(argc, argv, with_output ? ":n:s:o:" : ":n:s:",
				longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			a->units = (long)cli_number(&cli, optarg, 1, MAX_UNITS,
						    "UNITS");
			break;
		case 'm':
			mb = (long)cli_number(&cli, optarg, 1, MAX_MB, "MB");
			break;
		case 's':
			a->seed = cli_number(&cli, optarg, 0, UINT64_MAX,
					     "seed");
			break;
		case 'o':
			out = optarg;
			break;
		default:
			cli_bad_option(&cli, c);
		}
	}
	a->path = cli_file(&cli, argc, argv, with_output, out,
			   "program to check");
	if (!!a->units == !!mb)
		cli_fail(&cli, "give exactly one of -n and --mb");
	if (mb) {
		a->units = (long)((double)mb * 1048576.0 /
				  (LINKER_FUNCS * (double)LINKER_BYTES_PER_FUNC));
		if (a->units < 1 || a->units > MAX_UNITS)
			cli_fail(&cli, "--mb gives no usable unit count");
	}
}
