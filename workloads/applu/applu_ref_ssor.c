/* applu_ref_ssor.c - the check's own SSOR iterations (applu_ref.h): the
 * residual scaled by the time step, a lower sweep in lexicographic order
 * and an upper sweep back, each point's 5 x 5 blocks the complex-step
 * derivatives of applu_ref_flux.h's flux functions (taken where they are
 * needed, none stored), each block solve by elimination with partial
 * pivoting; then the update and the new residual. */
#include <math.h>
#include <string.h>

#include "applu_ref.h"
#include "applu_ref_flux.h"

/* The complex step: f'(x) = Im f(x + i STEP) / STEP, exact to rounding
 * for these rational functions (no difference is taken). */
#define STEP 1e-30

typedef void flux_fn(int d, const cx u[5], cx f[5]);

/* jac[a][b] = the derivative of flux component a by variable b, at v. */
static void derive(flux_fn *flux, int d, const double *v, double jac[5][5])
{
	for (int b = 0; b < 5; b++) {
		cx x[5], f[5];

		for (int m = 0; m < 5; m++)
			x[m] = v[m];
		x[b] += STEP * I;
		flux(d, x, f);
		for (int a = 0; a < 5; a++)
			jac[a][b] = cimag(f[a]) / STEP;
	}
}

struct mesh {
	double t1, t2, dd[3];
	long stride[3];
};

/* -dt times the derivative of a point's residual by the variables v of
 * its neighbour at side (-1 below, +1 above) in direction d. */
static void neighbour(const struct ref *p, const struct mesh *g, int d,
		      int side, const double *v, double blk[5][5])
{
	double jf[5][5], jg[5][5];

	derive(ref_inviscid, d, v, jf);
	derive(ref_viscous, d, v, jg);
	for (int a = 0; a < 5; a++)
		for (int b = 0; b < 5; b++)
			blk[a][b] = -p->dt * (-side * g->t2 * jf[a][b] +
					      REF_C34 * g->t1 * jg[a][b] +
					      (a == b ? g->dd[d] * g->t1 : 0));
}

/* The identity minus dt times the derivative of a point's residual by
 * its own variables v (the fourth differences left out). */
static void diagonal(const struct ref *p, const struct mesh *g,
		     const double *v, double blk[5][5])
{
	double jg[5][5];

	for (int a = 0; a < 5; a++)
		for (int b = 0; b < 5; b++)
			blk[a][b] = a == b;
	for (int d = 0; d < 3; d++) {
		derive(ref_viscous, d, v, jg);
		for (int a = 0; a < 5; a++)
			for (int b = 0; b < 5; b++)
				blk[a][b] += p->dt * 2 * g->t1 *
					     (REF_C34 * jg[a][b] +
					      (a == b ? g->dd[d] : 0));
	}
}

/* x <- blk^-1 x by Gaussian elimination with partial pivoting. */
static void solve(double blk[5][5], double x[5])
{
	for (int c = 0; c < 5; c++) {
		int piv = c;

		for (int r = c + 1; r < 5; r++)
			if (fabs(blk[r][c]) > fabs(blk[piv][c]))
				piv = r;
		if (piv != c) {
			double row[5], t = x[c];

			memcpy(row, blk[c], sizeof(row));
			memcpy(blk[c], blk[piv], sizeof(row));
			memcpy(blk[piv], row, sizeof(row));
			x[c] = x[piv];
			x[piv] = t;
		}
		for (int r = c + 1; r < 5; r++) {
			double f = blk[r][c] / blk[c][c];

			for (int l = c; l < 5; l++)
				blk[r][l] -= f * blk[c][l];
			x[r] -= f * x[c];
		}
	}
	for (int r = 4; r >= 0; r--) {
		double s = x[r];

		for (int l = r + 1; l < 5; l++)
			s -= blk[r][l] * x[l];
		x[r] = s / blk[r][r];
	}
}

/* One point of a sweep: side -1 the lower (v(at) <- D^-1 (v(at) -
 * omega sum L v(below))), +1 the upper (v(at) <- v(at) - D^-1 omega
 * sum U v(above)). */
static void sweep_point(const struct ref *p, const struct mesh *g,
			const double *u, double *v, long at, int side)
{
	double blk[5][5], w[5] = { 0 };

	for (int d = 0; d < 3; d++) {
		long nb = at + side * g->stride[d];

		neighbour(p, g, d, side, u + nb, blk);
		for (int a = 0; a < 5; a++)
			for (int b = 0; b < 5; b++)
				w[a] += blk[a][b] * v[nb + b];
	}
	diagonal(p, g, u + at, blk);
	if (side < 0) {
		for (int a = 0; a < 5; a++)
			w[a] = v[at + a] - p->omega * w[a];
		solve(blk, w);
		memcpy(v + at, w, sizeof(w));
	} else {
		for (int a = 0; a < 5; a++)
			w[a] *= p->omega;
		solve(blk, w);
		for (int a = 0; a < 5; a++)
			v[at + a] -= w[a];
	}
}

void ref_ssor(const struct ref *p, double *u, const double *frct, double *r,
	      long iters, double *norms)
{
	static const double dd[3] = REF_DD;
	long n = p->n;
	double h = 1.0 / (double)(n - 1), scale;
	struct mesh g = { 1.0 / (h * h), 1.0 / (2.0 * h), { dd[0], dd[1],
			  dd[2] }, { 5, 5 * n, 5 * n * n } };

	for (long it = 0; it < iters; it++) {
		for (long k = 1; k < n - 1; k++)
			for (long j = 1; j < n - 1; j++)
				for (long i = 1; i < n - 1; i++)
					for (int m = 0; m < 5; m++)
						r[((k * n + j) * n + i) * 5 +
						  m] *= p->dt;
		for (long k = 1; k < n - 1; k++)
			for (long j = 1; j < n - 1; j++)
				for (long i = 1; i < n - 1; i++)
					sweep_point(p, &g, u, r,
						    ((k * n + j) * n + i) * 5,
						    -1);
		for (long k = n - 2; k >= 1; k--)
			for (long j = n - 2; j >= 1; j--)
				for (long i = n - 2; i >= 1; i--)
					sweep_point(p, &g, u, r,
						    ((k * n + j) * n + i) * 5,
						    1);
		for (long k = 1; k < n - 1; k++)
			for (long j = 1; j < n - 1; j++)
				for (long i = 1; i < n - 1; i++)
					for (int m = 0; m < 5; m++) {
						long at = ((k * n + j) * n +
							   i) * 5 + m;

						u[at] += r[at] / (p->omega *
							 (2 - p->omega));
					}
		ref_residual(p, u, frct, r, norms + 5 * it, &scale);
	}
}
