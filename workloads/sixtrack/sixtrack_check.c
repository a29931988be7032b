/* sixtrack_check.c - sp-sixtrack-check: judges sp-sixtrack's result
 * without its code.  The input must be the one made for the arguments,
 * the result of that run (sizes, table entries, a record of the probe
 * after every turn, each particle either lost at a turn or inside the
 * aperture at the end).  Then, with its own C tracker (sixtrack_ref.c):
 * the written one-turn matrix at the closed orbit must have determinant
 * 1, be symplectic and match the check's own; the tunes measured from the
 * probe's turns must match those of the product of the ring's 2x2
 * transfer matrices, closely on a linear ring (sextupoles, octupoles and
 * errors off); the one-turn map's Jacobian at written coordinates (the
 * probe's and sampled survivors' ends) must have determinant 1 and be
 * symplectic; and the probe and a seeded sample of particles (all of them
 * at the test size) are tracked again for the whole run and must agree. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "rng.h"
#include "sixtrack_files.h"
#include "sixtrack_optics.h"

/* Particle-turns of table entries the check tracks again at most: a
 * whole test run; 8 particles of the paper size's. */
#define REF_BUDGET 2e8
#define REF_MIN 4
/* Agreement with the C tracker: RTOL of the value plus the coordinate's
 * scale (1 mm, 10 urad, 1 mm, 10 urad, 1 mm, 1e-4).  Both do the same
 * operations in the same order (sixtrack_spec.h) and agree to the last
 * bit here; a build that rounded otherwise (contracted multiply-adds)
 * would stay within this on regular orbits, not on chaotic ones near the
 * dynamic aperture. */
#define RTOL 1e-9
static const double scale[6] = { 1e-3, 1e-5, 1e-3, 1e-5, 1e-3, 1e-4 };
/* The one-turn Jacobian: |det - 1| and its symplectic defect, where the
 * differences of two steps agree to JAC_SPREAD (at survivors close to the
 * dynamic aperture they may not: the map is too nonlinear there).  At
 * points that pass, the paper size leaves |det - 1| <= 4e-7 and defects
 * <= 2e-6, the test size 1e-8 and 3e-8. */
#define JAC_SPREAD 1e-4
#define DET_TOL 1e-5
#define SYMP_TOL 1e-4
/* The written one-turn matrix against the check's own by the same
 * differences at the origin, in their common scaling: they agree to the
 * last bit here; a build whose rounding differs (contracted multiply-adds)
 * would move them by far less. */
#define MATRIX_TOL 1e-9
/* Points the Jacobian is taken at besides the probe. */
#define JAC_POINTS 3
/* Tunes: the probe's (a hundredth of a beam size) against the 2x2
 * matrices'.  On a linear ring they differ by the dispersion's coupling
 * to the cavity alone (6e-6 on one cell, 1e-6 on eight); on a full one
 * skew quadrupole errors couple the planes, which the 2x2 matrices keep
 * apart, and the probe's small amplitude still feels the octupoles (1e-6
 * measured on 8 and 1000 cells). */
#define TUNE_TOL_LINEAR 5e-5
#define TUNE_TOL_FULL 1e-3
#define TUNE_TURNS 4096
/* Fewer turns leave the windowed peak too blunt (its error falls as the
 * cube of the turns: 1e-4 at 10 turns, 3e-6 at 30); the tunes are then
 * not compared. */
#define TUNE_MIN_TURNS 64

static const char *const coord_names[6] = { "x", "px", "y", "py", "sigma",
					    "delta" };

static void agree(const char *what, long j, long k, const double got[6],
		  const double want[6])
{
	for (int i = 0; i < 6; i++) {
		double d = fabs(got[i] - want[i]);

		if (!(d <= RTOL * (fabs(want[i]) + scale[i])))
			check_fail("%s %ld after turn %ld: %s is %.17g, the C "
				   "tracker's %.17g", what, j, k,
				   coord_names[i], got[i], want[i]);
	}
}

struct probe_ctx {
	const struct sixtrack_result *res;
};

static void probe_turn(long k, const double c[6], void *ctx)
{
	const struct sixtrack_result *res = ((struct probe_ctx *)ctx)->res;

	agree("the probe", 1, k, res->probe[k], c);
}

/* The sample: every particle when the budget allows, else the probe and
 * a seeded choice of the others. */
static long sample(const struct sixtrack_args *a, long entries, char *pick)
{
	double per = (double)a->turns * (double)entries;
	long want = (long)(REF_BUDGET / per), n = 1;
	uint64_t s = rng_hash(a->seed ^ 0xc0ffee5eedULL);

	if (want < REF_MIN)
		want = REF_MIN;
	if (want > a->particles)
		want = a->particles;
	pick[0] = 1;
	for (long j = 1; j < a->particles; j++)
		pick[j] = want == a->particles;
	if (want == a->particles)
		return want;
	while (n < want) {
		long j = 1 + (long)rng_below(&s, (uint64_t)(a->particles - 1));

		if (!pick[j]) {
			pick[j] = 1;
			n++;
		}
	}
	return n;
}

static void sanity(const struct sixtrack_input *in,
		   const struct sixtrack_result *res, const struct ref_ring *r)
{
	if (res->lost[0])
		check_fail("the probe (particle 1) was lost at turn %ld",
			   res->lost[0]);
	if (res->nprobe != res->turns + 1)
		check_fail("the probe has %ld records of %ld turns",
			   res->nprobe - 1, res->turns);
	for (int i = 0; i < 6; i++) {
		if (res->probe[0][i] != in->coord[0][i])
			check_fail("the probe's record 0 is not particle 1's "
				   "start");
		if (res->probe[res->turns][i] != res->final[0][i])
			check_fail("the probe's last record is not particle "
				   "1's end");
	}
	for (long j = 0; j < res->particles; j++)
		if (!res->lost[j] && !ref_inside(r, res->final[j]))
			check_fail("particle %ld survived outside the aperture",
				   j + 1);
}

/* Tracks the sample again, every probe record compared on the way: how
 * many particles. */
static long retrack(const struct sixtrack_input *in,
		    const struct sixtrack_result *res,
		    const struct ref_ring *r, const char *pick)
{
	struct probe_ctx pc = { res };
	long n = 0;

	for (long j = 0; j < res->particles; j++) {
		double c[6];
		long lost;

		if (!pick[j])
			continue;
		n++;
		for (int i = 0; i < 6; i++)
			c[i] = in->coord[j][i];
		lost = ref_track(r, c, res->turns, j ? NULL : probe_turn, &pc);
		if (lost != res->lost[j]) {
			if (!lost)
				check_fail("particle %ld was lost at turn %ld; "
					   "the C tracker keeps it", j + 1,
					   res->lost[j]);
			if (!res->lost[j])
				check_fail("particle %ld survived; the C tracker "
					   "loses it at turn %ld", j + 1, lost);
			check_fail("particle %ld was lost at turn %ld; the C "
				   "tracker loses it at turn %ld", j + 1,
				   res->lost[j], lost);
		}
		if (!lost)
			agree("particle", j + 1, res->turns, res->final[j], c);
	}
	return n;
}

/* The Jacobian at the probe's end and at the ends of up to JAC_POINTS
 * sampled survivors, those of largest |x| + |y| where differences
 * converge: the worst |det - 1| and symplectic defect; *skipped: the
 * survivors passed over. */
static int symplectic(const struct sixtrack_result *res,
		      const struct ref_ring *r, const char *pick,
		      double *worst_det, double *worst_symp, long *skipped)
{
	char *done = calloc((size_t)res->particles, 1);
	int n = 0;

	if (!done)
		check_fail("out of memory");
	*skipped = 0;
	while (n <= JAC_POINTS) {
		double jac[6][6], det, symp, spread, amp = -1;
		long at = n ? -1 : 0;

		for (long j = 1; n && j < res->particles; j++) {
			double a = fabs(res->final[j][0]) +
				   fabs(res->final[j][2]);

			if (pick[j] && !res->lost[j] && !done[j] && a > amp) {
				amp = a;
				at = j;
			}
		}
		if (at < 0)
			break;
		done[at] = 1;
		spread = optics_jacobian(r, res->final[at], jac);
		if (!(spread <= JAC_SPREAD)) {
			if (!at)
				check_fail("the one-turn map at the probe's end "
					   "is not smooth");
			++*skipped;
			continue;
		}
		det = optics_det(jac);
		symp = optics_symplectic_defect(jac);
		if (!(fabs(det - 1) <= DET_TOL))
			check_fail("the one-turn map at particle %ld's end has "
				   "determinant %.12g", at + 1, det);
		if (!(symp <= SYMP_TOL))
			check_fail("the one-turn map at particle %ld's end is "
				   "not symplectic (defect %.3g)", at + 1, symp);
		*worst_det = fmax(*worst_det, fabs(det - 1));
		*worst_symp = fmax(*worst_symp, symp);
		n++;
	}
	free(done);
	return n;
}

/* The written one-turn matrix: determinant 1, symplectic, and the
 * check's own differences at the origin. */
static void matrix(const struct sixtrack_result *res,
		   const struct ref_ring *r, double *dist)
{
	static const double origin[6];
	double det = optics_det(res->matrix), jac[6][6];
	double symp = optics_symplectic_defect(res->matrix);
	int i, k;

	if (!(fabs(det - 1) <= DET_TOL))
		check_fail("the one-turn matrix has determinant %.12g", det);
	if (!(symp <= SYMP_TOL))
		check_fail("the one-turn matrix is not symplectic (defect %.3g)",
			   symp);
	optics_central(r, origin, jac);
	*dist = optics_distance(res->matrix, jac, &i, &k);
	if (!(*dist <= MATRIX_TOL))
		check_fail("the one-turn matrix's entry %d,%d is %.12g, the C "
			   "tracker's %.12g", i + 1, k + 1, res->matrix[i][k],
			   jac[i][k]);
}

/* Compares the tunes; 0 when there are too few turns to measure them. */
static int tunes(const struct sixtrack_result *res, const struct ref_ring *r,
		 double q[2], double m[2], int *linear)
{
	long n = res->nprobe < TUNE_TURNS ? res->nprobe : TUNE_TURNS;
	double tol;

	*linear = optics_ring_is_linear(r);
	tol = *linear ? TUNE_TOL_LINEAR : TUNE_TOL_FULL;
	if (optics_tunes(r, q))
		check_fail("the ring's linear optics are unstable");
	if (res->turns < TUNE_MIN_TURNS)
		return 0;
	m[0] = optics_measure_tune(&res->probe[0][0], n, 6);
	m[1] = optics_measure_tune(&res->probe[0][2], n, 6);
	for (int p = 0; p < 2; p++)
		if (!(fabs(m[p] - q[p]) <= tol))
			check_fail("the probe's %s tune is %.6f, the ring's "
				   "transfer matrices give %.6f", p ? "y" : "x",
				   m[p], q[p]);
	return 1;
}

int main(int argc, char **argv)
{
	struct sixtrack_input in;
	struct sixtrack_result res;
	struct sixtrack_args a;
	struct ref_ring r;
	double q[2], m[2], worst_det = 0, worst_symp = 0, dist;
	long retracked, nlost = 0, skipped;
	int linear, points, measured;
	char tunes_seen[96];
	char *pick;

	sixtrack_parse_args(argc, argv, 0, &a);
	check_begin("sp-sixtrack-check", a.path);
	sixtrack_read_input(a.input, &in);
	if (in.cells != a.cells || in.turns != a.turns ||
	    in.particles != a.particles || in.seed != a.seed ||
	    in.linear != a.linear)
		check_fail("the input %s was not made for -n %ld -t %ld -p %ld "
			   "-l %s -s %" PRIu64, a.input, a.cells, a.turns,
			   a.particles, a.linear ? "linear" : "full", a.seed);
	sixtrack_read_result(a.path, &res);
	if (res.cells != a.cells || res.turns != a.turns ||
	    res.particles != a.particles || res.seed != a.seed ||
	    res.linear != a.linear)
		check_fail("a run of %ld cells, %ld turns, %ld particles, "
			   "seed %" PRIu64 ", not of these arguments",
			   res.cells, res.turns, res.particles, res.seed);
	if (res.entries != in.cells * in.ncel + 1)
		check_fail("a table of %ld entries; the ring has %ld",
			   res.entries, in.cells * in.ncel + 1);
	if (ref_ring_build(&r, &in))
		check_fail("out of memory for the C tracker");
	sanity(&in, &res, &r);
	matrix(&res, &r, &dist);
	measured = tunes(&res, &r, q, m, &linear);
	pick = calloc((size_t)a.particles, 1);
	if (!pick)
		check_fail("out of memory");
	sample(&a, r.n, pick);
	points = symplectic(&res, &r, pick, &worst_det, &worst_symp,
			    &skipped);
	retracked = retrack(&in, &res, &r, pick);
	for (long j = 0; j < a.particles; j++)
		nlost += res.lost[j] != 0;
	if (measured)
		snprintf(tunes_seen, sizeof(tunes_seen), "the probe's %.6f %.6f",
			 m[0], m[1]);
	else
		snprintf(tunes_seen, sizeof(tunes_seen), "not measured in "
			 "fewer than %d turns", TUNE_MIN_TURNS);
	printf("ok %ld particles, %ld turns, %ld entries, %ld lost; %ld "
	       "tracked again; one-turn matrix within %.2g of the C "
	       "tracker's; one-turn map at %d points (%ld passed over): "
	       "|det - 1| <= %.2g, symplectic defect <= %.2g; %s ring's "
	       "tunes %.6f %.6f, %s\n", a.particles,
	       a.turns, res.entries, nlost, retracked, dist, points, skipped,
	       worst_det, worst_symp,
	       linear ? "linear" : "full", q[0], q[1], tunes_seen);
	ref_ring_free(&r);
	free(pick);
	return 0;
}
