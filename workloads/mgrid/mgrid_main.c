/* mgrid_main.c - sp-mgrid, the mgrid workload's measured program: reads
 * the input file, lays out u, v and r in one block as SPEC's 172.mgrid
 * has them in COMMON (u and r over every level, v over the top one),
 * runs the Fortran solver (mgrid_solve.f90) and writes the top level of
 * u (the field file) and the residual norms of every V-cycle (the
 * result). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "mgrid_input.h"

#define PROG "sp-mgrid"

/* mgrid_setup.f90 and mgrid_solve.f90 */
void mgrid_layout(int n, int *lt, long *nr);
void mgrid_solve(int n, int nit, const double a[4], const double c[4],
		 int nq, const int (*iq)[3], const double *q, double *u,
		 double *v, double *r, double *hist, double *rnmu);

/* The top level's interior of u (m = n + 2 a side, ghosts included). */
static int write_field(const struct mgrid_args *a, const double *u)
{
	struct mgrid_field_head h;
	struct atomic_file af;
	long n = a->n, m = n + 2;
	FILE *f = atomic_file_open(&af, PROG, a->field);

	if (!f)
		return -1;
	memset(&h, 0, sizeof(h));
	memcpy(h.magic, MGRID_FIELD_MAGIC, sizeof(h.magic));
	h.n = (uint64_t)n;
	h.cycles = (uint64_t)a->cycles;
	h.seed = a->seed;
	fwrite(&h, sizeof(h), 1, f);
	for (long k = 1; k <= n; k++)
		for (long j = 1; j <= n; j++)
			fwrite(u + (k * m + j) * m + 1, sizeof(*u), (size_t)n,
			       f);
	return atomic_file_commit(&af);
}

static int write_result(const struct mgrid_args *a, const double *hist,
			double rnmu)
{
	struct atomic_file af;
	FILE *f = atomic_file_open(&af, PROG, a->path);

	if (!f)
		return -1;
	fprintf(f, "grid %ld\ncycles %ld\nseed %llu\n", a->n, a->cycles,
		(unsigned long long)a->seed);
	for (long it = 0; it <= a->cycles; it++)
		fprintf(f, "norm_%ld %.17g\n", it, hist[it]);
	fprintf(f, "max_residual %.17g\n", rnmu);
	return atomic_file_commit(&af);
}

int main(int argc, char **argv)
{
	struct mgrid_args a;
	struct mgrid_input in;
	const char *why;
	double *block, *hist, rnmu;
	long nr, nv;
	int lt;

	mgrid_parse_args(argc, argv, 2, &a);
	why = mgrid_read_input(a.input, &a, &in);
	if (why) {
		fprintf(stderr, PROG ": %s: %s\n", a.input, why);
		return 1;
	}
	mgrid_layout((int)a.n, &lt, &nr);
	nv = (a.n + 2) * (a.n + 2) * (a.n + 2);
	block = malloc(sizeof(*block) * (size_t)(2 * nr + nv));
	hist = malloc(sizeof(*hist) * (size_t)(a.cycles + 1));
	if (!block || !hist) {
		fprintf(stderr, PROG ": out of memory\n");
		return 1;
	}
	mgrid_solve((int)a.n, (int)a.cycles, in.a, in.c, in.nq,
		    (const int (*)[3])in.iq, in.q, block, block + nr,
		    block + nr + nv, hist, &rnmu);
	if (write_field(&a, block) || write_result(&a, hist, rnmu))
		return 1;
	return 0;
}
