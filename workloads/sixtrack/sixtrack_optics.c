/* sixtrack_optics.c - the check's linear optics, tune measurement and
 * symplecticity test (sixtrack_optics.h). */
#include "sixtrack_optics.h"

#include <math.h>
#include <string.h>

#define PI 3.141592653589793

/* m = [[1 l][0 1]] [[1 0][-k 1]] m */
static void kick_drift(double m[2][2], double k, double l)
{
	for (int j = 0; j < 2; j++) {
		double x = m[0][j], p = m[1][j] - k * m[0][j];

		m[0][j] = x + l * p;
		m[1][j] = p;
	}
}

int optics_tunes(const struct ref_ring *r, double q[2])
{
	double mx[2][2] = { { 1, 0 }, { 0, 1 } };
	double my[2][2] = { { 1, 0 }, { 0, 1 } };

	for (long i = 0; i < r->n; i++) {
		const struct ref_element *e = &r->el[i];
		/* px -= b2 x, py += b2 y; a bend adds theta h x to px */
		double b2 = e->kind != REF_CAVITY && e->nmz >= 2 ? e->b[1] : 0;
		double kx = b2 + (e->kind == REF_BEND ? e->theta * e->h : 0);

		kick_drift(mx, kx, e->drift);
		kick_drift(my, -b2, e->drift);
	}
	for (int p = 0; p < 2; p++) {
		double (*m)[2] = p ? my : mx;
		double c = (m[0][0] + m[1][1]) / 2;

		if (!(fabs(c) < 1))
			return -1;
		q[p] = acos(c) / (2 * PI);
	}
	return 0;
}

int optics_ring_is_linear(const struct ref_ring *r)
{
	for (long i = 0; i < r->n; i++) {
		const struct ref_element *e = &r->el[i];

		if (e->kind == REF_CAVITY)
			continue;
		if (e->nmz > 2 || (e->nmz == 2 && e->a[1] != 0))
			return 0;
	}
	return 1;
}

/* |sum w_k (x_k - mean) e^(-2 pi i q k)|^2 */
static double power(const double *x, long n, long stride, double mean,
		    double q)
{
	double re = 0, im = 0;

	for (long k = 0; k < n; k++) {
		double w = sin(PI * (double)k / (double)(n - 1));
		double v = w * w * (x[k * stride] - mean);

		re += v * cos(2 * PI * q * (double)k);
		im -= v * sin(2 * PI * q * (double)k);
	}
	return re * re + im * im;
}

double optics_measure_tune(const double *x, long n, long stride)
{
	double mean = 0, best = -1, qbest = 0.01, step, lo, hi;
	const double gold = 0.6180339887498949;

	for (long k = 0; k < n; k++)
		mean += x[k * stride];
	mean /= (double)n;
	/* a scan in quarter bins finds the main lobe (four bins wide) */
	step = 0.25 / (double)n;
	for (double q = 0.01; q <= 0.5; q += step) {
		double p = power(x, n, stride, mean, q);

		if (p > best) {
			best = p;
			qbest = q;
		}
	}
	/* then the lobe's peak by golden section */
	lo = fmax(qbest - step, 0.0);
	hi = fmin(qbest + step, 0.5);
	for (int it = 0; it < 80 && hi - lo > 1e-13; it++) {
		double a = hi - gold * (hi - lo), b = lo + gold * (hi - lo);

		if (power(x, n, stride, mean, a) > power(x, n, stride, mean, b))
			hi = b;
		else
			lo = a;
	}
	return (lo + hi) / 2;
}

/* Steps of the central differences: 0.1 um, and 1e-9 in the momenta
 * (smaller ones lose digits to rounding over a turn of 10^5 elements). */
static const double step[6] = { 1e-7, 1e-9, 1e-7, 1e-9, 1e-7, 1e-9 };

/* Column k of the Jacobian at c by central differences of step h. */
static void column(const struct ref_ring *r, const double c[6], int k,
		   double h, double col[6])
{
	double p[6], m[6];

	memcpy(p, c, sizeof(p));
	memcpy(m, c, sizeof(m));
	p[k] += h;
	m[k] -= h;
	ref_turn(r, p);
	ref_turn(r, m);
	for (int i = 0; i < 6; i++)
		col[i] = (p[i] - m[i]) / (2 * h);
}

void optics_central(const struct ref_ring *r, const double c[6],
		    double j[6][6])
{
	for (int k = 0; k < 6; k++) {
		double col[6];

		column(r, c, k, step[k], col);
		for (int i = 0; i < 6; i++)
			j[i][k] = col[i];
	}
}

/* Richardson's extrapolation of steps h and h / 2 cancels the
 * differences' h^2 error; how far the two differ tells whether the map is
 * smooth on the steps' scale at all. */
double optics_jacobian(const struct ref_ring *r, const double c[6],
		       double j[6][6])
{
	double spread = 0;

	for (int k = 0; k < 6; k++) {
		double full[6], half[6], size = 0, diff = 0;

		column(r, c, k, step[k], full);
		column(r, c, k, step[k] / 2, half);
		for (int i = 0; i < 6; i++) {
			j[i][k] = (4 * half[i] - full[i]) / 3;
			size = fmax(size, fabs(half[i]));
			diff = fmax(diff, fabs(full[i] - half[i]));
		}
		spread = fmax(spread, size > 0 ? diff / size : INFINITY);
		if (!isfinite(diff))
			spread = INFINITY;
	}
	return spread;
}

double optics_det(const double j[6][6])
{
	double a[6][6], det = 1;

	memcpy(a, j, sizeof(a));
	for (int k = 0; k < 6; k++) {
		int piv = k;

		for (int i = k + 1; i < 6; i++)
			if (fabs(a[i][k]) > fabs(a[piv][k]))
				piv = i;
		if (a[piv][k] == 0)
			return 0;
		if (piv != k) {
			for (int c = 0; c < 6; c++) {
				double t = a[k][c];

				a[k][c] = a[piv][c];
				a[piv][c] = t;
			}
			det = -det;
		}
		det *= a[k][k];
		for (int i = k + 1; i < 6; i++) {
			double f = a[i][k] / a[k][k];

			for (int c = k; c < 6; c++)
				a[i][c] -= f * a[k][c];
		}
	}
	return det;
}

/* Per plane, sqrt(|dq/dp / dp/dq|) is beta for a block that turns by
 * any angle: q is scaled by its root's inverse and p by the root. */
static void scaling(const double j[6][6], double d[6])
{
	for (int p = 0; p < 3; p++) {
		double a = fabs(j[2 * p][2 * p + 1]), b = fabs(j[2 * p + 1][2 * p]);
		double f = a > 0 && b > 0 && isfinite(a / b) ? pow(a / b, 0.25) : 1;

		d[2 * p] = 1 / f;
		d[2 * p + 1] = f;
	}
}

double optics_symplectic_defect(const double j[6][6])
{
	double d[6], s[6][6] = { { 0 } }, js[6][6], worst = 0;

	scaling(j, d);
	for (int p = 0; p < 3; p++) {
		s[2 * p][2 * p + 1] = 1;
		s[2 * p + 1][2 * p] = -1;
	}
	for (int i = 0; i < 6; i++)
		for (int k = 0; k < 6; k++)
			js[i][k] = d[i] * j[i][k] / d[k];
	for (int i = 0; i < 6; i++)
		for (int k = 0; k < 6; k++) {
			double v = 0;

			for (int a = 0; a < 6; a++)
				for (int b = 0; b < 6; b++)
					v += js[i][a] * s[a][b] * js[k][b];
			worst = fmax(worst, fabs(v - s[i][k]));
			if (isnan(v))
				worst = INFINITY;
		}
	return worst;
}

double optics_distance(const double a[6][6], const double b[6][6], int *ii,
		       int *kk)
{
	double d[6], worst = 0;

	scaling(b, d);
	*ii = *kk = 0;
	for (int i = 0; i < 6; i++)
		for (int k = 0; k < 6; k++) {
			double v = fabs(d[i] * (a[i][k] - b[i][k]) / d[k]);

			if (!(v <= worst)) {
				worst = v;
				*ii = i;
				*kk = k;
			}
		}
	return worst;
}
