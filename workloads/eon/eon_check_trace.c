/* eon_check_trace.c - sp-eon-check's path tracer: one pixel's samples,
 * step for step as eon_spec.h writes them, on plain double arrays. */
#include <math.h>

#include "eon_check.h"

static double dot(const double a[3], const double b[3])
{
	return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* v = v / sqrt(dot(v, v)) */
static void normalize(double v[3])
{
	double l = sqrt(dot(v, v));

	v[0] = v[0] / l;
	v[1] = v[1] / l;
	v[2] = v[2] / l;
}

static void cross(const double a[3], const double b[3], double out[3])
{
	out[0] = a[1] * b[2] - a[2] * b[1];
	out[1] = a[2] * b[0] - a[0] * b[2];
	out[2] = a[0] * b[1] - a[1] * b[0];
}

static double next(uint64_t *s)
{
	return rng_unit(rng_next(s));
}

/* The normal of the prim h met at p, before it is turned to face the ray. */
static void normal(const struct ck_hit *h, const double p[3], double n[3])
{
	const double *v = h->p->v;

	if (h->p->type == CK_SPHERE) {
		for (int i = 0; i < 3; i++)
			n[i] = (p[i] - v[i]) / v[3];
		return;
	}
	for (int i = 0; i < 3; i++)
		n[i] = i == h->face ? 1.0 : 0.0;
}

/* The shadow ray to a random point of the light: its geometry factor, or
 * 0 with *lit clear when the point is hidden or behind. */
static double light(const struct ck_grid *g, const double p[3],
		    const double n[3], uint64_t *s, int *lit)
{
	const struct ck_prim *lt = g->s->light;
	const double *v = lt->v;
	int a = lt->axis, u = (a + 1) % 3, w = (a + 2) % 3;
	double q[3], l[3], wi[3], d2, dist, cs, cl;

	q[a] = v[0];
	q[u] = v[1] + next(s) * (v[2] - v[1]);
	q[w] = v[3] + next(s) * (v[4] - v[3]);
	for (int i = 0; i < 3; i++)
		l[i] = q[i] - p[i];
	d2 = dot(l, l);
	dist = sqrt(d2);
	for (int i = 0; i < 3; i++)
		wi[i] = l[i] / dist;
	cs = dot(n, wi);
	cl = wi[1];
	*lit = cs > 0 && cl > 0 &&
	       !ck_grid_occluded(g, p, wi, dist - EON_SHADOW_EPS);
	if (!*lit)
		return 0;
	return cs * cl * ((v[2] - v[1]) * (v[4] - v[3])) / d2 / EON_PI;
}

/* A cosine-weighted direction about n into d. */
static void bounce(const double n[3], uint64_t *s, double d[3])
{
	double a, b, r2, h, e[3] = { 1, 0, 0 }, t0[3], b0[3];

	do {
		a = 2 * next(s) - 1;
		b = 2 * next(s) - 1;
		r2 = a * a + b * b;
	} while (r2 >= 1);
	h = sqrt(1 - r2);
	if (n[0] > 0.9 || n[0] < -0.9) {
		e[0] = 0;
		e[1] = 1;
	}
	cross(e, n, t0);
	normalize(t0);
	cross(n, t0, b0);
	for (int i = 0; i < 3; i++)
		d[i] = t0[i] * a + n[i] * h + b0[i] * b;
	normalize(d);
}

static void sample(const struct ck_grid *g, long res, long x, long y,
		   uint64_t *s, double out[3])
{
	const struct ck_scene *sc = g->s;
	const double *le = sc->mats[sc->light->mat].c;
	double u = next(s), w = next(s);
	double o[3], d[3], t[3] = { 1, 1, 1 }, p[3], n[3], gf;
	int specular = 1, lit;
	struct ck_hit h;

	d[0] = (((double)x + u) / (double)res * 2 - 1) * sc->tan;
	d[1] = (1 - ((double)y + w) / (double)res * 2) * sc->tan;
	d[2] = -1.0;
	normalize(d);
	for (int i = 0; i < 3; i++) {
		o[i] = sc->eye[i];
		out[i] = 0;
	}
	for (int depth = 0; depth < EON_MAX_DEPTH; depth++) {
		const struct ck_material *m;

		if (!ck_grid_nearest(g, o, d, &h))
			return;
		for (int i = 0; i < 3; i++)
			p[i] = o[i] + d[i] * h.t;
		m = &sc->mats[h.p->mat];
		if (m->kind == EON_LIGHT) {
			if (specular && d[1] > 0)
				for (int i = 0; i < 3; i++)
					out[i] = out[i] + t[i] * m->c[i];
			return;
		}
		normal(&h, p, n);
		if (dot(n, d) > 0)
			for (int i = 0; i < 3; i++)
				n[i] = -n[i];
		if (m->kind == EON_MIRROR) {
			double k = 2 * dot(d, n);

			for (int i = 0; i < 3; i++) {
				d[i] = d[i] - n[i] * k;
				t[i] = t[i] * m->c[i];
				o[i] = p[i];
			}
			normalize(d);
			specular = 1;
			continue;
		}
		gf = light(g, p, n, s, &lit);
		if (lit)
			for (int i = 0; i < 3; i++)
				out[i] = out[i] + t[i] * m->c[i] * le[i] * gf;
		if (depth >= EON_RR_DEPTH) {
			if (next(s) >= EON_RR_P)
				return;
			for (int i = 0; i < 3; i++)
				t[i] = t[i] / EON_RR_P;
		}
		bounce(n, s, d);
		for (int i = 0; i < 3; i++) {
			t[i] = t[i] * m->c[i];
			o[i] = p[i];
		}
		specular = 0;
	}
}

void ck_pixel(const struct ck_grid *g, uint64_t seed, long res, long spp,
	      long x, long y, double out[3])
{
	uint64_t s = eon_pixel_stream(seed, (uint64_t)(y * res + x));
	double sum[3] = { 0, 0, 0 }, l[3];

	for (long i = 0; i < spp; i++) {
		sample(g, res, x, y, &s, l);
		for (int k = 0; k < 3; k++)
			sum[k] = sum[k] + l[k];
	}
	for (int k = 0; k < 3; k++)
		out[k] = sum[k] / (double)spp;
}
