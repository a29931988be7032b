/* ammp_load.c - sp-ammp's reading of ammp.in into its structures: each
 * atom malloc'd as it is read and linked at the tail of the atom list,
 * each bond and angle likewise into its own list, and the pairs they join
 * (1-2 and 1-3) entered in both atoms' exclusion arrays. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ammp.h"

static void params(void *ctx, const struct ammp_params *p)
{
	struct sys *s = ctx;
	double reach = p->cutoff + p->skin;

	s->p = *p;
	if (p->box < 2.0 * reach) {
		s->error = "the box is smaller than twice cutoff + skin";
		return;
	}
	s->ncell = (long)(p->box / reach);
	if (s->ncell < 3)
		s->ncell = 1;
	s->serial = calloc((size_t)p->atoms, sizeof(*s->serial));
	s->cells = malloc((size_t)(s->ncell * s->ncell * s->ncell) *
			  sizeof(*s->cells));
	if (!s->serial || !s->cells)
		s->error = "out of memory";
}

static void exclude(struct sys *s, struct atom *a, struct atom *b)
{
	for (int k = 0; k < a->nexcluded; k++)
		if (a->excluded[k] == b)
			return;
	if (a->nexcluded == AMMP_NEXCLUDE || b->nexcluded == AMMP_NEXCLUDE) {
		s->error = "an atom has too many bonded partners";
		return;
	}
	a->excluded[a->nexcluded++] = b;
	b->excluded[b->nexcluded++] = a;
}

static void atom(void *ctx, const struct ammp_atom_rec *r)
{
	struct sys *s = ctx;
	struct atom *a;

	if (s->error)
		return;
	a = malloc(sizeof(*a));
	if (!a) {
		s->error = "out of memory";
		return;
	}
	memset(a, 0, offsetof(struct atom, excluded));
	a->x = r->x[0];
	a->y = r->x[1];
	a->z = r->x[2];
	a->vx = r->v[0];
	a->vy = r->v[1];
	a->vz = r->v[2];
	a->q = r->q;
	a->a = r->a;
	a->b = r->b;
	a->mass = r->mass;
	a->serial = r->serial;
	if (s->last)
		s->last->next = a;
	else
		s->first = a;
	s->last = a;
	s->serial[s->natoms++] = a;
}

static void bond(void *ctx, const struct ammp_bond_rec *r)
{
	struct sys *s = ctx;
	struct bond *b;

	if (s->error)
		return;
	b = malloc(sizeof(*b));
	if (!b) {
		s->error = "out of memory";
		return;
	}
	b->i = s->serial[r->i];
	b->j = s->serial[r->j];
	b->r0 = r->r0;
	b->k = r->k;
	b->next = NULL;
	*s->bond_tail = b;
	s->bond_tail = &b->next;
	exclude(s, b->i, b->j);
}

static void angle(void *ctx, const struct ammp_angle_rec *r)
{
	struct sys *s = ctx;
	struct angle *g;

	if (s->error)
		return;
	g = malloc(sizeof(*g));
	if (!g) {
		s->error = "out of memory";
		return;
	}
	g->i = s->serial[r->i];
	g->j = s->serial[r->j];
	g->k = s->serial[r->k];
	g->c0 = r->c0;
	g->kc = r->kc;
	g->next = NULL;
	*s->angle_tail = g;
	s->angle_tail = &g->next;
	exclude(s, g->i, g->j);
	exclude(s, g->j, g->k);
	exclude(s, g->i, g->k);
}

const char *ammp_load(struct sys *s, FILE *f)
{
	const struct ammp_sink sink = { atom, bond, angle, s };
	struct ammp_params p;
	const char *e;

	memset(s, 0, sizeof(*s));
	s->bond_tail = &s->bonds;
	s->angle_tail = &s->angles;
	e = ammp_read_input(f, &p, params, &sink);
	return e ? e : s->error;
}
