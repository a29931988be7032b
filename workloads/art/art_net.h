/* art_net.h - sp-art's ART-2 network, in SPEC 179.art's data structures:
 * the F1 layer an array of neuron structs (input, W, X, V, U, P, Q, R),
 * the F2 layer an array of (activity, reset) pairs, and the top-down and
 * bottom-up weights as arrays of pointers to one malloc'd row per F1
 * neuron, a weight for each F2 neuron in it. */
#ifndef SP_ART_NET_H
#define SP_ART_NET_H

#include <stdint.h>

struct f1_neuron {
	double *I;	/* [0]: object 1, then the scanned window; [1]: object 2 */
	double W, X, V, U, P, Q, R;
};

struct f2_neuron {
	double y;
	int reset;
};

struct art_net {
	long numf1s;
	int numf2s;		/* the objects, then the default neuron */
	struct f1_neuron *f1;
	struct f2_neuron *Y;
	double **tds;		/* tds[i][j]: F2 neuron j to F1 neuron i */
	double **bus;		/* bus[i][j]: F1 neuron i to F2 neuron j */
	int winner;
	int cp;			/* the input F1 reads: I[cp] */
	double a, b, c, d, theta, dt, rho;
};

/* The F1 and F2 layers for numf1s inputs and objects F2 neurons (plus
 * the default); exits 1 when out of memory. */
void art_net_init(struct art_net *n, long numf1s, int objects);

/* The weight matrices, row after row (exits 1 when out of memory). */
void art_net_alloc_weights(struct art_net *n);

/* Trains F2 neurons spot.. on input I[spot] until its weights stop
 * moving; the presentations it took, or -1 when it never resonates. */
long art_net_train(struct art_net *n, int spot);

/* After training: the weights of the simulated objects (the trained
 * ones' plus the seed's noise) and of the default neuron, and the
 * scanning constants. */
void art_net_scan_setup(struct art_net *n, uint64_t seed);

/* Recognises the window in I[0]: the F2 neuron that passed vigilance
 * (numf2s - 1, the default, when no object did) and the correlation of
 * U and P it passed with in *confidence; -1 when every neuron was reset. */
int art_net_match(struct art_net *n, double *confidence);

#endif
