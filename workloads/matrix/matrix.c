/* matrix.c - sp-matrix: the paper's non-blocked transposition of an N x N
 * matrix of doubles, repeated; it reads A by rows and writes B by columns,
 * so every store of a row of A lands on a different page of B. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "atomic_file.h"
#include "matrix_spec.h"

static void transpose(const double *a, double *b, long n)
{
	long i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			b[j * n + i] = a[i * n + j];
}

static uint64_t matrix_hash(const double *m, long n)
{
	uint64_t h = 0;
	long i;

	for (i = 0; i < n * n; i++)
		h += matrix_hash_term(m[i], (uint64_t)i);
	return h;
}

static int write_result(const char *path, const struct matrix_args *a,
			uint64_t hash_b, uint64_t hash_a)
{
	struct atomic_file af;
	FILE *f = atomic_file_open(&af, "sp-matrix", path);

	if (!f)
		return -1;
	fprintf(f, "format sp-matrix/1\n");
	fprintf(f, "n %ld\nreps %ld\n", a->n, a->reps);
	fprintf(f, "hash_b %016llx\nhash_a %016llx\n",
		(unsigned long long)hash_b, (unsigned long long)hash_a);
	return atomic_file_commit(&af);
}

int main(int argc, char **argv)
{
	struct matrix_args a;
	double *ma, *mb;
	long i, j, r;

	matrix_parse_args(argc, argv, 1, &a);
	ma = malloc((size_t)a.n * (size_t)a.n * sizeof(double));
	mb = malloc((size_t)a.n * (size_t)a.n * sizeof(double));
	if (!ma || !mb) {
		fprintf(stderr, "sp-matrix: cannot allocate two %ldx%ld matrices\n",
			a.n, a.n);
		return 1;
	}
	for (i = 0; i < a.n; i++)
		for (j = 0; j < a.n; j++)
			ma[i * a.n + j] = matrix_elem(i, j);
	for (r = 0; r < a.reps; r++) {
		transpose(ma, mb, a.n);
		/* Keeps each repetition a real pass over memory. */
		__asm__ __volatile__("" : : "r"(mb) : "memory");
	}
	if (write_result(a.path, &a, matrix_hash(mb, a.n),
			 matrix_hash(ma, a.n)))
		return 1;
	free(ma);
	free(mb);
	return 0;
}
