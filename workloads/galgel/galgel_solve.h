/* galgel_solve.h - the C side of sp-galgel's Fortran computation
 * (galgel.f90): its entry, and the function it calls back with each step
 * of the Grashof sweep (galgel_run.c writes it to the result file). */
#ifndef SP_GALGEL_SOLVE_H
#define SP_GALGEL_SOLVE_H

/* Sweeps gr[0..steps-1]; returns 0, or 1 out of memory, 2 a basis could
 * not be made, 3 Newton did not converge, 4 a singular Jacobian, 5 QZ
 * failed, 6 an infinite eigenvalue, 7 a step not written (3-7 at step
 * *fail_step).  critical: 1, Gr and frequency where the leading
 * eigenvalue's real part first turned non-negative, or 0. */
int galgel_run(long nx, long ny, double pr, double aspect, long steps,
	       const double *gr, double tol, long maxit, long nvec, void *ctx,
	       long *fail_step, double critical[3]);

/* Step k at Grashof number gr: nsolve Newton solves, residual res (the
 * largest |F|), the state x[0..m-1], the eigenvalues lre + i lim sorted
 * by real part, and nvec eigenvectors vre + i vim (m each) of the
 * eigenvalues at places vidx (from 1).  0, or -1 when not written. */
int galgel_put_step(void *ctx, long k, double gr, long nsolve, double res,
		    long m, const double *x, const double *lre,
		    const double *lim, long nvec, const long *vidx,
		    const double *vre, const double *vim);

#endif
