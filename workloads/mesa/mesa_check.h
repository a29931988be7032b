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

#endif
