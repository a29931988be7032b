/* facerec_check.h - what sp-facerec-check's parts share: the input it
 * judges against (facerec.in, the images, the generator's truth), the
 * result as read, and the direct spatial convolution of its jets. */
#ifndef SP_FACEREC_CHECK_H
#define SP_FACEREC_CHECK_H

#include "facerec_spec.h"

typedef double chk_jets[FACEREC_NODES][FACEREC_FEATURES];

/* One probe's record of the result. */
struct chk_probe {
	struct facerec_match m;
	double *scores;				/* persons */
	struct facerec_pos pos[FACEREC_NODES];
	chk_jets jets;
};

struct chk {
	struct facerec_params p;
	unsigned char *album, *probe;	/* persons, probes images */
	long *truth;				/* each probe's person */
	struct facerec_head h;
	struct facerec_pos (*album_pos)[FACEREC_NODES];
	chk_jets *album_jets;
	struct chk_probe *probes;
};

/* Reads facerec.in (it must be of args), its images and truth.txt;
 * anything wrong is a check_fail. */
void chk_read_input(struct chk *c, const struct facerec_args *a);

/* Reads the result file at path; a wrong length or head is a check_fail. */
void chk_read_result(struct chk *c, const char *path);

/* A node whose jet is recomputed: image img (n x n grey levels), pixel
 * (x, y); jet receives the FEATURES magnitudes, bound their tolerance. */
struct chk_sample {
	const unsigned char *img;
	long x, y;
	double jet[FACEREC_FEATURES], bound[FACEREC_FEATURES];
};

/* The Gabor jets of the samples by direct circular convolution of their
 * images with each wavelet sampled on the n x n torus (no FFT); bound[j]
 * is |image| |wavelet| in the 2-norm, what a transform's rounding
 * scales with. */
void chk_direct_jets(long n, struct chk_sample *s, long count);

#endif
