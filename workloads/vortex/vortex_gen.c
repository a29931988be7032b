/* vortex_gen.c - sp-vortex-gen: the vortex workload's input, DIR/ops.bin,
 * a seeded log of object-database operations: OBJECTS inserts, then
 * VORTEX_MIXED_PER_OBJECT x OBJECTS mixed ones (30% lookups by id, a tenth
 * of them of any id ever made, so some of deleted ones; 20% inserts, 10%
 * queries by owner, 20% updates, 20% deletes), so that the object count stays about OBJECTS. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "vortex_spec.h"

struct live {
	uint32_t *ids;		/* the objects that exist, in no order */
	uint64_t n, next;
};

static void put(FILE *f, enum vortex_op op, uint64_t id, uint64_t v)
{
	struct vortex_rec r = { .op = (uint8_t)op, .id = (uint32_t)id, .v = v };

	fwrite(&r, sizeof(r), 1, f);
}

static void insert(struct live *l, FILE *f, uint64_t *rng)
{
	uint64_t id = l->next++;

	l->ids[l->n++] = (uint32_t)id;
	put(f, VX_INSERT, id, rng_next(rng));
}

int main(int argc, char **argv)
{
	struct vortex_args a;
	struct vortex_head h;
	struct atomic_file af;
	struct live l = { 0 };
	uint64_t rng, mixed, cap;
	FILE *f;

	vortex_parse_args(argc, argv, 1, &a);
	mixed = (uint64_t)a.objects * VORTEX_MIXED_PER_OBJECT;
	/* at most one new id per operation */
	cap = (uint64_t)a.objects + mixed;
	if (cap > UINT32_MAX) {
		fprintf(stderr, "sp-vortex-gen: too many objects\n");
		return 2;
	}
	l.ids = malloc(cap * sizeof(*l.ids));
	if (!l.ids) {
		fprintf(stderr, "sp-vortex-gen: out of memory\n");
		return 1;
	}
	f = atomic_file_open_in(&af, "sp-vortex-gen", a.path, "ops.bin");
	if (!f)
		return 1;
	memset(&h, 0, sizeof(h));
	memcpy(h.magic, VORTEX_MAGIC, sizeof(h.magic));
	h.objects = (uint64_t)a.objects;
	h.mixed = mixed;
	h.seed = a.seed;
	fwrite(&h, sizeof(h), 1, f);
	rng = a.seed;
	for (long i = 0; i < a.objects; i++)
		insert(&l, f, &rng);
	for (uint64_t i = 0; i < mixed; i++) {
		uint64_t r = rng_below(&rng, 100), k;
		uint64_t idx;

		if (r >= 60 && !l.n)
			r = 30;		/* nothing to change: insert */
		if (r < 30) {
			if (r < 3 || !l.n)
				k = rng_below(&rng, l.next);
			else
				k = l.ids[rng_below(&rng, l.n)];
			put(f, VX_LOOKUP, k, 0);
		} else if (r < 50) {
			insert(&l, f, &rng);
		} else if (r < 60) {
			put(f, VX_OWNER, rng_below(&rng, VORTEX_OWNERS), 0);
		} else if (r < 80) {
			k = l.ids[rng_below(&rng, l.n)];
			put(f, VX_UPDATE, k, rng_next(&rng));
		} else {
			idx = rng_below(&rng, l.n);
			k = l.ids[idx];
			l.ids[idx] = l.ids[--l.n];
			put(f, VX_DELETE, k, 0);
		}
	}
	free(l.ids);
	return atomic_file_commit(&af) ? 1 : 0;
}
