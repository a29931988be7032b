/* fftw_spec.c - command line and input grid shared by sp-fftw and
 * sp-fftw-check (see fftw_spec.h). */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

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

static void usage_fail(const char *prog, int with_output, const char *what)
{
	fprintf(stderr,
		"%s: %s (usage: %s {-n N | --mb M} [-r REPS] [-s SEED] %s)\n",
		prog, what, prog, with_output ? "-o FILE" : "FILE");
	exit(2);
}

static unsigned long long parse_num(const char *prog, int with_output,
				    const char *s, unsigned long long max,
				    const char *name)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *end || *s == '-' || v > max ||
	    (v < 1 && max != UINT64_MAX)) {
		char msg[160];

		snprintf(msg, sizeof(msg), "bad %s '%s'", name, s);
		usage_fail(prog, with_output, msg);
	}
	return v;
}

void fftw_parse_args(int argc, char **argv, int with_output,
		     struct fftw_args *a)
{
	static const struct option longopts[] = {
		{ "mb", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	const char *prog = argv[0];
	long mb = 0;
	int c;

	a->n = 0;
	a->reps = 1;
	a->seed = 42;
	a->path = NULL;
	opterr = 0;
	while ((c = getopt_long(argc, argv,
				with_output ? ":n:r:s:o:" : ":n:r:s:",
				longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			a->n = (long)parse_num(prog, with_output, optarg,
					       MAX_N, "N (1..2048)");
			break;
		case 'm':
			mb = (long)parse_num(prog, with_output, optarg, MAX_MB,
					     "MB");
			break;
		case 'r':
			a->reps = (long)parse_num(prog, with_output, optarg,
						  1L << 20, "repeat count");
			break;
		case 's':
			a->seed = parse_num(prog, with_output, optarg,
					    UINT64_MAX, "seed");
			break;
		case 'o':
			a->path = optarg;
			break;
		case ':':
			usage_fail(prog, with_output, "option needs a value");
			break;
		default:
			usage_fail(prog, with_output, "unknown option");
		}
	}
	if (!with_output) {
		if (optind != argc - 1)
			usage_fail(prog, with_output, "need one result file");
		a->path = argv[optind];
	} else if (optind != argc) {
		usage_fail(prog, with_output, "unexpected argument");
	} else if (!a->path) {
		usage_fail(prog, with_output, "missing -o FILE");
	}
	if (!!a->n == !!mb)
		usage_fail(prog, with_output, "give exactly one of -n and --mb");
	if (mb) {
		/* Two n^3 grids of 16-byte complex doubles in mb MiB; the
		 * nudge keeps exact cubes from rounding down. */
		a->n = (long)(cbrt((double)mb * 1048576.0 / 32.0) + 1e-9);
		if (a->n < 1 || a->n > MAX_N)
			usage_fail(prog, with_output, "--mb gives no usable N");
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
