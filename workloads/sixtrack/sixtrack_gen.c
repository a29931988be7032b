/* sixtrack_gen.c - sp-sixtrack-gen: the sixtrack workload's input,
 * DIR/sixtrack.in (SixTrack's fort.3 and fort.2 in one file, format in
 * sixtrack_spec.h): the run's sizes and seed, the aperture and cavity,
 * the cell's thin elements and their error sets, the cell's structure,
 * and every particle's starting coordinates. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "atomic_file.h"
#include "sixtrack_design.h"

#define R0 0.017		/* the reference radius: LHC's 17 mm */
#define APER_X 0.022		/* LHC's beam screen, half-width and height */
#define APER_Y 0.0175

/* Random errors, rms in units of 1e-4 of the main field at R0, orders 1
 * to SIXTRACK_MMUL (no dipole errors: the closed orbit stays at 0). */
static const double mb_b[SIXTRACK_MMUL] = { 0, 0.8, 0.8, 0.4, 0.4, 0.1,
					    0.1, 0.05, 0.05, 0.03, 0.03 };
static const double mb_a[SIXTRACK_MMUL] = { 0, 0.5, 0.5, 0.4, 0.3, 0.1,
					    0.1, 0.05, 0.05, 0.03, 0.03 };
static const double mq_b[SIXTRACK_MMUL] = { 0, 5.0, 1.0, 0.5, 0.3, 0.5,
					    0.1, 0.05, 0.05, 0.1, 0.03 };
static const double mq_a[SIXTRACK_MMUL] = { 0, 0.5, 1.0, 0.5, 0.3, 0.2,
					    0.1, 0.05, 0.05, 0.03, 0.03 };

static void errors(FILE *f, const char *name, const char *plane,
		   const double *u, int linear)
{
	fprintf(f, "errors %s %s", name, plane);
	for (int n = 0; n < SIXTRACK_MMUL; n++)
		fprintf(f, " %.17g", linear ? 0.0 : u[n]);
	fputc('\n', f);
}

int main(int argc, char **argv)
{
	static char path[PATH_MAX];
	const char *const *names = sixtrack_element_names;
	struct sixtrack_design d;
	struct sixtrack_args a;
	struct atomic_file af;
	FILE *f;

	sixtrack_parse_args(argc, argv, 1, &a);
	if (mkdir(a.path, 0777) && errno != EEXIST) {
		fprintf(stderr, "sp-sixtrack-gen: cannot create %s: %s\n",
			a.path, strerror(errno));
		return 1;
	}
	if (sixtrack_design(a.cells, a.linear, &d)) {
		fprintf(stderr, "sp-sixtrack-gen: cannot match the tunes of "
			"%ld cells\n", a.cells);
		return 1;
	}
	snprintf(path, sizeof(path), "%s/" SIXTRACK_INPUT_NAME, a.path);
	f = atomic_file_open(&af, "sp-sixtrack-gen", path);
	if (!f)
		return 1;
	fprintf(f, "cells %ld\nturns %ld\nparticles %ld\nseed %" PRIu64
		"\nlattice %s\n", a.cells, a.turns, a.particles, a.seed,
		a.linear ? "linear" : "full");
	fprintf(f, "mmul %d\nr0 %.17g\naperture %.17g %.17g\nrf %.17g %.17g\n",
		SIXTRACK_MMUL, R0, APER_X, APER_Y, d.v, d.krf);
	fprintf(f, "elements %d\n", SIX_ELEMENTS);
	fprintf(f, "element %s mult 2 %.17g\n", names[SIX_QF], d.qf);
	fprintf(f, "element %s mult 2 %.17g\n", names[SIX_QD], d.qd);
	fprintf(f, "element %s mult 3 %.17g\n", names[SIX_SF], d.sf);
	fprintf(f, "element %s mult 3 %.17g\n", names[SIX_SD], d.sd);
	fprintf(f, "element %s mult 4 %.17g\n", names[SIX_MO], d.mo);
	fprintf(f, "element %s bend %.17g %.17g\n", names[SIX_MB], d.theta,
		d.h);
	fprintf(f, "errorsets 6\n");
	errors(f, names[SIX_QF], "b", mq_b, a.linear);
	errors(f, names[SIX_QF], "a", mq_a, a.linear);
	errors(f, names[SIX_QD], "b", mq_b, a.linear);
	errors(f, names[SIX_QD], "a", mq_a, a.linear);
	errors(f, names[SIX_MB], "b", mb_b, a.linear);
	errors(f, names[SIX_MB], "a", mb_a, a.linear);
	fprintf(f, "cell %d\n", SIXTRACK_CELL_ENTRIES);
	for (int e = 0; e < SIXTRACK_CELL_ENTRIES; e++)
		fprintf(f, "entry %s %.17g\n", names[d.elem[e]], d.drift[e]);
	for (long j = 1; j <= a.particles; j++) {
		double c[6];

		sixtrack_particle(&d, a.seed, j, a.particles, c);
		fprintf(f, "particle %ld", j);
		for (int k = 0; k < 6; k++)
			fprintf(f, " %.17g", c[k]);
		fputc('\n', f);
	}
	return atomic_file_commit(&af) ? 1 : 0;
}
