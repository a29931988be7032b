/* wrong_render.c - sp-mesa with one mistake, for the tests of sp-mesa-check:
 * the same scene drawn by Mesa with every normal turned inward
 * (flip-normals) or without the depth test (no-depth), written as sp-mesa
 * writes its image, so that the check must tell them from the real one. */
#include <GL/gl.h>
#include <GL/osmesa.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mesa_run.h"

static int usage(void)
{
	fprintf(stderr, "usage: mesa_wrong_render flip-normals|no-depth SIDE "
		"FRAMES MESH OUT\n");
	return 2;
}

static int write_ppm(const char *path, long side, long frames,
		     const unsigned char *rgba)
{
	FILE *f = fopen(path, "wb");

	if (!f)
		return 1;
	fprintf(f, "P6\n" MESA_PPM_TAG "frames %ld threads 1\n%ld %ld\n255\n",
		frames, side, side);
	for (long y = side - 1; y >= 0; y--)
		for (long x = 0; x < side; x++)
			fwrite(rgba + 4 * (y * side + x), 3, 1, f);
	return fclose(f) ? 1 : 0;
}

int main(int argc, char **argv)
{
	struct mesa_scene scene;
	struct mesa_mesh mesh;
	unsigned char *rgba;
	OSMesaContext ctx;
	long side, frames;
	int flip;
	FILE *f;

	if (argc != 6 || (strcmp(argv[1], "flip-normals") &&
			  strcmp(argv[1], "no-depth")))
		return usage();
	flip = !strcmp(argv[1], "flip-normals");
	side = atol(argv[2]);
	frames = atol(argv[3]);
	f = fopen(argv[4], "r");
	if (side < 1 || frames < 1 || !f || mesa_read_mesh(f, &mesh) ||
	    mesa_scene_build(&scene, &mesh))
		return usage();
	fclose(f);
	if (flip)
		for (long k = 0; k < scene.grid * scene.grid; k++)
			for (int c = 0; c < 3; c++)
				scene.n[k][c] = -scene.n[k][c];
	setenv("GALLIUM_DRIVER", "llvmpipe", 1);
	setenv("LP_NUM_THREADS", "0", 1);
	rgba = malloc((size_t)(side * side * 4));
	ctx = OSMesaCreateContextExt(OSMESA_RGBA, 32, 0, 0, NULL);
	if (!rgba || !ctx || !OSMesaMakeCurrent(ctx, rgba, GL_UNSIGNED_BYTE,
						(GLsizei)side, (GLsizei)side))
		return 1;
	mesa_scene_state(side);
	if (!flip)
		glDisable(GL_DEPTH_TEST);
	for (long k = 0; k < frames; k++)
		mesa_scene_frame(&scene, (uint64_t)k);
	glFinish();
	return write_ppm(argv[5], side, frames, rgba);
}
