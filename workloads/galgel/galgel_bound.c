/* galgel_bound.c - the analytic eigenvalues of step 0 and their
 * discretization bounds (galgel_bound.h).  Along the cavity the
 * temperature's basis spans the polynomials of degree nx + 1 that vanish
 * at both ends, so the interpolants of sin(j pi (1 + xi) / 2) at nx + 2
 * Chebyshev-Lobatto points lie in it; across, the polynomials of degree
 * ny + 1 with zero slope at both ends, so 1 plus the integral of the
 * interpolant of the derivative of cos(k pi (1 + eta) / 2) does. */
#include "galgel_bound.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "galgel_cheb.h"

#define PI 3.14159265358979323846

/* c[0..deg]: the interpolant of f(xi) at cos(i pi / deg), i = 0..deg,
 * given those values in v (v[0] at 1). */
static void lobatto(long deg, const double *v, double *c)
{
	for (long k = 0; k <= deg; k++) {
		double s = 0;

		for (long i = 0; i <= deg; i++) {
			double t = v[i] * cos(PI * (double)(k * i) /
					      (double)deg);

			s += i == 0 || i == deg ? t / 2 : t;
		}
		c[k] = 2 * s / (double)deg;
		if (k == 0 || k == deg)
			c[k] /= 2;
	}
}

/* The largest eigenvalue of s v = nu g v, n x n symmetric, g positive
 * definite: Cholesky, then Jacobi's rotations.  NAN when g is not. */
static double largest(long n, double *s, double *g)
{
	double l[n][n], c[n][n], big;

	memset(l, 0, sizeof(l));
	for (long j = 0; j < n; j++) {
		double d = g[j * n + j];

		for (long k = 0; k < j; k++)
			d -= l[j][k] * l[j][k];
		if (!(d > 0))
			return NAN;
		l[j][j] = sqrt(d);
		for (long i = j + 1; i < n; i++) {
			double t = g[i * n + j];

			for (long k = 0; k < j; k++)
				t -= l[i][k] * l[j][k];
			l[i][j] = t / l[j][j];
		}
	}
	/* c = l^-1 s l^-T, by columns then rows */
	for (long col = 0; col < n; col++)
		for (long i = 0; i < n; i++) {
			double t = s[i * n + col];

			for (long k = 0; k < i; k++)
				t -= l[i][k] * c[k][col];
			c[i][col] = t / l[i][i];
		}
	for (long row = 0; row < n; row++)
		for (long i = 0; i < n; i++) {
			double t = c[row][i];

			for (long k = 0; k < i; k++)
				t -= l[i][k] * c[row][k];
			c[row][i] = t / l[i][i];
		}
	for (int sweep = 0; sweep < 100; sweep++) {
		double off = 0, norm = 0;

		for (long i = 0; i < n; i++)
			for (long j = 0; j < n; j++) {
				norm += c[i][j] * c[i][j];
				if (i != j)
					off += c[i][j] * c[i][j];
			}
		if (off <= 1e-32 * norm)
			break;
		for (long p = 0; p < n; p++)
			for (long q = p + 1; q < n; q++) {
				double th, t, cs, sn;

				if (c[p][q] == 0)
					continue;
				th = (c[q][q] - c[p][p]) / (2 * c[p][q]);
				t = (th >= 0 ? 1 : -1) /
				    (fabs(th) + sqrt(th * th + 1));
				cs = 1 / sqrt(t * t + 1);
				sn = t * cs;
				for (long k = 0; k < n; k++) {
					double a = c[k][p], b = c[k][q];

					c[k][p] = cs * a - sn * b;
					c[k][q] = sn * a + cs * b;
				}
				for (long k = 0; k < n; k++) {
					double a = c[p][k], b = c[q][k];

					c[p][k] = cs * a - sn * b;
					c[q][k] = sn * a + cs * b;
				}
			}
	}
	big = c[0][0];
	for (long i = 1; i < n; i++)
		if (c[i][i] > big)
			big = c[i][i];
	return big;
}

/* The Ritz bound of each of the first count modes from the trial
 * functions w (count series of length len): nu[j] = the largest Ritz
 * value of span w[0..j] for -f'' = nu f. */
static int ritz(long count, long len, const double *w, double *nu)
{
	double *d = malloc((size_t)(count * len) * sizeof(*d));
	double *s = malloc((size_t)(count * count) * sizeof(*s));
	double *g = malloc((size_t)(count * count) * sizeof(*g));

	if (!d || !s || !g) {
		free(d);
		free(s);
		free(g);
		return -1;
	}
	for (long a = 0; a < count; a++)
		cheb_deriv(w + a * len, len, 1, d + a * len);
	for (long j = 1; j <= count; j++) {
		for (long a = 0; a < j; a++)
			for (long b = 0; b < j; b++) {
				s[a * j + b] = cheb_inner(d + a * len, len,
							  d + b * len, len);
				g[a * j + b] = cheb_inner(w + a * len, len,
							  w + b * len, len);
			}
		nu[j - 1] = largest(j, s, g);
	}
	free(d);
	free(s);
	free(g);
	return 0;
}

/* Along: the modes j = 1..mx of -f'' = nu f, f(-1) = f(1) = 0, exact
 * nu = (j pi / 2)^2. */
static int along(long nx, long mx, double *nu)
{
	long deg = nx + 1, len = deg + 1;
	double *w = calloc((size_t)(mx * len), sizeof(*w));
	double *v = malloc((size_t)len * sizeof(*v));
	int rc;

	if (!w || !v) {
		free(w);
		free(v);
		return -1;
	}
	for (long j = 1; j <= mx; j++) {
		for (long i = 0; i <= deg; i++)
			v[i] = sin(j * PI * (1 + cos(PI * (double)i /
						     (double)deg)) / 2);
		v[0] = v[deg] = 0;
		lobatto(deg, v, w + (j - 1) * len);
	}
	rc = ritz(mx, len, w, nu);
	free(w);
	free(v);
	return rc;
}

/* Across: the modes k = 0..ky of -f'' = nu f, f'(-1) = f'(1) = 0, exact
 * nu = (k pi / 2)^2; trial functions 1 + int_-1^eta p_k, p_k the
 * interpolant of degree ny of the exact mode's derivative. */
static int across(long ny, long ky, double *nu)
{
	long deg = ny, len = ny + 2;
	double *w = calloc((size_t)((ky + 1) * len), sizeof(*w));
	double *v = malloc((size_t)(deg + 1) * sizeof(*v));
	double *p = calloc((size_t)(len + 2), sizeof(*p));
	int rc;

	if (!w || !v || !p) {
		free(w);
		free(v);
		free(p);
		return -1;
	}
	w[0] = 1;
	for (long k = 1; k <= ky; k++) {
		double *c = w + k * len, sum = 0;

		for (long i = 0; i <= deg; i++)
			v[i] = -k * PI / 2 * sin(k * PI * (1 + cos(PI *
					(double)i / (double)deg)) / 2);
		v[0] = v[deg] = 0;
		memset(p, 0, (size_t)(len + 2) * sizeof(*p));
		lobatto(deg, v, p);
		/* the antiderivative: C_k = (p_(k-1) - p_(k+1)) / 2k, with
		 * p_0 counted twice in C_1 */
		for (long j = 1; j < len; j++)
			c[j] = ((j == 1 ? 2 * p[0] : p[j - 1]) - p[j + 1]) /
			       (2.0 * (double)j);
		for (long j = 1; j < len; j++)
			sum += j % 2 ? -c[j] : c[j];
		c[0] = 1 - sum;
	}
	rc = ritz(ky + 1, len, w, nu);
	free(w);
	free(v);
	free(p);
	return rc;
}

int galgel_bound_modes(long nx, long ny, double pr, double aspect, long mx,
		       long ky, struct galgel_mode *out)
{
	double *nux = malloc((size_t)mx * sizeof(*nux));
	double *nuy = malloc((size_t)(ky + 1) * sizeof(*nuy));
	/* d/dx = (2 / A) d/dxi, d/dy = 2 d/deta */
	double sx2 = 4 / (aspect * aspect), sy2 = 4;
	int rc = -1;

	if (!nux || !nuy || along(nx, mx, nux) || across(ny, ky, nuy))
		goto out;
	nuy[0] = 0;	/* the constant: exact */
	for (long m = 1; m <= mx; m++)
		for (long k = 0; k <= ky; k++) {
			struct galgel_mode *md = out++;
			double ex = m * PI / 2, ey = k * PI / 2;

			md->m = m;
			md->k = k;
			md->exact = -(sx2 * ex * ex + sy2 * ey * ey) / pr;
			md->bound = -(sx2 * nux[m - 1] + sy2 * nuy[k]) / pr;
		}
	rc = 0;
out:
	free(nux);
	free(nuy);
	return rc;
}
