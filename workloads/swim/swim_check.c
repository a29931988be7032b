/* swim_check.c - sp-swim-check: judges sp-swim's records without its
 * code.  The input must be the one sp-swim-gen makes of the arguments; the
 * records must be of steps 0, MPRINT, 2 MPRINT, ... and the last.  Then
 * what the scheme conserves: total mass (the sum of P) exactly but for
 * rounding, to a bound from the grid and the step; potential enstrophy
 * and energy approximately, to tolerances from the grid and the step.  And
 * a second model: swim_ref.c, the same scheme written again in C,
 * recomputes every record up to a budget of grid points times steps (all
 * of them at the test sizes), which must agree to 1e-10. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "swim_files.h"
#include "swim_ref.h"

/* Grid points times steps the C model recomputes: a whole run up to about
 * 400 x 400 by 300 steps; the first 28 steps of SPEC's 1335 x 1335. */
#define REF_BUDGET 50000000.0
#define REF_RTOL 1e-10

/* The unit roundoff of doubles. */
#define ROUNDOFF 0x1p-53

static const char *const names[] = SWIM_REC_NAMES;

static int same_params(const struct swim_params *a,
		       const struct swim_params *b)
{
	if (a->n1 != b->n1 || a->n2 != b->n2 || a->itmax != b->itmax ||
	    a->mprint != b->mprint || a->dt != b->dt || a->dx != b->dx ||
	    a->dy != b->dy || a->a != b->a || a->alpha != b->alpha ||
	    a->p0 != b->p0 || a->seed != b->seed || a->modes != b->modes)
		return 0;
	for (long k = 0; k < a->modes; k++) {
		const struct swim_mode *x = &a->mode[k], *y = &b->mode[k];

		if (x->p != y->p || x->q != y->q || x->amp != y->amp ||
		    x->phx != y->phx || x->phy != y->phy)
			return 0;
	}
	return 1;
}

/* Records of steps 0, mprint, 2 mprint, ... and itmax, in order. */
static void check_steps(const struct swim_result *res)
{
	long want = 0, r = 0;

	for (;;) {
		if (r == res->nrec)
			check_fail("%ld records, the last of step %ld; expected "
				   "one of step %ld", res->nrec,
				   r ? (long)res->rec[r - 1][0] : -1L, want);
		if ((long)res->rec[r][0] != want)
			check_fail("record %ld is of step %ld, expected %ld",
				   r + 1, (long)res->rec[r][0], want);
		r++;
		if (want == res->itmax)
			break;
		want = want + res->mprint < res->itmax ?
		       want + res->mprint : res->itmax;
	}
	if (r != res->nrec)
		check_fail("%ld records after the last step's", res->nrec - r);
}

/*
 * The rounding bound on |mass(k) - mass(0)|, derived from the scheme: in
 * exact arithmetic CALC2's flux differences telescope to zero around the
 * periodic grid and CALC3's filter keeps the sums of its levels, so the
 * mass only moves by rounding.  Per step, CALC2's new P rounds twice and
 * its flux terms (each smaller than P in a stable run) four times, at
 * most 6 u sum|P|; CALC3's filter rounds at most 2 u sum|P|; the leapfrog
 * pair of levels carries those errors on without growth (its sum map has
 * eigenvalues 1 and 2 alpha - 1), so after k steps at most 8 k u mass.
 * The reported sums, column by column then across, add at most (M + N) u
 * mass each.  P > 0 throughout, so sum|P| is the mass.
 */
static double mass_bound(long k, long m, long n, double mass0)
{
	return (8.0 * (double)k + 2.0 * (double)(m + n) + 2.0) * ROUNDOFF *
	       fabs(mass0);
}

/*
 * The scheme conserves potential enstrophy in space but not in time
 * (leapfrog, filter), and energy only approximately in space as well: the
 * drifts measured over seeds, grids of 8 to 1335 points and up to 6000
 * steps stay below 5.8e-7 (k + 40) min(1, 32^2 / (M N)) for the enstrophy
 * and 0.051 (k + 40) / (M N) for the energy; the tolerances are five
 * times those.
 */
static double enstrophy_tol(long k, long m, long n)
{
	double scale = 1024.0 / ((double)m * (double)n);

	return 3e-6 * (double)(k + 40) * (scale < 1 ? scale : 1);
}

static double energy_tol(long k, long m, long n)
{
	double tol = 0.25 * (double)(k + 40) / ((double)m * (double)n);

	return tol < 1 ? tol : 1;
}

static void conservation(const struct swim_result *res, long m, long n,
			 double *worst)
{
	const double *r0 = res->rec[0];

	if (!(r0[1] > 0 && r0[2] > 0 && r0[3] > 0 && r0[4] > 0 && r0[5] > 0))
		check_fail("step 0's sums are not all positive");
	for (long r = 1; r < res->nrec; r++) {
		const double *x = res->rec[r];
		long k = (long)x[0];
		double dm = fabs(x[1] - r0[1]), bound = mass_bound(k, m, n, r0[1]);
		double de = fabs(x[2] - r0[2]) / r0[2];
		double dz = fabs(x[3] - r0[3]) / r0[3];

		if (!(dm <= bound))
			check_fail("mass at step %ld is %.17g, %.3g from step "
				   "0's, over its rounding bound %.3g", k, x[1],
				   dm, bound);
		if (!(dz <= enstrophy_tol(k, m, n)))
			check_fail("potential enstrophy at step %ld moved %.3g "
				   "of step 0's, over %.3g", k, dz,
				   enstrophy_tol(k, m, n));
		if (!(de <= energy_tol(k, m, n)))
			check_fail("energy at step %ld moved %.3g of step 0's, "
				   "over %.3g", k, de, energy_tol(k, m, n));
		if (!(x[4] > 0 && x[5] > 0))
			check_fail("step %ld's sums of |U| and |V| are not "
				   "positive", k);
		if (dm / r0[1] > worst[0])
			worst[0] = dm / r0[1];
		if (de > worst[1])
			worst[1] = de;
		if (dz > worst[2])
			worst[2] = dz;
	}
}

/* Recomputes the records up to the budget with the C model; how many. */
static long recompute(const struct swim_params *sp,
		      const struct swim_result *res, long m, long n)
{
	long steps = (long)(REF_BUDGET / ((double)m * (double)n)), r = 0;
	struct swim_ref ref;
	double x[SWIM_REC];

	if (steps > sp->itmax)
		steps = sp->itmax;
	if (swim_ref_init(&ref, sp))
		check_fail("out of memory for the C model");
	for (;;) {
		const double *got = res->rec[r];

		if ((long)got[0] == ref.step) {
			swim_ref_record(&ref, x);
			for (int k = 1; k < SWIM_REC; k++) {
				double d = fabs(got[k] - x[k]);
				double tol = k == 1 ?
					2 * mass_bound(ref.step, m, n, x[1]) :
					REF_RTOL * fabs(x[k]);

				if (!(d <= tol))
					check_fail("%s at step %ld is %.17g, the "
						   "C model's %.17g", names[k],
						   ref.step, got[k], x[k]);
			}
			if (++r == res->nrec)
				break;
		}
		if ((long)res->rec[r][0] > steps)
			break;
		swim_ref_step(&ref);
	}
	swim_ref_free(&ref);
	return r;
}

int main(int argc, char **argv)
{
	struct swim_params want, got;
	struct swim_result res;
	struct swim_args a;
	double worst[3] = { 0, 0, 0 };
	long m, n, same;

	swim_parse_args(argc, argv, 0, &a);
	check_begin("sp-swim-check", a.path);
	swim_params(a.n1, a.steps, a.seed, &want);
	swim_read_input(a.input, &got);
	if (!same_params(&want, &got))
		check_fail("the input %s was not made for -n %ld -t %ld -s %"
			   PRIu64, a.input, a.n1, a.steps, a.seed);
	swim_read_result(a.path, &res);
	if (res.n1 != a.n1 || res.n2 != a.n1 || res.itmax != a.steps ||
	    res.mprint != want.mprint)
		check_fail("a run of %ld x %ld arrays and %ld steps (records "
			   "every %ld), not of -n %ld -t %ld", res.n1, res.n2,
			   res.itmax, res.mprint, a.n1, a.steps);
	check_steps(&res);
	m = a.n1 - 1;
	n = a.n1 - 1;
	conservation(&res, m, n, worst);
	same = recompute(&want, &res, m, n);
	printf("ok %ld steps on %ld x %ld arrays, %ld records (%ld recomputed"
	       "); drifts: mass %.2g, energy %.2g, potential enstrophy "
	       "%.2g\n", a.steps, a.n1, a.n1, res.nrec, same, worst[0],
	       worst[1], worst[2]);
	free(res.rec);
	return 0;
}
