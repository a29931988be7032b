/* mesa_spec.h - what sp-mesa-gen, sp-mesa and sp-mesa-check agree on: the
 * command line, the mesh file mesa.in (one reader), and the scene: view,
 * rotation, lights, material and contour texture, as numbers that the
 * renderer hands to OpenGL and the check uses in its own arithmetic. */
#ifndef SP_MESA_SPEC_H
#define SP_MESA_SPEC_H

#include <stdint.h>
#include <stdio.h>

/* The image is SIDE x SIDE pixels; the mesh GRID x GRID vertices, GRID =
 * 3/8 SIDE, so that a quad of the mesh covers a few pixels. */
#define MESA_MIN_SIDE 64L
#define MESA_MAX_SIDE 4096L
#define MESA_MAX_FRAMES 1000000ULL
#define MESA_MIN_GRID 2L
#define MESA_MAX_GRID 4096L

static inline long mesa_grid(long side)
{
	return side * 3 / 8;
}

/* --mb counts the data SPEC's footprint is made of: the RGBA image (ours
 * and the renderer's copy) and the 32-bit depth buffer, 12 bytes a pixel,
 * and per vertex a height, a position and a normal, 28 bytes (9/64 of a
 * vertex a pixel): 15.94 bytes a pixel. */
#define MESA_BYTES_PER_PIXEL (12.0 + 28.0 * 9.0 / 64.0)

/* The height field spans x, y in [-1, 1]; heights are within +-MESA_HMAX. */
#define MESA_HMAX 0.3

/* View: the camera at the origin looking down -z, the object's centre at
 * z = -MESA_DIST, glFrustum(-F, F, -F, F, NEAR, FAR).  The object (radius
 * at most sqrt(2 + HMAX^2)) stays inside the view whatever its rotation. */
#define MESA_DIST 6.0
#define MESA_FRUSTUM 1.1
#define MESA_NEAR 4.0
#define MESA_FAR 8.0

/* Frame f (from 0) turns the object by f * MESA_STEP degrees about the
 * axis MESA_AXIS (not normalized: OpenGL normalizes it). */
#define MESA_STEP 7.3
#define MESA_AXIS_X 1.0
#define MESA_AXIS_Y 2.0
#define MESA_AXIS_Z 0.5

/* Lighting: white directional lights (their directions toward the light,
 * in eye coordinates, not normalized), no specular, global ambient; the
 * material's ambient and diffuse colour is MESA_MAT.  A lit colour is
 * MAT * (AMBIENT + sum DIFFUSE_i max(0, n.l_i)) <= MAT: never clamped. */
#define MESA_AMBIENT 0.2
#define MESA_L0_X 0.5
#define MESA_L0_Y 0.7
#define MESA_L0_Z 1.0
#define MESA_L0_DIFFUSE 0.5
#define MESA_L1_X (-0.6)
#define MESA_L1_Y (-0.2)
#define MESA_L1_Z 0.8
#define MESA_L1_DIFFUSE 0.3
#define MESA_MAT_R 0.9
#define MESA_MAT_G 0.6
#define MESA_MAT_B 0.3

/* Contour lines: a 1-D texture of MESA_TEXELS texels, grey MESA_LINE for
 * the first MESA_LINE_TEXELS and white after, repeated, nearest texel,
 * modulating the lit colour; its coordinate s = z CONTOUR + 0.5 in object
 * coordinates (a line every 1/CONTOUR of height, none at z = 0). */
#define MESA_TEXELS 64
#define MESA_LINE_TEXELS 4
#define MESA_LINE 102		/* of 255: 0.4 */
#define MESA_CONTOUR 16.0

/* The mesh is drawn as GRID - 1 triangle strips, strip j through the
 * vertices (0, j), (0, j+1), (1, j), (1, j+1), ...: quad (i, j) is the
 * triangles (i,j) (i,j+1) (i+1,j) and (i,j+1) (i+1,j) (i+1,j+1).  Each
 * vertex has the unit normal (-dh/dx, -dh/dy, 1) / length, the slopes by
 * central differences of the heights (one-sided at the border). */

struct mesa_args {
	long side;
	uint64_t frames, seed;
	const char *mesh;	/* run and check: -i, the mesa.in file */
	const char *path;	/* -o DIR (gen), -o FILE (run), or the image */
};

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (one operand), 1 the generator (-o DIR), 2 the run (-o FILE); the
 * run and the check need -i. */
void mesa_parse_args(int argc, char **argv, int form, struct mesa_args *a);

/* mesa.in: the head lines "sp-mesa meshfile", "grid G", "seed S",
 * "heights", then G x G heights, row by row (h[j G + i] at x_i, y_j, x_i =
 * -1 + 2 i / (G - 1)), blank-separated, then "end". */
struct mesa_mesh {
	long grid;
	uint64_t seed;
	float *h;
};

/* Reads mesa.in from f into *m (h malloc'd): NULL, or what is wrong (a
 * static string). */
const char *mesa_read_mesh(FILE *f, struct mesa_mesh *m);

/* The image: a binary PPM (P6) whose comment line is MESA_PPM_TAG
 * "frames F threads T", then "SIDE SIDE", "255", rows top first. */
#define MESA_PPM_TAG "# sp-mesa "

#endif
