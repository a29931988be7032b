/* applu_spec.h - what sp-applu-gen, sp-applu and sp-applu-check agree on:
 * the command line, the arrays' memory, NAS LU's constants and the seeded
 * manufactured solution, the files' formats and the check's bounds. */
#ifndef SP_APPLU_SPEC_H
#define SP_APPLU_SPEC_H

#include <stdint.h>

/* The grid: N points a side (boundaries included), at least 6 so that
 * the fourth-difference stencils near opposite faces do not overlap. */
#define APPLU_MIN_N 6
#define APPLU_MAX_N 256
#define APPLU_MAX_ITERS 100000

/* The pseudo-time step and the SSOR relaxation factor (NAS LU's class
 * A-C values), written into the input file. */
#define APPLU_DT 2.0
#define APPLU_OMEGA 1.2

/* The manufactured solution (NAS LU's "exact"): component m at
 * (xi, eta, zeta) in the unit cube is
 *   ce[m][0] + ce[m][1] xi + ce[m][2] eta + ce[m][3] zeta
 *   + ce[m][4] xi^2 + ... + ce[m][12] zeta^4,
 * a polynomial of degree 4 in each coordinate.  NAS's table, whose
 * non-constant terms the seed scales by factors within 1 +- APPLU_JITTER. */
#define APPLU_TERMS 13
#define APPLU_NAS_CE {							\
	{ 2.0, 0.0, 0.0, 4.0, 5.0, 3.0, 0.5, 0.02, 0.01, 0.03, 0.5, 0.4, 0.3 },	\
	{ 1.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 0.01, 0.03, 0.02, 0.4, 0.3, 0.5 },	\
	{ 2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.04, 0.03, 0.05, 0.3, 0.5, 0.4 },	\
	{ 2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.03, 0.05, 0.04, 0.2, 0.1, 0.3 },	\
	{ 5.0, 4.0, 3.0, 2.0, 0.1, 0.4, 0.3, 0.05, 0.04, 0.03, 0.1, 0.3, 0.2 } }
#define APPLU_JITTER 0.05

/* sp-applu's arrays, as SPEC's COMMON blocks hold them: u, rsd, frct and
 * flux of 5 doubles a point, the block Jacobians a, b, c and d of 5 x 5
 * doubles a point, all over the whole N^3 grid (and buts's plane tv). */
#define APPLU_FIELD_DOUBLES (4 * 5)
#define APPLU_BLOCK_DOUBLES (4 * 25)
/* Peak memory of sp-applu besides its arrays (the C and Fortran
 * runtimes), measured; --mb adds it. */
#define APPLU_BASE_BYTES (2.3 * 1048576.0)

/* The input file (sp-applu-gen writes it, sp-applu reads it), as text: a
 * line "MAGIC N ITERS SEED", a line "DT OMEGA", then the 5 lines of the
 * manufactured solution's 13 coefficients. */
#define APPLU_INPUT_MAGIC "SPLU0001"
#define APPLU_INPUT_NAME "applu.in"

/* The field file (sp-applu writes it, the check reads it): this header,
 * then u at all N^3 points as u(5, N, N, N) holds it: doubles in the
 * machine's order, the component fastest, then x, y, z. */
#define APPLU_FIELD_MAGIC "SPLUU001"
struct applu_field_head {
	char magic[8];
	uint64_t n, iters, seed;
};

/*
 * The check's bounds.  Its residual of the written field must match the
 * reported last one to APPLU_MATCH relative, plus a rounding floor of
 * APPLU_ROUND_ULPS units of the operator's terms (the root mean square of
 * the sums of their magnitudes); its error against the manufactured
 * solution the reported one likewise, and its residual of NAS LU's
 * starting field the first one.  Its own first APPLU_REPLAY iterations
 * must give the reported residuals to APPLU_REPLAY_MATCH relative, and
 * the field's error must be below the one they reach (the error falls
 * in every iteration).  No residual may rise from one iteration to the
 * next by more than APPLU_RISE relative (plus the floor), and the whole
 * residual must fall by APPLU_MIN_FALL relative at least until it is at
 * the floor (measured: 1% an iteration on 59^3 after 150, the slowest
 * seen).
 */
#define APPLU_MATCH 1e-9
#define APPLU_ROUND_ULPS 64.0
#define APPLU_REPLAY 2
#define APPLU_REPLAY_MATCH 1e-9
#define APPLU_RISE 1e-6
#define APPLU_MIN_FALL 1e-4

struct applu_args {
	long n;			/* grid points a side */
	long iters;		/* SSOR iterations */
	uint64_t seed;
	const char *input;	/* sp-applu: -i, the input file */
	const char *field;	/* sp-applu and the check: -u, the field */
	const char *path;	/* -o DIR (gen), -o FILE (run), or the result */
};

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (-u FIELD and one positional FILE), 1 the generator (-o DIR), 2
 * the run (-i INPUT -u FIELD -o FILE). */
void applu_parse_args(int argc, char **argv, int form, struct applu_args *a);

/* The bytes of sp-applu's arrays it writes on a grid of n a side (all of
 * u, rsd, frct, flux; the Jacobians at the interior rows and planes). */
double applu_array_bytes(long n);

/* The manufactured solution's coefficients for the seed. */
void applu_coefficients(uint64_t seed, double ce[5][APPLU_TERMS]);

#endif
