/* tree_args.c - command line of sp-tree and sp-tree-check, parsed the same
 * way by both so that a manifest's {args} mean one run to each. */
#include <string.h>

#include "cli_size.h"
#include "tree_spec.h"

#define MAX_NODES (1L << 30)
/* Default operation count: about this many traversal node visits in all
 * (2% of the operations each walk the whole tree). */
#define DEFAULT_VISITS 50000000.0
#define NO_OPS (~0ULL)

/* --alloc pool|malloc */
static void alloc_option(const struct cli *c, int opt, const char *arg,
			 void *ctx)
{
	struct tree_args *a = ctx;

	(void)opt;
	if (strcmp(arg, "malloc") && strcmp(arg, "pool"))
		cli_fail(c, "--alloc is pool or malloc");
	a->use_malloc = !strcmp(arg, "malloc");
}

void tree_parse_args(int argc, char **argv, int with_output,
		     struct tree_args *a)
{
	unsigned long long ops = NO_OPS;
	struct cli_size s = {
		.usage = "{-n NODES | --mb M} [--ops OPS] [-s SEED] "
			 "[--alloc pool|malloc]",
		.count = { 'n', "node count", 1, MAX_NODES },
		.seed_max = UINT64_MAX,
		.more = { { 'p', "ops", "operation count", 0, 1ULL << 40,
			    &ops },
			  { .opt = 'a', .longname = "alloc" } },
		.option = alloc_option,
		.ctx = a,
	};

	a->use_malloc = 0;
	cli_size_parse(&s, argc, argv, with_output);
	a->nodes = (long)cli_size_count(&s, (long)s.mb * 1048576L /
					    TREE_BYTES_PER_NODE);
	if (ops == NO_OPS)
		a->ops = (long)(DEFAULT_VISITS / (0.02 * (double)a->nodes)) + 1;
	else
		a->ops = (long)ops;
	a->seed = s.seed;
	a->path = s.path;
	/* Twice the tree size: inserts and deletes then succeed about half
	 * the time each and the tree stays near its initial size. */
	a->keyspace = 2 * (uint64_t)a->nodes;
}
