/* mesa_check_cover.c - which pixels the mesh covers, by sp-mesa-check's
 * own arithmetic (double, none of OpenGL's): the rotation by Rodrigues'
 * formula, the translation and frustum of mesa_spec.h, the viewport, and
 * each triangle's pixels found by the signs of its three edge functions
 * at the pixel centres, so that the union of the triangles is the mesh's
 * silhouette whatever is in front. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "mesa_check.h"

void chk_rotation(uint64_t f, double r[3][3])
{
	double u[3] = { MESA_AXIS_X, MESA_AXIS_Y, MESA_AXIS_Z };
	double len = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
	double t = fmod((double)f * MESA_STEP, 360.0) * M_PI / 180.0;
	double c = cos(t), s = sin(t);

	for (int i = 0; i < 3; i++)
		u[i] /= len;
	/* R = c I + s [u]x + (1 - c) u u^T */
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			r[i][j] = (1 - c) * u[i] * u[j] + (i == j ? c : 0);
	r[0][1] -= s * u[2];
	r[0][2] += s * u[1];
	r[1][0] += s * u[2];
	r[1][2] -= s * u[0];
	r[2][0] -= s * u[1];
	r[2][1] += s * u[0];
}

struct pt {
	double x, y;
};

/* Where vertex (i, j) lands in window coordinates (pixels, y up). */
static struct pt project(const struct mesa_mesh *m, const double r[3][3],
			 long side, long i, long j)
{
	long g = m->grid;
	double v[3] = { -1.0 + 2.0 * (double)i / (double)(g - 1),
			-1.0 + 2.0 * (double)j / (double)(g - 1),
			m->h[j * g + i] };
	double e[3], depth, scale;

	for (int a = 0; a < 3; a++)
		e[a] = r[a][0] * v[0] + r[a][1] * v[1] + r[a][2] * v[2];
	depth = MESA_DIST - e[2];	/* -z_eye */
	if (depth <= MESA_NEAR || depth >= MESA_FAR)
		check_fail("vertex (%ld, %ld) of the mesh leaves the view", i,
			   j);
	scale = MESA_NEAR / (MESA_FRUSTUM * depth);	/* to [-1, 1] */
	if (fabs(e[0] * scale) >= 1 || fabs(e[1] * scale) >= 1)
		check_fail("vertex (%ld, %ld) of the mesh leaves the view", i,
			   j);
	return (struct pt){ (e[0] * scale + 1) * 0.5 * (double)side,
			    (e[1] * scale + 1) * 0.5 * (double)side };
}

static double edge(struct pt a, struct pt b, double x, double y)
{
	return (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
}

static void triangle(struct pt a, struct pt b, struct pt c, long side,
		     unsigned char *mask)
{
	long x0 = (long)floor(fmin(a.x, fmin(b.x, c.x)));
	long x1 = (long)ceil(fmax(a.x, fmax(b.x, c.x)));
	long y0 = (long)floor(fmin(a.y, fmin(b.y, c.y)));
	long y1 = (long)ceil(fmax(a.y, fmax(b.y, c.y)));

	if (x0 < 0)
		x0 = 0;
	if (y0 < 0)
		y0 = 0;
	if (x1 > side - 1)
		x1 = side - 1;
	if (y1 > side - 1)
		y1 = side - 1;
	for (long y = y0; y <= y1; y++)
		for (long x = x0; x <= x1; x++) {
			double px = (double)x + 0.5, py = (double)y + 0.5;
			double e0 = edge(a, b, px, py), e1 = edge(b, c, px, py);
			double e2 = edge(c, a, px, py);

			if ((e0 >= 0 && e1 >= 0 && e2 >= 0) ||
			    (e0 <= 0 && e1 <= 0 && e2 <= 0))
				mask[y * side + x] = 1;
		}
}

void chk_cover(const struct mesa_mesh *m, const double r[3][3], long side,
	       unsigned char *mask)
{
	long g = m->grid;
	struct pt *lo = malloc((size_t)g * sizeof(*lo));
	struct pt *hi = malloc((size_t)g * sizeof(*hi));

	if (!lo || !hi)
		check_fail("out of memory");
	for (long i = 0; i < g; i++)
		hi[i] = project(m, r, side, i, 0);
	/* quad (i, j): triangles (i,j) (i,j+1) (i+1,j) and (i,j+1) (i+1,j)
	 * (i+1,j+1), as sp-mesa's strips make them */
	for (long j = 0; j < g - 1; j++) {
		struct pt *t = lo;

		lo = hi;
		hi = t;
		for (long i = 0; i < g; i++)
			hi[i] = project(m, r, side, i, j + 1);
		for (long i = 0; i < g - 1; i++) {
			triangle(lo[i], hi[i], lo[i + 1], side, mask);
			triangle(hi[i], lo[i + 1], hi[i + 1], side, mask);
		}
	}
	free(lo);
	free(hi);
}
