/* art_check_net.h - sp-art-check's own ART-2 network: the same equations
 * as sp-art's, written again over flat arrays (one vector per F1
 * quantity, one weight vector per F2 neuron) rather than SPEC's structs
 * and row pointers, so that a confidence sp-art reports is recomputed by
 * code it does not share. */
#ifndef SP_ART_CHECK_NET_H
#define SP_ART_CHECK_NET_H

#include <stdint.h>

struct chk_net {
	long n;			/* F1 inputs */
	int m;			/* F2 neurons: the objects, then the default */
	double *in;		/* the F1 input now */
	double *w, *x, *v, *u, *p, *q;
	double *td, *bu;	/* neuron j's weights at [j * n], n of them */
	double *y;
	int *off;		/* reset by vigilance */
	int win;
	double b, rho;
};

/* A network for n inputs and objects F2 neurons, plus the default, with
 * the two training images (n pixels each) learnt and the simulated
 * objects' weights made from the seed: 0, or -1 when a training never
 * resonated. */
int chk_net_make(struct chk_net *c, long n, int objects,
		 const unsigned char *train1, const unsigned char *train2,
		 uint64_t seed);

/* The window of side x side pixels at (x0, y0) of a scene width pixels
 * wide: the F2 neuron that passed vigilance (-1: none did) and its
 * confidence, the squared U-P correlation. */
int chk_net_match(struct chk_net *c, const unsigned char *scene, long width,
		  long side, long x0, long y0, double *confidence);

#endif
