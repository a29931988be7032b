/* ammp_spec.h - what sp-ammp-gen, sp-ammp and sp-ammp-check agree on: the
 * command line, the system's physical constants, the input file ammp.in
 * (its parameters and its atom, bond and angle records, read by one
 * parser) and the binary result file the run writes and the check reads. */
#ifndef SP_AMMP_SPEC_H
#define SP_AMMP_SPEC_H

#include <stdint.h>
#include <stdio.h>

/* Reduced (Lennard-Jones) units: sigma 1, epsilon 1, mass 1. */
#define AMMP_DENSITY 0.8	/* atoms per unit volume */
#define AMMP_CUTOFF 3.0		/* nonbonded cutoff */
#define AMMP_SKIN 0.5		/* neighbour lists hold pairs to cutoff + skin */
#define AMMP_DT 0.002		/* time step */
#define AMMP_REBUILD 20		/* steps between list rebuilds, at most */
#define AMMP_TRACE 10		/* steps between energy records */
#define AMMP_TEMPERATURE 1.0	/* of the seeded velocities */
#define AMMP_PROTEIN_SHARE 8	/* one atom in this many is a chain atom */
#define AMMP_CHAIN_MAX 64	/* atoms of one chain, at most */
#define AMMP_BOND_R0 1.05
#define AMMP_BOND_K 200.0
#define AMMP_ANGLE_C0 (-0.5)	/* cos of 120 degrees */
#define AMMP_ANGLE_K 8.0
#define AMMP_EPS_PROTEIN 1.0	/* LJ well depths */
#define AMMP_EPS_WATER 0.8

/* The smallest system: its box must hold twice the list's reach. */
#define AMMP_MIN_ATOMS 1000L
#define AMMP_MAX_ATOMS 20000000L
#define AMMP_MAX_STEPS 10000000ULL
/* The run's peak memory per atom (its struct with the inline neighbour
 * and exclusion arrays, its share of bonds and angles), measured here;
 * --mb divides by it. */
#define AMMP_BYTES_PER_ATOM 2100

struct ammp_args {
	long atoms;
	uint64_t steps, seed;
	const char *input;	/* run and check: -i, the ammp.in file */
	const char *path;	/* -o DIR (gen), -o FILE (run), or the result */
};

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (one operand), 1 the generator (-o DIR), 2 the run (-o FILE); the
 * run and the check need -i. */
void ammp_parse_args(int argc, char **argv, int form, struct ammp_args *a);

/* ammp.in's parameters, in the order its first lines give them. */
struct ammp_params {
	long atoms, steps;
	uint64_t seed;
	double box, cutoff, skin, dt;
	long rebuild, trace;
};

/* One atom: position, velocity, charge, LJ coefficients (the pair's are
 * A = a_i a_j for r^-12 and B = b_i b_j for r^-6) and mass. */
struct ammp_atom_rec {
	long serial;
	double x[3], v[3];
	double q, a, b, mass;
};

/* V = k/2 (r - r0)^2 between atoms i and j. */
struct ammp_bond_rec {
	long i, j;
	double r0, k;
};

/* V = k/2 (cos theta - c0)^2, theta the angle i-j-k at j. */
struct ammp_angle_rec {
	long i, j, k;
	double c0, kc;
};

/* What the parser hands each record to, in file order. */
struct ammp_sink {
	void (*atom)(void *ctx, const struct ammp_atom_rec *r);
	void (*bond)(void *ctx, const struct ammp_bond_rec *r);
	void (*angle)(void *ctx, const struct ammp_angle_rec *r);
	void *ctx;
};

/*
 * Reads ammp.in from f: the parameters into *p (then sink->ctx may be set
 * up from them by params(), when given), then every record to the sink.
 * Atoms come in serial order 0..atoms-1, a bond or angle names atoms
 * already read, and the file ends with "end".  NULL, or what is wrong
 * (a static string naming the line).
 */
const char *ammp_read_input(FILE *f, struct ammp_params *p,
			    void (*params)(void *ctx,
					   const struct ammp_params *p),
			    const struct ammp_sink *sink);

/* The result file: this head, ntrace energy records (steps 0, trace,
 * 2 trace, ..., and the last), then every atom's final position,
 * velocity and force, in serial order. */
#define AMMP_MAGIC "SPAMMP01"

struct ammp_head {
	char magic[8];
	uint64_t atoms, steps, seed, ntrace, rebuilds;
	double dt;
};

struct ammp_trace_rec {
	uint64_t step;
	double ke, pe;
};

struct ammp_state {
	double x[3], v[3], f[3];
};

/* Energy records of a run of steps steps, every trace steps. */
static inline uint64_t ammp_ntrace(uint64_t steps, uint64_t trace)
{
	return steps / trace + 1 + (steps % trace != 0);
}

#endif
