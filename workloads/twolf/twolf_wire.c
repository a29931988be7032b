/* twolf_wire.c - the half-perimeter wire length of a placement and the
 * random placement it is measured against (twolf_layout.h).  A pin sits
 * at its cell's centre plus its offset, turned by the cell's orientation:
 * 1 flips it upside down, 2 left to right, 3 both; a pad's pin is at the
 * pad's centre. */
#include <limits.h>
#include <stdlib.h>

#include "check.h"
#include "rng.h"
#include "twolf_layout.h"

struct bbox {
	long long x1, y1, x2, y2;
};

static void add(struct bbox *b, long long x, long long y)
{
	b->x1 = x < b->x1 ? x : b->x1;
	b->y1 = y < b->y1 ? y : b->y1;
	b->x2 = x > b->x2 ? x : b->x2;
	b->y2 = y > b->y2 ? y : b->y2;
}

long long twolf_wire_length(const struct twolf_design *d,
			    const struct twolf_layout *l)
{
	struct bbox *nets = malloc((size_t)d->nnets * sizeof(*nets));
	long long total = 0;

	if (!nets)
		check_fail("out of memory");
	for (long n = 0; n < d->nnets; n++)
		nets[n] = (struct bbox){ LLONG_MAX, LLONG_MAX, LLONG_MIN,
					 LLONG_MIN };
	for (long i = 0; i < d->ncells; i++) {
		const struct twolf_box *b = &l->cells[i];
		const struct twolf_cell *c = &d->cells[i];
		long long cx = (b->x1 + b->x2) / 2, cy = (b->y1 + b->y2) / 2;

		for (int p = 0; p < c->npins; p++) {
			const struct twolf_pin *q = &d->pins[c->pin + p];

			add(&nets[q->net], cx + (b->orient & 2 ? -q->dx : q->dx),
			    cy + (b->orient & 1 ? -q->dy : q->dy));
		}
	}
	for (long k = 0; k < d->npads; k++) {
		const struct twolf_box *b = &l->pads[k];

		add(&nets[d->pad_net[k]], (b->x1 + b->x2) / 2,
		    (b->y1 + b->y2) / 2);
	}
	for (long n = 0; n < d->nnets; n++)
		if (nets[n].x1 <= nets[n].x2)
			total += nets[n].x2 - nets[n].x1 + nets[n].y2 -
				 nets[n].y1;
	free(nets);
	return total;
}

void twolf_random_layout(const struct twolf_design *d,
			 const struct twolf_layout *l, uint64_t seed,
			 struct twolf_layout *out)
{
	uint64_t rng = rng_hash(seed ^ 0x72616e646f6dULL);
	long *order = malloc((size_t)d->ncells * sizeof(*order));
	long *fill = calloc((size_t)l->nrows, sizeof(*fill));

	*out = *l;
	out->cells = calloc((size_t)d->ncells, sizeof(*out->cells));
	if (!order || !fill || !out->cells)
		check_fail("out of memory");
	for (long i = 0; i < d->ncells; i++)
		order[i] = i;
	for (long i = d->ncells - 1; i > 0; i--) {
		long j = (long)rng_below(&rng, (uint64_t)i + 1), t = order[i];

		order[i] = order[j];
		order[j] = t;
	}
	for (long k = 0; k < d->ncells; k++) {
		long i = order[k], w = 2L * d->cells[i].half * TWOLF_PITCH;
		const struct twolf_row *row;
		int r = 0;

		for (int q = 1; q < l->nrows; q++)
			if (fill[q] < fill[r])
				r = q;
		row = &l->rows[r];
		out->cells[i] = (struct twolf_box){ row->x1 + fill[r], row->y1,
						    row->x1 + fill[r] + w,
						    row->y2, row->mirror, r + 1,
						    1 };
		fill[r] += w;
	}
	free(order);
	free(fill);
}
