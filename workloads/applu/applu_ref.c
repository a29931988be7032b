/* applu_ref.c - the check's own applu problem and operator (applu_ref.h):
 * the manufactured solution by powers of the coordinates, NAS LU's
 * starting field, and the steady-state operator evaluated point by
 * point, each direction's five parts from the flux functions of
 * applu_ref_flux.h. */
#include <math.h>
#include <stddef.h>

#include "applu_ref.h"
#include "applu_ref_flux.h"

#define AT(p, i, j, k) ((((k) * (p)->n + (j)) * (p)->n + (i)) * 5)

void ref_exact(const struct ref *p, long i, long j, long k, double ue[5])
{
	double x[3] = { (double)i / (double)(p->n - 1),
			(double)j / (double)(p->n - 1),
			(double)k / (double)(p->n - 1) };

	for (int m = 0; m < 5; m++) {
		double s = p->ce[m][0];

		/* term 1 + d + 3 (e - 1): coordinate d to the power e */
		for (int d = 0; d < 3; d++)
			for (int e = 1; e <= 4; e++)
				s += p->ce[m][1 + d + 3 * (e - 1)] *
				     pow(x[d], e);
		ue[m] = s;
	}
}

static int on_face(const struct ref *p, long i, long j, long k)
{
	return i == 0 || j == 0 || k == 0 || i == p->n - 1 ||
	       j == p->n - 1 || k == p->n - 1;
}

void ref_initial(const struct ref *p, double *u)
{
	long n = p->n;
	double h = 1.0 / (double)(n - 1);

	for (long k = 0; k < n; k++)
		for (long j = 0; j < n; j++)
			for (long i = 0; i < n; i++) {
				double f[6][5], *v = u + AT(p, i, j, k);
				double s[3] = { i * h, j * h, k * h };

				if (on_face(p, i, j, k)) {
					ref_exact(p, i, j, k, v);
					continue;
				}
				ref_exact(p, 0, j, k, f[0]);
				ref_exact(p, n - 1, j, k, f[1]);
				ref_exact(p, i, 0, k, f[2]);
				ref_exact(p, i, n - 1, k, f[3]);
				ref_exact(p, i, j, 0, f[4]);
				ref_exact(p, i, j, n - 1, f[5]);
				for (int m = 0; m < 5; m++) {
					double b[3];

					for (int d = 0; d < 3; d++)
						b[d] = (1 - s[d]) * f[2 * d][m] +
						       s[d] * f[2 * d + 1][m];
					v[m] = b[0] + b[1] + b[2] -
					       b[0] * b[1] - b[1] * b[2] -
					       b[2] * b[0] + b[0] * b[1] * b[2];
				}
			}
}

/* The fourth-difference weights at offsets -2..2 of the point q along a
 * line of n points: one-sided next to the faces. */
static void fourth(long q, long n, double w[5])
{
	static const double mid[5] = { 1, -4, 6, -4, 1 };

	for (int o = 0; o < 5; o++)
		w[o] = mid[o];
	if (q == 1) {
		w[0] = w[1] = 0;
		w[2] = 5;
	} else if (q == 2) {
		w[0] = 0;
	} else if (q == n - 2) {
		w[3] = w[4] = 0;
		w[2] = 5;
	} else if (q == n - 3) {
		w[4] = 0;
	}
}

static void to_cx(const double *v, cx c[5])
{
	for (int m = 0; m < 5; m++)
		c[m] = v[m];
}

/* The operator at the interior point (i, j, k) of u into out, the sums
 * of its terms' magnitudes into mag. */
static void point(const struct ref *p, const double *u, long i, long j,
		  long k, double out[5], double mag[5])
{
	static const double dd[3] = REF_DD;
	long n = p->n, at = AT(p, i, j, k), q[3] = { i, j, k };
	long stride[3] = { 5, 5 * n, 5 * n * n };
	double h = 1.0 / (double)(n - 1), t1 = 1.0 / (h * h);
	double t2 = 1.0 / (2.0 * h);
	cx c[5], fp[5], fm[5], g0[5], gp[5], gm[5];

	for (int m = 0; m < 5; m++)
		out[m] = mag[m] = 0;
	for (int d = 0; d < 3; d++) {
		const double *o = u + at, *up = o + stride[d];
		const double *um = o - stride[d];
		double w[5];

		to_cx(up, c);
		ref_inviscid(d, c, fp);
		ref_viscous(d, c, gp);
		to_cx(um, c);
		ref_inviscid(d, c, fm);
		ref_viscous(d, c, gm);
		to_cx(o, c);
		ref_viscous(d, c, g0);
		fourth(q[d], n, w);
		for (int m = 0; m < 5; m++) {
			double t[4 + 5];
			int nt = 0;

			t[nt++] = -t2 * (creal(fp[m]) - creal(fm[m]));
			t[nt++] = REF_C34 * t1 * (creal(gp[m]) -
				  2 * creal(g0[m]) + creal(gm[m]));
			t[nt++] = dd[d] * t1 * (up[m] - 2 * o[m] + um[m]);
			for (int s = -2; s <= 2; s++)
				if (w[s + 2] != 0)
					t[nt++] = -REF_DSSP * w[s + 2] *
						  o[m + s * stride[d]];
			for (int e = 0; e < nt; e++)
				out[m] += t[e];
			mag[m] += t2 * (fabs(creal(fp[m])) +
					fabs(creal(fm[m]))) +
				  REF_C34 * t1 * (fabs(creal(gp[m])) +
				  2 * fabs(creal(g0[m])) + fabs(creal(gm[m]))) +
				  dd[d] * t1 * (fabs(up[m]) + 2 * fabs(o[m]) +
				  fabs(um[m]));
			for (int e = 3; e < nt; e++)
				mag[m] += fabs(t[e]);
		}
	}
}

/* r = L(u) - frct (frct NULL: 0) inside, 0 on the faces; norms and
 * scale as ref_residual's. */
static void apply(const struct ref *p, const double *u, const double *frct,
		  double *r, double norms[5], double *scale)
{
	long n = p->n;
	double sum[5] = { 0 }, msum = 0, inside;

	for (long k = 0; k < n; k++)
		for (long j = 0; j < n; j++)
			for (long i = 0; i < n; i++) {
				long at = AT(p, i, j, k);
				double mag[5];

				if (on_face(p, i, j, k)) {
					for (int m = 0; m < 5; m++)
						r[at + m] = 0;
					continue;
				}
				point(p, u, i, j, k, r + at, mag);
				for (int m = 0; m < 5; m++) {
					if (frct)
						r[at + m] -= frct[at + m];
					sum[m] += r[at + m] * r[at + m];
					msum += mag[m] * mag[m];
				}
			}
	inside = (double)(n - 2) * (double)(n - 2) * (double)(n - 2);
	for (int m = 0; m < 5; m++)
		norms[m] = sqrt(sum[m] / inside);
	*scale = sqrt(msum / (5 * inside));
}

void ref_forcing(const struct ref *p, double *ue, double *frct,
		 double *scale)
{
	long n = p->n;
	double norms[5];

	for (long k = 0; k < n; k++)
		for (long j = 0; j < n; j++)
			for (long i = 0; i < n; i++)
				ref_exact(p, i, j, k, ue + AT(p, i, j, k));
	apply(p, ue, NULL, frct, norms, scale);
}

void ref_residual(const struct ref *p, const double *u, const double *frct,
		  double *r, double norms[5], double *scale)
{
	apply(p, u, frct, r, norms, scale);
}

void ref_error(const struct ref *p, const double *u, double err[5],
	       double *size)
{
	long n = p->n;
	double sum[5] = { 0 }, usum = 0, inside;

	for (long k = 1; k < n - 1; k++)
		for (long j = 1; j < n - 1; j++)
			for (long i = 1; i < n - 1; i++) {
				const double *v = u + AT(p, i, j, k);
				double ue[5];

				ref_exact(p, i, j, k, ue);
				for (int m = 0; m < 5; m++) {
					sum[m] += (ue[m] - v[m]) * (ue[m] - v[m]);
					usum += ue[m] * ue[m];
				}
			}
	inside = (double)(n - 2) * (double)(n - 2) * (double)(n - 2);
	for (int m = 0; m < 5; m++)
		err[m] = sqrt(sum[m] / inside);
	*size = sqrt(usum / (5 * inside));
}
