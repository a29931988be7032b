/* apsi_check.c - sp-apsi-check: judges sp-apsi's result without its code.
 * The input must be the one sp-apsi-gen makes of the arguments; the
 * records must be of steps 0, MPRINT, 2 MPRINT, ... and the last.  Then:
 * step 0's sums and extremes as this program evaluates the initial fields;
 * every record's sums as the flux form conserves them (theta's constant,
 * each species' growing by its source's rate dt a step) to a rounding
 * bound derived from the scheme; the extremes within the donor-cell
 * scheme's maximum principle; the diffusion probe against the explicit
 * scheme's exact decay of a Fourier mode (and that against exp(-k^2 D
 * t)); and each pressure plane's residual by a five-point Laplacian. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "apsi_check.h"
#include "apsi_input.h"
#include "apsi_result.h"
#include "check.h"

#define U APSI_ROUNDOFF

static void field_name(int s, char *buf, size_t len)
{
	if (s)
		snprintf(buf, len, "species %d", s);
	else
		snprintf(buf, len, "theta");
}

/* Records of steps 0, mprint, 2 mprint, ... and steps, in order. */
static void check_steps(const struct apsi_result *res)
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
		if (want == res->steps)
			break;
		want = want + res->mprint < res->steps ?
		       want + res->mprint : res->steps;
	}
	if (r != res->nrec)
		check_fail("%ld records after the last step's", res->nrec - r);
}

/*
 * The rounding bound on a sum after k steps, m its exact value.  The
 * fluxes through a face are computed once and enter its two cells with
 * opposite signs, so in exact arithmetic they cancel in the sum; what
 * is left is each cell's rounding of its update, s - dt (dFx / dx + dFy
 * / dy + dFz / dz): at most u |s_new| plus 5 u dt sum_d |dF_d| / h_d.
 * With s >= 0, |F| through a face is at most (|u| + K / h)(s_L + s_R),
 * so the flux terms of all cells add up to at most 4 m dt sum_d
 * (umax_d / h_d + Kmax_d / h_d^2) <= 2 m (the time step's limit): 11 u
 * m a step, with a source's addition u m more.  The model's sums (by
 * rows, then planes, then levels) add (nx + ny + nz) u m, this
 * program's initial values a few u m.  Doubled: u m (24 k + 2 (nx + ny
 * + nz) + 8).
 */
static double sum_bound(const struct apsi_params *p, long k, double m)
{
	return U * fabs(m) * (24.0 * (double)k +
			      2.0 * (double)(p->nx + p->ny + p->nz) + 8.0);
}

/* The extremes' tolerance after k steps, s the largest magnitude: each
 * step's update rounds a few times at most. */
static double extreme_tol(long k, double s)
{
	return 8.0 * (double)(k + 1) * U * fabs(s);
}

static void check_records(const struct apsi_params *p,
			  const struct apsi_result *res,
			  const struct apsi_initial *in, double *worst)
{
	char name[32];

	for (long r = 0; r < res->nrec; r++) {
		const double *x = res->rec[r];
		long k = (long)x[0];

		for (int s = 0; s < APSI_FIELDS; s++) {
			double rate = s ? p->rate[s - 1] * p->dt : 0;
			double m = in->sum[s] + (double)k * rate;
			double top = in->max[s] + (double)k * rate;
			double sum = x[1 + 3 * s], mn = x[2 + 3 * s];
			double mx = x[3 + 3 * s], d = fabs(sum - m);
			double low = in->min[s];

			field_name(s, name, sizeof(name));
			if (!(d <= sum_bound(p, k, m)))
				check_fail("%s's sum at step %ld is %.17g, %.3g "
					   "from the conserved %.17g, over the "
					   "rounding bound %.3g", name, k, sum, d,
					   m, sum_bound(p, k, m));
			if (d / m > *worst)
				*worst = d / m;
			if (k == 0 && !(fabs(mn - in->min[s]) <=
					4 * U * fabs(in->min[s]) &&
					fabs(mx - in->max[s]) <=
					4 * U * fabs(in->max[s])))
				check_fail("%s's extremes at step 0 are %.17g "
					   "and %.17g, not %.17g and %.17g", name,
					   mn, mx, in->min[s], in->max[s]);
			if (!(mn >= low - extreme_tol(k, top) && mn <= mx &&
			      mx <= top + extreme_tol(k, top)))
				check_fail("%s at step %ld spans %.17g to %.17g, "
					   "outside %.17g to %.17g (the maximum "
					   "principle)", name, k, mn, mx, low, top);
		}
	}
}

static void check_probe(const struct apsi_params *p,
			const struct apsi_result *res, struct apsi_decay *d,
			double *err)
{
	double tol = 32.0 * (double)(p->nprobe + 1) * U;

	if (res->probe_level != p->probe[3])
		check_fail("the probe is of level %ld, not %" PRId64,
			   res->probe_level, p->probe[3]);
	apsi_decay(p, d);
	*err = apsi_probe_error(p, res->probe, d->discrete);
	if (!(*err <= tol))
		check_fail("the probe's mode is off the scheme's decay %.17g "
			   "by %.3g, over %.3g", d->discrete, *err, tol);
	if (!(fabs(log(d->discrete / d->continuous)) <= d->bound))
		check_fail("the scheme's decay %.17g is not exp(-k^2 D t) = "
			   "%.17g within %.3g", d->discrete, d->continuous,
			   d->bound);
}

static void check_planes(const struct apsi_params *p,
			 const struct apsi_result *res, double *worst)
{
	const double *last = res->rec[res->nrec - 1];
	long want[APSI_PLANES] = { 1, (p->nz + 1) / 2, p->nz };

	for (int l = 0; l < APSI_PLANES; l++) {
		double tol, mean, mean_tol, r;

		if (res->level[l] != want[l])
			check_fail("plane %d is of level %ld, not %ld", l + 1,
				   res->level[l], want[l]);
		for (long c = 0; c < p->nx * p->ny; c++)
			if (!(res->theta[l][c] >= last[2] &&
			      res->theta[l][c] <= last[3]))
				check_fail("theta on level %ld is %.17g, outside "
					   "the last record's %.17g to %.17g",
					   want[l], res->theta[l][c], last[2],
					   last[3]);
		r = apsi_residual(p, res->theta[l], res->p[l], &tol, &mean,
				  &mean_tol);
		if (!(r <= tol))
			check_fail("the pressure on level %ld leaves a residual "
				   "of %.3g, over %.3g", want[l], r, tol);
		if (!(fabs(mean) <= mean_tol))
			check_fail("the pressure on level %ld has mean %.3g, not "
				   "zero within %.3g", want[l], mean, mean_tol);
		if (r / tol > *worst)
			*worst = r / tol;
	}
}

int main(int argc, char **argv)
{
	struct apsi_params want, got;
	struct apsi_initial in;
	struct apsi_result res;
	struct apsi_decay d;
	struct apsi_args a;
	double drift = 0, perr, resid = 0;
	const char *why;

	apsi_parse_args(argc, argv, 0, &a);
	check_begin("sp-apsi-check", a.path);
	apsi_problem(a.n, a.steps, a.seed, &want);
	why = apsi_read_input(a.input, &got);
	if (why)
		check_fail("the input %s: %s", a.input, why);
	if (!apsi_same_params(&want, &got))
		check_fail("the input %s was not made for -n %ld -t %ld -s %"
			   PRIu64, a.input, a.n, a.steps, a.seed);
	apsi_read_result(a.path, &res);
	if (res.nx != want.nx || res.nz != want.nz || res.steps != want.steps ||
	    res.mprint != want.mprint || res.nprobe != want.nprobe)
		check_fail("a run of %ld x %ld x %ld cells and %ld steps, not of "
			   "-n %ld -t %ld", res.nx, res.ny, res.nz, res.steps,
			   a.n, a.steps);
	check_steps(&res);
	apsi_initial(&want, &in);
	check_records(&want, &res, &in, &drift);
	check_probe(&want, &res, &d, &perr);
	check_planes(&want, &res, &resid);
	printf("ok %ld steps on %ld x %ld x %ld cells, %ld records; largest "
	       "sum drift %.2g; probe decay %.9f (exp(-k^2 D t) %.9f), off "
	       "by %.2g; pressure residual %.2g of its tolerance\n",
	       a.steps, res.nx, res.ny, res.nz, res.nrec, drift, d.discrete,
	       d.continuous, perr, resid);
	return 0;
}
