/* knees.c - the knee finder of sptlbprobe: a curve is cut into plateaus
 * (runs of at least min_points points that all lie within a tolerance of
 * their median, the tolerance following the curve's median noise) and the points between them; a rise from one plateau to the
 * next is a knee only when it is at least twice the tolerance, the curve
 * climbs across it at least twice as fast per point as the plateaus on
 * either side do (their least-squares slopes: a steady climb cut into
 * plateaus is not a knee), and it happens within max_ramp (a factor in N).
 * Rises within merge (a factor in N) of the last knee are part of it:
 * distinct TLB levels lie much further apart.  Anything else is not a knee. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "knees.h"

#define FLANK 8

struct knee_params knees_default_params(void)
{
	struct knee_params p = {
		.rel = 0.08, .abs_ns = 0.3, .noise_k = 3.0, .min_points = 3,
		.max_ramp = 2.5, .merge = 4.0, .scale = 0.0,
	};
	return p;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(const double *v, int count)
{
	double s[count];

	memcpy(s, v, sizeof(double) * count);
	qsort(s, count, sizeof(double), cmp_double);
	return count % 2 ? s[count / 2] : (s[count / 2 - 1] + s[count / 2]) / 2;
}

double knees_tolerance(const struct knee_params *p, double noise, double level)
{
	double scale = p->scale > 0 ? p->scale : fabs(level);
	double tol = p->rel * scale;

	if (tol < p->abs_ns)
		tol = p->abs_ns;
	if (tol < p->noise_k * noise)
		tol = p->noise_k * noise;
	return tol;
}

static int fits(const double *y, int first, int last, const struct knee_params *p,
		double noise, double *level)
{
	double m = median(y + first, last - first + 1);
	double tol = knees_tolerance(p, noise, m);

	for (int i = first; i <= last; i++)
		if (fabs(y[i] - m) > tol)
			return 0;
	*level = m;
	return 1;
}

static void find_plateaus(const double *y, int count, const struct knee_params *p,
			  struct knee_result *r)
{
	int i = 0;

	while (i < count && r->nplateaus < KNEES_MAX_PLATEAUS) {
		double level = y[i], next;
		int last = i;

		while (last + 1 < count && fits(y, i, last + 1, p, r->noise, &next)) {
			last++;
			level = next;
		}
		if (last - i + 1 >= p->min_points) {
			r->plateaus[r->nplateaus++] = (struct plateau){ i, last, level };
			i = last + 1;
		} else {
			i++;
		}
	}
}

/* The least-squares slope, per point, of y[first..last]. */
static double slope(const double *y, int first, int last)
{
	double count = last - first + 1, mx = (first + last) / 2.0, my = 0, sxy = 0, sxx = 0;

	for (int i = first; i <= last; i++)
		my += y[i] / count;
	for (int i = first; i <= last; i++) {
		sxy += (i - mx) * (y[i] - my);
		sxx += (i - mx) * (i - mx);
	}
	return sxx > 0 ? sxy / sxx : 0;
}

/* How much faster the curve climbs from a to b than within a and b (up to
 * FLANK points of each, nearest the rise), per point. */
static double steepness(const double *y, const struct plateau *a, const struct plateau *b)
{
	int a_first = a->last - FLANK + 1 > a->first ? a->last - FLANK + 1 : a->first;
	int b_last = b->first + FLANK - 1 < b->last ? b->first + FLANK - 1 : b->last;
	double sa = fabs(slope(y, a_first, a->last)), sb = fabs(slope(y, b->first, b_last));
	double flank = sa > sb ? sa : sb;
	double across = (y[b->first] - y[a->last]) / (b->first - a->last);

	return flank > 0 ? across / flank : across > 0 ? INFINITY : 0;
}

int knees_find(const double *n, const double *y, const double *noise, int count,
	       const struct knee_params *p, struct knee_result *r)
{
	memset(r, 0, sizeof(*r));
	if (count <= 0)
		return 0;
	r->noise = noise ? median(noise, count) : 0;
	find_plateaus(y, count, p, r);
	for (int k = 0; k + 1 < r->nplateaus; k++) {
		const struct plateau *a = &r->plateaus[k], *b = &r->plateaus[k + 1];
		double rise = b->level - a->level;
		double tol = knees_tolerance(p, r->noise, a->level);
		struct knee *prev = r->nknees ? &r->knees[r->nknees - 1] : NULL;

		if (rise < 2 * tol || steepness(y, a, b) < 2 ||
		    n[b->first] / n[a->last] > p->max_ramp) {
			r->unclear += fabs(rise) >= 2 * tol;
		} else if (prev && n[b->first] / prev->entries <= p->merge) {
			prev->after = b->level;   /* one ramp seen as two steps */
			prev->upper = k + 1;
		} else if (r->nknees < KNEES_MAX) {
			r->knees[r->nknees++] = (struct knee){
				n[a->last], n[a->last + 1], a->level, b->level, k, k + 1 };
		}
	}
	return r->nknees;
}
