/* povray_gen.c - sp-povray-gen: writes the povray workload's input into a
 * folder: scene.pov, a field of seeded random spheres on a checkered
 * ground under a plain sky, and scene.ini, the render settings (size, no
 * antialiasing, PPM output at file gamma 1.0, one thread). */
#include <math.h>
#include <stdio.h>

#include "atomic_file.h"
#include "povray_spec.h"
#include "rng.h"

#define PROG "sp-povray-gen"
#define FIELD 100.0		/* the spheres lie in a FIELD x FIELD square */

/* A uniform double in [0, 1) from the seed's stream. */
static double uniform(uint64_t *state)
{
	*state = rng_hash(*state);
	return rng_unit(*state);
}

static void write_scene(FILE *f, const struct povray_args *a)
{
	long side = (long)ceil(sqrt((double)a->spheres));
	double cell = FIELD / (double)side;
	uint64_t st = a->seed;

	fprintf(f, "// %ld spheres, seed %llu\n#version 3.7;\n"
		"global_settings { assumed_gamma 1.0 }\n"
		"background { rgb <%.1f, %.1f, %.1f> }\n"
		"camera { location <0, %.1f, %.1f> look_at <0, %.1f, %.1f>"
		" right x*image_width/image_height angle 60 }\n"
		"light_source { <-300, 500, -200> rgb 1 }\n"
		"plane { y, 0 pigment { checker rgb 0.9 rgb 0.2 scale %.3f } }\n",
		a->spheres, (unsigned long long)a->seed, POVRAY_SKY_R / 255.0,
		POVRAY_SKY_G / 255.0, POVRAY_SKY_B / 255.0, 0.25 * FIELD,
		-0.3 * FIELD, 0.05 * FIELD, 0.5 * FIELD, cell);
	/* One sphere in each of the first `spheres` cells of a side x side
	 * grid, jittered inside its cell, resting on the ground. */
	for (long i = 0; i < a->spheres; i++) {
		double r = cell * (0.15 + 0.3 * uniform(&st));
		double x = (double)(i % side) * cell + r +
			   (cell - 2 * r) * uniform(&st) - FIELD / 2;
		double z = (double)(i / side) * cell + r +
			   (cell - 2 * r) * uniform(&st);
		double cr = uniform(&st), cg = uniform(&st), cb = uniform(&st);
		double ph = uniform(&st);

		fprintf(f, "sphere { <%.4f, %.4f, %.4f>, %.4f pigment { rgb "
			"<%.3f, %.3f, %.3f> } finish { phong %.2f } }\n",
			x, r, z, r, cr, cg, cb, ph);
	}
}

int main(int argc, char **argv)
{
	struct atomic_file af;
	struct povray_args a;
	char path[4096], scene[4096];
	FILE *f;

	povray_parse_args(argc, argv, 1, &a);
	if (a.path[0] != '/') {
		fprintf(stderr, PROG ": -o needs an absolute folder "
			"(scene.ini names the scene by its path)\n");
		return 2;
	}
	snprintf(scene, sizeof(scene), "%s/scene.pov", a.path);
	f = atomic_file_open(&af, PROG, scene);
	if (!f)
		return 1;
	write_scene(f, &a);
	if (atomic_file_commit(&af))
		return 1;

	snprintf(path, sizeof(path), "%s/scene.ini", a.path);
	f = atomic_file_open(&af, PROG, path);
	if (!f)
		return 1;
	fprintf(f, "Input_File_Name=%s\nWidth=%ld\nHeight=%ld\n"
		"Antialias=off\nOutput_File_Type=P\nFile_Gamma=1.0\n"
		"Display=off\nWork_Threads=1\n", scene, a.width, a.height);
	return atomic_file_commit(&af) ? 1 : 0;
}
