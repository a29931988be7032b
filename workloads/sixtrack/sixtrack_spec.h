/* sixtrack_spec.h - what sp-sixtrack-gen, sp-sixtrack and sp-sixtrack-check
 * agree on: the command line, the ring's shape and sizes, the seeded
 * multipole errors, and the formats of the input (sixtrack.in) and of the
 * result file. */
#ifndef SP_SIXTRACK_SPEC_H
#define SP_SIXTRACK_SPEC_H

#include <stdint.h>

/*
 * The ring: CELLS arc cells, each SIXTRACK_CELL_ENTRIES thin elements (two
 * quadrupoles in SIXTRACK_NQ slices, six dipoles in SIXTRACK_NB slices,
 * two sextupoles, two octupoles), then one RF cavity.  Each element is an
 * entry of the structure table, as in SixTrack: its kind, highest
 * multipole order, main strength, curvature term, the drift after it,
 * and the normal and skew coefficients of orders 1 to SIXTRACK_MMUL
 * (SIXTRACK_ENTRY_BYTES in all).  --mb divides by a cell's entries.
 */
#define SIXTRACK_MMUL 11
#define SIXTRACK_NQ 8
#define SIXTRACK_NB 16
#define SIXTRACK_CELL_ENTRIES (2 * (SIXTRACK_NQ + 2 + 3 * SIXTRACK_NB))
#define SIXTRACK_ENTRY_BYTES (2 * 4 + 3 * 8 + 2 * SIXTRACK_MMUL * 8)
#define SIXTRACK_CELL_BYTES ((double)SIXTRACK_CELL_ENTRIES * \
			     SIXTRACK_ENTRY_BYTES)
/* Peak memory of sp-sixtrack besides its table (the C and Fortran
 * runtimes, the particles, the probe's record), measured; --mb adds it. */
#define SIXTRACK_BASE_BYTES (2.7 * 1048576.0)

#define SIXTRACK_CELLS_MAX 200000
#define SIXTRACK_TURNS_MAX 100000
#define SIXTRACK_PARTICLES_MIN 2
#define SIXTRACK_PARTICLES_MAX 4096
#define SIXTRACK_PARTICLES 64	/* SixTrack's npart: -p's default */

#define SIXTRACK_INPUT_NAME "sixtrack.in"

struct sixtrack_args {
	long cells;		/* arc cells: the structure table's size */
	long turns;
	long particles;		/* particle 1 is the probe */
	int linear;		/* -l linear: sextupoles, octupoles, errors off */
	uint64_t seed;
	const char *input;	/* the run and the check: -i, sixtrack.in */
	const char *path;	/* -o DIR (gen), -o FILE (run), or the result */
};

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (one positional FILE), 1 the generator (-o DIR), 2 the run (-i
 * INPUT -o FILE); the run and the check need -i. */
void sixtrack_parse_args(int argc, char **argv, int form,
			 struct sixtrack_args *a);

/*
 * The random multipole errors (SixTrack's FLUC block draws them from a
 * seed, as here): entry i of the ring (from 1, cell by cell, then the
 * cavity) whose element has error sets gets, for each order n = 1 ..
 * SIXTRACK_MMUL whose rms u_n (units of 1e-4 of the main field at the
 * reference radius r0) is not zero, the coefficient
 *
 *	main_r0 * u_n * 1e-4 * g / r0^(n-1)	evaluated left to right,
 *
 * r0^(n-1) a product of n-1 factors r0 (1 for n = 1), main_r0 the main
 * field at r0 (a bend's slice angle; |c| r0^(m-1) for a multipole of main
 * order m and coefficient c), and g = sixtrack_gauss(seed, i, n, skew):
 * a standard normal truncated at SIXTRACK_GAUSS_CUT.  Normal errors add
 * to b_n (the main coefficient added first), skew ones to a_n.
 */
#define SIXTRACK_GAUSS_CUT 3.0
double sixtrack_gauss(uint64_t seed, long entry, int order, int skew);

/*
 * The input, sixtrack.in (sp-sixtrack-gen writes it, the run and the check
 * read it), "key value" lines in this order (SixTrack's fort.3 and fort.2
 * in one file):
 *
 *	cells N / turns T / particles P / seed S / lattice full|linear
 *	mmul 11 / r0 R0 / aperture AX AY / rf V K
 *	elements E, then E lines "element NAME bend THETA H" or
 *	    "element NAME mult ORDER COEF"
 *	errorsets K, then K lines "errors NAME b|a U1 .. U11"
 *	cell C, then C lines "entry NAME DRIFT": the cell's elements in
 *	    order, each with the drift after it
 *	P lines "particle J X PX Y PY SIGMA DELTA", J = 1 .. P
 *
 * Coordinates: x, y in m; px, py the transverse momenta over p0; sigma =
 * s - c t in m; delta = (p - p0) / p0.  Kicks (each the exact flow of its
 * term of the Hamiltonian, so every map is symplectic):
 *	multipole: F = sum (b_n + i a_n) (x + i y)^(n-1) by Horner from the
 *	    highest order; px -= Re F, py += Im F
 *	bend: px += THETA delta - THETA H x, sigma -= THETA x, then its
 *	    errors as a multipole
 *	cavity: delta += V sin(K sigma)
 *	drift L: x += L px', y += L py', sigma -= L / 2 (px'^2 + py'^2),
 *	    px' = px * (1 / (1 + delta)), py' likewise, 1 / (1 + delta) kept
 *	    per particle and renewed by the cavity (SixTrack's oidpsv)
 * A particle is lost at the end of the first turn after which not
 * (|x| <= AX and |y| <= AY).
 */
#define SIXTRACK_NAME_MAX 15
#define SIXTRACK_ELEMENTS_MAX 32

/*
 * The result file (sp-sixtrack writes it, the check reads it):
 *	cells N / turns T / particles P / seed S / lattice full|linear /
 *	entries NBLZ
 *	"# one-turn matrix ..." then 6 lines "matrix I M1 .. M6": row I of
 *	    the one-turn map's Jacobian at the closed orbit (the origin), by
 *	    central differences of steps 1e-7 (x, y, sigma) and 1e-9 (px,
 *	    py, delta)
 *	"# turn x px y py sigma delta" then T + 1 lines
 *	    "probe K X PX Y PY SIGMA DELTA": particle 1 after K turns
 *	"# particle lost_turn x px y py sigma delta" then P lines
 *	    "particle J 0 X PX Y PY SIGMA DELTA" (survived all turns) or
 *	    "particle J LOST" (lost at the end of turn LOST)
 */

#endif
