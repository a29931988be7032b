/* wupwise_wilson.c - sp-wupwise-check's Wilson matrix (wupwise_wilson.h):
 *   (M x)(s) = x(s) - kappa sum over mu of
 *	(1 - gamma_mu) U_mu(s) x(s + mu) + (1 + gamma_mu) U_mu(s - mu)^H x(s - mu)
 * one site at a time. */
#include "wupwise_wilson.h"

#include <stdlib.h>

#include "wupwise_field.h"

#define J I
const double complex wil_gamma[4][4][4] = {
	{ { 0, 0, 0, -J }, { 0, 0, -J, 0 }, { 0, J, 0, 0 }, { J, 0, 0, 0 } },
	{ { 0, 0, 0, -1 }, { 0, 0, 1, 0 }, { 0, 1, 0, 0 }, { -1, 0, 0, 0 } },
	{ { 0, 0, -J, 0 }, { 0, 0, 0, J }, { J, 0, 0, 0 }, { 0, -J, 0, 0 } },
	{ { 0, 0, 1, 0 }, { 0, 0, 0, 1 }, { 1, 0, 0, 0 }, { 0, 1, 0, 0 } },
};

int wil_init(struct wilson *w, const int dims[4], double kappa,
	     uint64_t seed)
{
	w->sites = 1;
	for (int mu = 0; mu < 4; mu++) {
		w->dims[mu] = dims[mu];
		w->sites *= dims[mu];
	}
	w->kappa = kappa;
	w->u = malloc((size_t)w->sites * sizeof(*w->u));
	if (!w->u)
		return -1;
	for (long s = 0; s < w->sites; s++)
		for (int mu = 0; mu < 4; mu++)
			wup_link(seed, s, mu, w->u[s][mu]);
	return 0;
}

/* The site one step from site in direction mu, forward (step 1) or back
 * (step -1), wrapping around. */
static long neighbour(const struct wilson *w, long site, int mu, int step)
{
	long c[4], r = site, n = 0;

	for (int i = 0; i < 4; i++) {
		c[i] = r % w->dims[i];
		r /= w->dims[i];
	}
	c[mu] = (c[mu] + step + w->dims[mu]) % w->dims[mu];
	for (int i = 3; i >= 0; i--)
		n = n * w->dims[i] + c[i];
	return n;
}

/* out -= kappa (1 + sign gamma_mu) m x, m the link or (conj) its
 * conjugate transpose. */
static void hop(const struct wilson *w, int mu, int sign,
		const double complex m[3][3], int conj_t, const wil_spinor x,
		wil_spinor out)
{
	double complex mx[4][3];

	for (int s = 0; s < 4; s++)
		for (int a = 0; a < 3; a++) {
			mx[s][a] = 0;
			for (int b = 0; b < 3; b++)
				mx[s][a] += (conj_t ? conj(m[b][a]) : m[a][b]) *
					    x[s][b];
		}
	for (int s = 0; s < 4; s++)
		for (int a = 0; a < 3; a++) {
			double complex g = mx[s][a];

			for (int t = 0; t < 4; t++)
				g += sign * wil_gamma[mu][s][t] * mx[t][a];
			out[s][a] -= w->kappa * g;
		}
}

void wil_apply_site(const struct wilson *w, const wil_spinor *x, long site,
		    wil_spinor out)
{
	for (int s = 0; s < 4; s++)
		for (int a = 0; a < 3; a++)
			out[s][a] = x[site][s][a];
	for (int mu = 0; mu < 4; mu++) {
		long f = neighbour(w, site, mu, 1), b = neighbour(w, site, mu, -1);

		hop(w, mu, -1, w->u[site][mu], 0, x[f], out);
		hop(w, mu, 1, w->u[b][mu], 1, x[b], out);
	}
}
