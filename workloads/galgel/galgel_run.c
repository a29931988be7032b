/* galgel_run.c - sp-galgel: the galgel workload's measured program.
 * Reads galgel.in (as SPEC's 178.galgel does), refuses one made for other
 * arguments, and calls the Fortran computation (galgel.f90), which hands
 * back each step of the Grashof sweep to be written here; the result
 * file's layout is galgel_spec.h's. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomic_file.h"
#include "galgel_input.h"
#include "galgel_solve.h"

#define PROG "sp-galgel"

int galgel_put_step(void *ctx, long k, double gr, long nsolve, double res,
		    long m, const double *x, const double *lre,
		    const double *lim, long nvec, const long *vidx,
		    const double *vre, const double *vim)
{
	FILE *f = ctx;

	fprintf(f, "step %ld %.17g %ld %.17g\n", k, gr, nsolve, res);
	for (long i = 0; i < m; i++)
		fprintf(f, "x %.17g\n", x[i]);
	for (long i = 0; i < m; i++)
		fprintf(f, "lambda %.17g %.17g\n", lre[i], lim[i]);
	for (long v = 0; v < nvec && vidx[v]; v++) {
		fprintf(f, "vector %ld\n", vidx[v]);
		for (long i = 0; i < m; i++)
			fprintf(f, "v %.17g %.17g\n", vre[v * m + i],
				vim[v * m + i]);
	}
	return ferror(f) ? -1 : 0;
}

static const char *const why[] = {
	[1] = "out of memory",
	[2] = "a basis could not be made",
	[3] = "Newton's method did not converge",
	[4] = "a Jacobian was singular",
	[5] = "the QZ iteration failed",
	[6] = "an eigenvalue was infinite",
	[7] = "cannot write the result",
};

/* The parameters of the input file into p, or exit 1 saying why. */
static void read_input(const struct galgel_args *a, struct galgel_params *p)
{
	struct galgel_params want;
	const char *what;
	FILE *f = fopen(a->input, "r");

	if (!f) {
		fprintf(stderr, PROG ": cannot open %s: %s\n", a->input,
			strerror(errno));
		exit(1);
	}
	if (galgel_input_read(f, p, &what)) {
		fprintf(stderr, PROG ": %s: bad or missing %s\n", a->input,
			what);
		exit(1);
	}
	fclose(f);
	if (galgel_params(a->nx, a->steps, a->seed, &want)) {
		fprintf(stderr, PROG ": out of memory\n");
		exit(1);
	}
	if (!galgel_params_equal(p, &want)) {
		fprintf(stderr, PROG ": %s was made for other arguments\n",
			a->input);
		exit(1);
	}
	free(want.gr);
}

int main(int argc, char **argv)
{
	struct galgel_params p;
	struct galgel_args a;
	struct atomic_file af;
	double critical[3];
	long fail;
	FILE *f;
	int rc;

	galgel_parse_args(argc, argv, 2, &a);
	read_input(&a, &p);
	f = atomic_file_open(&af, PROG, a.path);
	if (!f)
		return 1;
	fprintf(f, "nx %ld\nny %ld\norder %ld\nsteps %ld\nvectors %ld\n",
		p.nx, p.ny, 2 * p.nx * p.ny, p.steps, p.vectors);
	rc = galgel_run(p.nx, p.ny, p.pr, p.aspect, p.steps, p.gr,
			p.newton_tol, p.newton_max, p.vectors, f, &fail,
			critical);
	if (rc) {
		fclose(f);
		unlink(af.tmp);
		free(af.tmp);
		if (fail >= 0)
			fprintf(stderr, PROG ": at step %ld (Gr %g): %s\n",
				fail, p.gr[fail], why[rc]);
		else
			fprintf(stderr, PROG ": %s\n", why[rc]);
		return 1;
	}
	if (critical[0] > 0)
		fprintf(f, "critical %.17g %.17g\n", critical[1], critical[2]);
	else
		fprintf(f, "critical none\n");
	free(p.gr);
	return atomic_file_commit(&af) ? 1 : 0;
}
