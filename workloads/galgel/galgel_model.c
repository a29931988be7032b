/* galgel_model.c - sp-galgel-check's Galerkin system (galgel_model.h).
 * With psi = sum a_p X_i Y_j and theta' = sum b_s U_m V_o (p = i + nx j,
 * s = m + nx o) on x = A (1 + xi) / 2, y = (1 + eta) / 2, each equation
 * tested by its own basis (q = k + nx l), every 2-D integral is a product
 * of 1-D ones; see galgel_galerkin.f90 for the equations. */
#include "galgel_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "galgel_cheb.h"

/* m[q][p] (+)= coef ax[k][i] ay[l][j] */
static void kron(const struct galgel_model *md, double coef, const double *ax,
		 const double *ay, double *m, int first)
{
	long nx = md->nx, ny = md->ny, n = md->n;

	for (long l = 0; l < ny; l++)
		for (long k = 0; k < nx; k++)
			for (long j = 0; j < ny; j++)
				for (long i = 0; i < nx; i++) {
					double v = coef * ax[k * nx + i] *
						   ay[l * ny + j];
					double *e = &m[(k + nx * l) * n + i +
						       nx * j];

					*e = first ? v : *e + v;
				}
}

/* inv = a^-1 for a symmetric positive definite n x n: 0, or -1. */
static int spd_inverse(long n, const double *a, double *inv)
{
	double *l = calloc((size_t)(n * n), sizeof(*l));

	if (!l)
		return -1;
	for (long j = 0; j < n; j++) {
		double d = a[j * n + j];

		for (long k = 0; k < j; k++)
			d -= l[j * n + k] * l[j * n + k];
		if (!(d > 0)) {
			free(l);
			return -1;
		}
		l[j * n + j] = sqrt(d);
		for (long i = j + 1; i < n; i++) {
			double s = a[i * n + j];

			for (long k = 0; k < j; k++)
				s -= l[i * n + k] * l[j * n + k];
			l[i * n + j] = s / l[j * n + j];
		}
	}
	/* column c of the inverse: L y = e_c, then L' x = y */
	for (long c = 0; c < n; c++) {
		double *x = inv + c * n;

		for (long i = 0; i < n; i++) {
			double s = i == c ? 1 : 0;

			for (long k = 0; k < i; k++)
				s -= l[i * n + k] * x[k];
			x[i] = s / l[i * n + i];
		}
		for (long i = n - 1; i >= 0; i--) {
			double s = x[i];

			for (long k = i + 1; k < n; k++)
				s -= l[k * n + i] * x[k];
			x[i] = s / l[i * n + i];
		}
	}
	free(l);
	return 0;
}

static double *mat(long r, long c)
{
	return calloc((size_t)(r * c), sizeof(double));
}

/* The linear blocks, from the 1-D Gram matrices. */
static int linear(struct galgel_model *md, const struct cheb_family *x,
		  const struct cheb_family *y, const struct cheb_family *u,
		  const struct cheb_family *v)
{
	long nx = md->nx, ny = md->ny;
	double w = md->aspect / 4, sx = 2 / md->aspect, sy = 2;
	double *gx[5], *gy[5], *ax = mat(nx, nx), *ay = mat(ny, ny);
	double *mx = mat(nx, 1), *my = mat(ny, 1);
	int rc = -1;

	for (int d = 0; d < 5; d++) {
		gx[d] = mat(nx, nx);
		gy[d] = mat(ny, ny);
	}
	if (!ax || !ay || !mx || !my)
		goto out;
	for (int d = 0; d < 5; d++)
		if (!gx[d] || !gy[d] || cheb_gram(x, 0, x, d, gx[d]) ||
		    cheb_gram(y, 0, y, d, gy[d]))
			goto out;
	/* the stream function: -lap, lap^2 */
	kron(md, -w * sx * sx, gx[2], gy[0], md->bpsi, 1);
	kron(md, -w * sy * sy, gx[0], gy[2], md->bpsi, 0);
	kron(md, w * pow(sx, 4), gx[4], gy[0], md->k4, 1);
	kron(md, 2 * w * sx * sx * sy * sy, gx[2], gy[2], md->k4, 0);
	kron(md, w * pow(sy, 4), gx[0], gy[4], md->k4, 0);
	/* buoyancy d(theta')/dx, and the conduction profile's -1/A */
	if (cheb_gram(x, 0, u, 1, ax) || cheb_gram(y, 0, v, 0, ay))
		goto out;
	kron(md, w * sx, ax, ay, md->cb, 1);
	cheb_moment(x, mx);
	cheb_moment(y, my);
	for (long l = 0; l < ny; l++)
		for (long k = 0; k < nx; k++)
			md->g0[k + nx * l] = -w / md->aspect * mx[k] * my[l];
	/* the temperature: mass, lap, and psi_y times d/dx (1 - x/A) */
	for (int d = 0; d < 3; d += 2)
		if (cheb_gram(u, 0, u, d, gx[d]) || cheb_gram(v, 0, v, d, gy[d]))
			goto out;
	kron(md, w, gx[0], gy[0], md->bth, 1);
	kron(md, w * sx * sx, gx[2], gy[0], md->lth, 1);
	kron(md, w * sy * sy, gx[0], gy[2], md->lth, 0);
	if (cheb_gram(u, 0, x, 0, ax) || cheb_gram(v, 0, y, 1, ay))
		goto out;
	kron(md, -w / md->aspect * sy, ax, ay, md->dth, 1);
	rc = 0;
out:
	for (int d = 0; d < 5; d++) {
		free(gx[d]);
		free(gy[d]);
	}
	free(ax);
	free(ay);
	free(mx);
	free(my);
	return rc;
}

/* The quadratic terms' 1-D factors: for the stream function (psi_y w_x -
 * psi_x w_y, w = -lap psi) four, for the temperature (psi_y theta_x -
 * psi_x theta_y) two. */
static int quadratic(struct galgel_model *md, const struct cheb_family *x,
		     const struct cheb_family *y, const struct cheb_family *u,
		     const struct cheb_family *v)
{
	static const int dq[4][4] = {	/* x: trial, w; y: trial, w */
		{ 0, 3, 1, 0 }, { 0, 1, 1, 2 }, { 1, 2, 0, 1 }, { 1, 0, 0, 3 },
	};
	static const int dr[2][4] = { { 0, 1, 1, 0 }, { 1, 0, 0, 1 } };
	long nx = md->nx, ny = md->ny;
	double w = md->aspect / 4, sx = 2 / md->aspect, sy = 2;

	md->cq[0] = -w * sy * pow(sx, 3);
	md->cq[1] = -w * sy * sx * sy * sy;
	md->cq[2] = w * pow(sx, 3) * sy;
	md->cq[3] = w * sx * pow(sy, 3);
	md->cr[0] = w * sx * sy;
	md->cr[1] = -w * sx * sy;
	for (int t = 0; t < 4; t++) {
		md->tx[t] = mat(nx * nx, nx);
		md->ty[t] = mat(ny * ny, ny);
		if (!md->tx[t] || !md->ty[t] ||
		    cheb_triple(x, x, dq[t][0], x, dq[t][1], md->tx[t]) ||
		    cheb_triple(y, y, dq[t][2], y, dq[t][3], md->ty[t]))
			return -1;
	}
	for (int t = 0; t < 2; t++) {
		md->ux[t] = mat(nx * nx, nx);
		md->vy[t] = mat(ny * ny, ny);
		if (!md->ux[t] || !md->vy[t] ||
		    cheb_triple(u, x, dr[t][0], u, dr[t][1], md->ux[t]) ||
		    cheb_triple(v, y, dr[t][2], v, dr[t][3], md->vy[t]))
			return -1;
	}
	return 0;
}

int galgel_model_init(struct galgel_model *md, long nx, long ny, double pr,
		      double aspect)
{
	struct cheb_family x = { 0 }, y = { 0 }, u = { 0 }, v = { 0 };
	long n = nx * ny;
	int rc = -1;

	memset(md, 0, sizeof(*md));
	md->nx = nx;
	md->ny = ny;
	md->n = n;
	md->m = 2 * n;
	md->pr = pr;
	md->aspect = aspect;
	md->bpsi = mat(n, n);
	md->k4 = mat(n, n);
	md->cb = mat(n, n);
	md->bth = mat(n, n);
	md->lth = mat(n, n);
	md->dth = mat(n, n);
	md->g0 = mat(n, 1);
	md->bpsi_inv = mat(n, n);
	md->bth_inv = mat(n, n);
	/* Z, W for 4 terms, two for 2, and A, B: see galgel_model_eval */
	md->work = mat(12 * ny * ny * nx + 2 * n * n, 1);
	if (!md->bpsi || !md->k4 || !md->cb || !md->bth || !md->lth ||
	    !md->dth || !md->g0 || !md->bpsi_inv || !md->bth_inv || !md->work)
		goto out;
	if (cheb_family_make(&x, CHEB_CC, nx) ||
	    cheb_family_make(&y, CHEB_CF, ny) ||
	    cheb_family_make(&u, CHEB_DD, nx) ||
	    cheb_family_make(&v, CHEB_NN, ny))
		goto out;
	if (linear(md, &x, &y, &u, &v) || quadratic(md, &x, &y, &u, &v) ||
	    spd_inverse(n, md->bpsi, md->bpsi_inv) ||
	    spd_inverse(n, md->bth, md->bth_inv))
		goto out;
	rc = 0;
out:
	cheb_family_free(&x);
	cheb_family_free(&y);
	cheb_family_free(&u);
	cheb_family_free(&v);
	return rc;
}

void galgel_model_free(struct galgel_model *md)
{
	free(md->bpsi);
	free(md->k4);
	free(md->cb);
	free(md->bth);
	free(md->lth);
	free(md->dth);
	free(md->g0);
	free(md->bpsi_inv);
	free(md->bth_inv);
	free(md->work);
	for (int t = 0; t < 4; t++) {
		free(md->tx[t]);
		free(md->ty[t]);
	}
	for (int t = 0; t < 2; t++) {
		free(md->ux[t]);
		free(md->vy[t]);
	}
}

/* z[(l ny + j) nx + m] = sum_o t[(l ny + j) ny + o] c[m + nx o] (or, with
 * swap, t[(l ny + o) ny + j]): a 1-D factor contracted across. */
static void across(long nx, long ny, const double *t, const double *c,
		   int swap, double *z)
{
	for (long l = 0; l < ny; l++)
		for (long j = 0; j < ny; j++)
			for (long m = 0; m < nx; m++) {
				double s = 0;

				for (long o = 0; o < ny; o++)
					s += (swap ? t[(l * ny + o) * ny + j] :
						     t[(l * ny + j) * ny + o]) *
					     c[m + nx * o];
				z[(l * ny + j) * nx + m] = s;
			}
}

void galgel_model_eval(struct galgel_model *md, double gr, const double *x,
		       double *f, double *fsize, double *jac)
{
	long nx = md->nx, ny = md->ny, n = md->n, m = md->m;
	long zs = ny * ny * nx;
	const double *a = x, *b = x + n;
	double *z = md->work, *w = z + 4 * zs, *zb = w + 4 * zs;
	double *za = zb + 2 * zs, *qa = za + 2 * zs, *qb = qa + n * n;

	for (int t = 0; t < 4; t++) {
		across(nx, ny, md->ty[t], a, 0, z + t * zs);
		across(nx, ny, md->ty[t], a, 1, w + t * zs);
	}
	for (int t = 0; t < 2; t++) {
		across(nx, ny, md->vy[t], b, 0, zb + t * zs);
		/* za[(l ny + o) nx + i] = sum_j vy[(l ny + j) ny + o] a_ij */
		across(nx, ny, md->vy[t], a, 1, za + t * zs);
	}
	/* qa(q, p) = sum_r Q(q, p, r) a_r, qb(q, p) = sum_r Q(q, r, p) a_r */
	for (long l = 0; l < ny; l++)
		for (long k = 0; k < nx; k++)
			for (long j = 0; j < ny; j++)
				for (long i = 0; i < nx; i++) {
					double sa = 0, sb = 0;

					for (int t = 0; t < 4; t++) {
						const double *tx = md->tx[t];
						const double *zt = z + t * zs +
							(l * ny + j) * nx;
						const double *wt = w + t * zs +
							(l * ny + j) * nx;
						double ta = 0, tb = 0;

						for (long mm = 0; mm < nx; mm++) {
							ta += tx[(k * nx + i) * nx + mm] * zt[mm];
							tb += tx[(k * nx + mm) * nx + i] * wt[mm];
						}
						sa += md->cq[t] * ta;
						sb += md->cq[t] * tb;
					}
					qa[(k + nx * l) * n + i + nx * j] = sa;
					qb[(k + nx * l) * n + i + nx * j] = sb;
				}
	for (long q = 0; q < n; q++) {
		long k = q % nx, l = q / nx;
		double fp = gr * md->g0[q], sp = fabs(fp);
		double ft = 0, st = 0;

		for (long p = 0; p < n; p++) {
			long i = p % nx, j = p / nx;
			double e, rb = 0, ra = 0;

			/* psi row */
			e = -md->k4[q * n + p] * a[p];
			fp += e;
			sp += fabs(e);
			e = gr * md->cb[q * n + p] * b[p];
			fp += e;
			sp += fabs(e);
			e = -a[p] * qa[q * n + p];
			fp += e;
			sp += fabs(e);
			jac[q * m + p] = -md->k4[q * n + p] - qa[q * n + p] -
					 qb[q * n + p];
			jac[q * m + n + p] = gr * md->cb[q * n + p];
			/* theta row: rb(q, p) = sum_s R(q, p, s) b_s and
			 * ra(q, s = p) = sum_p' R(q, p', s) a_p' */
			for (int t = 0; t < 2; t++) {
				const double *ux = md->ux[t];
				double tb = 0, ta = 0;

				for (long mm = 0; mm < nx; mm++) {
					tb += ux[(k * nx + i) * nx + mm] *
					      zb[t * zs + (l * ny + j) * nx + mm];
					ta += ux[(k * nx + mm) * nx + i] *
					      za[t * zs + (l * ny + j) * nx + mm];
				}
				rb += md->cr[t] * tb;
				ra += md->cr[t] * ta;
			}
			e = md->lth[q * n + p] * b[p] / md->pr;
			ft += e;
			st += fabs(e);
			e = -md->dth[q * n + p] * a[p];
			ft += e;
			st += fabs(e);
			e = -a[p] * rb;
			ft += e;
			st += fabs(e);
			jac[(n + q) * m + p] = -md->dth[q * n + p] - rb;
			jac[(n + q) * m + n + p] = md->lth[q * n + p] / md->pr -
						   ra;
		}
		f[q] = fp;
		fsize[q] = sp;
		f[n + q] = ft;
		fsize[n + q] = st;
	}
}

void galgel_model_mass(const struct galgel_model *md, const double *v,
		       double *out)
{
	long n = md->n;

	for (long q = 0; q < n; q++) {
		double sp = 0, st = 0;

		for (long p = 0; p < n; p++) {
			sp += md->bpsi[q * n + p] * v[p];
			st += md->bth[q * n + p] * v[n + p];
		}
		out[q] = sp;
		out[n + q] = st;
	}
}

double galgel_model_trace(const struct galgel_model *md, const double *jac)
{
	long n = md->n, m = md->m;
	double s = 0;

	for (long i = 0; i < n; i++)
		for (long j = 0; j < n; j++)
			s += md->bpsi_inv[i * n + j] * jac[j * m + i] +
			     md->bth_inv[i * n + j] * jac[(n + j) * m + n + i];
	return s;
}

double galgel_model_mass_norm(const struct galgel_model *md)
{
	double s = 0;

	for (long i = 0; i < md->n * md->n; i++)
		s += md->bpsi[i] * md->bpsi[i] + md->bth[i] * md->bth[i];
	return sqrt(s);
}
