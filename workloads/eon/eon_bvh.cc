// eon_bvh.cc - builds sp-eon's BVH (median split of the shapes' centres on
// the widest axis, at most LEAF shapes a leaf; shapes as wide as the room
// kept beside it) and walks it, nearer child first, for the nearest hit
// and for shadow rays.
#include "eon_bvh.h"

#include <algorithm>

#include "eon_spec.h"

namespace {

const uint32_t LEAF = 4;
// A shape wider than this share of the scene on some axis (a wall) would
// make every node that holds it as wide: such shapes stay outside the tree
// and every ray tests them.
const double BIG = 0.25;
const int STACK = 64;

double centre(const Bounds &b, int axis)
{
	return (b.lo[axis] + b.hi[axis]) * 0.5;
}

Bounds join(const Bounds &a, const Bounds &b)
{
	return { { std::min(a.lo.x, b.lo.x), std::min(a.lo.y, b.lo.y),
		   std::min(a.lo.z, b.lo.z) },
		 { std::max(a.hi.x, b.hi.x), std::max(a.hi.y, b.hi.y),
		   std::max(a.hi.z, b.hi.z) } };
}

} // namespace

Bvh::Bvh(const std::vector<const Shape *> &shapes)
{
	Bounds all = shapes[0]->bounds();

	for (const Shape *s : shapes)
		all = join(all, s->bounds());
	Vec3 big = (all.hi - all.lo) * BIG;
	items_.reserve(shapes.size());
	for (const Shape *s : shapes) {
		Bounds b = s->bounds();
		Vec3 w = b.hi - b.lo;

		if (w.x > big.x || w.y > big.y || w.z > big.z)
			big_.push_back(s);
		else
			items_.push_back({ b, s });
	}
	nodes_.reserve(2 * items_.size() / LEAF + 2);
	if (!items_.empty())
		build(0, (uint32_t)items_.size());
	shapes_.reserve(items_.size());
	for (const Item &it : items_)
		shapes_.push_back(it.s);
	items_.clear();
	items_.shrink_to_fit();
}

uint32_t Bvh::build(uint32_t first, uint32_t count)
{
	uint32_t at = (uint32_t)nodes_.size();
	Bounds b = items_[first].b, c;

	for (uint32_t i = first + 1; i < first + count; i++)
		b = join(b, items_[i].b);
	nodes_.push_back({ b, first, (uint16_t)count, 0 });
	if (count <= LEAF)
		return at;

	for (uint32_t i = first; i < first + count; i++) {
		const Bounds &ib = items_[i].b;
		Vec3 m = { centre(ib, 0), centre(ib, 1), centre(ib, 2) };

		c = i == first ? Bounds{ m, m } : join(c, { m, m });
	}
	Vec3 w = c.hi - c.lo;
	int axis = w.x >= w.y && w.x >= w.z ? 0 : w.y >= w.z ? 1 : 2;
	uint32_t half = count / 2;
	std::nth_element(items_.begin() + first, items_.begin() + first + half,
			 items_.begin() + first + count,
			 [axis](const Item &p, const Item &q) {
				 return centre(p.b, axis) < centre(q.b, axis);
			 });
	build(first, half);
	uint32_t right = build(first + half, count - half);
	nodes_[at].first = right;
	nodes_[at].count = 0;
	nodes_[at].axis = (uint16_t)axis;
	return at;
}

bool Bvh::enters(const Bounds &b, const Vec3 &o, const Vec3 &d,
		 const Vec3 &inv, double tmax)
{
	double tmin = 0;

	for (int i = 0; i < 3; i++) {
		if (d[i] == 0) {
			if (o[i] < b.lo[i] || o[i] > b.hi[i])
				return false;
			continue;
		}
		double t0 = (b.lo[i] - o[i]) * inv[i];
		double t1 = (b.hi[i] - o[i]) * inv[i];
		if (t0 > t1)
			std::swap(t0, t1);
		tmin = std::max(tmin, t0);
		tmax = std::min(tmax, t1);
		if (tmin > tmax)
			return false;
	}
	return true;
}

// Pushes inner node n's children, the one on the far side along d first.
void Bvh::push(uint32_t *stack, int &top, const Node &n, const Vec3 &d) const
{
	uint32_t left = (uint32_t)(&n - &nodes_[0]) + 1, right = n.first;

	if (d[n.axis] < 0)
		std::swap(left, right);
	stack[top++] = right;
	stack[top++] = left;
}

bool Bvh::nearest(const Vec3 &o, const Vec3 &d, Hit &h) const
{
	Vec3 inv = { 1 / d.x, 1 / d.y, 1 / d.z };
	uint32_t stack[STACK];
	int top = 0;
	bool any = false;
	double t;
	int face;

	h.t = 1e300;
	for (const Shape *s : big_)
		if (s->hit(o, d, t, face) && (!any || t < h.t)) {
			h = { t, face, s };
			any = true;
		}
	if (!nodes_.empty())
		stack[top++] = 0;
	while (top) {
		const Node &n = nodes_[stack[--top]];

		if (!enters(n.b, o, d, inv, h.t))
			continue;
		if (n.count) {
			for (uint32_t i = n.first; i < n.first + n.count; i++)
				if (shapes_[i]->hit(o, d, t, face) &&
				    (!any || t < h.t)) {
					h = { t, face, shapes_[i] };
					any = true;
				}
			continue;
		}
		push(stack, top, n, d);
	}
	return any;
}

bool Bvh::occluded(const Vec3 &o, const Vec3 &d, double tmax) const
{
	Vec3 inv = { 1 / d.x, 1 / d.y, 1 / d.z };
	uint32_t stack[STACK];
	int top = 0;
	double t;
	int face;

	for (const Shape *s : big_)
		if (s->hit(o, d, t, face) && t < tmax)
			return true;
	if (!nodes_.empty())
		stack[top++] = 0;
	while (top) {
		const Node &n = nodes_[stack[--top]];

		if (!enters(n.b, o, d, inv, tmax))
			continue;
		if (n.count) {
			for (uint32_t i = n.first; i < n.first + n.count; i++)
				if (shapes_[i]->hit(o, d, t, face) && t < tmax)
					return true;
			continue;
		}
		push(stack, top, n, d);
	}
	return false;
}
