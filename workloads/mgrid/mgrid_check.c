/* mgrid_check.c - sp-mgrid-check: verifies sp-mgrid's result and field
 * with mgrid_ref.c's own implementation: the first norm is the charges'
 * (sqrt(20 / n^3), from u = 0); the residual r = v - A u of the written
 * field, v made here from the seed, matches the reported last norm and
 * largest residual; every V-cycle cut the norm by MGRID_RHO at least,
 * down to the rounding floor; and the first MGRID_REPLAY cycles, run
 * here, give the reported norms. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mgrid_ref.h"
#include "mgrid_spec.h"

static double number(const char *key, const char *s)
{
	char *end;
	double x = strtod(s, &end);

	if (end == s || *end || !isfinite(x) || x < 0)
		check_fail("%s is %s, not a norm", key, s);
	return x;
}

/* The value of the result's next line, which must be "KEY VALUE". */
static const char *value(FILE *f, const char *key)
{
	static char line[256], got[64], val[64];
	char extra[2];

	if (!fgets(line, sizeof(line), f))
		check_fail("truncated: missing '%s'", key);
	line[strcspn(line, "\n")] = '\0';
	if (sscanf(line, "%63s %63s %1s", got, val, extra) != 2)
		check_fail("malformed line: %.64s", line);
	if (strcmp(got, key))
		check_fail("expected key '%s'", key);
	return val;
}

/* The result's norms: norms[0..cycles], then the largest residual. */
static void read_result(const struct mgrid_args *a, double *norms)
{
	char key[32], want[32];
	FILE *f = fopen(a->path, "r");

	if (!f)
		check_fail("cannot open: %s", strerror(errno));
	snprintf(want, sizeof(want), "%ld", a->n);
	check_expect("grid", value(f, "grid"), want);
	snprintf(want, sizeof(want), "%ld", a->cycles);
	check_expect("cycles", value(f, "cycles"), want);
	snprintf(want, sizeof(want), "%llu", (unsigned long long)a->seed);
	check_expect("seed", value(f, "seed"), want);
	for (long it = 0; it <= a->cycles; it++) {
		snprintf(key, sizeof(key), "norm_%ld", it);
		norms[it] = number(key, value(f, key));
	}
	norms[a->cycles + 1] = number("max_residual", value(f, "max_residual"));
	if (fgets(key, sizeof(key), f))
		check_fail("unexpected text after max_residual");
	fclose(f);
}

/* The field file's u, n^3 doubles, after its header is checked. */
static double *read_field(const struct mgrid_args *a)
{
	struct mgrid_field_head h;
	size_t count = (size_t)(a->n * a->n * a->n);
	double *u = malloc(count * sizeof(*u));
	FILE *f = fopen(a->field, "rb");

	if (!u)
		check_fail("out of memory");
	if (!f)
		check_fail("field %s: %s", a->field, strerror(errno));
	if (fread(&h, sizeof(h), 1, f) != 1 ||
	    memcmp(h.magic, MGRID_FIELD_MAGIC, sizeof(h.magic)))
		check_fail("field %s is not an mgrid field", a->field);
	if (h.n != (uint64_t)a->n || h.cycles != (uint64_t)a->cycles ||
	    h.seed != a->seed)
		check_fail("field %s is of other arguments", a->field);
	if (fread(u, sizeof(*u), count, f) != count)
		check_fail("field %s is truncated", a->field);
	if (fgetc(f) != EOF)
		check_fail("field %s is longer than its grid", a->field);
	fclose(f);
	for (size_t p = 0; p < count; p++)
		if (!isfinite(u[p]))
			check_fail("field %s holds a value that is not finite",
				   a->field);
	return u;
}

int main(int argc, char **argv)
{
	static const double A[4] = MGRID_A;
	struct mgrid_args a;
	double *norms, *replay, *u, *v, *r, rms, max, umax = 0, floor, first;
	double bound;
	long n3, last, k;

	mgrid_parse_args(argc, argv, 0, &a);
	check_begin("sp-mgrid-check", a.path);
	last = a.cycles;
	norms = malloc(sizeof(*norms) * (size_t)(a.cycles + 2));
	replay = malloc(sizeof(*replay) * (MGRID_REPLAY + 1));
	if (!norms || !replay)
		check_fail("out of memory");
	read_result(&a, norms);
	n3 = a.n * a.n * a.n;
	first = sqrt((double)MGRID_POINTS / (double)n3);
	if (fabs(norms[0] - first) > 1e-12 * first)
		check_fail("norm_0 is %.17g, the charges' is %.17g", norms[0],
			   first);

	u = read_field(&a);
	for (long p = 0; p < n3; p++)
		umax = fmax(umax, fabs(u[p]));
	/* rounding of r = v - A u: a few units of its largest terms */
	floor = MGRID_ROUND_ULPS * DBL_EPSILON * umax *
		(fabs(A[0]) + 6 * fabs(A[1]) + 12 * fabs(A[2]) + 8 * fabs(A[3]));
	v = ref_rhs(a.seed, a.n);
	r = malloc(sizeof(*r) * (size_t)n3);
	if (!r)
		check_fail("out of memory");
	rms = ref_resid(u, v, r, a.n, &max);
	free(r);
	free(u);
	if (fabs(rms - norms[last]) > MGRID_MATCH * norms[last] + floor)
		check_fail("the field's residual is %.6e, the result says "
			   "norm_%ld %.6e", rms, last, norms[last]);
	if (fabs(max - norms[last + 1]) > MGRID_MATCH * norms[last + 1] + floor)
		check_fail("the field's largest residual is %.6e, the result "
			   "says %.6e", max, norms[last + 1]);

	for (k = 1; k <= last; k++)
		if (norms[k] > MGRID_RHO * norms[k - 1] + floor)
			check_fail("cycle %ld cut the residual from %.6e only "
				   "to %.6e", k, norms[k - 1], norms[k]);
	bound = norms[0] * pow(MGRID_RHO, (double)last) + floor;
	if (rms > bound)
		check_fail("the field's residual %.6e is above %.6e", rms,
			   bound);

	k = last < MGRID_REPLAY ? last : MGRID_REPLAY;
	ref_solve(v, a.n, k, replay);
	for (long it = 1; it <= k; it++)
		if (fabs(replay[it] - norms[it]) >
		    MGRID_REPLAY_MATCH * replay[it] + floor)
			check_fail("norm_%ld is %.17g, the check's own V-cycles "
				   "give %.17g", it, norms[it], replay[it]);
	printf("ok grid %ld^3, %ld cycles: residual %.3e from %.3e (floor "
	       "%.1e), first %ld cycles replayed\n", a.n, a.cycles, rms,
	       norms[0], floor, k);
	return 0;
}
