/* facerec.h - sp-facerec's data: the Gabor wavelet transform of one image
 * as SPEC's 187.facerec holds it (the 40 kernels in frequency space and
 * the magnitudes as 40 planes of the image's size, each jet a column
 * across the planes), and the graphs that elastic graph matching moves
 * over it. */
#ifndef SP_FACEREC_H
#define SP_FACEREC_H

#include <complex.h>

#include <fftw3.h>

#include "facerec_spec.h"

struct gabor {
	long n;
	double *kern;		/* FEATURES planes: the kernels' DFTs */
	double *mag;		/* FEATURES planes: |image * kernel| */
	double *inv;		/* per pixel: 1 / |jet|, 0 for none */
	fftw_complex *spec;	/* the image's DFT */
	fftw_complex *work;	/* one product, transformed back in place */
	fftw_plan fwd, back;
};

/* Plans the transforms and computes the kernels for n x n images: 0, or
 * -1 when out of memory. */
int gabor_init(struct gabor *g, long n);

/* The transform of an 8-bit image: mag and inv. */
void gabor_transform(struct gabor *g, const unsigned char *px);

/* The jet at (x, y): FEATURES magnitudes. */
void gabor_jet(const struct gabor *g, long x, long y, double *jet);

/* A graph placed on an image: its node positions. */
struct graph {
	struct facerec_pos pos[FACEREC_NODES];
};

/* An album graph's jets, each scaled to unit length. */
typedef double facerec_unit_jets[FACEREC_NODES][FACEREC_FEATURES];

/* Matches the album graph `unit` (made at the grid of p) to the image
 * transformed in g: the global move (the rigid grid over the whole
 * image, then one pixel around the best), then p->sweeps sweeps of local
 * moves in an order drawn from rng.  The placed graph in *out, its
 * rigid origin in ox, oy; its score. */
double facerec_match(const struct gabor *g, const struct facerec_params *p,
		     facerec_unit_jets unit, uint64_t rng,
		     struct graph *out, long *ox, long *oy);

#endif
