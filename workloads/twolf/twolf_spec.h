/* twolf_spec.h - what sp-twolf-gen, sp-twolf-place and sp-twolf-check
 * agree on: the command line, where graywolf's programs are and what the
 * design's files are called, TimberWolf's geometry, and the seeded netlist
 * of standard cells that all three derive from the same arguments. */
#ifndef SP_TWOLF_SPEC_H
#define SP_TWOLF_SPEC_H

#include <stdint.h>
#include <stdio.h>

/* Debian's graywolf: its driver runs these in turn; we run the front end
 * in the prepare step and TimberWolfSC, the placer, as the measured run. */
#define TWOLF_LIBEXEC "/usr/lib/graywolf/bin"
#define TWOLF_PLACER TWOLF_LIBEXEC "/TimberWolfSC"
/* Every file of the design is DESIGN.<ext> in one folder. */
#define TWOLF_DESIGN "design"
/* What TimberWolfSC prints on its standard output (progress only). */
#define TWOLF_LOG "twsc.log"

/* Geometry in TimberWolf's units (centimicrons in qflow's libraries):
 * cell widths and pin x offsets are multiples of the pitch, every cell is
 * one row high, pads are 160 x 200 with their pin at the centre. */
#define TWOLF_PITCH 80
#define TWOLF_ROW_HEIGHT 2000
#define TWOLF_PIN_Y_STEP 20
#define TWOLF_PIN_Y_STEPS 30		/* pin y in +-30 steps of 20 */
#define TWOLF_PAD_W 160
#define TWOLF_PAD_H 200

/* The netlist: cells sit on a hidden square grid in the order made; an
 * input is driven by a cell within TWOLF_RADIUS grid steps or, for
 * TWOLF_GLOBAL_PCT percent of inputs, by any cell, so that a good
 * placement exists and a random one is far from it.  Twice the grid's
 * width of pads, each on the net of a cell on the grid's border. */
#define TWOLF_RADIUS 3
#define TWOLF_GLOBAL_PCT 10

/* The check's demand: the placement's wire length at most this percentage
 * of a seeded random legal placement's. */
#define TWOLF_BEAT_PCT 60

/* The placer's peak memory: TWOLF_BASE_BYTES (the program, its libraries
 * and fixed tables) plus TWOLF_BYTES_PER_CELL a cell, measured with
 * graywolf 0.1.6; --mb M picks the cell count from them. */
#define TWOLF_BASE_BYTES (3400L * 1024)
#define TWOLF_BYTES_PER_CELL 1650L

#define TWOLF_MIN_CELLS 10
#define TWOLF_MAX_CELLS 1000000L

enum twolf_mode { TWOLF_GEN, TWOLF_PLACE, TWOLF_CHECK };

struct twolf_args {
	long cells;
	long times;		/* TimberWolfSC's "slow": attempts x times */
	uint64_t seed;
	const char *input;	/* -i: the prepared folder (place, check) */
	const char *path;	/* -o DIR (gen, place), or the check's DIR */
};

/* Parses argv for mode; on bad input prints one line and exits 2. */
void twolf_parse_args(int argc, char **argv, enum twolf_mode mode,
		      struct twolf_args *a);

struct twolf_pin {
	long net;		/* net i is driven by cell i's output */
	int dx, dy;		/* from the cell's centre, orientation 0 */
};

struct twolf_cell {
	int kind;
	int half;		/* half its width, in TWOLF_PITCH units */
	int npins;		/* inputs, then the output */
	long pin;		/* its first pin in twolf_design.pins */
};

struct twolf_design {
	long ncells, npads, nnets, npins;
	struct twolf_cell *cells;
	struct twolf_pin *pins;	/* the cells' pins */
	long *pad_net;		/* each pad's one net */
};

/* Makes the netlist of these arguments: 0, or -1 out of memory. */
int twolf_design_make(struct twolf_design *d, long cells, uint64_t seed);
void twolf_design_free(struct twolf_design *d);

/* Cell i's name ("NAND2_17"), pad k's ("io3"); n bytes at most. */
void twolf_cell_name(const struct twolf_design *d, long i, char *buf,
		     size_t n);
void twolf_pad_name(long k, char *buf, size_t n);

/* The design as graywolf's .cel file, and the .par file of a run. */
void twolf_write_cel(FILE *f, const struct twolf_design *d);
void twolf_write_par(FILE *f, const struct twolf_args *a);

#endif
