/* sixtrack_design.h - sp-sixtrack-gen's ring design: the arc cell's
 * layout, the quadrupole strengths that give the ring its tunes, the
 * sextupoles that correct its chromaticity, the RF cavity's voltage for
 * its synchrotron tune, and the particles' starting coordinates. */
#ifndef SP_SIXTRACK_DESIGN_H
#define SP_SIXTRACK_DESIGN_H

#include "sixtrack_spec.h"

/* The cell's elements, in the order sixtrack.in lists them. */
enum { SIX_QF, SIX_QD, SIX_SF, SIX_SD, SIX_MO, SIX_MB, SIX_ELEMENTS };

struct sixtrack_design {
	/* the cell: each entry's element and the drift after it (m) */
	int elem[SIXTRACK_CELL_ENTRIES];
	double drift[SIXTRACK_CELL_ENTRIES];
	/* per slice or element: quadrupoles' b2, sextupoles' b3,
	 * octupoles' b4; a dipole slice's angle and curvature */
	double qf, qd, sf, sd, mo, theta, h;
	double v, krf;			/* the cavity */
	/* at the ring's start: the periodic optics, for the particles */
	double betx, alfx, bety, alfy, dx, dpx;
	double qx, qy, qs;		/* the design tunes */
};

/* The ring of cells (linear: sextupoles and octupoles off).  0, or -1 if
 * the tunes cannot be matched. */
int sixtrack_design(long cells, int linear, struct sixtrack_design *d);

/* The names of the elements, indexed as above. */
extern const char *const sixtrack_element_names[SIX_ELEMENTS];

/* Particle j's (1 .. n) starting coordinates x px y py sigma delta for
 * the seed: particle 1 the probe, at a hundredth of a beam size; the
 * others at amplitudes from SIXTRACK_RMIN to SIXTRACK_RMAX beam sizes, at
 * seeded angles in the x-y plane and seeded momentum offsets. */
void sixtrack_particle(const struct sixtrack_design *d, uint64_t seed,
		       long j, long n, double c[6]);

#endif
