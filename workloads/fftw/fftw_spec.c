/* fftw_spec.c - command line and input grid shared by sp-fftw and
 * sp-fftw-check (see fftw_spec.h). */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>

#include "cli.h"
#include "fftw_spec.h"

#define MAX_N 2048L
#define MAX_MB (1L << 20)

static uint64_t mix64(uint64_t x)
{
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* splitmix64 */
static uint64_t next(uint64_t *state)
{
	*state += 0x9e3779b97f4a7c15ULL;
	return mix64(*state);
}

/* Uniform in [-1, 1), exact in a double. */
static double unit(uint64_t r)
{
	return (double)(r >> 11) * 0x1p-52 - 1.0;
}

void fftw_parse_args(int argc, char **argv, int with_output,
		     struct fftw_args *a)
{
	static const struct option longopts[] = {
		{ "mb", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cli cli = { argv[0], "{-n N | --mb M} [-r REPS] [-s SEED]",
				 with_output ? "-o FILE" : "FILE" };
	const char *out = NULL;
	long mb = 0;
	int c;

	a->n = 0;
	a->reps = 1;
	a->seed = 42;
	opterr = 0;
	while ((c = getopt_long(argc, argv,
				with_output ? ":n:r:s:o:" : ":n:r:s:",
				longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			a->n = (long)cli_number(&cli, optarg, 1, MAX_N, "N");
			break;
		case 'm':
			mb = (long)cli_number(&cli, optarg, 1, MAX_MB, "MB");
			break;
		case 'r':
			a->reps = (long)cli_number(&cli, optarg, 1, 1L << 20,
						   "repeat count");
			break;
		case 's':
			a->seed = cli_number(&cli, optarg, 0, UINT64_MAX,
					     "seed");
			break;
		case 'o':
			out = optarg;
			break;
		default:
			cli_bad_option(&cli, c);
		}
	}
	a->path = cli_file(&cli, argc, argv, with_output, out, "result file");
	if (!!a->n == !!mb)
		cli_fail(&cli, "give exactly one of -n and --mb");
	if (mb) {
		/* Two n^3 grids of 16-byte complex doubles in mb MiB; the
		 * nudge keeps exact cubes from rounding down. */
		a->n = (long)(cbrt((double)mb * 1048576.0 / 32.0) + 1e-9);
		if (a->n < 1 || a->n > MAX_N)
			cli_fail(&cli, "--mb gives no usable N");
	}
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
			in->k[w][d] = (long)(next(&rng) % (uint64_t)n);
			in->sample[1 + w][d] = in->k[w][d];
		}
		in->amp[w] = unit(next(&rng));
		in->amp[w] += unit(next(&rng)) * I;
	}
	for (w = 1 + FFTW_WAVES; w < FFTW_SAMPLES; w++)
		for (d = 0; d < 3; d++)
			in->sample[w][d] = (long)(next(&rng) % (uint64_t)n);
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
		uint64_t h = mix64(in->seed ^ ((idx + (uint64_t)c) *
					       0xd6e8feb86659fd93ULL));
		double complex v = FFTW_NOISE *
				   (unit(h) + unit(mix64(h)) * I);

		for (w = 0; w < FFTW_WAVES; w++)
			v += ab[w] * in->root[(in->k[w][2] * c) % n];
		row[c] = v;
	}
}
