/* wupwise_run.c - sp-wupwise: the wupwise workload's measured program.
 * Reads the input file sp-wupwise-gen wrote (as SPEC's wupwise reads
 * wupwise.in), refuses one made for other arguments, and calls the
 * Fortran solver (wupwise.f90), which calls back here for the seeded
 * gauge field and source and to write the solution file (wupwise_spec.h)
 * whole. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "wupwise_input.h"
#include "wupwise_layout.h"
#include "wupwise_solve.h"

#define PROG "sp-wupwise"

struct run {
	struct wup_params p;
	const char *path;
};

void wup_fill_gauge(void *ctx, double complex *u)
{
	struct run *r = ctx;

	wup_gauge_eo(r->p.dims, r->p.seed, u);
}

void wup_fill_source(void *ctx, double complex *be, double complex *bo)
{
	struct run *r = ctx;

	wup_source_eo(r->p.dims, r->p.seed, be, bo);
}

int wup_write(void *ctx, const double complex *xe, const double complex *xo,
	      int iters, double res)
{
	struct run *r = ctx;
	struct wup_head h;
	struct atomic_file af;
	size_t nh = (size_t)wup_sites(r->p.dims) / 2;
	FILE *f;

	memset(&h, 0, sizeof(h));
	memcpy(h.magic, WUP_MAGIC, sizeof(h.magic));
	for (int mu = 0; mu < 4; mu++)
		h.dims[mu] = r->p.dims[mu];
	h.seed = r->p.seed;
	h.kappa = r->p.kappa;
	h.tol = r->p.tol;
	h.iterations = iters;
	h.residual = res;
	f = atomic_file_open(&af, PROG, r->path);
	if (!f)
		return -1;
	fwrite(&h, sizeof(h), 1, f);
	fwrite(xe, sizeof(*xe), 12 * nh, f);
	fwrite(xo, sizeof(*xo), 12 * nh, f);
	return atomic_file_commit(&af);
}

/* The parameters of the input file into r->p, or exit 1 saying why. */
static void read_input(const struct wup_args *a, struct run *r)
{
	struct wup_params want;
	const char *what;
	FILE *f = fopen(a->input, "r");

	if (!f) {
		fprintf(stderr, PROG ": cannot open %s: %s\n", a->input,
			strerror(errno));
		exit(1);
	}
	if (wup_input_read(f, &r->p, &what)) {
		fprintf(stderr, PROG ": %s: bad or missing %s\n", a->input,
			what);
		exit(1);
	}
	fclose(f);
	wup_params_of(a, &want);
	if (memcmp(r->p.dims, want.dims, sizeof(want.dims)) ||
	    r->p.seed != want.seed) {
		fprintf(stderr, PROG ": %s was made for a %dx%dx%dx%d lattice "
			"and seed %" PRIu64 "\n", a->input, r->p.dims[0],
			r->p.dims[1], r->p.dims[2], r->p.dims[3], r->p.seed);
		exit(1);
	}
	if (!(r->p.kappa > 0 && r->p.kappa < 0.25 && r->p.tol > 0 &&
	      r->p.maxiter > 0)) {
		fprintf(stderr, PROG ": %s: kappa, tolerance or iterations "
			"out of range\n", a->input);
		exit(1);
	}
}

int main(int argc, char **argv)
{
	struct wup_args a;
	struct run r;
	int rc;

	wup_parse_args(argc, argv, 2, &a);
	read_input(&a, &r);
	r.path = a.path;
	rc = wupwise_run(r.p.dims, r.p.kappa, r.p.tol, r.p.maxiter, &r);
	if (rc == 1)
		fprintf(stderr, PROG ": out of memory\n");
	else if (rc == 2)
		fprintf(stderr, PROG ": no convergence to %g in %d "
			"iterations\n", r.p.tol, r.p.maxiter);
	return rc ? 1 : 0;
}
