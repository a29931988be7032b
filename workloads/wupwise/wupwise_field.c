/* wupwise_field.c - the seeded gauge field and source of the wupwise
 * workload (wupwise_field.h): a link is three rows of Gaussian complex
 * numbers made orthonormal by Gram-Schmidt, the third replaced by the
 * conjugated cross product of the first two so that the determinant is 1. */
#include "wupwise_field.h"

#include <math.h>

#include "rng.h"

/* The stream of one site's link mu (0..3) or its source (4). */
static uint64_t stream(uint64_t seed, long site, int what)
{
	return rng_hash(rng_hash(seed) + (uint64_t)site * 8 + (uint64_t)what);
}

static double complex gauss(uint64_t *s)
{
	double r = sqrt(-2.0 * log(1.0 - rng_uniform(s)));
	double phi = 2.0 * M_PI * rng_uniform(s);

	return r * cos(phi) + I * (r * sin(phi));
}

static void normalise(double complex v[3])
{
	double n = 0;

	for (int i = 0; i < 3; i++)
		n += creal(v[i] * conj(v[i]));
	n = 1.0 / sqrt(n);
	for (int i = 0; i < 3; i++)
		v[i] *= n;
}

void wup_link(uint64_t seed, long site, int mu, double complex u[3][3])
{
	uint64_t s = stream(seed, site, mu);
	double complex d = 0;

	for (int a = 0; a < 2; a++)
		for (int b = 0; b < 3; b++)
			u[a][b] = gauss(&s);
	normalise(u[0]);
	for (int b = 0; b < 3; b++)
		d += conj(u[0][b]) * u[1][b];
	for (int b = 0; b < 3; b++)
		u[1][b] -= d * u[0][b];
	normalise(u[1]);
	u[2][0] = conj(u[0][1] * u[1][2] - u[0][2] * u[1][1]);
	u[2][1] = conj(u[0][2] * u[1][0] - u[0][0] * u[1][2]);
	u[2][2] = conj(u[0][0] * u[1][1] - u[0][1] * u[1][0]);
}

void wup_source(uint64_t seed, long site, double complex s[4][3])
{
	uint64_t st = stream(seed, site, 4);

	for (int sp = 0; sp < 4; sp++)
		for (int c = 0; c < 3; c++)
			s[sp][c] = gauss(&st);
}
