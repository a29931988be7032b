// eon_shapes.cc - where a ray meets each kind of sp-eon's shapes, in the
// arithmetic eon_spec.h gives (the check's renderer repeats it), and the
// bounds the BVH is built from.
#include "eon_shapes.h"

#include "eon_spec.h"

// Bounds are widened by this, so that the BVH's box tests, rounded
// otherwise than the shapes' own, never lose a hit.
static const double PAD = 1e-9;

static Bounds padded(Vec3 lo, Vec3 hi)
{
	return { { lo.x - PAD, lo.y - PAD, lo.z - PAD },
		 { hi.x + PAD, hi.y + PAD, hi.z + PAD } };
}

static bool rect_hit(int a, double k, double u0, double u1, double v0,
		     double v1, const Vec3 &o, const Vec3 &d, double &t)
{
	int u = (a + 1) % 3, v = (a + 2) % 3;

	if (d[a] == 0)
		return false;
	t = (k - o[a]) / d[a];
	if (!(t > EON_EPS))
		return false;
	double pu = o[u] + d[u] * t, pv = o[v] + d[v] * t;
	return !(pu < u0 || pu > u1 || pv < v0 || pv > v1);
}

bool Sphere::hit(const Vec3 &o, const Vec3 &d, double &t, int &face) const
{
	Vec3 f = o - c_;
	double b = dot(f, d);
	double q = dot(f, f) - r_ * r_;
	double disc = b * b - q;

	if (disc < 0)
		return false;
	double s = std::sqrt(disc);
	t = -b - s;
	if (!(t > EON_EPS))
		t = -b + s;
	face = 0;
	return t > EON_EPS;
}

Vec3 Sphere::normal(const Vec3 &p, int) const
{
	return (p - c_) / r_;
}

Bounds Sphere::bounds() const
{
	Vec3 r = { r_, r_, r_ };

	return padded(c_ - r, c_ + r);
}

bool Rect::hit(const Vec3 &o, const Vec3 &d, double &t, int &face) const
{
	face = a_;
	return rect_hit(a_, k_, u0_, u1_, v0_, v1_, o, d, t);
}

Vec3 Rect::normal(const Vec3 &, int face) const
{
	return unit_axis(face, 1.0);
}

Bounds Rect::bounds() const
{
	double lo[3], hi[3];
	int u = (a_ + 1) % 3, v = (a_ + 2) % 3;

	lo[a_] = hi[a_] = k_;
	lo[u] = u0_;
	hi[u] = u1_;
	lo[v] = v0_;
	hi[v] = v1_;
	return padded({ lo[0], lo[1], lo[2] }, { hi[0], hi[1], hi[2] });
}

bool Box::hit(const Vec3 &o, const Vec3 &d, double &t, int &face) const
{
	bool any = false;
	double s;

	for (int a = 0; a < 3; a++) {
		int u = (a + 1) % 3, v = (a + 2) % 3;

		for (int side = 0; side < 2; side++) {
			double k = side ? hi_[a] : lo_[a];

			if (rect_hit(a, k, lo_[u], hi_[u], lo_[v], hi_[v], o,
				     d, s) && (!any || s < t)) {
				t = s;
				face = a;
				any = true;
			}
		}
	}
	return any;
}

Vec3 Box::normal(const Vec3 &, int face) const
{
	return unit_axis(face, 1.0);
}

Bounds Box::bounds() const
{
	return padded(lo_, hi_);
}
