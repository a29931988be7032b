/* eon_spec.h - what sp-eon-gen, sp-eon (C++) and sp-eon-check (C) agree
 * on: the command line, the scene file, each pixel's random stream and the
 * renderer's constants and arithmetic, so that the check's own renderer,
 * written apart from sp-eon's, reproduces chosen pixels of its image.
 *
 * The renderer (both implementations), one sample of pixel (x, y) of a
 * RES x RES image, y = 0 the top row, R the next number of the pixel's
 * stream as a double (rng_unit(rng_next(&s))), vectors component-wise,
 * dot(a, b) = a.x*b.x + a.y*b.y + a.z*b.z, norm(v) = v / sqrt(dot(v, v)):
 *
 *   u = R; w = R
 *   d = norm(((x + u) / RES * 2 - 1) * tan, (1 - (y + w) / RES * 2) * tan, -1)
 *   o = eye; T = (1, 1, 1); L = (0, 0, 0); specular = 1
 *   for depth = 0 .. EON_MAX_DEPTH - 1:
 *     the nearest hit t > EON_EPS of any primitive (below); none: stop
 *     p = o + d * t; m = its material
 *     light: if specular and d.y > 0, L = L + T * m.c; stop
 *     n = its normal; if dot(n, d) > 0, n = -n
 *     mirror: d = norm(d - n * (2 * dot(d, n))); T = T * m.c; o = p;
 *             specular = 1; next depth
 *     diffuse (next-event estimation on the one light, a rect of axis 1
 *     whose rect axes u = z and v = x, see below):
 *       q[1] = k; q[u] = u0 + R * (u1 - u0); q[v] = v0 + R * (v1 - v0)
 *       l = q - p; d2 = dot(l, l); dist = sqrt(d2); wi = l / dist
 *       cs = dot(n, wi); cl = wi.y
 *       if cs > 0 and cl > 0 and no hit t > EON_EPS from p along wi has
 *       t < dist - EON_SHADOW_EPS:
 *         g = cs * cl * ((u1 - u0) * (v1 - v0)) / d2 / EON_PI
 *         L = L + ((T * m.c) * Le) * g       (Le: the light's m.c)
 *       if depth >= EON_RR_DEPTH: if R >= EON_RR_P stop; T = T / EON_RR_P
 *       do a = 2 * R - 1; b = 2 * R - 1; r2 = a * a + b * b while r2 >= 1
 *       h = sqrt(1 - r2)
 *       e = (1, 0, 0), or (0, 1, 0) if n.x > 0.9 or n.x < -0.9
 *       t0 = norm(cross(e, n)); b0 = cross(n, t0)
 *       d = norm(t0 * a + n * h + b0 * b)   (summed left to right)
 *       T = T * m.c; o = p; specular = 0
 *   with cross(a, b) = (a.y*b.z - a.z*b.y, a.z*b.x - a.x*b.z, a.x*b.y - a.y*b.x).
 * The pixel is the sum of its samples' L, in order, divided by SPP, as a
 * float.
 *
 * Primitives, ray o + t d:
 *   sphere c, r: f = o - c; b = dot(f, d); q = dot(f, f) - r * r;
 *     disc = b * b - q; miss if disc < 0; s = sqrt(disc); t = -b - s;
 *     if not t > EON_EPS, t = -b + s; miss if not t > EON_EPS;
 *     normal (p - c) / r.
 *   rect of axis a at k, u = (a + 1) % 3 in [u0, u1], v = (a + 2) % 3 in
 *     [v0, v1]: miss if d[a] == 0; t = (k - o[a]) / d[a]; miss if not
 *     t > EON_EPS; pu = o[u] + d[u] * t, pv = o[v] + d[v] * t; miss if pu
 *     < u0 or pu > u1 or pv < v0 or pv > v1; normal the unit vector of a.
 *   box lo, hi: its six faces as rects, for a = 0, 1, 2 the face at lo[a]
 *     then the one at hi[a] (u, v ranges from lo and hi); the nearest, the
 *     first of equals.
 */
#ifndef SP_EON_SPEC_H
#define SP_EON_SPEC_H

#include <stdint.h>

#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EON_EPS 1e-7
#define EON_SHADOW_EPS 1e-6
#define EON_MAX_DEPTH 12
#define EON_RR_DEPTH 3
#define EON_RR_P 0.75
#define EON_PI 3.14159265358979323846

/* Material kinds: the scene file's first number of a material line. */
enum eon_kind { EON_DIFFUSE = 0, EON_MIRROR = 1, EON_LIGHT = 2 };

/*
 * The scene file, text, numbers as "%.17g" (read back exactly):
 *   eon-scene 1
 *   args OBJECTS SEED RES SPP          (what sp-eon-gen was given)
 *   camera EX EY EZ TAN                (looking along -z)
 *   materials N, then N lines "KIND R G B"
 *   prims N, then N lines, MAT the material's index:
 *     "sphere MAT CX CY CZ R"
 *     "rect MAT AXIS K U0 U1 V0 V1"
 *     "box MAT X0 Y0 Z0 X1 Y1 Z1"
 *   end
 * Exactly one rect has a light material: axis 1, below every other
 * primitive that lies over it, lighting downwards.  Every primitive lies
 * in the room [0, 1]^3, open at z = 1 where the camera looks in.
 */
#define EON_SCENE_MAGIC "eon-scene"
#define EON_SCENE_VERSION 1
#define EON_SCENE_FILE "scene.txt"

/* sp-eon's peak RSS per object (the shape, its pointers and its share of
 * the BVH as it is built), measured with g++ 12 and glibc 2.36 from 10^5
 * to 10^6 objects; --mb divides by it. */
#define EON_BYTES_PER_OBJECT 200

/* The first state of pixel idx's stream (idx = y * RES + x). */
static inline uint64_t eon_pixel_stream(uint64_t seed, uint64_t idx)
{
	return rng_hash(rng_hash(seed) ^ idx);
}

struct eon_args {
	long objects;
	uint64_t seed;
	long res, spp;
	const char *scene;	/* sp-eon and the check: -i, the scene file */
	const char *path;	/* -o DIR (gen), -o FILE (run), or the image */
};

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (one operand), 1 the generator (-o DIR), 2 the run (-o FILE); the
 * run and the check need -i SCENE. */
void eon_parse_args(int argc, char **argv, int form, struct eon_args *a);

#ifdef __cplusplus
}
#endif

#endif
