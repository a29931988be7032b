/* galgel_bound.h - what sp-galgel-check knows of step 0 without the
 * program: at Gr = 0 the state is rest and conduction, and the
 * temperature's modes decouple; their eigenvalues are exactly
 *   -(pi^2 / Pr) ((m / A)^2 + k^2),  m = 1, 2, ...,  k = 0, 1, ...
 * and Galerkin's (Rayleigh-Ritz's) on the polynomial basis lie below
 * each, but above a bound: by the min-max principle, the Ritz values of
 * the span of polynomial interpolants of the first exact eigenfunctions,
 * which lie in the basis's space. */
#ifndef SP_GALGEL_BOUND_H
#define SP_GALGEL_BOUND_H

struct galgel_mode {
	long m, k;
	double exact;	/* the analytic eigenvalue */
	double bound;	/* Galerkin's is in [bound, exact] */
};

/* The modes m = 1..mx, k = 0..ky for nx x ny functions, into out (mx
 * (ky + 1) of them): 0, or -1 out of memory. */
int galgel_bound_modes(long nx, long ny, double pr, double aspect, long mx,
		       long ky, struct galgel_mode *out);

#endif
