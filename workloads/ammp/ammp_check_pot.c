/* ammp_check_pot.c - sp-ammp-check's second implementation of the
 * potential: every pair of atoms visited (O(N^2), no neighbour lists),
 * minus the excluded ones; the shifted-force Lennard-Jones and Coulomb
 * terms written from the plain potentials as V(r) - V(rc) - (r - rc)
 * V'(rc); the bonded terms from the input's records; and the force on an
 * atom both analytically and as a central difference of its energy. */
#include <math.h>

#include "ammp_check.h"

static double image(double d, double box)
{
	return d - box * rint(d / box);
}

/* The plain pair potential A/r^12 - B/r^6 + qq/r and its derivative. */
static double plain(double A, double B, double qq, double r, double *dv)
{
	double r6 = r * r * r * r * r * r;

	*dv = -12.0 * A / (r6 * r6 * r) + 6.0 * B / (r6 * r) - qq / (r * r);
	return A / (r6 * r6) - B / r6 + qq / r;
}

/* The shifted-force pair potential of atoms i and j at distance r (under
 * the cutoff); *dv its derivative. */
static double pair(const struct chk_sys *s, long i, long j, double r,
		   double *dv)
{
	double A = s->a[i] * s->a[j], B = s->b[i] * s->b[j];
	double qq = s->q[i] * s->q[j], rc = s->p.cutoff, dvc, dvr, vc, vr;

	vc = plain(A, B, qq, rc, &dvc);
	vr = plain(A, B, qq, r, &dvr);
	*dv = dvr - dvc;
	return vr - vc - (r - rc) * dvc;
}

static int is_excluded(const struct chk_sys *s, long i, long j)
{
	for (long k = s->ex_start[i]; k < s->ex_start[i + 1]; k++)
		if (s->ex[k] == j)
			return 1;
	return 0;
}

/* Position of atom k: xi for atom i, x otherwise. */
static const double *at(const double *x, long k, long i, const double *xi)
{
	return k == i ? xi : x + 3 * k;
}

static double bond_energy(const struct chk_sys *s,
			  const struct ammp_bond_rec *b, const double *x,
			  long i, const double *xi, double fi[3],
			  double fj[3])
{
	const double *p = at(x, b->i, i, xi), *q = at(x, b->j, i, xi);
	double d[3], r = 0.0;

	for (int c = 0; c < 3; c++) {
		d[c] = image(q[c] - p[c], s->p.box);
		r += d[c] * d[c];
	}
	r = sqrt(r);
	for (int c = 0; c < 3; c++) {
		fi[c] = b->k * (r - b->r0) * d[c] / r;
		fj[c] = -fi[c];
	}
	return 0.5 * b->k * (r - b->r0) * (r - b->r0);
}

static double angle_energy(const struct chk_sys *s,
			   const struct ammp_angle_rec *g, const double *x,
			   long i, const double *xi, double f[3][3])
{
	const double *pi = at(x, g->i, i, xi), *pj = at(x, g->j, i, xi);
	const double *pk = at(x, g->k, i, xi);
	double u[3], w[3], lu = 0.0, lw = 0.0, c = 0.0, dvdc;

	for (int d = 0; d < 3; d++) {
		u[d] = image(pi[d] - pj[d], s->p.box);
		w[d] = image(pk[d] - pj[d], s->p.box);
		lu += u[d] * u[d];
		lw += w[d] * w[d];
		c += u[d] * w[d];
	}
	lu = sqrt(lu);
	lw = sqrt(lw);
	c /= lu * lw;
	dvdc = g->kc * (c - g->c0);
	for (int d = 0; d < 3; d++) {
		/* minus dV/dc times the gradient of cos theta */
		f[0][d] = -dvdc * (w[d] / lw - c * u[d] / lu) / lu;
		f[2][d] = -dvdc * (u[d] / lu - c * w[d] / lw) / lw;
		f[1][d] = -f[0][d] - f[2][d];
	}
	return 0.5 * g->kc * (c - g->c0) * (c - g->c0);
}

double chk_potential(struct chk_sys *s, const double *x, double *scale)
{
	double box = s->p.box, half = 0.5 * box, rc2 = s->p.cutoff * s->p.cutoff;
	double *w = s->wrapped, pe = 0.0, mag = 0.0, fi[3], fj[3], f[3][3];
	long n = s->n;

	for (long k = 0; k < 3 * n; k++)
		w[k] = x[k] - box * floor(x[k] / box);
	for (long i = 0; i < n; i++) {
		const long *e = s->ex + s->ex_start[i];
		const long *end = s->ex + s->ex_start[i + 1];
		const double *p = w + 3 * i;

		while (e < end && *e <= i)
			e++;
		for (long j = i + 1; j < n; j++) {
			const double *q = w + 3 * j;
			double d[3], r2 = 0.0, v, dv;

			if (e < end && *e == j) {
				e++;
				continue;
			}
			for (int c = 0; c < 3; c++) {
				d[c] = q[c] - p[c];
				d[c] += d[c] > half ? -box :
					d[c] < -half ? box : 0.0;
				r2 += d[c] * d[c];
			}
			if (r2 >= rc2)
				continue;
			v = pair(s, i, j, sqrt(r2), &dv);
			pe += v;
			mag += fabs(v);
		}
	}
	for (long k = 0; k < s->nbonds; k++) {
		double v = bond_energy(s, &s->bonds[k], x, -1, NULL, fi, fj);

		pe += v;
		mag += v;
	}
	for (long k = 0; k < s->nangles; k++) {
		double v = angle_energy(s, &s->angles[k], x, -1, NULL, f);

		pe += v;
		mag += v;
	}
	*scale = mag;
	return pe;
}

/* The energy of the terms atom i takes part in, with i at xi; with f,
 * the force on i added to it and its terms' magnitudes to *mag. */
static double atom_terms(struct chk_sys *s, const double *x, long i,
			 const double *xi, double f[3], double *mag)
{
	double rc2 = s->p.cutoff * s->p.cutoff, e = 0.0, fi[3], fj[3], fa[3][3];

	for (long j = 0; j < s->n; j++) {
		double d[3], r2 = 0.0, r, v, dv;

		if (j == i || is_excluded(s, i, j))
			continue;
		for (int c = 0; c < 3; c++) {
			d[c] = image(x[3 * j + c] - xi[c], s->p.box);
			r2 += d[c] * d[c];
		}
		if (r2 >= rc2)
			continue;
		r = sqrt(r2);
		v = pair(s, i, j, r, &dv);
		e += v;
		if (f) {
			/* -dV/dx_i: along d = x_j - x_i */
			for (int c = 0; c < 3; c++)
				f[c] += dv * d[c] / r;
			*mag += fabs(dv);
		}
	}
	for (long k = 0; k < s->nbonds; k++) {
		const struct ammp_bond_rec *b = &s->bonds[k];

		if (b->i != i && b->j != i)
			continue;
		e += bond_energy(s, b, x, i, xi, fi, fj);
		if (f)
			for (int c = 0; c < 3; c++) {
				f[c] += b->i == i ? fi[c] : fj[c];
				*mag += fabs(fi[c]);
			}
	}
	for (long k = 0; k < s->nangles; k++) {
		const struct ammp_angle_rec *g = &s->angles[k];
		int which = g->i == i ? 0 : g->j == i ? 1 : g->k == i ? 2 : -1;

		if (which < 0)
			continue;
		e += angle_energy(s, g, x, i, xi, fa);
		if (f)
			for (int c = 0; c < 3; c++) {
				f[c] += fa[which][c];
				*mag += fabs(fa[which][c]);
			}
	}
	return e;
}

void chk_force(struct chk_sys *s, const double *x, long i, double f[3],
	       double *scale)
{
	f[0] = f[1] = f[2] = 0.0;
	*scale = 0.0;
	atom_terms(s, x, i, x + 3 * i, f, scale);
}

void chk_force_fd(struct chk_sys *s, const double *x, long i, double h,
		  double f[3])
{
	for (int c = 0; c < 3; c++) {
		double xp[3] = { x[3 * i], x[3 * i + 1], x[3 * i + 2] };
		double xm[3] = { x[3 * i], x[3 * i + 1], x[3 * i + 2] };

		xp[c] += h;
		xm[c] -= h;
		f[c] = -(atom_terms(s, x, i, xp, NULL, NULL) -
			 atom_terms(s, x, i, xm, NULL, NULL)) / (2.0 * h);
	}
}

double chk_omega2(const struct chk_sys *s)
{
	double amax = 0.0, bmax = 0.0, qmax = 0.0, mmin = INFINITY;
	double w2 = 0.0, A, B, sigma = 1.0, curv;

	for (long k = 0; k < s->nbonds; k++) {
		const struct ammp_bond_rec *b = &s->bonds[k];
		double x = b->k * (1.0 / s->m[b->i] + 1.0 / s->m[b->j]);

		w2 = x > w2 ? x : w2;
	}
	for (long i = 0; i < s->n; i++) {
		amax = fmax(amax, s->a[i]);
		bmax = fmax(bmax, s->b[i]);
		qmax = fmax(qmax, fabs(s->q[i]));
		mmin = fmin(mmin, s->m[i]);
	}
	A = amax * amax;
	B = bmax * bmax;
	if (A > 0.0 && B > 0.0)
		sigma = pow(A / B, 1.0 / 6.0);
	curv = 156.0 * A / pow(sigma, 14) - 42.0 * B / pow(sigma, 8) +
	       2.0 * qmax * qmax / pow(sigma, 3);
	curv *= 2.0 / mmin;
	return curv > w2 ? curv : w2;
}
