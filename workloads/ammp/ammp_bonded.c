/* ammp_bonded.c - sp-ammp's bonded terms, walked along their linked
 * lists: harmonic bonds, V = k/2 (r - r0)^2, and angles harmonic in the
 * cosine, V = k/2 (cos theta - c0)^2, whose centre atom takes minus the
 * sum of the forces on the ends so that the three add to zero. */
#include <math.h>

#include "ammp.h"

static double bonds(struct sys *s)
{
	double box = s->p.box, pe = 0.0;

	for (struct bond *b = s->bonds; b; b = b->next) {
		double dx = ammp_image(b->j->x - b->i->x, box);
		double dy = ammp_image(b->j->y - b->i->y, box);
		double dz = ammp_image(b->j->z - b->i->z, box);
		double r = sqrt(dx * dx + dy * dy + dz * dz);
		double dr = r - b->r0, g = b->k * dr / r;

		pe += 0.5 * b->k * dr * dr;
		b->i->fx += g * dx;
		b->i->fy += g * dy;
		b->i->fz += g * dz;
		b->j->fx -= g * dx;
		b->j->fy -= g * dy;
		b->j->fz -= g * dz;
	}
	return pe;
}

static double angles(struct sys *s)
{
	double box = s->p.box, pe = 0.0;

	for (struct angle *g = s->angles; g; g = g->next) {
		double u[3] = { ammp_image(g->i->x - g->j->x, box),
				ammp_image(g->i->y - g->j->y, box),
				ammp_image(g->i->z - g->j->z, box) };
		double w[3] = { ammp_image(g->k->x - g->j->x, box),
				ammp_image(g->k->y - g->j->y, box),
				ammp_image(g->k->z - g->j->z, box) };
		double lu = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
		double lw = sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
		double iuw = 1.0 / (lu * lw);
		double c = (u[0] * w[0] + u[1] * w[1] + u[2] * w[2]) * iuw;
		double dvdc = g->kc * (c - g->c0);
		double fi[3], fk[3];

		pe += 0.5 * g->kc * (c - g->c0) * (c - g->c0);
		for (int d = 0; d < 3; d++) {
			fi[d] = -dvdc * (w[d] * iuw - c * u[d] / (lu * lu));
			fk[d] = -dvdc * (u[d] * iuw - c * w[d] / (lw * lw));
		}
		g->i->fx += fi[0];
		g->i->fy += fi[1];
		g->i->fz += fi[2];
		g->k->fx += fk[0];
		g->k->fy += fk[1];
		g->k->fz += fk[2];
		g->j->fx -= fi[0] + fk[0];
		g->j->fy -= fi[1] + fk[1];
		g->j->fz -= fi[2] + fk[2];
	}
	return pe;
}

double ammp_bonded(struct sys *s)
{
	return bonds(s) + angles(s);
}
