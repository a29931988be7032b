/* art_check_net.c - sp-art-check's ART-2 network (art_check_net.h),
 * straight from the equations:
 *   W = I + a U           X = W / (e + |W|)
 *   V = f(X) + b f(Q)     U = V / (e + |V|)      f(s) = s >= theta ? s : 0
 *   P = U + d z_J         Q = P / (e + |P|)      (z_J: the winner's top-down
 *                                                 weights, once it is active)
 *   y_j = P . b_j         J = the first largest y_j not reset
 * learning z_J += d dt (P - z_J) and b_J likewise until no weight moves
 * more than ART_LEARNED; vigilance |(U + c P) / (|U| + c |P|)| while
 * learning, the squared correlation of U and P while scanning. */
#include "art_check_net.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "art_spec.h"
#include "check.h"

static double *vec(long n)
{
	double *v = calloc((size_t)n, sizeof(double));

	if (!v)
		check_fail("out of memory");
	return v;
}

static double length(const double *v, long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		s += v[i] * v[i];
	return sqrt(s);
}

static double dot(const double *a, const double *b, long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}

static double f(double s, double theta)
{
	return s < theta ? 0 : s;
}

/* J: the first largest y_j, j >= lo, not reset (one is left). */
static void pick(struct chk_net *c, int lo)
{
	c->win = -1;
	for (int j = lo; j < c->m; j++)
		if (!c->off[j] && (c->win < 0 || c->y[j] > c->y[c->win]))
			c->win = j;
}

/* F1 once through, then the F2 choice among neurons lo..; whether P
 * stayed as it was. */
static int update(struct chk_net *c, int lo)
{
	long n = c->n, i;
	double theta = 1.0 / sqrt((double)n), len, pi;
	const double *z = c->td + (long)c->win * n;
	int active = c->win >= lo && c->y[c->win] > 0, same = 1;

	for (i = 0; i < n; i++)
		c->w[i] = c->in[i] + ART_A * c->u[i];
	len = ART_E + length(c->w, n);
	for (i = 0; i < n; i++)
		c->x[i] = c->w[i] / len;
	for (i = 0; i < n; i++)
		c->v[i] = f(c->x[i], theta) + c->b * f(c->q[i], theta);
	len = ART_E + length(c->v, n);
	for (i = 0; i < n; i++)
		c->u[i] = c->v[i] / len;
	for (i = 0; i < n; i++) {
		pi = active ? c->u[i] + ART_D * z[i] : c->u[i];
		same &= pi == c->p[i];
		c->p[i] = pi;
	}
	len = ART_E + length(c->p, n);
	for (i = 0; i < n; i++)
		c->q[i] = c->p[i] / len;
	for (int j = lo; j < c->m; j++)
		c->y[j] = c->off[j] ? 0 : dot(c->p, c->bu + (long)j * n, n);
	pick(c, lo);
	return same;
}

static void start(struct chk_net *c, int lo)
{
	size_t size = (size_t)c->n * sizeof(double);

	memset(c->w, 0, size);
	memset(c->x, 0, size);
	memset(c->v, 0, size);
	memset(c->u, 0, size);
	memset(c->p, 0, size);
	memset(c->q, 0, size);
	for (int j = 0; j < c->m; j++)
		c->y[j] = 0;
	c->win = lo;
	for (int k = 0; k < ART_F1_STEPS && !update(c, lo); k++)
		;
}

static double vigilance_learning(const struct chk_net *c)
{
	double lu = length(c->u, c->n), lp = length(c->p, c->n), s = 0, r;
	double den = ART_E + lu + ART_C * lp;

	for (long i = 0; i < c->n; i++) {
		r = (c->u[i] + ART_C * c->p[i]) / den;
		s += r * r;
	}
	return sqrt(s);
}

static double vigilance_scanning(const struct chk_net *c)
{
	double n = (double)c->n, su = 0, sp = 0, suu, spp, sup, r;

	for (long i = 0; i < c->n; i++) {
		su += c->u[i];
		sp += c->p[i];
	}
	suu = dot(c->u, c->u, c->n);
	spp = dot(c->p, c->p, c->n);
	sup = dot(c->u, c->p, c->n);
	/* n^2 times the variances: none, no correlation */
	if (!(n * suu - su * su > ART_FLAT * n * suu) ||
	    !(n * spp - sp * sp > ART_FLAT * n * spp))
		return 0;
	r = (n * sup - su * sp + ART_E) /
	    (sqrt(n * suu - su * su) * sqrt(n * spp - sp * sp) + ART_E);
	return r * r;
}

/* Moves neuron J's weights towards P; whether they have settled. */
static int learn(struct chk_net *c)
{
	double *z = c->td + (long)c->win * c->n, *b = c->bu + (long)c->win * c->n;
	double g = c->y[c->win] > 0 ? ART_D : 0, step;
	int settled = 1;

	for (long i = 0; i < c->n; i++) {
		step = z[i] + g * (c->p[i] - z[i]) * ART_DT;
		settled &= fabs(step - z[i]) <= ART_LEARNED;
		z[i] = step;
	}
	for (long i = 0; i < c->n; i++) {
		step = b[i] + g * (c->p[i] - b[i]) * ART_DT;
		settled &= fabs(step - b[i]) <= ART_LEARNED;
		b[i] = step;
	}
	return settled;
}

/* Learns image k into neuron k (the first free one). */
static int train(struct chk_net *c, int k, const unsigned char *img)
{
	double w0 = 1.0 / (1.0 - ART_D) / sqrt((double)c->n);
	int j, left;

	for (long i = 0; i < c->n; i++)
		c->in[i] = img[i];
	for (j = k; j < c->m; j++) {
		for (long i = 0; i < c->n; i++) {
			c->td[(long)j * c->n + i] = 0;
			c->bu[(long)j * c->n + i] = w0;
		}
	}
	c->b = ART_B_TRAIN;
	c->rho = ART_RHO_TRAIN;
	for (long epoch = 0; epoch < ART_EPOCHS_MAX; epoch++) {
		memset(c->off, 0, (size_t)c->m * sizeof(int));
		start(c, k);
		for (;;) {
			if (vigilance_learning(c) > c->rho) {
				if (learn(c))
					return 0;
				break;
			}
			c->y[c->win] = 0;
			c->off[c->win] = 1;
			for (left = 0, j = k; j < c->m; j++)
				left |= !c->off[j];
			if (!left)
				break;
			pick(c, k);
			for (int s = 0; s < ART_F1_STEPS && !update(c, k); s++)
				;
		}
	}
	return -1;
}

int chk_net_make(struct chk_net *c, long n, int objects,
		 const unsigned char *train1, const unsigned char *train2,
		 uint64_t seed)
{
	double w0 = 1.0 / (1.0 - ART_D) / sqrt((double)n), noise;
	int last = objects;

	c->n = n;
	c->m = objects + 1;
	c->in = vec(n);
	c->w = vec(n);
	c->x = vec(n);
	c->v = vec(n);
	c->u = vec(n);
	c->p = vec(n);
	c->q = vec(n);
	c->td = vec(n * c->m);
	c->bu = vec(n * c->m);
	c->y = vec(c->m);
	c->off = calloc((size_t)c->m, sizeof(int));
	if (!c->off)
		check_fail("out of memory");
	if (train(c, 0, train1) || train(c, 1, train2))
		return -1;
	for (int j = ART_TRAINED; j < last; j++) {
		for (long i = 0; i < n; i++) {
			noise = ART_SIM_NOISE * w0 * art_sim_noise(seed, j, i);
			c->td[(long)j * n + i] =
				c->td[(long)(j % ART_TRAINED) * n + i] + noise;
			c->bu[(long)j * n + i] =
				c->bu[(long)(j % ART_TRAINED) * n + i] + noise;
		}
	}
	for (long i = 0; i < n; i++)
		c->td[(long)last * n + i] = c->bu[(long)last * n + i] = w0;
	c->b = ART_B_SCAN;
	c->rho = ART_RHO_SCAN;
	return 0;
}

int chk_net_match(struct chk_net *c, const unsigned char *scene, long width,
		  long side, long x0, long y0, double *confidence)
{
	int left;

	for (long yy = 0; yy < side; yy++)
		for (long xx = 0; xx < side; xx++)
			c->in[yy * side + xx] = scene[(y0 + yy) * width + x0 + xx];
	memset(c->off, 0, (size_t)c->m * sizeof(int));
	for (;;) {
		start(c, 0);
		*confidence = vigilance_scanning(c);
		if (*confidence > c->rho)
			return c->win;
		c->off[c->win] = 1;
		for (left = 0, c->win = 0; c->win < c->m; c->win++)
			left |= !c->off[c->win];
		if (!left)
			return -1;
	}
}
