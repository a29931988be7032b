/* sixtrack_ref.c - sp-sixtrack-check's tracker (sixtrack_ref.h): the
 * kicks, drifts and aperture of sixtrack_spec.h, on one particle. */
#include "sixtrack_ref.h"

#include <math.h>
#include <stdlib.h>

/* The seeded error of order n (from 1) on an element whose main field at
 * r0 is main_r0, for rms u (sixtrack_spec.h's formula). */
static double error(const struct sixtrack_input *in, double main_r0,
		    double u, long entry, int n, int skew)
{
	double rn = 1;

	for (int k = 1; k < n; k++)
		rn *= in->r0;
	return main_r0 * u * 1e-4 * sixtrack_gauss(in->seed, entry, n, skew) /
	       rn;
}

static void set_element(struct ref_element *e,
			const struct sixtrack_input *in,
			const struct sixtrack_element *el, long entry)
{
	double main_r0;

	for (int n = 0; n < SIXTRACK_MMUL; n++)
		e->b[n] = e->a[n] = 0;
	if (el->bend) {
		e->kind = REF_BEND;
		e->theta = el->coef;
		e->h = el->h;
		main_r0 = el->coef;
	} else {
		double rm = 1;

		e->kind = REF_MULT;
		e->theta = e->h = 0;
		e->b[el->order - 1] = el->coef;
		for (int k = 1; k < el->order; k++)
			rm *= in->r0;
		main_r0 = fabs(el->coef) * rm;
	}
	if (el->has_err)
		for (int n = 1; n <= SIXTRACK_MMUL; n++) {
			if (el->erb[n - 1] != 0)
				e->b[n - 1] += error(in, main_r0,
						     el->erb[n - 1], entry, n, 0);
			if (el->era[n - 1] != 0)
				e->a[n - 1] += error(in, main_r0,
						     el->era[n - 1], entry, n, 1);
		}
	e->nmz = 0;
	for (int n = SIXTRACK_MMUL; n >= 1; n--)
		if (e->b[n - 1] != 0 || e->a[n - 1] != 0) {
			e->nmz = n;
			break;
		}
}

int ref_ring_build(struct ref_ring *r, const struct sixtrack_input *in)
{
	long i = 0;

	r->n = in->cells * in->ncel + 1;
	r->el = calloc((size_t)r->n, sizeof(*r->el));
	if (!r->el)
		return -1;
	r->aperx = in->aperx;
	r->apery = in->apery;
	for (long c = 0; c < in->cells; c++)
		for (long k = 0; k < in->ncel; k++, i++) {
			set_element(&r->el[i], in, &in->ele[in->icel[k]],
				    i + 1);
			r->el[i].drift = in->dcel[k];
		}
	r->el[i].kind = REF_CAVITY;
	r->el[i].theta = in->rfv;
	r->el[i].h = in->rfk;
	return 0;
}

void ref_ring_free(struct ref_ring *r)
{
	free(r->el);
	r->el = NULL;
}

/* F = sum (b_n + i a_n) w^(n-1) by Horner: px -= Re F, py += Im F. */
static void multipole(const struct ref_element *e, double c[6])
{
	double x = c[0], y = c[2], fr, fi;

	if (!e->nmz)
		return;
	fr = e->b[e->nmz - 1];
	fi = e->a[e->nmz - 1];
	for (int n = e->nmz - 1; n >= 1; n--) {
		double t = fr * x - fi * y + e->b[n - 1];

		fi = fr * y + fi * x + e->a[n - 1];
		fr = t;
	}
	c[1] -= fr;
	c[3] += fi;
}

void ref_turn(const struct ref_ring *r, double c[6])
{
	/* 1 / (1 + delta), which only the cavity changes */
	double oid = 1.0 / (1.0 + c[5]);

	for (long i = 0; i < r->n; i++) {
		const struct ref_element *e = &r->el[i];

		switch (e->kind) {
		case REF_BEND: {
			double x = c[0];

			c[1] = c[1] + e->theta * c[5] - e->theta * e->h * x;
			c[4] -= e->theta * x;
			multipole(e, c);
			break;
		}
		case REF_MULT:
			multipole(e, c);
			break;
		case REF_CAVITY:
			c[5] += e->theta * sin(e->h * c[4]);
			oid = 1.0 / (1.0 + c[5]);
			break;
		}
		if (e->drift > 0) {
			double xp = c[1] * oid, yp = c[3] * oid;

			c[0] += e->drift * xp;
			c[2] += e->drift * yp;
			c[4] -= e->drift * 0.5 * (xp * xp + yp * yp);
		}
	}
}

int ref_inside(const struct ref_ring *r, const double c[6])
{
	return fabs(c[0]) <= r->aperx && fabs(c[2]) <= r->apery;
}

long ref_track(const struct ref_ring *r, double c[6], long turns,
	       void (*each)(long k, const double c[6], void *ctx), void *ctx)
{
	for (long k = 1; k <= turns; k++) {
		ref_turn(r, c);
		if (!ref_inside(r, c))
			return k;
		if (each)
			each(k, c, ctx);
	}
	return 0;
}
