/* twolf_check.c - sp-twolf-check: verifies TimberWolfSC's placement for
 * the twolf workload with code of its own.  It makes the netlist again
 * from the arguments, reads the rows (the prepared design.blk) and the
 * placement (DIR/design.pl1), and requires every cell and pad placed once,
 * legally (twolf_legal.c); the half-perimeter wire length it computes
 * from those boxes and the netlist's pin offsets equal to the one the
 * placer reports in DIR/design.out; and that length below TWOLF_BEAT_PCT
 * percent of a seeded random legal placement's into the same rows. */
#include <limits.h>
#include <stdio.h>

#include "check.h"
#include "twolf_layout.h"

int main(int argc, char **argv)
{
	static char path[PATH_MAX + 64];
	struct twolf_layout l, random;
	struct twolf_design d;
	struct twolf_args a;
	long long wire, reported, base;

	twolf_parse_args(argc, argv, TWOLF_CHECK, &a);
	check_begin("sp-twolf-check", NULL);
	if (twolf_design_make(&d, a.cells, a.seed))
		check_fail("out of memory");
	snprintf(path, sizeof(path), "%s/%s.blk", a.input, TWOLF_DESIGN);
	twolf_read_rows(path, &l);
	snprintf(path, sizeof(path), "%s/%s.out", a.path, TWOLF_DESIGN);
	reported = twolf_reported_length(path);
	snprintf(path, sizeof(path), "%s/%s.pl1", a.path, TWOLF_DESIGN);
	twolf_read_placement(path, &d, &l);
	twolf_check_legal(&d, &l);
	wire = twolf_wire_length(&d, &l);
	if (wire != reported)
		check_fail("wire length %lld recomputed from the placement, "
			   "but TimberWolfSC reports %lld", wire, reported);
	twolf_random_layout(&d, &l, a.seed, &random);
	base = twolf_wire_length(&d, &random);
	if (wire * 100 > base * TWOLF_BEAT_PCT)
		check_fail("wire length %lld is not below %d%% of a random "
			   "placement's %lld", wire, TWOLF_BEAT_PCT, base);
	printf("ok %ld cells and %ld pads in %d rows, wire length %lld, "
	       "%.1f%% of a random placement's\n", d.ncells, d.npads, l.nrows,
	       wire, 100.0 * (double)wire / (double)base);
	return 0;
}
