/* sixtrack_ref.h - sp-sixtrack-check's own tracker, written apart from
 * sp-sixtrack's Fortran: the ring as an array of element structs built
 * from sixtrack.in, and one particle at a time carried turn by turn
 * through it (sp-sixtrack carries all particles element by element). */
#ifndef SP_SIXTRACK_REF_H
#define SP_SIXTRACK_REF_H

#include "sixtrack_files.h"

enum { REF_BEND, REF_MULT, REF_CAVITY };

struct ref_element {
	int kind, nmz;		/* nmz: the highest order with a coefficient */
	double theta, h;	/* a bend's angle and curvature; a cavity's
				 * V and K */
	double drift;		/* after the kick */
	double b[SIXTRACK_MMUL], a[SIXTRACK_MMUL];	/* order n at n - 1 */
};

struct ref_ring {
	long n;
	struct ref_element *el;
	double aperx, apery;
};

/* The ring sixtrack.in describes: -1 when out of memory. */
int ref_ring_build(struct ref_ring *r, const struct sixtrack_input *in);
void ref_ring_free(struct ref_ring *r);

/* One turn of the particle c (x px y py sigma delta), in place. */
void ref_turn(const struct ref_ring *r, double c[6]);

/* Whether c is inside the aperture (the test at the end of a turn). */
int ref_inside(const struct ref_ring *r, const double c[6]);

/* Tracks c up to turns turns: the turn it was lost at the end of, or 0;
 * c its coordinates then.  each(k, c, ctx), when given, sees it after
 * every turn k it survived. */
long ref_track(const struct ref_ring *r, double c[6], long turns,
	       void (*each)(long k, const double c[6], void *ctx), void *ctx);

#endif
