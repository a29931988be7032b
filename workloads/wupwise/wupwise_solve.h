/* wupwise_solve.h - the C side of sp-wupwise's Fortran solver: its entry
 * (wupwise.f90), and its hopping term alone for the tests
 * (wupwise_hop_c.f90).  Fields are in the Fortran layouts: the gauge field
 * u(colour, colour, mu, place, parity), a spinor half b(colour, spin,
 * place), place and parity as wupwise_spec.h's solution file has them. */
#ifndef SP_WUPWISE_SOLVE_H
#define SP_WUPWISE_SOLVE_H

#include <complex.h>

/* Solves for the parameters given; ctx is handed back to wup_fill_gauge,
 * wup_fill_source and wup_write.  0, or 1 out of memory, 2 not converged
 * in maxit iterations, 3 not written. */
int wupwise_run(const int dims[4], double kappa, double tol, int maxit,
		void *ctx);

/* a (the half of parity p) = D b, b the half of parity 1 - p. */
void wupwise_dhop(const int dims[4], const double complex *u,
		  const double complex *b, double complex *a, int p);

/* What wupwise_run calls back: the seeded gauge field into u, the source
 * into its halves be and bo, and the solution x_e, x_o written (0, or -1
 * after one line on stderr). */
void wup_fill_gauge(void *ctx, double complex *u);
void wup_fill_source(void *ctx, double complex *be, double complex *bo);
int wup_write(void *ctx, const double complex *xe, const double complex *xo,
	      int iters, double res);

#endif
