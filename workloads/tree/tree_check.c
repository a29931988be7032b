/* tree_check.c - sp-tree-check: replays sp-tree's seeded operation stream on
 * a direct-addressed table over the key space (no tree) and compares every
 * count and checksum with sp-tree's result file. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tree_spec.h"

#define NKEYS 12
static const char *const keys[NKEYS] = {
	"format", "seed", "nodes", "ops", "keyspace", "final_nodes",
	"key_hash", "lookup_hits", "insert_ok", "delete_ok", "traversals",
	"data_hash",
};

/* Per key: the insert stamp of the present record (0: absent) and the sum
 * of the record's first half, which is what a read sees. */
struct slot {
	uint64_t stamp;
	uint64_t half;
};

static int put(struct slot *s, uint64_t key, uint64_t *stamp)
{
	int w;

	if (s[key].stamp)
		return 0;
	s[key].stamp = ++*stamp;
	s[key].half = 0;
	for (w = 0; w < TREE_READ_WORDS; w++)
		s[key].half += tree_record_word(key, *stamp, w);
	return 1;
}

int main(int argc, char **argv)
{
	uint64_t rng, stamp = 0, present = 0, key_hash = 0, data_hash = 0;
	uint64_t hits = 0, ins = 0, del = 0, trav = 0, k;
	char values[NKEYS][CHECK_VALUE_MAX], want[NKEYS][64];
	struct tree_args a;
	struct slot *s;
	long i;
	int f;

	tree_parse_args(argc, argv, 0, &a);
	check_begin("sp-tree-check", a.path);
	check_read_keys(keys, NKEYS, values);
	s = calloc(a.keyspace, sizeof(*s));
	if (!s) {
		fprintf(stderr, "sp-tree-check: out of memory\n");
		return 1;
	}
	rng = a.seed;
	while (present < (uint64_t)a.nodes)
		present += put(s, tree_key(&rng, &a), &stamp);
	for (i = 0; i < a.ops; i++) {
		enum tree_op op = tree_op(&rng);
		uint64_t key = tree_key(&rng, &a);

		switch (op) {
		case OP_LOOKUP:
			if (s[key].stamp) {
				hits++;
				data_hash = tree_fold_read(data_hash,
							   s[key].half);
			}
			break;
		case OP_INSERT:
			ins += put(s, key, &stamp);
			break;
		case OP_DELETE:
			if (s[key].stamp) {
				s[key].stamp = 0;
				del++;
			}
			break;
		case OP_TRAVERSE:
			for (k = 0; k < a.keyspace; k++)
				if (s[k].stamp)
					data_hash = tree_fold_read(data_hash,
								   s[k].half);
			trav++;
			break;
		}
	}
	present = 0;
	for (k = 0; k < a.keyspace; k++)
		if (s[k].stamp) {
			present++;
			key_hash = tree_fold_key(key_hash, k);
		}
	snprintf(want[0], 64, "sp-tree/1");
	snprintf(want[1], 64, "%" PRIu64, a.seed);
	snprintf(want[2], 64, "%ld", a.nodes);
	snprintf(want[3], 64, "%ld", a.ops);
	snprintf(want[4], 64, "%" PRIu64, a.keyspace);
	snprintf(want[5], 64, "%" PRIu64, present);
	snprintf(want[6], 64, "%016" PRIx64, key_hash);
	snprintf(want[7], 64, "%" PRIu64, hits);
	snprintf(want[8], 64, "%" PRIu64, ins);
	snprintf(want[9], 64, "%" PRIu64, del);
	snprintf(want[10], 64, "%" PRIu64, trav);
	snprintf(want[11], 64, "%016" PRIx64, data_hash);
	for (f = 0; f < NKEYS; f++)
		check_expect(keys[f], values[f], want[f]);
	free(s);
	printf("sp-tree-check: ok (seed %" PRIu64 ", %ld nodes, %ld ops)\n",
	       a.seed, a.nodes, a.ops);
	return 0;
}
