/* tree_args.c - command line of sp-tree and sp-tree-check, parsed the same
 * way by both so that a manifest's {args} mean one run to each. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "tree_spec.h"

#define MAX_NODES (1L << 30)
#define MAX_MB (1L << 20)
/* Default operation count: about this many traversal node visits in all
 * (2% of the operations each walk the whole tree). */
#define DEFAULT_VISITS 20000000.0

static void usage_fail(const char *prog, int with_output, const char *what)
{
	fprintf(stderr,
		"%s: %s (usage: %s {-n NODES | --mb M} [--ops OPS] [-s SEED] %s)\n",
		prog, what, prog, with_output ? "-o FILE" : "FILE");
	exit(2);
}

static unsigned long long parse_num(const char *prog, int with_output,
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
		usage_fail(prog, with_output, msg);
	}
	return v;
}

void tree_parse_args(int argc, char **argv, int with_output,
		     struct tree_args *a)
{
	static const struct option longopts[] = {
		{ "mb", required_argument, NULL, 'm' },
		{ "ops", required_argument, NULL, 'p' },
		{ NULL, 0, NULL, 0 },
	};
	const char *prog = argv[0];
	long mb = 0;
	int c;

	a->nodes = 0;
	a->ops = -1;
	a->seed = 42;
	a->path = NULL;
	opterr = 0;
	while ((c = getopt_long(argc, argv, with_output ? ":n:s:o:" : ":n:s:",
				longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			a->nodes = (long)parse_num(prog, with_output, optarg, 1,
						   MAX_NODES, "node count");
			break;
		case 'm':
			mb = (long)parse_num(prog, with_output, optarg, 1,
					     MAX_MB, "MB");
			break;
		case 'p':
			a->ops = (long)parse_num(prog, with_output, optarg, 0,
						 1LL << 40, "operation count");
			break;
		case 's':
			a->seed = parse_num(prog, with_output, optarg, 0,
					    UINT64_MAX, "seed");
			break;
		case 'o':
			a->path = optarg;
			break;
		case ':':
			usage_fail(prog, with_output, "option needs a value");
			break;
		default:
			usage_fail(prog, with_output, "unknown option");
		}
	}
	if (!with_output) {
		if (optind != argc - 1)
			usage_fail(prog, with_output, "need one result file");
		a->path = argv[optind];
	} else if (optind != argc) {
		usage_fail(prog, with_output, "unexpected argument");
	} else if (!a->path) {
		usage_fail(prog, with_output, "missing -o FILE");
	}
	if (!!a->nodes == !!mb)
		usage_fail(prog, with_output, "give exactly one of -n and --mb");
	if (mb)
		a->nodes = mb * 1048576L / TREE_BYTES_PER_NODE;
	if (a->ops < 0)
		a->ops = (long)(DEFAULT_VISITS / (0.02 * (double)a->nodes)) + 1;
	/* Twice the tree size: inserts and deletes then succeed about half
	 * the time each and the tree stays near its initial size. */
	a->keyspace = 2 * (uint64_t)a->nodes;
}
