/* apsi_check.h - what sp-apsi-check computes on its own, without the
 * model's code: the initial fields' sums and extremes, the diffusion
 * probe's exact decay, and the pressure planes' finite-difference
 * residual (apsi_check_fields.c). */
#ifndef SP_APSI_CHECK_H
#define SP_APSI_CHECK_H

#include "apsi_spec.h"

/* The unit roundoff of doubles. */
#define APSI_ROUNDOFF 0x1p-53

/* Field 0 is theta, field s the species s: the sum over the cells (to
 * long double accuracy), the minimum and the maximum at step 0. */
struct apsi_initial {
	double sum[APSI_FIELDS], min[APSI_FIELDS], max[APSI_FIELDS];
};

void apsi_initial(const struct apsi_params *p, struct apsi_initial *in);

/* The probe: the factor the explicit scheme multiplies the mode by in
 * nprobe steps, g^n with g = 1 - dt (its eigenvalue), and what the
 * continuous equation does in the same time, exp(-k^2 D t). */
struct apsi_decay {
	double discrete, continuous;
	double bound;	/* on |ln discrete - ln continuous|, from the scheme */
};

void apsi_decay(const struct apsi_params *p, struct apsi_decay *d);

/* The largest |q - g^n mode| over the probe's level (nx x ny, i
 * fastest). */
double apsi_probe_error(const struct apsi_params *p, const double *q,
			double factor);

/* On one level: the largest |five-point Laplacian of pp - f| with f =
 * beta (theta - its mean), and the tolerance it is held to; *mean the
 * mean of pp, *mean_tol its tolerance. */
double apsi_residual(const struct apsi_params *p, const double *theta,
		     const double *pp, double *tol, double *mean,
		     double *mean_tol);

#endif
