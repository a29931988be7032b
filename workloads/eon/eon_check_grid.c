/* eon_check_grid.c - sp-eon-check's uniform grid over the scene's
 * primitives (each listed in every cell its bounds touch) and the walk of
 * a ray through its cells (Amanatides and Woo's 3-D DDA), so that the
 * check finds the hits sp-eon's BVH finds by another way. */
#include <math.h>
#include <stdlib.h>

#include "eon_check.h"

/* Bounds are widened by this, so that rounding in the walk loses no hit. */
#define PAD 1e-9
#define MAX_CELLS 256

static void bounds(const struct ck_prim *p, double lo[3], double hi[3])
{
	const double *v = p->v;
	int u = (p->axis + 1) % 3, w = (p->axis + 2) % 3;

	for (int i = 0; i < 3; i++) {
		if (p->type == CK_SPHERE) {
			lo[i] = v[i] - v[3];
			hi[i] = v[i] + v[3];
		} else if (p->type == CK_BOX) {
			lo[i] = v[i];
			hi[i] = v[3 + i];
		}
	}
	if (p->type == CK_RECT) {
		lo[p->axis] = hi[p->axis] = v[0];
		lo[u] = v[1];
		hi[u] = v[2];
		lo[w] = v[3];
		hi[w] = v[4];
	}
	for (int i = 0; i < 3; i++) {
		lo[i] -= PAD;
		hi[i] += PAD;
	}
}

static int cell_of(const struct ck_grid *g, int axis, double x)
{
	double c = floor((x - g->lo[axis]) / g->cell[axis]);

	return c < 0 ? 0 : c >= g->n ? g->n - 1 : (int)c;
}

/* Calls add(g, cell, id) for every cell prim id's bounds touch. */
static void cover(struct ck_grid *g, uint32_t id,
		  void (*add)(struct ck_grid *, size_t, uint32_t))
{
	double lo[3], hi[3];
	int a[3], b[3];

	bounds(&g->s->prims[id], lo, hi);
	for (int i = 0; i < 3; i++) {
		a[i] = cell_of(g, i, lo[i]);
		b[i] = cell_of(g, i, hi[i]);
	}
	for (int z = a[2]; z <= b[2]; z++)
		for (int y = a[1]; y <= b[1]; y++)
			for (int x = a[0]; x <= b[0]; x++)
				add(g, ((size_t)z * g->n + y) * g->n + x, id);
}

static void count_one(struct ck_grid *g, size_t cell, uint32_t id)
{
	(void)id;
	g->start[cell + 1]++;
}

static void place(struct ck_grid *g, size_t cell, uint32_t id)
{
	g->ids[g->start[cell]++] = id;
}

int ck_grid_build(struct ck_grid *g, const struct ck_scene *s)
{
	double lo[3], hi[3], glo[3], ghi[3];
	size_t cells, total = 0;

	g->s = s;
	g->n = (int)ceil(cbrt((double)s->nprims) * 1.5);
	if (g->n > MAX_CELLS)
		g->n = MAX_CELLS;
	for (size_t i = 0; i < s->nprims; i++) {
		bounds(&s->prims[i], lo, hi);
		for (int k = 0; k < 3; k++) {
			if (!i || lo[k] < glo[k])
				glo[k] = lo[k];
			if (!i || hi[k] > ghi[k])
				ghi[k] = hi[k];
		}
	}
	for (int k = 0; k < 3; k++) {
		g->lo[k] = glo[k] - 1e-6;
		g->cell[k] = (ghi[k] + 1e-6 - g->lo[k]) / g->n;
	}
	cells = (size_t)g->n * g->n * g->n;
	g->start = calloc(cells + 1, sizeof(*g->start));
	if (!g->start)
		return -1;
	for (uint32_t i = 0; i < s->nprims; i++)
		cover(g, i, count_one);
	for (size_t c = 0; c < cells; c++) {
		total += g->start[c + 1];
		if (total > UINT32_MAX)
			return -1;
		g->start[c + 1] = (uint32_t)total;
	}
	g->ids = malloc((total ? total : 1) * sizeof(*g->ids));
	if (!g->ids)
		return -1;
	for (uint32_t i = 0; i < s->nprims; i++)
		cover(g, i, place);
	/* place() moved each start to its cell's end: shift them back. */
	for (size_t c = cells; c > 0; c--)
		g->start[c] = g->start[c - 1];
	g->start[0] = 0;
	return 0;
}

/* Where o + t d enters and leaves the grid's box, for t >= 0. */
static int clip(const struct ck_grid *g, const double o[3], const double d[3],
		double *t0, double *t1)
{
	*t0 = 0;
	*t1 = INFINITY;
	for (int i = 0; i < 3; i++) {
		double lo = g->lo[i], hi = g->lo[i] + g->cell[i] * g->n, a, b;

		if (d[i] == 0) {
			if (o[i] < lo || o[i] > hi)
				return 0;
			continue;
		}
		a = (lo - o[i]) / d[i];
		b = (hi - o[i]) / d[i];
		if (a > b) {
			double x = a;

			a = b;
			b = x;
		}
		if (a > *t0)
			*t0 = a;
		if (b < *t1)
			*t1 = b;
		if (*t0 > *t1)
			return 0;
	}
	return 1;
}

/*
 * Walks the cells o + t d crosses, nearest first.  any: stop at the first
 * hit below tmax (shadow rays); otherwise keep the nearest, stopping once
 * it lies within the cells walked.  1 when a hit was found.
 */
static int walk(const struct ck_grid *g, const double o[3],
		const double d[3], double tmax, int any, struct ck_hit *h)
{
	double t0, t1, next[3], delta[3], t;
	int cell[3], step[3], face, found = 0;

	if (!clip(g, o, d, &t0, &t1))
		return 0;
	for (int i = 0; i < 3; i++) {
		double x = o[i] + d[i] * t0;

		cell[i] = cell_of(g, i, x);
		step[i] = d[i] > 0 ? 1 : d[i] < 0 ? -1 : 0;
		if (!step[i]) {
			next[i] = delta[i] = INFINITY;
			continue;
		}
		next[i] = (g->lo[i] + (cell[i] + (step[i] > 0)) * g->cell[i] -
			   o[i]) / d[i];
		delta[i] = g->cell[i] / fabs(d[i]);
	}
	for (;;) {
		size_t c = ((size_t)cell[2] * g->n + cell[1]) * g->n + cell[0];
		double exit;
		int k;

		for (uint32_t j = g->start[c]; j < g->start[c + 1]; j++) {
			const struct ck_prim *p = &g->s->prims[g->ids[j]];

			if (!ck_prim_hit(p, o, d, &t, &face))
				continue;
			if (any && t < tmax)
				return 1;
			if (!any && (!found || t < h->t)) {
				*h = (struct ck_hit){ t, face, p };
				found = 1;
			}
		}
		k = next[0] < next[1] ? (next[0] < next[2] ? 0 : 2) :
					(next[1] < next[2] ? 1 : 2);
		exit = next[k];
		if (any ? exit >= tmax : found && h->t <= exit)
			return found;
		cell[k] += step[k];
		if (cell[k] < 0 || cell[k] >= g->n)
			return found;
		next[k] += delta[k];
	}
}

int ck_grid_nearest(const struct ck_grid *g, const double o[3],
		    const double d[3], struct ck_hit *h)
{
	return walk(g, o, d, INFINITY, 0, h);
}

int ck_grid_occluded(const struct ck_grid *g, const double o[3],
		     const double d[3], double tmax)
{
	return walk(g, o, d, tmax, 1, NULL);
}
