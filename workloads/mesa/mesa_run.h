/* mesa_run.h - the parts of sp-mesa: the mesh as vertex and normal
 * arrays, the OpenGL state of the scene, and one frame drawn. */
#ifndef SP_MESA_RUN_H
#define SP_MESA_RUN_H

#include "mesa_spec.h"

struct mesa_scene {
	long grid;
	const float *h;		/* the heights, mesa.in's order */
	float (*v)[3];		/* vertex (i, j) at v[j grid + i] */
	float (*n)[3];		/* its unit normal */
};

/* The vertices of the mesh's heights and their normals, from central
 * differences (one-sided at the border): 0, or -1 when out of memory. */
int mesa_scene_build(struct mesa_scene *s, const struct mesa_mesh *m);

/* The view, lights, material and contour texture of mesa_spec.h, depth
 * test and smooth shading, into the current context of side x side. */
void mesa_scene_state(long side);

/* Clears and draws frame f: the mesh turned by f MESA_STEP degrees. */
void mesa_scene_frame(const struct mesa_scene *s, uint64_t f);

#endif
