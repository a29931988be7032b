/* fma3d_mesh.h - the seeded meshes of the fma3d workload, made the same
 * way by sp-fma3d-gen (which writes them for sp-fma3d) and sp-fma3d-check
 * (which makes them again to judge the state by): a block of brick
 * elements, its elements renumbered by a seeded permutation, struck by
 * seeded impacts as an initial velocity field. */
#ifndef SP_FMA3D_MESH_H
#define SP_FMA3D_MESH_H

#include <stdint.h>

#include "fma3d_spec.h"

struct fma3d_impact {
	double cx, cy, r, vz;	/* centre and radius (m), peak speed (m/s) */
};

struct fma3d_mesh {
	long nx, ny, nz;
	long nnode, nelem;
	double *x;		/* 3 per node: coordinates */
	double *v0;		/* 3 per node: initial velocity */
	int32_t *ix;		/* 8 per element: node numbers from 1 */
	double drift[2];
	struct fma3d_impact impact[FMA3D_IMPACTS_MAX];
	int nimpact;
};

/* The plate of -n n (plate != 0) or the probe (plate == 0) for seed:
 * 0, or -1 when out of memory. */
int fma3d_mesh_make(struct fma3d_mesh *m, int plate, long n, uint64_t seed);

void fma3d_mesh_free(struct fma3d_mesh *m);

#endif
