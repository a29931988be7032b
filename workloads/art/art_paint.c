/* art_paint.c - the art workload's thermal pictures (art_paint.h): shapes
 * as unions of ellipses, rectangles and convex quadrilaterals in the unit
 * square, a temperature with one hot spot (the engine) over them. */
#include "art_paint.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "rng.h"

#define GRID 32		/* the background field's cell, pixels */
#define PARTS_MAX 12

enum part_kind { ELLIPSE, RECT, QUAD };

/* One part of a shape, in unit coordinates: an ellipse (centre p[0],p[1],
 * radii p[2],p[3]), a rectangle (p[0]..p[2] by p[1]..p[3]), or a convex
 * quadrilateral (corners p[0..7], in order round it). */
struct part {
	enum part_kind kind;
	double p[8];
};

struct shape {
	int n;
	struct part part[PARTS_MAX];
	double hot_u, hot_v;	/* the engine */
};

static int clampi(long v)
{
	return v < 0 ? 0 : v > 255 ? 255 : (int)v;
}

void art_paint_background(uint64_t *rng, unsigned char *pix, long w, long h)
{
	long gw = w / GRID + 2, gh = h / GRID + 2;
	double *g = malloc((size_t)(gw * gh) * sizeof(*g));

	if (!g) {
		fprintf(stderr, "sp-art-gen: out of memory\n");
		exit(1);
	}
	for (long i = 0; i < gw * gh; i++)
		g[i] = 18.0 + 24.0 * rng_uniform(rng);
	for (long y = 0; y < h; y++) {
		long gy = y / GRID;
		double fy = (double)(y % GRID) / GRID;

		for (long x = 0; x < w; x++) {
			long gx = x / GRID;
			double fx = (double)(x % GRID) / GRID;
			double *c = &g[gy * gw + gx];
			double t = (1 - fy) * ((1 - fx) * c[0] + fx * c[1]) +
				   fy * ((1 - fx) * c[gw] + fx * c[gw + 1]);

			pix[y * w + x] = (unsigned char)clampi(lround(t) - 5 +
					 (long)rng_below(rng, 11));
		}
	}
	free(g);
}

static void add(struct shape *s, enum part_kind kind, const double *p, int n)
{
	struct part *pt = &s->part[s->n++];

	pt->kind = kind;
	for (int i = 0; i < n; i++)
		pt->p[i] = p[i];
}

/* A rectangle of half-thickness t about the line v = v0 (or u = u0). */
static void bar(struct shape *s, int vertical, double at, double from,
		double to, double t)
{
	double p[4] = { from, at - t, to, at + t };

	if (vertical) {
		p[0] = at - t;
		p[1] = from;
		p[2] = at + t;
		p[3] = to;
	}
	add(s, RECT, p, 4);
}

/* 1 +- 10%, from the stream. */
static double vary(uint64_t *rng)
{
	return 0.9 + 0.2 * rng_uniform(rng);
}

static void helicopter(struct shape *s, uint64_t *rng, double t)
{
	double body[4] = { 0.42, 0.56, 0.20 * vary(rng), 0.12 * vary(rng) };
	double rotor = 0.38 * vary(rng);

	add(s, ELLIPSE, body, 4);
	bar(s, 0, 0.53, 0.55, 0.93, t);			/* tail boom */
	bar(s, 1, 0.90, 0.40, 0.64, t);			/* tail rotor */
	bar(s, 0, 0.36, 0.42 - rotor, 0.42 + rotor, t);	/* main rotor */
	bar(s, 1, 0.42, 0.36, 0.46, t);			/* mast */
	bar(s, 0, 0.76, 0.25, 0.62, t);			/* skid */
	bar(s, 1, 0.33, 0.66, 0.76, t);			/* struts */
	bar(s, 1, 0.53, 0.66, 0.76, t);
	s->hot_u = 0.46;
	s->hot_v = 0.50;
}

static void airplane(struct shape *s, uint64_t *rng, double t)
{
	double len = 0.44 * vary(rng), sweep = 0.10 * vary(rng);
	double span = 0.40 * vary(rng);
	double body[4] = { 0.5, 0.5, len, 0.065 * vary(rng) + t / 2 };
	double wing1[8] = { 0.40, 0.5, 0.62, 0.5, 0.62 - 2 * sweep + 0.06,
			    0.5 - span, 0.62 - 2 * sweep, 0.5 - span };
	double wing2[8] = { 0.40, 0.5, 0.62 - 2 * sweep, 0.5 + span,
			    0.62 - 2 * sweep + 0.06, 0.5 + span, 0.62, 0.5 };
	double tail1[8] = { 0.5 - len + 0.02, 0.5, 0.5 - len + 0.12, 0.5,
			    0.5 - len + 0.06, 0.30, 0.5 - len + 0.02, 0.30 };
	double tail2[8] = { 0.5 - len + 0.02, 0.5, 0.5 - len + 0.02, 0.70,
			    0.5 - len + 0.06, 0.70, 0.5 - len + 0.12, 0.5 };

	add(s, ELLIPSE, body, 4);
	add(s, QUAD, wing1, 8);
	add(s, QUAD, wing2, 8);
	add(s, QUAD, tail1, 8);
	add(s, QUAD, tail2, 8);
	s->hot_u = 0.5 - len + 0.16;
	s->hot_v = 0.5;
}

/* Whether (u, v) is inside the convex quadrilateral q, either winding. */
static int in_quad(const double *q, double u, double v)
{
	int pos = 0, neg = 0;

	for (int i = 0; i < 4; i++) {
		const double *a = &q[2 * i], *b = &q[2 * ((i + 1) % 4)];
		double cross = (b[0] - a[0]) * (v - a[1]) -
			       (b[1] - a[1]) * (u - a[0]);

		pos |= cross > 0;
		neg |= cross < 0;
	}
	return !(pos && neg);
}

static int inside(const struct shape *s, double u, double v)
{
	for (int i = 0; i < s->n; i++) {
		const double *p = s->part[i].p;
		double du, dv;

		switch (s->part[i].kind) {
		case ELLIPSE:
			du = (u - p[0]) / p[2];
			dv = (v - p[1]) / p[3];
			if (du * du + dv * dv <= 1)
				return 1;
			break;
		case RECT:
			if (u >= p[0] && u <= p[2] && v >= p[1] && v <= p[3])
				return 1;
			break;
		case QUAD:
			if (in_quad(p, u, v))
				return 1;
			break;
		}
	}
	return 0;
}

void art_paint_object(int kind, uint64_t seed, long side, unsigned char *pix,
		      unsigned char *mask)
{
	uint64_t rng = rng_hash(seed ^ (0x6f626a656374ULL + (uint64_t)kind));
	/* thin parts at least 2 pixels thick */
	double t = fmax(0.018, 1.0 / (double)side);
	struct shape s = { 0 };
	double base, hot;

	if (kind == 0)
		helicopter(&s, &rng, t);
	else
		airplane(&s, &rng, t);
	base = 165 + 20 * rng_uniform(&rng);
	hot = 40 + 30 * rng_uniform(&rng);
	for (long y = 0; y < side; y++) {
		for (long x = 0; x < side; x++) {
			double u = (x + 0.5) / (double)side;
			double v = (y + 0.5) / (double)side;
			double du = u - s.hot_u, dv = v - s.hot_v;
			long temp;

			mask[y * side + x] = (unsigned char)inside(&s, u, v);
			if (!mask[y * side + x])
				continue;
			temp = lround(base + hot * exp(-(du * du + dv * dv) /
						       0.02));
			pix[y * side + x] = (unsigned char)clampi(temp - 6 +
					     (long)rng_below(&rng, 13));
		}
	}
}
