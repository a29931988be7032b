/* sp_spec.h - what sp-sp and sp-sp-check agree on: the command line, the
 * manufactured exact solution, the sampled points and the tolerances. */
#ifndef SP_SP_SPEC_H
#define SP_SP_SPEC_H

#include <math.h>
#include <stdint.h>

#include "rng.h"

#define SP_VARS 5
/* Doubles per grid point: u, rhs and forcing (5 each), the 5 bands of the
 * 5 variables' line systems (25) and the convection speed (1). */
#define SP_DOUBLES_PER_POINT 41
#define SP_SAMPLES 64
/* A converged run is this close to the exact solution (values ~1). */
#define SP_ERROR_TOL 1e-8
#define SP_RESIDUAL_TOL 1e-6

struct sp_args {
	long n;			/* grid is n^3 points, boundaries included */
	long iters;		/* ADI iterations */
	uint64_t seed;
	const char *path;	/* -o for the program, positional for the check */
};

/* Parses argv; on bad input prints one line and exits 2.  with_output: the
 * program's form (-o FILE); otherwise the check's (one positional FILE). */
void sp_parse_args(int argc, char **argv, int with_output, struct sp_args *a);

/* A number in [0, 1) drawn from the seed and a tag. */
static inline double sp_unit(uint64_t seed, uint64_t tag)
{
	return rng_unit(rng_hash(seed * 0x2545f4914f6cdd1dULL + tag));
}

/* The manufactured solution of variable m at (x, y, z) in [0,1]^3: a
 * smooth field whose wave numbers and phases come from the seed. */
static inline double sp_exact(uint64_t seed, int m, double x, double y,
			      double z)
{
	double kx = 1 + sp_unit(seed, 10 * m + 1), px = sp_unit(seed, 10 * m + 2);
	double ky = 1 + sp_unit(seed, 10 * m + 3), py = sp_unit(seed, 10 * m + 4);
	double kz = 1 + sp_unit(seed, 10 * m + 5), pz = sp_unit(seed, 10 * m + 6);

	return 1.0 + 0.25 * m +
	       0.3 * sin(M_PI * (kx * x + px)) * cos(M_PI * (ky * y + py)) *
	       sin(M_PI * (kz * z + pz)) + 0.1 * x * y * z;
}

/* The s-th sampled grid point, interior or not. */
static inline void sp_sample_point(uint64_t seed, long n, int s, long ijk[3])
{
	for (int d = 0; d < 3; d++)
		ijk[d] = (long)(rng_hash(seed ^ (uint64_t)(s * 3 + d + 1) *
					 0xd6e8feb86659fd93ULL) % (uint64_t)n);
}

#endif
