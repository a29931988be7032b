/* twolf_legal.c - whether a placement is a legal standard-cell placement
 * (twolf_layout.h): each cell as wide as the netlist says, inside one row
 * of the .blk file and oriented as that row, no two overlapping in a row;
 * each pad on a side of the chip, outside the rows. */
#include <stdlib.h>

#include "check.h"
#include "twolf_layout.h"

/* How far a row may grow past its .blk length while the placer evens the
 * rows: TimberWolfSC moves row ends, not row starts. */
#define ROW_GROWTH_PCT 50

struct slot {
	long x1, x2, cell;
	int row;
};

static int by_row_then_x(const void *pa, const void *pb)
{
	const struct slot *a = pa, *b = pb;

	if (a->row != b->row)
		return a->row < b->row ? -1 : 1;
	return a->x1 < b->x1 ? -1 : a->x1 > b->x1;
}

static void check_cell(const struct twolf_design *d,
		       const struct twolf_layout *l, long i)
{
	const struct twolf_box *b = &l->cells[i];
	const struct twolf_row *r;
	long width = 2L * d->cells[i].half * TWOLF_PITCH;
	char name[64];

	twolf_cell_name(d, i, name, sizeof(name));
	if (b->row < 1 || b->row > l->nrows)
		check_fail("cell %s is in row %d, not one of the %d rows",
			   name, b->row, l->nrows);
	r = &l->rows[b->row - 1];
	if (b->x2 - b->x1 != width)
		check_fail("cell %s is %ld wide, not %ld", name,
			   b->x2 - b->x1, width);
	if (b->y1 != r->y1 || b->y2 != r->y2)
		check_fail("cell %s is not inside row %d (y %ld to %ld)", name,
			   b->row, r->y1, r->y2);
	if (b->x1 < r->x1 ||
	    b->x2 > r->x2 + (r->x2 - r->x1) * ROW_GROWTH_PCT / 100)
		check_fail("cell %s is outside row %d (x %ld to %ld)", name,
			   b->row, b->x1, b->x2);
	/* 0 and 2 upright (2 mirrored left to right), 1 and 3 upside down */
	if (b->orient < 0 || b->orient > 3 || (b->orient & 1) != r->mirror)
		check_fail("cell %s has orientation %d in row %d", name,
			   b->orient, b->row);
}

static void check_pad(const struct twolf_layout *l, long k,
		      const long core[4])
{
	const struct twolf_box *b = &l->pads[k];
	long w = b->x2 - b->x1, h = b->y2 - b->y1;
	char name[64];

	twolf_pad_name(k, name, sizeof(name));
	if (b->row < -4 || b->row > -1)
		check_fail("pad %s is not on a side (row %d)", name, b->row);
	if (!(w == TWOLF_PAD_W && h == TWOLF_PAD_H) &&
	    !(w == TWOLF_PAD_H && h == TWOLF_PAD_W))
		check_fail("pad %s is %ld x %ld", name, w, h);
	if (b->x1 < core[2] && b->x2 > core[0] && b->y1 < core[3] &&
	    b->y2 > core[1])
		check_fail("pad %s overlaps the rows", name);
}

void twolf_check_legal(const struct twolf_design *d,
		       const struct twolf_layout *l)
{
	struct slot *s = malloc((size_t)d->ncells * sizeof(*s));
	long core[4] = { l->rows[0].x1, l->rows[0].y1, 0, l->rows[0].y2 };
	char a[64], b[64];

	if (!s)
		check_fail("out of memory");
	for (long i = 0; i < d->ncells; i++) {
		check_cell(d, l, i);
		s[i] = (struct slot){ l->cells[i].x1, l->cells[i].x2, i,
				      l->cells[i].row };
	}
	qsort(s, (size_t)d->ncells, sizeof(*s), by_row_then_x);
	for (long i = 1; i < d->ncells; i++)
		if (s[i].row == s[i - 1].row && s[i].x1 < s[i - 1].x2) {
			twolf_cell_name(d, s[i - 1].cell, a, sizeof(a));
			twolf_cell_name(d, s[i].cell, b, sizeof(b));
			check_fail("cells %s and %s overlap in row %d", a, b,
				   s[i].row);
		}
	/* the rows' box, as far right as the cells reach: the pads go round
	 * the cells, and rows may end short of the .blk's length */
	core[2] = s[0].x2;
	for (int r = 0; r < l->nrows; r++) {
		core[0] = l->rows[r].x1 < core[0] ? l->rows[r].x1 : core[0];
		core[1] = l->rows[r].y1 < core[1] ? l->rows[r].y1 : core[1];
		core[3] = l->rows[r].y2 > core[3] ? l->rows[r].y2 : core[3];
	}
	for (long i = 0; i < d->ncells; i++)
		core[2] = s[i].x2 > core[2] ? s[i].x2 : core[2];
	free(s);
	for (long k = 0; k < d->npads; k++)
		check_pad(l, k, core);
}
