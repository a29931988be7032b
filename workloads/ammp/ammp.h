/* ammp.h - sp-ammp's data structures, in the shape of SPEC's 188.ammp:
 * every atom a struct of its own from malloc, linked by `next` in the
 * order the input lists them, holding its neighbour list inline as an
 * array of pointers to other atoms (AMMP's close[]) and its excluded
 * (bonded) partners likewise; bonds and angles are linked lists of structs
 * pointing at their atoms. */
#ifndef SP_AMMP_H
#define SP_AMMP_H

#include "ammp_spec.h"

#define AMMP_NCLOSE 200		/* list entries an atom holds, at most */
#define AMMP_NEXCLUDE 32	/* bonded partners an atom holds, at most */

struct atom {
	double x, y, z;
	double fx, fy, fz;
	double vx, vy, vz;
	double q, a, b, mass;
	double x0, y0, z0;		/* where it was at the last list build */
	long serial;
	struct atom *next;		/* the input's order */
	struct atom *cell_next;		/* its cell's atoms, while building */
	int nclose, nexcluded;
	struct atom *excluded[AMMP_NEXCLUDE];
	struct atom *close[AMMP_NCLOSE];	/* partners within the reach,
						 * each pair held once */
};

struct bond {
	struct atom *i, *j;
	double r0, k;
	struct bond *next;
};

struct angle {
	struct atom *i, *j, *k;
	double c0, kc;
	struct angle *next;
};

struct sys {
	struct ammp_params p;
	struct atom *first, *last;
	struct atom **serial;		/* by serial number */
	long natoms;
	struct bond *bonds, **bond_tail;
	struct angle *angles, **angle_tail;
	struct atom **cells;		/* heads of the build's cell lists */
	long ncell;			/* cells per side: 1, or 3 and more */
	long rebuilds;
	const char *error;		/* set by a loader that fails */
};

/* Reads ammp.in from f into s: NULL, or what is wrong. */
const char *ammp_load(struct sys *s, FILE *f);

/* Rebuilds every atom's list of partners within cutoff + skin (positions
 * put back in the box first); NULL, or what is wrong. */
const char *ammp_build_lists(struct sys *s);

/* Whether an atom moved more than half the skin since the last build. */
int ammp_lists_stale(const struct sys *s);

/* Adds the nonbonded forces (shifted-force Lennard-Jones and Coulomb over
 * the lists) to every atom's f; their potential energy. */
double ammp_nonbonded(struct sys *s);

/* Adds the bond and angle forces; their potential energy. */
double ammp_bonded(struct sys *s);

/* The displacement b - a under the minimum image, for atoms at most half
 * a skin from where the last build put them in the box. */
static inline double ammp_image(double d, double box)
{
	if (d > 0.5 * box)
		return d - box;
	if (d < -0.5 * box)
		return d + box;
	return d;
}

#endif
