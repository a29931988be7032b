/* facerec_gen.c - sp-facerec-gen: the facerec workload's input in DIR:
 * facerec.in (the parameters sp-facerec reads), album.pgm (one frontal
 * image of each of PERSONS seeded synthetic faces, centred), probe.pgm
 * (PROBES images, each of a person drawn from the seed, shifted, scaled,
 * turned, its features nudged, its contrast changed and noisier) and
 * truth.txt, which person each probe shows, for the check alone. */
#include <stdlib.h>

#include "atomic_file.h"
#include "facerec_face.h"
#include "facerec_spec.h"
#include "rng.h"

#define TAG_TRUTH 0x7472757468ULL

static const char *prog = "sp-facerec-gen";

static int write_params(const char *dir, const struct facerec_params *p)
{
	struct atomic_file af;
	FILE *f = atomic_file_open_in(&af, prog, dir, FACEREC_IN);

	if (!f)
		return 1;
	fprintf(f, "# facerec.in: sp-facerec-gen's album of %ld persons and "
		"%ld probes, %ld x %ld\n", p->persons, p->probes, p->side,
		p->side);
	facerec_write_params(f, p);
	return atomic_file_commit(&af) ? 1 : 0;
}

static void put_pgm(FILE *f, long side, const unsigned char *px)
{
	fprintf(f, "P5\n%ld %ld\n255\n", side, side);
	fwrite(px, 1, (size_t)side * (size_t)side, f);
}

static int write_album(const char *dir, const struct facerec_params *p,
		       unsigned char *px)
{
	struct atomic_file af;
	FILE *f = atomic_file_open_in(&af, prog, dir, p->album);
	struct face_view v;
	struct face face;

	if (!f)
		return 1;
	for (long k = 0; k < p->persons; k++) {
		face_person(p->seed, (uint64_t)k, &face);
		face_album_view(p->seed, (uint64_t)k, p->side, &v);
		face_render(&face, &v, p->side, px);
		put_pgm(f, p->side, px);
	}
	return atomic_file_commit(&af) ? 1 : 0;
}

static int write_probes(const char *dir, const struct facerec_params *p,
			const long *who, unsigned char *px)
{
	struct atomic_file af;
	FILE *f = atomic_file_open_in(&af, prog, dir, p->probe);
	struct face person, face;
	struct face_view v;

	if (!f)
		return 1;
	for (long k = 0; k < p->probes; k++) {
		face_person(p->seed, (uint64_t)who[k], &person);
		face_probe(p->seed, (uint64_t)k, p->side, &person, &face, &v);
		face_render(&face, &v, p->side, px);
		put_pgm(f, p->side, px);
	}
	return atomic_file_commit(&af) ? 1 : 0;
}

static int write_truth(const char *dir, const struct facerec_params *p,
		       const long *who)
{
	struct atomic_file af;
	FILE *f = atomic_file_open_in(&af, prog, dir, FACEREC_TRUTH);

	if (!f)
		return 1;
	for (long k = 0; k < p->probes; k++)
		fprintf(f, "probe %ld person %ld\n", k, who[k]);
	return atomic_file_commit(&af) ? 1 : 0;
}

int main(int argc, char **argv)
{
	struct facerec_params p;
	struct facerec_args a;
	unsigned char *px;
	uint64_t rng;
	long *who;
	int bad;

	facerec_parse_args(argc, argv, 1, &a);
	facerec_default_params(&a, &p);
	px = malloc((size_t)p.side * (size_t)p.side);
	who = malloc((size_t)p.probes * sizeof(*who));
	if (!px || !who) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return 1;
	}
	rng = rng_hash(a.seed ^ TAG_TRUTH);
	for (long k = 0; k < p.probes; k++)
		who[k] = (long)rng_below(&rng, (uint64_t)p.persons);
	bad = write_album(a.path, &p, px) ||
	      write_probes(a.path, &p, who, px) ||
	      write_truth(a.path, &p, who) || write_params(a.path, &p);
	free(px);
	free(who);
	return bad;
}
