/* eon_gen.c - sp-eon-gen: the eon workload's input, DIR/scene.txt, a
 * Cornell-style room (white floor, ceiling and back wall, red and green
 * side walls, a square light under the ceiling, open at the front where
 * the camera looks in) holding OBJECTS seeded spheres and boxes, diffuse
 * in twelve seeded colours or mirrors, their size shrinking as OBJECTS
 * grows so that they fill about the same share of the room. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "atomic_file.h"
#include "eon_spec.h"

/* The materials before the seeded colours, by index. */
enum { WHITE, RED, GREEN, LIGHT, MIRROR, COLOURS };
#define NCOLOURS 12
#define MIRROR_PERCENT 15
#define SPHERE_PERCENT 65
/* One object's size (a sphere's radius) when there is one object. */
#define SIZE_ONE 0.12
/* Objects stay below this height, the light above it. */
#define TOP 0.85
#define LIGHT_Y 0.998
#define LIGHT_LO 0.38
#define LIGHT_HI 0.62
#define LIGHT_LE 12.0
/* Scene streams apart from the pixels' (which start from rng_hash(seed)). */
#define SCENE_SALT 0x7363656e65ULL

static void material(FILE *f, int kind, double r, double g, double b)
{
	fprintf(f, "%d %.17g %.17g %.17g\n", kind, r, g, b);
}

static void rect(FILE *f, int mat, int axis, double k, double u0, double u1,
		 double v0, double v1)
{
	fprintf(f, "rect %d %d %.17g %.17g %.17g %.17g %.17g\n", mat, axis, k,
		u0, u1, v0, v1);
}

/* A number from lo to hi. */
static double between(uint64_t *s, double lo, double hi)
{
	return lo + rng_uniform(s) * (hi - lo);
}

static void object(FILE *f, uint64_t *s, double size)
{
	int mat = rng_below(s, 100) < MIRROR_PERCENT ? MIRROR :
		  COLOURS + (int)rng_below(s, NCOLOURS);
	int sphere = rng_below(s, 100) < SPHERE_PERCENT;
	double r = size * between(s, 0.6, 1.4);
	double c[3], h[3];

	c[0] = between(s, r, 1 - r);
	c[1] = between(s, r, TOP - r);
	c[2] = between(s, r, 1 - r);
	if (sphere) {
		fprintf(f, "sphere %d %.17g %.17g %.17g %.17g\n", mat, c[0],
			c[1], c[2], r);
		return;
	}
	for (int i = 0; i < 3; i++)
		h[i] = r * between(s, 0.4, 1.0);
	fprintf(f, "box %d %.17g %.17g %.17g %.17g %.17g %.17g\n", mat,
		c[0] - h[0], c[1] - h[1], c[2] - h[2], c[0] + h[0],
		c[1] + h[1], c[2] + h[2]);
}

int main(int argc, char **argv)
{
	struct atomic_file af;
	struct eon_args a;
	uint64_t s;
	double size;
	FILE *f;

	eon_parse_args(argc, argv, 1, &a);
	f = atomic_file_open_in(&af, "sp-eon-gen", a.path, EON_SCENE_FILE);
	if (!f)
		return 1;
	fprintf(f, "%s %d\n", EON_SCENE_MAGIC, EON_SCENE_VERSION);
	fprintf(f, "args %ld %" PRIu64 " %ld %ld\n", a.objects, a.seed, a.res,
		a.spp);
	fprintf(f, "camera 0.5 0.5 2.4 0.36\n");
	s = rng_hash(a.seed ^ SCENE_SALT);
	fprintf(f, "materials %d\n", COLOURS + NCOLOURS);
	material(f, EON_DIFFUSE, 0.73, 0.73, 0.73);
	material(f, EON_DIFFUSE, 0.65, 0.05, 0.05);
	material(f, EON_DIFFUSE, 0.12, 0.45, 0.15);
	material(f, EON_LIGHT, LIGHT_LE, LIGHT_LE, LIGHT_LE);
	material(f, EON_MIRROR, 0.9, 0.9, 0.9);
	for (int i = 0; i < NCOLOURS; i++) {
		double r = between(&s, 0.15, 0.85);
		double g = between(&s, 0.15, 0.85);

		material(f, EON_DIFFUSE, r, g, between(&s, 0.15, 0.85));
	}
	fprintf(f, "prims %ld\n", a.objects + 6);
	rect(f, WHITE, 1, 0, 0, 1, 0, 1);		/* floor */
	rect(f, WHITE, 1, 1, 0, 1, 0, 1);		/* ceiling */
	rect(f, WHITE, 2, 0, 0, 1, 0, 1);		/* back wall */
	rect(f, RED, 0, 0, 0, 1, 0, 1);			/* left wall */
	rect(f, GREEN, 0, 1, 0, 1, 0, 1);		/* right wall */
	rect(f, LIGHT, 1, LIGHT_Y, LIGHT_LO, LIGHT_HI, LIGHT_LO, LIGHT_HI);
	size = SIZE_ONE / cbrt((double)a.objects);
	for (long i = 0; i < a.objects; i++)
		object(f, &s, size);
	fprintf(f, "end\n");
	return atomic_file_commit(&af) ? 1 : 0;
}
