/* sixtrack_gauss.c - the seeded normal numbers behind the ring's multipole
 * errors (sixtrack_spec.h), one C function that the Fortran run calls
 * through bind(C) and the check calls directly, so that both build the
 * ring of the same input. */
#include <math.h>

#include "rng.h"
#include "sixtrack_spec.h"

#define TWO_PI 6.283185307179586

/* Box-Muller on the stream that starts from a hash of the seed, the entry,
 * the order and the plane; draws again while beyond the cut. */
double sixtrack_gauss(uint64_t seed, long entry, int order, int skew)
{
	uint64_t s = rng_hash(seed) ^ ((uint64_t)entry * 64 +
				       (uint64_t)order * 2 + (uint64_t)!!skew);

	for (;;) {
		double u1 = 1.0 - rng_uniform(&s);	/* (0, 1] */
		double u2 = rng_uniform(&s);
		double g = sqrt(-2.0 * log(u1)) * cos(TWO_PI * u2);

		if (fabs(g) <= SIXTRACK_GAUSS_CUT)
			return g;
	}
}
