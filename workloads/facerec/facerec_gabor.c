/* facerec_gabor.c - the Gabor wavelet transform of sp-facerec by FFTW
 * (double precision, FFTW_ESTIMATE, one thread): each of the 40 kernels
 * sampled on the n x n torus and transformed once; an image transformed
 * forward once, multiplied by each kernel in frequency space and
 * transformed back, its magnitudes kept as 40 planes. */
#include <stdlib.h>
#include <string.h>

#include "facerec.h"

/* The offset of coordinate x of the torus, in [-n/2, n/2). */
static double offset(long x, long n)
{
	return (double)(x < n / 2 ? x : x - n);
}

/* The wavelet of feature j at offset (dx, dy). */
static double complex wavelet(int j, double dx, double dy)
{
	double kx, ky, k2, s2 = FACEREC_SIGMA * FACEREC_SIGMA;

	facerec_wave(j, &kx, &ky);
	k2 = kx * kx + ky * ky;
	return k2 / s2 * exp(-k2 * (dx * dx + dy * dy) / (2 * s2)) *
	       (cexp(I * (kx * dx + ky * dy)) - exp(-s2 / 2));
}

int gabor_init(struct gabor *g, long n)
{
	size_t n2 = (size_t)n * (size_t)n;
	double scale = 1.0 / (double)n2;

	g->n = n;
	g->kern = fftw_malloc(FACEREC_FEATURES * n2 * sizeof(double));
	g->mag = fftw_malloc(FACEREC_FEATURES * n2 * sizeof(double));
	g->inv = fftw_malloc(n2 * sizeof(double));
	g->spec = fftw_malloc(n2 * sizeof(fftw_complex));
	g->work = fftw_malloc(n2 * sizeof(fftw_complex));
	if (!g->kern || !g->mag || !g->inv || !g->spec || !g->work)
		return -1;
	g->fwd = fftw_plan_dft_2d((int)n, (int)n, g->work, g->spec,
				  FFTW_FORWARD, FFTW_ESTIMATE);
	g->back = fftw_plan_dft_2d((int)n, (int)n, g->work, g->work,
				   FFTW_BACKWARD, FFTW_ESTIMATE);
	if (!g->fwd || !g->back)
		return -1;
	/* The DFT's real part is the transform of the kernel's Hermitian
	 * part, which equals it off the torus's Nyquist lines; the 1/n^2
	 * of the way back is folded in. */
	for (int j = 0; j < FACEREC_FEATURES; j++) {
		double *k = g->kern + (size_t)j * n2;

		for (long y = 0; y < n; y++)
			for (long x = 0; x < n; x++)
				g->work[y * n + x] = wavelet(j, offset(x, n),
							     offset(y, n));
		fftw_execute(g->fwd);
		for (size_t m = 0; m < n2; m++)
			k[m] = creal(g->spec[m]) * scale;
	}
	return 0;
}

void gabor_transform(struct gabor *g, const unsigned char *px)
{
	size_t n2 = (size_t)g->n * (size_t)g->n;

	for (size_t m = 0; m < n2; m++)
		g->work[m] = px[m];
	fftw_execute(g->fwd);
	memset(g->inv, 0, n2 * sizeof(double));
	for (int j = 0; j < FACEREC_FEATURES; j++) {
		const double *k = g->kern + (size_t)j * n2;
		double *a = g->mag + (size_t)j * n2;

		for (size_t m = 0; m < n2; m++)
			g->work[m] = g->spec[m] * k[m];
		fftw_execute(g->back);
		for (size_t m = 0; m < n2; m++) {
			a[m] = cabs(g->work[m]);
			g->inv[m] += a[m] * a[m];
		}
	}
	for (size_t m = 0; m < n2; m++)
		g->inv[m] = g->inv[m] > 0 ? 1.0 / sqrt(g->inv[m]) : 0.0;
}

void gabor_jet(const struct gabor *g, long x, long y, double *jet)
{
	size_t n2 = (size_t)g->n * (size_t)g->n, m = (size_t)(y * g->n + x);

	for (int j = 0; j < FACEREC_FEATURES; j++)
		jet[j] = g->mag[(size_t)j * n2 + m];
}
