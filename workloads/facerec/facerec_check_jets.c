/* facerec_check_jets.c - sp-facerec-check's own Gabor jets: for each
 * wavelet of Lades et al., sampled on the torus as the run's FFT
 * convolution sees it (the mean of its values at a point's two offsets on
 * the Nyquist lines, +n/2 and -n/2, its value elsewhere), the circular
 * convolution with the image summed pixel by pixel at each sampled node:
 * no FFT, no frequency space. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "facerec_check.h"

/* The wavelet of feature j at offset (dx, dy): re and im. */
static void psi(int j, double dx, double dy, double *re, double *im)
{
	double kx, ky, k2, s2 = FACEREC_SIGMA * FACEREC_SIGMA, g, ph;

	facerec_wave(j, &kx, &ky);
	k2 = kx * kx + ky * ky;
	g = k2 / s2 * exp(-k2 * (dx * dx + dy * dy) / (2.0 * s2));
	ph = kx * dx + ky * dy;
	*re = g * (cos(ph) - exp(-s2 / 2.0));
	*im = g * sin(ph);
}

/* The offsets of coordinate x of the n-torus in [-n/2, n/2) and in
 * (-n/2, n/2]: the same but on the Nyquist line x = n/2. */
static double lo(long x, long n)
{
	return (double)(x < n / 2 ? x : x - n);
}

static double hi(long x, long n)
{
	return (double)(x <= n / 2 ? x : x - n);
}

/* Feature j's kernel on the torus, as (re, im) pairs, row by row. */
static double kernel(int j, long n, double *h)
{
	double norm = 0.0, r1, i1, r2, i2;

	for (long y = 0; y < n; y++)
		for (long x = 0; x < n; x++) {
			double *v = h + 2 * (y * n + x);

			psi(j, lo(x, n), lo(y, n), &r1, &i1);
			psi(j, hi(x, n), hi(y, n), &r2, &i2);
			v[0] = (r1 + r2) / 2.0;
			v[1] = (i1 + i2) / 2.0;
			norm += v[0] * v[0] + v[1] * v[1];
		}
	return sqrt(norm);
}

void chk_direct_jets(long n, struct chk_sample *s, long count)
{
	double *h = malloc((size_t)(2 * n * n) * sizeof(double)), knorm;

	if (!h)
		check_fail("out of memory");
	for (int j = 0; j < FACEREC_FEATURES; j++) {
		knorm = kernel(j, n, h);
		for (long k = 0; k < count; k++) {
			const unsigned char *img = s[k].img;
			double re = 0.0, im = 0.0, inorm = 0.0;

			/* (I * h)(x0, y0) = sum over y of I(y) h(x0 - y) */
			for (long y = 0; y < n; y++) {
				long x0 = s[k].x, ry = (s[k].y - y + n) % n;
				const unsigned char *row = img + y * n;
				const double *hr = h + 2 * ry * n;

				for (long x = 0; x < n; x++) {
					long rx = x0 - x + (x > x0 ? n : 0);
					double i = row[x];

					re += i * hr[2 * rx];
					im += i * hr[2 * rx + 1];
					inorm += i * i;
				}
			}
			s[k].jet[j] = hypot(re, im);
			s[k].bound[j] = sqrt(inorm) * knorm;
		}
	}
	free(h);
}
