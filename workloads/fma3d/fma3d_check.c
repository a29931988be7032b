/* fma3d_check.c - sp-fma3d-check: judges sp-fma3d's final state without
 * its code.  The input folder must be what sp-fma3d-gen makes of the
 * arguments, and the state of those arguments.  Then, on the plate, with
 * the masses, volumes and hourglass stiffnesses recomputed here from the
 * mesh: the energy balance (kinetic energy from the velocities, elastic
 * energy from the stresses, plastic work from the plastic strains,
 * hourglass energy from the hourglass forces, together the initial
 * kinetic energy: nothing acts from outside); linear momentum, and the
 * centre of mass moving with it; every stress on or inside its yield
 * surface.  And the probe, a small mesh in the elastic range, run again
 * by fma3d_ref.c, a second implementation of the scheme in C. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fma3d_files.h"
#include "fma3d_ref.h"
#include "fma3d_state.h"

#define PROG "sp-fma3d-check"

/*
 * The energy balance's bound, a fraction of the initial kinetic energy.
 * Central differences hold a discrete energy only approximately: the
 * kinetic energy is of the velocities half a step after the stresses,
 * and the energies recomputed here are of the initial volumes while the
 * scheme works on the current ones (the volumetric strains reach ~1% under
 * the impacts), and the scheme's own work is the trapezoid rule's over
 * each increment while the plastic work here is the closed form of the
 * hardening law.  Measured here: at most 0.3% (largest in the first tens
 * of steps, from the half step), 0.02% at the manifest's paper size.
 */
#define ENERGY_TOL 0.01
/* Momentum moves by rounding only (each element's forces sum to zero):
 * a bound relative to sum m |v0|.  The centre of mass moves by the sum of
 * steps times the momentum, exactly but for rounding. */
#define MOMENTUM_TOL 1e-10
#define CENTRE_TOL 1e-9
/* The yield condition, to rounding. */
#define YIELD_TOL 1e-9
/* The probe against the C implementation, relative to each quantity's
 * largest magnitude. */
#define PROBE_TOL 1e-8

static struct fma3d_args args;

static void not_made(const char *what)
{
	check_fail("%s was not made for -n %ld -t %ld -s %llu", what, args.n,
		   args.steps, (unsigned long long)args.seed);
}

/* The file name beside the input holds exactly len bytes of want. */
static void same_file(const char *name, const char *want, size_t len)
{
	const char *slash = strrchr(args.input, '/');
	size_t dir = slash ? (size_t)(slash - args.input) + 1 : 0;
	char path[4096];
	char *got;
	FILE *f;
	int same;

	snprintf(path, sizeof(path), "%.*s%s", (int)dir, args.input, name);
	f = fopen(path, "rb");
	if (!f)
		check_fail("cannot open the input's %s", name);
	got = malloc(len + 1);
	if (!got)
		check_fail("out of memory");
	same = fread(got, 1, len + 1, f) == len && !memcmp(got, want, len);
	fclose(f);
	free(got);
	if (!same)
		not_made(path);
}

/* The input folder is what sp-fma3d-gen makes of the arguments. */
static void check_input(const struct fma3d_mesh *plate,
			const struct fma3d_mesh *probe)
{
	char *buf;
	size_t len;
	FILE *f;

	f = open_memstream(&buf, &len);
	if (!f)
		check_fail("out of memory");
	fma3d_write_params(f, &args, plate);
	fclose(f);
	same_file("fma3d.in", buf, len);
	free(buf);
	f = open_memstream(&buf, &len);
	if (!f)
		check_fail("out of memory");
	fma3d_write_mesh(f, plate);
	fclose(f);
	same_file("mesh.bin", buf, len);
	free(buf);
	f = open_memstream(&buf, &len);
	if (!f)
		check_fail("out of memory");
	fma3d_write_mesh(f, probe);
	fclose(f);
	same_file("probe.bin", buf, len);
	free(buf);
}

static void check_header(const struct fma3d_state *st,
			 const struct fma3d_mesh *plate,
			 const struct fma3d_mesh *probe)
{
	if (st->nx != args.n || st->ny != args.n || st->nz != FMA3D_NZ ||
	    st->plate.steps != args.steps || st->seed != args.seed)
		check_fail("the state is not of -n %ld -t %ld -s %llu", args.n,
			   args.steps, (unsigned long long)args.seed);
	if (st->plate.nnode != plate->nnode || st->plate.nelem != plate->nelem)
		check_fail("%ld nodes and %ld elements, expected %ld and %ld",
			   st->plate.nnode, st->plate.nelem, plate->nnode,
			   plate->nelem);
	if (st->probe.nnode != probe->nnode || st->probe.nelem != probe->nelem ||
	    st->probe.steps != FMA3D_PROBE_STEPS)
		check_fail("the probe is not the %dx%dx%d mesh of %d steps",
			   FMA3D_PROBE_NX, FMA3D_PROBE_NY, FMA3D_PROBE_NZ,
			   FMA3D_PROBE_STEPS);
}

struct balance {
	double ke0, ke, elastic, plastic, hourglass;
	double p0[3], p[3], pscale, centre[3], cscale;
	double worst_yield, pworst, cworst;
};

/* Element e's stress inside its yield surface; its energies added to b. */
static void element_energy(const struct fma3d_material *mat, double vol0,
			   const double *st, long e, struct balance *b)
{
	double mean = (st[0] + st[1] + st[2]) / 3, ss = 0, ep = st[6], q2 = 0;
	double eq, yield;

	if (ep < 0)
		check_fail("element %ld's plastic strain %g is negative", e + 1,
			   ep);
	for (int i = 0; i < 3; i++)
		ss += (st[i] - mean) * (st[i] - mean) + 2 * st[i + 3] * st[i + 3];
	eq = sqrt(1.5 * ss);
	yield = mat->sy0 + mat->harden * ep;
	if (eq > yield * (1 + YIELD_TOL))
		check_fail("element %ld's stress is outside its yield surface "
			   "(%.6g Pa > %.6g Pa)", e + 1, eq, yield);
	if (eq / yield > b->worst_yield)
		b->worst_yield = eq / yield;
	for (int k = 0; k < 12; k++)
		q2 += st[7 + k] * st[7 + k];
	b->elastic += vol0 * (mean * mean / (2 * mat->bulk) +
			      ss / (4 * mat->mu));
	b->plastic += vol0 * ep * (mat->sy0 + mat->harden * ep / 2);
	b->hourglass += q2 / (2 * fma3d_ref_khg(mat, vol0));
}

static void check_plate(const struct fma3d_mesh *m,
			const struct fma3d_material *mat,
			const struct fma3d_part *pt)
{
	double *mass = malloc((size_t)m->nnode * sizeof(*mass)), total, err;
	struct balance b;

	if (!mass)
		check_fail("out of memory");
	memset(&b, 0, sizeof(b));
	fma3d_ref_masses(m, mat, mass);
	for (long n = 0; n < m->nnode; n++) {
		const double *v0 = m->v0 + 3 * n, *u = pt->node + 6 * n,
			     *v = u + 3;

		for (int i = 0; i < 3; i++) {
			b.ke0 += mass[n] * v0[i] * v0[i] / 2;
			b.ke += mass[n] * v[i] * v[i] / 2;
			b.p0[i] += mass[n] * v0[i];
			b.p[i] += mass[n] * v[i];
			b.centre[i] += mass[n] * u[i];
			b.pscale += mass[n] * fabs(v0[i]);
			b.cscale += mass[n] * fabs(u[i]);
		}
	}
	free(mass);
	for (long e = 0; e < m->nelem; e++)
		element_energy(mat, fma3d_ref_volume(m, e),
			       pt->elem + FMA3D_ELEM_STATE * e, e, &b);
	for (int i = 0; i < 3; i++) {
		static const char axis[] = "xyz";
		double pe = fabs(b.p[i] - b.p0[i]) / b.pscale;
		double ce = fabs(b.centre[i] - b.p0[i] * pt->time) /
			    (b.cscale + fabs(b.p0[i] * pt->time));

		b.pworst = pe > b.pworst ? pe : b.pworst;
		b.cworst = ce > b.cworst ? ce : b.cworst;
		if (pe > MOMENTUM_TOL)
			check_fail("momentum along %c is %.17g, not the initial "
				   "%.17g", axis[i], b.p[i], b.p0[i]);
		if (ce > CENTRE_TOL)
			check_fail("the centre of mass moved %.17g along %c, not "
				   "momentum times time %.17g", b.centre[i],
				   axis[i], b.p0[i] * pt->time);
	}
	total = b.ke + b.elastic + b.plastic + b.hourglass;
	err = (total - b.ke0) / b.ke0;
	if (fabs(err) > ENERGY_TOL)
		check_fail("energy %.6g J (kinetic %.6g, elastic %.6g, plastic "
			   "%.6g, hourglass %.6g) is not the initial kinetic "
			   "%.6g J: %.3g%% off", total, b.ke, b.elastic,
			   b.plastic, b.hourglass, b.ke0, 100 * err);
	if (!(b.plastic > 0))
		check_fail("nothing yielded: the impacts are plastic");
	printf("plate: initial kinetic %.6g J; kinetic %.6g, elastic %.6g, "
	       "plastic %.6g, hourglass %.6g; balance %.3g%%; momentum to "
	       "%.2g, centre of mass to %.2g; stresses at most %.12g of "
	       "yield\n", b.ke0, b.ke, b.elastic, b.plastic, b.hourglass,
	       100 * err, b.pworst, b.cworst, b.worst_yield);
}

/* The largest |a[k]| over the columns [lo, hi) of rows of width w. */
static double largest(const double *a, long rows, int w, int lo, int hi)
{
	double big = 0;

	for (long r = 0; r < rows; r++)
		for (int k = lo; k < hi; k++)
			if (fabs(a[r * w + k]) > big)
				big = fabs(a[r * w + k]);
	return big;
}

static void compare(const char *what, const double *got, const double *want,
		    long rows, int w, int lo, int hi)
{
	double scale = largest(want, rows, w, lo, hi);

	for (long r = 0; r < rows; r++)
		for (int k = lo; k < hi; k++) {
			double g = got[r * w + k], x = want[r * w + k];

			if (fabs(g - x) > PROBE_TOL * scale)
				check_fail("probe %s %ld[%d] is %.17g, the C "
					   "scheme's %.17g", what, r + 1, k - lo,
					   g, x);
		}
}

static void check_probe(const struct fma3d_mesh *m,
			const struct fma3d_material *mat,
			const struct fma3d_part *pt)
{
	struct fma3d_ref_state ref;
	int rc = fma3d_ref_run(m, mat, FMA3D_PROBE_STEPS, &ref);

	if (rc)
		check_fail(rc == -1 ? "out of memory" :
			   "the C scheme broke down on the probe");
	if (fabs(pt->time - ref.time) > PROBE_TOL * ref.time)
		check_fail("probe time %.17g, the C scheme's %.17g", pt->time,
			   ref.time);
	compare("node displacement", pt->node, ref.node, m->nnode, 6, 0, 3);
	compare("node velocity", pt->node, ref.node, m->nnode, 6, 3, 6);
	compare("element stress", pt->elem, ref.elem, m->nelem,
		FMA3D_ELEM_STATE, 0, 6);
	compare("element plastic strain", pt->elem, ref.elem, m->nelem,
		FMA3D_ELEM_STATE, 6, 7);
	compare("element hourglass force", pt->elem, ref.elem, m->nelem,
		FMA3D_ELEM_STATE, 7, FMA3D_ELEM_STATE);
	if (largest(ref.elem, m->nelem, FMA3D_ELEM_STATE, 6, 7) != 0)
		check_fail("the probe yielded in the C scheme");
	fma3d_ref_free(&ref);
	printf("probe: %d steps of %ldx%ldx%ld elements as the C scheme's "
	       "to %g\n", FMA3D_PROBE_STEPS, m->nx, m->ny, m->nz, PROBE_TOL);
}

int main(int argc, char **argv)
{
	struct fma3d_mesh plate, probe;
	struct fma3d_material mat;
	struct fma3d_state st;

	fma3d_parse_args(argc, argv, 0, &args);
	check_begin(PROG, args.path);
	if (fma3d_mesh_make(&plate, 1, args.n, args.seed) ||
	    fma3d_mesh_make(&probe, 0, 0, args.seed))
		check_fail("out of memory");
	check_input(&plate, &probe);
	fma3d_read_state(args.path, &st);
	check_header(&st, &plate, &probe);
	fma3d_ref_material(&mat);
	check_plate(&plate, &mat, &st.plate);
	check_probe(&probe, &mat, &st.probe);
	printf("ok %ld steps on %ldx%ldx%d elements\n", args.steps, args.n,
	       args.n, FMA3D_NZ);
	return 0;
}
