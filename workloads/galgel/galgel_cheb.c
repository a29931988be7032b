/* galgel_cheb.c - the exact Chebyshev algebra of sp-galgel-check
 * (galgel_cheb.h). */
#include "galgel_cheb.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* int T_k over [-1, 1] */
static double t_integral(long k)
{
	return k % 2 ? 0 : 2.0 / (1.0 - (double)k * (double)k);
}

/* The d-th derivative (d <= 2) of T_k at the end e (1 or -1). */
static double t_end(long k, int d, int e)
{
	double k2 = (double)k * (double)k;
	double sign = e > 0 || k % 2 == 0 ? 1 : -1;

	if (d == 0)
		return sign;
	if (d == 1)
		return (e > 0 ? 1 : -sign) * k2;
	return sign * k2 * (k2 - 1) / 3;
}

/* Condition r of a kind: its end and derivative. */
static const int cond_end[4][4] = {
	{ 1, -1, 1, -1 }, { 1, -1, -1, 1 }, { 1, -1 }, { 1, -1 },
};
static const int cond_der[4][4] = {
	{ 0, 0, 1, 1 }, { 0, 0, 1, 2 }, { 0, 0 }, { 1, 1 },
};

/* Solves a x = b (n <= 4) by elimination with partial pivoting: 0, or
 * -1 when singular. */
static int solve_small(int n, double a[4][4], double *b)
{
	for (int c = 0; c < n; c++) {
		int p = c;

		for (int r = c + 1; r < n; r++)
			if (fabs(a[r][c]) > fabs(a[p][c]))
				p = r;
		if (a[p][c] == 0)
			return -1;
		if (p != c) {
			double t;

			for (int j = 0; j < n; j++) {
				t = a[c][j];
				a[c][j] = a[p][j];
				a[p][j] = t;
			}
			t = b[c];
			b[c] = b[p];
			b[p] = t;
		}
		for (int r = c + 1; r < n; r++) {
			double f = a[r][c] / a[c][c];

			for (int j = c; j < n; j++)
				a[r][j] -= f * a[c][j];
			b[r] -= f * b[c];
		}
	}
	for (int c = n - 1; c >= 0; c--) {
		for (int j = c + 1; j < n; j++)
			b[c] -= a[c][j] * b[j];
		b[c] /= a[c][c];
	}
	return 0;
}

int cheb_family_make(struct cheb_family *f, int kind, long n)
{
	int nb = kind == CHEB_CC || kind == CHEB_CF ? 4 : 2;

	f->n = n;
	f->nb = nb;
	f->len = n + nb;
	f->c = calloc((size_t)(n * f->len), sizeof(*f->c));
	if (!f->c)
		return -1;
	for (long i = 0; i < n; i++) {
		double a[4][4], b[4], *c = f->c + i * f->len;

		for (int r = 0; r < nb; r++) {
			int e = cond_end[kind][r], d = cond_der[kind][r];
			double scale = 0;

			for (int l = 0; l < nb; l++) {
				a[r][l] = t_end(i + 1 + l, d, e);
				if (fabs(a[r][l]) > scale)
					scale = fabs(a[r][l]);
			}
			b[r] = -t_end(i, d, e) / scale;
			for (int l = 0; l < nb; l++)
				a[r][l] /= scale;
		}
		if (solve_small(nb, a, b))
			return -1;
		c[i] = 1;
		for (int l = 0; l < nb; l++)
			c[i + 1 + l] = b[l];
	}
	return 0;
}

void cheb_family_free(struct cheb_family *f)
{
	free(f->c);
	f->c = NULL;
}

void cheb_deriv(const double *c, long len, int d, double *out)
{
	double tmp[len + 2];

	memcpy(out, c, (size_t)len * sizeof(*out));
	while (d-- > 0) {
		memset(tmp, 0, sizeof(tmp));
		for (long k = len - 1; k >= 1; k--)
			tmp[k - 1] = tmp[k + 1] + 2.0 * (double)k * out[k];
		tmp[0] /= 2;
		memcpy(out, tmp, (size_t)len * sizeof(*out));
	}
}

double cheb_inner(const double *a, long la, const double *b, long lb)
{
	double s = 0;

	for (long i = 0; i < la; i++) {
		double t = 0;

		if (a[i] == 0)
			continue;
		for (long j = 0; j < lb; j++)
			t += b[j] * (t_integral(i + j) +
				     t_integral(i > j ? i - j : j - i));
		s += a[i] * t / 2;
	}
	return s;
}

/* out (la + lb - 1 values) = a b */
static void mul(const double *a, long la, const double *b, long lb,
		double *out)
{
	memset(out, 0, (size_t)(la + lb - 1) * sizeof(*out));
	for (long i = 0; i < la; i++)
		for (long j = 0; j < lb; j++) {
			out[i + j] += a[i] * b[j] / 2;
			out[i > j ? i - j : j - i] += a[i] * b[j] / 2;
		}
}

/* All n derivatives of order d of a family, n x len, malloc'd. */
static double *derivs(const struct cheb_family *f, int d)
{
	double *out = malloc((size_t)(f->n * f->len) * sizeof(*out));

	if (out)
		for (long i = 0; i < f->n; i++)
			cheb_deriv(f->c + i * f->len, f->len, d,
				   out + i * f->len);
	return out;
}

int cheb_gram(const struct cheb_family *a, int da,
	      const struct cheb_family *b, int db, double *g)
{
	double *pa = derivs(a, da), *pb = derivs(b, db);

	if (!pa || !pb) {
		free(pa);
		free(pb);
		return -1;
	}
	for (long k = 0; k < a->n; k++)
		for (long i = 0; i < b->n; i++)
			g[k * b->n + i] = cheb_inner(pa + k * a->len, a->len,
						     pb + i * b->len, b->len);
	free(pa);
	free(pb);
	return 0;
}

int cheb_triple(const struct cheb_family *a, const struct cheb_family *b,
		int db, const struct cheb_family *c, int dc, double *t)
{
	double *pb = derivs(b, db), *pc = derivs(c, dc);
	long lp = a->len + b->len - 1;
	double *prod = malloc((size_t)lp * sizeof(*prod));

	if (!pb || !pc || !prod) {
		free(pb);
		free(pc);
		free(prod);
		return -1;
	}
	for (long k = 0; k < a->n; k++)
		for (long i = 0; i < b->n; i++) {
			mul(a->c + k * a->len, a->len, pb + i * b->len, b->len,
			    prod);
			for (long m = 0; m < c->n; m++)
				t[(k * b->n + i) * c->n + m] =
					cheb_inner(prod, lp, pc + m * c->len,
						   c->len);
		}
	free(pb);
	free(pc);
	free(prod);
	return 0;
}

void cheb_moment(const struct cheb_family *a, double *v)
{
	for (long k = 0; k < a->n; k++) {
		v[k] = 0;
		for (long j = 0; j < a->len; j++)
			v[k] += a->c[k * a->len + j] * t_integral(j);
	}
}
