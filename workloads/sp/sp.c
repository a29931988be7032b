/* sp.c - sp-sp: a solver in the style of the NAS SP benchmark (the paper's
 * sp workload).  Five coupled fields on an n^3 grid are driven to the
 * steady state of
 *     sum over x, y, z of A_d(u) u  +  K u  =  f
 * where A_d is diffusion, convection at a speed set by field 0, and
 * fourth-difference dissipation along direction d, and K couples the five
 * fields at each point.  f is the discrete operator applied to a
 * manufactured solution (sp_spec.h), so that solution is the answer.  Each
 * iteration factors the implicit operator into x, y and z factors (ADI):
 *     (I + dt Ax)(I + dt Ay)(I + dt Az) du = dt (f - A(u) u - K u)
 * and solves each as scalar pentadiagonal systems along grid lines, with
 * the band coefficients stored for the whole grid as SP stores them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "sp_spec.h"

#define V SP_VARS
/* Pseudo time step DT_FACTOR h^2 and coupling strength KAPPA / h^2: the
 * coupling keeps smooth errors decaying as fast as rough ones, so a run
 * converges in about the same number of iterations at any grid size. */
#define DT_FACTOR 0.25
#define KAPPA 0.5

static const double nu[V] = { 0.5, 0.6, 0.7, 0.8, 0.9 };	/* diffusion */
static const double conv[V] = { 1.0, 1.2, 1.4, 1.6, 1.8 };	/* convection */
static const double eps = 0.05;					/* dissipation */

struct grid {
	long n;
	double h, dt, kappa;
	double *u, *rhs, *forcing, *lhs, *speed;
};

static inline long at(const struct grid *g, long i, long j, long k)
{
	return (k * g->n + j) * g->n + i;
}

/* A_d(u) u for variable m at point p along a line of stride s, position i
 * on that line (0 < i < n-1), with convection speed sp. */
static double line_op(const struct grid *g, const double *u, long p, long s,
		      long i, int m, double sp)
{
	long n = g->n;
	double h2 = g->h * g->h;
	double um = u[(p - s) * V + m], u0 = u[p * V + m], up = u[(p + s) * V + m];
	double d4;

	if (i == 1)
		d4 = -2 * um + 5 * u0 - 4 * up + u[(p + 2 * s) * V + m];
	else if (i == n - 2)
		d4 = u[(p - 2 * s) * V + m] - 4 * um + 5 * u0 - 2 * up;
	else
		d4 = u[(p - 2 * s) * V + m] - 4 * um + 6 * u0 - 4 * up +
		     u[(p + 2 * s) * V + m];
	return -nu[m] * (um - 2 * u0 + up) / h2 +
	       conv[m] * sp * (up - um) / (2 * g->h) + eps * d4 / h2;
}

/* (sum_d A_d(u) u + K u) for all variables at interior point (i, j, k). */
static void apply(const struct grid *g, const double *u, long i, long j,
		  long k, double out[V])
{
	long n = g->n, p = at(g, i, j, k);
	double sp = u[p * V];

	for (int m = 0; m < V; m++) {
		double ku = 2 * u[p * V + m];

		if (m > 0)
			ku -= 0.5 * u[p * V + m - 1];
		if (m < V - 1)
			ku -= 0.5 * u[p * V + m + 1];
		ku *= g->kappa;
		out[m] = line_op(g, u, p, 1, i, m, sp) +
			 line_op(g, u, p, n, j, m, sp) +
			 line_op(g, u, p, n * n, k, m, sp) + ku;
	}
}

static void init(struct grid *g, uint64_t seed)
{
	long n = g->n;
	double *exact = g->rhs;	/* scratch until the first iteration */

	for (long k = 0; k < n; k++)
		for (long j = 0; j < n; j++)
			for (long i = 0; i < n; i++) {
				long p = at(g, i, j, k);
				int edge = !i || !j || !k || i == n - 1 ||
					   j == n - 1 || k == n - 1;

				for (int m = 0; m < V; m++) {
					exact[p * V + m] = sp_exact(seed, m,
						i * g->h, j * g->h, k * g->h);
					/* interior starts from the mean */
					g->u[p * V + m] = edge ?
						exact[p * V + m] : 1.0 + 0.25 * m;
				}
			}
	for (long k = 1; k < n - 1; k++)
		for (long j = 1; j < n - 1; j++)
			for (long i = 1; i < n - 1; i++)
				apply(g, exact, i, j, k,
				      &g->forcing[at(g, i, j, k) * V]);
}

/* rhs = dt (f - A(u) u - K u) on the interior, 0 on the boundary; returns
 * the sum of squared residuals per variable in sq. */
static void compute_rhs(struct grid *g, double sq[V])
{
	long n = g->n;

	memset(g->rhs, 0, (size_t)(n * n * n * V) * sizeof(double));
	for (int m = 0; m < V; m++)
		sq[m] = 0;
	for (long k = 1; k < n - 1; k++)
		for (long j = 1; j < n - 1; j++)
			for (long i = 1; i < n - 1; i++) {
				long p = at(g, i, j, k);
				double a[V];

				apply(g, g->u, i, j, k, a);
				for (int m = 0; m < V; m++) {
					double r = g->forcing[p * V + m] - a[m];

					sq[m] += r * r;
					g->rhs[p * V + m] = g->dt * r;
				}
				g->speed[p] = g->u[p * V];
			}
}

/* Bands of I + dt A_d (linearised at the current speed) at every interior
 * point for a line stride s; pos gives a point's position on its line. */
static void build_lhs(struct grid *g, long s)
{
	long n = g->n;
	double h2 = g->h * g->h, dt = g->dt;

	for (long k = 1; k < n - 1; k++)
		for (long j = 1; j < n - 1; j++)
			for (long i = 1; i < n - 1; i++) {
				long p = at(g, i, j, k);
				long pos = s == 1 ? i : s == n ? j : k;
				double sp = g->speed[p];

				for (int m = 0; m < V; m++) {
					double *b = &g->lhs[(p * V + m) * 5];
					double c = conv[m] * sp / (2 * g->h);
					int end = pos == 1 || pos == n - 2;

					b[0] = dt * eps / h2;
					b[1] = dt * (-nu[m] / h2 - c - 4 * eps / h2);
					b[2] = 1 + dt * (2 * nu[m] + (end ? 5 : 6) * eps) / h2;
					b[3] = dt * (-nu[m] / h2 + c - 4 * eps / h2);
					b[4] = dt * eps / h2;
				}
			}
}

/* Solves every pentadiagonal line system of stride s in place: the bands
 * are overwritten by the eliminated ones, rhs by the solution. */
static void solve_lines(struct grid *g, long s)
{
	long n = g->n, len = n - 2;
	long s2 = s == 1 ? n : 1, s3 = s == n * n ? n : n * n;

	for (long b = 1; b < n - 1; b++)
		for (long a = 1; a < n - 1; a++) {
			long first = a * s2 + b * s3 + s;

			for (int m = 0; m < V; m++) {
				for (long l = 0; l < len; l++) {
					long p = first + l * s;
					double *r = &g->lhs[(p * V + m) * 5];
					double *x = &g->rhs[p * V + m];
					double lo2 = l >= 2 ? r[0] : 0;
					double lo1 = l >= 1 ? r[1] : 0;
					double c = r[2], d = r[3];

					if (lo2) {
						long q = p - 2 * s;
						double *rq = &g->lhs[(q * V + m) * 5];

						lo1 -= lo2 * rq[3];
						c -= lo2 * rq[4];
						*x -= lo2 * g->rhs[q * V + m];
					}
					if (lo1) {
						long q = p - s;
						double *rq = &g->lhs[(q * V + m) * 5];

						c -= lo1 * rq[3];
						d -= lo1 * rq[4];
						*x -= lo1 * g->rhs[q * V + m];
					}
					r[3] = d / c;
					r[4] = l < len - 2 ? r[4] / c : 0;
					if (l == len - 1)
						r[3] = 0;
					*x /= c;
				}
				for (long l = len - 2; l >= 0; l--) {
					long p = first + l * s;
					double *r = &g->lhs[(p * V + m) * 5];
					double *x = &g->rhs[p * V + m];

					*x -= r[3] * g->rhs[(p + s) * V + m];
					if (l < len - 2)
						*x -= r[4] * g->rhs[(p + 2 * s) * V + m];
				}
			}
		}
}

static void iterate(struct grid *g, double sq[V])
{
	long n = g->n;

	compute_rhs(g, sq);
	build_lhs(g, 1);
	solve_lines(g, 1);
	build_lhs(g, n);
	solve_lines(g, n);
	build_lhs(g, n * n);
	solve_lines(g, n * n);
	for (long p = 0; p < n * n * n * V; p++)
		g->u[p] += g->rhs[p];
}

static int write_result(const char *path, const struct sp_args *a,
			const struct grid *g, const double sq[V])
{
	long n = g->n, interior = (n - 2) * (n - 2) * (n - 2);
	double err2[V] = { 0 }, errmax = 0;
	struct atomic_file af;
	FILE *f;

	for (long k = 0; k < n; k++)
		for (long j = 0; j < n; j++)
			for (long i = 0; i < n; i++)
				for (int m = 0; m < V; m++) {
					double e = g->u[at(g, i, j, k) * V + m] -
						sp_exact(a->seed, m, i * g->h,
							 j * g->h, k * g->h);

					err2[m] += e * e;
					if (fabs(e) > errmax)
						errmax = fabs(e);
				}
	f = atomic_file_open(&af, "sp-sp", path);
	if (!f)
		return -1;
	fprintf(f, "n %ld\niters %ld\nseed %llu\nresidual_rms", n, a->iters,
		(unsigned long long)a->seed);
	for (int m = 0; m < V; m++)
		fprintf(f, " %.6e", sqrt(sq[m] / interior));
	fprintf(f, "\nerror_rms");
	for (int m = 0; m < V; m++)
		fprintf(f, " %.6e", sqrt(err2[m] / (n * n * n)));
	fprintf(f, "\nerror_max %.6e\n", errmax);
	for (int s = 0; s < SP_SAMPLES; s++) {
		long ijk[3];

		sp_sample_point(a->seed, n, s, ijk);
		fprintf(f, "sample %ld %ld %ld", ijk[0], ijk[1], ijk[2]);
		for (int m = 0; m < V; m++)
			fprintf(f, " %.17g",
				g->u[at(g, ijk[0], ijk[1], ijk[2]) * V + m]);
		fputc('\n', f);
	}
	return atomic_file_commit(&af);
}

int main(int argc, char **argv)
{
	struct sp_args a;
	struct grid g;
	double sq[V];
	size_t pts;

	sp_parse_args(argc, argv, 1, &a);
	g.n = a.n;
	g.h = 1.0 / (double)(a.n - 1);
	g.dt = DT_FACTOR * g.h * g.h;
	g.kappa = KAPPA / (g.h * g.h);
	pts = (size_t)(a.n * a.n * a.n);
	g.u = calloc(pts * V, sizeof(double));
	g.rhs = calloc(pts * V, sizeof(double));
	g.forcing = calloc(pts * V, sizeof(double));
	g.lhs = calloc(pts * V * 5, sizeof(double));
	g.speed = calloc(pts, sizeof(double));
	if (!g.u || !g.rhs || !g.forcing || !g.lhs || !g.speed) {
		fprintf(stderr, "sp-sp: cannot allocate a %ld^3 grid\n", a.n);
		return 1;
	}
	init(&g, a.seed);
	for (long it = 0; it < a.iters; it++)
		iterate(&g, sq);
	/* the residual of the final solution */
	compute_rhs(&g, sq);
	if (write_result(a.path, &a, &g, sq))
		return 1;
	free(g.u);
	free(g.rhs);
	free(g.forcing);
	free(g.lhs);
	free(g.speed);
	return 0;
}
