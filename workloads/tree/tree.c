/* tree.c - sp-tree: the paper's synthetic red-black tree workload.  It
 * builds a tree of N nodes, each pointing to a 128-byte record, then runs a
 * seeded mix of 50% lookups, 24% inserts, 24% deletes and 2% in-order
 * traversals; lookups and traversals read half of each record they reach.
 * Nodes and records come from an entry pool (entry_pool.h says why), or
 * from malloc with --alloc malloc. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "atomic_file.h"
#include "entry_pool.h"
#include "rbtree.h"
#include "tree_spec.h"

struct tree_stats {
	uint64_t lookup_hits, insert_ok, delete_ok, traversals;
	uint64_t data_hash;
};

_Static_assert(sizeof(struct rb_node) <= ENTRY_NODE_SLOT &&
	       TREE_RECORD_WORDS * sizeof(uint64_t) <= ENTRY_RECORD_SLOT &&
	       ENTRY_NODE_SLOT + ENTRY_RECORD_SLOT == TREE_BYTES_PER_NODE,
	       "entry pool slots do not match the tree's entries");

static struct entry_pool pool;
static int use_pool;

static void out_of_memory(void)
{
	fprintf(stderr, "sp-tree: out of memory\n");
	exit(1);
}

static void *take_node(void *ctx)
{
	return entry_pool_take(ctx, ENTRY_NODE);
}

static void give_node(void *ctx, void *node)
{
	entry_pool_give(ctx, ENTRY_NODE, node);
}

static void *new_record(void)
{
	if (use_pool)
		return entry_pool_take(&pool, ENTRY_RECORD);
	return malloc(TREE_RECORD_WORDS * sizeof(uint64_t));
}

static void free_record(void *rec)
{
	if (use_pool)
		entry_pool_give(&pool, ENTRY_RECORD, rec);
	else
		free(rec);
}

/* Live entries never outnumber the keys, nor the build plus every insert. */
static void init_alloc(struct rb_tree *t, const struct tree_args *a)
{
	const struct rb_alloc from_pool = { take_node, give_node, &pool };
	long entries = a->nodes + (a->ops < a->nodes ? a->ops : a->nodes);

	use_pool = !a->use_malloc;
	if (use_pool && entry_pool_init(&pool, entries))
		out_of_memory();
	rb_init(t, use_pool ? &from_pool : NULL);
}

/* Inserts key with a freshly initialised record; 0 when already there. */
static int insert(struct rb_tree *t, uint64_t key, uint64_t *stamp)
{
	struct rb_node *n;
	uint64_t *rec;
	int existed, w;

	n = rb_insert(t, key, &existed);
	if (!n) {
		if (existed)
			return 0;
		out_of_memory();
	}
	rec = new_record();
	if (!rec)
		out_of_memory();
	++*stamp;
	for (w = 0; w < TREE_RECORD_WORDS; w++)
		rec[w] = tree_record_word(key, *stamp, w);
	n->rec = rec;
	return 1;
}

static uint64_t read_half(const struct rb_node *n)
{
	const uint64_t *rec = n->rec;
	uint64_t sum = 0;
	int w;

	for (w = 0; w < TREE_READ_WORDS; w++)
		sum += rec[w];
	return sum;
}

static void run_ops(struct rb_tree *t, const struct tree_args *a,
		    uint64_t *rng, uint64_t *stamp, struct tree_stats *st)
{
	struct rb_node *n;
	long i;

	for (i = 0; i < a->ops; i++) {
		enum tree_op op = tree_op(rng);
		uint64_t key = tree_key(rng, a);

		switch (op) {
		case OP_LOOKUP:
			n = rb_find(t, key);
			if (n) {
				st->lookup_hits++;
				st->data_hash = tree_fold_read(st->data_hash,
							       read_half(n));
			}
			break;
		case OP_INSERT:
			st->insert_ok += insert(t, key, stamp);
			break;
		case OP_DELETE:
			n = rb_find(t, key);
			if (n) {
				free_record(n->rec);
				rb_delete(t, n);
				st->delete_ok++;
			}
			break;
		case OP_TRAVERSE:
			for (n = rb_first(t); n; n = rb_next(t, n))
				st->data_hash = tree_fold_read(st->data_hash,
							       read_half(n));
			st->traversals++;
			break;
		}
	}
}

static int write_result(const struct tree_args *a, const struct rb_tree *t,
			uint64_t key_hash, const struct tree_stats *st)
{
	struct atomic_file af;
	FILE *f = atomic_file_open(&af, "sp-tree", a->path);

	if (!f)
		return -1;
	fprintf(f, "format sp-tree/1\n");
	fprintf(f, "seed %" PRIu64 "\nnodes %ld\nops %ld\nkeyspace %" PRIu64
		"\n", a->seed, a->nodes, a->ops, a->keyspace);
	fprintf(f, "final_nodes %ld\nkey_hash %016" PRIx64 "\n", t->count,
		key_hash);
	fprintf(f, "lookup_hits %" PRIu64 "\ninsert_ok %" PRIu64
		"\ndelete_ok %" PRIu64 "\ntraversals %" PRIu64 "\n",
		st->lookup_hits, st->insert_ok, st->delete_ok, st->traversals);
	fprintf(f, "data_hash %016" PRIx64 "\n", st->data_hash);
	return atomic_file_commit(&af);
}

int main(int argc, char **argv)
{
	struct tree_stats st = { 0 };
	struct tree_args a;
	struct rb_tree t;
	struct rb_node *n;
	uint64_t rng, stamp = 0, key_hash = 0;
	const char *why;

	tree_parse_args(argc, argv, 1, &a);
	rng = a.seed;
	init_alloc(&t, &a);
	while (t.count < a.nodes)
		insert(&t, tree_key(&rng, &a), &stamp);
	run_ops(&t, &a, &rng, &stamp, &st);
	why = rb_validate(&t);
	if (why) {
		fprintf(stderr, "sp-tree: red-black tree broken: %s\n", why);
		return 1;
	}
	for (n = rb_first(&t); n; n = rb_next(&t, n))
		key_hash = tree_fold_key(key_hash, n->key);
	if (write_result(&a, &t, key_hash, &st))
		return 1;
	rb_destroy(&t, free_record);
	if (use_pool)
		entry_pool_free(&pool);
	return 0;
}
