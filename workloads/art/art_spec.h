/* art_spec.h - what sp-art-gen, sp-art and sp-art-check agree on: the
 * command line, the input files, the ART-2 network's constants (SPEC's
 * 179.art values), where the seed puts each scan region and the object
 * planted in it, and the noise of the simulated objects' weights. */
#ifndef SP_ART_SPEC_H
#define SP_ART_SPEC_H

#include <stdint.h>

#include "rng.h"

/* The input folder's files. */
#define ART_PARFILE "scan.par"
#define ART_SCANFILE "scene.pgm"
#define ART_TRAINFILE1 "helicopter.pgm"
#define ART_TRAINFILE2 "airplane.pgm"

/* F2 neurons for objects (SPEC's -objects 10): the two trained ones, the
 * others simulated; one more F2 neuron, the last, is the default. */
#define ART_OBJECTS 10
#define ART_TRAINED 2

/* A scan region: window positions SPEC's ref runs step through, 50 x 40
 * pixels at a stride of 2 (25 x 20 windows). */
#define ART_STRIDE 2
#define ART_SPAN_X 50
#define ART_SPAN_Y 40

/* The scene is at least this large; the regions are spread over it. */
#define ART_SCENE_MIN_W 640
#define ART_SCENE_MIN_H 480
#define ART_MARGIN 8

/* ART-2's constants, as SPEC's 179.art sets them. */
#define ART_A 255.0		/* W = I + a U */
#define ART_B_TRAIN 10.0	/* V = f(X) + b f(Q) while training */
#define ART_B_SCAN 0.0		/* and while scanning */
#define ART_C 0.11		/* R = (U + c P) / (|U| + c |P|) */
#define ART_D 0.9		/* the winner's top-down gain, g(J) = d */
#define ART_DT 0.7		/* the learning step */
#define ART_RHO_TRAIN 0.95	/* vigilance on |R| while training */
#define ART_RHO_SCAN 0.70	/* vigilance on the U-P correlation, scanning */
#define ART_E 1e-10		/* keeps the normalisations finite */
#define ART_FLAT 1e-9		/* U or P this flat correlates with nothing */
#define ART_F1_STEPS 9		/* F1 updates per F2 choice, at most */
#define ART_LEARNED 1e-9	/* resonance: no weight moved more */
#define ART_EPOCHS_MAX 5000	/* a training that never resonates fails */
/* A simulated object's weights: a trained one's plus noise uniform in
 * [0, ART_SIM_NOISE w0), w0 the uncommitted weight 1 / ((1 - d) sqrt(N));
 * at SPEC's window size the [0, 1) SPEC adds. */
#define ART_SIM_NOISE 10.0

/* The measured process's peak memory per F1 neuron (its struct, inputs,
 * and a row each of the two weight matrices, with the scene and the
 * program's own share), measured at the paper size; --mb divides by it. */
#define ART_BYTES_PER_INPUT 536

#define ART_SIDE_MIN 16
#define ART_SIDE_MAX 1024
#define ART_REGIONS_MAX 1000

struct art_args {
	long side;		/* the objects' and the windows' side, pixels */
	long regions;		/* scan regions, one planted object each */
	uint64_t seed;
	const char *input;	/* sp-art, sp-art-check: -i, the input folder */
	const char *path;	/* -o DIR (gen), -o FILE (run), or the result */
};

/* Parses argv; on bad input prints one line and exits 2.  form: 0 the
 * check (-i DIR, one positional FILE), 1 the generator (-o DIR), 2 the run
 * (-i DIR -o FILE). */
void art_parse_args(int argc, char **argv, int form, struct art_args *a);

/* One scan region: windows at x = startx, startx + stride, ... < endx and
 * likewise in y; the object planted in it (0 the helicopter, 1 the
 * airplane) with its top left corner at (x, y), a window position. */
struct art_region {
	long startx, starty, endx, endy;
	int object;
	long x, y;
};

/* The scene's size and its regions, all from the arguments and seed. */
struct art_layout {
	long width, height;
	long nregions;
	struct art_region *region;	/* malloc'd */
};

/* Fills l (exits 1 when out of memory). */
void art_layout(const struct art_args *a, struct art_layout *l);

/* The windows of one region. */
static inline long art_region_windows(const struct art_region *r)
{
	return ((r->endx - r->startx + ART_STRIDE - 1) / ART_STRIDE) *
	       ((r->endy - r->starty + ART_STRIDE - 1) / ART_STRIDE);
}

/* Simulated object k's noise on F1 input i, as a fraction of the noise
 * amplitude: [0, 1), the same whatever order it is asked in. */
static inline double art_sim_noise(uint64_t seed, int k, long i)
{
	return rng_unit(rng_hash(rng_hash(seed ^ 0x41525432ULL) ^
				 ((uint64_t)k << 40) ^ (uint64_t)i));
}

#endif
