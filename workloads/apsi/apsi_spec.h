/* apsi_spec.h - what sp-apsi-gen, sp-apsi and sp-apsi-check agree on: the
 * command line, the grid's arrays, the model's parameters as the input
 * file apsi.in states them (apsi_problem.c derives them from the size,
 * the step count and the seed), and the result file's records. */
#ifndef SP_APSI_SPEC_H
#define SP_APSI_SPEC_H

#include <stdint.h>

/* The horizontal order N (NX = NY = N) and the levels it implies. */
#define APSI_N_MIN 8
#define APSI_N_MAX 1024
#define APSI_STEPS_MAX 100000L
/* NZ = round(4 N / 7): 112 x 112 x 64 at N = 112. */
#define APSI_NZ(n) ((4 * (n) + 3) / 7)

/* The pollutant species, each with its own puff and source. */
#define APSI_SPECIES 9
/*
 * The 3-D arrays of doubles in sp-apsi's block: u, v, w (the wind on the
 * cells' faces); kx, ky, kz (the eddy diffusivities on the faces); p and
 * f (pressure and its right-hand side); fx, fy, fz (fluxes through the
 * faces); two time levels of the potential temperature and of each
 * species.
 */
#define APSI_ARRAYS (11 + 2 + 2 * APSI_SPECIES)

/* The seeded ingredients: stream function modes of the horizontal wind,
 * warm bubbles in the temperature. */
#define APSI_WIND 3
#define APSI_BUBBLES 2
/* Records every APSI_MPRINT steps; the probe's diffusion steps. */
#define APSI_MPRINT 10
#define APSI_NPROBE 10
/* The pressure planes written at the end: levels 1, (NZ + 1) / 2, NZ. */
#define APSI_PLANES 3

/* The model's constants (SI units): grid spacings, diffusivities, the
 * mean wind at the top, the peak wind of each stream function mode, the
 * vertical wind of the overturning roll, the reference temperature, its
 * lapse rate (a stable layer) and the buoyancy factor g / theta0. */
#define APSI_DX 1000.0
#define APSI_DY 1000.0
#define APSI_DZ 50.0
#define APSI_KH 50.0
#define APSI_KV 5.0
#define APSI_UMEAN 8.0
#define APSI_VMODE 4.0
#define APSI_WROLL 0.3
#define APSI_THETA0 300.0
#define APSI_GAMMA 0.004
#define APSI_BETA (9.81 / 300.0)
/* The pollutants' background concentration, under every puff. */
#define APSI_BACKGROUND 1.0
/* The time step takes this fraction of the donor-cell scheme's limit. */
#define APSI_CFL 0.8

#define APSI_PI 3.14159265358979323846

struct apsi_args {
	long n, steps;
	uint64_t seed;
	const char *input;	/* sp-apsi, sp-apsi-check: -i, apsi.in */
	const char *path;	/* -o DIR (gen), -o FILE (run), or the result */
};

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (one operand), 1 the generator (-o DIR), 2 the run (-o FILE); the
 * run and the check need -i. */
void apsi_parse_args(int argc, char **argv, int form, struct apsi_args *a);

/*
 * Everything apsi.in says.  sp-apsi hands this struct to the Fortran
 * model as is (apsi_params.f90 declares it again, bind(C)): 64-bit
 * integers first, then doubles; C's [a][b] is Fortran's (b, a).
 */
struct apsi_params {
	int64_t nx, ny, nz, steps, mprint, nprobe;
	uint64_t seed;
	int64_t wind_pq[APSI_WIND][2];	/* wavenumbers along x and y */
	int64_t roll_r;			/* the roll's wavenumber along x */
	int64_t src[APSI_SPECIES][3];	/* the sources' cells i, j, k */
	int64_t probe[4];		/* the probe mode a, b, m; its level */
	double dx, dy, dz, dt, kh, kv, umean, theta0, gamma, beta, cbg;
	double wind[APSI_WIND][3];	/* stream function amplitude, phases */
	double roll[2];			/* the roll's amplitude and phase */
	double bubble[APSI_BUBBLES][6];	/* x, y, z, radii h and z, amp */
	double puff[APSI_SPECIES][6];	/* the same, each species at start */
	double rate[APSI_SPECIES];	/* emission, concentration per second */
	double probe_ph[2];		/* the probe mode's phases */
};

/* The parameters sp-apsi-gen writes for a size, step count and seed. */
void apsi_problem(long n, long steps, uint64_t seed, struct apsi_params *p);

/* The bounds on |u|, |v|, |w| and on the diffusivities that the time step
 * was chosen for (the wind is made of differences of the stream
 * functions, each no larger than a derivative's maximum). */
struct apsi_bounds {
	double umax, vmax, wmax, khmax, kvmax;
};

void apsi_bounds(const struct apsi_params *p, struct apsi_bounds *b);

/* A record: the step, then for theta and each species the sum over the
 * cells, the minimum and the maximum. */
#define APSI_FIELDS (1 + APSI_SPECIES)
#define APSI_REC (1 + 3 * APSI_FIELDS)

#endif
