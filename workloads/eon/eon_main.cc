// eon_main.cc - sp-eon, the eon workload's measured program: reads the
// scene sp-eon-gen made, builds its BVH, path-traces the RES x RES image
// at SPP samples a pixel on one thread, and writes it as a PFM (RGB
// float32, little-endian, bottom row first) to -o FILE.
#include <cstdio>
#include <new>
#include <string>
#include <vector>

#include "eon_bvh.h"
#include "eon_render.h"
#include "eon_scene.h"
#include "eon_spec.h"

extern "C" {
#include "atomic_file.h"
}

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
	      "the PFM is written as little-endian floats");

static const char PROG[] = "sp-eon";

static int write_pfm(const char *path, const std::vector<float> &img,
		     long res)
{
	struct atomic_file af;
	std::FILE *f = atomic_file_open(&af, PROG, path);

	if (!f)
		return 1;
	std::fprintf(f, "PF\n%ld %ld\n-1.0\n", res, res);
	for (long y = res - 1; y >= 0; y--)
		std::fwrite(&img[(size_t)(y * res * 3)], sizeof(float),
			    (size_t)res * 3, f);
	return atomic_file_commit(&af) ? 1 : 0;
}

static int render(const struct eon_args &a)
{
	std::string err;
	Scene scene;

	if (!scene.load(a.scene, a, err)) {
		std::fprintf(stderr, "%s: %s: %s\n", PROG, a.scene, err.c_str());
		return 1;
	}
	std::vector<const Shape *> shapes;
	shapes.reserve(scene.shapes.size());
	for (const auto &s : scene.shapes)
		shapes.push_back(s.get());
	Bvh bvh(shapes);
	shapes.clear();
	shapes.shrink_to_fit();

	Renderer tracer(scene, bvh, a.seed, a.res, a.spp);
	std::vector<float> img((size_t)(a.res * a.res * 3));
	for (long y = 0; y < a.res; y++)
		for (long x = 0; x < a.res; x++) {
			Vec3 c = tracer.pixel(x, y);
			float *px = &img[(size_t)((y * a.res + x) * 3)];

			px[0] = (float)c.x;
			px[1] = (float)c.y;
			px[2] = (float)c.z;
		}
	return write_pfm(a.path, img, a.res);
}

int main(int argc, char **argv)
{
	struct eon_args a;

	eon_parse_args(argc, argv, 2, &a);
	try {
		return render(a);
	} catch (const std::bad_alloc &) {
		std::fprintf(stderr, "%s: out of memory\n", PROG);
		return 1;
	}
}
