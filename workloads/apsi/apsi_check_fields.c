/* apsi_check_fields.c - sp-apsi-check's own computations (apsi_check.h):
 * the initial fields evaluated again from apsi.in's parameters and summed
 * in long double; the discrete and continuous decay of the probe's
 * Fourier mode; and the pressure planes' residual by a five-point
 * Laplacian of its own. */
#include "apsi_check.h"

#include <math.h>
#include <stdlib.h>

/* A Gaussian blob at the centre of cell (i, j, k), 1-based: b = (x, y,
 * z, radius across, radius up, amplitude), distances across periodic. */
static double blob(const struct apsi_params *p, const double *b, long i,
		   long j, long k)
{
	double lx = (double)p->nx * p->dx, ly = (double)p->ny * p->dy;
	double ddx = ((double)i - 0.5) * p->dx - b[0];
	double ddy = ((double)j - 0.5) * p->dy - b[1];
	double ddz = ((double)k - 0.5) * p->dz - b[2];

	ddx -= lx * floor(ddx / lx + 0.5);
	ddy -= ly * floor(ddy / ly + 0.5);
	return b[5] * exp(-(ddx * ddx + ddy * ddy) / (b[3] * b[3]) -
			  ddz * ddz / (b[4] * b[4]));
}

/* theta (s = 0) or species s at the start. */
static double initial_at(const struct apsi_params *p, int s, long i, long j,
			 long k)
{
	double x;

	if (s)
		return p->cbg + blob(p, p->puff[s - 1], i, j, k);
	x = p->theta0 + p->gamma * (((double)k - 0.5) * p->dz);
	for (int m = 0; m < APSI_BUBBLES; m++)
		x += blob(p, p->bubble[m], i, j, k);
	return x;
}

void apsi_initial(const struct apsi_params *p, struct apsi_initial *in)
{
	for (int s = 0; s < APSI_FIELDS; s++) {
		long double sum = 0;
		double mn = INFINITY, mx = -INFINITY;

		for (long k = 1; k <= p->nz; k++)
			for (long j = 1; j <= p->ny; j++)
				for (long i = 1; i <= p->nx; i++) {
					double x = initial_at(p, s, i, j, k);

					sum += x;
					mn = x < mn ? x : mn;
					mx = x > mx ? x : mx;
				}
		in->sum[s] = (double)sum;
		in->min[s] = mn;
		in->max[s] = mx;
	}
}

static double sq(double x)
{
	return x * x;
}

/*
 * The mode cos(kx x) cos(ky y) cos(kz z) is an eigenvector of the
 * five-point (seven in 3-D) diffusion operator with eigenvalue -lambda_d,
 * lambda_d = sum_d K_d 4 sin^2(k_d h_d / 2) / h_d^2 (the vertical
 * cosine's zero slope at the bottom and top faces is the no-flux
 * condition), so forward Euler multiplies it by g = 1 - dt lambda_d a
 * step.  The continuous equation multiplies it by exp(-lambda_c t),
 * lambda_c = sum_d K_d k_d^2.  Since |ln(1 - x) + x| <= x^2 for x <= 1/2
 * and 0 <= k^2 - 4 sin^2(k h / 2) / h^2 <= k^4 h^2 / 12, the logarithms
 * differ by at most n (dt lambda_d)^2 + t sum_d K_d k_d^4 h_d^2 / 12.
 */
void apsi_decay(const struct apsi_params *p, struct apsi_decay *d)
{
	double lx = (double)p->nx * p->dx, ly = (double)p->ny * p->dy;
	double h = (double)p->nz * p->dz;
	double kx = 2 * APSI_PI * (double)p->probe[0] / lx;
	double ky = 2 * APSI_PI * (double)p->probe[1] / ly;
	double kz = APSI_PI * (double)p->probe[2] / h;
	double n = (double)p->nprobe, t = n * p->dt, lam_d, lam_c, x;

	lam_d = p->kh * 4 * sq(sin(kx * p->dx / 2)) / (p->dx * p->dx) +
		p->kh * 4 * sq(sin(ky * p->dy / 2)) / (p->dy * p->dy) +
		p->kv * 4 * sq(sin(kz * p->dz / 2)) / (p->dz * p->dz);
	lam_c = p->kh * (kx * kx + ky * ky) + p->kv * kz * kz;
	x = p->dt * lam_d;
	d->discrete = pow(1 - x, n);
	d->continuous = exp(-lam_c * t);
	d->bound = n * x * x + t * (p->kh * (sq(kx * kx) * p->dx * p->dx +
					     sq(ky * ky) * p->dy * p->dy) +
				    p->kv * sq(kz * kz) * p->dz * p->dz) / 12;
}

double apsi_probe_error(const struct apsi_params *p, const double *q,
			double factor)
{
	double cz = cos(APSI_PI * (double)p->probe[2] *
			((double)p->probe[3] - 0.5) / (double)p->nz);
	double worst = 0;

	for (long j = 1; j <= p->ny; j++) {
		double cy = cos(2 * APSI_PI * (double)p->probe[1] *
				(double)(j - 1) / (double)p->ny + p->probe_ph[1]);

		for (long i = 1; i <= p->nx; i++) {
			double cx = cos(2 * APSI_PI * (double)p->probe[0] *
					(double)(i - 1) / (double)p->nx +
					p->probe_ph[0]);
			double e = fabs(q[(j - 1) * p->nx + i - 1] -
					factor * cx * cy * cz);

			if (!(e <= worst))
				worst = e;	/* a NaN stays */
		}
	}
	return worst;
}

/*
 * The FFT solve's error in p is a few roundoffs times log2 of the plane's
 * points times |p|, and the five-point Laplacian (norm at most 4 / dx^2
 * + 4 / dy^2) carries it into the residual with |f| and its own
 * rounding: the tolerance is 32 u log2(nx ny) (that norm |p| + |f|),
 * plus what the model's mean of theta (summed by rows) may differ from
 * this one by, beta (nx + ny + 2) u max |theta|.
 */
double apsi_residual(const struct apsi_params *p, const double *theta,
		     const double *pp, double *tol, double *mean,
		     double *mean_tol)
{
	long nx = p->nx, ny = p->ny;
	double rdx2 = 1 / (p->dx * p->dx), rdy2 = 1 / (p->dy * p->dy);
	double pmax = 0, fmax = 0, tmax = 0, worst = 0, tmean, lg;
	long double ts = 0, ps = 0;

	for (long c = 0; c < nx * ny; c++) {
		ts += theta[c];
		ps += pp[c];
		pmax = fabs(pp[c]) > pmax ? fabs(pp[c]) : pmax;
		tmax = fabs(theta[c]) > tmax ? fabs(theta[c]) : tmax;
	}
	tmean = (double)(ts / (long double)(nx * ny));
	for (long j = 0; j < ny; j++)
		for (long i = 0; i < nx; i++) {
			long c = j * nx + i;
			long e = j * nx + (i + 1) % nx;
			long w = j * nx + (i + nx - 1) % nx;
			long n = ((j + 1) % ny) * nx + i;
			long s = ((j + ny - 1) % ny) * nx + i;
			double f = p->beta * (theta[c] - tmean);
			double r = (pp[e] - 2 * pp[c] + pp[w]) * rdx2 +
				   (pp[n] - 2 * pp[c] + pp[s]) * rdy2 - f;

			fmax = fabs(f) > fmax ? fabs(f) : fmax;
			if (!(fabs(r) <= worst))
				worst = fabs(r);
		}
	lg = log2((double)(nx * ny));
	*tol = 32 * APSI_ROUNDOFF * lg * (4 * (rdx2 + rdy2) * pmax + fmax) +
	       p->beta * (double)(nx + ny + 2) * APSI_ROUNDOFF * tmax;
	*mean = (double)(ps / (long double)(nx * ny));
	*mean_tol = 32 * APSI_ROUNDOFF * lg * pmax;
	return worst;
}
