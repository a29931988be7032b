/* apsi_main.c - sp-apsi, the apsi workload's measured program: reads
 * apsi.in, lays out the model's 3-D arrays in one block (SPEC's 301.apsi
 * has its own in COMMON), runs the Fortran model (apsi_model.f90) and
 * writes what it returns for sp-apsi-check: the records of sums, minima
 * and maxima, the diffusion probe's level, and the final temperature and
 * pressure on three levels. */
#include <stdio.h>
#include <stdlib.h>

#include "apsi_input.h"
#include "atomic_file.h"

#define PROG "sp-apsi"

/* apsi_model.f90 */
long apsi_par_bytes(void);
int apsi_model(const struct apsi_params *p, double *blk, double *rec,
	       long maxrec, long *nrec, double *probe, double *planes);

static void put_row(FILE *f, const char *key, long j, const double *x,
		    long n)
{
	fprintf(f, "%s %ld", key, j);
	for (long i = 0; i < n; i++)
		fprintf(f, " %.17g", x[i]);
	fputc('\n', f);
}

static int write_result(const struct apsi_args *a,
			const struct apsi_params *p, const double *rec,
			long nrec, const double *probe, const double *planes)
{
	long nx = p->nx, ny = p->ny, lev[APSI_PLANES];
	struct atomic_file af;
	FILE *f = atomic_file_open(&af, PROG, a->path);

	if (!f)
		return -1;
	fprintf(f, "nx %ld\nny %ld\nnz %ld\nsteps %ld\nmprint %ld\n"
		"nprobe %ld\n# record step theta_sum theta_min theta_max", nx,
		ny, (long)p->nz, (long)p->steps, (long)p->mprint,
		(long)p->nprobe);
	for (int s = 1; s <= APSI_SPECIES; s++)
		fprintf(f, " c%d_sum c%d_min c%d_max", s, s, s);
	fputc('\n', f);
	for (long r = 0; r < nrec; r++) {
		const double *x = rec + r * APSI_REC;

		fprintf(f, "record %ld", (long)x[0]);
		for (int k = 1; k < APSI_REC; k++)
			fprintf(f, " %.17g", x[k]);
		fputc('\n', f);
	}
	fprintf(f, "probe %ld\n", (long)p->probe[3]);
	for (long j = 0; j < ny; j++)
		put_row(f, "q", j + 1, probe + j * nx, nx);
	lev[0] = 1;
	lev[1] = (p->nz + 1) / 2;
	lev[2] = p->nz;
	for (int l = 0; l < APSI_PLANES; l++) {
		const double *th = planes + (size_t)(2 * l) * nx * ny;
		const double *pp = th + nx * ny;

		fprintf(f, "plane %ld\n", lev[l]);
		for (long j = 0; j < ny; j++)
			put_row(f, "theta", j + 1, th + j * nx, nx);
		for (long j = 0; j < ny; j++)
			put_row(f, "p", j + 1, pp + j * nx, nx);
	}
	return atomic_file_commit(&af);
}

int main(int argc, char **argv)
{
	struct apsi_params p;
	struct apsi_args a;
	const char *why;
	double *blk, *rec, *probe, *planes;
	long maxrec, nrec;
	size_t cells;
	int rc;

	apsi_parse_args(argc, argv, 2, &a);
	if (apsi_par_bytes() != (long)sizeof(p)) {
		fprintf(stderr, PROG ": the Fortran parameters are %ld bytes, "
			"not %zu\n", apsi_par_bytes(), sizeof(p));
		return 1;
	}
	why = apsi_read_input(a.input, &p);
	if (why) {
		fprintf(stderr, PROG ": %s: %s\n", a.input, why);
		return 1;
	}
	if (p.nx != a.n || p.ny != a.n || p.nz != APSI_NZ(a.n) ||
	    p.steps != a.steps || p.seed != a.seed || p.mprint < 1 ||
	    p.nprobe < 0 || p.probe[3] < 1 || p.probe[3] > p.nz) {
		fprintf(stderr, PROG ": %s: was made for other arguments\n",
			a.input);
		return 1;
	}
	for (int s = 0; s < APSI_SPECIES; s++)
		if (p.src[s][0] < 1 || p.src[s][0] > p.nx || p.src[s][1] < 1 ||
		    p.src[s][1] > p.ny || p.src[s][2] < 1 || p.src[s][2] > p.nz) {
			fprintf(stderr, PROG ": %s: a source is off the grid\n",
				a.input);
			return 1;
		}
	cells = (size_t)p.nx * (size_t)p.ny * (size_t)p.nz;
	maxrec = p.steps / p.mprint + 2;
	blk = malloc(APSI_ARRAYS * cells * sizeof(*blk));
	rec = malloc((size_t)maxrec * APSI_REC * sizeof(*rec));
	probe = malloc((size_t)p.nx * (size_t)p.ny * sizeof(*probe));
	planes = malloc(2 * APSI_PLANES * (size_t)p.nx * (size_t)p.ny *
			sizeof(*planes));
	if (!blk || !rec || !probe || !planes) {
		fprintf(stderr, PROG ": out of memory\n");
		return 1;
	}
	rc = apsi_model(&p, blk, rec, maxrec, &nrec, probe, planes);
	if (rc) {
		fprintf(stderr, PROG ": %s\n", rc == 1 ? "too many records" :
			"FFTW made no plan");
		return 1;
	}
	free(blk);
	return write_result(&a, &p, rec, nrec, probe, planes) ? 1 : 0;
}
