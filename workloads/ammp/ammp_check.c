/* ammp_check.c - sp-ammp-check: judges sp-ammp's result against the
 * system in ammp.in without sp-ammp's code.  With its own all-pairs
 * potential (ammp_check_pot.c) it recomputes the energy at the start and
 * at the written end and requires the run's records to match both; it
 * requires the total energy to stay within velocity Verlet's bound for
 * the time step, the momentum to be conserved and the written forces to
 * sum to zero (up to rounding), and the written forces on a seeded sample
 * of atoms to match all-pairs forces and the derivative of the energy. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ammp_check.h"
#include "check.h"
#include "rng.h"

#define SAMPLE 256		/* atoms whose forces are recomputed */
/* Tolerances, as shares of the magnitudes of the terms summed: rounding
 * in another order of summation left 1e-14 of them here (energies and
 * forces), a central difference 3e-9, and the sums of the forces and
 * momenta 3e-17. */
#define TOL_ENERGY 1e-11
#define TOL_FORCE 1e-11
#define TOL_FD 1e-6		/* for a central difference of step FD_STEP */
#define FD_STEP 1e-5
#define TOL_SUM 1e-12

struct result {
	struct ammp_head h;
	struct ammp_trace_rec *trace;
	struct ammp_state *st;
};

static void *alloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		check_fail("out of memory");
	return p;
}

static void read_result(const char *path, const struct ammp_args *a,
			const struct chk_sys *s, struct result *r)
{
	uint64_t want = ammp_ntrace(a->steps, (uint64_t)s->p.trace);
	FILE *f = fopen(path, "rb");

	if (!f)
		check_fail("cannot open: %s", strerror(errno));
	if (fread(&r->h, sizeof(r->h), 1, f) != 1 ||
	    memcmp(r->h.magic, AMMP_MAGIC, sizeof(r->h.magic)))
		check_fail("not an sp-ammp result");
	if (r->h.atoms != (uint64_t)a->atoms || r->h.steps != a->steps ||
	    r->h.seed != a->seed)
		check_fail("a result of other arguments");
	if (r->h.dt != s->p.dt || r->h.ntrace != want)
		check_fail("a run of another ammp.in");
	r->trace = alloc(want, sizeof(*r->trace));
	r->st = alloc((size_t)a->atoms, sizeof(*r->st));
	if (fread(r->trace, sizeof(*r->trace), want, f) != want ||
	    fread(r->st, sizeof(*r->st), (size_t)a->atoms, f) !=
	    (size_t)a->atoms)
		check_fail("truncated");
	if (fgetc(f) != EOF)
		check_fail("bytes after the last atom");
	fclose(f);
	for (uint64_t k = 0; k < want; k++) {
		uint64_t step = k * (uint64_t)s->p.trace;

		if (step > a->steps)
			step = a->steps;
		if (r->trace[k].step != step)
			check_fail("energy record %llu is of step %llu, not "
				   "%llu", (unsigned long long)k,
				   (unsigned long long)r->trace[k].step,
				   (unsigned long long)step);
	}
	if (r->h.rebuilds < 1 + a->steps / (uint64_t)s->p.rebuild)
		check_fail("%llu list builds in %llu steps, fewer than one "
			   "every %ld", (unsigned long long)r->h.rebuilds,
			   (unsigned long long)a->steps, s->p.rebuild);
}

static double kinetic(const struct chk_sys *s, const double *v)
{
	double ke = 0.0;

	for (long i = 0; i < s->n; i++)
		ke += 0.5 * s->m[i] * (v[3 * i] * v[3 * i] +
				       v[3 * i + 1] * v[3 * i + 1] +
				       v[3 * i + 2] * v[3 * i + 2]);
	return ke;
}

/* The run's energies at record k against ours at the same state. */
static void same_energy(struct chk_sys *s, const struct ammp_trace_rec *t,
			const double *x, const double *v, const char *when)
{
	double scale, pe = chk_potential(s, x, &scale), ke = kinetic(s, v);
	double tol = TOL_ENERGY * (scale + ke);

	if (fabs(t->ke - ke) > tol)
		check_fail("kinetic energy %s is %.15g, the velocities give "
			   "%.15g", when, t->ke, ke);
	if (fabs(t->pe - pe) > tol)
		check_fail("potential energy %s is %.15g, all pairs give "
			   "%.15g", when, t->pe, pe);
}

/* Velocity Verlet conserves a shadow energy; a harmonic mode of
 * frequency w holding energy E departs from it by at most (w dt)^2 / 4
 * of E, so with every mode at the stiffest frequency and kT per degree
 * of freedom the total energy stays within 3/4 N T (w dt)^2. */
static double energy_bound(const struct chk_sys *s,
			   const struct result *r)
{
	double tmax = 0.0, dt = s->p.dt;

	for (uint64_t k = 0; k < r->h.ntrace; k++)
		tmax = fmax(tmax, 2.0 * r->trace[k].ke / (3.0 * (double)s->n));
	return 0.75 * (double)s->n * tmax * chk_omega2(s) * dt * dt;
}

static double conservation(const struct chk_sys *s, const struct result *r)
{
	const struct ammp_trace_rec *t = r->trace;
	double e0 = t[0].ke + t[0].pe, bound = energy_bound(s, r), worst = 0;

	for (uint64_t k = 0; k < r->h.ntrace; k++) {
		double de = fabs(t[k].ke + t[k].pe - e0);

		if (de > bound)
			check_fail("total energy drifted by %.6g at step %llu, "
				   "beyond the bound %.6g for dt %g", de,
				   (unsigned long long)t[k].step, bound,
				   s->p.dt);
		worst = fmax(worst, de);
	}
	return worst / bound;
}

static void momentum(const struct chk_sys *s, const struct result *r)
{
	for (int c = 0; c < 3; c++) {
		double p0 = 0.0, p1 = 0.0, pmag = 0.0, fsum = 0.0, fmag = 0.0;

		for (long i = 0; i < s->n; i++) {
			p0 += s->m[i] * s->v[3 * i + c];
			p1 += s->m[i] * r->st[i].v[c];
			pmag += s->m[i] * fabs(r->st[i].v[c]);
			fsum += r->st[i].f[c];
			fmag += fabs(r->st[i].f[c]);
		}
		if (fabs(fsum) > TOL_SUM * fmag)
			check_fail("the forces sum to %.6g in %c, not zero",
				   fsum, 'x' + c);
		if (fabs(p1 - p0) > TOL_SUM * (pmag + (double)r->h.steps *
					       s->p.dt * fmag))
			check_fail("momentum in %c went from %.6g to %.6g",
				   'x' + c, p0, p1);
	}
}

/* A seeded sample of atoms, the written force on each against ours. */
static long forces(struct chk_sys *s, const struct result *r, double *x,
		   uint64_t seed)
{
	long n = s->n, k = n < SAMPLE ? n : SAMPLE, *idx = alloc((size_t)n,
								 sizeof(long));
	uint64_t rng = rng_hash(seed ^ 0x616d6d70ULL);

	for (long i = 0; i < n; i++)
		idx[i] = i;
	for (long j = 0; j < k; j++) {
		long t = j + (long)rng_below(&rng, (uint64_t)(n - j)), i;
		double f[3], fd[3], scale;
		const double *got;

		i = idx[t];
		idx[t] = idx[j];
		idx[j] = i;
		got = r->st[i].f;
		chk_force(s, x, i, f, &scale);
		chk_force_fd(s, x, i, FD_STEP, fd);
		for (int c = 0; c < 3; c++) {
			if (fabs(got[c] - f[c]) > TOL_FORCE * scale)
				check_fail("force on atom %ld is (%.9g %.9g "
					   "%.9g), all pairs give (%.9g %.9g "
					   "%.9g)", i, got[0], got[1], got[2],
					   f[0], f[1], f[2]);
			if (fabs(got[c] - fd[c]) > TOL_FD * (1.0 + scale))
				check_fail("force on atom %ld is not minus the "
					   "gradient of its energy (%.9g "
					   "against %.9g)", i, got[c], fd[c]);
		}
	}
	free(idx);
	return k;
}

int main(int argc, char **argv)
{
	struct ammp_args a;
	struct chk_sys s;
	struct result r;
	double *x, *v, ratio;
	uint64_t last;
	long sampled;

	ammp_parse_args(argc, argv, 0, &a);
	check_begin("sp-ammp-check", a.path);
	chk_read_input(&s, a.input);
	if (s.p.atoms != a.atoms || (uint64_t)s.p.steps != a.steps ||
	    s.p.seed != a.seed)
		check_fail("the input %s is of other arguments", a.input);
	read_result(a.path, &a, &s, &r);
	last = r.h.ntrace - 1;
	x = alloc(3 * (size_t)s.n, sizeof(double));
	v = alloc(3 * (size_t)s.n, sizeof(double));
	for (long i = 0; i < s.n; i++)
		for (int c = 0; c < 3; c++) {
			x[3 * i + c] = r.st[i].x[c];
			v[3 * i + c] = r.st[i].v[c];
			if (!isfinite(x[3 * i + c]) || !isfinite(v[3 * i + c]) ||
			    !isfinite(r.st[i].f[c]))
				check_fail("atom %ld's state is not finite", i);
		}
	same_energy(&s, &r.trace[0], s.x, s.v, "at step 0");
	same_energy(&s, &r.trace[last], x, v, "at the last step");
	ratio = conservation(&s, &r);
	momentum(&s, &r);
	sampled = forces(&s, &r, x, a.seed);
	printf("ok %ld atoms, %llu steps: energy within %.3g of its bound, "
	       "%ld forces match all pairs\n", s.n,
	       (unsigned long long)a.steps, ratio, sampled);
	return 0;
}
