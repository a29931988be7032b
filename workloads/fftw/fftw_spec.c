/* fftw_spec.c - command line and input grid shared by sp-fftw and
 * sp-fftw-check (see fftw_spec.h). */
#include <math.h>
#include <stdlib.h>

#include "cli_size.h"
#include "fftw_spec.h"
#include "rng.h"

#define MAX_N 2048L

/* Uniform in [-1, 1), exact in a double. */
static double unit(uint64_t r)
{
	return (double)(r >> 11) * 0x1p-52 - 1.0;
}

/* The largest n <= max with no prime factor above 7 and not a multiple of
 * 16.  FFTW has fixed-size codelets for 2, 3, 5 and 7; a larger prime
 * factor (161 = 7 x 23) sends a transform through generic codelets that
 * multiply the accesses per point and dilute its TLB misses.  A multiple of
 * 16 puts planes (n^2 x 16 bytes apart) a whole number of 4 KB pages
 * apart, so a walk across planes falls into one cache set and a few TLB
 * sets: at n = 160 (planes 100 pages apart) a transform took 3.8 times as
 * long per point as at n = 150. */
static long smooth_at_most(long max)
{
	static const long primes[] = { 2, 3, 5, 7 };
	long n, m;
	size_t i;

	for (n = max; n > 1; n--) {
		if (n % 16 == 0)
			continue;
		m = n;
		for (i = 0; i < sizeof(primes) / sizeof(primes[0]); i++)
			while (m % primes[i] == 0)
				m /= primes[i];
		if (m == 1)
			break;
	}
	return n;
}

void fftw_parse_args(int argc, char **argv, int with_output,
		     struct fftw_args *a)
{
	unsigned long long reps = 1;
	long by_mb;
	struct cli_size s = {
		.usage = "{-n N | --mb M} [-r REPS] [-s SEED]",
		.count = { 'n', "N", 1, MAX_N },
		.seed_max = UINT64_MAX,
		.more = { { 'r', NULL, "repeat count", 1, 1 << 20, &reps } },
	};

	cli_size_parse(&s, argc, argv, with_output);
	/* Two n^3 grids of 16-byte complex doubles in mb MiB; the nudge
	 * keeps exact cubes from rounding down. */
	by_mb = smooth_at_most((long)(cbrt((double)s.mb * 1048576.0 / 32.0) + 1e-9));
	a->n = (long)cli_size_count(&s, by_mb);
	a->reps = (long)reps;
	a->seed = s.seed;
	a->path = s.path;
}

int fftw_input_init(struct fftw_input *in, long n, uint64_t seed)
{
	uint64_t rng = seed;
	long m, w, d;

	in->n = n;
	in->seed = seed;
	in->root = malloc((size_t)n * sizeof(*in->root));
	if (!in->root)
		return -1;
	for (m = 0; m < n; m++)
		in->root[m] = cexp(2.0 * M_PI * I * (double)m / (double)n);
	for (d = 0; d < 3; d++)
		in->sample[0][d] = 0;
	for (w = 0; w < FFTW_WAVES; w++) {
		for (d = 0; d < 3; d++) {
			in->k[w][d] = (long)rng_below(&rng, (uint64_t)n);
			in->sample[1 + w][d] = in->k[w][d];
		}
		in->amp[w] = unit(rng_next(&rng));
		in->amp[w] += unit(rng_next(&rng)) * I;
	}
	for (w = 1 + FFTW_WAVES; w < FFTW_SAMPLES; w++)
		for (d = 0; d < 3; d++)
			in->sample[w][d] = (long)rng_below(&rng, (uint64_t)n);
	return 0;
}

void fftw_input_free(struct fftw_input *in)
{
	free(in->root);
	in->root = NULL;
}

void fftw_input_row(const struct fftw_input *in, long a, long b,
		    double complex *row)
{
	double complex ab[FFTW_WAVES];
	uint64_t idx = ((uint64_t)a * (uint64_t)in->n + (uint64_t)b) *
		       (uint64_t)in->n;
	long n = in->n, c, w;

	for (w = 0; w < FFTW_WAVES; w++)
		ab[w] = in->amp[w] * in->root[(in->k[w][0] * a) % n] *
			in->root[(in->k[w][1] * b) % n];
	for (c = 0; c < n; c++) {
		uint64_t h = rng_mix(in->seed ^ ((idx + (uint64_t)c) *
						 0xd6e8feb86659fd93ULL));
		double complex v = FFTW_NOISE *
				   (unit(h) + unit(rng_mix(h)) * I);

		for (w = 0; w < FFTW_WAVES; w++)
			v += ab[w] * in->root[(in->k[w][2] * c) % n];
		row[c] = v;
	}
}
