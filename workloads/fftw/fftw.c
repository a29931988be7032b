/* fftw.c - sp-fftw: the paper's FFTW workload, a 3-D complex forward FFT of
 * an n x n x n grid (out of place, double precision, FFTW_ESTIMATE plan,
 * one thread), repeated -r times; it reports a few DFT coefficients and the
 * output's energy for sp-fftw-check. */
#include <complex.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <fftw3.h>

#include "atomic_file.h"
#include "fftw_spec.h"

static int write_result(const struct fftw_args *a,
			const struct fftw_input *in, const fftw_complex *out,
			long double energy)
{
	struct atomic_file af;
	FILE *f = atomic_file_open(&af, "sp-fftw", a->path);
	long n = a->n, s;

	if (!f)
		return -1;
	fprintf(f, "format sp-fftw/1\nn %ld\nreps %ld\nseed %" PRIu64 "\n",
		n, a->reps, a->seed);
	fprintf(f, "energy %.17Le\n", energy);
	for (s = 0; s < FFTW_SAMPLES; s++) {
		const long *k = in->sample[s];
		double complex v = out[(k[0] * n + k[1]) * n + k[2]];

		fprintf(f, "coef %ld %ld %ld %.17e %.17e\n", k[0], k[1], k[2],
			creal(v), cimag(v));
	}
	return atomic_file_commit(&af);
}

int main(int argc, char **argv)
{
	struct fftw_input in;
	struct fftw_args a;
	fftw_complex *x, *y;
	long double energy = 0;
	size_t cells, i;
	fftw_plan plan;
	long r, ab;

	fftw_parse_args(argc, argv, 1, &a);
	cells = (size_t)a.n * (size_t)a.n * (size_t)a.n;
	x = fftw_malloc(cells * sizeof(*x));
	y = fftw_malloc(cells * sizeof(*y));
	if (!x || !y || fftw_input_init(&in, a.n, a.seed)) {
		fprintf(stderr, "sp-fftw: cannot allocate two %ld^3 grids\n",
			a.n);
		return 1;
	}
	plan = fftw_plan_dft_3d((int)a.n, (int)a.n, (int)a.n, x, y,
				FFTW_FORWARD,
				FFTW_ESTIMATE | FFTW_PRESERVE_INPUT);
	if (!plan) {
		fprintf(stderr, "sp-fftw: FFTW made no plan for %ld^3\n", a.n);
		return 1;
	}
	for (ab = 0; ab < a.n * a.n; ab++)
		fftw_input_row(&in, ab / a.n, ab % a.n, x + ab * a.n);
	for (r = 0; r < a.reps; r++)
		fftw_execute(plan);
	for (i = 0; i < cells; i++)
		energy += (long double)creal(y[i]) * creal(y[i]) +
			  (long double)cimag(y[i]) * cimag(y[i]);
	if (write_result(&a, &in, y, energy))
		return 1;
	fftw_destroy_plan(plan);
	fftw_free(x);
	fftw_free(y);
	fftw_input_free(&in);
	return 0;
}
