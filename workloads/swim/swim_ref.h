/* swim_ref.h - sp-swim-check's own shallow water model: the scheme of
 * swim_calc.f90 written again in C, on M x N arrays without the periodic
 * copies (neighbours found modulo M and N), row by row, with the time
 * levels swapped by pointer, to recompute the records of a run. */
#ifndef SP_SWIM_REF_H
#define SP_SWIM_REF_H

#include "swim_spec.h"

struct swim_ref {
	long m, n;			/* points along i and j */
	double dt, dx, dy, alpha, p0, tdt;
	long step;
	/* fields [i * n + j]: the current level, the previous (filtered)
	 * one, the next one, and CALC1's four */
	double *u, *v, *p, *uo, *vo, *po, *un, *vn, *pn;
	double *cu, *cv, *z, *h;
	long *ie, *iw, *jn, *js;	/* i + 1, i - 1, j + 1, j - 1 */
};

/* The run's initial state, step 0; 0, or -1 out of memory (free r
 * with swim_ref_free either way). */
int swim_ref_init(struct swim_ref *r, const struct swim_params *sp);

/* One time step (the first unfiltered, as the run's). */
void swim_ref_step(struct swim_ref *r);

/* The record of the current level: rec[0] the step, rec[1..5] as the
 * run's (mass, energy, potential enstrophy, sum |U|, sum |V|). */
void swim_ref_record(const struct swim_ref *r, double rec[SWIM_REC]);

void swim_ref_free(struct swim_ref *r);

#endif
