/* tree_spec.h - what sp-tree and sp-tree-check agree on: the command line,
 * the seeded operation stream, the record contents and the checksums. */
#ifndef SP_TREE_SPEC_H
#define SP_TREE_SPEC_H

#include <stdint.h>

#include "rng.h"

/* Footprint of one tree entry as malloc lays it out on x86-64 glibc, and as
 * sp-tree's entry pool lays it out: a 48-byte node in a 64-byte slot plus a
 * 128-byte record in a 144-byte one. */
#define TREE_BYTES_PER_NODE 208
#define TREE_RECORD_WORDS 16	/* 128 bytes */
#define TREE_READ_WORDS 8	/* a lookup or traversal reads half */

struct tree_args {
	long nodes;		/* initial tree size */
	long ops;		/* operations after the build */
	uint64_t seed;
	uint64_t keyspace;	/* keys are drawn from [0, keyspace) */
	const char *path;	/* -o for the program, positional for the check */
	int use_malloc;		/* --alloc malloc: entries from malloc, not a pool */
};

/* Parses argv; on bad input prints one line and exits 2.  with_output: the
 * program's form (-o FILE); otherwise the check's (one positional FILE). */
void tree_parse_args(int argc, char **argv, int with_output,
		     struct tree_args *a);

enum tree_op { OP_LOOKUP, OP_INSERT, OP_DELETE, OP_TRAVERSE };

static inline uint64_t tree_key(uint64_t *state, const struct tree_args *a)
{
	return rng_below(state, a->keyspace);
}

/* The paper's mix: 50% lookups, 24% inserts, 24% deletes, 2% traversals. */
static inline enum tree_op tree_op(uint64_t *state)
{
	uint64_t r = rng_below(state, 100);

	if (r < 50)
		return OP_LOOKUP;
	if (r < 74)
		return OP_INSERT;
	if (r < 98)
		return OP_DELETE;
	return OP_TRAVERSE;
}

/* Word w of the record inserted with the given key as the stamp-th insert. */
static inline uint64_t tree_record_word(uint64_t key, uint64_t stamp, int w)
{
	return rng_mix(key * 0xd6e8feb86659fd93ULL + stamp * RNG_GAMMA +
		       (uint64_t)w);
}

/* Folds one record read (the sum of its first half) into the data hash. */
static inline uint64_t tree_fold_read(uint64_t hash, uint64_t half_sum)
{
	return (hash ^ half_sum) * 0x100000001b3ULL;
}

/* Folds the next key of the final in-order sequence into the key hash. */
static inline uint64_t tree_fold_key(uint64_t hash, uint64_t key)
{
	return rng_mix(hash ^ key) + RNG_GAMMA;
}

#endif
