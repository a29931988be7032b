/* fftw_check.c - sp-fftw-check: verifies sp-fftw's result file without FFTW.
 * It evaluates the reported DFT coefficients directly from the input
 * formula, sum over the grid of x[a][b][c] e^{-2 pi i k.(a,b,c)/n}, and the
 * energy by Parseval (sum |X|^2 = n^3 sum |x|^2), and compares them within
 * a tolerance relative to the spectrum's RMS size. */
#include <complex.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fftw_spec.h"
#include "line_reader.h"

#define TOLERANCE 1e-9
#define NLINES (5 + FFTW_SAMPLES)

struct result {
	long n, reps;
	uint64_t seed;
	double energy;
	long k[FFTW_SAMPLES][3];
	double complex coef[FFTW_SAMPLES];
};

static void read_result(const char *path, struct result *res)
{
	struct line_reader rd;

	lr_open(&rd, path, "");
	lr_expect(&rd, "format");
	if (strcmp(rd.pos, " sp-fftw/1"))
		lr_fail(&rd, "the format is not sp-fftw/1");
	res->n = lr_key(&rd, "n", lr_long);
	res->reps = lr_key(&rd, "reps", lr_long);
	res->seed = lr_key_u64(&rd, "seed");
	res->energy = lr_key(&rd, "energy", lr_double);
	for (int s = 0; s < FFTW_SAMPLES; s++) {
		double re, im;

		if (!lr_next(&rd))
			lr_fail(&rd, "truncated: %d of %d lines", 5 + s,
				NLINES);
		if (!lr_is_key(&rd, "coef"))
			lr_fail(&rd, "expected 'coef'");
		for (int d = 0; d < 3; d++)
			res->k[s][d] = lr_long(&rd);
		re = lr_double(&rd);
		im = lr_double(&rd);
		lr_end(&rd);
		res->coef[s] = re + im * I;
	}
	if (lr_next(&rd))
		lr_fail(&rd, "unexpected line: %.60s", rd.buf);
	lr_close(&rd);
}

/* Direct DFT at every sample frequency and sum |x|^2, in one pass. */
static void direct(const struct fftw_input *in, double complex *dft,
		   long double *input_energy)
{
	long n = in->n, a, b, c, s;
	double complex *row = malloc((size_t)n * sizeof(*row));
	double complex sum_b[FFTW_SAMPLES], sum_c[FFTW_SAMPLES];
	long double e = 0;

	if (!row) {
		fprintf(stderr, "sp-fftw-check: out of memory\n");
		exit(1);
	}
	for (s = 0; s < FFTW_SAMPLES; s++)
		dft[s] = 0;
	for (a = 0; a < n; a++) {
		for (s = 0; s < FFTW_SAMPLES; s++)
			sum_b[s] = 0;
		for (b = 0; b < n; b++) {
			fftw_input_row(in, a, b, row);
			for (s = 0; s < FFTW_SAMPLES; s++)
				sum_c[s] = 0;
			for (c = 0; c < n; c++) {
				e += (long double)creal(row[c]) * creal(row[c]) +
				     (long double)cimag(row[c]) * cimag(row[c]);
				for (s = 0; s < FFTW_SAMPLES; s++)
					sum_c[s] += row[c] * conj(in->root[
						(in->sample[s][2] * c) % n]);
			}
			for (s = 0; s < FFTW_SAMPLES; s++)
				sum_b[s] += sum_c[s] * conj(in->root[
					(in->sample[s][1] * b) % n]);
		}
		for (s = 0; s < FFTW_SAMPLES; s++)
			dft[s] += sum_b[s] *
				  conj(in->root[(in->sample[s][0] * a) % n]);
	}
	free(row);
	*input_energy = e;
}

int main(int argc, char **argv)
{
	double complex dft[FFTW_SAMPLES];
	long double input_energy;
	struct fftw_input in;
	struct fftw_args a;
	struct result res;
	double want_energy, rms;
	long s, d;

	fftw_parse_args(argc, argv, 0, &a);
	check_begin("sp-fftw-check", a.path);
	read_result(a.path, &res);
	if (res.n != a.n)
		check_fail("n is %ld, expected %ld", res.n, a.n);
	if (res.reps != a.reps)
		check_fail("reps is %ld, expected %ld", res.reps, a.reps);
	if (res.seed != a.seed)
		check_fail("seed is %" PRIu64 ", expected %" PRIu64, res.seed,
			   a.seed);
	if (fftw_input_init(&in, a.n, a.seed)) {
		fprintf(stderr, "sp-fftw-check: out of memory\n");
		return 1;
	}
	for (s = 0; s < FFTW_SAMPLES; s++)
		for (d = 0; d < 3; d++)
			if (res.k[s][d] != in.sample[s][d])
				check_fail("coefficient %ld is at "
					   "(%ld,%ld,%ld), expected "
					   "(%ld,%ld,%ld)", s, res.k[s][0],
					   res.k[s][1], res.k[s][2],
					   in.sample[s][0], in.sample[s][1],
					   in.sample[s][2]);
	direct(&in, dft, &input_energy);
	want_energy = (double)(input_energy * (long double)a.n * a.n * a.n);
	if (!(fabs(res.energy - want_energy) <= TOLERANCE * want_energy))
		check_fail("energy is %.17g, expected %.17g (Parseval)",
			   res.energy, want_energy);
	rms = sqrt((double)input_energy);
	for (s = 0; s < FFTW_SAMPLES; s++)
		if (!(cabs(res.coef[s] - dft[s]) <= TOLERANCE * rms))
			check_fail("coefficient (%ld,%ld,%ld) is %.17g%+.17gi, "
				   "expected %.17g%+.17gi", in.sample[s][0],
				   in.sample[s][1], in.sample[s][2],
				   creal(res.coef[s]), cimag(res.coef[s]),
				   creal(dft[s]), cimag(dft[s]));
	printf("sp-fftw-check: ok (n %ld, reps %ld, seed %" PRIu64 ")\n",
	       a.n, a.reps, a.seed);
	fftw_input_free(&in);
	return 0;
}
