// eon_render.h - sp-eon's path tracer: Kajiya's rendering equation by
// Monte Carlo paths, light sampled at every diffuse bounce, each pixel
// from its own seeded random stream (eon_spec.h).
#ifndef SP_EON_RENDER_H
#define SP_EON_RENDER_H

#include <cstdint>

#include "eon_bvh.h"
#include "eon_scene.h"

class Renderer {
public:
	Renderer(const Scene &scene, const Bvh &bvh, uint64_t seed, long res,
		 long spp)
		: scene_(scene), bvh_(bvh), seed_(seed), res_(res), spp_(spp) {}

	// Pixel (x, y), y = 0 the top row: the mean of its samples.
	Vec3 pixel(long x, long y) const;

private:
	class Stream;

	Vec3 sample(long x, long y, Stream &r) const;
	bool light(const Vec3 &p, const Vec3 &n, Stream &r, double &g) const;
	Vec3 bounce(const Vec3 &n, Stream &r) const;

	const Scene &scene_;
	const Bvh &bvh_;
	uint64_t seed_;
	long res_, spp_;
};

#endif
