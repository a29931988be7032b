/* mesa.c - sp-mesa, the mesa workload's measured program: Debian's Mesa
 * (libOSMesa, software OpenGL into memory) renders the height field of
 * mesa.in, lit, textured with contour lines and depth-tested, FRAMES
 * times as it turns, into a malloc'd RGBA image of SIDE x SIDE, and writes
 * the last frame as a PPM.  It holds Mesa to one thread, set before the
 * context exists: llvmpipe with no rasterizer threads (it rasterizes in
 * the calling thread), no shader cache (whose writer is a thread) and no
 * glthread; the thread count it had goes into the image's comment. */
#include <GL/gl.h>
#include <GL/osmesa.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "mesa_run.h"

#define PROG "sp-mesa"

static void one_thread(void)
{
	setenv("GALLIUM_DRIVER", "llvmpipe", 1);
	setenv("LP_NUM_THREADS", "0", 1);
	setenv("MESA_SHADER_CACHE_DISABLE", "true", 1);
	setenv("mesa_glthread", "false", 1);
}

/* This process's thread count, from /proc/self/status, or -1. */
static long threads(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long n = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Threads: %ld", &n) == 1)
			break;
	fclose(f);
	return n;
}

static int fail(const char *what)
{
	fprintf(stderr, PROG ": %s\n", what);
	return 1;
}

/* The image, rows top first (OpenGL's row 0 is the bottom), as a PPM. */
static int write_ppm(const struct mesa_args *a, const unsigned char *rgba,
		     long nthreads)
{
	struct atomic_file af;
	long side = a->side;
	unsigned char *row;
	FILE *f;

	row = malloc((size_t)side * 3);
	if (!row)
		return fail("out of memory");
	f = atomic_file_open(&af, PROG, a->path);
	if (!f) {
		free(row);
		return 1;
	}
	fprintf(f, "P6\n" MESA_PPM_TAG "frames %llu threads %ld\n%ld %ld\n255\n",
		(unsigned long long)a->frames, nthreads, side, side);
	for (long y = side - 1; y >= 0; y--) {
		const unsigned char *p = rgba + (size_t)y * (size_t)side * 4;

		for (long x = 0; x < side; x++)
			memcpy(row + 3 * x, p + 4 * x, 3);
		fwrite(row, 3, (size_t)side, f);
	}
	free(row);
	return atomic_file_commit(&af) ? 1 : 0;
}

int main(int argc, char **argv)
{
	struct mesa_scene scene;
	struct mesa_mesh mesh;
	struct mesa_args a;
	unsigned char *rgba;
	OSMesaContext ctx;
	const char *err;
	long nthreads;
	FILE *f;
	int rc;

	mesa_parse_args(argc, argv, 2, &a);
	one_thread();
	f = fopen(a.mesh, "r");
	if (!f) {
		fprintf(stderr, PROG ": cannot open %s\n", a.mesh);
		return 1;
	}
	err = mesa_read_mesh(f, &mesh);
	fclose(f);
	if (err)
		return fail(err);
	if (mesh.seed != a.seed)
		return fail("mesa.in was made from another seed");
	if (mesa_scene_build(&scene, &mesh))
		return fail("out of memory");
	rgba = malloc((size_t)a.side * (size_t)a.side * 4);
	if (!rgba)
		return fail("out of memory");
	ctx = OSMesaCreateContextExt(OSMESA_RGBA, 32, 0, 0, NULL);
	if (!ctx)
		return fail("cannot create an OSMesa context");
	if (!OSMesaMakeCurrent(ctx, rgba, GL_UNSIGNED_BYTE, (GLsizei)a.side,
			       (GLsizei)a.side))
		return fail("cannot bind the image to the context");
	mesa_scene_state(a.side);
	for (uint64_t frame = 0; frame < a.frames; frame++) {
		mesa_scene_frame(&scene, frame);
		glFinish();
	}
	if (glGetError() != GL_NO_ERROR)
		return fail("OpenGL reported an error");
	nthreads = threads();
	rc = write_ppm(&a, rgba, nthreads);
	OSMesaDestroyContext(ctx);
	free(rgba);
	free(scene.v);
	free(scene.n);
	free(mesh.h);
	return rc;
}
