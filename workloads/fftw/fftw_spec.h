/* fftw_spec.h - what sp-fftw and sp-fftw-check agree on: the command line,
 * the seeded input grid (plane waves plus low-amplitude noise) and which
 * DFT coefficients the result file reports. */
#ifndef SP_FFTW_SPEC_H
#define SP_FFTW_SPEC_H

#include <complex.h>
#include <stdint.h>

#define FFTW_WAVES 4		/* plane waves in the input */
#define FFTW_EXTRA 4		/* further seeded sample frequencies */
#define FFTW_SAMPLES (1 + FFTW_WAVES + FFTW_EXTRA)	/* and the zero one */
#define FFTW_NOISE 1e-3		/* noise amplitude */

struct fftw_args {
	long n;			/* grid is n x n x n */
	long reps;		/* forward transforms performed */
	uint64_t seed;
	const char *path;	/* -o for the program, positional for the check */
};

/* The input: x[a][b][c] = sum_w amp[w] e^{2 pi i (k_w . (a,b,c)) / n}
 * + FFTW_NOISE * noise(seed, (a n + b) n + c). */
struct fftw_input {
	long n;
	uint64_t seed;
	long k[FFTW_WAVES][3];
	double complex amp[FFTW_WAVES];
	long sample[FFTW_SAMPLES][3];	/* reported coefficients */
	double complex *root;	/* root[m] = e^{2 pi i m / n}, m < n */
};

/* Parses argv; on bad input prints one line and exits 2.  with_output: the
 * program's form (-o FILE); otherwise the check's (one positional FILE). */
void fftw_parse_args(int argc, char **argv, int with_output,
		     struct fftw_args *a);

/* Draws the waves and sample frequencies; 0, or -1 when out of memory. */
int fftw_input_init(struct fftw_input *in, long n, uint64_t seed);
void fftw_input_free(struct fftw_input *in);

/* Fills row (a, b), x[a][b][0..n-1], of the input grid. */
void fftw_input_row(const struct fftw_input *in, long a, long b,
		    double complex *row);

#endif
