/* mgrid_ref.c - the check's independent mgrid (mgrid_ref.h): the same
 * operators and V-cycle as NAS MG, written from their definitions over
 * ghost-free periodic grids rather than from sp-mgrid's code. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mgrid_ref.h"
#include "mgrid_spec.h"

static const double A[4] = MGRID_A, C[4] = MGRID_C;
/* full weighting, scaled by 4 (the operator's h^2 from level to level) */
static const double R[4] = { 0.5, 0.25, 0.125, 0.0625 };

static double *grid(long n)
{
	double *g = calloc((size_t)(n * n * n), sizeof(*g));

	if (!g)
		check_fail("out of memory for a %ld^3 grid", n);
	return g;
}

static long wrap(long i, long n)
{
	return ((i % n) + n) % n;
}

/* The weighted sum of x's 27 neighbours of point (i, j, k) of an n^3
 * grid, weight w[the number of the offset's nonzero components]. */
static double sum27(const double *x, long n, long i, long j, long k,
		    const double w[4])
{
	long ii[3], jj[3], kk[3];
	double s = 0;

	for (int d = 0; d < 3; d++) {
		ii[d] = wrap(i + d - 1, n);
		jj[d] = wrap(j + d - 1, n) * n;
		kk[d] = wrap(k + d - 1, n) * n * n;
	}
	for (int dk = 0; dk < 3; dk++)
		for (int dj = 0; dj < 3; dj++)
			for (int di = 0; di < 3; di++)
				s += w[(di != 1) + (dj != 1) + (dk != 1)] *
				     x[kk[dk] + jj[dj] + ii[di]];
	return s;
}

double *ref_rhs(unsigned long long seed, long n)
{
	long pos[MGRID_POINTS][3];
	double q[MGRID_POINTS], *v = grid(n);

	mgrid_charges(seed, n, pos, q);
	for (int i = 0; i < MGRID_POINTS; i++)
		v[(pos[i][2] * n + pos[i][1]) * n + pos[i][0]] = q[i];
	return v;
}

/* r = rhs - A u (rhs may be r itself); the root mean square. */
static double residual(const double *u, const double *rhs, double *r,
		       long n, double *max)
{
	double s = 0, big = 0;

	for (long k = 0; k < n; k++)
		for (long j = 0; j < n; j++)
			for (long i = 0; i < n; i++) {
				long p = (k * n + j) * n + i;
				double x = rhs[p] - sum27(u, n, i, j, k, A);

				r[p] = x;
				s += x * x;
				if (fabs(x) > big)
					big = fabs(x);
			}
	if (max)
		*max = big;
	return sqrt(s / ((double)n * (double)n * (double)n));
}

double ref_resid(const double *u, const double *v, double *r, long n,
		 double *max)
{
	return residual(u, v, r, n, max);
}

/* u += C r */
static void smooth(const double *r, double *u, long n)
{
	for (long k = 0; k < n; k++)
		for (long j = 0; j < n; j++)
			for (long i = 0; i < n; i++)
				u[(k * n + j) * n + i] += sum27(r, n, i, j, k, C);
}

/* coarse = the restriction of fine (2 nc a side): coarse point i is fine
 * point 2i+1 */
static void restrict_to(const double *fine, double *coarse, long nc)
{
	for (long k = 0; k < nc; k++)
		for (long j = 0; j < nc; j++)
			for (long i = 0; i < nc; i++)
				coarse[(k * nc + j) * nc + i] =
					sum27(fine, 2 * nc, 2 * i + 1, 2 * j + 1,
					      2 * k + 1, R);
}

/* The coarse points a fine index lies on or between, and their weights:
 * odd 2i+1 is coarse i; even 2i is halfway from coarse i-1 to i. */
static int between(long f, long nc, long c[2], double w[2])
{
	if (f % 2) {
		c[0] = (f - 1) / 2;
		w[0] = 1;
		return 1;
	}
	c[0] = wrap(f / 2 - 1, nc);
	c[1] = f / 2;
	w[0] = w[1] = 0.5;
	return 2;
}

/* fine += the trilinear interpolation of coarse */
static void prolong_add(const double *coarse, long nc, double *fine)
{
	long nf = 2 * nc;

	for (long k = 0; k < nf; k++) {
		long ck[2], cj[2], ci[2];
		double wk[2], wj[2], wi[2];
		int mk = between(k, nc, ck, wk);

		for (long j = 0; j < nf; j++) {
			int mj = between(j, nc, cj, wj);

			for (long i = 0; i < nf; i++) {
				int mi = between(i, nc, ci, wi);
				double s = 0;

				for (int a = 0; a < mk; a++)
					for (int b = 0; b < mj; b++)
						for (int c = 0; c < mi; c++)
							s += wk[a] * wj[b] * wi[c] *
							     coarse[(ck[a] * nc + cj[b]) *
								    nc + ci[c]];
				fine[(k * nf + j) * nf + i] += s;
			}
		}
	}
}

void ref_solve(const double *v, long n, long cycles, double *norms)
{
	long size[MGRID_LEVELS_MAX];
	int top = mgrid_levels(n, size) - 1;
	double *u[MGRID_LEVELS_MAX] = { 0 }, *r[MGRID_LEVELS_MAX] = { 0 };

	for (int k = 0; k <= top; k++) {
		u[k] = grid(size[k]);
		r[k] = grid(size[k]);
	}
	norms[0] = residual(u[top], v, r[top], n, NULL);
	for (long it = 1; it <= cycles; it++) {
		for (int k = top; k > 0; k--)
			restrict_to(r[k], r[k - 1], size[k - 1]);
		memset(u[0], 0, sizeof(double) * (size_t)(size[0] * size[0] *
							  size[0]));
		smooth(r[0], u[0], size[0]);
		for (int k = 1; k <= top; k++) {
			if (k < top)
				memset(u[k], 0, sizeof(double) *
				       (size_t)(size[k] * size[k] * size[k]));
			prolong_add(u[k - 1], size[k - 1], u[k]);
			residual(u[k], k < top ? r[k] : v, r[k], size[k], NULL);
			smooth(r[k], u[k], size[k]);
		}
		norms[it] = residual(u[top], v, r[top], n, NULL);
	}
	for (int k = 0; k <= top; k++) {
		free(u[k]);
		free(r[k]);
	}
}
