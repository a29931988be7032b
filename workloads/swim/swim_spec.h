/* swim_spec.h - what sp-swim-gen, sp-swim and sp-swim-check agree on: the
 * command line, the model's parameters as the input file swim.in states
 * them (each a function of the size, the step count and the seed), and the
 * result file's records. */
#ifndef SP_SWIM_SPEC_H
#define SP_SWIM_SPEC_H

#include <stdint.h>

#include "rng.h"

/* The fourteen N1 x N2 arrays of doubles (U, V, P, their NEW and OLD time
 * levels, CU, CV, Z, H, PSI): --mb divides by their bytes per point. */
#define SWIM_ARRAYS 14
#define SWIM_BYTES_PER_POINT (SWIM_ARRAYS * 8)
#define SWIM_N1_MIN 8
#define SWIM_N1_MAX 20000
#define SWIM_STEPS_MAX 1000000L

/* The model's constants: the classic NCAR shallow water model's time step,
 * grid spacing, time filter and mean geopotential; the initial stream
 * function's amplitude is set so that its main mode's peak wind is
 * SWIM_WIND m/s whatever the grid (the flow moves a few cells in a run). */
#define SWIM_DT 90.0
#define SWIM_DX 1.0e5
#define SWIM_DY 1.0e5
#define SWIM_ALPHA 0.001
#define SWIM_P0 50000.0
#define SWIM_WIND 20.0
/* A record in the result file every SWIM_MPRINT steps (and the last). */
#define SWIM_MPRINT 10
/* The seeded modes added to the stream function: wavenumbers 1 to
 * SWIM_WAVE_MAX each way, amplitudes from SWIM_AMP_MIN to SWIM_AMP_MAX of
 * the main mode's. */
#define SWIM_MODES 3
#define SWIM_WAVE_MAX 4
#define SWIM_AMP_MIN 0.1
#define SWIM_AMP_MAX 0.3

#define SWIM_TWO_PI 6.283185307179586

struct swim_args {
	long n1;		/* the arrays' order, N1 = N2: SPEC's 1335 */
	long steps;
	uint64_t seed;
	const char *input;	/* sp-swim, sp-swim-check: -i, swim.in */
	const char *path;	/* -o DIR (gen), -o FILE (run), or the result */
};

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (one positional FILE), 1 the generator (-o DIR), 2 the run (-i
 * INPUT -o FILE); the run and the check need -i. */
void swim_parse_args(int argc, char **argv, int form, struct swim_args *a);

struct swim_mode {
	long p, q;		/* wavenumbers along i and j */
	double amp, phx, phy;	/* amplitude, phases along i and j */
};

/* Everything swim.in says, in its order. */
struct swim_params {
	long n1, n2, itmax, mprint;
	double dt, dx, dy, a, alpha, p0;
	uint64_t seed;
	long modes;
	struct swim_mode mode[SWIM_MODES];
};

/* The parameters sp-swim-gen writes for a size, step count and seed. */
static inline void swim_params(long n1, long steps, uint64_t seed,
			       struct swim_params *sp)
{
	uint64_t s = seed;

	sp->n1 = sp->n2 = n1;
	sp->itmax = steps;
	sp->mprint = SWIM_MPRINT;
	sp->dt = SWIM_DT;
	sp->dx = SWIM_DX;
	sp->dy = SWIM_DY;
	/* psi = a sin x sin y: peak wind a 2 pi / (N DY), N = N2 - 1 */
	sp->a = SWIM_WIND * (double)(n1 - 1) * SWIM_DY / SWIM_TWO_PI;
	sp->alpha = SWIM_ALPHA;
	sp->p0 = SWIM_P0;
	sp->seed = seed;
	sp->modes = SWIM_MODES;
	for (int k = 0; k < SWIM_MODES; k++) {
		struct swim_mode *md = &sp->mode[k];

		md->p = 1 + (long)rng_below(&s, SWIM_WAVE_MAX);
		md->q = 1 + (long)rng_below(&s, SWIM_WAVE_MAX);
		md->amp = SWIM_AMP_MIN + (SWIM_AMP_MAX - SWIM_AMP_MIN) *
			  rng_uniform(&s);
		md->phx = SWIM_TWO_PI * rng_uniform(&s);
		md->phy = SWIM_TWO_PI * rng_uniform(&s);
	}
}

/* A record: the step, then the sums over the grid of the fields at that
 * time level (see swim_calc.f90's diag): mass (P), energy (kinetic plus
 * available potential), potential enstrophy, |U| and |V|. */
#define SWIM_REC 6
#define SWIM_REC_NAMES { "step", "mass", "energy", "enstrophy", "usum", \
			 "vsum" }

#endif
