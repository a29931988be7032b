/* vortex_spec.h - what sp-vortex-gen, sp-vortex and sp-vortex-check agree
 * on: the command line, the operation log's format, the seeded content of
 * every object, and the digests the run reports and the check recomputes. */
#ifndef SP_VORTEX_SPEC_H
#define SP_VORTEX_SPEC_H

#include <stddef.h>
#include <stdint.h>

#include "rng.h"

/* The operations of the log, one 16-byte record each. */
enum vortex_op {
	VX_INSERT = 1,		/* new object id, content from v */
	VX_LOOKUP,		/* read object id (it may be gone) */
	VX_UPDATE,		/* set id's score and name from v */
	VX_DELETE,		/* remove object id (it exists) */
	VX_OWNER,		/* count and sum of scores of owner id's objects */
};

struct vortex_rec {
	uint8_t op;
	uint8_t pad[3];
	uint32_t id;
	uint64_t v;
};

#define VORTEX_MAGIC "SPVX0001"

/* The log's header: the objects of the first fill, the mixed operations
 * that follow, and the seed, so that a log of other arguments is refused. */
struct vortex_head {
	char magic[8];
	uint64_t objects, mixed, seed;
};

/* Owners an object may have; the owner index groups objects by it. */
#define VORTEX_OWNERS 4096
/* Mixed operations per object of the first fill. */
#define VORTEX_MIXED_PER_OBJECT 8
/* Operations per transaction of the run. */
#define VORTEX_TXN 500
/* The run's peak memory per object of the first fill (SQLite's pages of
 * the table and its index), measured with SQLite 3.40; --mb divides by it. */
#define VORTEX_BYTES_PER_OBJECT 640
#define VORTEX_NAME_MAX 48
#define VORTEX_BODY_MAX 512

struct vortex_args {
	long objects;
	uint64_t seed;
	const char *ops;	/* sp-vortex: -i, the operation log */
	const char *path;	/* -o DIR (gen), -o FILE (run), or the result */
};

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (one positional FILE), 1 the generator (-o DIR), 2 the run (-i
 * LOG -o FILE); the run and the check need -i. */
void vortex_parse_args(int argc, char **argv, int form,
		       struct vortex_args *a);

/* An object's content, all of it from the value v it was made with. */
struct vortex_obj {
	int64_t kind, owner, score;
	size_t name_len, body_len;
	char name[VORTEX_NAME_MAX];
	unsigned char body[VORTEX_BODY_MAX];
};

static inline void vortex_content(uint64_t v, struct vortex_obj *o)
{
	uint64_t s = v;
	uint64_t r = rng_next(&s);

	o->kind = (int64_t)(r & 15);
	o->owner = (int64_t)((r >> 4) % VORTEX_OWNERS);
	o->score = (int64_t)((r >> 16) % 1000000);
	o->name_len = 8 + (size_t)rng_below(&s, VORTEX_NAME_MAX - 8);
	for (size_t i = 0; i < o->name_len; i++)
		o->name[i] = (char)('a' + rng_below(&s, 26));
	o->body_len = 64 + (size_t)rng_below(&s, VORTEX_BODY_MAX - 64);
	for (size_t i = 0; i < o->body_len; i += 8) {
		uint64_t x = rng_next(&s);

		for (size_t k = i; k < i + 8 && k < o->body_len; k++, x >>= 8)
			o->body[k] = (unsigned char)x;
	}
}

/* FNV-1a, 64 bits, of n bytes. */
static inline uint64_t vortex_bytes(const void *p, size_t n)
{
	const unsigned char *c = p;
	uint64_t h = 0xcbf29ce484222325ULL;

	while (n--)
		h = (h ^ *c++) * 0x100000001b3ULL;
	return h;
}

static inline uint64_t vortex_fold(uint64_t d, uint64_t x)
{
	return rng_hash(d ^ x);
}

/* One row's digest: its id and every column. */
static inline uint64_t vortex_row(uint64_t id, int64_t kind, int64_t owner,
				  int64_t score, const void *name,
				  size_t name_len, const void *body,
				  size_t body_len)
{
	uint64_t d = vortex_fold(0, id);

	d = vortex_fold(d, (uint64_t)kind);
	d = vortex_fold(d, (uint64_t)owner);
	d = vortex_fold(d, (uint64_t)score);
	d = vortex_fold(d, vortex_bytes(name, name_len) ^ name_len);
	return vortex_fold(d, vortex_bytes(body, body_len) ^ body_len);
}

/* Folded into the lookup digest for an id not found. */
#define VORTEX_MISSING 0x6d697373696e67ULL

/* The result file's keys, in order. */
#define VORTEX_KEYS { "rows", "table_digest", "lookups", "found", \
		      "lookup_digest", "owner_queries", "owner_digest" }
#define VORTEX_NKEYS 7

#endif
