/* twolf_netlist.c - the twolf workload's seeded netlist (twolf_spec.h):
 * standard cells of a small library, each driving one net from its output,
 * their inputs wired mostly to cells near them on a hidden grid, and pads
 * on the grid's border, so that the placer has locality to find. */
#include <stdio.h>
#include <stdlib.h>

#include "rng.h"
#include "twolf_spec.h"

struct kind {
	const char *name;
	int inputs, half, weight;
};

/* Widths and mix after qflow's OSU libraries: mostly small gates. */
static const struct kind kinds[] = {
	{ "INVX1", 1, 2, 20 },	 { "BUFX2", 1, 3, 5 },
	{ "NAND2X1", 2, 3, 20 }, { "NOR2X1", 2, 3, 15 },
	{ "AOI21X1", 3, 4, 8 },	 { "OAI21X1", 3, 4, 8 },
	{ "NAND3X1", 3, 4, 6 },	 { "AOI22X1", 4, 5, 4 },
	{ "MUX2X1", 3, 6, 4 },	 { "XOR2X1", 2, 7, 4 },
	{ "DFFPOSX1", 2, 12, 6 },
};
#define NKINDS ((int)(sizeof(kinds) / sizeof(kinds[0])))

static int pick_kind(uint64_t *rng)
{
	int total = 0, r;

	for (int k = 0; k < NKINDS; k++)
		total += kinds[k].weight;
	r = (int)rng_below(rng, (uint64_t)total);
	for (int k = 0; k < NKINDS; k++) {
		if (r < kinds[k].weight)
			return k;
		r -= kinds[k].weight;
	}
	return 0;
}

static long clamp(long v, long lo, long hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* The cell driving an input of cell i, w cells to a grid row, h rows. */
static long driver(uint64_t *rng, long i, long n, long w, long h)
{
	long j, gx, gy, span = 2 * TWOLF_RADIUS + 1;

	if (rng_below(rng, 100) < TWOLF_GLOBAL_PCT) {
		j = (long)rng_below(rng, (uint64_t)n);
	} else {
		gx = i % w + (long)rng_below(rng, (uint64_t)span) - TWOLF_RADIUS;
		gy = i / w + (long)rng_below(rng, (uint64_t)span) - TWOLF_RADIUS;
		j = clamp(gy, 0, h - 1) * w + clamp(gx, 0, w - 1);
	}
	if (j >= n)
		j = n - 1;
	return j == i ? (i + 1) % n : j;
}

/* The cell at step t of a walk round the border of the w x h grid. */
static long border_cell(long t, long n, long w, long h)
{
	long gx, gy, j;

	if (t < w - 1) {
		gx = t;
		gy = 0;
	} else if ((t -= w - 1) < h - 1) {
		gx = w - 1;
		gy = t;
	} else if ((t -= h - 1) < w - 1) {
		gx = w - 1 - t;
		gy = h - 1;
	} else {
		gx = 0;
		gy = h - 1 - (t - (w - 1));
	}
	j = gy * w + gx;
	return j < n ? j : n - 1;
}

int twolf_design_make(struct twolf_design *d, long cells, uint64_t seed)
{
	uint64_t rng = rng_hash(seed ^ 0x74776f6c66ULL);
	long w = 1, h, perimeter;

	while (w * w < cells)
		w++;
	h = (cells + w - 1) / w;
	perimeter = 2 * (w - 1) + 2 * (h - 1);
	d->ncells = d->nnets = cells;
	d->npads = 2 * w;
	d->cells = calloc((size_t)cells, sizeof(*d->cells));
	d->pins = calloc((size_t)cells * 5, sizeof(*d->pins));
	d->pad_net = calloc((size_t)d->npads, sizeof(*d->pad_net));
	if (!d->cells || !d->pins || !d->pad_net) {
		twolf_design_free(d);
		return -1;
	}
	d->npins = 0;
	for (long i = 0; i < cells; i++) {
		struct twolf_cell *c = &d->cells[i];
		const struct kind *k;

		c->kind = pick_kind(&rng);
		k = &kinds[c->kind];
		c->half = k->half;
		c->npins = k->inputs + 1;
		c->pin = d->npins;
		for (int p = 0; p < c->npins; p++) {
			struct twolf_pin *q = &d->pins[d->npins++];

			q->net = p < k->inputs ?
				 driver(&rng, i, cells, w, h) : i;
			/* spread across the cell, a pitch in from its sides */
			q->dx = (-c->half + 1 + (2 * c->half - 2) * p /
				 (c->npins - 1)) * TWOLF_PITCH;
			q->dy = ((int)rng_below(&rng, 2 * TWOLF_PIN_Y_STEPS + 1) -
				 TWOLF_PIN_Y_STEPS) * TWOLF_PIN_Y_STEP;
		}
	}
	for (long k = 0; k < d->npads; k++)
		d->pad_net[k] = border_cell(k * perimeter / d->npads, cells, w,
					    h);
	return 0;
}

void twolf_design_free(struct twolf_design *d)
{
	free(d->cells);
	free(d->pins);
	free(d->pad_net);
	d->cells = NULL;
	d->pins = NULL;
	d->pad_net = NULL;
}

void twolf_cell_name(const struct twolf_design *d, long i, char *buf,
		     size_t n)
{
	snprintf(buf, n, "%s_%ld", kinds[d->cells[i].kind].name, i);
}

void twolf_pad_name(long k, char *buf, size_t n)
{
	snprintf(buf, n, "io%ld", k);
}
