/* facerec_check.c - sp-facerec-check: judges sp-facerec's result without
 * its code.  Every probe's best person must be the first of its highest
 * scores, its graph a rigid placement inside the image moved by local
 * moves no further than they reach, its score what its written jets and
 * nodes give, and at least FACEREC_MIN_RATE of the probes must be matched
 * to the person the generator made them from (truth.txt, which the run
 * never reads).  The album graphs must lie on facerec.in's grid, and the
 * jets of a seeded sample of album and probe nodes must match Gabor jets
 * the check computes by direct spatial convolution (no FFT). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "facerec_check.h"
#include "rng.h"

#define TAG_SAMPLE 0x73616d706c65ULL
#define SAMPLE_PER_IMAGE 2	/* nodes whose jets are recomputed */
#define SAMPLE_IMAGES 256	/* images sampled, at most */
/* A recomputed score: the run's and ours differ in summation order only
 * (3e-16 here). */
#define TOL_SCORE 1e-9
/* A jet magnitude against direct convolution, as a share of |image|
 * |wavelet|: FFT rounding left 3e-16 of it here. */
#define TOL_JET 1e-11

static int finite_jets(const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isfinite(v[i]) || v[i] < 0)
			return 0;
	return 1;
}

static void album_graphs(const struct chk *c)
{
	const struct facerec_params *p = &c->p;
	long x, y;

	for (long k = 0; k < p->persons; k++) {
		for (long n = 0; n < FACEREC_NODES; n++) {
			const struct facerec_pos *q = &c->album_pos[k][n];

			facerec_grid(p, n, p->originx, p->originy, &x, &y);
			if (q->x != x || q->y != y)
				check_fail("album person %ld node %ld is at "
					   "(%d, %d), not the grid's (%ld, "
					   "%ld)", k, n, q->x, q->y, x, y);
		}
		if (!finite_jets(&c->album_jets[k][0][0],
				 FACEREC_NODES * FACEREC_FEATURES))
			check_fail("album person %ld has a jet not finite and "
				   "non-negative", k);
	}
}

static double sim(const double *a, const double *b)
{
	double ab = 0.0, aa = 0.0, bb = 0.0;

	for (int j = 0; j < FACEREC_FEATURES; j++) {
		ab += a[j] * b[j];
		aa += a[j] * a[j];
		bb += b[j] * b[j];
	}
	return aa > 0 && bb > 0 ? ab / sqrt(aa * bb) : 0.0;
}

/* The score of probe q's graph against album person k: the mean jet
 * similarity less lambda times the edges' mean squared change over the
 * squared spacing. */
static double score(const struct chk *c, const struct chk_probe *q, long k)
{
	const struct facerec_params *p = &c->p;
	double s = 0.0, d = 0.0, sp2 = (double)(p->spacing * p->spacing);
	long edges = 0;

	for (long n = 0; n < FACEREC_NODES; n++) {
		long right = n % p->cols < p->cols - 1 ? n + 1 : -1;
		long down = n + p->cols < FACEREC_NODES ? n + p->cols : -1;

		s += sim(c->album_jets[k][n], q->jets[n]);
		for (int e = 0; e < 2; e++) {
			long m = e ? down : right;
			double dx, dy;

			if (m < 0)
				continue;
			dx = (q->pos[m].x - q->pos[n].x) - (e ? 0 : p->spacing);
			dy = (q->pos[m].y - q->pos[n].y) - (e ? p->spacing : 0);
			d += dx * dx + dy * dy;
			edges++;
		}
	}
	return s / FACEREC_NODES - p->lambda * d / ((double)edges * sp2);
}

static void one_probe(const struct chk *c, long k)
{
	const struct facerec_params *p = &c->p;
	const struct chk_probe *q = &c->probes[k];
	long reach = p->radius * p->sweeps, best = 0, x, y;
	long xmax = p->side - 1 - (p->cols - 1) * p->spacing - reach;
	long ymax = p->side - 1 - (p->rows - 1) * p->spacing - reach;
	double want;

	for (long g = 0; g < p->persons; g++) {
		if (!isfinite(q->scores[g]) || q->scores[g] > 1.0 + TOL_SCORE)
			check_fail("probe %ld scores %g against person %ld",
				   k, q->scores[g], g);
		if (q->scores[g] > q->scores[best])
			best = g;
	}
	if (q->m.best != (uint64_t)best || q->m.score != q->scores[best])
		check_fail("probe %ld's best is person %llu (%.9g), its "
			   "scores make it person %ld (%.9g)", k,
			   (unsigned long long)q->m.best, q->m.score, best,
			   q->scores[best]);
	if (q->m.ox < reach || q->m.ox > xmax || q->m.oy < reach ||
	    q->m.oy > ymax)
		check_fail("probe %ld's graph is placed at (%lld, %lld), "
			   "outside the global move's range", k,
			   (long long)q->m.ox, (long long)q->m.oy);
	for (long n = 0; n < FACEREC_NODES; n++) {
		facerec_grid(p, n, q->m.ox, q->m.oy, &x, &y);
		if (labs(q->pos[n].x - x) > reach ||
		    labs(q->pos[n].y - y) > reach)
			check_fail("probe %ld node %ld is at (%d, %d), beyond "
				   "local moves from (%ld, %ld)", k, n,
				   q->pos[n].x, q->pos[n].y, x, y);
	}
	if (!finite_jets(&q->jets[0][0], FACEREC_NODES * FACEREC_FEATURES))
		check_fail("probe %ld has a jet not finite and non-negative",
			   k);
	want = score(c, q, best);
	if (fabs(want - q->m.score) > TOL_SCORE)
		check_fail("probe %ld's score is %.12g, its nodes and jets "
			   "give %.12g", k, q->m.score, want);
}

/* Every image, or SAMPLE_IMAGES of them drawn from the seed when there
 * are more, album persons numbered first; SAMPLE_PER_IMAGE seeded nodes
 * of each. */
static long sample(const struct chk *c, struct chk_sample *s,
		   const double **got, char (*what)[48])
{
	const struct facerec_params *p = &c->p;
	long total = p->persons + p->probes, count = 0, n2 = p->side * p->side;
	long images = total < SAMPLE_IMAGES ? total : SAMPLE_IMAGES;
	uint64_t rng = rng_hash(p->seed ^ TAG_SAMPLE);
	long *order = calloc((size_t)total, sizeof(long));

	if (!order)
		check_fail("out of memory");
	for (long i = 0; i < total; i++)
		order[i] = i;
	for (long i = 0; i < images; i++) {
		long k = i + (long)rng_below(&rng, (uint64_t)(total - i));
		long img = order[k];

		order[k] = order[i];
		order[i] = img;
		for (int t = 0; t < SAMPLE_PER_IMAGE; t++, count++) {
			long n = (long)rng_below(&rng, FACEREC_NODES);
			const struct chk_probe *q;

			if (img < p->persons) {
				s[count].img = c->album + img * n2;
				s[count].x = c->album_pos[img][n].x;
				s[count].y = c->album_pos[img][n].y;
				got[count] = c->album_jets[img][n];
				snprintf(what[count], sizeof(what[count]),
					 "album person %ld node %ld", img, n);
			} else {
				q = &c->probes[img - p->persons];
				s[count].img = c->probe +
					       (img - p->persons) * n2;
				s[count].x = q->pos[n].x;
				s[count].y = q->pos[n].y;
				got[count] = q->jets[n];
				snprintf(what[count], sizeof(what[count]),
					 "probe %ld node %ld",
					 img - p->persons, n);
			}
		}
	}
	free(order);
	return count;
}

static long jets(const struct chk *c)
{
	long max = SAMPLE_IMAGES * SAMPLE_PER_IMAGE, count;
	struct chk_sample *s = calloc((size_t)max, sizeof(*s));
	const double **got = calloc((size_t)max, sizeof(*got));
	char (*what)[48] = calloc((size_t)max, sizeof(*what));

	if (!s || !got || !what)
		check_fail("out of memory");
	count = sample(c, s, got, what);
	chk_direct_jets(c->p.side, s, count);
	for (long k = 0; k < count; k++)
		for (int j = 0; j < FACEREC_FEATURES; j++)
			if (fabs(got[k][j] - s[k].jet[j]) >
			    TOL_JET * s[k].bound[j])
				check_fail("the jet of %s is %.12g in feature "
					   "%d, direct convolution gives "
					   "%.12g", what[k], got[k][j], j,
					   s[k].jet[j]);
	free(s);
	free(got);
	free(what);
	return count;
}

int main(int argc, char **argv)
{
	struct facerec_args a;
	struct chk c;
	long hits = 0, need, sampled;

	facerec_parse_args(argc, argv, 0, &a);
	check_begin("sp-facerec-check", a.path);
	memset(&c, 0, sizeof(c));
	chk_read_input(&c, &a);
	chk_read_result(&c, a.path);
	album_graphs(&c);
	for (long k = 0; k < c.p.probes; k++) {
		one_probe(&c, k);
		hits += c.probes[k].m.best == (uint64_t)c.truth[k];
	}
	need = (long)ceil(FACEREC_MIN_RATE * (double)c.p.probes);
	if (hits < need)
		check_fail("%ld of %ld probes matched the person they show, "
			   "fewer than %ld", hits, c.p.probes, need);
	sampled = jets(&c);
	printf("ok %ld probes against %ld persons: %ld matched the person "
	       "they show, %ld jets match direct convolution\n", c.p.probes,
	       c.p.persons, hits, sampled);
	return 0;
}
