/* mesa_check.h - the parts of sp-mesa-check: the PPM it reads, and the
 * mesh's coverage of the image by its own projection and edge tests. */
#ifndef SP_MESA_CHECK_H
#define SP_MESA_CHECK_H

#include "mesa_spec.h"

struct image {
	long side;
	unsigned long long frames;
	long threads;
	unsigned char *rgb;	/* rows bottom first, as OpenGL numbers them */
};

/* Reads the image at path (check_begin's file) into *im, rows turned to
 * OpenGL's order; a malformed file is a check_fail. */
void chk_read_ppm(const char *path, struct image *im);

/* The eye-coordinate rotation of frame f, R[row][col], as OpenGL's
 * glRotatef(f MESA_STEP, MESA_AXIS) makes it, computed here in double. */
void chk_rotation(uint64_t f, double r[3][3]);

/* Marks in mask (side x side, row 0 the bottom) every pixel whose centre
 * lies in a triangle of the mesh turned by r and projected as sp-mesa's
 * view does; a vertex outside the view is a check_fail. */
void chk_cover(const struct mesa_mesh *m, const double r[3][3], long side,
	       unsigned char *mask);

/* Renders the mesh turned by r by the check's own arithmetic (see
 * mesa_check_raster.c) into rgb (unless NULL), side x side x 3 levels of
 * 0..255, row 0 the bottom, -1 where nothing is drawn, and each pixel's
 * depth (1 where nothing) into depth; a triangle covers the pixel centres
 * inside it and those up to grow pixels outside its edges (grow < 0:
 * those at least -grow inside). */
void chk_render(const struct mesa_mesh *m, const double r[3][3], long side,
		double grow, float *rgb, double *depth);

/* The fragments a renderer's rounding could have kept instead of the
 * nearest: those of triangles that reach within grow pixels of a pixel
 * centre and are not behind depth there.  Each drawn pixel of im around
 * one gets in best the difference from it (largest of the channels) when
 * smaller than best's (best < 0: none yet). */
void chk_candidates(const struct mesa_mesh *m, const double r[3][3],
		    double grow, const double *depth, const struct image *im,
		    float *best);


/* The lit shade (ambient + each light's diffuse share of its cosine) of a
 * surface whose unit normal n is in eye coordinates. */
double chk_lambert(const double n[3]);

#endif
