/* mgrid_spec.h - what sp-mgrid-gen, sp-mgrid and sp-mgrid-check agree on:
 * the command line, the grid hierarchy's sizes, the operator's
 * coefficients, the seeded charges of the right-hand side, the files'
 * formats and the check's tolerances. */
#ifndef SP_MGRID_SPEC_H
#define SP_MGRID_SPEC_H

#include <stdint.h>

/* NAS MG's class A and B coefficients, as SPEC's 172.mgrid input has
 * them: A (the discrete operator) and C (the smoother), each for the
 * centre, the 6 faces, the 12 edges and the 8 corners of a 27-point
 * stencil. */
#define MGRID_A { -8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0 }
#define MGRID_C { -3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0 }

/* The right-hand side: +1 at MGRID_CHARGES seeded points, -1 at as many
 * others (NAS MG: at its random field's 10 largest and 10 smallest). */
#define MGRID_CHARGES 10
#define MGRID_POINTS (2 * MGRID_CHARGES)

/* Levels of a hierarchy, at most (a top grid of 1024 has 10). */
#define MGRID_LEVELS_MAX 20
/* V-cycles when -c is not given: the paper size's. */
#define MGRID_CYCLES 250
/* Peak memory of sp-mgrid besides its three arrays (the C and Fortran
 * runtimes), measured; --mb adds it. */
#define MGRID_BASE_BYTES (1.9 * 1048576.0)

/* The input file (sp-mgrid-gen writes it, sp-mgrid reads it): a line
 * "MAGIC N CYCLES SEED", A's four coefficients, C's four, the number of
 * charges, then one "I J K Q" line a charge (interior point from 0, the
 * first index fastest). */
#define MGRID_INPUT_MAGIC "SPMG0001"
#define MGRID_INPUT_NAME "mgrid.in"

/* The field file (sp-mgrid writes it, the check reads it): this header,
 * then u on the top grid's N^3 interior points, doubles in the machine's
 * order, the first index fastest. */
#define MGRID_FIELD_MAGIC "SPMGU001"
struct mgrid_field_head {
	char magic[8];
	uint64_t n, cycles, seed;
};

/*
 * The check's bounds.  Each V-cycle must cut the residual's root mean
 * square by MGRID_RHO at least, down to the rounding floor of the
 * operator (MGRID_ROUND_ULPS units of rounding of its largest term, see
 * mgrid_check.c): NAS MG's cycle cuts it 0.12-fold first, then settles
 * at 0.36-0.38, measured on grids of 16 to 128 of both shapes.  The
 * check's own residual of the written field must match the reported one
 * to MGRID_MATCH relative (or the floor), and its own V-cycles must
 * reproduce the first MGRID_REPLAY reported norms to MGRID_REPLAY_MATCH
 * relative (they differ from sp-mgrid's by rounding only).
 */
#define MGRID_RHO 0.45
#define MGRID_ROUND_ULPS 64.0
#define MGRID_MATCH 1e-6
#define MGRID_REPLAY 3
#define MGRID_REPLAY_MATCH 1e-9

struct mgrid_args {
	long n;			/* the top grid: n^3 interior points */
	long cycles;		/* V-cycles */
	uint64_t seed;
	const char *input;	/* sp-mgrid: -i, the input file */
	const char *field;	/* sp-mgrid and the check: -u, the field */
	const char *path;	/* -o DIR (gen), -o FILE (run), or the result */
};

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (-u FIELD and one positional FILE), 1 the generator (-o DIR), 2
 * the run (-i INPUT -u FIELD -o FILE). */
void mgrid_parse_args(int argc, char **argv, int form, struct mgrid_args *a);

/* The interior points a side of each level of a top grid of n, coarsest
 * first: n halved while it stays even and at least 2 (NAS MG's rule: 2^k
 * ends at 2, 3 x 2^k at 3).  Returns the number of levels. */
int mgrid_levels(long n, long sizes[MGRID_LEVELS_MAX]);

/* sp-mgrid's three arrays in bytes: u and r over every level, v over the
 * top one, each level with its ghost layers ((size + 2)^3 doubles). */
double mgrid_array_bytes(long n);

/* The charges of the seed on a grid of n: MGRID_POINTS distinct interior
 * points (from 0), the first MGRID_CHARGES of charge +1, the rest -1. */
void mgrid_charges(uint64_t seed, long n, long pos[MGRID_POINTS][3],
		   double q[MGRID_POINTS]);

#endif
