/* mesa_check.c - sp-mesa-check: judges sp-mesa's last frame without
 * OpenGL.  The pixels drawn must be the mesh's silhouette, as its own
 * projection of every triangle finds it (mesa_check_cover.c), to within
 * a pixel at its edges; every drawn pixel must be a colour the lighting
 * can make, MAT k for one scalar k between the darkest (ambient on a
 * contour line) and the brightest; when the mesh is flat, every drawn
 * pixel must be the one shade the lighting equation gives for the turned
 * plane (ambient plus each light's diffuse times the cosine); and every
 * drawn pixel must be the colour of the check's own rendering of the
 * frame the arguments ask for (mesa_check_raster.c: normals, lighting,
 * texture and depth order) to TOL_RENDER levels, as compare_render says.
 * It also requires the image's comment to say one thread and the frames
 * asked for: the pixels show that the image is the frame of the angle the
 * arguments give, not how many frames came before it, nor how many
 * threads drew it. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mesa_check.h"

#define PROG "sp-mesa-check"
/* Rounding to 8 bits leaves half a step in each channel; the renderer's
 * float arithmetic (and the colour guessed from the red channel) less
 * than another. */
#define TOL_RAY 1.5
#define TOL_FLAT 1.0
/* Against the check's own rendering: its double arithmetic and the
 * renderer's float and fixed point differ by under a level. */
#define TOL_RENDER 3.0
#define EDGE_GROW (1.0 / 128)

static const double mat[3] = { MESA_MAT_R, MESA_MAT_G, MESA_MAT_B };

static int drawn(const unsigned char *p)
{
	return p[0] || p[1] || p[2];
}

/* Whether the 3x3 block around (x, y) holds a pixel of mask (any) or is
 * all of mask (!any); outside the image counts as not in mask. */
static int around(const unsigned char *mask, long side, long x, long y,
		  int any)
{
	for (long dy = -1; dy <= 1; dy++)
		for (long dx = -1; dx <= 1; dx++) {
			long u = x + dx, v = y + dy;
			int in = u >= 0 && v >= 0 && u < side && v < side &&
				 mask[v * side + u];

			if (in == any)
				return any;
		}
	return !any;
}

/* Pixel coordinates as a PPM viewer numbers them: column, row from top. */
#define AT(x, y, side) (x), ((side) - 1 - (y))

static long compare_cover(const struct image *im, const unsigned char *mask)
{
	long side = im->side, count = 0;

	for (long y = 0; y < side; y++)
		for (long x = 0; x < side; x++) {
			int in = drawn(im->rgb + 3 * (y * side + x));

			if (in && !around(mask, side, x, y, 1))
				check_fail("pixel (%ld, %ld) is drawn but lies "
					   "outside the mesh's silhouette",
					   AT(x, y, side));
			if (!in && around(mask, side, x, y, 0))
				check_fail("pixel (%ld, %ld) is not drawn but "
					   "lies inside the mesh's silhouette",
					   AT(x, y, side));
			count += in;
		}
	return count;
}

/* Every drawn pixel is mat k, k from the darkest to the brightest lit. */
static void check_colours(const struct image *im)
{
	double kmin = MESA_AMBIENT * MESA_LINE / 255.0;
	double kmax = MESA_AMBIENT + MESA_L0_DIFFUSE + MESA_L1_DIFFUSE;
	long side = im->side;

	for (long y = 0; y < side; y++)
		for (long x = 0; x < side; x++) {
			const unsigned char *p = im->rgb + 3 * (y * side + x);
			double k = p[0] / (255.0 * mat[0]);

			if (!drawn(p))
				continue;
			if (k < kmin - TOL_RAY / (255.0 * mat[0]) ||
			    k > kmax + TOL_RAY / (255.0 * mat[0]))
				check_fail("pixel (%ld, %ld) is (%d, %d, %d): "
					   "brighter or darker than the "
					   "lighting makes", AT(x, y, side),
					   p[0], p[1], p[2]);
			for (int c = 1; c < 3; c++)
				if (fabs(p[c] - 255.0 * mat[c] * k) > TOL_RAY)
					check_fail("pixel (%ld, %ld) is (%d, %d, "
						   "%d): not a shade of the "
						   "material's colour",
						   AT(x, y, side), p[0], p[1],
						   p[2]);
		}
}

double chk_lambert(const double n[3])
{
	const double l[2][4] = {
		{ MESA_L0_X, MESA_L0_Y, MESA_L0_Z, MESA_L0_DIFFUSE },
		{ MESA_L1_X, MESA_L1_Y, MESA_L1_Z, MESA_L1_DIFFUSE },
	};
	double k = MESA_AMBIENT;

	for (int i = 0; i < 2; i++) {
		double len = sqrt(l[i][0] * l[i][0] + l[i][1] * l[i][1] +
				  l[i][2] * l[i][2]);
		double cosine = (n[0] * l[i][0] + n[1] * l[i][1] +
				 n[2] * l[i][2]) / len;

		k += l[i][3] * fmax(0.0, cosine);
	}
	return k;
}

/* For a flat mesh at height h0: every drawn pixel is 255 mat k t. */
static void check_flat(const struct image *im, const double r[3][3],
		       double h0)
{
	double n[3] = { r[0][2], r[1][2], r[2][2] };	/* R (0, 0, 1) */
	double s = h0 * MESA_CONTOUR + 0.5, k = chk_lambert(n), want[3];
	double texel = s - floor(s) < (double)MESA_LINE_TEXELS / MESA_TEXELS ?
		       MESA_LINE / 255.0 : 1.0;
	long side = im->side;

	for (int c = 0; c < 3; c++)
		want[c] = 255.0 * mat[c] * k * texel;
	for (long y = 0; y < side; y++)
		for (long x = 0; x < side; x++) {
			const unsigned char *p = im->rgb + 3 * (y * side + x);

			if (!drawn(p))
				continue;
			for (int c = 0; c < 3; c++)
				if (fabs(p[c] - want[c]) > TOL_FLAT)
					check_fail("pixel (%ld, %ld) of the flat "
						   "mesh is (%d, %d, %d), the "
						   "lighting gives (%.1f, %.1f, "
						   "%.1f)", AT(x, y, side),
						   p[0], p[1], p[2], want[0],
						   want[1], want[2]);
		}
}

/* For each pixel drawn here, the least difference (largest over the
 * channels) between it and ref at the pixel or one of its eight
 * neighbours, kept in best when smaller (best < 0: none drawn there). */
static void match_pass(const struct image *im, const float *ref, float *best)
{
	long side = im->side;

	for (long y = 0; y < side; y++)
		for (long x = 0; x < side; x++) {
			const unsigned char *p = im->rgb + 3 * (y * side + x);
			float *b = best + y * side + x;

			if (!drawn(p))
				continue;
			for (long v = y - 1; v <= y + 1; v++)
				for (long u = x - 1; u <= x + 1; u++) {
					const float *n = ref + 3 * (v * side + u);
					float d = 0;

					if (u < 0 || v < 0 || u >= side ||
					    v >= side || n[0] < 0)
						continue;
					for (int c = 0; c < 3; c++)
						d = fmaxf(d, fabsf(p[c] - n[c]));
					if (*b < 0 || d < *b)
						*b = d;
				}
		}
}

/* Every pixel drawn both here and by the check's rendering is within
 * TOL_RENDER levels, in every channel, of the check's colour at that pixel
 * or one of its eight neighbours (where contour lines, silhouettes and
 * hidden surfaces begin, a pixel's centre may fall either side), or of a
 * fragment that rounding could have put there instead: one of a triangle
 * whose edges pass within EDGE_GROW of a pixel of a centre, not behind any
 * surface that covers it by more than that (a renderer snaps vertices to
 * a grid of sub-pixels, llvmpipe's of 1/256 pixel, so where the mesh is
 * seen edge on, a thin triangle in front may cover a centre or not);
 * returns how many pixels match the rendering at their own place. */
static long compare_render(const struct image *im, const struct mesa_mesh *m,
			   const double r[3][3])
{
	long side = im->side, n = side * side, same = 0;
	float *ref = malloc((size_t)n * 3 * sizeof(*ref));
	float *best = malloc((size_t)n * sizeof(*best));
	double *depth = malloc((size_t)n * sizeof(*depth));

	if (!ref || !best || !depth)
		check_fail("out of memory");
	for (long k = 0; k < n; k++)
		best[k] = -1;
	chk_render(m, r, side, -EDGE_GROW, NULL, depth);
	chk_candidates(m, r, EDGE_GROW, depth, im, best);
	chk_render(m, r, side, 0, ref, depth);
	match_pass(im, ref, best);
	for (long y = 0; y < side; y++)
		for (long x = 0; x < side; x++) {
			const unsigned char *p = im->rgb + 3 * (y * side + x);
			const float *q = ref + 3 * (y * side + x);
			float d = 0;

			if (drawn(p) && best[y * side + x] > TOL_RENDER)
				check_fail("pixel (%ld, %ld) is (%d, %d, %d), the "
					   "check's rendering gives (%.1f, %.1f, "
					   "%.1f) there and nothing within %g "
					   "levels around", AT(x, y, side), p[0],
					   p[1], p[2], q[0], q[1], q[2],
					   TOL_RENDER);
			if (!drawn(p) || q[0] < 0)
				continue;
			for (int c = 0; c < 3; c++)
				d = fmaxf(d, fabsf(p[c] - q[c]));
			same += d <= TOL_RENDER;
		}
	free(ref);
	free(best);
	free(depth);
	return same;
}

static int flat(const struct mesa_mesh *m)
{
	for (long k = 1; k < m->grid * m->grid; k++)
		if (m->h[k] != m->h[0])
			return 0;
	return 1;
}

int main(int argc, char **argv)
{
	struct mesa_mesh mesh;
	struct mesa_args a;
	struct image im;
	unsigned char *mask;
	const char *err;
	double r[3][3];
	long count, same;
	FILE *f;

	mesa_parse_args(argc, argv, 0, &a);
	check_begin(PROG, a.mesh);
	f = fopen(a.mesh, "r");
	if (!f)
		check_fail("cannot open");
	err = mesa_read_mesh(f, &mesh);
	fclose(f);
	if (err)
		check_fail("%s", err);
	if (mesh.seed != a.seed)
		check_fail("a mesh of seed %llu, not %llu",
			   (unsigned long long)mesh.seed,
			   (unsigned long long)a.seed);
	check_begin(PROG, a.path);
	im.side = a.side;
	chk_read_ppm(a.path, &im);
	if (im.frames != a.frames)
		check_fail("the last of %llu frames, not of %llu", im.frames,
			   (unsigned long long)a.frames);
	if (im.threads != 1)
		check_fail("rendered with %ld threads, not one", im.threads);
	mask = calloc((size_t)(a.side * a.side), 1);
	if (!mask)
		check_fail("out of memory");
	chk_rotation(a.frames - 1, r);
	chk_cover(&mesh, r, a.side, mask);
	count = compare_cover(&im, mask);
	if (!count)
		check_fail("nothing is drawn");
	check_colours(&im);
	if (flat(&mesh))
		check_flat(&im, r, mesh.h[0]);
	same = compare_render(&im, &mesh, r);
	printf("ok %ldx%ld, frame %llu of %llu: %ld pixels drawn, the "
	       "silhouette to a pixel, lit colours%s, the check's rendering "
	       "to %g levels (%.1f%% at the same pixel)\n", a.side, a.side,
	       (unsigned long long)a.frames, (unsigned long long)a.frames,
	       count, flat(&mesh) ? ", the flat shade" : "", TOL_RENDER,
	       100.0 * (double)same / (double)count);
	free(mask);
	free(im.rgb);
	free(mesh.h);
	return 0;
}
