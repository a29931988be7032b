/* tree_check.c - sp-tree-check: replays sp-tree's seeded operation stream on
 * a direct-addressed table over the key space (no tree) and compares every
 * count and checksum with sp-tree's result file. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static void fail(const char *path, const char *fmt, const char *what)
{
	fprintf(stderr, "sp-tree-check: %s: ", path);
	fprintf(stderr, fmt, what);
	fputc('\n', stderr);
	exit(1);
}

/* Reads "key value" lines, each key once, in order; values[] gets copies. */
static void read_result(const char *path, char values[NKEYS][64])
{
	char line[256], key[64], val[64], extra[2];
	FILE *f = fopen(path, "r");
	int k = 0;

	if (!f)
		fail(path, "cannot open: %s", strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		if (!strchr(line, '\n'))
			fail(path, "%s", "a line is too long or unterminated");
		*strchr(line, '\n') = '\0';
		if (sscanf(line, "%63s %63s %1s", key, val, extra) != 2)
			fail(path, "malformed line: %s", line);
		if (k == NKEYS)
			fail(path, "unexpected extra line: %s", key);
		if (strcmp(key, keys[k]))
			fail(path, "expected key '%s'", keys[k]);
		strcpy(values[k++], val);
	}
	fclose(f);
	if (k < NKEYS)
		fail(path, "truncated: missing '%s'", keys[k]);
}

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
	char values[NKEYS][64], want[NKEYS][64];
	struct tree_args a;
	struct slot *s;
	long i;
	int f;

	tree_parse_args(argc, argv, 0, &a);
	read_result(a.path, values);
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
		if (strcmp(values[f], want[f])) {
			char msg[256];

			snprintf(msg, sizeof(msg), "%s is %.64s, expected %.64s",
				 keys[f], values[f], want[f]);
			fail(a.path, "%s", msg);
		}
	free(s);
	printf("sp-tree-check: ok (seed %" PRIu64 ", %ld nodes, %ld ops)\n",
	       a.seed, a.nodes, a.ops);
	return 0;
}
