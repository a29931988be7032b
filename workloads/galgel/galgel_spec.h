/* galgel_spec.h - what sp-galgel-gen, sp-galgel and sp-galgel-check agree
 * on: the command line, the problem's parameters as galgel.in states them
 * (each a function of the size, the step count and the seed), the sizes
 * of the Galerkin system and the result file's layout. */
#ifndef SP_GALGEL_SPEC_H
#define SP_GALGEL_SPEC_H

#include <stdint.h>
#include <stdlib.h>

#include "rng.h"

/* SPEC's 178.galgel's problem, GAMM's benchmark of oscillatory convection:
 * a cavity of length/height 4, Prandtl number 0.015, rigid bottom and
 * sides, free top, adiabatic horizontal walls, the left wall hot. */
#define GALGEL_PR 0.015
#define GALGEL_ASPECT 4.0

/* -n NX: NX basis functions along the cavity, NY = (NX + 1) / 2 across it,
 * for each of the stream function and the temperature: the Galerkin system
 * has order 2 NX NY. */
#define GALGEL_NX_MIN 4
#define GALGEL_NX_MAX 32
#define GALGEL_STEPS_MIN 2
#define GALGEL_STEPS_MAX 10000

static inline long galgel_ny(long nx)
{
	return (nx + 1) / 2;
}

/* What sp-galgel holds, in bytes: the two Galerkin arrays of the quadratic
 * terms (n x n x n doubles each, n = NX NY), six matrices of order 2n
 * (Jacobian, mass, the LU and QZ copies, eigenvectors) and seven blocks of
 * order n, plus ~3 MB of program and libraries. */
static inline double galgel_bytes(long nx)
{
	double n = (double)nx * (double)galgel_ny(nx);

	return 16.0 * n * n * n + 6.0 * 8.0 * 4.0 * n * n + 7.0 * 8.0 * n * n +
	       3.0 * 1048576.0;
}

/* The Grashof sweep: step 0 at Gr = 0, then steps of GALGEL_GR_SPAN /
 * (STEPS - 1) each scaled by a seeded factor in [0.5, 1.5), so the last
 * step lands near GALGEL_GR_SPAN (the paper size's model turns unstable
 * near Gr = 84,000). */
#define GALGEL_GR_SPAN 100000.0

/* Newton's method for each steady state: until a step is below this
 * tolerance relative to the solution, at most this many steps before it
 * starts again through smaller steps of Gr. */
#define GALGEL_NEWTON_TOL 1e-11
#define GALGEL_NEWTON_MAX 30

/* Eigenvectors written per step: of the leading eigenvalues (largest real
 * part), one of each complex pair. */
#define GALGEL_VECTORS 2

/*
 * The result file sp-galgel writes: "nx NX", "ny NY", "order M" (= 2 NX
 * NY), "steps STEPS", "vectors V", then for each step
 *   step K GR NEWTON RESIDUAL   (the step from 0, its Grashof number, the
 *                                 LU solves Newton made, max |F| after)
 *   x VALUE                      (M lines: the steady state, the stream
 *                                 function's coefficients, then the
 *                                 temperature's, index i + NX j)
 *   lambda RE IM                 (M lines: all eigenvalues, by real part
 *                                 down, of a complex pair +IM first)
 *   vector P, then v RE IM       (up to V times: the place P from 1 of a
 *                                 leading eigenvalue with IM >= 0, and
 *                                 its eigenvector in M lines, largest
 *                                 entry exactly 1)
 * and last "critical GR FREQ" or "critical none".
 */

struct galgel_args {
	long nx;
	long steps;
	uint64_t seed;
	const char *input;	/* sp-galgel, sp-galgel-check: -i galgel.in */
	const char *path;	/* -o DIR (gen), -o FILE (run), or the result */
};

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (one positional FILE), 1 the generator (-o DIR), 2 the run (-i
 * INPUT -o FILE). */
void galgel_parse_args(int argc, char **argv, int form,
		       struct galgel_args *a);

/* Everything galgel.in says, in its order. */
struct galgel_params {
	long nx, ny, steps, newton_max, vectors;
	double pr, aspect, newton_tol;
	uint64_t seed;
	double *gr;		/* steps Grashof numbers, malloc'd */
};

/* The parameters sp-galgel-gen writes for a size, step count and seed;
 * 0, or -1 out of memory. */
static inline int galgel_params(long nx, long steps, uint64_t seed,
				struct galgel_params *p)
{
	double step = GALGEL_GR_SPAN / (double)(steps - 1);
	uint64_t s = seed;

	p->nx = nx;
	p->ny = galgel_ny(nx);
	p->steps = steps;
	p->newton_max = GALGEL_NEWTON_MAX;
	p->vectors = GALGEL_VECTORS;
	p->pr = GALGEL_PR;
	p->aspect = GALGEL_ASPECT;
	p->newton_tol = GALGEL_NEWTON_TOL;
	p->seed = seed;
	p->gr = malloc((size_t)steps * sizeof(*p->gr));
	if (!p->gr)
		return -1;
	p->gr[0] = 0;
	for (long k = 1; k < steps; k++)
		p->gr[k] = p->gr[k - 1] + step * (0.5 + rng_uniform(&s));
	return 0;
}

#endif
