/* equake_spec.h - what sp-equake-gen, sp-equake and sp-equake-check agree
 * on: the command line, the basin model (domain, materials, damping), the
 * source's time function, the input file and the output files.  The model
 * is the problem's definition; how K, M and the motion are computed from
 * it is each program's own. */
#ifndef SP_EQUAKE_SPEC_H
#define SP_EQUAKE_SPEC_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>

/* The domain, km: x east, y north, z up, the free surface at z = 0. */
#define EQ_LX 50.0
#define EQ_LY 50.0
#define EQ_LZ 12.5

/* The sedimentary basin: a half ellipsoid under the surface, centred at
 * (BX, BY) with semi-axes AX, AY and depth AZ. */
#define EQ_BX 20.0
#define EQ_BY 25.0
#define EQ_AX 14.0
#define EQ_AY 9.0
#define EQ_AZ 2.5
/* Below it, upper crust down to EQ_CRUST km, then rock. */
#define EQ_CRUST 4.0

/* The hypocentre (km), the fault's strike, dip and rake (degrees), its
 * seismic moment (GPa km^3, 1e18 N m) and rise time (s): a thrust under
 * the basin's edge, a point source in the element nearest the hypocentre
 * whose moment grows as phi0. */
#define EQ_HX 26.0
#define EQ_HY 24.0
#define EQ_HZ (-8.0)
#define EQ_STRIKE 122.0
#define EQ_DIP 40.0
#define EQ_RAKE 101.0
#define EQ_MOMENT 0.1
#define EQ_RISE 3.0

/* A sponge of mass-proportional damping within EQ_SPONGE km of the sides
 * and the bottom absorbs the waves that reach them. */
#define EQ_SPONGE 6.0
#define EQ_SPONGE_ALPHA 1.5

/* The nodes whose motion the run records, every EQ_SAMPLE steps: the one
 * nearest the hypocentre, then surface nodes nearest the epicentre, the
 * basin's centre and a rock site. */
#define EQ_PROBES 4
#define EQ_SAMPLE 10
#define EQ_ROCK_X 40.0
#define EQ_ROCK_Y 40.0

/* The time step is this share of the stability limit 2 / omega_max,
 * omega_max^2 bounded by Gershgorin's discs of M^-1 K. */
#define EQ_COURANT 0.9

/* Decimals of the node coordinates (km) in the input; the generator
 * rounds them so, so that it computes with what the others read. */
#define EQ_COORD_DIGITS 6

/* Peak memory of the run per mesh node (K's blocks with their pointers,
 * the node arrays, the mesh), measured; --mb divides by it. */
#define EQ_BYTES_PER_NODE 1480

#define EQ_MIN_NODES 100L
#define EQ_MAX_NODES 20000000L
#define EQ_MAX_STEPS 1000000L

struct equake_args {
	long nodes;		/* asked for; the mesh's count is near it */
	long steps;
	uint64_t seed;
	const char *input;	/* run and check: -i, the input file */
	const char *path;	/* -o DIR (gen, run), or the check's folder */
};

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (one operand, the run's output folder), 1 the generator (-o DIR),
 * 2 the run (-i INPUT -o DIR); the run and the check need -i. */
void equake_parse_args(int argc, char **argv, int form,
		       struct equake_args *a);

/* The grid of cells for about `nodes` nodes: cells of about equal sides
 * over the domain, (c[0]+1)(c[1]+1)(c[2]+1) nodes. */
static inline void eq_grid(long nodes, long c[3])
{
	double lo = 1e-4, hi = EQ_LX, h = 1.0;

	for (int it = 0; it < 200; it++) {
		h = 0.5 * (lo + hi);
		if ((EQ_LX / h + 1) * (EQ_LY / h + 1) * (EQ_LZ / h + 1) > nodes)
			lo = h;
		else
			hi = h;
	}
	c[0] = lround(EQ_LX / h);
	c[1] = lround(EQ_LY / h);
	c[2] = lround(EQ_LZ / h);
	for (int d = 0; d < 3; d++)
		if (c[d] < 1)
			c[d] = 1;
}

/* An element's material: Lame's constants (GPa), density (g/cm^3) and
 * mass-proportional damping (1/s), from its centroid. */
struct eq_material {
	double lambda, mu, rho, alpha;
};

static inline void eq_material(const double c[3], struct eq_material *m)
{
	double depth = -c[2], vp, vs, edge;
	double bx = (c[0] - EQ_BX) / EQ_AX, by = (c[1] - EQ_BY) / EQ_AY;
	double bz = depth / EQ_AZ;

	if (bx * bx + by * by + bz * bz < 1.0) {
		vp = 2.0, vs = 1.0, m->rho = 2.0, m->alpha = 0.25;
	} else if (depth < EQ_CRUST) {
		vp = 5.0, vs = 2.8, m->rho = 2.5, m->alpha = 0.05;
	} else {
		vp = 6.2, vs = 3.5, m->rho = 2.7, m->alpha = 0.03;
	}
	m->mu = m->rho * vs * vs;
	m->lambda = m->rho * vp * vp - 2 * m->mu;
	edge = fmin(fmin(c[0], EQ_LX - c[0]), fmin(c[1], EQ_LY - c[1]));
	edge = fmin(edge, EQ_LZ + c[2]);
	if (edge < EQ_SPONGE) {
		double s = (EQ_SPONGE - edge) / EQ_SPONGE;

		m->alpha += EQ_SPONGE_ALPHA * s * s;
	}
}

/* The moment's time function phi0, a smooth ramp from 0 to 1 over the
 * rise time, and its first and second derivatives. */
static inline double eq_phi0(double t)
{
	if (t <= 0)
		return 0.0;
	if (t >= EQ_RISE)
		return 1.0;
	return t / EQ_RISE - sin(2 * M_PI * t / EQ_RISE) / (2 * M_PI);
}

static inline double eq_phi1(double t)
{
	if (t <= 0 || t >= EQ_RISE)
		return 0.0;
	return (1 - cos(2 * M_PI * t / EQ_RISE)) / EQ_RISE;
}

static inline double eq_phi2(double t)
{
	if (t <= 0 || t >= EQ_RISE)
		return 0.0;
	return 2 * M_PI * sin(2 * M_PI * t / EQ_RISE) / (EQ_RISE * EQ_RISE);
}

/*
 * The input, DIR/equake.in, text as SPEC's is: EQ_INPUT_MAGIC, then the
 * header's lines "seed S", "request NODES", "steps T" (the arguments it
 * was made for), "cells CX CY CZ", "nodes N", "elems E", "blocks B",
 * "dt DT", "src ELEM XX YY ZZ YZ XZ XY" (the source element and its moment
 * tensor) and "probes P0 P1 P2 P3"; then
 * "coords" and one "x y z" line a node, "elements" and one "a b c d" line
 * an element (positively oriented), "rows" and nodes+1 row starts, "cols"
 * and blocks column numbers: K's stored blocks, row by row, the diagonal
 * first, then the row's neighbours above it in increasing order.
 */
#define EQ_INPUT "equake.in"
#define EQ_INPUT_MAGIC "% sp-equake input 1"

struct equake_head {
	uint64_t seed;
	long request, steps;		/* the arguments it was made for */
	long cells[3];
	long nodes, elems, blocks;
	double dt;
	long src;			/* the source element */
	double moment[6];		/* xx yy zz yz xz xy */
	int probe[EQ_PROBES];
};

/* Reads the header; 0, or -1 with what is wrong in why (128 bytes). */
int equake_read_head(FILE *f, struct equake_head *h, char *why);

/* Reads the section word, then n values: doubles or ints in [0, bound).
 * 0, or -1 with what is wrong in why. */
int equake_read_word(FILE *f, const char *word, char *why);
int equake_read_doubles(FILE *f, double *x, long n, char *why);
int equake_read_ints(FILE *f, int *v, long n, long bound, char *why);

/* The run's output files in its folder. */
#define EQ_RESULT "result.txt"	/* "key value": EQ_RESULT_KEYS */
#define EQ_SEISMO "seismo.txt"	/* the probes' displacements */
#define EQ_STATE "state.bin"	/* the last displacement and velocity */
#define EQ_MATRIX "matrix.bin"	/* K as the run assembled it */

#define EQ_RESULT_KEYS { "nodes", "elems", "blocks", "steps", "dt", \
			 "samples", "peak" }
#define EQ_NRESULT 7

/* seismo.txt: this line with the probes' numbers, then one line every
 * EQ_SAMPLE steps: the step (1-based) and x y z at each probe, %.12e. */
#define EQ_SEISMO_HEAD "# step, then x y z displacement (km) at nodes"

/* The binary files' head; then for state.bin disp[nodes][3] and
 * vel[nodes][3] after the last step, for matrix.bin int32 rows[nodes+1],
 * int32 cols[blocks] and double blocks[blocks][3][3]. */
struct equake_bin_head {
	char magic[8];
	int64_t nodes, count;		/* count: steps, or blocks */
};

#define EQ_STATE_MAGIC "SPEQST01"
#define EQ_MATRIX_MAGIC "SPEQKM01"

#endif
