// eon_render.cc - one pixel of sp-eon's image: SPP paths from the camera,
// each bouncing off diffuse surfaces (with a shadow ray to a point of the
// light at every bounce) and mirrors until it leaves the room, reaches
// the light or Russian roulette ends it, step for step as eon_spec.h says.
#include "eon_render.h"

#include "eon_spec.h"

class Renderer::Stream {
public:
	explicit Stream(uint64_t s) : s_(s) {}
	double next() { return rng_unit(rng_next(&s_)); }

private:
	uint64_t s_;
};

Vec3 Renderer::pixel(long x, long y) const
{
	Stream r(eon_pixel_stream(seed_, (uint64_t)(y * res_ + x)));
	Vec3 sum = { 0, 0, 0 };

	for (long i = 0; i < spp_; i++)
		sum = sum + sample(x, y, r);
	return sum / (double)spp_;
}

// Next-event estimation: whether a random point of the light reaches p,
// of normal n, with nothing between, and the geometry factor g if so.
bool Renderer::light(const Vec3 &p, const Vec3 &n, Stream &r, double &g) const
{
	const Rect &lt = *scene_.light;
	double q[3];
	int a = lt.axis(), u = (a + 1) % 3, v = (a + 2) % 3;

	q[a] = lt.k();
	q[u] = lt.u0() + r.next() * (lt.u1() - lt.u0());
	q[v] = lt.v0() + r.next() * (lt.v1() - lt.v0());
	Vec3 l = Vec3{ q[0], q[1], q[2] } - p;
	double d2 = dot(l, l);
	double dist = std::sqrt(d2);
	Vec3 wi = l / dist;
	double cs = dot(n, wi), cl = wi.y;

	if (!(cs > 0 && cl > 0) ||
	    bvh_.occluded(p, wi, dist - EON_SHADOW_EPS))
		return false;
	g = cs * cl * ((lt.u1() - lt.u0()) * (lt.v1() - lt.v0())) / d2 /
	    EON_PI;
	return true;
}

// A direction about n, cosine-weighted: a point of the unit disc by
// rejection, lifted onto the hemisphere.
Vec3 Renderer::bounce(const Vec3 &n, Stream &r) const
{
	double a, b, r2;

	do {
		a = 2 * r.next() - 1;
		b = 2 * r.next() - 1;
		r2 = a * a + b * b;
	} while (r2 >= 1);
	double h = std::sqrt(1 - r2);
	Vec3 e = n.x > 0.9 || n.x < -0.9 ? Vec3{ 0, 1, 0 } : Vec3{ 1, 0, 0 };
	Vec3 t0 = norm(cross(e, n));
	Vec3 b0 = cross(n, t0);
	return norm(t0 * a + n * h + b0 * b);
}

Vec3 Renderer::sample(long x, long y, Stream &r) const
{
	const Camera &cam = scene_.cam;
	const Vec3 &le = scene_.light->mat->c;
	double u = r.next(), w = r.next(), g;
	Vec3 d = norm({ (((double)x + u) / (double)res_ * 2 - 1) * cam.tan,
			(1 - ((double)y + w) / (double)res_ * 2) * cam.tan,
			-1.0 });
	Vec3 o = cam.eye, t = { 1, 1, 1 }, l = { 0, 0, 0 };
	bool specular = true;
	Hit h;

	for (int depth = 0; depth < EON_MAX_DEPTH; depth++) {
		if (!bvh_.nearest(o, d, h))
			break;
		Vec3 p = o + d * h.t;
		const Material &m = *h.shape->mat;

		if (m.kind == EON_LIGHT) {
			if (specular && d.y > 0)
				l = l + t * m.c;
			break;
		}
		Vec3 n = h.shape->normal(p, h.face);
		if (dot(n, d) > 0)
			n = -n;
		if (m.kind == EON_MIRROR) {
			d = norm(d - n * (2 * dot(d, n)));
			t = t * m.c;
			o = p;
			specular = true;
			continue;
		}
		if (light(p, n, r, g))
			l = l + t * m.c * le * g;
		if (depth >= EON_RR_DEPTH) {
			if (r.next() >= EON_RR_P)
				break;
			t = t / EON_RR_P;
		}
		d = bounce(n, r);
		t = t * m.c;
		o = p;
		specular = false;
	}
	return l;
}
