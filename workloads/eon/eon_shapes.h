// eon_shapes.h - sp-eon's scene objects as a class hierarchy, as eon's
// own: a Shape answers where a ray first meets it, its normal there and
// its bounds, through virtual calls; Sphere, Rect (the walls and the
// light) and Box (six rects) are its kinds.  Each is allocated on its own.
#ifndef SP_EON_SHAPES_H
#define SP_EON_SHAPES_H

#include "eon_vec.h"

struct Material {
	int kind;		// enum eon_kind
	Vec3 c;			// albedo, or the light's emission
};

struct Bounds {
	Vec3 lo, hi;
};

class Shape {
public:
	explicit Shape(const Material *m) : mat(m) {}
	virtual ~Shape() = default;
	// The nearest t > EON_EPS at which o + t d meets the shape, into t,
	// and what normal() needs to know of where, into face.
	virtual bool hit(const Vec3 &o, const Vec3 &d, double &t,
			 int &face) const = 0;
	virtual Vec3 normal(const Vec3 &p, int face) const = 0;
	virtual Bounds bounds() const = 0;

	const Material *mat;
};

class Sphere : public Shape {
public:
	Sphere(const Material *m, Vec3 c, double r) : Shape(m), c_(c), r_(r) {}
	bool hit(const Vec3 &o, const Vec3 &d, double &t, int &face) const override;
	Vec3 normal(const Vec3 &p, int face) const override;
	Bounds bounds() const override;

private:
	Vec3 c_;
	double r_;
};

// An axis-aligned rectangle: at k on axis a, [u0, u1] on axis (a + 1) % 3
// and [v0, v1] on axis (a + 2) % 3.
class Rect : public Shape {
public:
	Rect(const Material *m, int a, double k, double u0, double u1,
	     double v0, double v1)
		: Shape(m), a_(a), k_(k), u0_(u0), u1_(u1), v0_(v0), v1_(v1) {}
	bool hit(const Vec3 &o, const Vec3 &d, double &t, int &face) const override;
	Vec3 normal(const Vec3 &p, int face) const override;
	Bounds bounds() const override;

	int axis() const { return a_; }
	double k() const { return k_; }
	double u0() const { return u0_; }
	double u1() const { return u1_; }
	double v0() const { return v0_; }
	double v1() const { return v1_; }

private:
	int a_;
	double k_, u0_, u1_, v0_, v1_;
};

class Box : public Shape {
public:
	Box(const Material *m, Vec3 lo, Vec3 hi) : Shape(m), lo_(lo), hi_(hi) {}
	bool hit(const Vec3 &o, const Vec3 &d, double &t, int &face) const override;
	Vec3 normal(const Vec3 &p, int face) const override;
	Bounds bounds() const override;

private:
	Vec3 lo_, hi_;
};

#endif
