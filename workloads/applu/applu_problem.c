/* applu_problem.c - what every applu program derives from its arguments:
 * the arrays' memory and the seeded coefficients of the manufactured
 * solution (applu_spec.h). */
#include "applu_spec.h"
#include "rng.h"

double applu_array_bytes(long n)
{
	double all = (double)n * (double)n * (double)n;
	double inner = (double)n * (double)(n - 2) * (double)(n - 2);

	/* the Jacobians are written at interior rows and planes only */
	return 8.0 * (APPLU_FIELD_DOUBLES * all + APPLU_BLOCK_DOUBLES * inner +
		      5.0 * (double)n * (double)n);
}

void applu_coefficients(uint64_t seed, double ce[5][APPLU_TERMS])
{
	static const double nas[5][APPLU_TERMS] = APPLU_NAS_CE;
	uint64_t s = rng_hash(seed ^ 0x6170706c75ULL);	/* "applu" */

	for (int m = 0; m < 5; m++) {
		ce[m][0] = nas[m][0];
		for (int t = 1; t < APPLU_TERMS; t++)
			ce[m][t] = nas[m][t] * (1.0 + APPLU_JITTER *
					       (2.0 * rng_uniform(&s) - 1.0));
	}
}
