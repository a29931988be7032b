/* vpr_spec.h - what sp-vpr-gen, sp-vpr-route and sp-vpr-check agree on:
 * the command line, the iCE40 device each size is placed on, and the seeded
 * design, so that the generator can write it as Verilog and the check can
 * compute, with no FPGA tool, what the routed chip must output each cycle.
 *
 * The design is a ring of N cells, each an 8-bit register.  On reset each
 * loads a seeded constant; then on every clock edge cell i becomes
 *
 *	bit `bit` of cell sel set ?  op_a(cell a, cell b)
 *				   :  op_b(cell c, cell i rotated left by rot)
 *
 * with op_a, op_b among add, subtract, xor and nand (8 bits, wrapping).
 * The cells read (sel, a, b, c) lie within VPR_REACH of i around the ring,
 * except one read in VPR_FAR, which may be any cell: a mesh with some long
 * wires, for the placer to pull together.  The chip's eight outputs are the
 * xor of all cells, so every register is observed.
 */
#ifndef SP_VPR_SPEC_H
#define SP_VPR_SPEC_H

#include <stdint.h>
#include <stdio.h>

#include "rng.h"

#define VPR_WIDTH 8
#define VPR_REACH 6
#define VPR_FAR 8
/* Clock cycles the check simulates after reset. */
#define VPR_CYCLES 64
/* The most cells: the largest part's (vpr_device.c), about 60% of an HX8K,
 * where nextpnr takes some minutes. */
#define VPR_MAX_CELLS 200

#define VPR_NEXTPNR "/usr/bin/nextpnr-ice40"
#define VPR_YOSYS "/usr/bin/yosys"
#define VPR_ICEBOX_VLOG "/usr/bin/icebox_vlog"

/* An iCE40 part, its package and the pins the design uses (clock and reset
 * on global-buffer pins); max_cells keeps it at most about 80% full (a
 * cell takes about 23 logic cells), so that it routes; floor_kb and
 * kb_per_cell model nextpnr's peak RSS on it (measured), from which --mb
 * picks the part and N. */
struct vpr_device {
	const char *name;	/* nextpnr-ice40's option, without "--" */
	const char *package;
	const char *asc;	/* its name on the .asc's .device line */
	const char *clk, *rst, *out[VPR_WIDTH];
	long max_cells;
	long floor_kb, kb_per_cell;
};

struct vpr_args {
	long cells;
	const struct vpr_device *dev;	/* the smallest that holds cells */
	uint64_t seed;
	const char *input;	/* sp-vpr-route: -i, the prepared folder */
	const char *path;	/* -o DIR (gen, route), or the check's .asc */
};

/* The smallest part that holds cells cells (at most VPR_MAX_CELLS). */
const struct vpr_device *vpr_device_for(long cells);

/* The cells whose run's peak RSS is mb MB by the model, on the smallest
 * part that reaches it; where mb falls short of the next part's smallest
 * run, this part full (2 at least, VPR_MAX_CELLS at most). */
long vpr_cells_by_mb(unsigned long long mb);

/* The design's pin constraints on d, as a .pcf. */
void vpr_write_pcf(FILE *f, const struct vpr_device *d);

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (one operand, the .asc), 1 the generator (-o DIR), 2 the router
 * (-i DIR -o DIR). */
void vpr_parse_args(int argc, char **argv, int form, struct vpr_args *a);

enum { VPR_ADD, VPR_SUB, VPR_XOR, VPR_NAND, VPR_OPS };

struct vpr_cell {
	uint8_t init;
	long sel, a, b, c;
	int bit, rot, op_a, op_b;
};

/* A cell read by cell i: near it on the ring, or anywhere (1 in VPR_FAR). */
static inline long vpr_source(uint64_t *s, long cells, long i)
{
	uint64_t r = rng_next(s);

	if (r % VPR_FAR == 0)
		return (long)((r >> 8) % (uint64_t)cells);
	return ((i + (long)((r >> 8) % (2 * VPR_REACH + 1)) - VPR_REACH) %
		cells + cells) % cells;
}

/* Cell i of the seed's design of `cells` cells. */
static inline struct vpr_cell vpr_cell(uint64_t seed, long cells, long i)
{
	uint64_t s = rng_hash(seed ^ rng_hash((uint64_t)i));
	uint64_t r = rng_next(&s);
	struct vpr_cell c;

	c.init = (uint8_t)r;
	c.bit = (int)((r >> 8) % VPR_WIDTH);
	c.rot = 1 + (int)((r >> 16) % (VPR_WIDTH - 1));
	c.op_a = (int)((r >> 24) % VPR_OPS);
	c.op_b = (int)((r >> 32) % VPR_OPS);
	c.sel = vpr_source(&s, cells, i);
	c.a = vpr_source(&s, cells, i);
	c.b = vpr_source(&s, cells, i);
	c.c = vpr_source(&s, cells, i);
	return c;
}

#endif
