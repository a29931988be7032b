/* mesa_check_raster.c - sp-mesa-check's own rendering of the frame, in
 * double and without OpenGL or any of sp-mesa's code, from the scene of
 * mesa_spec.h as OpenGL's fixed-function pipeline defines it: vertex
 * normals by central differences, each vertex lit (global ambient plus
 * each directional light's diffuse times the cosine, one-sided lighting),
 * the turned mesh projected through the frustum and viewport, each
 * triangle filled at pixel centres by its edge functions, colour and
 * texture coordinate interpolated perspective-correct, the nearest contour
 * texel modulating the colour, and the nearest fragment kept by its depth
 * (GL_LESS: of equal depths, the first drawn).  Other passes find the
 * fragments a renderer's rounding could have kept instead: those of
 * triangles whose edges pass within a small distance of the centre, their
 * values extrapolated there, not behind the nearest surface that covers
 * the centre by more than that distance. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "mesa_check.h"

/* Depths (of [0, 1]) this close count as a tie that the renderer's float
 * arithmetic may decide either way (eye depths of about 6 units carry
 * about 4e-7 units of rounding, 1e-7 of window depth). */
#define DEPTH_TIE 1e-6

struct vert {
	double x, y, z;		/* window x, y (pixels), depth in [0, 1] */
	double inv_w;		/* 1 / clip w */
	double rgb[3];		/* lit colour */
	double s;		/* contour texture coordinate */
};

struct target {
	long side;
	double grow;		/* pixels a triangle covers beyond its edges */
	double *depth;		/* the nearest fragment's, 1 where none */
	float *rgb;		/* the plain pass's colours */
	const struct image *im;	/* the candidate pass's image, and */
	float *best;		/* its pixels' least differences */
};

static double coord(long i, long g)
{
	return -1.0 + 2.0 * (double)i / (double)(g - 1);
}

/* dh/dx at column i of row j (one-sided at the border), and dh/dy. */
static void slopes(const struct mesa_mesh *m, long i, long j, double *dx,
		   double *dy)
{
	long g = m->grid;
	long i0 = i ? i - 1 : i, i1 = i < g - 1 ? i + 1 : i;
	long j0 = j ? j - 1 : j, j1 = j < g - 1 ? j + 1 : j;

	*dx = ((double)m->h[j * g + i1] - m->h[j * g + i0]) /
	      (coord(i1, g) - coord(i0, g));
	*dy = ((double)m->h[j1 * g + i] - m->h[j0 * g + i]) /
	      (coord(j1, g) - coord(j0, g));
}

static struct vert vertex(const struct mesa_mesh *m, const double r[3][3],
			  long side, long i, long j)
{
	static const double mat[3] = { MESA_MAT_R, MESA_MAT_G, MESA_MAT_B };
	long g = m->grid;
	double p[3] = { coord(i, g), coord(j, g), m->h[j * g + i] };
	double n[3], e[3], ne[3], dx, dy, len, w, k;
	struct vert v;

	slopes(m, i, j, &dx, &dy);
	len = sqrt(dx * dx + dy * dy + 1);
	n[0] = -dx / len;
	n[1] = -dy / len;
	n[2] = 1 / len;
	for (int a = 0; a < 3; a++) {
		e[a] = r[a][0] * p[0] + r[a][1] * p[1] + r[a][2] * p[2];
		ne[a] = r[a][0] * n[0] + r[a][1] * n[1] + r[a][2] * n[2];
	}
	e[2] -= MESA_DIST;
	w = -e[2];
	v.inv_w = 1 / w;
	v.x = (MESA_NEAR / MESA_FRUSTUM * e[0] / w + 1) * 0.5 * (double)side;
	v.y = (MESA_NEAR / MESA_FRUSTUM * e[1] / w + 1) * 0.5 * (double)side;
	v.z = ((-(MESA_FAR + MESA_NEAR) * e[2] -
		2 * MESA_FAR * MESA_NEAR) / (MESA_FAR - MESA_NEAR) / w + 1) / 2;
	k = chk_lambert(ne);
	for (int c = 0; c < 3; c++)
		v.rgb[c] = fmin(1.0, mat[c] * k);
	v.s = p[2] * MESA_CONTOUR + 0.5;
	return v;
}

static double edge(const struct vert *a, const struct vert *b, double x,
		   double y)
{
	return (b->x - a->x) * (y - a->y) - (b->y - a->y) * (x - a->x);
}

/* The colour (levels) at barycentric coordinates bary of a triangle. */
static void shade(const struct vert *v[3], const double bary[3],
		  float out[3])
{
	double q = 0, persp[3], s = 0, texel;

	for (int k = 0; k < 3; k++)
		q += persp[k] = bary[k] * v[k]->inv_w;
	for (int k = 0; k < 3; k++)
		s += persp[k] / q * v[k]->s;
	texel = s - floor(s) < (double)MESA_LINE_TEXELS / MESA_TEXELS ?
		MESA_LINE / 255.0 : 1.0;
	for (int c = 0; c < 3; c++) {
		double col = 0;

		for (int k = 0; k < 3; k++)
			col += persp[k] / q * v[k]->rgb[c];
		out[c] = (float)(255.0 * col * texel);
	}
}

/* A candidate fragment at (x, y): the image's pixels around it that it
 * comes nearer to than anything before get their difference from it. */
static void candidate(struct target *t, const float col[3], long x, long y)
{
	long side = t->side;

	for (long v = y - 1; v <= y + 1; v++)
		for (long u = x - 1; u <= x + 1; u++) {
			const unsigned char *p;
			float d = 0, *b;

			if (u < 0 || v < 0 || u >= side || v >= side)
				continue;
			p = t->im->rgb + 3 * (v * side + u);
			b = t->best + v * side + u;
			if (!p[0] && !p[1] && !p[2])
				continue;
			for (int c = 0; c < 3; c++)
				d = fmaxf(d, fabsf(p[c] - col[c]));
			if (*b < 0 || d < *b)
				*b = d;
		}
}

static void fragment(struct target *t, const struct vert *v[3],
		     const double bary[3], long x, long y)
{
	double z = 0;
	size_t at = (size_t)(y * t->side + x);
	float col[3];

	for (int k = 0; k < 3; k++)
		z += bary[k] * v[k]->z;
	if (z < 0 || z > 1)
		return;
	if (t->im) {
		if (z <= t->depth[at] + DEPTH_TIE) {
			shade(v, bary, col);
			candidate(t, col, x, y);
		}
		return;
	}
	if (!(z < t->depth[at]))
		return;
	t->depth[at] = z;
	if (t->rgb)
		shade(v, bary, t->rgb + 3 * at);
}

static void triangle(struct target *t, const struct vert *a,
		     const struct vert *b, const struct vert *c)
{
	const struct vert *v[3] = { a, b, c };
	double area = edge(a, b, c->x, c->y);
	long x0 = (long)floor(fmin(a->x, fmin(b->x, c->x)) - t->grow);
	long x1 = (long)ceil(fmax(a->x, fmax(b->x, c->x)) + t->grow);
	long y0 = (long)floor(fmin(a->y, fmin(b->y, c->y)) - t->grow);
	long y1 = (long)ceil(fmax(a->y, fmax(b->y, c->y)) + t->grow);

	double len[3] = { hypot(c->x - b->x, c->y - b->y),
			  hypot(a->x - c->x, a->y - c->y),
			  hypot(b->x - a->x, b->y - a->y) };

	if (area == 0)
		return;
	x0 = x0 < 0 ? 0 : x0;
	y0 = y0 < 0 ? 0 : y0;
	x1 = x1 > t->side - 1 ? t->side - 1 : x1;
	y1 = y1 > t->side - 1 ? t->side - 1 : y1;
	for (long y = y0; y <= y1; y++)
		for (long x = x0; x <= x1; x++) {
			double px = (double)x + 0.5, py = (double)y + 0.5;
			double bary[3] = { edge(b, c, px, py) / area,
					   edge(c, a, px, py) / area,
					   edge(a, b, px, py) / area };
			int in = 1;

			/* bary[k] |area| / len[k]: the centre's distance
			 * inside edge k */
			for (int k = 0; k < 3; k++)
				in &= bary[k] * fabs(area) >= -t->grow * len[k];
			if (in)
				fragment(t, v, bary, x, y);
		}
}

static void draw(struct target *t, const struct mesa_mesh *m,
		 const double r[3][3])
{
	long g = m->grid, side = t->side;
	struct vert *lo = malloc((size_t)g * sizeof(*lo));
	struct vert *hi = malloc((size_t)g * sizeof(*hi));

	if (!lo || !hi)
		check_fail("out of memory");
	for (long i = 0; i < g; i++)
		hi[i] = vertex(m, r, side, i, 0);
	/* in sp-mesa's order: strip j, quad i, its two triangles */
	for (long j = 0; j < g - 1; j++) {
		struct vert *tmp = lo;

		lo = hi;
		hi = tmp;
		for (long i = 0; i < g; i++)
			hi[i] = vertex(m, r, side, i, j + 1);
		for (long i = 0; i < g - 1; i++) {
			triangle(t, &lo[i], &hi[i], &lo[i + 1]);
			triangle(t, &hi[i], &lo[i + 1], &hi[i + 1]);
		}
	}
	free(lo);
	free(hi);
}

void chk_render(const struct mesa_mesh *m, const double r[3][3], long side,
		double grow, float *rgb, double *depth)
{
	struct target t = { side, grow, depth, rgb, NULL, NULL };

	for (long k = 0; k < side * side; k++) {
		depth[k] = 1.0;
		if (rgb)
			rgb[3 * k] = rgb[3 * k + 1] = rgb[3 * k + 2] = -1;
	}
	draw(&t, m, r);
}

void chk_candidates(const struct mesa_mesh *m, const double r[3][3],
		    double grow, const double *depth, const struct image *im,
		    float *best)
{
	struct target t = { im->side, grow, (double *)depth, NULL, im, best };

	draw(&t, m, r);
}
