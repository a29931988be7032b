/* applu_main.c - sp-applu, the applu workload's measured program: reads
 * the input file, lays out u, rsd, frct, flux and the block Jacobians a,
 * b, c, d in one block as SPEC's 173.applu has them in COMMON, runs the
 * Fortran SSOR solver (applu_ssor.f90) and writes u (the field file) and
 * the residual norms of every iteration with the final error (the
 * result). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "applu_input.h"
#include "atomic_file.h"

#define PROG "sp-applu"

/* applu_ssor.f90 */
void applu_solve(int n, int itmax, double dt, double omega,
		 const double ce[5][APPLU_TERMS], double *u, double *rsd,
		 double *frct, double *flux, double *a, double *b, double *c,
		 double *d, double *tv, double *hist, double *errnm);

static int write_field(const struct applu_args *a, const double *u)
{
	struct applu_field_head h;
	struct atomic_file af;
	size_t count = 5 * (size_t)a->n * (size_t)a->n * (size_t)a->n;
	FILE *f = atomic_file_open(&af, PROG, a->field);

	if (!f)
		return -1;
	memset(&h, 0, sizeof(h));
	memcpy(h.magic, APPLU_FIELD_MAGIC, sizeof(h.magic));
	h.n = (uint64_t)a->n;
	h.iters = (uint64_t)a->iters;
	h.seed = a->seed;
	fwrite(&h, sizeof(h), 1, f);
	fwrite(u, sizeof(*u), count, f);
	return atomic_file_commit(&af);
}

static void norms(FILE *f, const char *key, const double *v)
{
	fprintf(f, "%s", key);
	for (int m = 0; m < 5; m++)
		fprintf(f, " %.17g", v[m]);
	fputc('\n', f);
}

static int write_result(const struct applu_args *a, const double *hist,
			const double *errnm)
{
	struct atomic_file af;
	char key[32];
	FILE *f = atomic_file_open(&af, PROG, a->path);

	if (!f)
		return -1;
	fprintf(f, "grid %ld\niterations %ld\nseed %llu\n", a->n, a->iters,
		(unsigned long long)a->seed);
	for (long it = 0; it <= a->iters; it++) {
		snprintf(key, sizeof(key), "residual_%ld", it);
		norms(f, key, hist + 5 * it);
	}
	norms(f, "error", errnm);
	return atomic_file_commit(&af);
}

int main(int argc, char **argv)
{
	struct applu_args a;
	struct applu_input in;
	const char *why;
	double *block, *hist, errnm[5];
	size_t pts, plane;

	applu_parse_args(argc, argv, 2, &a);
	why = applu_read_input(a.input, &a, &in);
	if (why) {
		fprintf(stderr, PROG ": %s: %s\n", a.input, why);
		return 1;
	}
	pts = (size_t)a.n * (size_t)a.n * (size_t)a.n;
	plane = (size_t)a.n * (size_t)a.n;
	/* u, rsd, frct, flux; a, b, c, d; buts's plane tv */
	block = malloc(sizeof(*block) * ((APPLU_FIELD_DOUBLES +
					  APPLU_BLOCK_DOUBLES) * pts + 5 * plane));
	hist = malloc(sizeof(*hist) * 5 * (size_t)(a.iters + 1));
	if (!block || !hist) {
		fprintf(stderr, PROG ": out of memory\n");
		return 1;
	}
	applu_solve((int)a.n, (int)a.iters, in.dt, in.omega,
		    (const double (*)[APPLU_TERMS])in.ce, block,
		    block + 5 * pts, block + 10 * pts, block + 15 * pts,
		    block + 20 * pts, block + 45 * pts, block + 70 * pts,
		    block + 95 * pts, block + 120 * pts, hist, errnm);
	if (write_field(&a, block) || write_result(&a, hist, errnm))
		return 1;
	return 0;
}
