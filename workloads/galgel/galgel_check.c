/* galgel_check.c - sp-galgel-check: judges sp-galgel's sweep without its
 * code.  The input must be the one sp-galgel-gen makes of the arguments
 * and the result a run of it.  Then, with a Galerkin system of its own
 * (galgel_model.c: exact Chebyshev integrals where sp-galgel uses
 * quadrature, the quadratic terms contracted factor by factor where
 * sp-galgel holds n^3 arrays), at every step: the written state solves
 * F(x) = 0 to rounding; the written eigenvalues are all of them (their
 * sum is trace(B^-1 J)), sorted, in conjugate pairs; each written
 * eigenvector v and its eigenvalue lambda satisfy J v = lambda B v to
 * rounding.  At step 0 (Gr = 0) the temperature's modes must show the
 * analytic spectrum within the discretization bound galgel_bound.c
 * derives; and the critical line must follow from the leading
 * eigenvalues. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "galgel_bound.h"
#include "galgel_input.h"
#include "galgel_model.h"
#include "galgel_result.h"

/* |F| against the sum of its terms' sizes (Newton's last step was below
 * 1e-11 of the state, so F is rounding: ~1e-16 here); eigenpair residuals
 * against (|J| + |lambda| |B|) |v| (Frobenius and 2-norms), QZ's backward
 * error, within PAIR_ULPS m units of roundoff for order m (~1e-16 here,
 * as LAPACK's tests bound it); the eigenvalues' sum against trace(B^-1 J),
 * relative to the sum of their moduli (~1e-12 here). */
#define TOL_F 1e-12
#define PAIR_ULPS 10.0
#define ROUNDOFF 0x1p-53
#define TOL_TRACE 1e-10
/* The analytic modes: those whose bound is within this of the exact
 * value, each Galerkin eigenvalue within rounding (SLACK) of its
 * interval; the eigenvalues taken as real when |Im| is below REAL_TOL
 * |Re|. */
#define MODE_GAP 1e-2
#define SLACK 1e-9
#define REAL_TOL 1e-6
#define CRIT_TOL 1e-9

struct worst {
	double f, pair, trace;
	long modes;
};

static void *alloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		check_fail("out of memory");
	return p;
}

static void read_input(const struct galgel_args *a, struct galgel_params *want)
{
	struct galgel_params got;
	const char *what;
	FILE *f = fopen(a->input, "r");

	if (!f)
		check_fail("cannot open the input %s", a->input);
	if (galgel_input_read(f, &got, &what))
		check_fail("the input %s: bad or missing %s", a->input, what);
	fclose(f);
	if (galgel_params(a->nx, a->steps, a->seed, want))
		check_fail("out of memory");
	if (!galgel_params_equal(&got, want))
		check_fail("the input %s was not made for -n %ld -t %ld -s %"
			   PRIu64, a->input, a->nx, a->steps, a->seed);
	free(got.gr);
}

/* The state solves the Galerkin equations: |F| within rounding of its
 * terms, and the reported max |F| is F's. */
static void check_state(const struct galgel_step *st, const double *f,
			const double *fsize, long m, struct worst *w)
{
	double big = 0, size = 0;

	for (long i = 0; i < m; i++) {
		if (fabs(f[i]) > big)
			big = fabs(f[i]);
		if (fsize[i] > size)
			size = fsize[i];
	}
	if (!(big <= TOL_F * size))
		check_fail("step %ld: the state does not solve the Galerkin "
			   "equations: max |F| %.3g, %.3g of their terms",
			   st->k, big, big / size);
	if (!(st->res >= 0 && fabs(st->res - big) <= TOL_F * size))
		check_fail("step %ld: the residual is %.17g, F's is %.17g",
			   st->k, st->res, big);
	if (size > 0 && big / size > w->f)
		w->f = big / size;
}

/* All eigenvalues: sorted, complex ones in conjugate pairs, their sum the
 * trace of B^-1 J. */
static void check_spectrum(const struct galgel_step *st, long m, double trace,
			   struct worst *w)
{
	double sum = 0, mod = 0, d;

	for (long i = 0; i < m; i++) {
		double re = st->lre[i], im = st->lim[i];

		if (i && (st->lre[i - 1] < re ||
			  (st->lre[i - 1] == re && st->lim[i - 1] < im)))
			check_fail("step %ld: eigenvalue %ld is not in order",
				   st->k, i + 1);
		if (im > 0 && (i + 1 == m || st->lre[i + 1] != re ||
			       st->lim[i + 1] != -im))
			check_fail("step %ld: eigenvalue %ld has no conjugate "
				   "after it", st->k, i + 1);
		if (im < 0 && (i == 0 || st->lre[i - 1] != re ||
			       st->lim[i - 1] != -im))
			check_fail("step %ld: eigenvalue %ld has no conjugate "
				   "before it", st->k, i + 1);
		sum += re;
		mod += hypot(re, im);
	}
	d = fabs(sum - trace);
	if (!(d <= TOL_TRACE * mod))
		check_fail("step %ld: the eigenvalues sum to %.17g, "
			   "trace(B^-1 J) is %.17g", st->k, sum, trace);
	if (d / mod > w->trace)
		w->trace = d / mod;
}

/* The written eigenvectors: of the leading eigenvalues with Im >= 0, in
 * order, scaled to a largest entry of 1, and J v = lambda B v. */
static void check_vectors(const struct galgel_step *st,
			  const struct galgel_model *md, const double *jac,
			  long vectors, double *tmp, struct worst *w)
{
	long m = md->m, want = 0, place = 0;
	double jnorm = 0, bnorm = galgel_model_mass_norm(md);
	double *br = tmp, *bi = tmp + m;

	for (long i = 0; i < m * m; i++)
		jnorm += jac[i] * jac[i];
	jnorm = sqrt(jnorm);
	for (long i = 0; i < m; i++)
		if (st->lim[i] >= 0 && want < vectors)
			want++;
	if (st->nvec != want)
		check_fail("step %ld: %ld eigenvectors, expected %ld", st->k,
			   st->nvec, want);
	for (long v = 0; v < st->nvec; v++) {
		const double *vr = st->vre + v * m, *vi = st->vim + v * m;
		double lr, li, big = 0, r2 = 0, v2 = 0, ratio;
		int one = 0;

		while (st->lim[place] < 0)
			place++;
		if (st->vidx[v] != place + 1)
			check_fail("step %ld: eigenvector %ld is of eigenvalue "
				   "%ld, expected %ld", st->k, v + 1,
				   st->vidx[v], place + 1);
		lr = st->lre[place];
		li = st->lim[place];
		place++;
		for (long i = 0; i < m; i++) {
			double a = hypot(vr[i], vi[i]);

			if (a > big)
				big = a;
			if (vr[i] == 1 && vi[i] == 0)
				one = 1;
			v2 += a * a;
		}
		if (!one || !(big <= 1 + 1e-12))
			check_fail("step %ld: eigenvector %ld is not scaled to "
				   "a largest entry of 1", st->k, v + 1);
		galgel_model_mass(md, vr, br);
		galgel_model_mass(md, vi, bi);
		for (long q = 0; q < m; q++) {
			const double *row = jac + q * m;
			double jr = 0, ji = 0, rr, ri;

			for (long p = 0; p < m; p++) {
				jr += row[p] * vr[p];
				ji += row[p] * vi[p];
			}
			rr = jr - lr * br[q] + li * bi[q];
			ri = ji - lr * bi[q] - li * br[q];
			r2 += rr * rr + ri * ri;
		}
		ratio = sqrt(r2) / ((jnorm + hypot(lr, li) * bnorm) *
				    sqrt(v2));
		if (!(ratio <= PAIR_ULPS * (double)m * ROUNDOFF))
			check_fail("step %ld: eigenvector %ld and eigenvalue "
				   "%.17g%+.17gi miss J v = lambda B v by %.3g",
				   st->k, v + 1, lr, li, ratio);
		if (ratio > w->pair)
			w->pair = ratio;
	}
}

static int by_exact(const void *a, const void *b)
{
	const struct galgel_mode *x = a, *y = b;

	return x->exact < y->exact ? 1 : x->exact > y->exact ? -1 : 0;
}

/* Step 0: rest, and the temperature's analytic modes.  Every group of
 * modes whose intervals [bound, exact] overlap needs as many real
 * eigenvalues in their union. */
static void check_rest(const struct galgel_step *st, const struct galgel_head *h,
		       double pr, double aspect, struct worst *w)
{
	long mx = h->nx / 3 > 2 ? h->nx / 3 : 2;
	long ky = h->ny / 3 > 1 ? h->ny / 3 : 1, nm = 0;
	struct galgel_mode *mode = alloc((size_t)(mx * (ky + 1)),
					 sizeof(*mode));

	if (st->gr != 0 || st->newton != 1 || st->res != 0)
		check_fail("step 0 is not at rest at Gr = 0 in one Newton "
			   "step");
	for (long i = 0; i < h->order; i++)
		if (st->x[i] != 0)
			check_fail("step 0: the state at Gr = 0 is not rest");
	if (galgel_bound_modes(h->nx, h->ny, pr, aspect, mx, ky, mode))
		check_fail("the analytic bounds could not be computed");
	for (long i = 0; i < mx * (ky + 1); i++)
		if ((mode[i].exact - mode[i].bound) <= MODE_GAP *
		    fabs(mode[i].exact))
			mode[nm++] = mode[i];
	qsort(mode, (size_t)nm, sizeof(*mode), by_exact);
	for (long g = 0; g < nm;) {
		double hi = mode[g].exact * (1 - SLACK);
		double lo = mode[g].bound * (1 + SLACK);
		long e = g + 1, count = 0;

		while (e < nm && mode[e].exact * (1 - SLACK) >= lo) {
			if (mode[e].bound * (1 + SLACK) < lo)
				lo = mode[e].bound * (1 + SLACK);
			e++;
		}
		for (long i = 0; i < h->order; i++)
			if (fabs(st->lim[i]) <= REAL_TOL * fabs(st->lre[i]) &&
			    st->lre[i] >= lo && st->lre[i] <= hi)
				count++;
		if (count < e - g)
			check_fail("at Gr = 0, %ld eigenvalues in [%.10g, "
				   "%.10g], expected %ld: the temperature mode "
				   "(%ld, %ld), analytic %.10g", count, lo, hi,
				   e - g, mode[g].m, mode[g].k, mode[g].exact);
		g = e;
	}
	if (nm < 2)
		check_fail("fewer than two analytic modes resolved at nx %ld",
			   h->nx);
	w->modes = nm;
	free(mode);
}

int main(int argc, char **argv)
{
	struct galgel_params want;
	struct galgel_args a;
	struct galgel_head h;
	struct galgel_step st = { 0 };
	struct galgel_reader *rd;
	struct galgel_model md;
	struct worst w = { 0 };
	double *f, *fsize, *jac, *tmp, *lead, *freq;
	double cgr = 0, cfreq = 0;
	int found = 0, want_found = 0;
	long k, m;

	galgel_parse_args(argc, argv, 0, &a);
	check_begin("sp-galgel-check", a.path);
	read_input(&a, &want);
	rd = galgel_result_open(a.path, &h);
	if (h.nx != want.nx || h.ny != want.ny || h.steps != want.steps ||
	    h.vectors != want.vectors)
		check_fail("a run of nx %ld ny %ld, %ld steps, %ld vectors, not "
			   "of -n %ld -t %ld", h.nx, h.ny, h.steps, h.vectors,
			   a.nx, a.steps);
	if (galgel_model_init(&md, h.nx, h.ny, want.pr, want.aspect))
		check_fail("the Galerkin system could not be built");
	m = md.m;
	f = alloc((size_t)m, sizeof(*f));
	fsize = alloc((size_t)m, sizeof(*fsize));
	jac = alloc((size_t)(m * m), sizeof(*jac));
	tmp = alloc((size_t)(2 * m), sizeof(*tmp));
	lead = alloc((size_t)h.steps, sizeof(*lead));
	freq = alloc((size_t)h.steps, sizeof(*freq));
	for (k = 0; galgel_result_step(rd, &st, &found, &cgr, &cfreq); k++) {
		if (k == h.steps)
			check_fail("more steps than %ld", h.steps);
		if (st.k != k || st.gr != want.gr[k])
			check_fail("step %ld at Gr %.17g, expected step %ld at "
				   "Gr %.17g", st.k, st.gr, k, want.gr[k]);
		if (st.newton < 1)
			check_fail("step %ld: %ld Newton steps", k, st.newton);
		galgel_model_eval(&md, st.gr, st.x, f, fsize, jac);
		check_state(&st, f, fsize, m, &w);
		check_spectrum(&st, m, galgel_model_trace(&md, jac), &w);
		check_vectors(&st, &md, jac, h.vectors, tmp, &w);
		if (k == 0)
			check_rest(&st, &h, want.pr, want.aspect, &w);
		lead[k] = st.lre[0];
		freq[k] = fabs(st.lim[0]);
	}
	if (k < h.steps)
		check_fail("%ld steps, expected %ld", k, h.steps);
	for (k = 1; k < h.steps; k++)
		if (lead[k - 1] < 0 && lead[k] >= 0) {
			double t = -lead[k - 1] / (lead[k] - lead[k - 1]);
			double g = want.gr[k - 1] + t * (want.gr[k] -
							 want.gr[k - 1]);
			double fr = freq[k - 1] + t * (freq[k] - freq[k - 1]);

			want_found = 1;
			if (!found || fabs(cgr - g) > CRIT_TOL * g ||
			    fabs(cfreq - fr) > CRIT_TOL * fabs(fr) + 1e-12)
				check_fail("the critical line should say Gr "
					   "%.17g, frequency %.17g", g, fr);
			break;
		}
	if (found && !want_found)
		check_fail("a critical Gr is given, but the leading eigenvalue "
			   "never turns non-negative");
	printf("ok %ld steps of order %ld; max |F| %.2g of its terms, "
	       "eigenpair residuals to %.2g, traces to %.2g, %ld analytic "
	       "modes within their bounds at Gr = 0; ", h.steps, m, w.f,
	       w.pair, w.trace, w.modes);
	if (found)
		printf("critical Gr %.6g, frequency %.6g\n", cgr, cfreq);
	else
		printf("no critical Gr\n");
	galgel_result_close(rd, &st);
	galgel_model_free(&md);
	free(want.gr);
	free(f);
	free(fsize);
	free(jac);
	free(tmp);
	free(lead);
	free(freq);
	return 0;
}
