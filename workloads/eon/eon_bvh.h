// eon_bvh.h - sp-eon's bounding volume hierarchy over the scene's shapes
// (the room's walls beside it): the nearest hit of a ray, and whether
// anything lies on a shadow ray.
#ifndef SP_EON_BVH_H
#define SP_EON_BVH_H

#include <cstdint>
#include <vector>

#include "eon_shapes.h"

struct Hit {
	double t;
	int face;
	const Shape *shape;
};

class Bvh {
public:
	explicit Bvh(const std::vector<const Shape *> &shapes);

	// The nearest hit t > EON_EPS of o + t d (the first of equals in
	// the tree's order); false when there is none.
	bool nearest(const Vec3 &o, const Vec3 &d, Hit &h) const;
	// Whether some shape is hit at EON_EPS < t < tmax.
	bool occluded(const Vec3 &o, const Vec3 &d, double tmax) const;

private:
	struct Node {
		Bounds b;
		uint32_t first;		// leaf: first shape; inner: right child
		uint16_t count;		// leaf: shapes; inner: 0
		uint16_t axis;		// inner: the axis split
	};

	uint32_t build(uint32_t first, uint32_t count);
	// Whether o + t d meets node b for some t in [0, tmax].
	static bool enters(const Bounds &b, const Vec3 &o, const Vec3 &d,
			   const Vec3 &inv, double tmax);
	void push(uint32_t *stack, int &top, const Node &n, const Vec3 &d) const;

	struct Item {
		Bounds b;
		const Shape *s;
	};

	std::vector<const Shape *> big_;	// tested by every ray
	std::vector<const Shape *> shapes_;	// in leaf order
	std::vector<Item> items_;		// while building
	std::vector<Node> nodes_;
};

#endif
