/* ammp_check_read.c - sp-ammp-check's reading of ammp.in into plain
 * arrays (ammp_check.h), and the excluded pairs (the 1-2 and 1-3 pairs of
 * bonds and angles) as a sorted list of partners per atom. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ammp_check.h"
#include "check.h"

struct reader {
	struct chk_sys *s;
	long bond_cap, angle_cap;
};

static void *alloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		check_fail("out of memory");
	return p;
}

static void params(void *ctx, const struct ammp_params *p)
{
	struct chk_sys *s = ((struct reader *)ctx)->s;
	size_t n = (size_t)p->atoms;

	s->p = *p;
	s->x = alloc(3 * n, sizeof(double));
	s->v = alloc(3 * n, sizeof(double));
	s->wrapped = alloc(3 * n, sizeof(double));
	s->q = alloc(n, sizeof(double));
	s->a = alloc(n, sizeof(double));
	s->b = alloc(n, sizeof(double));
	s->m = alloc(n, sizeof(double));
}

static void atom(void *ctx, const struct ammp_atom_rec *r)
{
	struct chk_sys *s = ((struct reader *)ctx)->s;
	long i = r->serial;

	for (int d = 0; d < 3; d++) {
		s->x[3 * i + d] = r->x[d];
		s->v[3 * i + d] = r->v[d];
	}
	s->q[i] = r->q;
	s->a[i] = r->a;
	s->b[i] = r->b;
	s->m[i] = r->mass;
	s->n = i + 1;
}

static void *grow(void *p, long *cap, size_t size)
{
	*cap = *cap ? 2 * *cap : 1024;
	p = realloc(p, (size_t)*cap * size);
	if (!p)
		check_fail("out of memory");
	return p;
}

static void bond(void *ctx, const struct ammp_bond_rec *r)
{
	struct reader *rd = ctx;
	struct chk_sys *s = rd->s;

	if (s->nbonds == rd->bond_cap)
		s->bonds = grow(s->bonds, &rd->bond_cap, sizeof(*s->bonds));
	s->bonds[s->nbonds++] = *r;
}

static void angle(void *ctx, const struct ammp_angle_rec *r)
{
	struct reader *rd = ctx;
	struct chk_sys *s = rd->s;

	if (s->nangles == rd->angle_cap)
		s->angles = grow(s->angles, &rd->angle_cap, sizeof(*s->angles));
	s->angles[s->nangles++] = *r;
}

static int by_value(const void *x, const void *y)
{
	long a = *(const long *)x, b = *(const long *)y;

	return (a > b) - (a < b);
}

/* Calls pair(s, i, j, arg) for both orders of every excluded pair. */
static void each_pair(struct chk_sys *s, void (*pair)(struct chk_sys *,
						     long, long, long *),
		      long *arg)
{
	for (long k = 0; k < s->nbonds; k++) {
		pair(s, s->bonds[k].i, s->bonds[k].j, arg);
		pair(s, s->bonds[k].j, s->bonds[k].i, arg);
	}
	for (long k = 0; k < s->nangles; k++) {
		const struct ammp_angle_rec *g = &s->angles[k];
		long t[3][2] = { { g->i, g->j }, { g->j, g->k }, { g->i, g->k } };

		for (int e = 0; e < 3; e++) {
			pair(s, t[e][0], t[e][1], arg);
			pair(s, t[e][1], t[e][0], arg);
		}
	}
}

static void count(struct chk_sys *s, long i, long j, long *fill)
{
	(void)j;
	(void)fill;
	s->ex_start[i + 1]++;
}

static void place(struct chk_sys *s, long i, long j, long *fill)
{
	s->ex[fill[i]++] = j;
}

static void exclusions(struct chk_sys *s)
{
	long n = s->n, *fill, out = 0;

	s->ex_start = alloc((size_t)n + 1, sizeof(long));
	each_pair(s, count, NULL);
	for (long i = 0; i < n; i++)
		s->ex_start[i + 1] += s->ex_start[i];
	s->ex = alloc((size_t)s->ex_start[n], sizeof(long));
	fill = alloc((size_t)n, sizeof(long));
	memcpy(fill, s->ex_start, (size_t)n * sizeof(long));
	each_pair(s, place, fill);
	/* sort each atom's partners and drop repeats, in place */
	for (long i = 0; i < n; i++) {
		long lo = s->ex_start[i], hi = s->ex_start[i + 1];

		qsort(s->ex + lo, (size_t)(hi - lo), sizeof(long), by_value);
		s->ex_start[i] = out;
		for (long k = lo; k < hi; k++)
			if (k == lo || s->ex[k] != s->ex[k - 1])
				s->ex[out++] = s->ex[k];
	}
	s->ex_start[n] = out;
	free(fill);
}

void chk_read_input(struct chk_sys *s, const char *path)
{
	struct reader rd = { s, 0, 0 };
	const struct ammp_sink sink = { atom, bond, angle, &rd };
	struct ammp_params p;
	const char *e;
	FILE *f;

	memset(s, 0, sizeof(*s));
	f = fopen(path, "r");
	if (!f)
		check_fail("cannot open the input %s: %s", path,
			   strerror(errno));
	e = ammp_read_input(f, &p, params, &sink);
	fclose(f);
	if (e)
		check_fail("%s: %s", path, e);
	if (p.box < 2.0 * (p.cutoff + p.skin))
		check_fail("%s: the box is smaller than twice cutoff + skin",
			   path);
	exclusions(s);
}
