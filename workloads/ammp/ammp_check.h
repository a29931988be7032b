/* ammp_check.h - sp-ammp-check's own view of the system, apart from
 * sp-ammp's: plain arrays indexed by serial number, and the potential and
 * forces computed over all pairs (ammp_check_pot.c) rather than from
 * neighbour lists. */
#ifndef SP_AMMP_CHECK_H
#define SP_AMMP_CHECK_H

#include "ammp_spec.h"

struct chk_sys {
	struct ammp_params p;
	long n;
	double *x, *v;			/* 3 n: the input's state */
	double *q, *a, *b, *m;
	long nbonds, nangles;
	struct ammp_bond_rec *bonds;
	struct ammp_angle_rec *angles;
	long *ex_start, *ex;		/* each atom's excluded partners,
					 * sorted: ex[ex_start[i]..ex_start[i+1]) */
	double *wrapped;		/* 3 n: scratch, positions in the box */
};

/* Reads ammp.in (path) into s; a failure is a check_fail. */
void chk_read_input(struct chk_sys *s, const char *path);

/* The total potential energy at positions x (3 n), over all pairs; *scale
 * gets the sum of the terms' magnitudes. */
double chk_potential(struct chk_sys *s, const double *x, double *scale);

/* The force on atom i at positions x, over all its pairs and bonded
 * terms; *scale gets the sum of their magnitudes. */
void chk_force(struct chk_sys *s, const double *x, long i, double f[3],
	       double *scale);

/* The same force as minus the central difference of the energy of the
 * terms atom i takes part in, step h. */
void chk_force_fd(struct chk_sys *s, const double *x, long i, double h,
		  double f[3]);

/* The stiffest frequency of the system, squared: of its bonds and of a
 * Lennard-Jones plus Coulomb contact at sigma between its lightest atoms. */
double chk_omega2(const struct chk_sys *s);

#endif
