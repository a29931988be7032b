/* eon_check_prims.c - where a ray meets each of sp-eon-check's primitives,
 * in the arithmetic eon_spec.h gives for sphere, rect and box. */
#include <math.h>

#include "eon_check.h"

static double dot(const double a[3], const double b[3])
{
	return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static int sphere(const double *v, const double o[3], const double d[3],
		  double *t)
{
	double f[3] = { o[0] - v[0], o[1] - v[1], o[2] - v[2] };
	double b = dot(f, d);
	double q = dot(f, f) - v[3] * v[3];
	double disc = b * b - q, s;

	if (disc < 0)
		return 0;
	s = sqrt(disc);
	*t = -b - s;
	if (!(*t > EON_EPS))
		*t = -b + s;
	return *t > EON_EPS;
}

static int rect(int a, double k, double u0, double u1, double v0, double v1,
		const double o[3], const double d[3], double *t)
{
	int u = (a + 1) % 3, v = (a + 2) % 3;
	double pu, pv;

	if (d[a] == 0)
		return 0;
	*t = (k - o[a]) / d[a];
	if (!(*t > EON_EPS))
		return 0;
	pu = o[u] + d[u] * *t;
	pv = o[v] + d[v] * *t;
	return !(pu < u0 || pu > u1 || pv < v0 || pv > v1);
}

static int box(const double *lo, const double *hi, const double o[3],
	       const double d[3], double *t, int *face)
{
	int found = 0;
	double s;

	for (int a = 0; a < 3; a++) {
		int u = (a + 1) % 3, v = (a + 2) % 3;

		if (rect(a, lo[a], lo[u], hi[u], lo[v], hi[v], o, d, &s) &&
		    (!found || s < *t)) {
			*t = s;
			*face = a;
			found = 1;
		}
		if (rect(a, hi[a], lo[u], hi[u], lo[v], hi[v], o, d, &s) &&
		    (!found || s < *t)) {
			*t = s;
			*face = a;
			found = 1;
		}
	}
	return found;
}

int ck_prim_hit(const struct ck_prim *p, const double o[3],
		const double d[3], double *t, int *face)
{
	const double *v = p->v;

	*face = p->axis;
	switch (p->type) {
	case CK_SPHERE:
		return sphere(v, o, d, t);
	case CK_RECT:
		return rect(p->axis, v[0], v[1], v[2], v[3], v[4], o, d, t);
	default:
		return box(v, v + 3, o, d, t, face);
	}
}
