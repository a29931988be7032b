/* eon_check.c - sp-eon-check: judges sp-eon's image without its code.  The
 * PFM must be RES x RES of finite non-negative RGB floats; then about one
 * pixel in CHECK_EVERY (chosen by the seed) and the centre one are
 * rendered again by the check's own C path tracer (eon_check_*.c, a
 * uniform grid where sp-eon has a BVH) from the same per-pixel random
 * streams, and must match within TOLERANCE. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "eon_check.h"

#define CHECK_EVERY 8
#define CHECK_SALT 0x636865636bULL
/* Relative; the renderers agree to the last bit where they take the same
 * path, and this leaves room for nothing more than float rounding. */
#define TOLERANCE 1e-5

static int checked(uint64_t seed, uint64_t idx, uint64_t centre)
{
	return idx == centre ||
	       rng_hash(rng_hash(seed ^ CHECK_SALT) ^ idx) % CHECK_EVERY == 0;
}

/* One header line of at most 31 characters, its newline dropped. */
static void line(FILE *f, char *buf)
{
	if (!fgets(buf, 32, f) || !strchr(buf, '\n'))
		check_fail("not a PFM image (bad header)");
	*strchr(buf, '\n') = '\0';
}

static float *read_image(const char *path, long res)
{
	size_t n = (size_t)res * (size_t)res * 3;
	char buf[32], want[32];
	float *img;
	FILE *f = fopen(path, "rb");

	if (!f)
		check_fail("cannot open");
	line(f, buf);
	if (strcmp(buf, "PF"))
		check_fail("not a PFM colour image");
	line(f, buf);
	snprintf(want, sizeof(want), "%ld %ld", res, res);
	if (strcmp(buf, want))
		check_fail("is %s pixels, expected %s", buf, want);
	line(f, buf);
	if (strcmp(buf, "-1.0"))
		check_fail("scale is %s, expected -1.0 (little-endian)", buf);
	img = malloc(n * sizeof(*img));
	if (!img)
		check_fail("out of memory");
	if (fread(img, sizeof(*img), n, f) != n)
		check_fail("truncated: fewer than %zu floats", n);
	if (fgetc(f) != EOF)
		check_fail("has bytes after the image");
	fclose(f);
	return img;
}

int main(int argc, char **argv)
{
	static const char *const names[] = { "red", "green", "blue" };
	struct eon_args a;
	struct ck_scene scene;
	struct ck_grid grid;
	const char *err;
	uint64_t centre, count = 0;
	double want[3];
	float *img;

	eon_parse_args(argc, argv, 0, &a);
	check_begin("sp-eon-check", a.path);
	err = ck_scene_read(a.scene, &a, &scene);
	if (err)
		check_fail("scene %s: %s", a.scene, err);
	if (ck_grid_build(&grid, &scene))
		check_fail("out of memory");
	img = read_image(a.path, a.res);
	for (long i = 0; i < a.res * a.res * 3; i++)
		if (!isfinite(img[i]) || img[i] < 0)
			check_fail("pixel %ld of the file is %g, not a finite "
				   "non-negative number", i / 3, img[i]);
	centre = (uint64_t)((a.res / 2) * a.res + a.res / 2);
	for (long y = 0; y < a.res; y++)
		for (long x = 0; x < a.res; x++) {
			uint64_t idx = (uint64_t)(y * a.res + x);
			/* the file holds the bottom row first */
			const float *got = &img[((a.res - 1 - y) * a.res + x) * 3];

			if (!checked(a.seed, idx, centre))
				continue;
			ck_pixel(&grid, a.seed, a.res, a.spp, x, y, want);
			count++;
			for (int c = 0; c < 3; c++) {
				double w = (float)want[c];

				if (fabs(got[c] - w) > TOLERANCE * w + 1e-7)
					check_fail("pixel (%ld, %ld) %s is %.9g, "
						   "rendered again %.9g", x, y,
						   names[c], got[c], w);
			}
		}
	printf("ok %ld x %ld at %ld samples a pixel, %" PRIu64
	       " pixels rendered again and equal\n", a.res, a.res, a.spp,
	       count);
	return 0;
}
