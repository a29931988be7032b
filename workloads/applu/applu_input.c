/* applu_input.c - reads the applu input file into what sp-applu hands
 * its Fortran solver: the pseudo-time step, the relaxation factor and
 * the manufactured solution's coefficients, after checking that the file
 * was made for the grid, iterations and seed of the arguments. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "applu_input.h"

static const char *read_all(FILE *f, const struct applu_args *a,
			    struct applu_input *in)
{
	static char why[160];
	char magic[16], extra;
	long n, iters;
	unsigned long long seed;

	if (fscanf(f, "%15s %ld %ld %llu", magic, &n, &iters, &seed) != 4 ||
	    strcmp(magic, APPLU_INPUT_MAGIC))
		return "not an applu input file";
	if (n != a->n || iters != a->iters || seed != a->seed) {
		snprintf(why, sizeof(why), "made for -n %ld -t %ld -s %llu",
			 n, iters, seed);
		return why;
	}
	if (fscanf(f, "%lf %lf", &in->dt, &in->omega) != 2 ||
	    !(in->dt > 0 && in->dt < 1e6))
		return "bad time step";
	if (!(in->omega > 0 && in->omega < 2))
		return "the relaxation factor is not in (0, 2)";
	for (int m = 0; m < 5; m++)
		for (int t = 0; t < APPLU_TERMS; t++)
			if (fscanf(f, "%lf", &in->ce[m][t]) != 1 ||
			    !isfinite(in->ce[m][t]))
				return "bad coefficients";
	if (in->ce[0][0] <= 0)
		return "the density's constant term is not positive";
	if (fscanf(f, " %c", &extra) != EOF)
		return "text after the coefficients";
	return NULL;
}

const char *applu_read_input(const char *path, const struct applu_args *a,
			     struct applu_input *in)
{
	const char *why;
	FILE *f = fopen(path, "r");

	if (!f)
		return strerror(errno);
	why = read_all(f, a, in);
	fclose(f);
	return why;
}
