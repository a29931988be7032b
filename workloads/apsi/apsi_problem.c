/* apsi_problem.c - the apsi workload's parameters as functions of the
 * size, the step count and the seed (apsi_problem), and the wind and
 * diffusivity bounds its time step is chosen for (apsi_bounds): what
 * sp-apsi-gen writes and sp-apsi-check expects to read. */
#include <math.h>

#include "apsi_spec.h"
#include "rng.h"

static double between(uint64_t *s, double lo, double hi)
{
	return lo + (hi - lo) * rng_uniform(s);
}

/* A Gaussian blob: centre anywhere across, up to ztop high; radii and
 * amplitude within the ranges given. */
static void blob(uint64_t *s, const struct apsi_params *p, double ztop,
		 double rh_lo, double rh_hi, double rz_lo, double rz_hi,
		 double amp_lo, double amp_hi, double out[6])
{
	double lx = (double)p->nx * p->dx, ly = (double)p->ny * p->dy;
	double rh_cap = (lx < ly ? lx : ly) / 4;

	out[0] = between(s, 0, lx);
	out[1] = between(s, 0, ly);
	out[2] = between(s, 0, ztop);
	out[3] = between(s, rh_lo, rh_hi);
	if (out[3] > rh_cap)
		out[3] = rh_cap;
	out[4] = between(s, rz_lo, rz_hi);
	out[5] = between(s, amp_lo, amp_hi);
}

void apsi_bounds(const struct apsi_params *p, struct apsi_bounds *b)
{
	double lx = (double)p->nx * p->dx, ly = (double)p->ny * p->dy;
	double h = (double)p->nz * p->dz;

	/* psi's height factor 0.5 + z / H is at most 1.5 */
	b->umax = p->umean + p->roll[0] * APSI_PI / h;
	b->vmax = 0;
	for (int m = 0; m < APSI_WIND; m++) {
		b->umax += 1.5 * p->wind[m][0] * 2 * APSI_PI *
			   (double)p->wind_pq[m][1] / ly;
		b->vmax += 1.5 * p->wind[m][0] * 2 * APSI_PI *
			   (double)p->wind_pq[m][0] / lx;
	}
	b->wmax = p->roll[0] * 2 * APSI_PI * (double)p->roll_r / lx;
	b->khmax = 1.5 * p->kh;
	b->kvmax = p->kv;
}

void apsi_problem(long n, long steps, uint64_t seed, struct apsi_params *p)
{
	uint64_t s = seed;
	struct apsi_bounds b;
	double lx, ly, h, lim;

	p->nx = p->ny = n;
	p->nz = APSI_NZ(n);
	p->steps = steps;
	p->mprint = APSI_MPRINT;
	p->nprobe = APSI_NPROBE;
	p->seed = seed;
	p->dx = APSI_DX;
	p->dy = APSI_DY;
	p->dz = APSI_DZ;
	p->kh = APSI_KH;
	p->kv = APSI_KV;
	p->umean = APSI_UMEAN;
	p->theta0 = APSI_THETA0;
	p->gamma = APSI_GAMMA;
	p->beta = APSI_BETA;
	p->cbg = APSI_BACKGROUND;
	lx = (double)p->nx * p->dx;
	ly = (double)p->ny * p->dy;
	h = (double)p->nz * p->dz;
	/* stream function modes: peak wind of APSI_VMODE m/s at most */
	for (int m = 0; m < APSI_WIND; m++) {
		double kp, kq;

		p->wind_pq[m][0] = 1 + (int64_t)rng_below(&s, 3);
		p->wind_pq[m][1] = 1 + (int64_t)rng_below(&s, 3);
		kp = 2 * APSI_PI * (double)p->wind_pq[m][0] / lx;
		kq = 2 * APSI_PI * (double)p->wind_pq[m][1] / ly;
		p->wind[m][0] = between(&s, 0.5, 1.0) * APSI_VMODE /
				(kp > kq ? kp : kq);
		p->wind[m][1] = between(&s, 0, 2 * APSI_PI);
		p->wind[m][2] = between(&s, 0, 2 * APSI_PI);
	}
	p->roll_r = 1 + (int64_t)rng_below(&s, 2);
	p->roll[0] = APSI_WROLL * lx / (2 * APSI_PI * (double)p->roll_r);
	p->roll[1] = between(&s, 0, 2 * APSI_PI);
	for (int k = 0; k < APSI_BUBBLES; k++)
		blob(&s, p, h / 2, 3000, 8000, 200, 800, 1, 3, p->bubble[k]);
	for (int k = 0; k < APSI_SPECIES; k++) {
		blob(&s, p, h / 4, 2000, 5000, 100, 400, 50, 200, p->puff[k]);
		p->src[k][0] = 1 + (int64_t)rng_below(&s, (uint64_t)p->nx);
		p->src[k][1] = 1 + (int64_t)rng_below(&s, (uint64_t)p->ny);
		p->src[k][2] = 1 + (int64_t)rng_below(&s,
				(uint64_t)(p->nz / 4 > 0 ? p->nz / 4 : 1));
		p->rate[k] = between(&s, 0.01, 0.1);
	}
	p->probe[0] = 1 + (int64_t)rng_below(&s, 3);
	p->probe[1] = 1 + (int64_t)rng_below(&s, 3);
	p->probe[2] = 1 + (int64_t)rng_below(&s, 2);
	p->probe[3] = 1;
	p->probe_ph[0] = between(&s, 0, 2 * APSI_PI);
	p->probe_ph[1] = between(&s, 0, 2 * APSI_PI);
	/* the donor-cell scheme keeps every new value a convex combination
	 * of old ones while dt sum_d 2 (|u_d| / dx_d + K_d / dx_d^2) <= 1 */
	apsi_bounds(p, &b);
	lim = 2 * (b.umax / p->dx + b.vmax / p->dy + b.wmax / p->dz) +
	      2 * (b.khmax / (p->dx * p->dx) + b.khmax / (p->dy * p->dy) +
		   b.kvmax / (p->dz * p->dz));
	p->dt = APSI_CFL / lim;
}
