/* eon_check.h - sp-eon-check's own renderer, in C and apart from sp-eon's
 * C++ one: its scene (read from the same file by a reader of its own), a
 * uniform grid in place of sp-eon's BVH, and the path of one pixel, all
 * in the arithmetic eon_spec.h gives. */
#ifndef SP_EON_CHECK_H
#define SP_EON_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "eon_spec.h"

enum ck_type { CK_SPHERE, CK_RECT, CK_BOX };

/* sphere: v = c, r; rect: axis, v = k, u0, u1, v0, v1; box: v = lo, hi */
struct ck_prim {
	int type, mat, axis;
	double v[6];
};

struct ck_material {
	int kind;
	double c[3];
};

struct ck_scene {
	double eye[3], tan;
	struct ck_material *mats;
	size_t nmats;
	struct ck_prim *prims;
	size_t nprims;
	const struct ck_prim *light;
};

/* Reads the scene file made for a; NULL on success, else what is wrong
 * (a static string). */
const char *ck_scene_read(const char *path, const struct eon_args *a,
			  struct ck_scene *s);

/* The nearest hit t > EON_EPS of prim p by o + t d, and the axis of the
 * face met (boxes and rects); 0 when none. */
int ck_prim_hit(const struct ck_prim *p, const double o[3],
		const double d[3], double *t, int *face);

struct ck_grid {
	const struct ck_scene *s;
	int n;			/* cells per axis */
	double lo[3], cell[3];
	uint32_t *start;	/* cell i's prims: ids[start[i] .. start[i + 1]) */
	uint32_t *ids;
};

/* Builds g over s's prims; 0, or -1 when out of memory. */
int ck_grid_build(struct ck_grid *g, const struct ck_scene *s);

struct ck_hit {
	double t;
	int face;
	const struct ck_prim *p;
};

/* The nearest hit t > EON_EPS of o + t d, as a brute-force search over
 * every prim would find it; 0 when there is none. */
int ck_grid_nearest(const struct ck_grid *g, const double o[3],
		    const double d[3], struct ck_hit *h);

/* Whether some prim is hit at EON_EPS < t < tmax. */
int ck_grid_occluded(const struct ck_grid *g, const double o[3],
		     const double d[3], double tmax);

/* Pixel (x, y) of the image (y = 0 the top row), each channel the mean
 * of its spp samples. */
void ck_pixel(const struct ck_grid *g, uint64_t seed, long res, long spp,
	      long x, long y, double out[3]);

#endif
