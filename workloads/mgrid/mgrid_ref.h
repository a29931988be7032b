/* mgrid_ref.h - the check's own implementation of the mgrid computation,
 * independent of sp-mgrid's Fortran: grids of n^3 points without ghost
 * layers, periodic neighbours found by wrapping indices, each 27-point
 * operator one loop over the offsets, every level its own array. */
#ifndef SP_MGRID_REF_H
#define SP_MGRID_REF_H

/* The right-hand side v of the seed on an n^3 grid (the charges). */
double *ref_rhs(unsigned long long seed, long n);

/* r = v - A u on an n^3 periodic grid, A of mgrid_spec.h's MGRID_A;
 * returns the root mean square of r, its largest magnitude in *max. */
double ref_resid(const double *u, const double *v, double *r, long n,
		 double *max);

/* The V-cycles of NAS MG from u = 0 for A u = v: norms[0] the root mean
 * square of the first residual, norms[it] that after cycle it, for it up
 * to cycles. */
void ref_solve(const double *v, long n, long cycles, double *norms);

#endif
