/* applu_ref.h - the check's own implementation of the applu computation,
 * independent of sp-applu's Fortran: one routine evaluates the whole
 * operator point by point, direction by direction, from two flux
 * functions of a point's five variables (inviscid and viscous), and the
 * SSOR sweeps build their 5 x 5 blocks from those same functions by
 * complex-step differentiation instead of written-out derivatives.
 * Fields are doubles v[((k n + j) n + i) 5 + m], i, j, k from 0. */
#ifndef SP_APPLU_REF_H
#define SP_APPLU_REF_H

#include "applu_spec.h"

struct ref {
	long n;
	double ce[5][APPLU_TERMS];
	double dt, omega;
};

/* The manufactured solution's five components at grid point (i, j, k). */
void ref_exact(const struct ref *p, long i, long j, long k, double ue[5]);

/* NAS LU's starting field: the manufactured solution on the faces, its
 * blend of the faces inside. */
void ref_initial(const struct ref *p, double *u);

/* The forcing: the operator of the manufactured solution (zero on the
 * faces), which it first writes into ue.  *scale: the root mean square of
 * the sums of its terms' magnitudes (the size its rounding is relative
 * to). */
void ref_forcing(const struct ref *p, double *ue, double *frct,
		 double *scale);

/* r = L(u) - frct inside, 0 on the faces; norms[m] the root mean square
 * of component m inside; *scale as ref_forcing's. */
void ref_residual(const struct ref *p, const double *u, const double *frct,
		  double *r, double norms[5], double *scale);

/* The root mean square of u - ue inside, by component; *size that of ue. */
void ref_error(const struct ref *p, const double *u, double err[5],
	       double *size);

/* iters SSOR iterations from u (updated), r its residual on entry (the
 * residual of the new u after each); norms[5 it + m] the residual norms
 * after iteration it + 1. */
void ref_ssor(const struct ref *p, double *u, const double *frct, double *r,
	      long iters, double *norms);

#endif
