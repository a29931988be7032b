/* fma3d_ref.c - the scheme of fma3d_ref.h in C: for each step, each
 * element's centre gradient from the inverse Jacobian, the strain
 * increment, the radial-return stress update, the hourglass forces, its
 * nodal forces added in; then the nodes' velocities and places. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fma3d_spec.h"
#include "fma3d_ref.h"

/* Natural coordinates of the nodes, and the hourglass base vectors. */
static const double NAT[8][3] = {
	{ -1, -1, -1 }, { 1, -1, -1 }, { 1, 1, -1 }, { -1, 1, -1 },
	{ -1, -1, 1 }, { 1, -1, 1 }, { 1, 1, 1 }, { -1, 1, 1 },
};
static const double HG[4][8] = {
	{ 1, 1, -1, -1, -1, -1, 1, 1 },
	{ 1, -1, -1, 1, -1, 1, 1, -1 },
	{ 1, -1, 1, -1, 1, -1, 1, -1 },
	{ -1, 1, -1, 1, 1, -1, 1, -1 },
};

void fma3d_ref_material(struct fma3d_material *mat)
{
	double e = FMA3D_YOUNG, nu = FMA3D_POISSON;

	mat->rho = FMA3D_RHO;
	mat->sy0 = FMA3D_YIELD;
	mat->harden = FMA3D_HARDEN;
	mat->hgk = FMA3D_HOURGLASS;
	mat->cfl = FMA3D_CFL;
	mat->lambda = e * nu / ((1 + nu) * (1 - 2 * nu));
	mat->mu = e / (2 * (1 + nu));
	mat->bulk = mat->lambda + 2 * mat->mu / 3;
	mat->c = sqrt((mat->lambda + 2 * mat->mu) / mat->rho);
}

/* The gradient g[k][i] = dN_k/dx_i at the centre of the brick x; returns
 * its volume there. */
static double centre_gradient(const double x[8][3], double g[8][3])
{
	double j[3][3] = { { 0 } }, inv[3][3], det;

	for (int k = 0; k < 8; k++)
		for (int a = 0; a < 3; a++)
			for (int b = 0; b < 3; b++)
				j[a][b] += x[k][a] * NAT[k][b] / 8;
	/* inv = J^-1 by cofactors */
	inv[0][0] = j[1][1] * j[2][2] - j[1][2] * j[2][1];
	inv[1][0] = j[1][2] * j[2][0] - j[1][0] * j[2][2];
	inv[2][0] = j[1][0] * j[2][1] - j[1][1] * j[2][0];
	inv[0][1] = j[0][2] * j[2][1] - j[0][1] * j[2][2];
	inv[1][1] = j[0][0] * j[2][2] - j[0][2] * j[2][0];
	inv[2][1] = j[0][1] * j[2][0] - j[0][0] * j[2][1];
	inv[0][2] = j[0][1] * j[1][2] - j[0][2] * j[1][1];
	inv[1][2] = j[0][2] * j[1][0] - j[0][0] * j[1][2];
	inv[2][2] = j[0][0] * j[1][1] - j[0][1] * j[1][0];
	det = j[0][0] * inv[0][0] + j[0][1] * inv[1][0] + j[0][2] * inv[2][0];
	for (int k = 0; k < 8; k++)
		for (int i = 0; i < 3; i++)
			g[k][i] = (NAT[k][0] * inv[0][i] + NAT[k][1] * inv[1][i] +
				   NAT[k][2] * inv[2][i]) / (8 * det);
	return 8 * det;
}

static void initial_places(const struct fma3d_mesh *m, long e, double x[8][3])
{
	for (int k = 0; k < 8; k++)
		memcpy(x[k], m->x + 3 * (m->ix[8 * e + k] - 1), sizeof(x[k]));
}

double fma3d_ref_volume(const struct fma3d_mesh *m, long e)
{
	double x[8][3], g[8][3];

	initial_places(m, e, x);
	return centre_gradient(x, g);
}

double fma3d_ref_khg(const struct fma3d_material *mat, double vol0)
{
	return 8 * mat->hgk * (mat->lambda + 2 * mat->mu) * cbrt(vol0);
}

void fma3d_ref_masses(const struct fma3d_mesh *m,
		      const struct fma3d_material *mat, double *mass)
{
	memset(mass, 0, (size_t)m->nnode * sizeof(*mass));
	for (long e = 0; e < m->nelem; e++) {
		double share = mat->rho * fma3d_ref_volume(m, e) / 8;

		for (int k = 0; k < 8; k++)
			mass[m->ix[8 * e + k] - 1] += share;
	}
}

/* sig (xx yy zz xy yz zx) and ep after the strain increment d. */
static void stress_update(const struct fma3d_material *mat, const double d[6],
			  double sig[6], double *ep)
{
	double vol = d[0] + d[1] + d[2], mean, dev[6], eq, yield;

	for (int i = 0; i < 3; i++) {
		sig[i] += mat->lambda * vol + 2 * mat->mu * d[i];
		sig[i + 3] += mat->mu * d[i + 3];
	}
	mean = (sig[0] + sig[1] + sig[2]) / 3;
	for (int i = 0; i < 6; i++)
		dev[i] = i < 3 ? sig[i] - mean : sig[i];
	eq = sqrt(1.5 * (dev[0] * dev[0] + dev[1] * dev[1] + dev[2] * dev[2] +
			 2 * (dev[3] * dev[3] + dev[4] * dev[4] +
			      dev[5] * dev[5])));
	yield = mat->sy0 + mat->harden * *ep;
	if (eq <= yield)
		return;
	double dep = (eq - yield) / (3 * mat->mu + mat->harden);
	double scale = 1 - 3 * mat->mu * dep / eq;

	*ep += dep;
	for (int i = 0; i < 6; i++)
		sig[i] = scale * dev[i] + (i < 3 ? mean : 0);
}

/* One element's step: its forces into force[], its state st updated;
 * returns its stable step, or 0 when it is inside out. */
static double element(const struct fma3d_mesh *m, const double *u,
		      const double *v, const struct fma3d_material *mat,
		      long e, double khg, double dtold, double *st,
		      double *force)
{
	double x[8][3], w[8][3], g[8][3], gam[4][8], q[4][3], f[8][3];
	double grad[3][3], d[6], sum_g2 = 0, vol;
	const int32_t *ix = m->ix + 8 * e;

	for (int k = 0; k < 8; k++) {
		long n = ix[k] - 1;

		for (int i = 0; i < 3; i++) {
			x[k][i] = m->x[3 * n + i] + u[3 * n + i];
			w[k][i] = v[3 * n + i];
		}
	}
	vol = centre_gradient(x, g);
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			grad[i][j] = 0;
			for (int k = 0; k < 8; k++)
				grad[i][j] += w[k][i] * g[k][j];
		}
	d[0] = grad[0][0] * dtold;
	d[1] = grad[1][1] * dtold;
	d[2] = grad[2][2] * dtold;
	d[3] = (grad[0][1] + grad[1][0]) * dtold;
	d[4] = (grad[1][2] + grad[2][1]) * dtold;
	d[5] = (grad[2][0] + grad[0][2]) * dtold;
	stress_update(mat, d, st, st + 6);

	for (int a = 0; a < 4; a++) {
		double hx[3] = { 0, 0, 0 };

		for (int k = 0; k < 8; k++)
			for (int i = 0; i < 3; i++)
				hx[i] += HG[a][k] * x[k][i];
		for (int k = 0; k < 8; k++)
			gam[a][k] = (HG[a][k] - hx[0] * g[k][0] -
				     hx[1] * g[k][1] - hx[2] * g[k][2]) / 8;
		for (int i = 0; i < 3; i++) {
			q[a][i] = 0;
			for (int k = 0; k < 8; k++)
				q[a][i] += w[k][i] * gam[a][k];
			/* Q(i, a) at 7 + 3 a + i */
			st[7 + 3 * a + i] += khg * dtold * q[a][i];
		}
	}

	const double s[3][3] = {
		{ st[0], st[3], st[5] },
		{ st[3], st[1], st[4] },
		{ st[5], st[4], st[2] },
	};
	for (int k = 0; k < 8; k++)
		for (int i = 0; i < 3; i++) {
			f[k][i] = -vol * (s[i][0] * g[k][0] + s[i][1] * g[k][1] +
					  s[i][2] * g[k][2]);
			for (int a = 0; a < 4; a++)
				f[k][i] -= st[7 + 3 * a + i] * gam[a][k];
			sum_g2 += g[k][i] * g[k][i];
		}
	for (int k = 0; k < 8; k++)
		for (int i = 0; i < 3; i++)
			force[3 * (ix[k] - 1) + i] += f[k][i];
	if (!(vol > 0))
		return 0;
	return 1 / (mat->c * sqrt(2 * sum_g2));
}

int fma3d_ref_run(const struct fma3d_mesh *m, const struct fma3d_material *mat,
		  long steps, struct fma3d_ref_state *s)
{
	size_t nn = (size_t)m->nnode, ne = (size_t)m->nelem;
	double *mass = malloc(nn * sizeof(*mass));
	double *force = malloc(3 * nn * sizeof(*force));
	double *khg = malloc(ne * sizeof(*khg));
	double *u = calloc(3 * nn, sizeof(*u)), *v = malloc(3 * nn * sizeof(*v));
	double dtold = 0;
	int rc = 0;

	s->node = malloc(6 * nn * sizeof(*s->node));
	s->elem = calloc(FMA3D_ELEM_STATE * ne, sizeof(*s->elem));
	s->time = 0;
	if (!mass || !force || !khg || !u || !v || !s->node || !s->elem) {
		rc = -1;
		goto out;
	}
	fma3d_ref_masses(m, mat, mass);
	for (size_t e = 0; e < ne; e++)
		khg[e] = fma3d_ref_khg(mat, fma3d_ref_volume(m, (long)e));
	memcpy(v, m->v0, 3 * nn * sizeof(*v));
	for (long step = 0; step < steps; step++) {
		double dtmin = INFINITY, dtnew, half;
		int bad = 0;

		memset(force, 0, 3 * nn * sizeof(*force));
		for (size_t e = 0; e < ne; e++) {
			double dte = element(m, u, v, mat, (long)e, khg[e], dtold,
					     s->elem + FMA3D_ELEM_STATE * e,
					     force);

			bad |= !(dte > 0);
			if (dte < dtmin)
				dtmin = dte;
		}
		if (bad) {
			rc = -2;
			goto out;
		}
		dtnew = mat->cfl * dtmin;
		half = (dtold + dtnew) / 2;
		for (size_t n = 0; n < nn; n++)
			for (int i = 0; i < 3; i++) {
				v[3 * n + i] += half / mass[n] * force[3 * n + i];
				u[3 * n + i] += dtnew * v[3 * n + i];
			}
		s->time += dtnew;
		dtold = dtnew;
	}
	for (size_t n = 0; n < nn; n++) {
		memcpy(s->node + 6 * n, u + 3 * n, 3 * sizeof(*u));
		memcpy(s->node + 6 * n + 3, v + 3 * n, 3 * sizeof(*v));
	}
out:
	free(mass);
	free(force);
	free(khg);
	free(u);
	free(v);
	return rc;
}

void fma3d_ref_free(struct fma3d_ref_state *s)
{
	free(s->node);
	free(s->elem);
	s->node = s->elem = NULL;
}
