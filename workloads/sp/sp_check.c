/* sp_check.c - sp-sp-check: verifies sp-sp's result file.  The reported
 * residual and error norms must be within the tolerances of sp_spec.h, and
 * at each of the sampled grid points (whose places the check derives from
 * the seed itself) all five values must match the manufactured solution,
 * computed here, to SP_ERROR_TOL. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sp_spec.h"

/* The next line, which must start with key; returns what follows. */
static char *next(FILE *f, const char *key)
{
	static char line[1024];
	size_t n = strlen(key);

	if (!fgets(line, sizeof(line), f))
		check_fail("result file truncated before '%s'", key);
	line[strcspn(line, "\n")] = 0;
	if (strncmp(line, key, n) || line[n] != ' ')
		check_fail("expected a '%s' line, got '%.40s'", key, line);
	return line + n + 1;
}

/* Reads count numbers from s into v; fails unless there are exactly so many
 * finite ones. */
static void numbers(char *s, double *v, int count, const char *key)
{
	char *end;

	for (int i = 0; i < count; i++) {
		v[i] = strtod(s, &end);
		if (end == s || !isfinite(v[i]))
			check_fail("bad or missing number %d in '%s'", i + 1,
				   key);
		s = end;
	}
	while (*s == ' ')
		s++;
	if (*s)
		check_fail("extra text in '%s'", key);
}

static void within(const double *v, int count, double tol, const char *key)
{
	for (int i = 0; i < count; i++)
		if (!(fabs(v[i]) <= tol))
			check_fail("%s of variable %d is %.3e, above %.0e",
				   key, i, v[i], tol);
}

int main(int argc, char **argv)
{
	struct sp_args a;
	double v[SP_VARS + 3], errmax, h;
	FILE *f;

	check_begin("sp-sp-check", NULL);
	sp_parse_args(argc, argv, 0, &a);
	h = 1.0 / (double)(a.n - 1);
	f = fopen(a.path, "r");
	if (!f)
		check_fail("cannot read %s", a.path);
	numbers(next(f, "n"), v, 1, "n");
	if (v[0] != a.n)
		check_fail("n is %g, should be %ld", v[0], a.n);
	numbers(next(f, "iters"), v, 1, "iters");
	if (v[0] != a.iters)
		check_fail("iters is %g, should be %ld", v[0], a.iters);
	{
		char *s = next(f, "seed");

		if (strtoull(s, NULL, 10) != a.seed)
			check_fail("seed is %s, should be %llu", s,
				   (unsigned long long)a.seed);
	}
	numbers(next(f, "residual_rms"), v, SP_VARS, "residual_rms");
	within(v, SP_VARS, SP_RESIDUAL_TOL, "residual_rms");
	numbers(next(f, "error_rms"), v, SP_VARS, "error_rms");
	within(v, SP_VARS, SP_ERROR_TOL, "error_rms");
	numbers(next(f, "error_max"), &errmax, 1, "error_max");
	within(&errmax, 1, SP_ERROR_TOL, "error_max");

	for (int s = 0; s < SP_SAMPLES; s++) {
		long ijk[3];

		sp_sample_point(a.seed, a.n, s, ijk);
		numbers(next(f, "sample"), v, SP_VARS + 3, "sample");
		if (v[0] != ijk[0] || v[1] != ijk[1] || v[2] != ijk[2])
			check_fail("sample %d is at (%g,%g,%g), "
				   "should be (%ld,%ld,%ld)", s, v[0], v[1],
				   v[2], ijk[0], ijk[1], ijk[2]);
		for (int m = 0; m < SP_VARS; m++) {
			double want = sp_exact(a.seed, m, ijk[0] * h,
					       ijk[1] * h, ijk[2] * h);
			double err = fabs(v[3 + m] - want);

			if (!(err <= SP_ERROR_TOL))
				check_fail("sample %d variable %d is %.17g, "
					   "exact %.17g", s, m, v[3 + m], want);
			if (err > errmax * (1 + 1e-5) + 1e-300)
				check_fail("sample %d error %.3e exceeds "
					   "reported error_max %.3e", s, err,
					   errmax);
		}
	}
	if (fgetc(f) != EOF)
		check_fail("extra lines after the samples");
	fclose(f);
	return 0;
}
