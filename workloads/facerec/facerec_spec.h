/* facerec_spec.h - what sp-facerec-gen, sp-facerec and sp-facerec-check
 * agree on: the command line, the Gabor wavelet family (5 scales x 8
 * orientations), the input file facerec.in and its images, the graph
 * geometry and the binary result file the run writes and the check reads. */
#ifndef SP_FACEREC_SPEC_H
#define SP_FACEREC_SPEC_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>

/* The wavelet family of Lades et al. (1993): k_v = pi 2^-(v+2)/2 for v =
 * 0..4, orientations mu pi / 8 for mu = 0..7, sigma 2 pi. */
#define FACEREC_SCALES 5
#define FACEREC_ORIENTS 8
#define FACEREC_FEATURES (FACEREC_SCALES * FACEREC_ORIENTS)
#define FACEREC_SIGMA (2.0 * M_PI)

/* The graph: a regular grid of nodes, spaced FACEREC_SPACING_128 pixels
 * in a 128 x 128 image and in proportion in others. */
#define FACEREC_COLS 10
#define FACEREC_ROWS 10
#define FACEREC_NODES (FACEREC_COLS * FACEREC_ROWS)
#define FACEREC_SPACING_128 7
#define FACEREC_LAMBDA 0.1	/* weight of the graph's distortion */
#define FACEREC_RADIUS 2	/* a local move's subgrid: +-RADIUS pixels */
#define FACEREC_SWEEPS 2	/* local move sweeps over every node */
#define FACEREC_STEP 2		/* the global move's coarse step */

/* Least share of probes the check requires matched to their person. */
#define FACEREC_MIN_RATE 0.9

#define FACEREC_MIN_SIDE 64L
#define FACEREC_MAX_SIDE 2048L
#define FACEREC_MAX_PERSONS 100000ULL
#define FACEREC_MAX_PROBES 100000ULL
/* The run's peak memory: per pixel 40 kernel planes and 40 magnitude
 * planes (doubles), two complex FFT buffers, the norms and the image;
 * per album person its graph; and what the process has before it
 * allocates (libraries, stack), measured here.  --mb solves for the side. */
#define FACEREC_BYTES_PER_PIXEL 680.0
#define FACEREC_BYTES_PER_PERSON \
	((double)FACEREC_NODES * FACEREC_FEATURES * sizeof(double))
#define FACEREC_BASE_BYTES 4.7e6

struct facerec_args {
	long side;
	uint64_t persons, probes, seed;
	const char *input;	/* run and check: -i, the facerec.in file */
	const char *path;	/* -o DIR (gen), -o FILE (run), the result */
};

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (one operand), 1 the generator (-o DIR), 2 the run (-o FILE); the
 * run and the check need -i. */
void facerec_parse_args(int argc, char **argv, int form,
			struct facerec_args *a);

/* facerec.in: these parameters, one "key value" line each in this order,
 * then the names of the album and probe image files (in its folder). */
struct facerec_params {
	long side, persons, probes;
	uint64_t seed;
	long cols, rows, spacing, originx, originy;
	double lambda;
	long radius, sweeps, step;
	char album[64], probe[64];
};

#define FACEREC_IN "facerec.in"
#define FACEREC_ALBUM "album.pgm"
#define FACEREC_PROBE "probe.pgm"
/* Which person each probe shows: "probe K person P" lines, for the check
 * only. */
#define FACEREC_TRUTH "truth.txt"

/* The parameters sp-facerec-gen writes for args. */
void facerec_default_params(const struct facerec_args *a,
			    struct facerec_params *p);

/* Writes p as facerec.in's lines to f. */
void facerec_write_params(FILE *f, const struct facerec_params *p);

/* Reads facerec.in from f into p: NULL, or what is wrong (static). */
const char *facerec_read_params(FILE *f, struct facerec_params *p);

/* The image file name beside the facerec.in at `in`, malloc'd. */
char *facerec_beside(const char *in, const char *name);

/* Reads the next side x side 8-bit binary PGM image of f into px: NULL,
 * or what is wrong (static). */
const char *facerec_read_pgm(FILE *f, long side, unsigned char *px);

/* Where node (c, r) of a graph at origin (ox, oy) lies. */
static inline void facerec_grid(const struct facerec_params *p, long node,
				long ox, long oy, long *x, long *y)
{
	*x = ox + node % p->cols * p->spacing;
	*y = oy + node / p->cols * p->spacing;
}

/* k and its direction for feature j (scale j / 8, orientation j % 8). */
static inline void facerec_wave(int j, double *kx, double *ky)
{
	double k = M_PI * pow(2.0, -(j / FACEREC_ORIENTS + 2) / 2.0);
	double phi = M_PI * (j % FACEREC_ORIENTS) / FACEREC_ORIENTS;

	*kx = k * cos(phi);
	*ky = k * sin(phi);
}

/* The result file: this head; for every album person its graph (node
 * positions, then a jet of FEATURES magnitudes per node); then for every
 * probe a facerec_match, the graph scores against all persons, the
 * matched graph's node positions and the probe's jets there. */
#define FACEREC_MAGIC "SPFACE01"

struct facerec_head {
	char magic[8];
	uint64_t side, persons, probes, nodes, features, seed;
	double lambda;
};

struct facerec_pos {
	int32_t x, y;
};

struct facerec_match {
	uint64_t best;		/* the person with the highest score */
	int64_t ox, oy;		/* the rigid placement's origin */
	double score;		/* the best score, as scores[best] */
};

#endif
