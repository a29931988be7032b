// eon_vec.h - sp-eon's three-component vector of doubles: points,
// directions and RGB colours, with the component-wise arithmetic that
// eon_spec.h writes the renderer in (each operator one rounding per
// component, sums left to right).
#ifndef SP_EON_VEC_H
#define SP_EON_VEC_H

#include <cmath>

struct Vec3 {
	double x, y, z;

	double operator[](int i) const { return i == 0 ? x : i == 1 ? y : z; }
	Vec3 operator+(const Vec3 &b) const { return { x + b.x, y + b.y, z + b.z }; }
	Vec3 operator-(const Vec3 &b) const { return { x - b.x, y - b.y, z - b.z }; }
	Vec3 operator*(const Vec3 &b) const { return { x * b.x, y * b.y, z * b.z }; }
	Vec3 operator*(double s) const { return { x * s, y * s, z * s }; }
	Vec3 operator/(double s) const { return { x / s, y / s, z / s }; }
	Vec3 operator-() const { return { -x, -y, -z }; }
};

inline double dot(const Vec3 &a, const Vec3 &b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

inline Vec3 cross(const Vec3 &a, const Vec3 &b)
{
	return { a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,
		 a.x * b.y - a.y * b.x };
}

inline Vec3 norm(const Vec3 &v)
{
	return v / std::sqrt(dot(v, v));
}

// A vector with component i set to s and the others to 0.
inline Vec3 unit_axis(int i, double s)
{
	return { i == 0 ? s : 0.0, i == 1 ? s : 0.0, i == 2 ? s : 0.0 };
}

#endif
