/* fma3d_ref.h - sp-fma3d-check's own implementation of the scheme
 * sp-fma3d runs (fma3d_spec.h's material, the one-point brick with
 * stiffness hourglass control, central differences), written again in C
 * over plain arrays: the probe is run with it, and the energy check takes
 * its volumes, masses and hourglass stiffnesses from it. */
#ifndef SP_FMA3D_REF_H
#define SP_FMA3D_REF_H

#include "fma3d_mesh.h"

struct fma3d_material {
	double rho, sy0, harden, hgk, cfl;
	double lambda, mu, bulk, c;	/* Lame's, the bulk modulus, wave speed */
};

/* The final state: per node u and v (6 doubles), per element the
 * FMA3D_ELEM_STATE values, as in the state file; the time reached. */
struct fma3d_ref_state {
	double *node, *elem;
	double time;
};

void fma3d_ref_material(struct fma3d_material *mat);

/* Element e's initial volume (8 det J at its centre) and hourglass
 * stiffness. */
double fma3d_ref_volume(const struct fma3d_mesh *m, long e);
double fma3d_ref_khg(const struct fma3d_material *mat, double vol0);

/* The nodes' lumped masses (nnode of them, zeroed here). */
void fma3d_ref_masses(const struct fma3d_mesh *m,
		      const struct fma3d_material *mat, double *mass);

/* Runs steps of the scheme on m: 0, -1 out of memory, -2 it broke down. */
int fma3d_ref_run(const struct fma3d_mesh *m, const struct fma3d_material *mat,
		  long steps, struct fma3d_ref_state *s);

void fma3d_ref_free(struct fma3d_ref_state *s);

#endif
