/* applu_ref_flux.h - the check's two flux functions of one point's five
 * variables (density, the three momenta, energy), in complex arithmetic
 * so that the SSOR blocks can be their complex-step derivatives, and
 * NAS LU's constants, as the check's own implementation
 * (applu_ref.c, applu_ref_ssor.c) uses them. */
#ifndef SP_APPLU_REF_FLUX_H
#define SP_APPLU_REF_FLUX_H

#include <complex.h>

typedef double complex cx;

/* The fluid (ratio of specific heats, its excess over 1, the viscous
 * and heat-conduction factors) and the dissipation: second differences
 * scaled by DD of each direction, fourth differences by DSSP. */
#define REF_C1 1.4
#define REF_C2 0.4
#define REF_C34 (0.1 * 1.0)
#define REF_C15 (1.4 * 1.4)
#define REF_DD { 0.75, 0.75, 1.0 }
#define REF_DSSP 0.25

/* The inviscid flux of the five equations across a face normal to
 * direction d (0 xi, 1 eta, 2 zeta). */
static inline void ref_inviscid(int d, const cx u[5], cx f[5])
{
	cx vn = u[1 + d] / u[0];
	cx q = 0.5 * (u[1] * u[1] + u[2] * u[2] + u[3] * u[3]) / u[0];

	f[0] = u[1 + d];
	for (int m = 1; m <= 3; m++)
		f[m] = u[m] * vn;
	f[1 + d] += REF_C2 * (u[4] - q);
	f[4] = (REF_C1 * u[4] - REF_C2 * q) * vn;
}

/* The viscous potential in direction d: the viscous flux between two
 * neighbours is (g(b) - g(a)) / h, and the operator takes its difference
 * times C34 / h. */
static inline void ref_viscous(int d, const cx u[5], cx g[5])
{
	cx r = 1.0 / u[0];
	cx v[3] = { u[1] * r, u[2] * r, u[3] * r };

	g[0] = 0;
	for (int m = 0; m < 3; m++)
		g[1 + m] = m == d ? 4.0 / 3.0 * v[m] : v[m];
	g[4] = 0.5 * (1.0 - REF_C15) * (v[0] * v[0] + v[1] * v[1] +
					 v[2] * v[2]) +
	       v[d] * v[d] / 6.0 + REF_C15 * u[4] * r;
}

#endif
