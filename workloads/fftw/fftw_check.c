/* fftw_check.c - sp-fftw-check: verifies sp-fftw's result file without FFTW.
 * It evaluates the reported DFT coefficients directly from the input
 * formula, sum over the grid of x[a][b][c] e^{-2 pi i k.(a,b,c)/n}, and the
 * energy by Parseval (sum |X|^2 = n^3 sum |x|^2), and compares them within
 * a tolerance relative to the spectrum's RMS size. */
#include <complex.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fftw_spec.h"

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
	char line[512], format[32], extra[2];
	FILE *f = fopen(path, "r");
	int nline = 0;

	if (!f)
		check_fail("cannot open: %s", strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		int s = nline - 5, ok;
		double re, im;

		if (!strchr(line, '\n'))
			check_fail("line %d is too long or unterminated",
				   nline + 1);
		*strchr(line, '\n') = '\0';
		switch (nline) {
		case 0:
			ok = sscanf(line, "format %31s %1s", format, extra) == 1 &&
			     !strcmp(format, "sp-fftw/1");
			break;
		case 1:
			ok = sscanf(line, "n %ld %1s", &res->n, extra) == 1;
			break;
		case 2:
			ok = sscanf(line, "reps %ld %1s", &res->reps, extra) == 1;
			break;
		case 3:
			ok = sscanf(line, "seed %" SCNu64 " %1s", &res->seed,
				    extra) == 1;
			break;
		case 4:
			ok = sscanf(line, "energy %lf %1s", &res->energy,
				    extra) == 1;
			break;
		default:
			ok = s < FFTW_SAMPLES &&
			     sscanf(line, "coef %ld %ld %ld %lf %lf %1s",
				    &res->k[s][0], &res->k[s][1],
				    &res->k[s][2], &re, &im, extra) == 5;
			if (ok)
				res->coef[s] = re + im * I;
		}
		if (!ok)
			check_fail("unexpected line %d: %.60s", nline + 1,
				   line);
		nline++;
	}
	fclose(f);
	if (nline < NLINES)
		check_fail("truncated: %d of %d lines", nline, NLINES);
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
