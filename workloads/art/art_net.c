/* art_net.c - sp-art's ART-2 network (art_net.h): the F1 updates, the F2
 * competition with vigilance resets, learning until resonance, and the
 * match of one window, with SPEC 179.art's constants and loop orders (the
 * F2 activities summed down each column of the bottom-up weights). */
#include "art_net.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "art_spec.h"

static void *alloc(size_t size)
{
	void *p = malloc(size);

	if (!p) {
		fprintf(stderr, "sp-art: out of memory\n");
		exit(1);
	}
	return p;
}

void art_net_init(struct art_net *n, long numf1s, int objects)
{
	n->numf1s = numf1s;
	n->numf2s = objects + 1;
	n->f1 = alloc((size_t)numf1s * sizeof(*n->f1));
	for (long i = 0; i < numf1s; i++)
		n->f1[i].I = alloc(ART_TRAINED * sizeof(double));
	n->Y = alloc((size_t)n->numf2s * sizeof(*n->Y));
	n->a = ART_A;
	n->b = ART_B_TRAIN;
	n->c = ART_C;
	n->d = ART_D;
	n->theta = 1.0 / sqrt((double)numf1s);
	n->dt = ART_DT;
	n->rho = ART_RHO_TRAIN;
}

void art_net_alloc_weights(struct art_net *n)
{
	size_t row = (size_t)n->numf2s * sizeof(double);

	n->bus = alloc((size_t)n->numf1s * sizeof(double *));
	n->tds = alloc((size_t)n->numf1s * sizeof(double *));
	for (long i = 0; i < n->numf1s; i++) {
		n->bus[i] = alloc(row);
		n->tds[i] = alloc(row);
	}
}

/* The uncommitted weight, 1 / ((1 - d) sqrt(N)). */
static double w0(const struct art_net *n)
{
	return 1.0 / (1.0 - n->d) / sqrt((double)n->numf1s);
}

static void clear_f1(struct art_net *n)
{
	for (long i = 0; i < n->numf1s; i++) {
		struct f1_neuron *f = &n->f1[i];

		f->W = f->X = f->V = f->U = f->P = f->Q = f->R = 0.0;
	}
}

/* The winner: the first largest activity among the neurons from first
 * on that are not reset (at least one is). */
static void choose(struct art_net *n, int first)
{
	int w = -1;

	for (int j = first; j < n->numf2s; j++)
		if (!n->Y[j].reset && (w < 0 || n->Y[j].y > n->Y[w].y))
			w = j;
	n->winner = w;
}

/* F1's updates once through, then F2's activities and its choice among
 * neurons first..; whether P came out as it went in. */
static int f1_step(struct art_net *n, int first)
{
	struct f1_neuron *f = n->f1;
	long i, nf1 = n->numf1s;
	double norm, xr, qr, p;
	int j, same = 1, w = n->winner;

	norm = 0;
	for (i = 0; i < nf1; i++) {
		f[i].W = f[i].I[n->cp] + n->a * f[i].U;
		norm += f[i].W * f[i].W;
	}
	norm = ART_E + sqrt(norm);
	for (i = 0; i < nf1; i++)
		f[i].X = f[i].W / norm;
	norm = 0;
	for (i = 0; i < nf1; i++) {
		xr = f[i].X < n->theta ? 0 : f[i].X;
		qr = f[i].Q < n->theta ? 0 : f[i].Q;
		f[i].V = xr + n->b * qr;
		norm += f[i].V * f[i].V;
	}
	norm = ART_E + sqrt(norm);
	for (i = 0; i < nf1; i++)
		f[i].U = f[i].V / norm;
	/* P: U plus the top-down pattern of an active winner, g(J) = d */
	norm = 0;
	for (i = 0; i < nf1; i++) {
		p = f[i].U;
		if (w >= first && n->Y[w].y > 0)
			p += n->d * n->tds[i][w];
		if (p != f[i].P)
			same = 0;
		f[i].P = p;
		norm += p * p;
	}
	norm = ART_E + sqrt(norm);
	for (i = 0; i < nf1; i++)
		f[i].Q = f[i].P / norm;
	/* F2: each activity down one column of the bottom-up weights */
	for (j = first; j < n->numf2s; j++) {
		n->Y[j].y = 0;
		if (n->Y[j].reset)
			continue;
		for (i = 0; i < nf1; i++)
			n->Y[j].y += f[i].P * n->bus[i][j];
	}
	choose(n, first);
	return same;
}

static void settle(struct art_net *n, int first)
{
	for (int step = 0; step < ART_F1_STEPS; step++)
		if (f1_step(n, first))
			break;
}

/* Training's vigilance: |R|, R = (U + c P) / (|U| + c |P|). */
static double r_norm(struct art_net *n)
{
	double nu = 0, np = 0, nr = 0, sum;
	long i;

	for (i = 0; i < n->numf1s; i++) {
		nu += n->f1[i].U * n->f1[i].U;
		np += n->f1[i].P * n->f1[i].P;
	}
	sum = ART_E + sqrt(nu) + n->c * sqrt(np);
	for (i = 0; i < n->numf1s; i++) {
		n->f1[i].R = (n->f1[i].U + n->c * n->f1[i].P) / sum;
		nr += n->f1[i].R * n->f1[i].R;
	}
	return sqrt(nr);
}

/* Scanning's vigilance: the squared correlation of U and P over F1. */
static double correlation(const struct art_net *n)
{
	double su = 0, sp = 0, su2 = 0, sp2 = 0, sup = 0, vu, vp, num, den, r;
	double cnt = (double)n->numf1s;

	for (long i = 0; i < n->numf1s; i++) {
		const struct f1_neuron *f = &n->f1[i];

		su += f->U;
		sp += f->P;
		su2 += f->U * f->U;
		sp2 += f->P * f->P;
		sup += f->U * f->P;
	}
	vu = cnt * su2 - su * su;
	vp = cnt * sp2 - sp * sp;
	/* a flat window (SPEC calls it a perfect match) matches nothing */
	if (!(vu > ART_FLAT * cnt * su2) || !(vp > ART_FLAT * cnt * sp2))
		return 0;
	num = cnt * sup - su * sp;
	den = sqrt(vu) * sqrt(vp);
	r = (num + ART_E) / (den + ART_E);
	return r * r;
}

/* The winner's weights a step towards P; whether none moved more than
 * ART_LEARNED (resonance). */
static int learn(struct art_net *n)
{
	int j = n->winner, moved = 0;
	double g = n->Y[j].y > 0 ? n->d : 0, old;
	long i;

	for (i = 0; i < n->numf1s; i++) {
		old = n->tds[i][j];
		n->tds[i][j] += g * (n->f1[i].P - old) * n->dt;
		moved |= fabs(n->tds[i][j] - old) > ART_LEARNED;
	}
	for (i = 0; i < n->numf1s; i++) {
		old = n->bus[i][j];
		n->bus[i][j] += g * (n->f1[i].P - old) * n->dt;
		moved |= fabs(n->bus[i][j] - old) > ART_LEARNED;
	}
	return !moved;
}

/* Resets the winner; whether a neuron from first on is left. */
static int reset_winner(struct art_net *n, int first)
{
	n->Y[n->winner].y = 0;
	n->Y[n->winner].reset = 1;
	for (int j = first; j < n->numf2s; j++)
		if (!n->Y[j].reset)
			return 1;
	return 0;
}

/* One presentation of I[spot]: whether it resonated. */
static int present(struct art_net *n, int spot)
{
	clear_f1(n);
	for (int j = 0; j < n->numf2s; j++)
		n->Y[j].y = n->Y[j].reset = 0;
	n->winner = spot;
	for (;;) {
		settle(n, spot);
		if (r_norm(n) > n->rho)
			return learn(n);
		if (!reset_winner(n, spot))
			return 0;
		choose(n, spot);
	}
}

long art_net_train(struct art_net *n, int spot)
{
	double w = w0(n);

	for (long i = 0; i < n->numf1s; i++) {
		for (int j = spot; j < n->numf2s; j++) {
			n->tds[i][j] = 0.0;
			n->bus[i][j] = w;
		}
	}
	n->cp = spot;
	n->b = ART_B_TRAIN;
	n->dt = ART_DT;
	n->rho = ART_RHO_TRAIN;
	for (long epoch = 1; epoch <= ART_EPOCHS_MAX; epoch++)
		if (present(n, spot))
			return epoch;
	return -1;
}

void art_net_scan_setup(struct art_net *n, uint64_t seed)
{
	int last = n->numf2s - 1;
	double w = w0(n), amp = ART_SIM_NOISE * w0(n), noise;

	/* objects ART_TRAINED.. copy a trained one's weights, with noise */
	for (int j = ART_TRAINED; j < last; j++) {
		for (long i = 0; i < n->numf1s; i++) {
			noise = amp * art_sim_noise(seed, j, i);
			n->tds[i][j] = n->tds[i][j % ART_TRAINED] + noise;
			n->bus[i][j] = n->bus[i][j % ART_TRAINED] + noise;
		}
	}
	for (long i = 0; i < n->numf1s; i++)
		n->tds[i][last] = n->bus[i][last] = w;
	n->cp = 0;
	n->b = ART_B_SCAN;
	n->rho = ART_RHO_SCAN;
}

int art_net_match(struct art_net *n, double *confidence)
{
	for (int j = 0; j < n->numf2s; j++)
		n->Y[j].reset = 0;
	for (;;) {
		clear_f1(n);
		for (int j = 0; j < n->numf2s; j++)
			n->Y[j].y = 0;
		n->winner = 0;
		settle(n, 0);
		*confidence = correlation(n);
		if (*confidence > n->rho)
			return n->winner;
		if (!reset_winner(n, 0))
			return -1;
	}
}
