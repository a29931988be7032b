/* twolf_layout.h - what sp-twolf-check knows of a placement, read with
 * rules of its own rather than graywolf's: the rows of the .blk file, where
 * the .pl1 file puts every cell and pad, whether that is a legal standard
 * cell placement, and its half-perimeter wire length.  Every error is a
 * check_fail (check.h). */
#ifndef SP_TWOLF_LAYOUT_H
#define SP_TWOLF_LAYOUT_H

#include <stdint.h>

#include "twolf_spec.h"

struct twolf_row {
	long x1, y1, x2, y2;
	int mirror;		/* cells flipped upside down in it */
};

/* A box as the .pl1 file gives it: corners, orientation (0-7, TimberWolf's
 * codes) and row (1.. for cells, -1..-4 the side for pads). */
struct twolf_box {
	long x1, y1, x2, y2;
	int orient, row;
	int seen;
};

struct twolf_layout {
	int nrows;
	struct twolf_row *rows;		/* rows[0] is row 1 */
	struct twolf_box *cells;	/* by cell index */
	struct twolf_box *pads;		/* by pad index */
};

/* Reads the rows of the .blk file at path into l. */
void twolf_read_rows(const char *path, struct twolf_layout *l);

/* Reads the .pl1 file at path: one line for every cell and pad of d. */
void twolf_read_placement(const char *path, const struct twolf_design *d,
			  struct twolf_layout *l);

/* check_fails unless every cell is as wide as d says, inside one row,
 * oriented as that row, overlapping no other, and every pad on a side
 * outside the rows. */
void twolf_check_legal(const struct twolf_design *d,
		       const struct twolf_layout *l);

/* The sum over the nets of their pins' bounding box half-perimeters. */
long long twolf_wire_length(const struct twolf_design *d,
			    const struct twolf_layout *l);

/* A seeded random legal placement into the rows of l: the cells in random
 * order, each at the end of the row least filled so far; the pads where l
 * has them.  out->cells is allocated; its rows and pads are l's. */
void twolf_random_layout(const struct twolf_design *d,
			 const struct twolf_layout *l, uint64_t seed,
			 struct twolf_layout *out);

/* The interconnect length TimberWolfSC reports in the .out file at path,
 * which must also say that it finished normally. */
long long twolf_reported_length(const char *path);

#endif
