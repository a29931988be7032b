/* wupwise_spec.h - what sp-wupwise-gen, sp-wupwise, sp-wupwise-check and
 * the Dirac operator's test agree on: the command line, the lattice it
 * gives, the solver's parameters, the input file and the solution file. */
#ifndef SP_WUPWISE_SPEC_H
#define SP_WUPWISE_SPEC_H

#include <stdint.h>

/* The Wilson matrix is M = 1 - KAPPA D, D the hopping term (wupwise_hop.f90
 * and wupwise_wilson.c); KAPPA below its critical value for a random gauge
 * field, so that BiCGStab converges in tens of iterations. */
#define WUP_KAPPA 0.21
/* BiCGStab stops when ||b - M x|| / ||b|| is below this. */
#define WUP_TOL 1e-10
#define WUP_MAXITER 2000

/* Peak memory of sp-wupwise per lattice site: the gauge field (4 links of
 * 3x3 complex, 576 bytes), and 10 half-lattice spinors (12 complex a site
 * of their parity, so 96 bytes a lattice site each: the source's two
 * halves, the solution's two (the odd one also Mhat's scratch), BiCGStab's
 * r, r^, p, v, t and the preconditioned source); and what it has whatever
 * the lattice (libraries, stacks), in MB, measured.  --mb divides by them. */
#define WUP_BYTES_PER_SITE 1536
#define WUP_FIXED_MB 3

/* Extents: even (the even-odd split), from 4. */
#define WUP_EXTENT_MIN 4
#define WUP_EXTENT_MAX 256
#define WUP_TIME_MAX 4096
#define WUP_SITES_MAX (1L << 28)

struct wup_args {
	int dims[4];		/* x, y, z, t */
	uint64_t seed;
	const char *input;	/* sp-wupwise: -i, the input file */
	const char *path;	/* -o FILE (gen, run), or the check's solution */
};

/* Parses argv ({-n L [-t T] | --mb M} [-s SEED]); on bad input prints one
 * line and exits 2.  form: 0 the check (one operand), 1 the generator (-o
 * FILE), 2 the run (-i INPUT -o FILE). */
void wup_parse_args(int argc, char **argv, int form, struct wup_args *a);

/* The run's parameters, as the input file (wupwise.in) holds them. */
struct wup_params {
	int dims[4];
	uint64_t seed;
	double kappa, tol;
	int maxiter;
};

/* The parameters of the arguments a. */
void wup_params_of(const struct wup_args *a, struct wup_params *p);

/* The solution file: this header, then the solution x, 12 complex numbers
 * (3 colours fastest, then 4 spins) a site: first the even sites, then the
 * odd, each parity in the order of lexicographic index / 2 (the index
 * x + L1 (y + L2 (z + L3 t)); a site's parity is x + y + z + t mod 2). */
#define WUP_MAGIC "SPWUP001"

struct wup_head {
	char magic[8];
	int32_t dims[4];
	uint64_t seed;
	double kappa, tol;
	int64_t iterations;
	double residual;	/* ||b - M x|| / ||b|| as the run found it */
};

static inline long wup_sites(const int dims[4])
{
	return (long)dims[0] * dims[1] * dims[2] * dims[3];
}

#endif
