/* swim_ref.c - sp-swim-check's own shallow water model (swim_ref.h):
 * Sadourny's potential-enstrophy-conserving scheme on the C grid, leapfrog
 * in time with a Robert-Asselin filter, as swim_calc.f90 runs it, but
 * periodic by index arithmetic rather than copied rows and columns.  Point
 * (i, j) of every field here is the run's (i + 1, j + 1): P and H at the
 * centre of cell (i, j), U and CU at its west face, V and CV at its south
 * face, Z at its south-west corner.  Every value is formed by the same
 * operations in the same order as the run's, so the fields agree and the
 * records differ only by the rounding of their sums. */
#include "swim_ref.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define AT(f, i, j) ((f)[(i) * r->n + (j)])

int swim_ref_init(struct swim_ref *r, const struct swim_params *sp)
{
	double **fields[] = { &r->u, &r->v, &r->p, &r->uo, &r->vo, &r->po,
			      &r->un, &r->vn, &r->pn, &r->cu, &r->cv, &r->z,
			      &r->h };
	long m = sp->n1 - 1, n = sp->n2 - 1, w = n + 1;
	double pi = 4.0 * atan(1.0), di, dj, el, pcf, *psi;

	memset(r, 0, sizeof(*r));
	r->m = m;
	r->n = n;
	r->dt = r->tdt = sp->dt;
	r->dx = sp->dx;
	r->dy = sp->dy;
	r->alpha = sp->alpha;
	r->p0 = sp->p0;
	for (size_t k = 0; k < sizeof(fields) / sizeof(fields[0]); k++)
		if (!(*fields[k] = malloc((size_t)(m * n) * sizeof(double))))
			return -1;
	r->ie = malloc((size_t)m * sizeof(long));
	r->iw = malloc((size_t)m * sizeof(long));
	r->jn = malloc((size_t)n * sizeof(long));
	r->js = malloc((size_t)n * sizeof(long));
	/* the stream function at the (m + 1) x (n + 1) corners, the last row
	 * and column computed as the run computes them, not wrapped */
	psi = malloc((size_t)((m + 1) * w) * sizeof(double));
	if (!r->ie || !r->iw || !r->jn || !r->js || !psi) {
		free(psi);
		return -1;
	}
	for (long i = 0; i < m; i++) {
		r->ie[i] = (i + 1) % m;
		r->iw[i] = (i + m - 1) % m;
	}
	for (long j = 0; j < n; j++) {
		r->jn[j] = (j + 1) % n;
		r->js[j] = (j + n - 1) % n;
	}
	di = (pi + pi) / (double)m;
	dj = (pi + pi) / (double)n;
	el = (double)n * sp->dx;
	pcf = pi * pi * sp->a * sp->a / (el * el);
	for (long i = 0; i <= m; i++) {
		for (long j = 0; j <= n; j++) {
			double x = ((double)i + 0.5) * di;
			double y = ((double)j + 0.5) * dj;
			double s = sin(x) * sin(y);

			for (long k = 0; k < sp->modes; k++) {
				const struct swim_mode *md = &sp->mode[k];

				s = s + md->amp * sin((double)md->p * x + md->phx) *
					sin((double)md->q * y + md->phy);
			}
			psi[i * w + j] = sp->a * s;
		}
	}
	/* U at the west face of cell i % m (the run's U(i + 1), i = 1..m,
	 * whose last is face 0 again), from psi at that face's ends; V
	 * likewise at the south face of cell j % n */
	for (long i = 1; i <= m; i++)
		for (long j = 0; j < n; j++)
			AT(r->u, i % m, j) = -(psi[i * w + j + 1] -
					       psi[i * w + j]) / sp->dy;
	for (long i = 0; i < m; i++)
		for (long j = 1; j <= n; j++)
			AT(r->v, i, j % n) = (psi[(i + 1) * w + j] -
					      psi[i * w + j]) / sp->dx;
	for (long i = 0; i < m; i++)
		for (long j = 0; j < n; j++)
			AT(r->p, i, j) = pcf * (cos(2.0 * (double)i * di) +
						cos(2.0 * (double)j * dj)) +
					 sp->p0;
	free(psi);
	memcpy(r->uo, r->u, (size_t)(m * n) * sizeof(double));
	memcpy(r->vo, r->v, (size_t)(m * n) * sizeof(double));
	memcpy(r->po, r->p, (size_t)(m * n) * sizeof(double));
	return 0;
}

/* The mass fluxes, potential vorticity and Bernoulli function. */
static void fluxes(struct swim_ref *r)
{
	double fsdx = 4.0 / r->dx, fsdy = 4.0 / r->dy;
	const double *u = r->u, *v = r->v, *p = r->p;

	for (long i = 0; i < r->m; i++) {
		long e = r->ie[i], w = r->iw[i];

		for (long j = 0; j < r->n; j++) {
			long nn = r->jn[j], s = r->js[j];

			AT(r->cu, i, j) = 0.5 * (AT(p, i, j) + AT(p, w, j)) *
					  AT(u, i, j);
			AT(r->cv, i, j) = 0.5 * (AT(p, i, j) + AT(p, i, s)) *
					  AT(v, i, j);
			AT(r->z, i, j) = (fsdx * (AT(v, i, j) - AT(v, w, j)) -
					  fsdy * (AT(u, i, j) - AT(u, i, s))) /
					 (AT(p, w, s) + AT(p, i, s) +
					  AT(p, i, j) + AT(p, w, j));
			AT(r->h, i, j) = AT(p, i, j) + 0.25 *
				(AT(u, e, j) * AT(u, e, j) +
				 AT(u, i, j) * AT(u, i, j) +
				 AT(v, i, nn) * AT(v, i, nn) +
				 AT(v, i, j) * AT(v, i, j));
		}
	}
}

/* The next level from the previous one and the fluxes, over tdt. */
static void advance(struct swim_ref *r)
{
	double tdts8 = r->tdt / 8.0, tdtsdx = r->tdt / r->dx;
	double tdtsdy = r->tdt / r->dy;
	const double *cu = r->cu, *cv = r->cv, *z = r->z, *h = r->h;

	for (long i = 0; i < r->m; i++) {
		long e = r->ie[i], w = r->iw[i];

		for (long j = 0; j < r->n; j++) {
			long nn = r->jn[j], s = r->js[j];

			AT(r->un, i, j) = AT(r->uo, i, j) +
				tdts8 * (AT(z, i, nn) + AT(z, i, j)) *
				(AT(cv, i, nn) + AT(cv, w, nn) + AT(cv, w, j) +
				 AT(cv, i, j)) -
				tdtsdx * (AT(h, i, j) - AT(h, w, j));
			AT(r->vn, i, j) = AT(r->vo, i, j) -
				tdts8 * (AT(z, e, j) + AT(z, i, j)) *
				(AT(cu, e, j) + AT(cu, i, j) + AT(cu, i, s) +
				 AT(cu, e, s)) -
				tdtsdy * (AT(h, i, j) - AT(h, i, s));
			AT(r->pn, i, j) = AT(r->po, i, j) -
				tdtsdx * (AT(cu, e, j) - AT(cu, i, j)) -
				tdtsdy * (AT(cv, i, nn) - AT(cv, i, j));
		}
	}
}

static void rotate(double **old, double **cur, double **next)
{
	double *t = *old;

	*old = *cur;
	*cur = *next;
	*next = t;
}

/* The filtered previous level from the three, then the next level
 * current (the array the current one held becomes the spare). */
static void filter(double *old, double **cur, double **next, size_t count,
		   double alpha)
{
	const double *c = *cur, *t = *next;
	double *spare = *cur;

	for (size_t k = 0; k < count; k++)
		old[k] = c[k] + alpha * (t[k] - 2.0 * c[k] + old[k]);
	*cur = *next;
	*next = spare;
}

void swim_ref_step(struct swim_ref *r)
{
	size_t count = (size_t)(r->m * r->n);

	fluxes(r);
	advance(r);
	if (r->step++ == 0) {
		rotate(&r->uo, &r->u, &r->un);
		rotate(&r->vo, &r->v, &r->vn);
		rotate(&r->po, &r->p, &r->pn);
		r->tdt = r->dt + r->dt;
		return;
	}
	filter(r->uo, &r->u, &r->un, count, r->alpha);
	filter(r->vo, &r->v, &r->vn, count, r->alpha);
	filter(r->po, &r->p, &r->pn, count, r->alpha);
}

void swim_ref_record(const struct swim_ref *r, double rec[SWIM_REC])
{
	double fsdx = 4.0 / r->dx, fsdy = 4.0 / r->dy;
	const double *u = r->u, *v = r->v, *p = r->p;
	double mass = 0, energy = 0, ens = 0, us = 0, vs = 0;

	for (long i = 0; i < r->m; i++) {
		long w = r->iw[i];

		for (long j = 0; j < r->n; j++) {
			long s = r->js[j];
			double pz = AT(p, w, s) + AT(p, i, s) + AT(p, i, j) +
				    AT(p, w, j);
			double q = (fsdx * (AT(v, i, j) - AT(v, w, j)) -
				    fsdy * (AT(u, i, j) - AT(u, i, s))) / pz;
			double dp = AT(p, i, j) - r->p0;

			mass += AT(p, i, j);
			/* P averaged to U's and V's faces times the square of
			 * each, halved; the available potential energy */
			energy += 0.25 * (AT(p, i, j) + AT(p, w, j)) *
				  AT(u, i, j) * AT(u, i, j);
			energy += 0.25 * (AT(p, i, j) + AT(p, i, s)) *
				  AT(v, i, j) * AT(v, i, j);
			energy += 0.5 * dp * dp;
			ens += 0.125 * q * q * pz;
			us += fabs(AT(u, i, j));
			vs += fabs(AT(v, i, j));
		}
	}
	rec[0] = (double)r->step;
	rec[1] = mass;
	rec[2] = energy;
	rec[3] = ens;
	rec[4] = us;
	rec[5] = vs;
}

void swim_ref_free(struct swim_ref *r)
{
	double *fields[] = { r->u, r->v, r->p, r->uo, r->vo, r->po, r->un,
			     r->vn, r->pn, r->cu, r->cv, r->z, r->h };

	for (size_t k = 0; k < sizeof(fields) / sizeof(fields[0]); k++)
		free(fields[k]);
	free(r->ie);
	free(r->iw);
	free(r->jn);
	free(r->js);
}
