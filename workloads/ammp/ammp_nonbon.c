/* ammp_nonbon.c - sp-ammp's nonbonded terms: the neighbour lists, rebuilt
 * from cell lists every `rebuild` steps or sooner when an atom has moved
 * half the skin, each pair within cutoff + skin entered once (in the list
 * of the atom it lies above), and the shifted-force Lennard-Jones and
 * Coulomb forces summed over them, each pair's force added to one atom
 * and taken from the other. */
#include <math.h>

#include "ammp.h"

static long cell_of(const struct sys *s, double x)
{
	long c = (long)(x / s->p.box * (double)s->ncell);

	return c < 0 ? 0 : c >= s->ncell ? s->ncell - 1 : c;
}

static double wrap(double x, double box)
{
	return x - box * floor(x / box);
}

/* Whether d points into the upper half space (z, then y, then x): of a
 * pair's two displacements exactly one does. */
static int above(double dx, double dy, double dz)
{
	if (dz != 0.0)
		return dz > 0.0;
	if (dy != 0.0)
		return dy > 0.0;
	return dx > 0.0;
}

static int excluded(const struct atom *a, const struct atom *b)
{
	for (int k = 0; k < a->nexcluded; k++)
		if (a->excluded[k] == b)
			return 1;
	return 0;
}

/* Enters into a's list the atoms of cell (cx, cy, cz) that lie above it
 * within the reach and are not bonded to it. */
static int scan_cell(const struct sys *s, struct atom *a, long cx, long cy,
		     long cz, double reach2)
{
	long n = s->ncell;
	struct atom *b = s->cells[(cx * n + cy) * n + cz];
	double box = s->p.box;

	for (; b; b = b->cell_next) {
		double dx = ammp_image(b->x - a->x, box);
		double dy = ammp_image(b->y - a->y, box);
		double dz = ammp_image(b->z - a->z, box);

		if (b == a || !above(dx, dy, dz) ||
		    dx * dx + dy * dy + dz * dz >= reach2 || excluded(a, b))
			continue;
		if (a->nclose == AMMP_NCLOSE)
			return -1;
		a->close[a->nclose++] = b;
	}
	return 0;
}

const char *ammp_build_lists(struct sys *s)
{
	double reach = s->p.cutoff + s->p.skin, box = s->p.box;
	long n = s->ncell, lo = n == 1 ? 0 : -1, hi = n == 1 ? 0 : 1;
	struct atom *a;

	for (long c = 0; c < n * n * n; c++)
		s->cells[c] = NULL;
	for (a = s->first; a; a = a->next) {
		long c;

		a->x0 = a->x = wrap(a->x, box);
		a->y0 = a->y = wrap(a->y, box);
		a->z0 = a->z = wrap(a->z, box);
		c = (cell_of(s, a->x) * n + cell_of(s, a->y)) * n +
		    cell_of(s, a->z);
		a->cell_next = s->cells[c];
		s->cells[c] = a;
	}
	for (a = s->first; a; a = a->next) {
		long cx = cell_of(s, a->x), cy = cell_of(s, a->y);
		long cz = cell_of(s, a->z);

		a->nclose = 0;
		for (long i = lo; i <= hi; i++)
			for (long j = lo; j <= hi; j++)
				for (long k = lo; k <= hi; k++)
					if (scan_cell(s, a, (cx + i + n) % n,
						      (cy + j + n) % n,
						      (cz + k + n) % n,
						      reach * reach))
						return "an atom has more "
						       "neighbours than its "
						       "list holds";
	}
	s->rebuilds++;
	return NULL;
}

int ammp_lists_stale(const struct sys *s)
{
	double half = 0.5 * s->p.skin;

	for (const struct atom *a = s->first; a; a = a->next) {
		double dx = a->x - a->x0, dy = a->y - a->y0, dz = a->z - a->z0;

		if (dx * dx + dy * dy + dz * dz > half * half)
			return 1;
	}
	return 0;
}

double ammp_nonbonded(struct sys *s)
{
	double rc = s->p.cutoff, box = s->p.box, rc2 = rc * rc;
	double irc = 1.0 / rc, irc2 = irc * irc, irc6 = irc2 * irc2 * irc2;
	double irc7 = irc6 * irc, irc12 = irc6 * irc6, irc13 = irc12 * irc;
	double pe = 0.0;

	for (struct atom *a = s->first; a; a = a->next) {
		double fx = 0.0, fy = 0.0, fz = 0.0;

		for (int k = 0; k < a->nclose; k++) {
			struct atom *b = a->close[k];
			double dx = ammp_image(b->x - a->x, box);
			double dy = ammp_image(b->y - a->y, box);
			double dz = ammp_image(b->z - a->z, box);
			double r2 = dx * dx + dy * dy + dz * dz;
			double r, ir, ir2, ir6, A, B, qq, dr, dvdr, g;

			if (r2 >= rc2)
				continue;
			r = sqrt(r2);
			ir = 1.0 / r;
			ir2 = ir * ir;
			ir6 = ir2 * ir2 * ir2;
			A = a->a * b->a;
			B = a->b * b->b;
			qq = a->q * b->q;
			dr = r - rc;
			pe += A * (ir6 * ir6 - irc12 + 12.0 * dr * irc13) -
			      B * (ir6 - irc6 + 6.0 * dr * irc7) +
			      qq * (ir - irc + dr * irc2);
			dvdr = 12.0 * A * (irc13 - ir6 * ir6 * ir) -
			       6.0 * B * (irc7 - ir6 * ir) +
			       qq * (irc2 - ir2);
			g = dvdr * ir;
			fx += g * dx;
			fy += g * dy;
			fz += g * dz;
			b->fx -= g * dx;
			b->fy -= g * dy;
			b->fz -= g * dz;
		}
		a->fx += fx;
		a->fy += fy;
		a->fz += fz;
	}
	return pe;
}
