/* tree_args.c - command line of sp-tree and sp-tree-check, parsed the same
 * way by both so that a manifest's {args} mean one run to each. */
#include <getopt.h>
#include <stddef.h>
#include <string.h>

#include "cli.h"
#include "tree_spec.h"

#define MAX_NODES (1L << 30)
#define MAX_MB (1L << 20)
/* Default operation count: about this many traversal node visits in all
 * (2% of the operations each walk the whole tree). */
#define DEFAULT_VISITS 20000000.0

void tree_parse_args(int argc, char **argv, int with_output,
		     struct tree_args *a)
{
	static const struct option longopts[] = {
		{ "mb", required_argument, NULL, 'm' },
		{ "ops", required_argument, NULL, 'p' },
		{ "alloc", required_argument, NULL, 'a' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cli cli = { argv[0],
				 "{-n NODES | --mb M} [--ops OPS] [-s SEED] [--alloc pool|malloc]",
				 with_output ? "-o FILE" : "FILE" };
	const char *out = NULL;
	long mb = 0;
	int c;

	a->nodes = 0;
	a->ops = -1;
	a->seed = 42;
	a->use_malloc = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, with_output ? ":n:s:o:" : ":n:s:",
				longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			a->nodes = (long)cli_number(&cli, optarg, 1, MAX_NODES,
						    "node count");
			break;
		case 'm':
			mb = (long)cli_number(&cli, optarg, 1, MAX_MB, "MB");
			break;
		case 'p':
			a->ops = (long)cli_number(&cli, optarg, 0, 1LL << 40,
						  "operation count");
			break;
		case 'a':
			if (!strcmp(optarg, "malloc") || !strcmp(optarg, "pool"))
				a->use_malloc = !strcmp(optarg, "malloc");
			else
				cli_fail(&cli, "--alloc is pool or malloc");
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
	a->path = cli_file(&cli, argc, argv, with_output, out, "result file");
	if (!!a->nodes == !!mb)
		cli_fail(&cli, "give exactly one of -n and --mb");
	if (mb)
		a->nodes = mb * 1048576L / TREE_BYTES_PER_NODE;
	if (a->ops < 0)
		a->ops = (long)(DEFAULT_VISITS / (0.02 * (double)a->nodes)) + 1;
	/* Twice the tree size: inserts and deletes then succeed about half
	 * the time each and the tree stays near its initial size. */
	a->keyspace = 2 * (uint64_t)a->nodes;
}
