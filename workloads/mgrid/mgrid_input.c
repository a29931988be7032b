/* mgrid_input.c - reads the mgrid input file into what sp-mgrid hands its
 * Fortran solver: the coefficients and the charges, after checking that
 * the file was made for the grid, cycles and seed of the arguments. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mgrid_input.h"

static const char *read_all(FILE *f, const struct mgrid_args *a,
			    struct mgrid_input *in)
{
	static char why[160];
	char magic[16];
	long n, cycles;
	unsigned long long seed;
	char extra;

	if (fscanf(f, "%15s %ld %ld %llu", magic, &n, &cycles, &seed) != 4 ||
	    strcmp(magic, MGRID_INPUT_MAGIC))
		return "not an mgrid input file";
	if (n != a->n || cycles != a->cycles || seed != a->seed) {
		snprintf(why, sizeof(why), "made for -n %ld -c %ld -s %llu",
			 n, cycles, seed);
		return why;
	}
	for (int i = 0; i < 4; i++)
		if (fscanf(f, "%lf", &in->a[i]) != 1)
			return "bad coefficients of A";
	for (int i = 0; i < 4; i++)
		if (fscanf(f, "%lf", &in->c[i]) != 1)
			return "bad coefficients of C";
	if (fscanf(f, "%d", &in->nq) != 1 || in->nq < 1 ||
	    in->nq > MGRID_INPUT_CHARGES_MAX)
		return "bad number of charges";
	in->iq = malloc(sizeof(*in->iq) * (size_t)in->nq);
	in->q = malloc(sizeof(*in->q) * (size_t)in->nq);
	if (!in->iq || !in->q)
		return "out of memory";
	for (int i = 0; i < in->nq; i++) {
		int *p = in->iq[i];

		if (fscanf(f, "%d %d %d %lf", &p[0], &p[1], &p[2],
			   &in->q[i]) != 4)
			return "truncated charges";
		for (int d = 0; d < 3; d++)
			if (p[d] < 0 || p[d] >= n)
				return "a charge outside the grid";
	}
	if (fscanf(f, " %c", &extra) != EOF)
		return "text after the charges";
	return NULL;
}

const char *mgrid_read_input(const char *path, const struct mgrid_args *a,
			     struct mgrid_input *in)
{
	const char *why;
	FILE *f = fopen(path, "r");

	in->iq = NULL;
	in->q = NULL;
	if (!f)
		return strerror(errno);
	why = read_all(f, a, in);
	fclose(f);
	return why;
}
