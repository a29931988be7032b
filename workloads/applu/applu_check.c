/* applu_check.c - sp-applu-check: verifies sp-applu's result and field
 * with applu_ref.c's own implementation: the faces hold the manufactured
 * solution of the seed; the residual of the written field, recomputed
 * here, matches the reported last one; its error against the
 * manufactured solution matches the reported error; the first residual
 * is the starting field's; the first APPLU_REPLAY iterations, run here
 * from it, give the reported residuals, and the field's error is below
 * the one they reach; and every iteration lowered the residual. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "applu_ref.h"
#include "applu_spec.h"
#include "check.h"

static const char *const part[5] = { "density", "x-momentum", "y-momentum",
				     "z-momentum", "energy" };

/* The next line of the result, which must be "KEY" and then count
 * values: the values in vals, or key's value as text in text. */
static void line(FILE *f, const char *key, int count, double *vals,
		 char *text)
{
	static char buf[512];
	char *s, *end, extra[2];

	if (!fgets(buf, sizeof(buf), f))
		check_fail("truncated: missing '%s'", key);
	buf[strcspn(buf, "\n")] = '\0';
	s = buf + strcspn(buf, " ");
	if ((size_t)(s - buf) != strlen(key) || strncmp(buf, key, strlen(key)))
		check_fail("expected key '%s'", key);
	if (text) {
		if (sscanf(s, " %63s %1s", text, extra) != 1)
			check_fail("malformed line: %.64s", buf);
		return;
	}
	for (int m = 0; m < count; m++) {
		vals[m] = strtod(s, &end);
		if (end == s || (*end && *end != ' '))
			check_fail("malformed line: %.64s", buf);
		if (!isfinite(vals[m]) || vals[m] < 0)
			check_fail("%s has %.30s, not a norm", key, s + 1);
		s = end;
	}
	if (*s)
		check_fail("malformed line: %.64s", buf);
}

static void expect(FILE *f, const char *key, unsigned long long want)
{
	char got[64], w[32];

	line(f, key, 0, NULL, got);
	snprintf(w, sizeof(w), "%llu", want);
	check_expect(key, got, w);
}

/* The result's norms: res[5 it + m] for it 0..iters, then err. */
static void read_result(const struct applu_args *a, double *res,
			double err[5])
{
	char key[32], extra[8];
	FILE *f = fopen(a->path, "r");

	if (!f)
		check_fail("cannot open: %s", strerror(errno));
	expect(f, "grid", (unsigned long long)a->n);
	expect(f, "iterations", (unsigned long long)a->iters);
	expect(f, "seed", (unsigned long long)a->seed);
	for (long it = 0; it <= a->iters; it++) {
		snprintf(key, sizeof(key), "residual_%ld", it);
		line(f, key, 5, res + 5 * it, NULL);
	}
	line(f, "error", 5, err, NULL);
	if (fgets(extra, sizeof(extra), f))
		check_fail("unexpected text after error");
	fclose(f);
}

/* The field file's u, 5 n^3 doubles, after its header is checked. */
static double *read_field(const struct applu_args *a)
{
	struct applu_field_head h;
	size_t count = 5 * (size_t)a->n * (size_t)a->n * (size_t)a->n;
	double *u = malloc(count * sizeof(*u));
	FILE *f = fopen(a->field, "rb");

	if (!u)
		check_fail("out of memory");
	if (!f)
		check_fail("field %s: %s", a->field, strerror(errno));
	if (fread(&h, sizeof(h), 1, f) != 1 ||
	    memcmp(h.magic, APPLU_FIELD_MAGIC, sizeof(h.magic)))
		check_fail("field %s is not an applu field", a->field);
	if (h.n != (uint64_t)a->n || h.iters != (uint64_t)a->iters ||
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

/* Every face point of u holds the manufactured solution. */
static void check_faces(const struct ref *p, const double *u)
{
	long n = p->n;

	for (long k = 0; k < n; k++)
		for (long j = 0; j < n; j++)
			for (long i = 0; i < n; i++) {
				const double *v = u + ((k * n + j) * n + i) * 5;
				double ue[5];

				if (i && j && k && i < n - 1 && j < n - 1 &&
				    k < n - 1)
					continue;
				ref_exact(p, i, j, k, ue);
				for (int m = 0; m < 5; m++)
					if (fabs(v[m] - ue[m]) >
					    1e3 * DBL_EPSILON * (1 + fabs(ue[m])))
						check_fail("face point (%ld,%ld,"
							   "%ld) has %s %.17g, "
							   "not %.17g", i, j, k,
							   part[m], v[m], ue[m]);
			}
}

static void match(const char *what, const double got[5],
		  const double want[5], double rel, double floor)
{
	for (int m = 0; m < 5; m++)
		if (!(fabs(got[m] - want[m]) <= rel * want[m] + floor))
			check_fail("%s: %s %.10e, the check's %.10e", what,
				   part[m], got[m], want[m]);
}

/* Each iteration lowered every residual (to rounding) and the whole
 * residual by APPLU_MIN_FALL at least, until it reached the floor. */
static void check_history(const double *res, long last, double floor)
{
	double prev = 0, now;

	for (int m = 0; m < 5; m++)
		prev += res[m] * res[m];
	prev = sqrt(prev);
	for (long it = 1; it <= last; it++) {
		const double *was = res + 5 * (it - 1), *is = res + 5 * it;

		now = 0;
		for (int m = 0; m < 5; m++) {
			if (is[m] > was[m] * (1 + APPLU_RISE) + floor)
				check_fail("iteration %ld raised the %s "
					   "residual from %.6e to %.6e", it,
					   part[m], was[m], is[m]);
			now += is[m] * is[m];
		}
		now = sqrt(now);
		if (now > prev * (1 - APPLU_MIN_FALL) && now > floor)
			check_fail("iteration %ld did not lower the residual "
				   "(%.6e to %.6e)", it, prev, now);
		prev = now;
	}
}

int main(int argc, char **argv)
{
	struct applu_args a;
	struct ref p;
	double *res, *u, *u0, *frct, *r, *replay, err[5], own[5], err0[5];
	double fscale, rscale, size, floor, efloor;
	size_t count;
	long last, k;
	char what[64];

	applu_parse_args(argc, argv, 0, &a);
	check_begin("sp-applu-check", a.path);
	last = a.iters;
	res = malloc(sizeof(*res) * 5 * (size_t)(last + 1));
	replay = malloc(sizeof(*replay) * 5 * APPLU_REPLAY);
	if (!res || !replay)
		check_fail("out of memory");
	read_result(&a, res, err);
	u = read_field(&a);

	p.n = a.n;
	p.dt = APPLU_DT;
	p.omega = APPLU_OMEGA;
	applu_coefficients(a.seed, p.ce);
	check_faces(&p, u);

	count = 5 * (size_t)(a.n * a.n * a.n);
	u0 = malloc(sizeof(*u0) * count);
	frct = malloc(sizeof(*frct) * count);
	r = malloc(sizeof(*r) * count);
	if (!u0 || !frct || !r)
		check_fail("out of memory");
	ref_forcing(&p, u0, frct, &fscale);

	/* the written field: its residual and its error */
	ref_residual(&p, u, frct, r, own, &rscale);
	floor = APPLU_ROUND_ULPS * DBL_EPSILON * (fscale + rscale);
	snprintf(what, sizeof(what), "residual_%ld is not the field's", last);
	match(what, res + 5 * last, own, APPLU_MATCH, floor);
	ref_error(&p, u, own, &size);
	efloor = APPLU_ROUND_ULPS * DBL_EPSILON * size;
	match("the error is not the field's", err, own, APPLU_MATCH, efloor);

	/* the starting field's residual, then the check's own first
	 * iterations from it: the error must have fallen below theirs */
	ref_initial(&p, u0);
	ref_residual(&p, u0, frct, r, own, &rscale);
	match("residual_0 is not the starting field's", res, own, APPLU_MATCH,
	      floor);
	ref_error(&p, u0, err0, &size);
	k = last < APPLU_REPLAY ? last : APPLU_REPLAY;
	ref_ssor(&p, u0, frct, r, k, replay);
	ref_error(&p, u0, own, &size);
	for (int m = 0; m < 5; m++)
		if (err[m] > own[m] * (1 + APPLU_MATCH) + efloor)
			check_fail("the %s error %.6e is above %.6e, the "
				   "check's own after %ld iterations", part[m],
				   err[m], own[m], k);
	check_history(res, last, floor);
	for (long it = 1; it <= k; it++) {
		snprintf(what, sizeof(what), "residual_%ld is not the "
			 "replay's", it);
		match(what, res + 5 * it, replay + 5 * (it - 1),
		      APPLU_REPLAY_MATCH, floor);
	}
	printf("ok grid %ld^3, %ld iterations: error %.3e from %.3e (energy; "
	       "%.3e after the %ld replayed), residual %.3e from %.3e\n",
	       a.n, a.iters, err[4], err0[4], own[4], k, res[5 * last + 4],
	       res[4]);
	return 0;
}
