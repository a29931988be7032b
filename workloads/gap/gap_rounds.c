/* gap_rounds.c - the seeded tasks of the gap workload's rounds
 * (gap_spec.h): the generator writes them into the GAP script, and the
 * check derives the same ones to know what each result must be. */
#include "gap_spec.h"
#include "rng.h"

/* The general linear groups drawn: GAP finds their orders through their
 * action on the q^n - 1 nonzero vectors, 100 to 2400 of them. */
static const struct {
	int n, q;
} gl_groups[] = {
	{ 3, 7 }, { 3, 11 }, { 3, 13 }, { 4, 3 }, { 4, 5 }, { 4, 7 },
	{ 5, 3 }, { 6, 3 }, { 7, 2 }, { 8, 2 }, { 9, 2 }, { 10, 2 },
};

static int is_prime(int n)
{
	if (n < 2)
		return 0;
	for (int d = 2; d * d <= n; d++)
		if (n % d == 0)
			return 0;
	return 1;
}

/* The smallest primitive root of the prime q. */
static int primitive_root(int q)
{
	for (int w = 1; w < q; w++) {
		int x = 1, order = 0;

		do {
			x = x * w % q;
			order++;
		} while (x != 1);
		if (order == q - 1)
			return w;
	}
	return 1;
}

/* A prime below 256 (GAP keeps such fields' matrices compressed). */
static int small_prime(uint64_t *rng)
{
	int p;

	do
		p = 2 + (int)rng_below(rng, 254);
	while (!is_prime(p));
	return p;
}

static long in_range(uint64_t *rng, long lo, long hi)
{
	return lo + (long)rng_below(rng, (uint64_t)(hi - lo + 1));
}

static void perm_task(uint64_t *rng, struct gap_round *g)
{
	int *pts = g->perm.relabel, d;

	g->perm.a = (int)in_range(rng, 3, 5);
	g->perm.b = (int)in_range(rng, 4, 8);
	g->perm.c = (int)in_range(rng, 12, 30);
	g->perm.m = (int)in_range(rng, 20, 60);
	d = g->perm.a * g->perm.b + g->perm.c + g->perm.m;
	g->perm.degree = d;
	for (int i = 0; i < d; i++)
		pts[i] = i + 1;
	for (int i = d - 1; i > 0; i--) {
		int j = (int)rng_below(rng, (uint64_t)i + 1), t = pts[i];

		pts[i] = pts[j];
		pts[j] = t;
	}
}

/* conj = L U mod q, L lower and U upper unitriangular: invertible. */
static void gl_task(uint64_t *rng, struct gap_round *g)
{
	int l[GAP_GL_N_MAX][GAP_GL_N_MAX], u[GAP_GL_N_MAX][GAP_GL_N_MAX];
	int k = (int)rng_below(rng, sizeof(gl_groups) / sizeof(gl_groups[0]));
	int n = gl_groups[k].n, q = gl_groups[k].q;

	g->gl.n = n;
	g->gl.q = q;
	g->gl.w = primitive_root(q);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			int r = (int)rng_below(rng, (uint64_t)q);

			l[i][j] = i > j ? r : i == j;
			u[i][j] = i < j ? r : i == j;
		}
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			int s = 0;

			for (int t = 0; t < n; t++)
				s += l[i][t] * u[t][j];
			g->gl.conj[i][j] = s % q;
		}
}

void gap_round(uint64_t seed, long r, struct gap_round *g)
{
	uint64_t rng = rng_hash(seed ^ rng_hash((uint64_t)r));

	perm_task(&rng, g);
	gl_task(&rng, g);
	g->mat.p = small_prime(&rng);
	g->mat.k = (int)in_range(&rng, 120, 200);
	g->mat.e = (int)in_range(&rng, 500, 2000);
	g->mat.x = (uint32_t)rng_below(&rng, 1ULL << 31);
	g->big.f = in_range(&rng, 20000, 40000);
	g->big.fib = in_range(&rng, 100000, 200000);
	g->big.c = in_range(&rng, 10000, 30000);
	g->big.len = in_range(&rng, 10000, 20000);
	g->big.steps = in_range(&rng, 30000, 60000);
	g->big.x = (uint32_t)rng_below(&rng, 1ULL << 31);
	g->sort.n = in_range(&rng, 200000, 400000);
	g->sort.modulus = in_range(&rng, 500, 2000);
	g->sort.x = (uint32_t)rng_below(&rng, 1ULL << 31);
}
