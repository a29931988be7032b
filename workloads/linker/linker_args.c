/* linker_args.c - command line of sp-linker-gen and sp-linker-check,
 * parsed the same way by both so that {args} mean one program to each. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "linker_spec.h"

#define MAX_UNITS 100000L
#define MAX_MB (1L << 20)

static void usage_fail(const char *prog, const char *what, const char *dst)
{
	fprintf(stderr, "%s: %s (usage: %s {-n UNITS | --mb M} [-s SEED] %s)\n",
		prog, what, prog, dst);
	exit(2);
}

static unsigned long long parse_num(const char *prog, const char *dst,
				    const char *s, unsigned long long min,
				    unsigned long long max, const char *name)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *end || *s == '-' || v < min || v > max) {
		char msg[160];

		snprintf(msg, sizeof(msg), "bad %s '%s' (%llu..%llu)", name, s,
			 min, max);
		usage_fail(prog, msg, dst);
	}
	return v;
}

/* what: "-o DIR" for the generator, "A.OUT" (positional) for the check. */
void linker_parse_args(int argc, char **argv, const char *what,
		       struct linker_args *a)
{
	static const struct option longopts[] = {
		{ "mb", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	int with_output = what[0] == '-';
	const char *prog = argv[0];
	long mb = 0;
	int c;

	a->units = 0;
	a->seed = 42;
	a->path = NULL;
	opterr = 0;
	while ((c = getopt_long(argc, argv, with_output ? ":n:s:o:" : ":n:s:",
				longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			a->units = (long)parse_num(prog, what, optarg, 1,
						   MAX_UNITS, "UNITS");
			break;
		case 'm':
			mb = (long)parse_num(prog, what, optarg, 1, MAX_MB,
					     "MB");
			break;
		case 's':
			a->seed = parse_num(prog, what, optarg, 0, UINT64_MAX,
					    "seed");
			break;
		case 'o':
			a->path = optarg;
			break;
		case ':':
			usage_fail(prog, "option needs a value", what);
			break;
		default:
			usage_fail(prog, "unknown option", what);
		}
	}
	if (!with_output) {
		if (optind != argc - 1)
			usage_fail(prog, "need one program to check", what);
		a->path = argv[optind];
	} else if (optind != argc) {
		usage_fail(prog, "unexpected argument", what);
	} else if (!a->path) {
		usage_fail(prog, "missing -o DIR", what);
	}
	if (!!a->units == !!mb)
		usage_fail(prog, "give exactly one of -n and --mb", what);
	if (mb) {
		a->units = (long)((double)mb * 1048576.0 /
				  (LINKER_FUNCS * (double)LINKER_BYTES_PER_FUNC));
		if (a->units < 1 || a->units > MAX_UNITS)
			usage_fail(prog, "--mb gives no usable unit count", what);
	}
}
