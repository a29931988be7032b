/* facerec.c - sp-facerec, the facerec workload's measured program: reads
 * facerec.in, makes each album person's graph from the Gabor wavelet
 * transform of its image (the grid at facerec.in's origin, a jet at each
 * node), then for every probe image computes its transform and matches
 * every album graph to it by elastic graph matching; it writes the album
 * graphs and, per probe, the best person, every person's score, and the
 * best graph's nodes and jets (facerec_spec.h) for sp-facerec-check. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomic_file.h"
#include "facerec.h"
#include "rng.h"

#define TAG_MATCH 0x6d61746368ULL

static const char *prog = "sp-facerec";

static int fail(const char *where, const char *what)
{
	fprintf(stderr, "%s: %s: %s\n", prog, where, what);
	return 1;
}

/* A failure after the result was begun: its temporary file removed. */
static int discard(struct atomic_file *af, const char *where,
		   const char *what)
{
	fclose(af->f);
	unlink(af->tmp);
	return fail(where, what);
}

static FILE *open_beside(const char *in, const char *name, char **path)
{
	FILE *f;

	*path = facerec_beside(in, name);
	if (!*path) {
		fail(in, "out of memory");
		return NULL;
	}
	f = fopen(*path, "rb");
	if (!f)
		fail(*path, strerror(errno));
	return f;
}

/* The album: each person's graph written, its unit jets kept. */
static const char *album(struct gabor *g, const struct facerec_params *p,
			 FILE *in, unsigned char *px, facerec_unit_jets *unit,
			 FILE *out)
{
	struct facerec_pos pos[FACEREC_NODES];
	double jet[FACEREC_NODES][FACEREC_FEATURES];
	const char *e;
	long x, y;

	for (long k = 0; k < p->persons; k++) {
		if ((e = facerec_read_pgm(in, p->side, px)))
			return e;
		gabor_transform(g, px);
		for (long n = 0; n < FACEREC_NODES; n++) {
			double s = 0.0;

			facerec_grid(p, n, p->originx, p->originy, &x, &y);
			pos[n] = (struct facerec_pos){ (int32_t)x, (int32_t)y };
			gabor_jet(g, x, y, jet[n]);
			for (int j = 0; j < FACEREC_FEATURES; j++)
				s += jet[n][j] * jet[n][j];
			s = s > 0 ? 1.0 / sqrt(s) : 0.0;
			for (int j = 0; j < FACEREC_FEATURES; j++)
				unit[k][n][j] = jet[n][j] * s;
		}
		fwrite(pos, sizeof(pos), 1, out);
		fwrite(jet, sizeof(jet), 1, out);
	}
	return NULL;
}

/* Every probe against every album graph. */
static const char *probes(struct gabor *g, const struct facerec_params *p,
			  FILE *in, unsigned char *px, facerec_unit_jets *unit,
			  double *scores, FILE *out)
{
	double jet[FACEREC_NODES][FACEREC_FEATURES];
	struct graph gr, best = { 0 };
	struct facerec_match m;
	const char *e;
	long ox, oy;

	for (long k = 0; k < p->probes; k++) {
		if ((e = facerec_read_pgm(in, p->side, px)))
			return e;
		gabor_transform(g, px);
		m = (struct facerec_match){ 0, 0, 0, -1e300 };
		for (long q = 0; q < p->persons; q++) {
			uint64_t rng = rng_hash(rng_hash(p->seed ^ TAG_MATCH) +
						(uint64_t)(k * p->persons + q));

			scores[q] = facerec_match(g, p, unit[q], rng, &gr, &ox,
						  &oy);
			if (scores[q] > m.score) {
				m = (struct facerec_match){ (uint64_t)q, ox, oy,
							    scores[q] };
				best = gr;
			}
		}
		for (long n = 0; n < FACEREC_NODES; n++)
			gabor_jet(g, best.pos[n].x, best.pos[n].y, jet[n]);
		fwrite(&m, sizeof(m), 1, out);
		fwrite(scores, sizeof(*scores), (size_t)p->persons, out);
		fwrite(best.pos, sizeof(best.pos), 1, out);
		fwrite(jet, sizeof(jet), 1, out);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct facerec_params p;
	struct facerec_args a;
	struct facerec_head h;
	struct atomic_file af;
	facerec_unit_jets *unit;
	char *album_path, *probe_path;
	FILE *in, *fa, *fp, *out;
	unsigned char *px;
	struct gabor g;
	double *scores;
	const char *e;

	facerec_parse_args(argc, argv, 2, &a);
	in = fopen(a.input, "r");
	if (!in)
		return fail(a.input, strerror(errno));
	e = facerec_read_params(in, &p);
	fclose(in);
	if (e)
		return fail(a.input, e);
	if (p.side != a.side || (uint64_t)p.persons != a.persons ||
	    (uint64_t)p.probes != a.probes || p.seed != a.seed) {
		fprintf(stderr, "%s: %s was made for -n %ld -g %ld -p %ld -s "
			"%llu\n", prog, a.input, p.side, p.persons, p.probes,
			(unsigned long long)p.seed);
		return 1;
	}
	fa = open_beside(a.input, p.album, &album_path);
	fp = open_beside(a.input, p.probe, &probe_path);
	if (!fa || !fp)
		return 1;
	px = malloc((size_t)p.side * (size_t)p.side);
	unit = malloc((size_t)p.persons * sizeof(*unit));
	scores = malloc((size_t)p.persons * sizeof(*scores));
	if (!px || !unit || !scores || gabor_init(&g, p.side))
		return fail(a.input, "out of memory");

	out = atomic_file_open(&af, prog, a.path);
	if (!out)
		return 1;
	memset(&h, 0, sizeof(h));
	memcpy(h.magic, FACEREC_MAGIC, sizeof(h.magic));
	h.side = (uint64_t)p.side;
	h.persons = (uint64_t)p.persons;
	h.probes = (uint64_t)p.probes;
	h.nodes = FACEREC_NODES;
	h.features = FACEREC_FEATURES;
	h.seed = p.seed;
	h.lambda = p.lambda;
	fwrite(&h, sizeof(h), 1, out);
	if ((e = album(&g, &p, fa, px, unit, out)))
		return discard(&af, album_path, e);
	if ((e = probes(&g, &p, fp, px, unit, scores, out)))
		return discard(&af, probe_path, e);
	fclose(fa);
	fclose(fp);
	return atomic_file_commit(&af) ? 1 : 0;
}
